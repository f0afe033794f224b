import type { OrderStatus } from '@/types/api';

/** Spec section 4: where an admin may move an order from each status. */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function allowedNext(status: OrderStatus): OrderStatus[] {
  return NEXT_STATUSES[status] ?? [];
}
