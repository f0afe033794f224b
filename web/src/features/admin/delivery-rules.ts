/**
 * The delivery areas as the admin edits them: every field a string while typed, turned into
 * the `PUT /api/admin/delivery` list on save, and the server's `rules[3].maxDays` errors
 * put back on the row and field they name.
 */
import type { FieldError } from '@/types/api';

/** One area as `GET /api/admin/delivery` sends it. */
export interface DeliveryRule {
  from: string;
  to: string;
  state: string;
  city: string | null;
  serviceable: boolean;
  minDays: number | null;
  maxDays: number | null;
}

export const RULE_FIELDS = ['from', 'to', 'state', 'city', 'serviceable', 'minDays', 'maxDays'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** A row on the screen; `key` stays with the row while others are added or removed. */
export interface RuleRow {
  key: number;
  from: string;
  to: string;
  state: string;
  city: string;
  serviceable: boolean;
  minDays: string;
  maxDays: string;
}

let nextKey = 1;

export function toRow(rule: DeliveryRule): RuleRow {
  return {
    key: nextKey++,
    from: rule.from,
    to: rule.to === rule.from ? '' : rule.to,
    state: rule.state,
    city: rule.city ?? '',
    serviceable: rule.serviceable,
    minDays: rule.minDays == null ? '' : String(rule.minDays),
    maxDays: rule.maxDays == null ? '' : String(rule.maxDays),
  };
}

export function emptyRow(): RuleRow {
  return { key: nextKey++, from: '', to: '', state: '', city: '', serviceable: true, minDays: '', maxDays: '' };
}

/** A typed number of days, or null when blank; anything else is sent as typed for the server to refuse. */
function days(text: string): number | string | null {
  const v = text.trim();
  if (v === '') return null;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/** The body of `PUT /api/admin/delivery`: a blank "to" means the single prefix in "from". */
export function toRequest(rows: RuleRow[]) {
  return {
    rules: rows.map((r) => ({
      from: r.from.trim(),
      to: r.to.trim() || r.from.trim(),
      state: r.state.trim(),
      city: r.city.trim() || null,
      serviceable: r.serviceable,
      minDays: r.serviceable ? days(r.minDays) : null,
      maxDays: r.serviceable ? days(r.maxDays) : null,
    })),
  };
}

export type RowErrors = Partial<Record<RuleField, FieldError>>;

/**
 * The server's errors by row (`rules[3].maxDays` → rows[3].maxDays); errors about the list as
 * a whole (`rules`) come back under `list`.
 */
export function errorsByRow(errors: FieldError[] | undefined): { rows: Map<number, RowErrors>; list: FieldError[] } {
  const rows = new Map<number, RowErrors>();
  const list: FieldError[] = [];
  for (const e of errors ?? []) {
    const m = /^rules\[(\d+)\]\.(\w+)$/.exec(e.field);
    const field = m?.[2] as RuleField | undefined;
    if (m && field && (RULE_FIELDS as readonly string[]).includes(field)) {
      const at = Number(m[1]);
      const row = rows.get(at) ?? {};
      row[field] ??= e;
      rows.set(at, row);
    } else list.push(e);
  }
  return { rows, list };
}

/** The PINs a row covers, as the admin reads it: "56", "12–13". */
export function coverage(row: Pick<RuleRow, 'from' | 'to'>): string {
  const from = row.from.trim();
  const to = row.to.trim();
  return to && to !== from ? `${from}–${to}` : from;
}

/** Rows a filter text keeps: a PIN (or its start) the row covers, or words of its state or city. */
export function matches(row: RuleRow, filter: string): boolean {
  const q = filter.trim().toLowerCase();
  if (!q) return true;
  if (/^\d+$/.test(q)) {
    const from = row.from.trim();
    const to = row.to.trim() || from;
    if (!from) return false;
    // The row covers PIN q when q's first digits lie in the range, or q is the start of its prefix.
    const head = q.slice(0, from.length);
    return (q.length >= from.length && head >= from && head <= to) || from.startsWith(q) || to.startsWith(q);
  }
  return `${row.state} ${row.city}`.toLowerCase().includes(q);
}
