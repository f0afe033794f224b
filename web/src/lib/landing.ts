/**
 * What a first visit to a page can start before the app's JavaScript has arrived.
 *
 * The build adds this file to index.html as a deferred classic script (`landingPlugin` in
 * vite.config.ts), which calls `startLanding` once the HTML is parsed; it then adds the entry
 * module itself, after the server's first screen has painted (see `startLanding`). For `/`
 * it preloads the hero picture; for `/catalogue` and `/plant/:id`, in parallel with the main
 * bundle, it:
 *   - modulepreloads the page's lazy route chunk (and its imports) and preloads its CSS,
 *     so the chunk is not fetched only after the main bundle has run;
 *   - requests the page's API data (the exact request the app would make: same URL, headers
 *     and credentials), which `takeLandingResponse` hands to the API client once;
 *   - preloads the largest picture of the page (the plant's image, the first card's
 *     thumbnail) as soon as that data has arrived.
 * When the server has put the page's API answer into the HTML (issue 21: a
 * `<meta name="hariyali-data" content="{api url}">` in the head, the answer in
 * `<script type="application/json" id="hariyali-data">` at the end of the body, the picture's
 * preload in the head), none of that request is made: `takeInlineData` hands the answer to
 * the app, which puts it into its query cache before the first render.
 * The catalogue's URL filters and the API URL builder live here so the inlined copy and the
 * app share one definition (server/src/http/page_data.rs mirrors them).
 *
 * It must stay self-contained: no runtime imports (type-only imports are fine).
 */

export const API_BASE = '/api';
/** The local-storage key of the bearer token (STORAGE_KEYS.token; a test keeps them equal). */
export const TOKEN_STORAGE_KEY = 'token';
/** An early response older than this is not used: the app asks again. */
export const LANDING_MAX_AGE_MS = 10_000;

// ------------------------------------------------------------------ API URLs

export type Query = Record<string, string | number | undefined | null>;

/** `/api` + path + the non-empty query parameters, in the order given. */
export function buildUrl(path: string, query?: Query): string {
  let url = API_BASE + path;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

// ------------------------------------------------------------------ catalogue filters

export const PAGE_SIZE = 24;
/**
 * The list view the catalogue asks for (`GET /api/plants?view=card`): each description cut to
 * its first `CARD_DESCRIPTION_CHARS` characters and `…`, all a card draws of it (issue 21: the
 * whole descriptions, in two languages, were most of the data the server puts into
 * `/catalogue`, which then no longer fitted in the first round trip). Only the cards read
 * this answer; every other screen asks for the plant itself.
 */
export const CATALOGUE_VIEW = 'card';
/** How many characters of a description a card shows (server: `domain::catalogue`). */
export const CARD_DESCRIPTION_CHARS = 100;
export const SORT_FIELDS = ['name', 'price', 'rating', 'newest'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface CatalogueFilters {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  minRating: string;
  /** Issue 19: 'true' for pet-safe plants only; a care light word (LIGHT_VALUES). */
  petSafe: string;
  light: string;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  page: number;
}

/** The `light` values `GET /api/plants` accepts (Care's light words). */
export const LIGHT_VALUES = ['low', 'medium', 'bright-indirect', 'full-sun'] as const;

export const DEFAULT_FILTERS: CatalogueFilters = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  minRating: '',
  petSafe: '',
  light: '',
  sortBy: 'name',
  sortOrder: 'asc',
  page: 1,
};

/** Reads the filters from the URL, ignoring anything malformed. */
export function filtersFromParams(p: URLSearchParams): CatalogueFilters {
  const num = (v: string | null) => (v && /^\d+$/.test(v) ? v : '');
  const sortBy = p.get('sortBy') as SortField | null;
  const rating = p.get('minRating');
  const page = Number(p.get('page'));
  return {
    search: p.get('search') ?? '',
    category: p.get('category') ?? '',
    minPrice: num(p.get('minPrice')),
    maxPrice: num(p.get('maxPrice')),
    minRating: rating && /^[1-5]$/.test(rating) ? rating : '',
    petSafe: p.get('petSafe') === 'true' ? 'true' : '',
    light: (LIGHT_VALUES as readonly string[]).includes(p.get('light') ?? '') ? (p.get('light') as string) : '',
    sortBy: sortBy && SORT_FIELDS.includes(sortBy) ? sortBy : DEFAULT_FILTERS.sortBy,
    sortOrder: p.get('sortOrder') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string parameters of `GET /api/plants` for a catalogue page. */
export function plantsListQuery(f: CatalogueFilters): Query {
  return {
    search: f.search.trim(),
    category: f.category,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    minRating: f.minRating,
    petSafe: f.petSafe,
    light: f.light,
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
    page: f.page,
    limit: PAGE_SIZE,
    view: CATALOGUE_VIEW,
  };
}

/** The API path of a plant page (`id` as the router hands it over: decoded). */
export function plantPath(id: string): string {
  return `/plants/${encodeURIComponent(id)}`;
}

// ------------------------------------------------------------------ landing

/** The home page's hero picture, its largest element. */
export const HOME_HERO_IMAGE = '/illustrations/hero.svg';

export type LandingRoute = 'catalogue' | 'plant';

/** Route chunk files per landing route, written into index.html by the build. */
export type LandingAssets = Partial<Record<LandingRoute, { js: string[]; css: string[] }>>;

interface EarlyResponse {
  url: string;
  token: string | null;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __hariyaliLanding?: EarlyResponse;
  }
}

export function landingRoute(pathname: string): LandingRoute | null {
  if (pathname === '/catalogue') return 'catalogue';
  if (/^\/plant\/[^/]+$/.test(pathname)) return 'plant';
  return null;
}

/** The API request the page at this address starts with, if it is a landing route. */
export function landingApiUrl(pathname: string, search: string): string | null {
  const route = landingRoute(pathname);
  if (route === 'catalogue') return buildUrl('/plants', plantsListQuery(filtersFromParams(new URLSearchParams(search))));
  if (route === 'plant') {
    try {
      return buildUrl(plantPath(decodeURIComponent(pathname.slice('/plant/'.length))));
    } catch {
      return null; // malformed escape: the page shows its own error
    }
  }
  return null;
}

/** The headers and credentials of a GET by the API client (api-client.ts `request`). */
export function apiGetInit(token: string | null): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method: 'GET', headers, credentials: 'include' };
}

/** Longest wait for the server's first screen to paint before the app is started anyway. */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs in index.html before the app: see the top of this file. Never throws.
 *
 * `entry` is the app's module (the build no longer lists it in index.html): on a page whose
 * first screen the server drew, it and this file's early fetches start once that screen has
 * painted, so the first paint shares the connection and the main thread with nothing the app
 * needs (issue 21: Lighthouse counts every request that finished before the largest paint as
 * one the paint waited for; the main bundle alone is 97 KB). Elsewhere they start at once.
 */
export function startLanding(assets: LandingAssets, entry?: string): void {
  afterFirstScreen(() => {
    earlyFetches(assets);
    if (entry) startApp(entry);
  });
}

/** Calls `then` once the server's first screen has painted (at once on a page without one). */
export function afterFirstScreen(then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    then();
  };
  try {
    // A tab in the background does not paint until it is shown: nothing to wait for.
    if (!document.querySelector('#root > .shell') || document.visibilityState !== 'visible') return go();
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      go();
    });
    painted.observe({ type: 'paint', buffered: true });
    setTimeout(go, FIRST_PAINT_WAIT_MS);
  } catch {
    go(); // no paint timing: start as before
  }
}

/** Adds the app's module script, as the build used to write it into index.html. */
function startApp(entry: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.appendChild(script);
}

function earlyFetches(assets: LandingAssets): void {
  try {
    const { pathname, search } = window.location;
    const head = document.head;
    const link = (rel: string, href: string, as?: string, high?: boolean) => {
      // The server may have put a preload of the page's picture into the HTML already.
      if (as === 'image' && [...head.querySelectorAll('link[rel="preload"]')].some((l) => l.getAttribute('href') === href)) return;
      const l = document.createElement('link');
      l.rel = rel;
      if (as) l.setAttribute('as', as);
      if (rel === 'modulepreload' || as === 'style') l.crossOrigin = ''; // as Vite's own loader asks
      if (high) l.setAttribute('fetchpriority', 'high');
      l.href = href;
      head.appendChild(l);
    };
    if (pathname === '/') link('preload', HOME_HERO_IMAGE, 'image', true);
    const route = landingRoute(pathname);
    if (!route) return;
    const files = assets[route];
    files?.js.forEach((href) => link('modulepreload', href));
    files?.css.forEach((href) => link('preload', href, 'style'));

    const url = landingApiUrl(pathname, search);
    if (!url || inlineDataUrl() === url) return;
    let token: string | null = null;
    try {
      token = window.localStorage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      /* storage blocked: an anonymous request, as the app would make */
    }
    const response = fetch(url, apiGetInit(token));
    window.__hariyaliLanding = { url, token, at: Date.now(), response };
    response
      .then((r) => (r.ok ? r.clone().json() : null))
      .then((body: { plant?: PictureOf; plants?: PictureOf[] } | null) => {
        const plant = route === 'plant' ? body?.plant : body?.plants?.[0];
        const src = route === 'plant' ? (plant?.image ?? plant?.thumbnail) : (plant?.thumbnail ?? plant?.image);
        if (typeof src === 'string' && src) link('preload', src, 'image', true);
      })
      .catch(() => {});
  } catch {
    /* an old browser: the app does everything itself */
  }
}

/** The id of the page's data element and the name of its meta (server: `page_data::DATA_ID`). */
export const INLINE_DATA_ID = 'hariyali-data';

/** The API URL whose answer the server put into this page, if any. */
export function inlineDataUrl(): string | null {
  return document.querySelector(`meta[name="${INLINE_DATA_ID}"]`)?.getAttribute('content') ?? null;
}

/**
 * The API answer the server put into this page, if it is the answer to `url`; taken once
 * (the element is removed, so a later visit to the same address asks the server as usual).
 */
export function takeInlineData(url: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(INLINE_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as { url?: unknown; body?: unknown } | null;
    return data && data.url === url ? data.body : undefined;
  } catch {
    return undefined;
  }
}

interface PictureOf {
  image?: string | null;
  thumbnail?: string | null;
}

/**
 * The response of the request `startLanding` made for this URL with this bearer token (the
 * same headers, see `apiGetInit`), handed over once and only while fresh; undefined
 * otherwise (the caller fetches as usual).
 */
export function takeLandingResponse(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__hariyaliLanding;
  if (!early || early.url !== url || early.token !== token) return undefined;
  window.__hariyaliLanding = undefined;
  return now - early.at <= LANDING_MAX_AGE_MS ? early.response : undefined;
}
