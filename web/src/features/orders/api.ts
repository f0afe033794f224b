import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { Order, OrderReply, Plant, Rating } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export function useMyOrders() {
  return useQuery({
    queryKey: queryKeys.orders.mine,
    queryFn: ({ signal }) => api.get<{ orders: Order[] }>('/orders', { signal }).then((r) => r.orders ?? []),
    refetchInterval: 20_000,
    refetchOnWindowFocus: true,
  });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<OrderReply>(`/orders/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
      void qc.invalidateQueries({ queryKey: queryKeys.reviews.all });
    },
  });
}

/** Which of these plants still exist (a deleted plant answers 404). */
export function usePlantAvailability(ids: string[], enabled: boolean) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.plants.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<{ plant: Plant }>(`/plants/${encodeURIComponent(id)}`, { signal }).then((r) => r.plant),
      enabled,
      retry: false,
      staleTime: 60_000,
    })),
  });
  const missing = new Set<string>();
  results.forEach((r, i) => {
    if (r.error instanceof ApiError && r.error.status === 404) missing.add(ids[i]);
  });
  return missing;
}

async function fetchExistingRating(orderId: string, plantId: string, signal?: AbortSignal): Promise<{ rating: number; review: string } | null> {
  const res = await api.get<{ rating: Rating | number | null }>(
    `/ratings/user/existing/${encodeURIComponent(orderId)}/${encodeURIComponent(plantId)}`,
    { signal },
  );
  const r = res.rating;
  if (typeof r === 'number') return { rating: r, review: '' };
  return r && typeof r.rating === 'number' ? { rating: r.rating, review: r.review ?? '' } : null;
}

/** The rating being edited (only when editing: a new rating has nothing to load). */
export function useExistingRating(orderId: string, plantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.ratings.mine(orderId, plantId ?? ''),
    queryFn: ({ signal }) => fetchExistingRating(orderId, plantId!, signal),
    enabled: enabled && !!plantId,
    staleTime: 0,
    retry: false,
  });
}

export function useSubmitRating() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { plantId: string; orderId: string; rating: number; review?: string }) => api.post<{ rating: Rating; message?: string }>('/ratings', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.ratings.all });
      void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
      void qc.invalidateQueries({ queryKey: queryKeys.reviews.all });
    },
  });
}
