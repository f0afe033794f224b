import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { useShopContact } from '@/lib/config';
import { useI18n } from '@/lib/i18n';
import { LeafIcon } from '@/components/icons';
import { ROUTES, routeTo } from '@/lib/routes';

export function Footer() {
  const { t } = useI18n();
  const { isAdmin } = useAuth();
  const contact = useShopContact();
  // Shop pages send an admin back to the dashboard, so an admin's footer offers admin pages.
  const shopLinks = isAdmin
    ? [
        { to: ROUTES.adminDashboard, label: t('footer.dashboard') },
        { to: ROUTES.adminPlants, label: t('footer.plants') },
        { to: ROUTES.adminOrders, label: t('footer.orders') },
        { to: ROUTES.adminDelivery, label: t('footer.delivery') },
      ]
    : [
        { to: ROUTES.catalogue, label: t('nav.catalogue') },
        { to: routeTo.catalogue({ category: 'Indoor' }), label: t('category.Indoor') },
        { to: ROUTES.assistant, label: t('footer.plantCare') },
      ];
  const helpLinks = [
    { to: routeTo.help('shipping'), label: t('footer.shipping') },
    { to: routeTo.help('returns'), label: t('footer.returns') },
    { to: routeTo.help('privacy'), label: t('footer.privacy') },
    { to: routeTo.help('terms'), label: t('footer.terms') },
    { to: routeTo.help('grievance'), label: t('footer.grievance') },
  ];
  return (
    <footer className="footer">
      <div className="container">
        <div className="footer__grid">
          <div>
            <Link to={isAdmin ? ROUTES.adminDashboard : ROUTES.home} className="brand" aria-label={`${t('app.name')} — ${t('nav.home')}`}>
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
              {shopLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="footer__title">{t('footer.help')}</h2>
            <ul>
              {helpLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="footer__title">{t('footer.contact')}</h2>
            <ul>
              <li>
                <a href={`mailto:${contact.supportEmail}`}>{t('footer.email')}</a>
              </li>
              {contact.supportPhone && (
                <li>
                  <a href={`tel:${contact.supportPhone.replace(/[^\d+]/g, '')}`}>{contact.supportPhone}</a>
                </li>
              )}
              {contact.supportWhatsapp && (
                <li>
                  <a href={`https://wa.me/${contact.supportWhatsapp}`} rel="noopener noreferrer" target="_blank">
                    WhatsApp
                  </a>
                </li>
              )}
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
