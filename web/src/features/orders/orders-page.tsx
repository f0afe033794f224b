import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { customerOrderId, formatDate, formatDateTime, formatINR } from '@/lib/format';
import { orderItemName } from '@/lib/plant-text';
import { useI18n } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/modal';
import { ChevronDownIcon, PackageIcon } from '@/components/icons';
import { useToast } from '@/components/toast';
import { EmptyState, PageHeading, PlantImage, Skeleton, StatusBadge } from '@/components/ui';
import { OrderIdCopy } from '@/components/order-id-copy';
import type { Order } from '@/types/api';
import { useCancelOrder, useMyOrders, usePlantAvailability } from './api';
import { RatingModal } from './rating-modal';
import './orders.css';
import { PromisedDelivery } from '@/components/delivery/promised-delivery';
import { ROUTES, routeTo } from '@/lib/routes';

export const ORDERS_TOAST_MS = 4000;

export default function OrdersPage() {
  const { t, tm } = useI18n();
  const toast = useToast();
  const orders = useMyOrders();
  useDocumentTitle(t('orders.metaTitle'));

  // Said once when loading starts failing, not again at every 20 s background refresh that
  // fails the same way; a success in between lets a later failure be said again.
  const errorText = orders.isError ? tm(errorMessage(orders.error, t('orders.fetchFailed'))) : null;
  const lastError = useRef<string | null>(null);
  useEffect(() => {
    if (errorText && !lastError.current) toast.error(errorText, ORDERS_TOAST_MS);
    lastError.current = errorText;
  }, [errorText, toast]);

  return (
    <div className="container page page--narrow">
      <div className="page-head">
        <PageHeading>{t('orders.title')}</PageHeading>
      </div>
      {orders.isPending ? (
        <div className="stack">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} style={{ height: 84 }} />
          ))}
        </div>
      ) : orders.isError && !orders.data ? (
        <EmptyState
          title={t('orders.fetchFailed')}
          action={
            <button type="button" className="btn btn--primary" onClick={() => orders.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : orders.data.length === 0 ? (
        <EmptyState
          title={t('orders.empty')}
          text={t('orders.emptyText')}
          action={
            <Link to={ROUTES.catalogue} className="btn btn--primary">
              {t('home.shop')}
            </Link>
          }
        />
      ) : (
        <ul className="orders">
          {orders.data.map((o, i) => (
            <li key={o._id}>
              <OrderCard order={o} initiallyOpen={i === 0 && orders.data.length === 1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderCard({ order, initiallyOpen }: { order: Order; initiallyOpen: boolean }) {
  const { t, tm, noticeText, lang } = useI18n();
  const toast = useToast();
  const [open, setOpen] = useState(initiallyOpen);
  const [confirming, setConfirming] = useState(false);
  const [rating, setRating] = useState<{ plantId: string | null; name: string; editing: boolean } | null>(null);
  const cancel = useCancelOrder();
  const panelId = useId();
  const headRef = useRef<HTMLButtonElement>(null);
  const refocusHead = useRef(false);
  // The Cancel Order button goes with the pending status: once the dialog has closed (and
  // handed focus back to that button), focus moves to this order's heading instead of
  // falling to the top of the page.
  useEffect(() => {
    if (confirming || !refocusHead.current) return;
    refocusHead.current = false;
    headRef.current?.focus();
  }, [confirming]);
  // The server says whether a plant still exists; ask only when it did not.
  const ids = order.items.filter((i) => i.available === undefined).map((i) => i.plantId).filter((x): x is string => !!x);
  const missing = usePlantAvailability(ids, open);
  const count = order.items.reduce((n, i) => n + i.quantity, 0);

  async function doCancel() {
    try {
      const res = await cancel.mutateAsync(order._id);
      toast.success(noticeText(res.notice, 'orders.cancelled'), ORDERS_TOAST_MS);
    } catch (e) {
      toast.error(tm(errorMessage(e, t('orders.cancelFailed'))), ORDERS_TOAST_MS);
    } finally {
      refocusHead.current = true;
      setConfirming(false);
    }
  }

  return (
    <article className={`ocard card ${open ? 'is-open' : ''}`} data-testid="order-card">
      <h2 className="ocard__h">
        <button ref={headRef} type="button" className="ocard__head" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <span className="ocard__icon" aria-hidden="true">
            {order.items[0]?.image ? <PlantImage src={order.items[0].image} alt="" size={44} /> : <PackageIcon size={22} />}
          </span>
          <span className="ocard__meta">
            <span className="ocard__date">{t('orders.orderOn', { date: formatDate(order.createdAt, lang) })}</span>
            <span className="ocard__plants" data-testid="order-plants">
              {order.items.length > 2
                ? t('orders.plantsMore', { first: orderItemName(order.items[0], lang), second: orderItemName(order.items[1], lang), count: order.items.length - 2 })
                : order.items.map((i) => orderItemName(i, lang)).join(', ')}
            </span>
            <span className="ocard__sub">
              <span className="num">{formatINR(order.total)}</span>
              <span aria-hidden="true"> · </span>
              <span className="muted">{count === 1 ? t('cart.itemsCount1') : t('cart.itemsCount', { count })}</span>
            </span>
          </span>
          <StatusBadge status={order.status} />
          <ChevronDownIcon size={20} className="ocard__chev" />
          <span className="sr-only">{open ? t('orders.hideDetails') : t('orders.showDetails')}</span>
        </button>
      </h2>
      {open && (
        <div className="ocard__body" id={panelId}>
          <p className="ocard__id">
            {t('orders.orderId')}:{' '}
            <strong className="num" data-testid="order-id" title={order._id}>
              #{customerOrderId(order._id)}
            </strong>{' '}
            <OrderIdCopy id={order._id} />
          </p>
          <StatusTimeline order={order} />
          <PromisedDelivery order={order} />
          <div className="ocard__cols">
            <section>
              <h3 className="ocard__h3">{t('orders.items')}</h3>
              <ul className="oitems">
                {order.items.map((item, idx) => {
                  const gone = !item.plantId || item.available === false || missing.has(item.plantId);
                  return (
                    <li key={`${item.plantId}-${idx}`} className="oitem">
                      <div className="oitem__main">
                        {gone || !item.plantId ? (
                          <>
                            <span className="oitem__name">{orderItemName(item, lang)}</span>
                            <span className="oitem__gone">{t('orders.unavailable')}</span>
                          </>
                        ) : (
                          <Link to={routeTo.plant(item.plantId)} className="oitem__name">
                            {orderItemName(item, lang)}
                          </Link>
                        )}
                        <span className="muted num">{t('orders.qtyPrice', { quantity: item.quantity, price: formatINR(item.price) })}</span>
                      </div>
                      {order.status === 'delivered' && !gone && (
                        <button
                          type="button"
                          className="btn btn--outline btn--sm"
                          onClick={() => setRating({ plantId: item.plantId, name: orderItemName(item, lang), editing: !!item.rated })}
                        >
                          {item.rated ? t('orders.editRating') : t('orders.ratePlant')}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
              <p className="ocard__total">
                {t('orders.total')}: <strong className="num">{formatINR(order.total)}</strong>
              </p>
            </section>
            <section>
              <h3 className="ocard__h3">{t('orders.address')}</h3>
              <address className="ocard__addr">
                {order.deliveryAddress.recipientName && (
                  <>
                    {order.deliveryAddress.recipientName}
                    <br />
                  </>
                )}
                {order.deliveryAddress.street}
                <br />
                {order.deliveryAddress.landmark && (
                  <>
                    {t('orders.near', { landmark: order.deliveryAddress.landmark })}
                    <br />
                  </>
                )}
                {order.deliveryAddress.city}, {order.deliveryAddress.state} {order.deliveryAddress.zipCode}
                <br />
                {order.deliveryAddress.phone}
              </address>
              <dl className="ocard__times">
                <div>
                  <dt>{t('orders.placed')}</dt>
                  <dd>{formatDateTime(order.createdAt, lang)}</dd>
                </div>
                <div>
                  <dt>{t('orders.updated')}</dt>
                  <dd>{formatDateTime(order.updatedAt, lang)}</dd>
                </div>
              </dl>
            </section>
          </div>
          {order.status === 'pending' && (
            <div className="ocard__cancel">
              <p className="muted">{t('orders.cancelNote')}</p>
              <button type="button" className="btn btn--danger-outline btn--sm" onClick={() => setConfirming(true)} disabled={cancel.isPending}>
                {t('orders.cancel')}
              </button>
            </div>
          )}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('orders.cancelTitle')}
          message={t('orders.cancelConfirm')}
          confirmLabel={t('orders.cancel')}
          cancelLabel={t('orders.keep')}
          danger
          busy={cancel.isPending}
          onConfirm={doCancel}
          onCancel={() => setConfirming(false)}
        />
      )}
      {rating && (
        <RatingModal orderId={order._id} plantId={rating.plantId} plantName={rating.name} editing={rating.editing} onClose={() => setRating(null)} />
      )}
    </article>
  );
}

/** Every status the order went through, with its time (the server's statusHistory). */
function StatusTimeline({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const history = order.statusHistory?.length ? order.statusHistory : [{ status: 'pending' as const, at: order.createdAt }];
  return (
    <section className="otimeline" aria-labelledby={`tl-${order._id}`}>
      <h3 className="ocard__h3" id={`tl-${order._id}`}>
        {t('orders.timeline')}
      </h3>
      <ol className="otimeline__list" data-testid="status-timeline">
        {history.map((h, i) => (
          <li key={`${h.status}-${h.at}-${i}`} className={`otimeline__step otimeline__step--${h.status}`}>
            {/* One line of text, not a second badge: the card's badge is its current status. */}
            {t(`status.${h.status}`)}
            <span aria-hidden="true"> · </span>
            <time dateTime={h.at}>{formatDateTime(h.at, lang)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
