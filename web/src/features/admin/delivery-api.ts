import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DeliveryRule } from './delivery-rules';
import type { DeliveryRulesReply } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/admin/delivery`: the areas in the admin's order. */
export function useDeliveryRules() {
  return useQuery({
    queryKey: queryKeys.admin.delivery,
    queryFn: ({ signal }) => api.get<{ rules: DeliveryRule[] }>('/admin/delivery', { signal }).then((r) => r.rules),
    // Rows being edited are not replaced behind the admin's back.
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/admin/delivery`: the whole list at once. */
export function useSaveDeliveryRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { rules: unknown[] }) => api.put<DeliveryRulesReply>('/admin/delivery', body),
    onSuccess: (res) => {
      qc.setQueryData(['admin', 'delivery'], res.rules);
      // Every PIN answer this browser remembers may have changed.
      void qc.invalidateQueries({ queryKey: queryKeys.delivery.all });
    },
  });
}
