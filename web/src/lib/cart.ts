/**
 * The cart (spec section 4) as TanStack Query server state: one query holds the cart, and
 * every change is a mutation keyed by its plant (`queryKeys.cart.item`), so "is this line
 * being saved" is the mutation cache's answer rather than a flag kept by hand.
 *
 * - Loaded when a customer signs in (`load`), emptied otherwise (`reset`).
 * - A quantity change is written to the cache at once (optimistic) and sent after 500 ms of
 *   quiet for that plant: each change is a mutation that first waits out the debounce and
 *   sends nothing if a newer change for the same plant came meanwhile.
 * - When an update fails the cart is reloaded from the server (the spec's rollback).
 * - A copy is kept under the `cart` storage key, shown while the first load is on its way.
 */
import {
  MutationObserver,
  hashKey,
  queryOptions,
  useMutationState,
  useQuery,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { errorMessage } from './api-client';
import { EMPTY_CART, httpCartApi, keepLocalQuantities, normaliseCart, withQuantity, type CartApi } from './cart-api';
import { en } from './i18n/en';
import { queryKeys } from './query-keys';
import { STORAGE_KEYS, readJson, writeJson } from './storage';
import { clampQuantity } from './validation';
import type { Cart, CartItem, Notice } from '@/types/api';

export { cartCount, cartTotal, httpCartApi, type CartApi } from './cart-api';

export const CART_DEBOUNCE_MS = 500;

export type CartEvent = { type: 'updated' } | { type: 'error'; message: string };

/** One change to one line, as the mutation cache records it. */
interface LineChange {
  plantId: string;
  quantity: number;
  /** Which change of this plant it is: only the newest one is sent. */
  version: number;
  /** The sign-in it belongs to: answers for a previous one are dropped. */
  session: number;
}

export interface CartOptions {
  debounceMs?: number;
  /** Keep a copy in local storage (off in tests that do not look at it). */
  persist?: boolean;
}

export function createCart(qc: QueryClient, cartApi: CartApi, opts: CartOptions = {}) {
  const debounceMs = opts.debounceMs ?? CART_DEBOUNCE_MS;
  const persist = opts.persist ?? true;
  const key = queryKeys.cart.all;
  const versions = new Map<string, number>();
  const listeners = new Set<(e: CartEvent) => void>();
  /** Lines whose change failed: their reload takes the server's quantity. */
  const failed = new Set<string>();
  let session = 0;

  const current = (): Cart | undefined => qc.getQueryData<Cart>(key);
  const write = (cart: Cart) => qc.setQueryData<Cart>(key, normaliseCart(cart));
  const emit = (e: CartEvent) => listeners.forEach((l) => l(e));
  const nextVersion = (plantId: string) => {
    const v = (versions.get(plantId) ?? 0) + 1;
    versions.set(plantId, v);
    return v;
  };
  const isLatest = (c: LineChange) => c.session === session && versions.get(c.plantId) === c.version;

  /** Plants with a change not yet answered (waiting out the debounce or in flight). */
  function changing(except?: string): Set<string> {
    const pending = qc.getMutationCache().findAll({ mutationKey: queryKeys.cart.items, status: 'pending' });
    const ids = new Set(pending.map((m) => (m.state.variables as LineChange).plantId));
    if (except) ids.delete(except);
    failed.forEach((id) => ids.delete(id));
    return ids;
  }

  const query = queryOptions({
    queryKey: key,
    queryFn: async () => keepLocalQuantities(await cartApi.get(), current(), changing()),
    // Every change goes through the mutations below, so the cache is never stale by itself.
    staleTime: Infinity,
    // Kept while signed in even when no component shows it (checkout reads it directly).
    gcTime: Infinity,
    retry: false,
    networkMode: 'always',
    placeholderData: () => (persist ? (readJson<Cart>(STORAGE_KEYS.cart) ?? undefined) : undefined),
  });

  if (persist) {
    const hash = hashKey(key);
    qc.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash) return;
      if (event.type === 'removed') writeJson(STORAGE_KEYS.cart, null);
      else if (event.type === 'updated' && event.action.type === 'success') writeJson(STORAGE_KEYS.cart, event.query.state.data);
    });
  }

  /** Runs one change as a mutation of the plant's line (what `useMutation` does, outside React). */
  function run<T, V extends { plantId: string }>(options: MutationOptions<T, Error, V>, variables: V): Promise<T> {
    const observer = new MutationObserver<T, Error, V>(qc, {
      mutationKey: queryKeys.cart.item(variables.plantId),
      networkMode: 'always',
      ...options,
    });
    return observer.mutate(variables);
  }

  /** Reads the cart from the server; a failure is reported and leaves the cart as it was. */
  async function load(): Promise<void> {
    const mine = session;
    try {
      await qc.fetchQuery({ ...query, staleTime: 0 });
    } catch (e) {
      if (mine === session) emit({ type: 'error', message: errorMessage(e, en['cart.loadFailed']) });
    }
  }

  const sendQuantity: MutationOptions<Cart | null, Error, LineChange> = {
    mutationFn: async (change) => {
      await new Promise((resolve) => setTimeout(resolve, debounceMs));
      // A newer change of this line came during the wait: it will be the one sent.
      if (!isLatest(change)) return null;
      return cartApi.update(change.plantId, change.quantity);
    },
    onSuccess: (cart, change) => {
      if (!cart || !isLatest(change)) return;
      write(keepLocalQuantities(cart, current(), changing(change.plantId)));
      emit({ type: 'updated' });
    },
    onError: async (e, change) => {
      if (!isLatest(change)) return;
      emit({ type: 'error', message: errorMessage(e, en['cart.updateFailedRetry']) });
      failed.add(change.plantId);
      try {
        await load();
      } finally {
        failed.delete(change.plantId);
      }
    },
  };

  /** The answer of a one-off change (add, put, remove) becomes the cart. */
  const applyAnswer = (cart: Cart, changeSession: number, plantId: string) => {
    if (changeSession === session) write(keepLocalQuantities(cart, current(), changing(plantId)));
  };

  return {
    query,
    load,

    onEvent(listener: (e: CartEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Optimistic quantity change, debounced per plant. */
    setQuantity(plantId: string, quantity: number): void {
      const cart = current();
      const item = cart?.items.find((i) => i.plantId._id === plantId);
      if (!cart || !item) return;
      const q = clampQuantity(quantity, item.plantId.stock);
      if (q === item.quantity && !changing().has(plantId)) return;
      write(withQuantity(cart, plantId, q));
      const change: LineChange = { plantId, quantity: q, version: nextVersion(plantId), session };
      run(sendQuantity, change).catch(() => undefined); // reported by onError
    },

    /**
     * One step up or down from the quantity the cache holds now, not the one last drawn:
     * two quick taps are two steps even when the second comes before the screen caught up.
     */
    stepQuantity(plantId: string, delta: number): void {
      const item = current()?.items.find((i) => i.plantId._id === plantId);
      if (item) this.setQuantity(plantId, item.quantity + delta);
    },

    /** Adds `quantity` of a plant; resolves to the server's notice code, if any. */
    async add(plantId: string, quantity = 1): Promise<Notice | undefined> {
      const mine = session;
      const res = await run({ mutationFn: (v: { plantId: string; quantity: number }) => cartApi.add(v.plantId, v.quantity) }, { plantId, quantity });
      applyAnswer(res.cart, mine, plantId);
      return res.notice;
    },

    /** Sets the cart quantity of a plant to exactly `quantity` (adds it when missing). */
    async put(plantId: string, quantity: number): Promise<void> {
      if (!current()?.items.some((i) => i.plantId._id === plantId)) {
        await this.add(plantId, quantity);
        return;
      }
      const mine = session;
      nextVersion(plantId); // a change still waiting for this line is replaced by this one
      const cart = await run({ mutationFn: (v: { plantId: string; quantity: number }) => cartApi.update(v.plantId, v.quantity) }, { plantId, quantity });
      applyAnswer(cart, mine, plantId);
    },

    async remove(plantId: string): Promise<void> {
      const mine = session;
      nextVersion(plantId); // a waiting quantity change of a removed line is never sent
      const cart = await run({ mutationFn: (v: { plantId: string }) => cartApi.remove(v.plantId) }, { plantId });
      applyAnswer(cart, mine, plantId);
    },

    async clear(): Promise<void> {
      await cartApi.clear();
      this.clearLocal();
    },

    /** Empties the cart here only (after an order is placed: the server has emptied it). */
    clearLocal(): void {
      for (const item of current()?.items ?? []) nextVersion(item.plantId._id);
      write(EMPTY_CART);
    },

    /** Signed out: forget everything, the stored copy included; late answers are dropped. */
    reset(): void {
      session += 1;
      versions.clear();
      qc.removeQueries({ queryKey: key, exact: true });
      if (persist) writeJson(STORAGE_KEYS.cart, null);
    },

    /** Resolves when no change waits or travels and no load is on its way (checkout, tests). */
    whenIdle(): Promise<void> {
      const idle = () => qc.isMutating({ mutationKey: queryKeys.cart.items }) === 0 && qc.isFetching({ queryKey: key, exact: true }) === 0;
      return new Promise((resolve) => {
        const stops: (() => void)[] = [];
        const check = () => {
          if (!idle()) return;
          stops.forEach((stop) => stop());
          resolve();
        };
        stops.push(qc.getMutationCache().subscribe(check), qc.getQueryCache().subscribe(check));
        check();
      });
    },
  };
}

export type CartActions = ReturnType<typeof createCart>;

const carts = new WeakMap<QueryClient, CartActions>();

/** The cart of a query client (one per client, so its debounce outlives any component). */
export function cartFor(qc: QueryClient, cartApi: CartApi = httpCartApi, opts?: CartOptions): CartActions {
  let cart = carts.get(qc);
  if (!cart) {
    cart = createCart(qc, cartApi, opts);
    carts.set(qc, cart);
  }
  return cart;
}

export function useCartActions(): CartActions {
  return cartFor(useQueryClient());
}

export interface CartState {
  items: CartItem[];
  total: number;
  /** A (re)load is in flight. */
  loading: boolean;
  /** The server's cart has been received for this session. */
  loaded: boolean;
  /** Lines with a change not yet answered, keyed by plant `_id`. */
  pending: Record<string, boolean>;
  error: string | null;
}

/** The cart for display. It never fetches by itself: `CartSync` loads it on sign-in. */
export function useCart(): CartState {
  const cart = useCartActions();
  const q = useQuery({ ...cart.query, enabled: false });
  const changing = useMutationState({
    filters: { mutationKey: queryKeys.cart.items, status: 'pending' },
    select: (m) => (m.state.variables as { plantId: string }).plantId,
  });
  const data = normaliseCart(q.data);
  return {
    items: data.items,
    total: data.total,
    loading: q.isFetching,
    loaded: q.isSuccess && !q.isPlaceholderData,
    pending: Object.fromEntries(changing.map((id) => [id, true])),
    error: q.error ? errorMessage(q.error, en['cart.loadFailed']) : null,
  };
}
