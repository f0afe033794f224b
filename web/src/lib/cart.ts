/**
 * The cart store (spec section 4): loaded when a customer signs in, emptied otherwise;
 * quantity changes are applied at once, sent after 500 ms of quiet per item, and the cart is
 * reloaded from the server when an update fails. Kept apart from React so it can be tested
 * with fake timers; `useCart` subscribes components to it.
 */
import { useSyncExternalStore } from 'react';
import { api, errorMessage } from './api-client';
import { en } from './i18n/en';
import { STORAGE_KEYS, readJson, writeJson } from './storage';
import { clampQuantity } from './validation';
import type { Cart, CartItem } from '@/types/api';

export const CART_DEBOUNCE_MS = 500;

export interface CartApi {
  get(): Promise<Cart>;
  add(plantId: string, quantity: number): Promise<{ cart: Cart; message?: string }>;
  update(plantId: string, quantity: number): Promise<Cart>;
  remove(plantId: string): Promise<Cart>;
  clear(): Promise<Cart | null>;
}

export interface CartState {
  items: CartItem[];
  total: number;
  /** A (re)load is in flight. */
  loading: boolean;
  /** The server's cart has been received at least once for this session. */
  loaded: boolean;
  /** Per-item loading flags, keyed by plant `_id`. */
  pending: Record<string, boolean>;
  error: string | null;
}

export type CartEvent = { type: 'updated' } | { type: 'error'; message: string };

export function cartTotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.plantId.price * i.quantity, 0);
}

export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function createCartStore(cartApi: CartApi, opts: { debounceMs?: number; persist?: boolean } = {}) {
  const debounceMs = opts.debounceMs ?? CART_DEBOUNCE_MS;
  const persist = opts.persist ?? true;
  const saved = persist ? readJson<Cart>(STORAGE_KEYS.cart) : null;

  let state: CartState = {
    items: Array.isArray(saved?.items) ? saved.items : [],
    total: typeof saved?.total === 'number' ? saved.total : 0,
    loading: false,
    loaded: false,
    pending: {},
    error: null,
  };
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(e: CartEvent) => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const sequence = new Map<string, number>();
  const inflight = new Set<Promise<unknown>>();
  let generation = 0; // bumps on reset so late answers of a previous session are ignored

  function set(patch: Partial<CartState>) {
    state = { ...state, ...patch };
    if (patch.items) state.total = cartTotal(state.items);
    if (persist && (patch.items || patch.total !== undefined)) {
      writeJson(STORAGE_KEYS.cart, state.items.length || state.loaded ? { items: state.items, total: state.total } : null);
    }
    listeners.forEach((l) => l());
  }

  function emit(e: CartEvent) {
    eventListeners.forEach((l) => l(e));
  }

  function track<T>(p: Promise<T>): Promise<T> {
    inflight.add(p);
    p.finally(() => inflight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Server cart, but items the user is still changing keep their local quantity. */
  function applyServerCart(cart: Cart | null | undefined) {
    const serverItems = Array.isArray(cart?.items) ? cart.items : [];
    const items = serverItems.map((item) => {
      const id = item.plantId._id;
      if (timers.has(id)) {
        const local = state.items.find((i) => i.plantId._id === id);
        if (local) return { ...item, quantity: local.quantity };
      }
      return item;
    });
    set({ items, loaded: true, error: null });
  }

  function setPending(id: string, on: boolean) {
    const pending = { ...state.pending };
    if (on) pending[id] = true;
    else delete pending[id];
    set({ pending });
  }

  async function load(): Promise<void> {
    const gen = generation;
    set({ loading: true });
    try {
      const cart = await track(cartApi.get());
      if (gen !== generation) return;
      applyServerCart(cart);
      set({ loading: false });
    } catch (e) {
      if (gen !== generation) return;
      const message = errorMessage(e, en['cart.loadFailed']);
      set({ loading: false, error: message });
      emit({ type: 'error', message });
    }
  }

  async function flush(id: string): Promise<void> {
    timers.delete(id);
    const item = state.items.find((i) => i.plantId._id === id);
    if (!item) {
      setPending(id, false);
      return;
    }
    const gen = generation;
    const seq = (sequence.get(id) ?? 0) + 1;
    sequence.set(id, seq);
    try {
      const cart = await track(cartApi.update(id, item.quantity));
      if (gen !== generation) return;
      // A newer change for this item is waiting or in flight: it will bring the truth.
      if (sequence.get(id) !== seq || timers.has(id)) return;
      applyServerCart(cart);
      setPending(id, false);
      emit({ type: 'updated' });
    } catch (e) {
      if (gen !== generation) return;
      if (sequence.get(id) !== seq || timers.has(id)) return;
      setPending(id, false);
      emit({ type: 'error', message: errorMessage(e, en['cart.updateFailedRetry']) });
      await load();
    }
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onEvent(listener: (e: CartEvent) => void) {
      eventListeners.add(listener);
      return () => {
        eventListeners.delete(listener);
      };
    },
    getState: () => state,
    load,

    /** Optimistic quantity change, debounced per item. */
    setQuantity(plantId: string, quantity: number): void {
      const item = state.items.find((i) => i.plantId._id === plantId);
      if (!item) return;
      const q = clampQuantity(quantity, item.plantId.stock);
      if (q === item.quantity && !timers.has(plantId)) return;
      set({ items: state.items.map((i) => (i.plantId._id === plantId ? { ...i, quantity: q } : i)) });
      setPending(plantId, true);
      const old = timers.get(plantId);
      if (old) clearTimeout(old);
      timers.set(
        plantId,
        setTimeout(() => void flush(plantId), debounceMs),
      );
    },

    async add(plantId: string, quantity = 1): Promise<string | undefined> {
      setPending(plantId, true);
      try {
        const res = await track(cartApi.add(plantId, quantity));
        applyServerCart(res.cart);
        return res.message;
      } finally {
        setPending(plantId, false);
      }
    },

    /** Sets the cart quantity of a plant to exactly `quantity` (adds it when missing). */
    async put(plantId: string, quantity: number): Promise<void> {
      const existing = state.items.find((i) => i.plantId._id === plantId);
      if (!existing) {
        await this.add(plantId, quantity);
        return;
      }
      setPending(plantId, true);
      try {
        applyServerCart(await track(cartApi.update(plantId, quantity)));
      } finally {
        setPending(plantId, false);
      }
    },

    async remove(plantId: string): Promise<void> {
      const t = timers.get(plantId);
      if (t) clearTimeout(t);
      timers.delete(plantId);
      setPending(plantId, true);
      try {
        applyServerCart(await track(cartApi.remove(plantId)));
      } finally {
        setPending(plantId, false);
      }
    },

    async clear(): Promise<void> {
      await track(cartApi.clear());
      this.clearLocal();
    },

    /** Empties the local cart (after an order is placed: the server has emptied it). */
    clearLocal(): void {
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      set({ items: [], total: 0, pending: {} });
    },

    /** Signed out: forget everything, including the stored copy. */
    reset(): void {
      generation += 1;
      timers.forEach((t) => clearTimeout(t));
      timers.clear();
      sequence.clear();
      state = { items: [], total: 0, loading: false, loaded: false, pending: {}, error: null };
      if (persist) writeJson(STORAGE_KEYS.cart, null);
      listeners.forEach((l) => l());
    },

    /** Resolves when no debounced change or request is outstanding (tests, checkout). */
    async whenIdle(): Promise<void> {
      while (timers.size || inflight.size) {
        await Promise.allSettled([...inflight]);
        if (timers.size && !inflight.size) await new Promise((r) => setTimeout(r, debounceMs));
      }
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

export const httpCartApi: CartApi = {
  get: async () => (await api.get<{ cart: Cart }>('/cart')).cart,
  add: async (plantId, quantity) => {
    const res = await api.post<{ cart: Cart; message?: string }>('/cart/add', { plantId, quantity });
    return { cart: res.cart, message: res.message };
  },
  update: async (plantId, quantity) =>
    (await api.put<{ cart: Cart }>(`/cart/update/${encodeURIComponent(plantId)}`, { quantity })).cart,
  remove: async (plantId) => (await api.delete<{ cart: Cart }>(`/cart/remove/${encodeURIComponent(plantId)}`)).cart,
  clear: async () => (await api.delete<{ cart?: Cart }>('/cart/clear'))?.cart ?? null,
};

export const cartStore = createCartStore(httpCartApi);

export function useCart(store: CartStore = cartStore): CartState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
