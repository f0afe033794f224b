import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '@/lib/i18n/en';
import { hi } from '@/lib/i18n/hi';
import { useDictionary } from '@/lib/i18n';
import { json, stubFetch } from '@/testing/fetch';
import type { Suggestion } from '@/types/api';
import { SearchCombobox } from './search-combobox';

const SNAKE: Suggestion = { _id: 'p-snake', plantId: 'PL-1001', name: 'Snake Plant', nameHi: 'स्नेक प्लांट', image: '/media/snake.webp', price: 299 };
const MONEY: Suggestion = { _id: 'p-money', plantId: 'PL-1002', name: 'Money Plant', nameHi: 'मनी प्लांट', image: null, price: 199 };
const TULSI: Suggestion = { _id: 'p-tulsi', plantId: 'PL-1003', name: 'Tulsi', nameHi: 'तुलसी', image: null, price: 149 };

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{pathname + search}</span>;
}

function renderBox(onEscape?: () => void) {
  return render(
    <MemoryRouter initialEntries={['/']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <SearchCombobox variant="desktop" onEscape={onEscape} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Answers /api/plants/suggest from a table of queries. */
function serve(answers: Record<string, Suggestion[]>) {
  return stubFetch((url) => {
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    return json({ success: true, suggestions: answers[q] ?? [] });
  });
}

const input = () => screen.getByRole('combobox');
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(input(), { key: k });

describe('header search combobox', () => {
  afterEach(() => act(() => useDictionary('en', en)));

  it('suggests as you type and is closed until there is something to show', async () => {
    const fetchMock = serve({ 'snak plant': [SNAKE, MONEY] });
    renderBox();
    const box = input();
    expect(box).toHaveAccessibleName('Search plants');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    fireEvent.focus(box);
    type('snak plant');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Snake Plant₹299', 'Money Plant₹199']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/plants/suggest?q=snak+plant');
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions');
  });

  it('moves through the options with the arrows (wrapping) and opens the active plant with Enter', async () => {
    serve({ money: [MONEY, SNAKE] });
    renderBox();
    fireEvent.focus(input());
    type('money');
    await screen.findAllByRole('option');
    expect(input()).not.toHaveAttribute('aria-activedescendant');

    key('ArrowDown');
    const [first, second] = screen.getAllByRole('option');
    expect(input()).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    key('ArrowDown');
    expect(input()).toHaveAttribute('aria-activedescendant', second.id);
    key('ArrowDown');
    expect(input()).toHaveAttribute('aria-activedescendant', first.id);
    key('ArrowUp');
    expect(input()).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-selected', 'false');

    key('Enter');
    expect(screen.getByTestId('where')).toHaveTextContent('/plant/p-snake');
    expect(input()).toHaveValue('');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter with no option chosen searches the catalogue for the text', async () => {
    serve({ 'pet safe': [TULSI] });
    renderBox();
    fireEvent.focus(input());
    type('pet safe');
    await screen.findAllByRole('option');
    key('Enter');
    expect(screen.getByTestId('where')).toHaveTextContent('/catalogue?search=pet%20safe');
  });

  it('Escape closes the list, then clears the text, then hands over to the panel', async () => {
    serve({ tulsi: [TULSI] });
    let escaped = 0;
    renderBox(() => escaped++);
    fireEvent.focus(input());
    type('tulsi');
    await screen.findAllByRole('option');
    key('ArrowDown');
    key('Escape');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input()).toHaveValue('tulsi');
    // Down opens it again.
    key('ArrowDown');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    key('Escape');
    key('Escape');
    expect(input()).toHaveValue('');
    expect(escaped).toBe(0);
    key('Escape');
    expect(escaped).toBe(1);
  });

  it('a tap on a suggestion opens that plant', async () => {
    serve({ snake: [SNAKE, MONEY] });
    renderBox();
    fireEvent.focus(input());
    type('snake');
    const options = await screen.findAllByRole('option');
    fireEvent.mouseDown(options[1]);
    fireEvent.click(options[1]);
    expect(screen.getByTestId('where')).toHaveTextContent('/plant/p-money');
  });

  it('cancels the request of an older text and never shows its late answer', async () => {
    const pending: { q: string; signal: AbortSignal | null | undefined; answer: (r: Response) => void }[] = [];
    stubFetch(
      (url, init) =>
        new Promise<Response>((answer) => pending.push({ q: new URL(url, 'http://x').searchParams.get('q') ?? '', signal: init.signal, answer })),
    );
    renderBox();
    fireEvent.focus(input());
    type('mon');
    await waitFor(() => expect(pending).toHaveLength(1));
    type('money');
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[0].signal?.aborted).toBe(true);
    expect(pending[1].signal?.aborted).toBe(false);

    // The newer answer arrives first, the older one (ignoring its cancellation) after it.
    await act(async () => pending[1].answer(json({ success: true, suggestions: [MONEY] })));
    await act(async () => pending[0].answer(json({ success: true, suggestions: [SNAKE, TULSI] })));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Money Plant₹199']);
  });

  it('waits for a pause in typing: one request for a burst of keys', async () => {
    const fetchMock = serve({ tulsi: [TULSI] });
    renderBox();
    fireEvent.focus(input());
    for (const text of ['t', 'tu', 'tul', 'tuls', 'tulsi']) type(text);
    await screen.findAllByRole('option');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/plants/suggest?q=tulsi');
  });

  it('shows Hindi names in Hindi mode, with the English name beside them', async () => {
    act(() => useDictionary('hi', hi));
    serve({ 'तुलसी': [TULSI, { ...MONEY, nameHi: null }] });
    renderBox();
    fireEvent.focus(input());
    type('तुलसी');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('तुलसी');
    expect(options[0]).toHaveTextContent('Tulsi');
    // No Hindi name: the English one alone.
    expect(options[1].textContent).toBe('Money Plant₹199');
    expect(input()).toHaveAccessibleName(hi['nav.searchPlants']);
  });
});
