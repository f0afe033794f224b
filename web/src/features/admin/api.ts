import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminStats, OrderList, OrderReply, OrderStatus, Plant, PlantList } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

export const PLANTS_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE = 5;
export const RECENT_ORDERS = 5;
export const LOW_STOCK_AT = 5;

export function useOrderStats() {
  return useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => api.get<{ stats: AdminStats }>('/orders/admin/stats', { signal }).then((r) => r.stats),
  });
}

export function usePlantCount() {
  return useQuery({
    queryKey: queryKeys.admin.plantCount,
    queryFn: ({ signal }) => api.get<{ stats: { totalPlants: number } }>('/plants/stats/count', { signal }).then((r) => r.stats.totalPlants),
  });
}

/** Plants with 5 or fewer in stock (walks at most 5 pages of 200). */
export function useLowStock() {
  return useQuery({
    queryKey: queryKeys.admin.lowStock,
    queryFn: async ({ signal }) => {
      const low: Plant[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await api.get<PlantList>('/plants', { signal, query: { limit: 200, page, sortBy: 'name', sortOrder: 'asc' } });
        low.push(...res.plants.filter((p) => p.stock <= LOW_STOCK_AT));
        if (page >= (res.pages ?? 1)) break;
      }
      return low.sort((a, b) => a.stock - b.stock);
    },
  });
}

export function useAdminPlants(search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.admin.plants(search, page),
    queryFn: ({ signal }) =>
      api.get<PlantList>('/plants', { signal, query: { search: search.trim(), page, limit: PLANTS_PAGE_SIZE, sortBy: 'newest', sortOrder: 'desc' } }),
    placeholderData: keepPreviousData,
  });
}

export function useSavePlant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: FormData }) =>
      id ? api.put<{ plant: Plant }>(`/plants/${encodeURIComponent(id)}`, form) : api.post<{ plant: Plant }>('/plants', form),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
    },
  });
}

export function useDeletePlant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message?: string }>(`/plants/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
    },
  });
}

export function useAdminOrders(status: OrderStatus | '', search: string, page: number) {
  return useQuery({
    queryKey: queryKeys.admin.orders(status, search, page),
    queryFn: ({ signal }) =>
      // People copy the id as shown ("#0C4A68DB"); the server matches the bare id.
      api.get<OrderList>('/orders/admin/all', { signal, query: { status, search: search.trim().replace(/^#/, ''), page, limit: ORDERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateOrderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api.put<OrderReply>(`/orders/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.admin.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
    },
  });
}
