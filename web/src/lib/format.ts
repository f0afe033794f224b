/** Formatters shared by every screen. */

/**
 * Whole rupees with Indian digit grouping: 100000 -> "₹1,00,000".
 *
 * Grouped by hand rather than with `Intl.NumberFormat('en-IN')`: the first Intl formatter a
 * page creates loads the browser's locale data, ~17 ms on this machine and ~70 ms on
 * Lighthouse's throttled phone, and as a module-level constant it made the evaluation of the
 * main bundle one long task right after the first paint (issue 21, total blocking time).
 */
export function formatINR(amount: number): string {
  const n = Number.isFinite(amount) ? Math.round(amount) : 0;
  const sign = n < 0 ? '-' : '';
  return `${sign}₹${groupIndian(String(Math.abs(n)))}`;
}

/** "12345678" -> "1,23,45,678": the last three digits, then groups of two. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/** The spec's generic money formatter: "$" and 2 decimals unless told otherwise. */
export function formatCurrency(amount: number, symbol = '$', decimals = 2): string {
  const n = Number.isFinite(amount) ? amount : 0;
  return `${symbol}${n.toFixed(decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Cuts text at `max` characters (default 100) and adds an ellipsis. */
export function truncate(text: string, max = 100): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}

/** First letters of the first and last word of a name, upper-cased. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

/** Order id as customers see it: last 6 characters, upper case. */
export function customerOrderId(id: string): string {
  return id.slice(-6).toUpperCase();
}

/** Order id as admins see it: last 8 characters, upper case. */
export function adminOrderId(id: string): string {
  return id.slice(-8).toUpperCase();
}

function localeFor(language: string): string {
  return language === 'hi' ? 'hi-IN' : 'en-IN';
}

export function formatDate(iso: string, language = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString(localeFor(language), { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * "15 Jan 2025" from the language's short month names (`date.monthsShort`, space-separated),
 * in local time like `formatDate`. For screens drawn on start-up (the plant page's reviews):
 * the first Intl call a page makes loads the browser's locale data, ~70 ms of one task on a
 * throttled phone (issue 21, total blocking time).
 */
export function formatDayMonthYear(iso: string, monthsShort: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const month = monthsShort.split(' ')[d.getMonth()] ?? String(d.getMonth() + 1);
  return `${d.getDate()} ${month} ${d.getFullYear()}`;
}

export function formatDateTime(iso: string, language = 'en'): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(localeFor(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Rating shown with one decimal ("4.5"), or "0.0". */
export function formatRating(rating: number): string {
  return (Math.round((rating || 0) * 10) / 10).toFixed(1);
}

export interface AddressLike {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  phone?: string | null;
}

/** Spec section 3: the address is complete when all five fields are non-empty. */
export function isAddressComplete(a: AddressLike | null | undefined): boolean {
  if (!a) return false;
  return [a.street, a.city, a.state, a.zipCode, a.phone].every((v) => typeof v === 'string' && v.trim() !== '');
}

/** Spec section 3: the profile is complete when name and email are non-empty. */
export function isProfileComplete(u: { name?: string | null; email?: string | null } | null | undefined): boolean {
  return !!u && !!u.name?.trim() && !!u.email?.trim();
}

/** A file size as people read it: KB below 1 MB (a 300 KB photo is not "0.3 MB"), else MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
