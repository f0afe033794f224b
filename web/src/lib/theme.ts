/** Light/dark theme kept under the `theme` local-storage key and set on <html data-theme>. */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readString, writeString } from './storage';

export type Theme = 'light' | 'dark';
const listeners = new Set<() => void>();

export function currentTheme(): Theme {
  const stored = readString(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  writeString(STORAGE_KEYS.theme, theme);
  document.documentElement.dataset.theme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  meta?.setAttribute('content', theme === 'dark' ? '#0c0f0c' : '#fbfbf7');
  listeners.forEach((l) => l());
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentTheme,
    () => 'light' as Theme,
  );
  return [theme, setTheme];
}
