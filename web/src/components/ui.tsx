/** Small shared pieces: stars, prices, badges, steppers, skeletons, images, headings. */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MinusIcon, PlusIcon, ChevronLeftIcon, ChevronRightIcon, LeafIcon } from './icons';
import { formatINR, formatRating } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import type { OrderStatus } from '@/types/api';

/** Five stars filled to the rating: one element, painted by a CSS mask (cheap in long lists). */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const { t } = useI18n();
  const r = Math.max(0, Math.min(5, rating || 0));
  return (
    <span
      className="stars"
      role="img"
      aria-label={t('plant.ratedOutOf', { rating: formatRating(r) })}
      style={{ ['--size' as string]: `${size}px`, ['--pct' as string]: `${(r / 5) * 100}%` }}
    />
  );
}

export function RatingSummary({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const { t } = useI18n();
  if (!reviewCount) {
    return (
      <span className="rating rating--none">
        <Stars rating={0} />
        <span>{t('plant.noReviews')}</span>
      </span>
    );
  }
  return (
    <span className="rating">
      <Stars rating={rating} />
      <span className="rating__value">{formatRating(rating)}</span>
      <span className="rating__count">({reviewCount === 1 ? t('plant.reviews1') : t('plant.reviews', { count: reviewCount })})</span>
    </span>
  );
}

export function Price({ price, originalPrice, size = 'md' }: { price: number; originalPrice?: number | null; size?: 'md' | 'lg' }) {
  const { t } = useI18n();
  const discounted = originalPrice != null && originalPrice > price;
  return (
    <span className={`price price--${size}`}>
      <span className="price__now">{formatINR(price)}</span>
      {discounted && (
        <>
          <s className="price__was">
            <span className="sr-only">{t('plant.originalPrice')}: </span>
            {formatINR(originalPrice)}
          </s>
        </>
      )}
    </span>
  );
}

export function SaveChip({ price, originalPrice }: { price: number; originalPrice?: number | null }) {
  const { t } = useI18n();
  if (originalPrice == null || originalPrice <= price) return null;
  return <span className="chip chip--clay">{t('plant.save', { amount: formatINR(originalPrice - price) })}</span>;
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useI18n();
  return <span className={`badge badge--${status}`}>{t(`status.${status}`)}</span>;
}

interface StepperProps {
  value: number;
  min?: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
  decLabel: string;
  incLabel: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

export function QuantityStepper({ value, min = 1, max, onChange, label, decLabel, incLabel, disabled, size = 'md' }: StepperProps) {
  return (
    <div className={`stepper stepper--${size}`} role="group" aria-label={label}>
      <button type="button" className="stepper__btn" onClick={() => onChange(value - 1)} disabled={disabled || value <= min} aria-label={decLabel}>
        <MinusIcon size={16} />
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button type="button" className="stepper__btn" onClick={() => onChange(value + 1)} disabled={disabled || value >= max} aria-label={incLabel}>
        <PlusIcon size={16} />
      </button>
    </div>
  );
}

export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined}>
      <span className="spinner__ring" aria-hidden="true" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

interface PlantImageProps {
  src: string | null | undefined;
  alt: string;
  size: number;
  eager?: boolean;
  className?: string;
  sizes?: string;
}

/** A square plant picture, lazy unless told otherwise, with a leaf placeholder. */
export function PlantImage({ src, alt, size, eager, className = '' }: PlantImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={`plant-img plant-img--empty ${className}`} role="img" aria-label={alt}>
        <LeafIcon size={Math.min(64, size / 3)} />
      </span>
    );
  }
  return (
    <img
      className={`plant-img ${className}`}
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchpriority: 'high' } : {})}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The page's <h1>. After a client-side navigation it takes focus so screen-reader and
 * keyboard users start at the new page's heading.
 */
export function PageHeading({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (window.history.state && (window.history.state as { idx?: number }).idx) {
      ref.current?.focus({ preventScroll: true });
    }
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={`page-title ${className}`}>
      {children}
    </h1>
  );
}

interface EmptyProps {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
  /** The title is the page's own <h1> (pages that are only this message). */
  pageTitle?: boolean;
}

export function EmptyState({ title, text, action, icon, pageTitle }: EmptyProps) {
  return (
    <div className="empty">
      <div className="empty__art" aria-hidden="true">
        {icon ?? <img src="/illustrations/empty-pot.svg" alt="" width={120} height={120} />}
      </div>
      {pageTitle ? <PageHeading className="empty__title">{title}</PageHeading> : <h2 className="empty__title">{title}</h2>}
      {text && <p className="empty__text">{text}</p>}
      {action}
    </div>
  );
}

interface PaginationProps {
  page: number;
  pages: number;
  onPage?: (p: number) => void;
  hrefFor?: (p: number) => string;
}

export function Pagination({ page, pages, onPage, hrefFor }: PaginationProps) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const nums = pageNumbers(page, pages);
  const item = (p: number, content: ReactNode, label: string, disabled = false, current = false) => {
    if (disabled) {
      return (
        <span className="pager__item pager__item--disabled" aria-hidden="true">
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link className={`pager__item ${current ? 'is-current' : ''}`} to={hrefFor(p)} aria-label={label} aria-current={current ? 'page' : undefined}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={`pager__item ${current ? 'is-current' : ''}`} onClick={() => onPage?.(p)} aria-label={label} aria-current={current ? 'page' : undefined}>
        {content}
      </button>
    );
  };
  return (
    <nav className="pager" aria-label={t('common.pagination')}>
      {item(page - 1, <ChevronLeftIcon size={18} />, t('common.previous'), page <= 1)}
      {nums.map((n, i) =>
        n === 0 ? (
          <span key={`gap${i}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <span key={n}>{item(n, n, t('common.goToPage', { page: n }), false, n === page)}</span>
        ),
      )}
      {item(page + 1, <ChevronRightIcon size={18} />, t('common.next'), page >= pages)}
      <span className="sr-only" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </span>
    </nav>
  );
}

/** Page numbers with gaps (0) around the current page: 1 … 4 5 6 … 12. */
export function pageNumbers(page: number, pages: number): number[] {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: number[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(0);
    out.push(p);
  });
  return out;
}
