import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useDictionary } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';
import { hi } from '@/lib/i18n/hi';
import { CARD_DESCRIPTION_CHARS } from '@/lib/landing';
import type { Plant } from '@/types/api';
import { PlantCard } from './plant-card';

/** The server's `card` view of a description (`card_description` in domain/catalogue.rs). */
function cardView(text: string): string {
  const chars = [...text];
  return chars.length <= CARD_DESCRIPTION_CHARS ? text : `${chars.slice(0, CARD_DESCRIPTION_CHARS).join('')}…`;
}

const PLANT: Plant = {
  _id: 'p1',
  plantId: 'PL-1001',
  name: 'Adenium',
  nameHi: 'एडेनियम',
  description: '',
  descriptionHi: null,
  care: null,
  image: null,
  thumbnail: null,
  price: 549,
  originalPrice: null,
  stock: 5,
  categories: ['Succulents'],
  rating: 4.5,
  reviewCount: 2,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
};

function shownDescription(plant: Plant): string | null {
  const { container, unmount } = render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <PlantCard plant={plant} saved={false} heartBusy={false} heartError={null} />
    </MemoryRouter>,
  );
  const text = container.querySelector('.pcard__desc')?.textContent ?? null;
  unmount();
  return text;
}

const ENGLISH =
  'Adenium obesum, the desert rose, a succulent shrub with a swollen base (caudex), glossy leaves and pink trumpet-shaped flowers. Needs full sun.';
const HINDI =
  'एडेनियम (डेज़र्ट रोज़), मोटे फूले हुए तने वाली रसीली झाड़ी, जिसकी चमकदार पत्तियाँ और गुलाबी तुरही जैसे फूल होते हैं। पूरी धूप और बहुत जल्दी पानी निकालने वाली मिट्टी चाहिए।';

describe("a catalogue card from the list's card view", () => {
  afterEach(() => act(() => useDictionary('en', en)));

  it.each([
    ['English', 'en', ENGLISH, HINDI],
    ['Hindi', 'hi', ENGLISH, HINDI],
    ['Hindi falling back to English', 'hi', ENGLISH, null],
    ['spaces where the card cuts', 'en', `${'a'.repeat(97)}      more words after the cut`, null],
    ['characters outside the BMP', 'hi', ENGLISH, '🌱'.repeat(120)],
    ['a short text', 'en', 'A small succulent.', 'एक छोटा रसीला पौधा।'],
  ] as const)('shows the same text as from the whole plant (%s)', (_, lang, description, descriptionHi) => {
    act(() => (lang === 'hi' ? useDictionary('hi', hi) : useDictionary('en', en)));
    const whole = { ...PLANT, description, descriptionHi };
    const card = { ...whole, description: cardView(description), descriptionHi: descriptionHi && cardView(descriptionHi) };
    const shown = shownDescription(whole);
    expect(shown).toBeTruthy();
    expect(shownDescription(card)).toBe(shown);
  });

  it("cuts descriptions where the server's card view does", () => {
    // Tests run from web/ (npm test).
    const rust = readFileSync(join(process.cwd(), '../server/src/domain/catalogue.rs'), 'utf8');
    expect(/pub const CARD_DESCRIPTION_CHARS: usize = (\d+);/.exec(rust)?.[1]).toBe(String(CARD_DESCRIPTION_CHARS));
  });
});
