import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDictionary } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';
import { hi } from '@/lib/i18n/hi';
import type { Care } from '@/types/api';
import { CareBadges, CareIcons } from './care';

const MONEY_PLANT: Care = { light: 'low', water: 'medium', difficulty: 'easy', petSafe: false, childSafe: false };

describe('care at a glance', () => {
  afterEach(() => act(() => useDictionary('en', en)));

  it('the plant page names all five facts in words, warnings marked', () => {
    render(<CareBadges care={MONEY_PLANT} />);
    const badges = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(badges).toEqual(['Low light', 'Water weekly', 'Easy care', 'Toxic to pets', 'Keep from children']);
    expect(screen.getByText('Toxic to pets').closest('li')).toHaveClass('is-warn');
    expect(screen.getByText('Low light').closest('li')).not.toHaveClass('is-warn');
    expect(screen.getByRole('region', { name: 'Care at a glance' })).toBeInTheDocument();
  });

  it('cards show icons whose words are there for screen readers', () => {
    render(<CareIcons care={{ ...MONEY_PLANT, light: 'bright-indirect', petSafe: true }} />);
    const line = screen.getByTestId('care-icons');
    expect(line).toHaveTextContent('Care at a glance: Bright indirect light, Water weekly, Safe for pets');
    expect(line.querySelectorAll('svg')).toHaveLength(3);
  });

  it('unknown care shows nothing', () => {
    const { container } = render(
      <>
        <CareBadges care={null} />
        <CareIcons care={undefined} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Hindi in Hindi mode', () => {
    act(() => useDictionary('hi', hi));
    render(<CareBadges care={MONEY_PLANT} />);
    expect(screen.getByText('पालतू जानवरों के लिए ज़हरीला')).toBeInTheDocument();
  });
});
