import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCart, type CartApi, type CartEvent } from './cart';
import { queryKeys } from './query-keys';
import type { Cart } from '@/types/api';

const plant = (id: string, price: number, stock = 10) => ({ _id: id, name: id, nameHi: null, image: null, thumbnail: null, price, stock });

function cartOf(items: [string, number, number][]): Cart {
  const list = items.map(([id, price, quantity]) => ({ plantId: plant(id, price), quantity }));
  return { items: list, total: list.reduce((s, i) => s + i.plantId.price * i.quantity, 0) };
}

/** A server that keeps its own cart, so a reload shows what it really holds. */
function fakeApi(initial: Cart) {
  let server = structuredClone(initial);
  const api = {
    get: vi.fn(async () => structuredClone(server)),
    add: vi.fn(async (id: string, q: number) => {
      server = { ...server, items: [...server.items, { plantId: plant(id, 100), quantity: q }] };
      return { cart: structuredClone(server), notice: 'cart_item_added' as const };
    }),
    update: vi.fn(async (id: string, q: number) => {
      server = { ...server, items: server.items.map((i) => (i.plantId._id === id ? { ...i, quantity: q } : i)) };
      return structuredClone(server);
    }),
    remove: vi.fn(async (id: string) => {
      server = { ...server, items: server.items.filter((i) => i.plantId._id !== id) };
      return structuredClone(server);
    }),
    clear: vi.fn(async () => null),
  } satisfies CartApi;
  return api;
}

function setup(initial: Cart, opts: { persist?: boolean } = {}) {
  const qc = new QueryClient();
  const api = fakeApi(initial);
  const cart = createCart(qc, api, { persist: opts.persist ?? false });
  const events: CartEvent[] = [];
  cart.onEvent((e) => events.push(e));
  const data = () => qc.getQueryData<Cart>(queryKeys.cart.all)!;
  const quantity = (id: string) => data().items.find((i) => i.plantId._id === id)?.quantity;
  /** Lines whose change the mutation cache still holds as pending. */
  const pending = () =>
    qc
      .getMutationCache()
      .findAll({ mutationKey: queryKeys.cart.items, status: 'pending' })
      .map((m) => (m.state.variables as { plantId: string }).plantId);
  return { qc, api, cart, events, data, quantity, pending };
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('cart quantity mutations', () => {
  it('applies a change to the cache at once and sends one request after 500 ms of quiet', async () => {
    vi.useFakeTimers();
    const { api, cart, data, quantity, pending, events } = setup(cartOf([['tulsi', 149, 1]]));
    await cart.load();
    cart.setQuantity('tulsi', 2);
    cart.setQuantity('tulsi', 3);
    cart.setQuantity('tulsi', 4);
    expect(quantity('tulsi')).toBe(4);
    expect(data().total).toBe(596);
    expect(pending()).toContain('tulsi');
    await vi.advanceTimersByTimeAsync(499);
    expect(api.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith('tulsi', 4);
    await cart.whenIdle();
    expect(pending()).toEqual([]);
    expect(quantity('tulsi')).toBe(4);
    expect(events).toEqual([{ type: 'updated' }]);
  });

  it('restarts the 500 ms for a plant at each change', async () => {
    vi.useFakeTimers();
    const { api, cart } = setup(cartOf([['tulsi', 149, 1]]));
    await cart.load();
    cart.setQuantity('tulsi', 2);
    await vi.advanceTimersByTimeAsync(400);
    cart.setQuantity('tulsi', 3);
    await vi.advanceTimersByTimeAsync(400);
    expect(api.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith('tulsi', 3);
  });

  it('debounces each plant on its own', async () => {
    vi.useFakeTimers();
    const { api, cart, data } = setup(cartOf([['a', 100, 1], ['b', 50, 1]]));
    await cart.load();
    cart.setQuantity('a', 2);
    await vi.advanceTimersByTimeAsync(300);
    cart.setQuantity('b', 3);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenLastCalledWith('a', 2);
    // b is still waiting: the answer for a must not undo b's local quantity.
    expect(data().items.find((i) => i.plantId._id === 'b')?.quantity).toBe(3);
    await vi.advanceTimersByTimeAsync(300);
    expect(api.update).toHaveBeenCalledTimes(2);
    expect(api.update).toHaveBeenLastCalledWith('b', 3);
    await vi.runAllTimersAsync();
    expect(data().total).toBe(350);
  });

  it('counts two quick steps as two, whatever the screen last showed', async () => {
    vi.useFakeTimers();
    const { api, cart, quantity } = setup(cartOf([['tulsi', 149, 1]]));
    await cart.load();
    cart.stepQuantity('tulsi', 1);
    cart.stepQuantity('tulsi', 1);
    expect(quantity('tulsi')).toBe(3);
    cart.stepQuantity('tulsi', -1);
    await vi.advanceTimersByTimeAsync(500);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith('tulsi', 2);
  });

  it('never goes below 1 or above stock', async () => {
    const { cart, quantity } = setup({ items: [{ plantId: plant('x', 10, 3), quantity: 2 }], total: 20 });
    await cart.load();
    cart.setQuantity('x', 0);
    expect(quantity('x')).toBe(1);
    cart.setQuantity('x', 99);
    expect(quantity('x')).toBe(3);
  });

  it('reloads the cart from the server when an update fails', async () => {
    vi.useFakeTimers();
    const { api, cart, data, quantity, pending, events } = setup(cartOf([['tulsi', 149, 2]]));
    api.update.mockRejectedValueOnce(new Error('Not enough stock'));
    await cart.load();
    expect(api.get).toHaveBeenCalledTimes(1);
    cart.setQuantity('tulsi', 5);
    expect(quantity('tulsi')).toBe(5);
    await vi.advanceTimersByTimeAsync(500);
    await cart.whenIdle();
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(quantity('tulsi')).toBe(2);
    expect(data().total).toBe(298);
    expect(pending()).toEqual([]);
    expect(events).toEqual([{ type: 'error', message: 'Not enough stock' }]);
  });

  it('keeps a newer local change when an older answer arrives', async () => {
    vi.useFakeTimers();
    const { api, cart, quantity } = setup(cartOf([['a', 100, 1]]));
    let release: (c: Cart) => void = () => undefined;
    api.update.mockImplementationOnce(() => new Promise<Cart>((r) => (release = r)));
    await cart.load();
    cart.setQuantity('a', 2);
    await vi.advanceTimersByTimeAsync(500);
    expect(api.update).toHaveBeenCalledWith('a', 2);
    cart.setQuantity('a', 3); // while the first request is in flight
    release(cartOf([['a', 100, 2]]));
    await vi.advanceTimersByTimeAsync(0);
    expect(quantity('a')).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    await cart.whenIdle();
    expect(api.update).toHaveBeenLastCalledWith('a', 3);
    expect(quantity('a')).toBe(3);
  });

  it('keeps a line being changed when a reload answers meanwhile', async () => {
    vi.useFakeTimers();
    const { cart, quantity } = setup(cartOf([['a', 100, 1]]));
    await cart.load();
    cart.setQuantity('a', 4);
    await cart.load(); // e.g. the Retry button, during the debounce
    expect(quantity('a')).toBe(4);
    await vi.runAllTimersAsync();
    expect(quantity('a')).toBe(4);
  });

  it('never sends a waiting change of a removed line', async () => {
    vi.useFakeTimers();
    const { api, cart, data } = setup(cartOf([['a', 100, 1], ['b', 50, 1]]));
    await cart.load();
    cart.setQuantity('a', 3);
    await cart.remove('a');
    await vi.runAllTimersAsync();
    expect(api.update).not.toHaveBeenCalled();
    expect(data().items.map((i) => i.plantId._id)).toEqual(['b']);
  });
});

describe('cart load, add and sign-out', () => {
  it('adds a plant and returns the server notice code', async () => {
    const { cart, quantity } = setup(cartOf([]));
    await cart.load();
    expect(await cart.add('rose', 2)).toBe('cart_item_added');
    expect(quantity('rose')).toBe(2);
  });

  it('puts an exact quantity, adding the plant when missing', async () => {
    const { api, cart, quantity } = setup(cartOf([['a', 100, 1]]));
    await cart.load();
    await cart.put('a', 5);
    expect(api.update).toHaveBeenCalledWith('a', 5);
    await cart.put('rose', 2);
    expect(api.add).toHaveBeenCalledWith('rose', 2);
    expect(quantity('a')).toBe(5);
    expect(quantity('rose')).toBe(2);
  });

  it('keeps a copy under the cart key, and forgets it on clear and reset', async () => {
    const { cart, data } = setup(cartOf([['a', 100, 2]]), { persist: true });
    await cart.load();
    expect(JSON.parse(localStorage.getItem('cart')!).total).toBe(200);
    await cart.clear();
    expect(data()).toEqual({ items: [], total: 0 });
    expect(JSON.parse(localStorage.getItem('cart')!).items).toEqual([]);
    cart.reset();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('drops an answer that arrives after sign-out', async () => {
    const { qc, api, cart } = setup(cartOf([['a', 100, 1]]));
    let release: (c: Cart) => void = () => undefined;
    api.get.mockImplementationOnce(() => new Promise<Cart>((r) => (release = r)));
    const loading = cart.load();
    cart.reset();
    release(cartOf([['a', 100, 1]]));
    await loading;
    expect(qc.getQueryData(queryKeys.cart.all)).toBeUndefined();
  });

  it('reports a load failure with the fallback text', async () => {
    const { qc, api, cart, events } = setup(cartOf([]));
    api.get.mockRejectedValueOnce('nope');
    await cart.load();
    expect(events).toEqual([{ type: 'error', message: 'Failed to load cart' }]);
    expect(qc.getQueryState(queryKeys.cart.all)?.status).toBe('error');
  });
});
