import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n';
import { TruckIcon } from '@/components/icons';
import { PIN_PATTERN, deliveryDate, deliveryQuery, rememberPin, rememberedPin } from './api';
import './delivery.css';

/**
 * "Deliver to 560001 — by Thu 28 Nov": the PIN box of the plant page and the cart. The PIN
 * is remembered in this browser, so the answer is there on the next page too.
 */
export function PinCheck() {
  const { t, tm, lang } = useI18n();
  const inputId = useId();
  const [pin, setPin] = useState(rememberedPin);
  const [editing, setEditing] = useState(() => rememberedPin() === '');
  const [draft, setDraft] = useState(pin);
  const [invalid, setInvalid] = useState(false);
  const query = useQuery({ ...deliveryQuery(pin), enabled: !editing && PIN_PATTERN.test(pin) });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!PIN_PATTERN.test(draft)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    rememberPin(draft);
    setPin(draft);
    setEditing(false);
  }

  if (editing) {
    return (
      <form className="pincheck" onSubmit={submit} noValidate data-testid="pin-check">
        <label htmlFor={inputId} className="pincheck__label">
          <TruckIcon size={18} /> {t('delivery.label')}
        </label>
        <div className="pincheck__row">
          <input
            id={inputId}
            className="input pincheck__input"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder={t('delivery.placeholder')}
            value={draft}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${inputId}-err` : undefined}
            onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          <button type="submit" className="btn btn--outline pincheck__btn">
            {t('delivery.check')}
          </button>
        </div>
        {invalid && (
          <p className="pincheck__msg is-error" id={`${inputId}-err`} role="alert">
            {t('delivery.invalid')}
          </p>
        )}
      </form>
    );
  }

  const answer = query.data;
  let line: string;
  let detail: string | null = null;
  let bad = false;
  if (query.isPending) line = t('delivery.checking', { pin });
  else if (query.isError) {
    line = tm(errorMessage(query.error));
    bad = true;
  } else if (answer?.serviceable && answer.estimate) {
    line = t('delivery.by', { pin, date: deliveryDate(answer.estimate.latest, lang) });
    const place = answer.region?.city ?? answer.region?.state ?? '';
    detail = t('delivery.detail', { place, min: answer.estimate.minDays, max: answer.estimate.maxDays });
  } else {
    // The same sentence checkout answers with, so the two never disagree.
    line = t('delivery.notServed');
    detail = t('delivery.pin', { pin });
    bad = true;
  }
  return (
    <div className="pincheck" data-testid="pin-check">
      <p className={`pincheck__answer ${bad ? 'is-error' : ''}`} role="status" data-testid="pin-answer">
        <TruckIcon size={18} /> <span>{line}</span>
      </p>
      {detail && <p className="pincheck__detail muted">{detail}</p>}
      <button
        type="button"
        className="btn btn--ghost btn--sm pincheck__change"
        onClick={() => {
          setDraft(pin);
          setEditing(true);
        }}
      >
        {t('delivery.change')}
      </button>
    </div>
  );
}
