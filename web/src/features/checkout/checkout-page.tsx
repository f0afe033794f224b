import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ApiError, newIdempotencyKey } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCart, useCartActions } from '@/lib/cart';
import { useDocumentTitle } from '@/lib/document-title';
import { customerOrderId, formatINR, isAddressComplete } from '@/lib/format';
import { plantName } from '@/lib/plant-text';
import { useI18n } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import {
  STATES_AND_UTS,
  digitsOnly,
  normalisePhone,
  normalisePin,
  phoneInput,
  validateAddress,
  validateAddressOnSubmit,
  type AddressForm,
} from '@/lib/validation';
import { FormMessage, SelectField, TextField } from '@/components/field';
import { CashIcon } from '@/components/icons';
import { PageHeading, PlantImage, Skeleton } from '@/components/ui';
import type { Address, CartItem, Order } from '@/types/api';
import { useUpdateProfile } from '@/lib/account-api';
import { usePlaceOrder } from './api';
import './checkout.css';
import { ROUTES } from '@/lib/routes';

export const ORDER_REDIRECT_MS = 2000;

export default function CheckoutPage() {
  const { t, lang } = useI18n();
  const { user } = useAuth();
  const cart = useCart();
  const cartActions = useCartActions();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const saveProfile = useUpdateProfile();
  const saved: Partial<Address> = user?.address ?? {};
  // The saved phone and PIN are shown as they were saved ("+91 98765 43210" stays that
  // number); only the order gets their normalised form.
  const form = useForm<AddressForm>(
    {
    recipientName: saved.recipientName ?? '',
    street: saved.street ?? '',
    landmark: saved.landmark ?? '',
    city: saved.city ?? '',
    state: STATES_AND_UTS.includes((saved.state ?? '').trim()) ? (saved.state ?? '').trim() : '',
    zipCode: digitsOnly(saved.zipCode ?? '', 12),
    phone: phoneInput(saved.phone ?? ''),
    },
    validateAddress,
    {
      // Each field speaks as soon as it is edited; the submit rechecks phone and PIN.
      touchOn: 'change',
      validateOnSubmit: validateAddressOnSubmit,
      transform: { zipCode: (raw) => digitsOnly(raw, 6), phone: phoneInput },
    },
  );
  const values = form.values;
  const [saveToProfile, setSaveToProfile] = useState(() => !isAddressComplete(saved));
  // What was ordered, kept as placed: the cart empties the moment the order is taken.
  const [receipt, setReceipt] = useState<{ order: Order; items: CartItem[]; total: number } | null>(null);
  const [placed, setPlaced] = useState(false);
  // Set before the cart empties, so the empty-cart redirect never races the success screen.
  const placedRef = useRef(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(t('checkout.metaTitle'));

  useEffect(() => {
    if (!placed) return;
    const id = setTimeout(() => navigate(ROUTES.orders), ORDER_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [placed, navigate]);

  if (!placed && !placedRef.current && cart.loaded && cart.items.length === 0) return <Navigate to={ROUTES.cart} replace />;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!form.submit(formRef.current)) return;
    const address = {
      street: values.street.trim(),
      landmark: values.landmark.trim(),
      recipientName: values.recipientName.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zipCode: normalisePin(values.zipCode),
      phone: normalisePhone(values.phone),
    };
    place.mutate(
      { address, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: ({ order, items }) => {
          // Set before the cart empties, so the empty-cart redirect never races the receipt.
          placedRef.current = true;
          setReceipt({ order, items, total: order.total });
          setPlaced(true);
          cartActions.clearLocal();
          // The order is placed either way; a failed save only means typing it again next time.
          if (saveToProfile) saveProfile.mutate({ address });
        },
        onError: (err) => {
          // A definite refusal starts a new attempt; a lost answer keeps the key so a retry is safe.
          if (err instanceof ApiError && err.kind === 'http' && err.status < 500) idempotencyKey.current = newIdempotencyKey();
          form.serverError(err, t('checkout.failedRetry'));
        },
      },
    );
  }

  const total = receipt?.total ?? cart.total;
  const lines = receipt?.items ?? cart.items;
  const err = form.error;
  const busy = place.isPending;
  const prefilled = isAddressComplete(saved);
  const invalid = form.invalidFields;
  const fieldLabel: Record<keyof AddressForm, string> = {
    recipientName: t('checkout.recipient'),
    street: t('checkout.street'),
    landmark: t('checkout.landmark'),
    city: t('checkout.city'),
    state: t('checkout.state'),
    zipCode: t('checkout.zip'),
    phone: t('checkout.phone'),
  };
  const focusField = (f: keyof AddressForm) => formRef.current?.querySelector<HTMLElement>(`[name="${f}"]`)?.focus();

  return (
    <div className="container page">
      <PageHeading>{t('checkout.title')}</PageHeading>
      <div className="checkout">
        <section className="card card--pad checkout__summary" aria-labelledby="co-summary">
          <h2 id="co-summary" className="card__title">
            {t('checkout.summary')}
          </h2>
          {!receipt && !cart.loaded && cart.items.length === 0 ? (
            <Skeleton style={{ height: 120 }} />
          ) : (
            <ul className="co-items">
              {lines.map(({ plantId: p, quantity }) => (
                <li key={p._id} className="co-item">
                  <span className="co-item__img">
                    <PlantImage src={p.thumbnail ?? p.image} alt={plantName(p, lang)} size={56} />
                  </span>
                  <span className="co-item__name">
                    {plantName(p, lang)}
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
              label={`${t('checkout.recipient')} ${t('common.optional')}`}
              name="recipientName"
              autoComplete="shipping name"
              hint={t('checkout.recipientHint')}
              value={values.recipientName}
              onChange={(e) => form.setField('recipientName', e.target.value)}
              error={err('recipientName')}
              maxLength={50}
            />
            <TextField
              className="span-2"
              label={t('checkout.street')}
              name="street"
              autoComplete="shipping street-address"
              hint={t('checkout.streetHint')}
              value={values.street}
              onChange={(e) => form.setField('street', e.target.value)}
              error={err('street')}
              maxLength={250}
              required
            />
            <TextField
              className="span-2"
              label={`${t('checkout.landmark')} ${t('common.optional')}`}
              name="landmark"
              autoComplete="off"
              hint={t('checkout.landmarkHint')}
              value={values.landmark}
              onChange={(e) => form.setField('landmark', e.target.value)}
              error={err('landmark')}
              maxLength={120}
            />
            <TextField label={t('checkout.city')} name="city" autoComplete="shipping address-level2" value={values.city} onChange={(e) => form.setField('city', e.target.value)} error={err('city')} required />
            <SelectField label={t('checkout.state')} name="state" autoComplete="shipping address-level1" value={values.state} onChange={(e) => form.setField('state', e.target.value)} error={err('state')} required>
              <option value="">{t('checkout.chooseState')}</option>
              {STATES_AND_UTS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('checkout.zip')}
              name="zipCode"
              autoComplete="shipping postal-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              value={values.zipCode}
              onChange={(e) => form.setField('zipCode', e.target.value)}
              error={err('zipCode')}
              required
            />
            <TextField
              label={t('checkout.phone')}
              name="phone"
              type="tel"
              autoComplete="shipping tel-national"
              inputMode="tel"
              maxLength={20}
              hint={t('checkout.phoneHint')}
              value={values.phone}
              onChange={(e) => form.setField('phone', e.target.value)}
              error={err('phone')}
              required
            />
            <label className="span-2 check co-save">
              <input type="checkbox" name="saveToProfile" checked={saveToProfile} onChange={(e) => setSaveToProfile(e.target.checked)} disabled={placed} />
              <span>{t('checkout.saveToProfile')}</span>
            </label>
            <div className="span-2 stack" style={{ gap: 12 }}>
              {form.serverMessage && <FormMessage kind="error">{form.serverMessage}</FormMessage>}
              {receipt && (
                <div className="co-placed" role="status" data-testid="order-confirmation">
                  <p className="co-placed__title">{t('checkout.success')}</p>
                  <p>
                    <span title={receipt.order._id}>{t('checkout.orderNumber', { id: customerOrderId(receipt.order._id) })}</span>
                  </p>
                  <p>{t('checkout.payInCash', { total: formatINR(receipt.total) })}</p>
                  <p className="muted">
                    {t('checkout.nextStep')} {t('checkout.redirecting')}
                  </p>
                </div>
              )}
              <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy || placed || invalid.length > 0 || (cart.items.length === 0 && !placed)} aria-describedby={invalid.length ? 'co-why' : undefined}>
                {placed ? t('checkout.placed') : busy ? t('checkout.placing') : t('checkout.place', { total: formatINR(total) })}
              </button>
              {/* Why the button is disabled: each field that needs attention, one tap from it. */}
              <div id="co-why" className="co-why" aria-live="polite">
                {invalid.length > 0 && !placed && (
                  <>
                    <p className="co-why__title">{t('checkout.fixToPlace')}</p>
                    <ul>
                      {invalid.map((f) => (
                        <li key={f}>
                          <a
                            href={`#${f}`}
                            onClick={(e) => {
                              e.preventDefault();
                              focusField(f);
                            }}
                          >
                            {fieldLabel[f]}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
              <Link to={ROUTES.cart} className="btn btn--ghost btn--block">
                {t('common.back')}
              </Link>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
