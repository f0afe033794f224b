import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useI18n } from '@/lib/i18n';
import { PageHeading } from '@/components/ui';
import './admin.css';
import { ROUTES } from '@/lib/routes';

/** Common frame of the admin pages: heading, actions and the section tabs. */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="container page admin">
      <nav className="admin__tabs" aria-label={t('nav.adminDashboard')}>
        <NavLink to={ROUTES.adminDashboard} className="admin__tab">
          {t('nav.adminHome')}
        </NavLink>
        <NavLink to={ROUTES.adminPlants} className="admin__tab">
          {t('nav.adminPlants')}
        </NavLink>
        <NavLink to={ROUTES.adminOrders} className="admin__tab">
          {t('nav.adminOrders')}
        </NavLink>
        <NavLink to={ROUTES.adminDelivery} className="admin__tab">
          {t('nav.adminDelivery')}
        </NavLink>
      </nav>
      <div className="page-head">
        <PageHeading>{title}</PageHeading>
        {actions && <div className="row">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
