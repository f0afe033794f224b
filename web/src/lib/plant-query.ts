import { api } from '@/lib/api-client';
import { plantPath } from '@/lib/landing';
import type { Plant } from '@/types/api';
import { queryKeys } from './query-keys';

/**
 * Query key and fetcher of one plant (the plant page, the start-up prefetch, and the
 * assistant's plant links in Hindi mode share its cache entry).
 */
export function plantQuery(id: string) {
  return {
    queryKey: queryKeys.plants.detail(id),
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<{ plant: Plant }>(plantPath(id), { signal }).then((r) => r.plant),
  };
}
