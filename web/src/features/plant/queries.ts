import { api } from '@/lib/api-client';
import { plantPath } from '@/lib/landing';
import type { Plant } from '@/types/api';

/** Query key and fetcher of a plant page (shared by the page and the start-up prefetch). */
export function plantQuery(id: string) {
  return {
    queryKey: ['plants', 'detail', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) => api.get<{ plant: Plant }>(plantPath(id), { signal }).then((r) => r.plant),
  };
}
