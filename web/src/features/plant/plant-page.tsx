import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCart, useCartActions } from '@/lib/cart';
import { useDocumentTitle } from '@/lib/document-title';
import { truncate } from '@/lib/format';
import { categoryLabel, useI18n } from '@/lib/i18n';
import { clampQuantity } from '@/lib/validation';
import { FormMessage } from '@/components/field';
import { ChevronLeftIcon, CashIcon, SparkleIcon } from '@/components/icons';
import { useTimedMessage } from '@/components/timed-message';
import { EmptyState, PageHeading, PlantImage, Price, QuantityStepper, RatingSummary, SaveChip, Skeleton } from '@/components/ui';
import type { Plant } from '@/types/api';
import { PinCheck } from '@/components/delivery/pin-check';
import { PlantReviews } from '@/components/reviews/plant-reviews';
import { NotifyMe, WishlistHeart } from '@/components/wishlist/wishlist-heart';
import { CareBadges } from '@/components/care/care';
import { plantDescription, plantName } from '@/lib/plant-text';
import { plantQuery } from './queries';
import './plant.css';
import { ROUTES, routeTo } from '@/lib/routes';

export const REDIRECT_TO_CART_MS = 1000;
export const CART_FAILURE_MS = 3000;

export default function PlantPage() {
  const { id = '' } = useParams();
  const { t, lang } = useI18n();
  const query = useQuery(plantQuery(id));

  useDocumentTitle(
    query.data ? `${plantName(query.data, lang)} — ${t('app.name')}` : t('app.name'),
    query.data ? truncate(plantDescription(query.data, lang), 155) : undefined,
  );

  if (query.isPending) return <PlantSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="container page">
        <EmptyState
          pageTitle
          title={notFound ? t('plant.notFound') : errorMessage(query.error)}
          text={notFound ? t('plant.notFoundText') : undefined}
          action={
            <Link to={ROUTES.catalogue} className="btn btn--primary">
              <ChevronLeftIcon size={18} /> {t('plant.backToCatalogue')}
            </Link>
          }
        />
      </div>
    );
  }
  return <PlantDetail plant={query.data} />;
}

function PlantDetail({ plant }: { plant: Plant }) {
  const { t, tm, noticeText, lang } = useI18n();
  const name = plantName(plant, lang);
  const navigate = useNavigate();
  const { status, isAdmin } = useAuth();
  const cart = useCart();
  const cartActions = useCartActions();
  const failure = useTimedMessage(CART_FAILURE_MS);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const inCart = cart.items.find((i) => i.plantId._id === plant._id)?.quantity ?? 0;
  const available = Math.max(0, plant.stock - inCart);
  const max = Math.max(1, plant.stock);
  const [quantity, setQuantity] = useState(() => clampQuantity(inCart || 1, max));

  // Follow the cart (it loads after the page on a fresh visit) and stock changes.
  useEffect(() => {
    setQuantity(clampQuantity(inCart || 1, Math.max(1, plant.stock)));
  }, [inCart, plant.stock]);

  useEffect(() => {
    if (!success) return;
    const id = setTimeout(() => navigate(ROUTES.cart), REDIRECT_TO_CART_MS);
    return () => clearTimeout(id);
  }, [success, navigate]);

  const signedIn = status === 'authenticated';
  const allAdded = signedIn && plant.stock > 0 && inCart >= plant.stock;
  const outOfStock = plant.stock <= 0;
  // While the stored session is still being checked the button stays neutral (and inert):
  // a signed-in shopper must not be offered "Login to Add to Cart".
  const sessionLoading = status === 'loading';
  const label = sessionLoading ? t('plant.addToCart') : !signedIn ? t('plant.loginToAdd') : inCart > 0 ? t('plant.updateCart') : t('plant.addToCart');

  async function onAction() {
    if (!signedIn) {
      navigate(routeTo.login(routeTo.plant(plant._id)));
      return;
    }
    if (isAdmin) return;
    setBusy(true);
    failure.clear();
    try {
      if (inCart > 0) {
        await cartActions.put(plant._id, quantity);
        setSuccess(t('cart.updated'));
      } else {
        const notice = await cartActions.add(plant._id, quantity);
        setSuccess(noticeText(notice, 'cart.added'));
      }
    } catch (e) {
      failure.show(tm(errorMessage(e, inCart > 0 ? t('cart.updateFailed') : t('cart.addFailed'))), 'error');
    } finally {
      setBusy(false);
    }
  }

  const saving = plant.originalPrice != null && plant.originalPrice > plant.price;

  return (
    <div className="container page">
      <nav className="crumbs" aria-label={t('plant.breadcrumb')}>
        <Link to={ROUTES.catalogue}>
          <ChevronLeftIcon size={16} /> {t('nav.catalogue')}
        </Link>
      </nav>
      <div className="pdp">
        <div className="pdp__media card">
          <PlantImage src={plant.image ?? plant.thumbnail} alt={name} size={640} eager />
        </div>
        <div className="pdp__info">
          <div className="row" style={{ gap: 8 }}>
            <span className="chip chip--plain" title={t('plant.idBadge', { id: plant.plantId })}>
              {t('plant.idBadge', { id: plant.plantId })}
            </span>
            {plant.categories.map((c) => (
              <Link key={c} to={routeTo.catalogue({ category: c })} className="chip">
                {categoryLabel(c)}
              </Link>
            ))}
          </div>
          <div className="pcard__title-row">
            <PageHeading className="pdp__title">{name}</PageHeading>
            <WishlistHeart plant={plant} />
          </div>
          <RatingSummary rating={plant.rating} reviewCount={plant.reviewCount} />

          <div className="pdp__price">
            <Price price={plant.price} originalPrice={plant.originalPrice} size="lg" />
            {saving && <SaveChip price={plant.price} originalPrice={plant.originalPrice} />}
          </div>
          <CareBadges care={plant.care} />
          <p className="pdp__cod">
            <CashIcon size={18} /> {t('plant.cod')}
          </p>
          <PinCheck />

          <dl className="pdp__stock">
            <div>
              <dt>{t('plant.available')}</dt>
              <dd className={available > 0 ? '' : 'is-out'}>{outOfStock ? t('plant.outOfStock') : available}</dd>
            </div>
            <div>
              <dt>{t('plant.inCart')}</dt>
              <dd>{inCart}</dd>
            </div>
            <div>
              <dt>{t('plant.totalStock')}</dt>
              <dd>{plant.stock}</dd>
            </div>
          </dl>

          <div className="pdp__buy">
            {!outOfStock && signedIn && (
              <div className="pdp__qty">
                <span className="field__label" id="qty-label">
                  {t('plant.quantity')}
                </span>
                <QuantityStepper
                  value={quantity}
                  max={max}
                  onChange={(n) => setQuantity(clampQuantity(n, max))}
                  label={t('plant.quantity')}
                  decLabel={t('plant.decrease')}
                  incLabel={t('plant.increase')}
                  disabled={busy}
                />
              </div>
            )}
            <button
              type="button"
              className="btn btn--primary btn--lg pdp__cta"
              onClick={onAction}
              disabled={busy || sessionLoading || !!success || (signedIn && outOfStock)}
              aria-busy={busy}
            >
              {signedIn && outOfStock ? t('plant.outOfStock') : busy ? t('plant.working') : label}
            </button>
          </div>
          {signedIn && !isAdmin && outOfStock && <NotifyMe plant={plant} />}
          {allAdded && <FormMessage kind="info">{t('plant.allAdded')}</FormMessage>}
          {success && <FormMessage kind="success">{success}</FormMessage>}
          {failure.message && <FormMessage kind="error">{failure.message.text}</FormMessage>}

          <section className="pdp__section" aria-labelledby="desc-title">
            <h2 id="desc-title" className="pdp__h2">
              {t('plant.description')}
            </h2>
            <p className="pdp__desc">{plantDescription(plant, lang)}</p>
          </section>
          <section className="pdp__section" aria-labelledby="cat-title">
            <h2 id="cat-title" className="pdp__h2">
              {t('plant.categories')}
            </h2>
            <p>{plant.categories.map(categoryLabel).join(', ')}</p>
          </section>
          <Link to={routeTo.assistant(plant.name)} className="pdp__ask">
            <SparkleIcon size={18} /> {t('plant.care')}
          </Link>
          <PlantReviews plantId={plant._id} />
        </div>
      </div>
    </div>
  );
}

function PlantSkeleton() {
  return (
    <div className="container page" aria-busy="true">
      <div className="pdp">
        <Skeleton className="pdp__media" style={{ aspectRatio: '1' }} />
        <div className="pdp__info">
          <Skeleton style={{ width: '30%', height: 20 }} />
          <Skeleton style={{ width: '70%', height: 40 }} />
          <Skeleton style={{ width: '40%', height: 20 }} />
          <Skeleton style={{ width: '50%', height: 36 }} />
          <Skeleton style={{ width: '100%', height: 80 }} />
        </div>
      </div>
    </div>
  );
}
