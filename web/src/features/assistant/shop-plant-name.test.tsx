import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useDictionary } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';
import { hi } from '@/lib/i18n/hi';
import { json, stubFetch } from '@/testing/fetch';
import { Markup } from './markup';

const SHOP_LINE = '- **Tulsi**: ₹149 (12 in stock): /plant/p-tulsi';

function renderReply() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Markup text={SHOP_LINE} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("assistant's plant links", () => {
  afterEach(() => act(() => useDictionary('en', en)));

  it('show the Hindi name in Hindi mode, read from the catalogue', async () => {
    act(() => useDictionary('hi', hi));
    const fetchMock = stubFetch(() => json({ success: true, plant: { _id: 'p-tulsi', name: 'Tulsi', nameHi: 'तुलसी', description: 'x' } }));
    renderReply();
    expect(await screen.findByRole('link', { name: 'तुलसी' })).toHaveAttribute('href', '/plant/p-tulsi');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/plants/p-tulsi');
  });

  it('keep the English name in English mode (no request) and when the plant has no Hindi name', async () => {
    const fetchMock = stubFetch(() => json({ success: true, plant: { _id: 'p-tulsi', name: 'Tulsi', nameHi: null, description: 'x' } }));
    const { unmount } = renderReply();
    expect(screen.getByRole('link', { name: 'Tulsi' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    act(() => useDictionary('hi', hi));
    renderReply();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Tulsi' })).toBeInTheDocument();
  });
});
