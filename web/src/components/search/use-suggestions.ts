import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import type { Suggestion } from '@/types/api';

/** A pause in typing this long before asking the server: one request per burst of keys. */
export const SUGGEST_DEBOUNCE_MS = 150;

export interface SuggestionsState {
  /** The text these suggestions answer (trimmed); '' when there are none to show. */
  query: string;
  suggestions: Suggestion[];
  loading: boolean;
}

const EMPTY: SuggestionsState = { query: '', suggestions: [], loading: false };

/**
 * Suggestions for what is typed in a search box, from `GET /plants/suggest`. Each keystroke
 * cancels the pending request (and the timer before it), so an answer to an older text can
 * never replace a newer one, however the responses are ordered on the way back.
 */
export function useSuggestions(text: string): SuggestionsState {
  const q = text.trim();
  const [state, setState] = useState<SuggestionsState>(EMPTY);

  useEffect(() => {
    if (!q) {
      setState(EMPTY);
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<{ suggestions: Suggestion[] }>('/plants/suggest', { query: { q }, signal: controller.signal })
        .then((body) => {
          if (!controller.signal.aborted) setState({ query: q, suggestions: body.suggestions ?? [], loading: false });
        })
        .catch(() => {
          // Aborted (a newer text) or failed: a failed suggestion request just shows none;
          // Enter still searches the catalogue.
          if (!controller.signal.aborted) setState({ query: q, suggestions: [], loading: false });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  return state;
}
