import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { formatDayMonthYear, formatRating } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { FormMessage } from '@/components/field';
import { Stars } from '@/components/ui';
import './reviews.css';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/plants/{id}/reviews` (issue 20). */
export interface Review {
  rating: number;
  text: string | null;
  name: string;
  createdAt: string;
  verified: boolean;
}

export interface ReviewPage {
  reviews: Review[];
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  total: number;
  page: number;
  pages: number;
}

function reviewsQuery(plantId: string, page: number) {
  return {
    queryKey: queryKeys.reviews.page(plantId, page),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<ReviewPage>(`/plants/${encodeURIComponent(plantId)}/reviews`, { signal, query: { page } }),
  };
}

/** The stars' average, to one decimal as the catalogue shows it (both count the same ratings). */
function average(page: ReviewPage): number {
  const sum = (['1', '2', '3', '4', '5'] as const).reduce((acc, s) => acc + Number(s) * (page.distribution[s] ?? 0), 0);
  return page.total ? Math.round((sum / page.total) * 10) / 10 : 0;
}

/** The plant page's reviews: how the stars spread, then the newest reviews a page at a time. */
export function PlantReviews({ plantId }: { plantId: string }) {
  const { t, tm } = useI18n();
  const [page, setPage] = useState(1);
  const query = useQuery(reviewsQuery(plantId, page));

  if (query.isPending) return null;
  if (query.isError) return <FormMessage kind="error">{tm(errorMessage(query.error))}</FormMessage>;
  const data = query.data;

  return (
    <section className="pdp__section reviews" aria-labelledby="reviews-title" data-testid="plant-reviews">
      <h2 id="reviews-title" className="pdp__h2">
        {t('review.title')}
      </h2>
      {data.total === 0 ? (
        <p className="muted">{t('review.none')}</p>
      ) : (
        <>
          <p className="reviews__summary" data-testid="reviews-summary">
            <Stars rating={average(data)} size={20} />
            <strong>{t('review.outOf', { rating: formatRating(average(data)) })}</strong>
            <span className="muted">{data.total === 1 ? t('plant.reviews1') : t('plant.reviews', { count: data.total })}</span>
          </p>
          <dl className="reviews__dist" aria-label={t('review.distribution')}>
            {(['5', '4', '3', '2', '1'] as const).map((stars) => {
              const n = data.distribution[stars] ?? 0;
              return (
                <div key={stars} className="reviews__bar">
                  <dt>{t('review.starsShort', { n: stars })}</dt>
                  <dd>
                    <span className="reviews__track" aria-hidden="true">
                      <span className="reviews__fill" style={{ width: `${data.total ? (n / data.total) * 100 : 0}%` }} />
                    </span>
                    <span className="num reviews__n">{n}</span>
                  </dd>
                </div>
              );
            })}
          </dl>
          <ul className="reviews__list">
            {data.reviews.map((r, i) => (
              <li key={`${r.createdAt}-${i}`} className="review" data-testid="review">
                <div className="review__head">
                  <Stars rating={r.rating} />
                  <strong>{r.name}</strong>
                  <span className="muted">{formatDayMonthYear(r.createdAt, t('date.monthsShort'))}</span>
                </div>
                {r.verified && <p className="review__verified">{t('review.verified')}</p>}
                {r.text && <p className="review__text">{r.text}</p>}
              </li>
            ))}
          </ul>
          {data.pages > 1 && (
            <div className="reviews__pager">
              <button type="button" className="btn btn--outline btn--sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('review.newer')}
              </button>
              <span className="muted">{t('common.pageOf', { page, pages: data.pages })}</span>
              <button type="button" className="btn btn--outline btn--sm" disabled={page >= data.pages} onClick={() => setPage((p) => p + 1)}>
                {t('review.older')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
