import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { EmptyState, PageHeading, Pagination, Skeleton } from '@/components/ui';
import { CloseIcon, FilterIcon, SearchIcon } from '@/components/icons';
import { FormMessage } from '@/components/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n } from '@/lib/i18n';
import { DEFAULT_FILTERS, filtersFromParams, hasActiveFilters, paramsFromFilters, usePlants, type CatalogueFilters } from './api';
import { Filters } from './filters';
import { PlantCard } from './plant-card';
import { useWishlistHearts } from '@/components/wishlist/wishlist-heart';
import './catalogue.css';

/** Where the filters sit beside the grid (catalogue.css shows `.catalogue__side` from it). */
const SIDE_FILTERS = '(min-width: 960px)';

function useMatchesMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia?.(query);
      media?.addEventListener?.('change', changed);
      return () => media?.removeEventListener?.('change', changed);
    },
    () => window.matchMedia?.(query).matches ?? true,
    () => true,
  );
}

export default function CataloguePage() {
  const { t, tm } = useI18n();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = usePlants(filters);
  const hearts = useWishlistHearts();
  const sideFilters = useMatchesMedia(SIDE_FILTERS);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [search, setSearch] = useState(filters.search);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const shownPage = useRef(filters.page);
  useDocumentTitle(t('catalogue.metaTitle'));

  const update = useCallback(
    (patch: Partial<CatalogueFilters>, replace = false) => {
      const next = { ...filtersFromParams(params), ...patch };
      if (!('page' in patch)) next.page = 1;
      setParams(paramsFromFilters(next), { replace });
    },
    [params, setParams],
  );

  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => {
    if (search.trim() === filters.search.trim()) return;
    const id = setTimeout(() => update({ search }, true), 400);
    return () => clearTimeout(id);
  }, [search, filters.search, update]);

  useEffect(() => {
    if (location.hash === '#search') searchRef.current?.focus();
  }, [location.hash]);

  // A new page of results starts at the top of the list, not where the pager was (the
  // footer, on a phone).
  useEffect(() => {
    if (shownPage.current === filters.page) return;
    shownPage.current = filters.page;
    const top = (listRef.current?.closest('.catalogue')?.getBoundingClientRect().top ?? 0) + window.scrollY;
    const navHeight = document.querySelector('.nav')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({ top: Math.max(0, top - navHeight - 12) });
  }, [filters.page]);

  const clear = () => {
    setSearch('');
    setParams(paramsFromFilters({ ...DEFAULT_FILTERS, sortBy: filters.sortBy, sortOrder: filters.sortOrder }));
  };

  const hrefFor = (page: number) => `?${paramsFromFilters({ ...filters, page }).toString()}`;
  const total = data?.total ?? 0;

  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <PageHeading>{t('catalogue.title')}</PageHeading>
          <p className="page-head__sub" aria-live="polite">
            {data ? (total === 1 ? t('catalogue.count1') : t('catalogue.count', { count: total })) : '\u00a0'}
          </p>
        </div>
      </div>

      <div className="catalogue">
        {/* The search comes first in the document (Tab reaches it before the filters); the
            grid puts the filters to its left on wide screens. */}
        <div className="catalogue__bar">
          <div className="searchbox">
            <label htmlFor="catalogue-search" className="sr-only">
              {t('catalogue.search')}
            </label>
            <SearchIcon size={18} />
            <input
              id="catalogue-search"
              ref={searchRef}
              type="search"
              className="input searchbox__input"
              placeholder={t('catalogue.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && update({ search }, false)}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          <button type="button" className="btn btn--outline catalogue__filters-btn" onClick={() => setSheetOpen(true)} aria-expanded={sheetOpen}>
            <FilterIcon size={18} /> {t('catalogue.filters')}
            {hasActiveFilters({ ...filters, search: '' }) && <span className="dot" aria-hidden="true" />}
          </button>
        </div>

        {/* Hidden by the stylesheet below its width, so not rendered there at all: phones get
            the same filters in the sheet, on demand. */}
        {sideFilters && (
          <aside className="catalogue__side" aria-label={t('catalogue.filters')}>
            <h2 className="catalogue__side-title">{t('catalogue.filters')}</h2>
            <Filters filters={filters} onChange={update} onClear={clear} />
          </aside>
        )}

        <div className="catalogue__main" ref={listRef}>
          {isError && error instanceof ApiError && error.status === 400 ? (
            // A filter the server refuses (a minimum price above the maximum): its message.
            <FormMessage kind="error">
              <span>
                {tm(errorMessage(error))}{' '}
                <button type="button" className="link-btn" onClick={clear}>
                  {t('catalogue.clear')}
                </button>
              </span>
            </FormMessage>
          ) : isError ? (
            <FormMessage kind="error">
              <span>
                {t('catalogue.fetchFailed', { message: tm(errorMessage(error)) })}{' '}
                <button type="button" className="link-btn" onClick={() => refetch()}>
                  {t('common.retry')}
                </button>
              </span>
            </FormMessage>
          ) : isPending ? (
            <div className="grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <div key={i} className="card pcard">
                  <Skeleton className="pcard__skel-img" />
                  <div className="pcard__body">
                    <Skeleton style={{ width: '70%', height: 18 }} />
                    <Skeleton style={{ width: '95%' }} />
                    <Skeleton style={{ width: '40%' }} />
                  </div>
                </div>
              ))}
            </div>
          ) : data && data.plants.length === 0 ? (
            <EmptyState
              title={t('catalogue.emptyTitle')}
              text={t('catalogue.emptyText')}
              action={
                <button type="button" className="btn btn--primary" onClick={clear}>
                  {t('catalogue.clear')}
                </button>
              }
            />
          ) : (
            <>
              <div className={`grid ${isPlaceholderData ? 'is-stale' : ''}`} aria-busy={isPlaceholderData}>
                {data?.plants.map((p, i) => (
                  <PlantCard
                    key={p._id}
                    plant={p}
                    eager={i < 2}
                    saved={hearts.isSaved(p._id)}
                    heartBusy={hearts.busy}
                    heartError={hearts.errorFor(p._id)}
                    onToggle={hearts.hidden ? undefined : hearts.toggle}
                  />
                ))}
              </div>
              <Pagination page={data?.page ?? 1} pages={data?.pages ?? 1} hrefFor={hrefFor} />
            </>
          )}
        </div>
      </div>

      {sheetOpen && (
        <FilterSheet onClose={() => setSheetOpen(false)} count={total}>
          <Filters filters={filters} onChange={update} onClear={clear} />
        </FilterSheet>
      )}
    </div>
  );
}

function FilterSheet({ children, onClose, count }: { children: ReactNode; onClose: () => void; count: number }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('select, input, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal modal--md" role="dialog" aria-modal="true" aria-label={t('catalogue.showFilters')} ref={ref}>
        <div className="modal__head">
          <h2 className="modal__title">{t('catalogue.filters')}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        <div className="modal__foot">
          <button type="button" className="btn btn--primary btn--block" onClick={onClose}>
            {t('catalogue.showResults')} ({count})
          </button>
        </div>
      </div>
    </div>
  );
}
