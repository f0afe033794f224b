import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n } from '@/lib/i18n';
import { FormMessage, TextField } from '@/components/field';
import { PlusIcon, SearchIcon, TrashIcon } from '@/components/icons';
import { useToast } from '@/components/toast';
import { Skeleton } from '@/components/ui';
import { AdminShell } from './admin-shell';
import { useDeliveryRules, useSaveDeliveryRules } from './delivery-api';
import { coverage, emptyRow, errorsByRow, matches, toRequest, toRow, type RowErrors, type RuleField, type RuleRow } from './delivery-rules';
import type { FieldError } from '@/types/api';
import './delivery.css';

/** The server's errors, kept by row key so they stay on their row while others are removed. */
interface Problems {
  rows: Map<number, RowErrors>;
  list: FieldError[];
}

/**
 * Where the shop delivers: PIN prefixes or ranges, each served in so many days or not yet
 * served. The admin edits the whole list and saves it at once (`PUT /api/admin/delivery`);
 * the server checks it and names every field it refuses.
 */
export default function AdminDeliveryPage() {
  const { t, tm, tf, noticeText } = useI18n();
  const toast = useToast();
  const rules = useDeliveryRules();
  const save = useSaveDeliveryRules();
  const [rows, setRows] = useState<RuleRow[] | null>(null);
  const [saved, setSaved] = useState<string>('');
  const [filter, setFilter] = useState('');
  const [problems, setProblems] = useState<Problems | null>(null);
  const added = useRef<number | null>(null);
  useDocumentTitle(t('adminDelivery.metaTitle'));

  useEffect(() => {
    if (rules.data && rows === null) {
      const loaded = rules.data.map(toRow);
      setRows(loaded);
      setSaved(JSON.stringify(toRequest(loaded)));
    }
  }, [rules.data, rows]);

  // A new row is focused once it is on screen.
  useEffect(() => {
    if (added.current == null) return;
    const el = document.getElementById(`area-${added.current}-from`);
    added.current = null;
    el?.scrollIntoView({ block: 'center' });
    el?.focus({ preventScroll: true });
  }, [rows]);

  const dirty = rows !== null && JSON.stringify(toRequest(rows)) !== saved;
  const shown = useMemo(
    () => (rows ?? []).filter((r) => r.from.trim() === '' || problems?.rows.has(r.key) || matches(r, filter)),
    [rows, filter, problems],
  );

  function change(key: number, field: RuleField, value: string | boolean) {
    setRows((all) => (all ?? []).map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setProblems((p) => {
      const mine = p?.rows.get(key);
      if (!p || !mine?.[field]) return p;
      const next = new Map(p.rows);
      const rest = { ...mine };
      delete rest[field];
      next.set(key, rest);
      return { ...p, rows: next };
    });
  }

  function add() {
    const row = emptyRow();
    added.current = row.key;
    setRows((all) => [...(all ?? []), row]);
  }

  function remove(key: number) {
    setRows((all) => (all ?? []).filter((r) => r.key !== key));
  }

  function discard() {
    setRows(rules.data ? rules.data.map(toRow) : null);
    setProblems(null);
  }

  async function submit() {
    if (!rows) return;
    try {
      const res = await save.mutateAsync(toRequest(rows));
      const fresh = res.rules.map(toRow);
      setRows(fresh);
      setSaved(JSON.stringify(toRequest(fresh)));
      setProblems(null);
      toast.success(noticeText(res.notice, 'adminDelivery.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.errors?.length) {
        const found = errorsByRow(e.errors);
        const byKey = new Map<number, RowErrors>();
        found.rows.forEach((errs, at) => {
          const row = rows[at];
          if (row) byKey.set(row.key, errs);
        });
        setProblems({ rows: byKey, list: found.list });
        // The first refused field is where the admin goes next.
        const first = rows.find((r) => byKey.has(r.key));
        const field = first && (Object.keys(byKey.get(first.key) ?? {})[0] as RuleField | undefined);
        if (first && field) document.getElementById(`area-${first.key}-${field}`)?.focus();
      } else {
        setProblems(null);
        toast.error(tm(errorMessage(e)));
      }
    }
  }

  /** A server's field error in the admin's language, by its code; an overlap names its two rows. */
  function say(error: FieldError | undefined): string | undefined {
    if (!error) return undefined;
    const rows = error.message.match(/\d+/g);
    if (error.code === 'areas_overlap' && rows?.length === 2) return t('adminDelivery.err.overlap', { a: rows[0], b: rows[1] });
    return tf(error);
  }

  const count = rows?.length ?? 0;
  return (
    <AdminShell title={t('adminDelivery.title')}>
      <p className="muted darea-intro">{t('adminDelivery.intro')}</p>
      {rules.isError ? (
        <FormMessage kind="error">{t('adminDelivery.fetchFailed', { message: tm(errorMessage(rules.error)) })}</FormMessage>
      ) : rows === null ? (
        <Skeleton style={{ height: 320 }} />
      ) : (
        <form
          className="dareas"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="admin-toolbar dareas__toolbar">
            <div className="searchbox">
              <label htmlFor="area-filter" className="sr-only">
                {t('adminDelivery.filter')}
              </label>
              <SearchIcon size={18} />
              <input id="area-filter" type="search" className="input searchbox__input" placeholder={t('adminDelivery.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
            </div>
            <button type="button" className="btn btn--outline btn--sm" onClick={add}>
              <PlusIcon size={18} /> {t('adminDelivery.add')}
            </button>
          </div>
          <p className="muted dareas__count" aria-live="polite">
            {filter.trim() ? t('adminDelivery.showing', { shown: shown.length, count }) : t('adminDelivery.count', { count })}
          </p>
          {problems && (
            <FormMessage kind="error">
              <p>{t('adminDelivery.saveFailed')}</p>
              {problems.list.length > 0 && (
                <ul className="errlist">
                  {problems.list.map((m) => (
                    <li key={`${m.field}:${m.code}`}>{say(m)}</li>
                  ))}
                </ul>
              )}
            </FormMessage>
          )}
          {shown.length === 0 ? (
            <p className="muted">{t('adminDelivery.noMatch', { filter: filter.trim() })}</p>
          ) : (
            <ul className="dareas__list">
              {shown.map((row) => (
                <AreaRow key={row.key} row={row} errors={problems?.rows.get(row.key)} say={say} onChange={change} onRemove={remove} />
              ))}
            </ul>
          )}
          <div className={`dareas__bar ${dirty ? 'is-dirty' : ''}`}>
            <span className="dareas__state" role="status">
              {dirty ? t('adminDelivery.unsaved') : t('adminDelivery.upToDate')}
            </span>
            <div className="row">
              <button type="button" className="btn btn--ghost btn--sm" onClick={discard} disabled={!dirty || save.isPending}>
                {t('adminDelivery.discard')}
              </button>
              <button type="submit" className="btn btn--primary btn--sm" disabled={!dirty || save.isPending}>
                {save.isPending ? t('adminDelivery.saving') : t('adminDelivery.save')}
              </button>
            </div>
          </div>
        </form>
      )}
    </AdminShell>
  );
}

interface AreaRowProps {
  row: RuleRow;
  errors?: RowErrors;
  say: (e: FieldError | undefined) => string | undefined;
  onChange: (key: number, field: RuleField, value: string | boolean) => void;
  onRemove: (key: number) => void;
}

function AreaRow({ row, errors, say, onChange, onRemove }: AreaRowProps) {
  const { t } = useI18n();
  const id = (field: RuleField) => `area-${row.key}-${field}`;
  const text = (field: Exclude<RuleField, 'serviceable'>) => ({
    id: id(field),
    value: row[field],
    error: say(errors?.[field]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(row.key, field, e.target.value),
  });
  const pins = coverage(row);
  const digits = { inputMode: 'numeric' as const, maxLength: 6, autoComplete: 'off' };
  return (
    <li className={`darea card ${row.serviceable ? '' : 'darea--off'}`} data-testid="delivery-area" data-pins={pins}>
      <div className="darea__head">
        <span className="darea__pins">{pins || t('adminDelivery.newArea')}</span>
        <span className={`darea__badge ${row.serviceable ? 'is-on' : 'is-off'}`}>
          {row.serviceable ? t('adminDelivery.served') : t('adminDelivery.notServed')}
        </span>
        <button type="button" className="btn btn--ghost btn--sm darea__remove" aria-label={t('adminDelivery.removeOf', { pins: pins || t('adminDelivery.newArea') })} onClick={() => onRemove(row.key)}>
          <TrashIcon size={18} />
          <span className="darea__remove-text">{t('adminDelivery.remove')}</span>
        </button>
      </div>
      <div className="darea__fields">
        <TextField label={t('adminDelivery.from')} {...digits} {...text('from')} />
        <TextField label={`${t('adminDelivery.to')} ${t('common.optional')}`} {...digits} {...text('to')} placeholder={row.from} />
        <TextField label={t('adminDelivery.state')} maxLength={50} {...text('state')} />
        <TextField label={`${t('adminDelivery.city')} ${t('common.optional')}`} maxLength={50} {...text('city')} />
        <div className={`field darea__served ${errors?.serviceable ? 'field--invalid' : ''}`}>
          <label className="darea__check">
            <input id={id('serviceable')} type="checkbox" checked={row.serviceable} onChange={(e) => onChange(row.key, 'serviceable', e.target.checked)} />
            <span>{t('adminDelivery.serviceable')}</span>
          </label>
          {errors?.serviceable && (
            <p className="field__error" role="alert">
              {say(errors.serviceable)}
            </p>
          )}
        </div>
        <TextField label={t('adminDelivery.minDays')} inputMode="numeric" maxLength={2} disabled={!row.serviceable} {...text('minDays')} />
        <TextField label={t('adminDelivery.maxDays')} inputMode="numeric" maxLength={2} disabled={!row.serviceable} {...text('maxDays')} />
      </div>
    </li>
  );
}
