import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { SITE_DESCRIPTION } from '@/lib/document-title';
import { HOME_HERO_IMAGE, LANDING_MAX_AGE_MS, TOKEN_STORAGE_KEY, landingApiUrl, startLanding, takeLandingResponse } from '@/lib/landing';
import { STORAGE_KEYS } from '@/lib/storage';
import { json, stubFetch } from '@/testing/fetch';
import { filtersFromParams, plantsQuery } from '@/features/catalogue/queries';
import { plantQuery } from '@/features/plant/queries';

const ASSETS = {
  catalogue: { js: ['/assets/catalogue-page-x.js', '/assets/useQuery-x.js'], css: ['/assets/catalogue-page-x.css'] },
  plant: { js: ['/assets/plant-page-x.js'], css: ['/assets/plant-page-x.css'] },
};

afterEach(() => {
  window.__hariyaliLanding = undefined;
  document.head.querySelectorAll('link, script[type="module"]').forEach((l) => l.remove());
  window.history.replaceState(null, '', '/');
});

/** The URL the app itself requests for a query function. */
async function requested(queryFn: (ctx: { signal?: AbortSignal }) => Promise<unknown>): Promise<string> {
  const fetch = stubFetch(() => json({ plant: {}, plants: [] }));
  await queryFn({});
  return String(fetch.mock.calls[0][0]);
}

describe('landing requests (index.html inline script)', () => {
  it.each([
    '',
    '?category=Indoor',
    '?search=%20money%20plant%20&sortBy=price&sortOrder=desc&page=3',
    '?minPrice=100&maxPrice=900&minRating=4',
    '?minPrice=abc&minRating=9&sortBy=bogus&page=-2',
    '?search=%E0%A4%A4%E0%A5%81%E0%A4%B2%E0%A4%B8%E0%A5%80&category=Succulents',
  ])('asks for exactly what the catalogue page asks for (%s)', async (search) => {
    const app = await requested(plantsQuery(filtersFromParams(new URLSearchParams(search))).queryFn);
    expect(landingApiUrl('/catalogue', search)).toBe(app);
  });

  it.each(['01a2016d-c896-7755-b240-c02545c50d6a', 'weird%20id', 'a%2Fb'])('asks for exactly what the plant page asks for (%s)', async (raw) => {
    const app = await requested(plantQuery(decodeURIComponent(raw)).queryFn);
    expect(landingApiUrl(`/plant/${raw}`, '')).toBe(app);
  });

  it('asks for nothing elsewhere or for a malformed address', () => {
    for (const path of ['/', '/cart', '/plant', '/plant/a/b', '/catalogue/x']) expect(landingApiUrl(path, '')).toBeNull();
    expect(landingApiUrl('/plant/%E0%A4', '')).toBeNull();
  });

  it('reads the token under the key the app stores it', () => {
    expect(TOKEN_STORAGE_KEY).toBe(STORAGE_KEYS.token);
  });
});

describe('startLanding', () => {
  it('preloads the chunk, the data with the same headers, then the first picture', async () => {
    window.history.replaceState(null, '', '/catalogue?category=Indoor');
    localStorage.setItem('token', 'abc');
    const fetch = stubFetch(() => json({ plants: [{ thumbnail: '/media/t.svg', image: '/media/i.svg' }] }));
    startLanding(ASSETS);

    const links = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('as') ?? ''} ${l.getAttribute('href')}`);
    expect(links()).toEqual(['modulepreload  /assets/catalogue-page-x.js', 'modulepreload  /assets/useQuery-x.js', 'preload style /assets/catalogue-page-x.css']);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/plants?category=Indoor&sortBy=name&sortOrder=asc&page=1&limit=24&view=card');
    expect(init).toEqual({ method: 'GET', headers: { Accept: 'application/json', Authorization: 'Bearer abc' }, credentials: 'include' });
    await new Promise((r) => setTimeout(r, 0));
    expect(links()).toContain('preload image /media/t.svg');
  });

  it("uses the plant's image, and not twice when the server preloads it", async () => {
    window.history.replaceState(null, '', '/plant/p1');
    const server = document.createElement('link');
    server.setAttribute('rel', 'preload');
    server.setAttribute('as', 'image');
    server.setAttribute('href', '/media/i.svg');
    document.head.appendChild(server);
    stubFetch(() => json({ plant: { thumbnail: '/media/t.svg', image: '/media/i.svg' } }));
    startLanding(ASSETS);
    await new Promise((r) => setTimeout(r, 0));
    expect(document.head.querySelectorAll('link[as="image"]')).toHaveLength(1);
    expect(window.__hariyaliLanding?.url).toBe('/api/plants/p1');
  });

  it('starts the app itself, at once on a page the server drew no first screen for', () => {
    stubFetch(() => json({}));
    startLanding(ASSETS, '/assets/index-x.js');
    const module = document.head.querySelector('script[type="module"]');
    expect(module?.getAttribute('src')).toBe('/assets/index-x.js');
    expect(module?.getAttribute('crossorigin')).toBe('');
  });

  it('waits for the first paint of the server’s first screen, then starts the app', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<div class="app shell"></div>';
    document.body.appendChild(root);
    let paint: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof paint) {
          paint = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    stubFetch(() => json({}));
    try {
      startLanding(ASSETS, '/assets/index-x.js');
      expect(document.head.querySelector('script[type="module"]')).toBeNull();
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
      paint?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
      expect(document.head.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-x.js');
      expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual([HOME_HERO_IMAGE]);
    } finally {
      root.remove();
      vi.unstubAllGlobals();
    }
  });

  it('only preloads the hero picture on the home page', () => {
    const fetch = stubFetch(() => json({}));
    startLanding(ASSETS);
    expect(fetch).not.toHaveBeenCalled();
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual([HOME_HERO_IMAGE]);
  });
});

describe('the API client and the early response', () => {
  it('uses it once instead of fetching', async () => {
    const fetch = stubFetch(() => json({ plant: { name: 'late' } }));
    window.__hariyaliLanding = { url: '/api/plants/p1', token: null, at: Date.now(), response: Promise.resolve(json({ plant: { name: 'early' } })) };
    expect(await api.get('/plants/p1')).toEqual({ plant: { name: 'early' } });
    expect(fetch).not.toHaveBeenCalled();
    expect(await api.get('/plants/p1')).toEqual({ plant: { name: 'late' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches again when the early request failed', async () => {
    stubFetch(() => json({ plant: { name: 'late' } }));
    window.__hariyaliLanding = { url: '/api/plants/p1', token: null, at: Date.now(), response: Promise.reject(new TypeError('Failed to fetch')) };
    expect(await api.get('/plants/p1')).toEqual({ plant: { name: 'late' } });
  });

  it('keeps the error handling of a normal response', async () => {
    window.__hariyaliLanding = { url: '/api/plants/p1', token: null, at: Date.now(), response: Promise.resolve(json({ success: false, message: 'Plant not found' }, 404)) };
    await expect(api.get('/plants/p1')).rejects.toMatchObject({ status: 404, serverMessage: 'Plant not found' });
  });

  it('ignores a stale one, or one for another URL or token', () => {
    const response = Promise.resolve(json({}));
    window.__hariyaliLanding = { url: '/api/plants/p1', token: 't1', at: 0, response };
    expect(takeLandingResponse('/api/plants/p2', 't1', LANDING_MAX_AGE_MS)).toBeUndefined();
    expect(takeLandingResponse('/api/plants/p1', null, LANDING_MAX_AGE_MS)).toBeUndefined();
    expect(takeLandingResponse('/api/plants/p1', 't1', LANDING_MAX_AGE_MS + 1)).toBeUndefined();
    window.__hariyaliLanding = { url: '/api/plants/p1', token: 't1', at: 0, response };
    expect(takeLandingResponse('/api/plants/p1', 't1', LANDING_MAX_AGE_MS)).toBe(response);
    expect(takeLandingResponse('/api/plants/p1', 't1', LANDING_MAX_AGE_MS)).toBeUndefined();
  });

  it('is not used once the token has changed', async () => {
    localStorage.setItem('token', 'new');
    stubFetch(() => json({ plant: { name: 'late' } }));
    window.__hariyaliLanding = { url: '/api/plants/p1', token: 'old', at: Date.now(), response: Promise.resolve(json({ plant: { name: 'early' } })) };
    expect(await api.get('/plants/p1')).toEqual({ plant: { name: 'late' } });
  });
});

describe('index.html', () => {
  const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');

  it('keeps the default title and description between the markers the server replaces', () => {
    const block = /<!--hariyali:head-->([\s\S]*)<!--\/hariyali:head-->/.exec(html)?.[1] ?? '';
    expect(block).toContain('<title>');
    expect(block).toContain(`<meta name="description" content="${SITE_DESCRIPTION}" />`);
    expect(html.match(/<!--hariyali:head-->/g)).toHaveLength(1);
  });
});
