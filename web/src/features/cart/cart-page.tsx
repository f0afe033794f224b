import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { cartCount, useCart, useCartActions } from '@/lib/cart';
import { useAppConfig } from '@/lib/config';
import { useDocumentTitle } from '@/lib/document-title';
import { formatINR } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { plantName } from '@/lib/plant-text';
import { FormMessage } from '@/components/field';
import { TrashIcon, CashIcon } from '@/components/icons';
import { useTimedMessage } from '@/components/timed-message';
import { EmptyState, PageHeading, PlantImage, QuantityStepper, Skeleton, Spinner } from '@/components/ui';
import './cart.css';
import { PinCheck } from '@/components/delivery/pin-check';
import { ROUTES, routeTo } from '@/lib/routes';

export const CART_MESSAGE_MS = 2000;

export default function CartPage() {
  const { t, tm, lang } = useI18n();
  const cart = useCart();
  const cartActions = useCartActions();
  const limits = useAppConfig().data?.orderLimits;
  const msg = useTimedMessage(CART_MESSAGE_MS);
  const { show } = msg;
  useDocumentTitle(t('cart.metaTitle'));

  useEffect(
    () =>
      cartActions.onEvent((e) => {
        if (e.type === 'updated') show(t('cart.updated'));
        else show(tm(e.message), 'error');
      }),
    [cartActions, show, t, tm],
  );

  async function remove(id: string) {
    try {
      await cartActions.remove(id);
      msg.show(t('cart.removed'));
    } catch (e) {
      msg.show(tm(errorMessage(e, t('cart.removeFailed'))), 'error');
    }
  }

  const count = cartCount(cart.items);
  const showSkeleton = !cart.loaded && cart.items.length === 0 && !cart.error;

  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <PageHeading>{t('cart.title')}</PageHeading>
          {count > 0 && <p className="page-head__sub">{count === 1 ? t('cart.itemsCount1') : t('cart.itemsCount', { count })}</p>}
        </div>
      </div>
      <div className="cart-msg" aria-live="polite">
        {msg.message && <FormMessage kind={msg.message.kind}>{msg.message.text}</FormMessage>}
      </div>

      {showSkeleton ? (
        <div className="cart">
          <div className="stack">
            {[0, 1].map((i) => (
              <Skeleton key={i} style={{ height: 112 }} />
            ))}
          </div>
          <Skeleton style={{ height: 260 }} />
        </div>
      ) : !cart.loaded && cart.items.length === 0 && cart.error ? (
        // The cart could not be read: that is not an empty cart.
        <EmptyState
          title={t('cart.loadFailed')}
          action={
            <button type="button" className="btn btn--primary" onClick={() => void cartActions.load()} disabled={cart.loading}>
              {t('common.retry')}
            </button>
          }
        />
      ) : cart.items.length === 0 ? (
        <EmptyState
          title={t('cart.empty')}
          text={t('cart.emptyText')}
          action={
            <Link to={ROUTES.catalogue} className="btn btn--primary">
              {t('cart.continue')}
            </Link>
          }
        />
      ) : (
        <div className="cart">
          <ul className="cart__items" aria-label={t('cart.title')}>
            {cart.items.map(({ plantId: p, quantity }) => {
              const busy = !!cart.pending[p._id];
              const name = plantName(p, lang);
              return (
                <li key={p._id} className={`citem card ${busy ? 'is-busy' : ''}`} data-testid="cart-item">
                  <Link to={routeTo.plant(p._id)} className="citem__img" tabIndex={-1} aria-hidden="true">
                    <PlantImage src={p.thumbnail ?? p.image} alt={name} size={96} />
                  </Link>
                  <div className="citem__main">
                    <div className="citem__top">
                      <h2 className="citem__name">
                        <Link to={routeTo.plant(p._id)}>{name}</Link>
                      </h2>
                      <span className="citem__line num" aria-label={`${t('cart.lineTotal')}: ${formatINR(p.price * quantity)}`}>
                        {formatINR(p.price * quantity)}
                      </span>
                    </div>
                    <p className="citem__each num">{t('cart.each', { price: formatINR(p.price) })}</p>
                    <div className="citem__actions">
                      <QuantityStepper
                        size="sm"
                        value={quantity}
                        max={Math.min(p.stock, limits?.maxPerPlant ?? p.stock)}
                        onChange={(n) => cartActions.stepQuantity(p._id, n - quantity)}
                        label={t('cart.quantityOf', { name: name })}
                        decLabel={t('cart.decreaseOf', { name: name })}
                        incLabel={t('cart.increaseOf', { name: name })}
                      />
                      {busy && <Spinner />}
                      {quantity >= p.stock ? (
                        <span className="citem__stock">{t('cart.onlyLeft', { count: p.stock })}</span>
                      ) : (
                        limits && quantity >= limits.maxPerPlant && <span className="citem__stock">{t('cart.atPlantLimit', { count: limits.maxPerPlant })}</span>
                      )}
                      <button type="button" className="btn btn--ghost btn--sm citem__remove" onClick={() => remove(p._id)} aria-label={t('cart.removeOf', { name: name })}>
                        <TrashIcon size={16} /> {t('cart.remove')}
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>

          <aside className="summary card card--pad" aria-labelledby="summary-title">
            <h2 id="summary-title" className="card__title">
              {t('cart.summary')}
            </h2>
            <dl className="summary__rows">
              <div>
                <dt>{t('cart.subtotal')}</dt>
                <dd className="num">{formatINR(cart.total)}</dd>
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
                <dd className="num" data-testid="cart-total">
                  {formatINR(cart.total)}
                </dd>
              </div>
            </dl>
            <p className="summary__cod">
              <CashIcon size={18} /> {t('checkout.cod')}
            </p>
            {limits && cart.total > limits.maxOrderRupees && (
              <FormMessage kind="error">{t('cart.overValue', { value: formatINR(limits.maxOrderRupees) })}</FormMessage>
            )}
            {limits && (
              <p className="summary__limits" data-testid="order-limits">
                {t('cart.limits', { perPlant: limits.maxPerPlant, value: formatINR(limits.maxOrderRupees), pending: limits.maxPendingOrders })}
              </p>
            )}
            <PinCheck />
            <div className="stack" style={{ gap: 10 }}>
              <Link to={ROUTES.checkout} className="btn btn--primary btn--lg btn--block">
                {t('cart.checkout')}
              </Link>
              <Link to={ROUTES.catalogue} className="btn btn--outline btn--block">
                {t('cart.continue')}
              </Link>
            </div>
          </aside>
        </div>
      )}
    </div>
  );
}
