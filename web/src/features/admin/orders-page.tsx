import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { adminOrderId, formatDateTime, formatINR } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { FormMessage } from '@/components/field';
import { SearchIcon } from '@/components/icons';
import { useToast } from '@/components/toast';
import { EmptyState, Pagination, Skeleton, StatusBadge } from '@/components/ui';
import { ORDER_STATUSES, type Order, type OrderStatus } from '@/types/api';
import { useAdminOrders, useUpdateOrderStatus } from './api';
import { AdminShell } from './admin-shell';
import { useSearchQuery } from './use-search-query';
import { allowedNext } from './transitions';
import { ConfirmDialog } from '@/components/modal';
import { OrderIdCopy } from '@/components/order-id-copy';

/** Moves that cannot be undone, so they are confirmed first. */
const IRREVERSIBLE: OrderStatus[] = ['shipped', 'delivered'];

export default function AdminOrdersPage() {
  const { t, tm } = useI18n();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const { search, setSearch, query } = useSearchQuery(() => setPage(1));
  const orders = useAdminOrders(status, query, page);
  useDocumentTitle(t('admin.orders.metaTitle'));

  const data = orders.data;

  return (
    <AdminShell title={t('admin.orders.title')}>
      <div className="admin-toolbar">
        <div className="searchbox">
          <label htmlFor="admin-order-search" className="sr-only">
            {t('admin.orders.search')}
          </label>
          <SearchIcon size={18} />
          <input id="admin-order-search" type="search" className="input searchbox__input" placeholder={t('admin.orders.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      <div className="filter-btns" role="group" aria-label={t('admin.orders.filter')} style={{ marginBottom: 16 }}>
        {(['', ...ORDER_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className="filter-btn"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {s ? t(`status.${s}`) : t('admin.orders.all')}
          </button>
        ))}
      </div>

      {orders.isError ? (
        <FormMessage kind="error">{t('admin.orders.fetchFailed', { message: tm(errorMessage(orders.error)) })}</FormMessage>
      ) : orders.isPending ? (
        <Skeleton style={{ height: 300 }} />
      ) : data!.orders.length === 0 ? (
        <EmptyState title={t('admin.orders.empty')} />
      ) : (
        <>
          <p className="muted" style={{ marginBottom: 10 }}>
            {data!.total === 1 ? t('admin.orders.count1') : t('admin.orders.count', { count: data!.total })}
          </p>
          <ul className="aorders">
            {data!.orders.map((o) => (
              <li key={o._id}>
                <AdminOrderCard order={o} />
              </li>
            ))}
          </ul>
        </>
      )}
      {data && <Pagination page={data.page} pages={data.pages} onPage={setPage} />}
    </AdminShell>
  );
}

function AdminOrderCard({ order }: { order: Order }) {
  const { t, tm, noticeText, lang } = useI18n();
  const toast = useToast();
  const update = useUpdateOrderStatus();
  const next = allowedNext(order.status);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const history = order.statusHistory?.length ? order.statusHistory : [{ status: order.status, at: order.updatedAt }];

  async function move(status: OrderStatus) {
    setConfirming(null);
    try {
      const res = await update.mutateAsync({ id: order._id, status });
      toast.success(noticeText(res.notice, 'admin.orders.updated'));
    } catch (e) {
      toast.error(tm(errorMessage(e, t('admin.orders.updateFailed'))));
    }
  }

  return (
    <article className="aorder card" data-testid="admin-order">
      <div className="aorder__head">
        <div>
          <p className="aorder__id num">
            <span title={order._id}>#{adminOrderId(order._id)}</span> <OrderIdCopy id={order._id} />
          </p>
          <p className="aorder__cust">
            {order.customerName} · {order.customerEmail}
          </p>
          <p className="aorder__cust">{formatDateTime(order.createdAt, lang)}</p>
        </div>
        <div className="row">
          <strong className="num">{formatINR(order.total)}</strong>
          <StatusBadge status={order.status} />
        </div>
      </div>
      <div className="aorder__grid">
        <section>
          <h3 className="admin-h3">{t('orders.items')}</h3>
          <ul className="aorder__items">
            {order.items.map((i, idx) => (
              <li key={idx}>
                <span>
                  {i.plantName} × {i.quantity}
                </span>
                <span className="num">{formatINR(i.price * i.quantity)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="admin-h3">{t('orders.address')}</h3>
          <address style={{ fontStyle: 'normal', fontSize: '0.92rem' }}>
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
        </section>
        <section>
          <h3 className="admin-h3">{t('admin.orders.history')}</h3>
          <ol className="timeline">
            {history.map((h, i) => (
              <li key={i} style={{ ['--dot' as string]: `var(--st-${h.status})` }}>
                <span>
                  {t(`status.${h.status}`)}
                  <time dateTime={h.at}>{formatDateTime(h.at, lang)}</time>
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <div className="aorder__actions">
        {next.length === 0 ? (
          <span className="muted">{t('admin.orders.final')}</span>
        ) : (
          next.map((s) => (
            <button
              key={s}
              type="button"
              className={`btn btn--sm ${s === 'cancelled' ? 'btn--danger-outline' : 'btn--primary'}`}
              // Shipped and delivered cannot be undone: ask first.
              onClick={() => (IRREVERSIBLE.includes(s) ? setConfirming(s) : void move(s))}
              disabled={update.isPending}
            >
              {t(`admin.orders.to.${s}`)}
            </button>
          ))
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(`admin.orders.to.${confirming}`)}
          message={t('admin.orders.confirmMove', { id: adminOrderId(order._id), status: t(`status.${confirming}`) })}
          confirmLabel={t(`admin.orders.to.${confirming}`)}
          cancelLabel={t('common.cancel')}
          busy={update.isPending}
          onConfirm={() => void move(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </article>
  );
}
