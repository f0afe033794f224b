/**
 * Auth state machine (spec sections 3 and 4). Starts `loading`; with a stored token the
 * current user is fetched (success: authenticated; 401: token cleared; any other failure
 * keeps the stored session and checks again later). Login and register store token and
 * user; logout clears token and user (and `CartSync` in app.tsx the cart).
 */
import { useSyncExternalStore } from 'react';
import { ApiError, api, onUnauthorized } from './api-client';
import { STORAGE_KEYS, readJson, readString, writeJson, writeString } from './storage';
import type { User } from '@/types/api';

export interface AuthState {
  isAuthenticated: boolean;
  user: User | null;
  token: string | null;
  loading: boolean;
  error: string | null;
}

export type AuthStatus = 'loading' | 'error' | 'authenticated' | 'unauthenticated';

export function authStatus(s: AuthState): AuthStatus {
  if (s.loading) return 'loading';
  if (s.error && !s.isAuthenticated) return 'error';
  return s.isAuthenticated ? 'authenticated' : 'unauthenticated';
}

const storedToken = readString(STORAGE_KEYS.token);
// Without a stored token there is nothing to check: the visitor starts signed out rather than
// "loading", so the app's first render already draws the anonymous screen and `initAuth` has
// no change to announce right after it (such a change re-rendered every component that reads
// the session in one synchronous task on start-up; issue 21, total blocking time).
let state: AuthState = {
  isAuthenticated: false,
  user: storedToken ? readJson<User>(STORAGE_KEYS.user) : null,
  token: storedToken,
  loading: storedToken !== null,
  error: null,
};
const listeners = new Set<() => void>();

function set(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

function signedIn(token: string, user: User) {
  writeString(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.user, user);
  set({ isAuthenticated: true, token, user, loading: false, error: null });
}

function signedOut(error: string | null = null) {
  writeString(STORAGE_KEYS.token, null);
  writeString(STORAGE_KEYS.user, null);
  set({ isAuthenticated: false, token: null, user: null, loading: false, error });
}

onUnauthorized(() => {
  if (state.isAuthenticated || state.token) signedOut();
});

let started = false;

/** Waits between checks of a stored session the server could not confirm (offline, 5xx, 429). */
export const SESSION_RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/** Called once at start-up: checks a stored token with GET /auth/me. */
export async function initAuth(): Promise<void> {
  if (started) return;
  started = true;
  const token = readString(STORAGE_KEYS.token);
  if (!token) {
    // Already signed out (see `state` above, or a sign-out since): only a stale copy of a user
    // may be left in storage.
    if (state.loading || state.isAuthenticated || state.token || state.user) signedOut();
    else if (readString(STORAGE_KEYS.user) !== null) writeString(STORAGE_KEYS.user, null);
    return;
  }
  set({ loading: true });
  await checkSession(token, 0);
}

async function checkSession(token: string, attempt: number): Promise<void> {
  try {
    const { user } = await api.get<{ user: User }>('/auth/me', { skipUnauthorizedRedirect: true });
    // Signed out (or in as someone else) while the check was under way: that wins.
    if (readString(STORAGE_KEYS.token) === token) signedIn(token, user);
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'http' && err.status === 401) {
      if (readString(STORAGE_KEYS.token) === token) signedOut();
      return;
    }
    // Only the server's "no" ends a session. A network blip, a timeout, a 5xx or a 429 says
    // nothing about the token: keep the stored user (the server still checks every request)
    // and ask again later, or as soon as the browser is back online.
    if (readString(STORAGE_KEYS.token) !== token) return;
    const stored = readJson<User>(STORAGE_KEYS.user);
    if (stored && !state.isAuthenticated) signedIn(token, stored);
    const wait = SESSION_RETRY_MS[Math.min(attempt, SESSION_RETRY_MS.length - 1)];
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      window.addEventListener('online', done);
    });
    if (readString(STORAGE_KEYS.token) === token) await checkSession(token, attempt + 1);
  }
}

interface AuthResponse {
  token: string;
  user: User;
  message?: string;
}

export async function login(email: string, password: string): Promise<AuthResponse> {
  set({ error: null });
  const res = await api.post<AuthResponse>('/auth/login', { email: email.trim(), password });
  signedIn(res.token, res.user);
  return res;
}

export async function register(name: string, email: string, password: string): Promise<AuthResponse> {
  set({ error: null });
  const res = await api.post<AuthResponse>('/auth/register', {
    name: name.trim(),
    email: email.trim(),
    password,
    role: 'customer',
  });
  signedIn(res.token, res.user);
  return res;
}

export function logout(): void {
  signedOut();
}

/** After a profile change: keep the stored copy of the user in step. */
export function setUser(user: User): void {
  writeJson(STORAGE_KEYS.user, user);
  set({ user });
}

export function getAuthState(): AuthState {
  return state;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAuth() {
  const s = useSyncExternalStore(subscribe, getAuthState, getAuthState);
  return { ...s, status: authStatus(s), isAdmin: s.user?.role === 'admin' && s.isAuthenticated };
}

/** Test helper: put the store in a known state. */
export function __setAuthStateForTests(patch: Partial<AuthState>): void {
  started = true;
  set(patch);
}
