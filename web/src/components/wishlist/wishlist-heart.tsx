import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useI18n } from '@/lib/i18n';
import type { Plant } from '@/types/api';
import { useRemoveFromWishlist, useSaveToWishlist, useWishlist } from './api';
import { HeartIcon } from './icons';
import './wishlist.css';
import { ROUTES, routeTo } from '@/lib/routes';

/** The heart on plant cards and the plant page: saves or unsaves for a signed-in customer. */
export function WishlistHeart({ plant, className = '' }: { plant: Plant; className?: string }) {
  const { t, tm } = useI18n();
  const navigate = useNavigate();
  const { status, isAdmin } = useAuth();
  const wishlist = useWishlist();
  const save = useSaveToWishlist();
  const remove = useRemoveFromWishlist();
  const [error, setError] = useState<string | null>(null);
  if (isAdmin) return null;
  const saved = wishlist.data?.some((i) => i.plant._id === plant._id) ?? false;
  const busy = save.isPending || remove.isPending;

  async function toggle() {
    if (status !== 'authenticated') {
      navigate(ROUTES.login, { state: { from: routeTo.plant(plant._id) } });
      return;
    }
    setError(null);
    try {
      if (saved) await remove.mutateAsync(plant._id);
      else await save.mutateAsync({ plantId: plant._id, notify: false });
    } catch (e) {
      setError(tm(errorMessage(e)));
    }
  }

  return (
    <>
      <button
        type="button"
        className={`icon-btn heart ${saved ? 'is-on' : ''} ${className}`}
        aria-pressed={saved}
        aria-label={saved ? t('wishlist.removeOf', { name: plant.name }) : t('wishlist.saveOf', { name: plant.name })}
        title={saved ? t('wishlist.saved') : t('wishlist.save')}
        onClick={toggle}
        disabled={busy}
        data-testid="wishlist-heart"
      >
        <HeartIcon filled={saved} />
      </button>
      {error && (
        <span className="heart__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** "Notify me" on an out-of-stock plant: saves it with a back-in-stock request. */
export function NotifyMe({ plant }: { plant: Plant }) {
  const { t, tm } = useI18n();
  const wishlist = useWishlist();
  const save = useSaveToWishlist();
  const [error, setError] = useState<string | null>(null);
  const waiting = wishlist.data?.find((i) => i.plant._id === plant._id)?.notifyWhenInStock ?? false;
  if (waiting) {
    return (
      <p className="notify-me is-waiting" role="status" data-testid="notify-waiting">
        {t('wishlist.waiting')}
      </p>
    );
  }
  return (
    <div className="notify-me">
      <button
        type="button"
        className="btn btn--outline btn--lg btn--block"
        disabled={save.isPending}
        data-testid="notify-me"
        onClick={async () => {
          setError(null);
          try {
            await save.mutateAsync({ plantId: plant._id, notify: true });
          } catch (e) {
            setError(tm(errorMessage(e)));
          }
        }}
      >
        {t('wishlist.notifyMe')}
      </button>
      {error && <p className="heart__error" role="alert">{error}</p>}
    </div>
  );
}
