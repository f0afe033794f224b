/**
 * A tiny i18n layer: English is bundled, Hindi is a separate chunk loaded on demand.
 * The language is kept under the `language` local-storage key and mirrored on <html lang>.
 */
import { useSyncExternalStore } from 'react';
import { en, type Dictionary, type MessageKey } from './en';
import { STORAGE_KEYS, readString, writeString } from '../storage';
import { ERROR_CODE_TEXT, FIELD_CODE_TEXT, NOTICE_TEXT } from './error-codes';
import type { FieldError, Notice } from '@/types/api';

export type Language = 'en' | 'hi';
export type { MessageKey };
export type Params = Record<string, string | number>;

let language: Language = 'en';
let dict: Dictionary = en;
const listeners = new Set<() => void>();

export function storedLanguage(): Language {
  return readString(STORAGE_KEYS.language) === 'hi' ? 'hi' : 'en';
}

/** The language a link asks for with `?lang=hi` or `?lang=en` (plant pages' hreflang links). */
export function languageFromLink(search: string): Language | null {
  const lang = new URLSearchParams(search).get('lang');
  return lang === 'hi' || lang === 'en' ? lang : null;
}

async function dictionaryFor(lang: Language): Promise<Dictionary> {
  if (lang === 'en') return en;
  const mod = await import('./hi');
  return mod.hi;
}

/** Loads and switches to `lang`, remembering it. */
export async function setLanguage(lang: Language): Promise<void> {
  const next = await dictionaryFor(lang);
  language = lang;
  dict = next;
  writeString(STORAGE_KEYS.language, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  listeners.forEach((l) => l());
}

/** Used at start-up and by tests: switch without waiting for a network chunk. */
export function useDictionary(lang: Language, d: Dictionary): void {
  language = lang;
  dict = d;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  listeners.forEach((l) => l());
}

export function currentLanguage(): Language {
  return language;
}

export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Translate a key in the current language. */
export function t(key: MessageKey, params?: Params): string {
  return interpolate(dict[key] ?? en[key] ?? key, params);
}

/** A category's label: translated for the known six, as sent by the server otherwise. */
export function categoryLabel(category: string): string {
  const key = `category.${category}`;
  return key in en ? t(key as MessageKey) : category;
}

let reverse: Map<string, MessageKey> | null = null;

function codeText(code: string | undefined, table: Partial<Record<string, MessageKey>>): string | undefined {
  if (language === 'en' || !code) return undefined;
  const key = table[code];
  return key ? t(key) : undefined;
}

/**
 * A server error's text in the current language, by its `code` (error-codes.ts); undefined
 * in English (the server's own message is the spec's text) and for codes without a text.
 */
export function errorCodeText(code: string | undefined): string | undefined {
  return codeText(code, ERROR_CODE_TEXT);
}

/**
 * One entry of a server's `errors` list, in the current language: English shows the
 * server's sentence (it may name a value, like the unknown category), other languages the
 * text of its `code`, which every field code has (error-codes.ts).
 */
export function tf(error: FieldError): string {
  return codeText(error.code, FIELD_CODE_TEXT) ?? error.message;
}

/** A success reply's text by its `notice` code; `fallback` when the reply named none. */
export function noticeText(notice: Notice | undefined, fallback: MessageKey): string {
  return t(notice ? NOTICE_TEXT[notice] : fallback);
}

/**
 * Translate one of the app's own English texts that travelled as a string (the api-client's
 * status messages, a toast made before the language changed). Server texts go by their
 * codes instead (`errorCodeText`, `tf`, `noticeText`). Known texts are shown in the current
 * language; others pass through.
 */
export function tm(message: string): string {
  if (language === 'en') return message;
  if (!reverse) {
    reverse = new Map();
    for (const k of Object.keys(en) as MessageKey[]) if (!en[k].includes('{')) reverse.set(en[k], k);
  }
  const key = reverse.get(message);
  return key ? t(key) : message;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Re-renders the caller when the language changes. */
export function useI18n() {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { lang, t, tm, tf, noticeText, setLanguage };
}
