/**
 * Every key of the TanStack Query cache, from one factory. Keys nest (`plants` holds
 * `plants.list` and `plants.detail`), so invalidating a prefix such as `queryKeys.plants.all`
 * reaches every entry under it; building them here keeps a page and the code that
 * invalidates it from spelling the same key two ways.
 */
import type { CatalogueFilters } from './landing';

export const queryKeys = {
  config: ['config'] as const,

  plants: {
    all: ['plants'] as const,
    list: (filters: CatalogueFilters) => ['plants', 'list', filters] as const,
    detail: (id: string) => ['plants', 'detail', id] as const,
  },

  reviews: {
    all: ['reviews'] as const,
    page: (plantId: string, page: number) => ['reviews', plantId, page] as const,
  },

  delivery: {
    all: ['delivery'] as const,
    pin: (pin: string) => ['delivery', pin] as const,
  },

  /** The signed-in customer's cart; its item mutations are keyed per plant. */
  cart: {
    all: ['cart'] as const,
    items: ['cart', 'items'] as const,
    item: (plantId: string) => ['cart', 'items', plantId] as const,
  },

  wishlist: ['wishlist'] as const,
  notifications: ['notifications'] as const,

  ratings: {
    all: ['ratings'] as const,
    /** A customer's own rating of one plant of one order. */
    mine: (orderId: string, plantId: string) => ['ratings', 'mine', orderId, plantId] as const,
  },

  orders: {
    all: ['orders'] as const,
    mine: ['orders', 'mine'] as const,
  },

  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    plantCount: ['admin', 'plantCount'] as const,
    lowStock: ['admin', 'lowStock'] as const,
    plants: (search: string, page: number) => ['admin', 'plants', search, page] as const,
    orders: (status: string, search: string, page: number) => ['admin', 'orders', status, search, page] as const,
    delivery: ['admin', 'delivery'] as const,
  },
} as const;
