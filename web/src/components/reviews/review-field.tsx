import { useId } from 'react';
import { useI18n } from '@/lib/i18n';
import { LIMITS, charCount } from '@/lib/validation';
import './reviews.css';

export const REVIEW_MAX = LIMITS.reviewMax;

/** The optional written review in the rating modal, with a live character count. */
export function ReviewField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useI18n();
  const id = useId();
  const left = REVIEW_MAX - charCount(value.trim());
  return (
    <div className="review-field">
      <label htmlFor={id} className="field__label">
        {t('review.label')}
      </label>
      <textarea
        id={id}
        className="input review-field__text"
        rows={4}
        maxLength={REVIEW_MAX + 200}
        value={value}
        placeholder={t('review.placeholder')}
        aria-describedby={`${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-count`} className={`review-field__count ${left < 0 ? 'is-error' : 'muted'}`}>
        {t('review.left', { n: left })}
      </p>
    </div>
  );
}
