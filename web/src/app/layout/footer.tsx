import { Link } from 'react-router-dom';
import { useI18n } from '@/lib/i18n';
import { LeafIcon } from '@/components/icons';

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__grid">
          <div>
            <Link to="/" className="brand" aria-label={`${t('app.name')} — ${t('nav.home')}`}>
              <span className="brand__mark">
                <LeafIcon size={20} />
              </span>
              <span>{t('app.name')}</span>
            </Link>
            <p className="footer__about">{t('footer.about')}</p>
          </div>
          <div>
            <h2 className="footer__title">{t('footer.shop')}</h2>
            <ul>
              <li>
                <Link to="/catalogue">{t('nav.catalogue')}</Link>
              </li>
              <li>
                <Link to="/catalogue?category=Indoor">{t('category.Indoor')}</Link>
              </li>
              <li>
                <Link to="/plant-care-ai">{t('footer.plantCare')}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="footer__title">{t('footer.contact')}</h2>
            <ul>
              <li>
                <a href="mailto:hello@hariyali.example">{t('footer.email')}</a>
              </li>
              <li>
                <a href="https://github.com/" rel="noopener noreferrer" target="_blank">
                  {t('footer.github')}
                </a>
              </li>
              <li>
                <a href="https://www.linkedin.com/" rel="noopener noreferrer" target="_blank">
                  {t('footer.linkedin')}
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="footer__bottom">
          <span>{t('footer.copyright')}</span>
          <span>{t('footer.credit')}</span>
        </div>
      </div>
    </footer>
  );
}
