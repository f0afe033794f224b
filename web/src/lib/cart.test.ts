import { describe, expect, it, vi } from 'vitest';
import { createCartStore, type CartApi, type CartEvent } from './cart';
import type { Cart } from '@/types/api';

const plant = (id: string, price: number, stock = 10) => ({ _id: id, name: id, nameHi: null, image: null, thumbnail: null, price, stock });

function cartOf(items: [string, number, number][]): Cart {
  const list = items.map(([id, price, quantity]) => ({ plantId: plant(id, price), quantity }));
  return { items: list, total: list.reduce((s, i) => s + i.plantId.price * i.quantity, 0) };
}

function fakeApi(initial: Cart) {
  let server = structuredClone(initial);
  const api = {
    get: vi.fn(async () => structuredClone(server)),
    add: vi.fn(async () => ({ cart: structuredClone(server) })),
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

describe('cart store', () => {
  it('applies quantity changes at once and sends one request after 500 ms of quiet', async () => {
    vi.useFakeTimers();
    const api = fakeApi(cartOf([['tulsi', 149, 1]]));
    const store = createCartStore(api, { persist: false });
    await store.load();
    store.setQuantity('tulsi', 2);
    store.setQuantity('tulsi', 3);
    store.setQuantity('tulsi', 4);
    expect(store.getState().items[0].quantity).toBe(4);
    expect(store.getState().total).toBe(596);
    expect(store.getState().pending.tulsi).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(api.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith('tulsi', 4);
    await vi.runAllTimersAsync();
    expect(store.getState().pending.tulsi).toBeUndefined();
    expect(store.getState().items[0].quantity).toBe(4);
  });

  it('debounces each item on its own', async () => {
    vi.useFakeTimers();
    const api = fakeApi(cartOf([['a', 100, 1], ['b', 50, 1]]));
    const store = createCartStore(api, { persist: false });
    await store.load();
    store.setQuantity('a', 2);
    await vi.advanceTimersByTimeAsync(300);
    store.setQuantity('b', 3);
    await vi.advanceTimersByTimeAsync(200);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenLastCalledWith('a', 2);
    await vi.advanceTimersByTimeAsync(300);
    expect(api.update).toHaveBeenCalledTimes(2);
    expect(api.update).toHaveBeenLastCalledWith('b', 3);
    expect(store.getState().total).toBe(350);
  });

  it('never goes below 1 or above stock', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ items: [{ plantId: plant('x', 10, 3), quantity: 2 }], total: 20 });
    const store = createCartStore(api, { persist: false });
    await store.load();
    store.setQuantity('x', 0);
    expect(store.getState().items[0].quantity).toBe(1);
    store.setQuantity('x', 99);
    expect(store.getState().items[0].quantity).toBe(3);
  });

  it('reloads the cart from the server when an update fails', async () => {
    vi.useFakeTimers();
    const api = fakeApi(cartOf([['tulsi', 149, 2]]));
    api.update.mockRejectedValueOnce(new Error('Not enough stock'));
    const store = createCartStore(api, { persist: false });
    const events: CartEvent[] = [];
    store.onEvent((e) => events.push(e));
    await store.load();
    expect(api.get).toHaveBeenCalledTimes(1);
    store.setQuantity('tulsi', 5);
    expect(store.getState().items[0].quantity).toBe(5);
    await vi.advanceTimersByTimeAsync(500);
    await vi.runAllTimersAsync();
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(store.getState().items[0].quantity).toBe(2);
    expect(store.getState().total).toBe(298);
    expect(store.getState().pending.tulsi).toBeUndefined();
    expect(events).toEqual([{ type: 'error', message: 'Not enough stock' }]);
  });

  it('keeps a newer local change when an older answer arrives', async () => {
    vi.useFakeTimers();
    const api = fakeApi(cartOf([['a', 100, 1]]));
    let release: (c: Cart) => void = () => undefined;
    api.update.mockImplementationOnce(() => new Promise<Cart>((r) => (release = r)));
    const store = createCartStore(api, { persist: false });
    await store.load();
    store.setQuantity('a', 2);
    await vi.advanceTimersByTimeAsync(500);
    store.setQuantity('a', 3); // while the first request is in flight
    release(cartOf([['a', 100, 2]]));
    await Promise.resolve();
    expect(store.getState().items[0].quantity).toBe(3);
    await vi.advanceTimersByTimeAsync(500);
    await vi.runAllTimersAsync();
    expect(api.update).toHaveBeenLastCalledWith('a', 3);
    expect(store.getState().items[0].quantity).toBe(3);
  });

  it('empties on reset and clear, and keeps a copy under the cart key', async () => {
    const api = fakeApi(cartOf([['a', 100, 2]]));
    const store = createCartStore(api);
    await store.load();
    expect(JSON.parse(localStorage.getItem('cart')!).total).toBe(200);
    await store.clear();
    expect(store.getState().items).toEqual([]);
    expect(store.getState().total).toBe(0);
    store.reset();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('reports a load failure with the fallback text', async () => {
    const api = fakeApi(cartOf([]));
    api.get.mockRejectedValueOnce('nope');
    const store = createCartStore(api, { persist: false });
    await store.load();
    expect(store.getState().error).toBe('Failed to load cart');
  });
});
