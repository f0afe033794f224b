import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { adminOrderId, formatDate, formatINR } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { RefreshIcon, PlusIcon } from '@/components/icons';
import { FormMessage } from '@/components/field';
import { useToast } from '@/components/toast';
import { Skeleton, StatusBadge } from '@/components/ui';
import { ORDER_STATUSES } from '@/types/api';
import { RECENT_ORDERS, useLowStock, useOrderStats, usePlantCount } from './api';
import { AdminShell } from './admin-shell';
import { ROUTES, routeTo } from '@/lib/routes';

export default function DashboardPage() {
  const { t, tm, lang } = useI18n();
  const toast = useToast();
  const stats = useOrderStats();
  const count = usePlantCount();
  const low = useLowStock();
  useDocumentTitle(t('admin.dashboard.metaTitle'));

  const refreshing = stats.isFetching || count.isFetching || low.isFetching;
  async function refresh() {
    const results = await Promise.all([stats.refetch(), count.refetch(), low.refetch()]);
    const failed = results.find((r) => r.isError);
    if (failed) toast.error(tm(errorMessage(failed.error, t('admin.statsFailed'))));
    else toast.success(t('admin.refreshed'), 2000);
  }

  const byStatus = new Map((stats.data?.ordersByStatus ?? []).map((s) => [s._id, s.count]));
  const maxCount = Math.max(1, ...byStatus.values());
  const pending = byStatus.get('pending') ?? 0;

  const cards = [
    { label: t('admin.stats.plants'), value: count.data, fmt: (n: number) => n.toLocaleString('en-IN'), loading: count.isPending },
    { label: t('admin.stats.orders'), value: stats.data?.totalOrders, fmt: (n: number) => n.toLocaleString('en-IN'), loading: stats.isPending },
    { label: t('admin.stats.revenue'), value: stats.data?.totalRevenue, fmt: formatINR, loading: stats.isPending, note: t('admin.stats.revenueNote') },
    { label: t('admin.stats.pending'), value: stats.data ? pending : undefined, fmt: (n: number) => n.toLocaleString('en-IN'), loading: stats.isPending, accent: true },
  ];

  return (
    <AdminShell
      title={t('admin.dashboard.title')}
      actions={
        <button type="button" className="btn btn--outline btn--sm" onClick={refresh} disabled={refreshing}>
          <RefreshIcon size={16} /> {refreshing ? t('admin.refreshing') : t('admin.refresh')}
        </button>
      }
    >
      {(stats.isError || count.isError) && <FormMessage kind="error">{tm(errorMessage(stats.error ?? count.error, t('admin.statsFailed')))}</FormMessage>}
      <div className="stats">
        {cards.map((c) => (
          <div key={c.label} className={`stat card ${c.accent ? 'stat--accent' : ''}`}>
            <span className="stat__label">{c.label}</span>
            {c.loading ? <Skeleton style={{ height: 32, width: '60%' }} /> : <span className="stat__value num">{c.value === undefined ? '—' : c.fmt(c.value)}</span>}
            {c.note && <span className="stat__note">{c.note}</span>}
          </div>
        ))}
      </div>

      <div className="dash">
        <section className="card card--pad" aria-labelledby="by-status">
          <h2 id="by-status" className="card__title">
            {t('admin.byStatus')}
          </h2>
          <ul className="bars">
            {ORDER_STATUSES.map((s) => {
              const n = byStatus.get(s) ?? 0;
              return (
                <li key={s} className="bars__row">
                  <span className="bars__label">{t(`status.${s}`)}</span>
                  <span className="bars__track" aria-hidden="true">
                    <span className={`bars__fill bars__fill--${s}`} style={{ width: `${(n / maxCount) * 100}%` }} />
                  </span>
                  <span className="bars__n num">{n}</span>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="card card--pad" aria-labelledby="quick">
          <h2 id="quick" className="card__title">
            {t('admin.quick')}
          </h2>
          <div className="quick">
            <Link to={routeTo.newPlant()} className="btn btn--primary">
              <PlusIcon size={18} /> {t('admin.plants.add')}
            </Link>
            <Link to={ROUTES.adminPlants} className="btn btn--outline">
              {t('admin.managePlants')}
            </Link>
            <Link to={ROUTES.adminOrders} className="btn btn--outline">
              {t('admin.manageOrders')}
            </Link>
            <button type="button" className="btn btn--outline" onClick={refresh} disabled={refreshing}>
              <RefreshIcon size={16} /> {t('admin.refresh')}
            </button>
          </div>
        </section>

        <section className="card card--pad dash__wide" aria-labelledby="recent">
          <h2 id="recent" className="card__title">
            {t('admin.recent')}
          </h2>
          {stats.isPending ? (
            <Skeleton style={{ height: 160 }} />
          ) : !stats.data?.recentOrders?.length ? (
            <p className="muted">{t('admin.noOrders')}</p>
          ) : (
            <div className="table-wrap">
              <table className="table table--stack">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.order')}</th>
                    <th scope="col">{t('admin.customer')}</th>
                    <th scope="col">{t('orders.amount')}</th>
                    <th scope="col">{t('orders.status')}</th>
                    <th scope="col">{t('admin.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.data.recentOrders.slice(0, RECENT_ORDERS).map((o) => (
                    <tr key={o._id}>
                      <td className="num" data-label={t('admin.order')} title={o._id}>
                        #{adminOrderId(o._id)}
                      </td>
                      <td data-label={t('admin.customer')}>{o.customerName}</td>
                      <td className="num" data-label={t('orders.amount')}>
                        {formatINR(o.total)}
                      </td>
                      <td data-label={t('orders.status')}>
                        <StatusBadge status={o.status} />
                      </td>
                      <td data-label={t('admin.date')}>{formatDate(o.createdAt, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className="card card--pad" aria-labelledby="low">
          <h2 id="low" className="card__title">
            {t('admin.lowStock')}
          </h2>
          {low.isPending ? (
            <Skeleton style={{ height: 120 }} />
          ) : !low.data?.length ? (
            <p className="muted">{t('admin.lowStockEmpty')}</p>
          ) : (
            <ul className="low">
              {low.data.slice(0, 12).map((p) => (
                <li key={p._id}>
                  <span>{p.name}</span>
                  <span className={`chip ${p.stock === 0 ? 'chip--clay' : 'chip--plain'}`}>{p.stock === 0 ? t('plant.outOfStock') : t('plant.inStock', { count: p.stock })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminShell>
  );
}
