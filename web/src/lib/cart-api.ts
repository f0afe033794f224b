/** The cart endpoints of the contract (all signed-in customer only). */
import { api } from './api-client';
import type { Cart, CartItem, Notice } from '@/types/api';

export interface CartApi {
  get(): Promise<Cart>;
  add(plantId: string, quantity: number): Promise<{ cart: Cart; notice?: Notice }>;
  update(plantId: string, quantity: number): Promise<Cart>;
  remove(plantId: string): Promise<Cart>;
  clear(): Promise<Cart | null>;
}

const itemPath = (action: 'update' | 'remove', plantId: string) => `/cart/${action}/${encodeURIComponent(plantId)}`;

export const httpCartApi: CartApi = {
  get: async () => (await api.get<{ cart: Cart }>('/cart')).cart,
  add: async (plantId, quantity) => {
    const res = await api.post<{ cart: Cart; notice?: Notice }>('/cart/add', { plantId, quantity });
    return { cart: res.cart, notice: res.notice };
  },
  update: async (plantId, quantity) => (await api.put<{ cart: Cart }>(itemPath('update', plantId), { quantity })).cart,
  remove: async (plantId) => (await api.delete<{ cart: Cart }>(itemPath('remove', plantId))).cart,
  clear: async () => (await api.delete<{ cart?: Cart }>('/cart/clear'))?.cart ?? null,
};

export const EMPTY_CART: Cart = { items: [], total: 0 };

export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.plantId.price * i.quantity, 0);
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** A cart whose total always matches its lines (the server's and an optimistic one alike). */
export function normaliseCart(cart: Cart | null | undefined): Cart {
  const items = Array.isArray(cart?.items) ? cart.items : [];
  return { items, total: cartTotal(items) };
}

export function withQuantity(cart: Cart, plantId: string, quantity: number): Cart {
  return normaliseCart({ ...cart, items: cart.items.map((i) => (i.plantId._id === plantId ? { ...i, quantity } : i)) });
}

/** The server's cart, except that lines the customer is still changing keep their local quantity. */
export function keepLocalQuantities(server: Cart | null | undefined, local: Cart | undefined, changing: ReadonlySet<string>): Cart {
  const fresh = normaliseCart(server);
  if (!local || changing.size === 0) return fresh;
  const items = fresh.items.map((item) => {
    if (!changing.has(item.plantId._id)) return item;
    const mine = local.items.find((i) => i.plantId._id === item.plantId._id);
    return mine ? { ...item, quantity: mine.quantity } : item;
  });
  return normaliseCart({ ...fresh, items });
}
