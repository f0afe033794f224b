import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDate } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import { plantName } from '@/lib/plant-text';
import { FormMessage } from '@/components/field';
import { EmptyState, PageHeading, PlantImage, Price } from '@/components/ui';
import { useMarkRead, useNotifications, useRemoveFromWishlist, useWishlist } from '@/components/wishlist/api';
import '@/components/wishlist/wishlist.css';
import { ROUTES, routeTo } from '@/lib/routes';

/** Saved plants, and the back-in-stock news about them. */
export default function WishlistPage() {
  const { t, tm, lang } = useI18n();
  useDocumentTitle(`${t('wishlist.title')} — ${t('app.name')}`);
  const wishlist = useWishlist();
  const notices = useNotifications();
  const remove = useRemoveFromWishlist();
  const markRead = useMarkRead();

  return (
    <div className="container page wishlist-page">
      <PageHeading>{t('wishlist.title')}</PageHeading>
      {notices.data && notices.data.notifications.length > 0 && (
        <section aria-labelledby="notices-title">
          <h2 id="notices-title" className="pdp__h2">
            {t('wishlist.notices')}
          </h2>
          <ul className="notices">
            {notices.data.notifications.map((n) => (
              <li key={n._id} className={`notice card ${n.read ? '' : 'is-unread'}`} data-testid="notification">
                <span>
                  <Link to={routeTo.plant(n.plantId)}>{t('wishlist.backInStock', { name: n.plantName })}</Link>{' '}
                  <span className="muted">{formatDate(n.createdAt, lang)}</span>
                </span>
                {!n.read && (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => markRead.mutate(n._id)} disabled={markRead.isPending}>
                    {t('wishlist.markRead')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label={t('wishlist.title')}>
        {wishlist.isPending ? null : wishlist.isError ? (
          <FormMessage kind="error">{tm(errorMessage(wishlist.error))}</FormMessage>
        ) : wishlist.data.length === 0 ? (
          <EmptyState
            title={t('wishlist.empty')}
            text={t('wishlist.emptyText')}
            action={
              <Link to={ROUTES.catalogue} className="btn btn--primary">
                {t('nav.catalogue')}
              </Link>
            }
          />
        ) : (
          <ul className="wishlist-page__list">
            {wishlist.data.map(({ plant, notifyWhenInStock }) => (
              <li key={plant._id} className="wish card" data-testid="wishlist-item">
                <Link to={routeTo.plant(plant._id)} className="wish__media" tabIndex={-1} aria-hidden="true">
                  <PlantImage src={plant.thumbnail ?? plant.image} alt={plantName(plant, lang)} size={72} />
                </Link>
                <div className="wish__body">
                  <Link to={routeTo.plant(plant._id)}>
                    <strong>{plantName(plant, lang)}</strong>
                  </Link>
                  <Price price={plant.price} originalPrice={plant.originalPrice} />
                  <span className="muted">
                    {plant.stock > 0 ? t('plant.inStock', { count: plant.stock }) : notifyWhenInStock ? t('wishlist.waiting') : t('plant.outOfStock')}
                  </span>
                  <div className="wish__actions">
                    <button type="button" className="btn btn--outline btn--sm" onClick={() => remove.mutate(plant._id)} disabled={remove.isPending}>
                      {t('wishlist.remove')}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
