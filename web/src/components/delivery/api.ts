import { api } from '@/lib/api-client';
import type { Language } from '@/lib/i18n';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/delivery/{pin}` (issue 20). */
export interface DeliveryEstimate {
  minDays: number;
  maxDays: number;
  /** `YYYY-MM-DD` in India. */
  earliest: string;
  latest: string;
}

export interface DeliveryCheck {
  pin: string;
  serviceable: boolean;
  region: { city?: string; state: string } | null;
  estimate: DeliveryEstimate | null;
  cod: boolean;
}

export const PIN_PATTERN = /^\d{6}$/;

export function checkDelivery(pin: string, signal?: AbortSignal): Promise<DeliveryCheck> {
  return api.get<DeliveryCheck>(`/delivery/${encodeURIComponent(pin)}`, { signal });
}

export function deliveryQuery(pin: string) {
  return {
    queryKey: queryKeys.delivery.pin(pin),
    queryFn: ({ signal }: { signal?: AbortSignal }) => checkDelivery(pin, signal),
    enabled: PIN_PATTERN.test(pin),
    staleTime: 10 * 60_000,
  };
}

/** The PIN the visitor last checked, remembered in this browser. */
export function rememberedPin(): string {
  const pin = readString(STORAGE_KEYS.deliveryPin) ?? '';
  return PIN_PATTERN.test(pin) ? pin : '';
}

export function rememberPin(pin: string): void {
  writeString(STORAGE_KEYS.deliveryPin, PIN_PATTERN.test(pin) ? pin : null);
}

/** `2026-11-28` → `Thu 28 Nov` (or its Hindi form): a calendar day, no time zone shift. */
export function deliveryDate(day: string, lang: Language): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, (m ?? 1) - 1, d ?? 1));
  return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
    .format(date)
    .replace(/,/g, '');
}
