import { memo } from 'react';
import { Link } from 'react-router-dom';
import { Price, PlantImage, RatingSummary, SaveChip } from '@/components/ui';
import { truncate } from '@/lib/format';
import { useI18n } from '@/lib/i18n';
import type { Plant } from '@/types/api';
import { HeartButton } from '@/components/wishlist/wishlist-heart';
import { CareIcons } from '@/components/care/care';
import { plantDescription, plantName } from '@/lib/plant-text';
import { routeTo } from '@/lib/routes';
import { CARD_DESCRIPTION_CHARS } from '@/lib/landing';

interface PlantCardProps {
  /** A plant of the catalogue's list, whose descriptions are the `card` view's previews. */
  plant: Plant;
  eager?: boolean;
  /** The wishlist heart (`useWishlistHearts` of the page), plain values so `memo` can compare
   * them; `onToggle` undefined: no heart (admins). */
  saved: boolean;
  heartBusy: boolean;
  heartError: string | null;
  onToggle?: (plant: Plant) => void;
}

/**
 * One card of the grid. Memoised, and given its wishlist state by the page instead of
 * subscribing to the wishlist itself: typing in the search box or saving one plant
 * re-renders only the cards whose props changed (issue 21: React's work per card).
 */
export const PlantCard = memo(function PlantCard({ plant, eager, saved, heartBusy, heartError, onToggle }: PlantCardProps) {
  const { t, lang } = useI18n();
  const href = routeTo.plant(plant._id);
  const name = plantName(plant, lang);
  return (
    <article className="pcard card" data-testid="plant-card">
      <Link to={href} className="pcard__media" tabIndex={-1} aria-hidden="true">
        <PlantImage src={plant.thumbnail ?? plant.image} alt={name} size={320} eager={eager} />
        <span className="pcard__save">
          <SaveChip price={plant.price} originalPrice={plant.originalPrice} />
        </span>
      </Link>
      <div className="pcard__body">
        <div className="pcard__title-row">
          <h2 className="pcard__name">
            <Link to={href}>{name}</Link>
          </h2>
          {onToggle && <HeartButton plant={plant} saved={saved} busy={heartBusy} error={heartError} onToggle={onToggle} />}
        </div>
        <p className="pcard__desc">{truncate(plantDescription(plant, lang), CARD_DESCRIPTION_CHARS)}</p>
        <div className="pcard__meta">
          <RatingSummary rating={plant.rating} reviewCount={plant.reviewCount} />
          <CareIcons care={plant.care} />
        </div>
        <div className="pcard__foot">
          <Price price={plant.price} originalPrice={plant.originalPrice} />
          <span className={`pcard__stock ${plant.stock > 0 ? '' : 'is-out'}`}>
            {plant.stock > 0 ? t('plant.inStock', { count: plant.stock }) : t('plant.outOfStock')}
          </span>
        </div>
        <Link to={href} className="btn btn--outline btn--sm btn--block pcard__cta" aria-label={t('plant.viewDetailsOf', { name })}>
          {t('plant.viewDetails')}
        </Link>
      </div>
    </article>
  );
});
