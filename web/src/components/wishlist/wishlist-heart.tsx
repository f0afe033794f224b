import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useI18n } from '@/lib/i18n';
import type { Plant } from '@/types/api';
import { useRemoveFromWishlist, useSaveToWishlist, useWishlist } from './api';
import { HeartIcon } from './icons';
import './wishlist.css';
import { ROUTES, routeTo } from '@/lib/routes';

/** The heart on the plant page: saves or unsaves for a signed-in customer. */
export function WishlistHeart({ plant, className = '' }: { plant: Plant; className?: string }) {
  const hearts = useWishlistHearts();
  if (hearts.hidden) return null;
  return <HeartButton plant={plant} className={className} saved={hearts.isSaved(plant._id)} busy={hearts.busy} error={hearts.errorFor(plant._id)} onToggle={hearts.toggle} />;
}

/**
 * The wishlist state and actions behind any number of hearts: one query and one pair of
 * mutations for a whole grid of cards (the catalogue's 24 cards each held their own, issue
 * 21), with `toggle` stable across renders so memoised cards are not re-rendered by it.
 */
export function useWishlistHearts() {
  const { tm } = useI18n();
  const navigate = useNavigate();
  const { status, isAdmin } = useAuth();
  const wishlist = useWishlist();
  const save = useSaveToWishlist();
  const remove = useRemoveFromWishlist();
  const [error, setError] = useState<{ plantId: string; text: string } | null>(null);
  const savedIds = useMemo(() => new Set(wishlist.data?.map((i) => i.plant._id)), [wishlist.data]);

  // The latest values, read by the stable `toggle`.
  const latest = useRef({ status, savedIds, save, remove, navigate, tm });
  latest.current = { status, savedIds, save, remove, navigate, tm };
  const toggle = useCallback(async (plant: Plant) => {
    const { status, savedIds, save, remove, navigate, tm } = latest.current;
    if (status !== 'authenticated') {
      navigate(ROUTES.login, { state: { from: routeTo.plant(plant._id) } });
      return;
    }
    setError(null);
    try {
      if (savedIds.has(plant._id)) await remove.mutateAsync(plant._id);
      else await save.mutateAsync({ plantId: plant._id, notify: false });
    } catch (e) {
      setError({ plantId: plant._id, text: tm(errorMessage(e)) });
    }
  }, []);

  return {
    /** Admins do not shop: no hearts. */
    hidden: isAdmin,
    isSaved: (plantId: string) => savedIds.has(plantId),
    busy: save.isPending || remove.isPending,
    errorFor: (plantId: string) => (error?.plantId === plantId ? error.text : null),
    toggle,
  };
}

interface HeartButtonProps {
  plant: Plant;
  saved: boolean;
  busy: boolean;
  error: string | null;
  onToggle: (plant: Plant) => void;
  className?: string;
}

/** One heart: what it shows comes from `useWishlistHearts`. */
export function HeartButton({ plant, saved, busy, error, onToggle, className = '' }: HeartButtonProps) {
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        className={`icon-btn heart ${saved ? 'is-on' : ''} ${className}`}
        aria-pressed={saved}
        aria-label={saved ? t('wishlist.removeOf', { name: plant.name }) : t('wishlist.saveOf', { name: plant.name })}
        title={saved ? t('wishlist.saved') : t('wishlist.save')}
        onClick={() => onToggle(plant)}
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
