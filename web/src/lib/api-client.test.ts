import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage, isAuthExemptPath, newIdempotencyKey, onUnauthorized, setNavigator, statusMessage } from './api-client';
import { json, stubFetch } from '@/testing/fetch';

/** Resolves with the error a request fails with (and fails the test if it succeeds). */
function fail(p: Promise<unknown>): Promise<ApiError> {
  return p.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: ApiError) => e,
  );
}

describe('error message selection (spec section 8)', () => {
  it('prefers the server message', async () => {
    stubFetch(() => json({ success: false, message: 'Not enough stock for Tulsi' }, 409));
    const err = await fail(api.get('/x'));
    expect(err).toBeInstanceOf(ApiError);
    expect(errorMessage(err)).toBe('Not enough stock for Tulsi');
  });

  it.each([
    [400, 'Please check your input and try again.'],
    [401, 'Please login to continue.'],
    [403, 'You do not have permission to perform this action.'],
    [404, 'The requested resource was not found.'],
    [500, 'Server error. Please try again later.'],
    [409, 'Something went wrong. Please try again.'],
    [418, 'Something went wrong. Please try again.'],
  ])('falls back to the text for status %i', async (status, text) => {
    stubFetch(() => new Response('oops', { status }));
    // No redirect: its 100 ms timer would otherwise go off during a later test.
    const err = await fail(api.get('/x', { skipUnauthorizedRedirect: true }));
    expect(err.status).toBe(status);
    expect(errorMessage(err)).toBe(text);
  });

  it('reports a network error when there is no response', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await fail(api.get('/x'));
    expect(err.kind).toBe('network');
    expect(errorMessage(err)).toBe('Network error. Please check your connection.');
  });

  it('times out after 30 s and reports it as a network error', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_u: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const p = fail(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err.kind).toBe('timeout');
    expect(errorMessage(err)).toBe('Network error. Please check your connection.');
  });

  it("uses an ordinary error's own message, else the fallback", () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('weird', 'Failed to load cart')).toBe('Failed to load cart');
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });

  it('keeps validation errors and Retry-After', async () => {
    stubFetch(() => json({ success: false, message: 'Validation failed', errors: [{ field: 'price', message: 'Price is required' }] }, 429, { 'Retry-After': '7' }));
    const err: ApiError = await fail(api.post('/plants', {}));
    expect(err.errors).toEqual([{ field: 'price', message: 'Price is required' }]);
    expect(err.retryAfter).toBe(7);
  });

  it('maps statuses without a response to the network text', () => {
    expect(statusMessage(0, 'network')).toBe('Network error. Please check your connection.');
  });
});

describe('requests', () => {
  it('sends the bearer token, JSON body and query under /api', async () => {
    localStorage.setItem('token', 'abc');
    const fetchMock = stubFetch(() => json({ success: true, ok: 1 }));
    const res = await api.post<{ ok: number }>('/cart/add', { plantId: 'p1', quantity: 2 }, { query: { a: 1, b: '', c: undefined } });
    expect(res.ok).toBe(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/cart/add?a=1');
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ plantId: 'p1', quantity: 2 }));
    expect(init.credentials).toBe('include');
  });

  it('leaves multipart content type to the browser', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    const fd = new FormData();
    fd.append('message', 'hi');
    await api.post('/ai-chat/message', fd);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init.body).toBe(fd);
  });

  it('makes UUID idempotency keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('the 401 rule', () => {
  function at(path: string) {
    window.history.replaceState(null, '', path);
  }

  it('clears token and user, tells listeners, and goes to /login after 100 ms', async () => {
    vi.useFakeTimers();
    at('/orders');
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{"name":"A"}');
    localStorage.setItem('theme', 'dark');
    const nav = vi.fn();
    setNavigator(nav);
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    stubFetch(() => json({ success: false, message: 'Invalid token' }, 401));
    const err = await fail(api.get('/orders'));
    off();
    expect(err.status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(nav).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(nav).toHaveBeenCalledWith('/login?redirect=%2Forders');
  });

  it.each(['/login', '/register', '/admin/plants', '/admin'])('stays put on %s', async (path) => {
    vi.useFakeTimers();
    at(path);
    localStorage.setItem('token', 't');
    const nav = vi.fn();
    setNavigator(nav);
    stubFetch(() => json({ success: false }, 401));
    await api.get('/auth/me').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(500);
    expect(nav).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not redirect for the start-up session check', async () => {
    vi.useFakeTimers();
    at('/');
    const nav = vi.fn();
    setNavigator(nav);
    stubFetch(() => json({ success: false }, 401));
    await api.get('/auth/me', { skipUnauthorizedRedirect: true }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(500);
    expect(nav).not.toHaveBeenCalled();
  });

  it('knows the exempt paths', () => {
    expect(isAuthExemptPath('/login')).toBe(true);
    expect(isAuthExemptPath('/register')).toBe(true);
    expect(isAuthExemptPath('/admin/orders')).toBe(true);
    expect(isAuthExemptPath('/administrator')).toBe(false);
    expect(isAuthExemptPath('/profile')).toBe(false);
  });
});
