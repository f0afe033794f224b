/** Route guards of spec section 2. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { PageSkeleton } from './page-skeleton';
import { ROUTES, routeTo } from '@/lib/routes';

function loginPath(pathname: string, search: string) {
  return routeTo.login(pathname + search);
}

/** Home, catalogue and plant pages: open to all, but admins go to their dashboard. */
export function ShopRoute({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (isAdmin) return <Navigate to={ROUTES.adminDashboard} replace />;
  return <>{children}</>;
}

/** Cart, checkout, orders: login required; admins redirected. */
export function CustomerRoute({ children }: { children: ReactNode }) {
  const { status, isAdmin } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status !== 'authenticated') return <Navigate to={loginPath(pathname, search)} replace />;
  if (isAdmin) return <Navigate to={ROUTES.adminDashboard} replace />;
  return <>{children}</>;
}

/** Profile: any signed-in user. */
export function AuthRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status !== 'authenticated') return <Navigate to={loginPath(pathname, search)} replace />;
  return <>{children}</>;
}

/** Admin pages: unauthenticated users to login, others to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { status, isAdmin } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <PageSkeleton />;
  if (status !== 'authenticated') return <Navigate to={loginPath(pathname, search)} replace />;
  if (!isAdmin) return <Navigate to={ROUTES.home} replace />;
  return <>{children}</>;
}
