/**
 * The one HTTP client of the app: base `/api`, bearer token from local storage, JSON or
 * multipart bodies, a 30 s timeout, the error-message selection of spec section 8 and the
 * 401 rule (clear token and user, then go to the login page after 100 ms unless already on
 * a login, register or admin path).
 */
import { en } from './i18n/en';
import { errorCodeText } from './i18n';
import { API_BASE, buildUrl, takeLandingResponse, type Query } from './landing';
import { STORAGE_KEYS, readString, writeString } from './storage';
import type { ErrorBody, ErrorCode, FieldError } from '@/types/api';
import { routeTo } from './routes';

export { API_BASE, buildUrl };
export const REQUEST_TIMEOUT_MS = 30_000;
export const UNAUTHORIZED_REDIRECT_MS = 100;

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's stable name for the failure (`email_taken`…), when it sent one. */
  readonly code?: ErrorCode;
  /** The server's `message` field, when it sent one. */
  readonly serverMessage?: string;
  /** The assistant's `error` field, when present. */
  readonly serverError?: string;
  readonly errors?: FieldError[];
  readonly retryAfter?: number;

  constructor(opts: {
    status: number;
    kind: ApiErrorKind;
    body?: Partial<ErrorBody> | null;
    retryAfter?: number;
  }) {
    const body = opts.body ?? undefined;
    super(statusMessage(opts.status, opts.kind));
    this.name = 'ApiError';
    this.status = opts.status;
    this.kind = opts.kind;
    this.code = typeof body?.code === 'string' && body.code ? body.code : undefined;
    this.serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
    this.serverError = typeof body?.error === 'string' && body.error ? body.error : undefined;
    this.errors = Array.isArray(body?.errors) ? body.errors : undefined;
    this.retryAfter = opts.retryAfter;
  }
}

/** Spec section 8: the message for a status when the server sent none. */
export function statusMessage(status: number, kind: ApiErrorKind = 'http'): string {
  if (kind !== 'http') return en['err.network'];
  switch (status) {
    case 400:
      return en['err.400'];
    case 401:
      return en['err.401'];
    case 403:
      return en['err.403'];
    case 404:
      return en['err.404'];
    case 500:
      return en['err.500'];
    default:
      return en['err.other'];
  }
}

/**
 * The message to show for any failure: the server's message if present (not for 5xx) — in
 * another language the translation of its `code` when there is one —, else the error's own
 * message, else the status text; a failure without a response is a network error.
 */
export function errorMessage(err: unknown, fallback?: string): string {
  // A server fault's own text is an internal detail, never shown: the status text stands in.
  if (err instanceof ApiError && err.kind === 'http' && err.status >= 500) return err.message;
  if (err instanceof ApiError) return errorCodeText(err.code) ?? err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback ?? en['err.other'];
}

// ------------------------------------------------------------------ 401 handling

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
const unauthorizedListeners = new Set<() => void>();

/** The router registers its navigate function so the 401 redirect stays client-side. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

/** The auth store listens to reset its state when the server says the session is gone. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function isAuthExemptPath(pathname: string): boolean {
  return /^\/(login|register|admin)(\/|$)/.test(pathname);
}

export function handleUnauthorized(): void {
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.user, null);
  unauthorizedListeners.forEach((l) => l());
  setTimeout(() => {
    const { pathname, search } = window.location;
    if (!isAuthExemptPath(pathname)) {
      navigate(routeTo.login(pathname + search));
    }
  }, UNAUTHORIZED_REDIRECT_MS);
}

// ------------------------------------------------------------------ requests

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body (objects) or multipart (FormData). */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The start-up session check must not bounce visitors to /login. */
  skipUnauthorizedRedirect?: boolean;
  /**
   * Upload progress (0..1) of a multipart body. The request then goes through
   * XMLHttpRequest (fetch reports no upload progress), and the timeout counts from the last
   * sign of progress, so a slow mobile link that is still sending is not cut off.
   */
  onUploadProgress?: (fraction: number) => void;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = readString(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const expire = () => {
    timedOut = true;
    controller.abort();
  };
  let timer = setTimeout(expire, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const progressed = (fraction: number) => {
    clearTimeout(timer);
    timer = setTimeout(expire, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    opts.onUploadProgress?.(fraction);
  };
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  const url = buildUrl(path, opts.query);
  const init: RequestInit = { method: opts.method ?? 'GET', headers, body, credentials: 'include', signal: controller.signal };
  // A first visit's page data may already be on its way (landing.ts): the same request (URL,
  // token, headers), started by index.html before this code had loaded. Used once; a failure
  // asks again.
  const early = init.method === 'GET' && !opts.headers ? takeLandingResponse(url, token) : undefined;

  let res: Response;
  try {
    res = await (early
      ? Promise.race([early.catch(() => fetch(url, init)), abortion(controller.signal)])
      : opts.onUploadProgress
        ? sendWithProgress(url, init, progressed)
        : fetch(url, init));
  } catch (e) {
    if (opts.signal?.aborted && !timedOut) throw e;
    throw new ApiError({ status: 0, kind: timedOut ? 'timeout' : 'network' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  const data = await readBody(res);
  if (!res.ok) {
    if (res.status === 401 && !opts.skipUnauthorizedRedirect) handleUnauthorized();
    const retry = Number(res.headers.get('Retry-After'));
    throw new ApiError({
      status: res.status,
      kind: 'http',
      body: data && typeof data === 'object' ? (data as Partial<ErrorBody>) : null,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    });
  }
  return data as T;
}

/** fetch's contract (a Response, rejection on network failure or abort) over XMLHttpRequest. */
function sendWithProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(k, v);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.total ? e.loaded / e.total : 1);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/** Rejects like fetch does when the signal aborts (the timeout or the caller's signal). */
function abortion(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const type = res.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return null;
  try {
    return await res.json();
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** A fresh idempotency key (crypto.randomUUID is missing outside secure contexts). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
