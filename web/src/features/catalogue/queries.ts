/** Catalogue filters and the plants query, free of React so the app shell can prefetch. */
import { api } from '@/lib/api-client';
import type { PlantList } from '@/types/api';
import { DEFAULT_FILTERS, plantsListQuery, type CatalogueFilters } from '@/lib/landing';
import { queryKeys } from '@/lib/query-keys';

// The filters themselves live in lib/landing.ts, which index.html also runs inline.
export { DEFAULT_FILTERS, LIGHT_VALUES, PAGE_SIZE, SORT_FIELDS, filtersFromParams, type CatalogueFilters, type SortField } from '@/lib/landing';

/** Writes only what differs from the defaults, so shared links stay short. */
export function paramsFromFilters(f: CatalogueFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.category) p.set('category', f.category);
  if (f.minPrice) p.set('minPrice', f.minPrice);
  if (f.maxPrice) p.set('maxPrice', f.maxPrice);
  if (f.minRating) p.set('minRating', f.minRating);
  if (f.petSafe) p.set('petSafe', f.petSafe);
  if (f.light) p.set('light', f.light);
  if (f.sortBy !== DEFAULT_FILTERS.sortBy) p.set('sortBy', f.sortBy);
  if (f.sortOrder !== DEFAULT_FILTERS.sortOrder) p.set('sortOrder', f.sortOrder);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

export function hasActiveFilters(f: CatalogueFilters): boolean {
  return !!(f.search.trim() || f.category || f.minPrice || f.maxPrice || f.minRating || f.petSafe || f.light);
}

/** Query key and fetcher of a catalogue page (shared by the page and the start-up prefetch). */
export function plantsQuery(f: CatalogueFilters) {
  return {
    queryKey: queryKeys.plants.list(f),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<PlantList>('/plants', { signal, query: plantsListQuery(f) }),
  };
}
