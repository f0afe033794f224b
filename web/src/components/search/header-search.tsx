/**
 * Plant search in the header: a box in the bar on wide screens; on phones (and narrow
 * tablets) a search button beside the cart that opens a panel under the bar with the same
 * box, so search is one tap away without the menu.
 *
 * The combobox is its own small chunk, kept out of the first load: wide screens fetch it
 * as the header first renders (a look-alike box stands in for those milliseconds), phones
 * only when the search button is tapped.
 */
import { Suspense, lazy, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '@/lib/i18n';
import { CloseIcon, SearchIcon } from '@/components/icons';
import './search.css';

const SearchCombobox = lazy(() => import('./search-combobox').then((m) => ({ default: m.SearchCombobox })));

/** Where the box sits in the bar (search.css uses the same width). */
const WIDE = '(min-width: 1024px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia?.(WIDE);
      media?.addEventListener?.('change', changed);
      return () => media?.removeEventListener?.('change', changed);
    },
    () => window.matchMedia?.(WIDE).matches ?? false,
    () => false,
  );
}

/** Stands in for the box while its code arrives: same look, nothing to do yet. */
function BoxPlaceholder() {
  const { t } = useI18n();
  return (
    <div className="hsearch hsearch--desktop">
      <div className="hsearch__form">
        <SearchIcon size={18} className="hsearch__icon" />
        <input className="input hsearch__input" aria-label={t('nav.searchPlants')} placeholder={t('search.placeholder')} readOnly />
      </div>
    </div>
  );
}

/** The box in the bar, on wide screens only. */
export function DesktopSearch() {
  const wide = useWide();
  if (!wide) return null;
  return (
    <div className="hsearch-desk">
      <Suspense fallback={<BoxPlaceholder />}>
        <SearchCombobox variant="desktop" />
      </Suspense>
    </div>
  );
}

/** The button that opens the phone's search panel, and the panel. */
export function PhoneSearch() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => setOpen(false), [pathname, search]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn hsearch-toggle"
        aria-label={t('nav.searchPlants')}
        aria-expanded={open}
        aria-controls="phone-search"
        onClick={() => (open ? close(false) : setOpen(true))}
        data-testid="phone-search-open"
      >
        <SearchIcon />
      </button>
      {open && (
        <div className="hsearch-panel" id="phone-search">
          <div className="container hsearch-panel__inner">
            <Suspense fallback={<BoxPlaceholder />}>
              <SearchCombobox variant="phone" autoFocus onEscape={() => close(true)} onDone={() => setOpen(false)} />
            </Suspense>
            <button type="button" className="icon-btn" onClick={() => close(true)} aria-label={t('search.close')}>
              <CloseIcon />
            </button>
          </div>
        </div>
      )}
    </>
  );
}
