/** Catalogue filters and the plants query, free of React so the app shell can prefetch. */
import { api } from '@/lib/api-client';
import type { PlantList } from '@/types/api';

export const PAGE_SIZE = 24;
export const SORT_FIELDS = ['name', 'price', 'rating', 'newest'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface CatalogueFilters {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  minRating: string;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  page: number;
}

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  minRating: '',
  sortBy: 'name',
  sortOrder: 'asc',
  page: 1,
};

/** Reads the filters from the URL, ignoring anything malformed. */
export function filtersFromParams(p: URLSearchParams): CatalogueFilters {
  const num = (v: string | null) => (v && /^\d+$/.test(v) ? v : '');
  const sortBy = p.get('sortBy') as SortField | null;
  const rating = p.get('minRating');
  const page = Number(p.get('page'));
  return {
    search: p.get('search') ?? '',
    category: p.get('category') ?? '',
    minPrice: num(p.get('minPrice')),
    maxPrice: num(p.get('maxPrice')),
    minRating: rating && /^[1-5]$/.test(rating) ? rating : '',
    sortBy: sortBy && SORT_FIELDS.includes(sortBy) ? sortBy : DEFAULT_FILTERS.sortBy,
    sortOrder: p.get('sortOrder') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes only what differs from the defaults, so shared links stay short. */
export function paramsFromFilters(f: CatalogueFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.category) p.set('category', f.category);
  if (f.minPrice) p.set('minPrice', f.minPrice);
  if (f.maxPrice) p.set('maxPrice', f.maxPrice);
  if (f.minRating) p.set('minRating', f.minRating);
  if (f.sortBy !== DEFAULT_FILTERS.sortBy) p.set('sortBy', f.sortBy);
  if (f.sortOrder !== DEFAULT_FILTERS.sortOrder) p.set('sortOrder', f.sortOrder);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

export function hasActiveFilters(f: CatalogueFilters): boolean {
  return !!(f.search.trim() || f.category || f.minPrice || f.maxPrice || f.minRating);
}

/** Query key and fetcher of a catalogue page (shared by the page and the start-up prefetch). */
export function plantsQuery(f: CatalogueFilters) {
  return {
    queryKey: ['plants', 'list', f] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<PlantList>('/plants', {
        signal,
        query: {
          search: f.search.trim(),
          category: f.category,
          minPrice: f.minPrice,
          maxPrice: f.maxPrice,
          minRating: f.minRating,
          sortBy: f.sortBy,
          sortOrder: f.sortOrder,
          page: f.page,
          limit: PAGE_SIZE,
        },
      }),
  };
}
