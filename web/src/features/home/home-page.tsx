import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/document-title';
import { useI18n, type MessageKey } from '@/lib/i18n';
import { SproutIcon, TruckIcon, SparkleIcon, ChevronRightIcon } from '@/components/icons';
import { PageHeading } from '@/components/ui';
import { HOME_HERO_IMAGE } from '@/lib/landing';
import './home.css';
import { ROUTES, routeTo } from '@/lib/routes';

const CATEGORIES = ['Indoor', 'Outdoor', 'Succulents', 'Flowering'] as const;

export function HomePage() {
  const { t } = useI18n();
  useDocumentTitle(t('home.metaTitle'));

  const features: { icon: JSX.Element; title: MessageKey; text: MessageKey }[] = [
    { icon: <SproutIcon size={26} />, title: 'home.fresh.title', text: 'home.fresh.text' },
    { icon: <TruckIcon size={26} />, title: 'home.delivery.title', text: 'home.delivery.text' },
    { icon: <SparkleIcon size={26} />, title: 'home.care.title', text: 'home.care.text' },
  ];

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('home.eyebrow')}</p>
            <PageHeading className="hero__title">{t('home.title')}</PageHeading>
            <p className="hero__subtitle">{t('home.subtitle')}</p>
            <div className="hero__actions">
              <Link to={ROUTES.catalogue} className="btn btn--primary btn--lg">
                {t('home.shop')}
              </Link>
              <Link to={ROUTES.assistant} className="btn btn--outline btn--lg">
                {t('home.askAi')}
              </Link>
            </div>
          </div>
          <div className="hero__art">
            <img src={HOME_HERO_IMAGE} alt="" width={600} height={520} {...{ fetchpriority: 'high' }} />
          </div>
        </div>
      </section>

      <section className="container home-section" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t('home.featuresTitle')}
        </h2>
        <div className="features">
          {features.map((f) => (
            <article key={f.title} className="feature card">
              <span className="feature__icon" aria-hidden="true">
                {f.icon}
              </span>
              <h3 className="feature__title">{t(f.title)}</h3>
              <p className="feature__text">{t(f.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="container home-section" aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          {t('home.categoriesTitle')}
        </h2>
        <div className="categories">
          {CATEGORIES.map((c) => (
            <Link key={c} to={routeTo.catalogue({ category: c })} className="category card" aria-label={t('home.browse', { category: t(`category.${c}`) })}>
              <img src={`/illustrations/cat-${c.toLowerCase()}.svg`} alt="" width={200} height={200} loading="lazy" className="category__img" />
              <span className="category__body">
                <span className="category__name">
                  {t(`category.${c}`)} <ChevronRightIcon size={18} />
                </span>
                <span className="category__text">{t(`home.cat.${c}`)}</span>
              </span>
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
