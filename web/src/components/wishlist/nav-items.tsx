import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { useI18n } from '@/lib/i18n';
import { useNotifications } from './api';
import { BellIcon, HeartIcon } from './icons';
import './wishlist.css';
import { ROUTES } from '@/lib/routes';

/** The navbar's bell: unread back-in-stock news, leading to the Wishlist page. */
export function NotificationBell() {
  const { t } = useI18n();
  const notices = useNotifications();
  const unread = notices.data?.unread ?? 0;
  return (
    <Link to={ROUTES.wishlist} className="icon-btn nav-bell" aria-label={t('wishlist.notificationsCount', { count: unread })} data-testid="nav-bell">
      <BellIcon />
      {unread > 0 && (
        <span className="count-badge" aria-hidden="true" data-testid="nav-bell-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** "Wishlist" in the profile menu and the mobile sheet (customers only). */
export function WishlistMenuLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const { t } = useI18n();
  const { isAdmin } = useAuth();
  if (isAdmin) return null;
  return (
    <Link to={ROUTES.wishlist} className={className} onClick={onClick}>
      <HeartIcon size={18} /> {t('wishlist.title')}
    </Link>
  );
}
