/** The local-storage keys of spec section 3, in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  cart: 'cart',
  theme: 'theme',
  language: 'language',
  /** Issue 20: the PIN last checked for delivery. */
  deliveryPin: 'deliveryPin',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* private mode or quota: the app still works for this visit */
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === null || value === undefined ? null : JSON.stringify(value));
}
