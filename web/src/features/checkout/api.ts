import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useCartActions } from '@/lib/cart';
import { queryKeys } from '@/lib/query-keys';
import type { Address, Cart, CartItem, Order } from '@/types/api';

export interface PlaceOrder {
  address: Address;
  /** The same key for every retry of one attempt, so a lost answer never places two orders. */
  idempotencyKey: string;
}

/**
 * POST /orders for the cart as the server holds it: quantity changes still waiting out
 * their debounce are sent first. Resolves to the order and the lines it was placed for.
 */
export function usePlaceOrder() {
  const qc = useQueryClient();
  const cart = useCartActions();
  return useMutation({
    mutationFn: async ({ address, idempotencyKey }: PlaceOrder): Promise<{ order: Order; items: CartItem[] }> => {
      await cart.whenIdle();
      const items = qc.getQueryData<Cart>(queryKeys.cart.all)?.items ?? [];
      const { order } = await api.post<{ order: Order; message?: string }>(
        '/orders',
        { deliveryAddress: address },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      return { order, items };
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
      void qc.invalidateQueries({ queryKey: queryKeys.plants.all });
    },
  });
}
