import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import type { Plant } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/wishlist` (issue 20). */
export interface WishlistItem {
  plant: Plant;
  notifyWhenInStock: boolean;
  addedAt: string;
}

export interface Notification {
  _id: string;
  kind: 'back-in-stock';
  plantId: string;
  plantName: string;
  createdAt: string;
  read: boolean;
}

/** Only signed-in customers have a wishlist (admins do not shop). */
export function useIsShopper(): boolean {
  const { status, isAdmin } = useAuth();
  return status === 'authenticated' && !isAdmin;
}

export function useWishlist() {
  const shopper = useIsShopper();
  return useQuery({
    queryKey: queryKeys.wishlist,
    queryFn: ({ signal }) => api.get<{ wishlist: WishlistItem[] }>('/wishlist', { signal }).then((r) => r.wishlist),
    enabled: shopper,
    staleTime: 30_000,
  });
}

export function useSaveToWishlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ plantId, notify }: { plantId: string; notify: boolean }) =>
      api.put<{ wishlist: WishlistItem[]; message: string }>(`/wishlist/${encodeURIComponent(plantId)}`, { notifyWhenInStock: notify }),
    onSuccess: (r) => qc.setQueryData(['wishlist'], r.wishlist),
  });
}

export function useRemoveFromWishlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plantId: string) => api.delete<{ message: string }>(`/wishlist/${encodeURIComponent(plantId)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.wishlist }),
  });
}

export function useNotifications() {
  const shopper = useIsShopper();
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => api.get<{ notifications: Notification[]; unread: number }>('/notifications', { signal }),
    enabled: shopper,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.put<{ notification: Notification }>(`/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
