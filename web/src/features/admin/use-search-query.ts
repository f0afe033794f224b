import { useEffect, useState } from 'react';

/** How long typing must pause before the admin lists search. */
const SEARCH_PAUSE_MS = 350;

/**
 * A search box's text, and the query the list uses: the text once typing pauses.
 * `onSettle` runs when the query changes (the lists go back to page 1).
 */
export function useSearchQuery(onSettle: () => void) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const id = setTimeout(() => {
      setQuery(search);
      onSettle();
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(id);
    // onSettle is a state setter wrapper; the pause restarts only when the text changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  return { search, setSearch, query };
}
