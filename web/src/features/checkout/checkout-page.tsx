import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ApiError, api, errorMessage, newIdempotencyKey } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cartStore, useCart } from '@/lib/cart';
import { useDocumentTitle } from '@/lib/document-title';
import { formatINR, isAddressComplete } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import {
  ADDRESS_FIELDS,
  digitsOnly,
  hasErrors,
  validateAddressField,
  validateAddressOnSubmit,
  type AddressForm,
  type Errors,
} from '@/lib/validation';
import { FormMessage, TextField } from '@/components/field';
import { CashIcon } from '@/components/icons';
import { PageHeading, PlantImage, Skeleton } from '@/components/ui';
import type { Order } from '@/types/api';
import './checkout.css';

export const ORDER_REDIRECT_MS = 2000;

export default function CheckoutPage() {
  const { t, tm } = useI18n();
  const { user } = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saved = user?.address ?? {};
  const [values, setValues] = useState<AddressForm>({
    street: saved.street ?? '',
    city: saved.city ?? '',
    state: saved.state ?? '',
    zipCode: digitsOnly(saved.zipCode ?? '', 6),
    phone: digitsOnly(saved.phone ?? '', 10),
  });
  const [errors, setErrors] = useState<Errors<keyof AddressForm>>({});
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  // Set before the cart empties, so the empty-cart redirect never races the success screen.
  const placedRef = useRef(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(t('checkout.metaTitle'));

  useEffect(() => {
    if (!placed) return;
    const id = setTimeout(() => navigate('/orders'), ORDER_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [placed, navigate]);

  if (!placed && !placedRef.current && cart.loaded && cart.items.length === 0) return <Navigate to="/cart" replace />;

  function change(field: keyof AddressForm, raw: string) {
    const value = field === 'zipCode' ? digitsOnly(raw, 6) : field === 'phone' ? digitsOnly(raw, 10) : raw;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: validateAddressField(field, value) ?? undefined }));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setServerError(null);
    const all = validateAddressOnSubmit(values);
    setErrors(all);
    if (hasErrors(all)) {
      const first = ADDRESS_FIELDS.find((f) => all[f]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await cartStore.whenIdle();
      await api.post<{ order: Order; message?: string }>(
        '/orders',
        {
          deliveryAddress: {
            street: values.street.trim(),
            city: values.city.trim(),
            state: values.state.trim(),
            zipCode: values.zipCode,
            phone: values.phone,
          },
        },
        { headers: { 'Idempotency-Key': idempotencyKey.current } },
      );
      placedRef.current = true;
      setPlaced(true);
      cartStore.clearLocal();
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['plants'] });
    } catch (err) {
      // A definite refusal starts a new attempt; a lost answer keeps the key so a retry is safe.
      if (err instanceof ApiError && err.kind === 'http' && err.status < 500) idempotencyKey.current = newIdempotencyKey();
      if (err instanceof ApiError && err.errors?.length) {
        const fieldErrors: Errors<keyof AddressForm> = {};
        setServerError(err.errors.map((x) => tm(x.message)).join(' '));
        setErrors(fieldErrors);
      } else {
        setServerError(tm(errorMessage(err, t('checkout.failedRetry'))));
      }
      setBusy(false);
    }
  }

  const total = cart.total;
  const err = (f: keyof AddressForm) => (errors[f] ? t(errors[f]!) : undefined);
  const prefilled = isAddressComplete(saved);

  return (
    <div className="container page">
      <PageHeading>{t('checkout.title')}</PageHeading>
      <div className="checkout">
        <section className="card card--pad checkout__summary" aria-labelledby="co-summary">
          <h2 id="co-summary" className="card__title">
            {t('checkout.summary')}
          </h2>
          {!cart.loaded && cart.items.length === 0 ? (
            <Skeleton style={{ height: 120 }} />
          ) : (
            <ul className="co-items">
              {cart.items.map(({ plantId: p, quantity }) => (
                <li key={p._id} className="co-item">
                  <span className="co-item__img">
                    <PlantImage src={p.thumbnail ?? p.image} alt={p.name} size={56} />
                  </span>
                  <span className="co-item__name">
                    {p.name}
                    <span className="muted">{t('checkout.qty', { count: quantity })}</span>
                  </span>
                  <span className="num co-item__price">{formatINR(p.price * quantity)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className="summary__rows co-rows">
            <div>
              <dt>{t('cart.subtotal')}</dt>
              <dd className="num">{formatINR(total)}</dd>
            </div>
            <div>
              <dt>{t('cart.shipping')}</dt>
              <dd className="summary__free">{t('cart.free')}</dd>
            </div>
            <div>
              <dt>{t('cart.tax')}</dt>
              <dd className="num">{formatINR(0)}</dd>
            </div>
            <div className="summary__total">
              <dt>{t('cart.total')}</dt>
              <dd className="num">{formatINR(total)}</dd>
            </div>
          </dl>
          <div className="cod" aria-labelledby="co-payment">
            <CashIcon size={28} />
            <div>
              <h3 id="co-payment" className="cod__title">
                {t('checkout.payment')}: {t('checkout.cod')}
              </h3>
              <p className="cod__text">{t('checkout.codNote')}</p>
            </div>
          </div>
        </section>

        <section className="card card--pad" aria-labelledby="co-address">
          <h2 id="co-address" className="card__title">
            {t('checkout.address')}
          </h2>
          {prefilled && <p className="muted co-prefilled">{t('checkout.prefilled')}</p>}
          <form ref={formRef} className="form-grid form-grid--2" onSubmit={onSubmit} noValidate>
            <TextField
              className="span-2"
              label={t('checkout.street')}
              name="street"
              autoComplete="street-address"
              hint={t('checkout.streetHint')}
              value={values.street}
              onChange={(e) => change('street', e.target.value)}
              error={err('street')}
              maxLength={250}
              required
            />
            <TextField label={t('checkout.city')} name="city" autoComplete="address-level2" value={values.city} onChange={(e) => change('city', e.target.value)} error={err('city')} required />
            <TextField label={t('checkout.state')} name="state" autoComplete="address-level1" value={values.state} onChange={(e) => change('state', e.target.value)} error={err('state')} required />
            <TextField
              label={t('checkout.zip')}
              name="zipCode"
              autoComplete="postal-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              value={values.zipCode}
              onChange={(e) => change('zipCode', e.target.value)}
              error={err('zipCode')}
              required
            />
            <TextField
              label={t('checkout.phone')}
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={10}
              hint={t('checkout.phoneHint')}
              value={values.phone}
              onChange={(e) => change('phone', e.target.value)}
              error={err('phone')}
              required
            />
            <div className="span-2 stack" style={{ gap: 12 }}>
              {serverError && <FormMessage kind="error">{serverError}</FormMessage>}
              {placed && (
                <FormMessage kind="success">
                  {t('checkout.success')} {t('checkout.redirecting')}
                </FormMessage>
              )}
              <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy || placed || hasErrors(errors) || cart.items.length === 0 && !placed}>
                {busy && !placed ? t('checkout.placing') : t('checkout.place', { total: formatINR(total) })}
              </button>
              <Link to="/cart" className="btn btn--ghost btn--block">
                {t('common.back')}
              </Link>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
