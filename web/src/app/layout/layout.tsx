import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { setNavigator } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n';
import { ROUTES } from '@/lib/routes';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { PageSkeleton } from '../page-skeleton';
import { ErrorBoundary } from '../error-boundary';

/** Navbar, page, footer (every page but the assistant's). */
export function Layout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useI18n();
  const isAssistant = pathname.startsWith(ROUTES.assistant);

  useEffect(() => {
    setNavigator((path) => navigate(path));
  }, [navigate]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={`app ${isAssistant ? 'app--chat' : ''}`}>
      <a href="#main" className="skip-link">
        {t('app.skip')}
      </a>
      <Navbar />
      <main id="main" className="app__main">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!isAssistant && <Footer />}
    </div>
  );
}
