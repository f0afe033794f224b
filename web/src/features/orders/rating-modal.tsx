import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useI18n, type MessageKey } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import { validateRatingForm, type RatingForm } from '@/lib/validation';
import { FormMessage } from '@/components/field';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/ui';
import { ReviewField } from '@/components/reviews/review-field';
import { useExistingRating, useSubmitRating } from './api';

export const RATING_CLOSE_MS = 1500;
const LABELS: MessageKey[] = ['rating.1', 'rating.2', 'rating.3', 'rating.4', 'rating.5'];
const EMPTY: RatingForm = { rating: '0', review: '' };

interface Props {
  orderId: string;
  plantId: string | null;
  plantName: string;
  editing: boolean;
  onClose: () => void;
}

export function RatingModal({ orderId, plantId, plantName, editing, onClose }: Props) {
  const { t, tm } = useI18n();
  // The stars and the review are a form like any other: the same rules, touched state and
  // server errors (useForm); a star counts as touched once chosen.
  const form = useForm(EMPTY, (v) => validateRatingForm(v, plantId), { touchOn: 'change' });
  const [hover, setHover] = useState(0);
  const [done, setDone] = useState(false);
  const submit = useSubmitRating();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const existing = useExistingRating(orderId, plantId, editing);
  const loading = existing.isLoading;
  const { setValues } = form;
  // The saved rating fills the form once it arrives; from then on the form is the person's.
  useEffect(() => {
    if (existing.data) setValues({ rating: String(existing.data.rating), review: existing.data.review });
  }, [existing.data, setValues]);
  const loadError = existing.error ? tm(errorMessage(existing.error, t('rating.loadFailed'))) : null;

  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => onCloseRef.current(), RATING_CLOSE_MS);
    return () => clearTimeout(id);
  }, [done]);

  async function onSubmit() {
    if (!form.submit()) return;
    try {
      const { rating, review } = form.values;
      await submit.mutateAsync({ plantId: plantId!, orderId, rating: Number(rating), review: review.trim() });
      setDone(true);
    } catch (e) {
      form.serverError(e, t('rating.submitFailed'));
    }
  }

  const rating = Number(form.values.rating);
  const shown = hover || rating;
  const problems = [form.error('rating'), form.error('review'), form.serverMessage, loadError].filter((m): m is string => !!m);

  return (
    <Modal
      title={t('rating.title', { name: plantName })}
      onClose={onClose}
      size="sm"
      footer={
        // Once saved there is nothing to cancel: the sheet closes by itself (1.5 s) or now.
        done ? (
          <button type="button" className="btn btn--primary" onClick={onClose}>
            {t('common.close')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={onSubmit} disabled={loading || submit.isPending}>
              {submit.isPending ? t('rating.submitting') : editing ? t('rating.update') : t('rating.submit')}
            </button>
          </>
        )
      }
    >
      {loading ? (
        <p className="row">
          <Spinner /> {t('rating.loading')}
        </p>
      ) : (
        <fieldset className="rate">
          <legend className="rate__prompt">{t('rating.prompt')}</legend>
          <div className="rate__stars" onMouseLeave={() => setHover(0)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`rate__star ${n <= shown ? 'is-on' : ''}`} onMouseEnter={() => setHover(n)}>
                <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => form.setField('rating', String(n))} className="sr-only" />
                <svg width="36" height="36" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
                </svg>
                <span className="sr-only">
                  {n === 1 ? t('rating.star1') : t('rating.stars', { n })}, {t(LABELS[n - 1])}
                </span>
              </label>
            ))}
          </div>
          <p className="rate__label" aria-live="polite">
            {shown ? t(LABELS[shown - 1]) : '\u00a0'}
          </p>
        </fieldset>
      )}
      {!loading && <ReviewField value={form.values.review} onChange={(text) => form.setField('review', text)} />}
      {problems.map((m) => (
        <FormMessage key={m} kind="error">
          {m}
        </FormMessage>
      ))}
      {done && <FormMessage kind="success">{t('rating.success')}</FormMessage>}
    </Modal>
  );
}
