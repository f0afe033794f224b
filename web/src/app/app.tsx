import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { initAuth, useAuth } from '@/lib/auth';
import { useCartActions } from '@/lib/cart';
import { queryClient } from '@/lib/query-client';
import { ToastProvider } from '@/components/toast';
import { AppRoutes } from './router';
import { filtersFromParams, plantsQuery } from '@/features/catalogue/queries';
import { plantQuery } from '@/features/plant/queries';
import { queryKeys } from '@/lib/query-keys';
import { ROUTES } from '@/lib/routes';

export { queryClient };

/**
 * A visitor who lands on a catalogue or plant page gets its data requested while the
 * page's code is still downloading, instead of one after the other.
 */
export function prefetchForLanding(pathname: string, search: string): void {
  if (pathname === ROUTES.catalogue) void queryClient.prefetchQuery(plantsQuery(filtersFromParams(new URLSearchParams(search))));
  const plant = /^\/plant\/([^/]+)$/.exec(pathname);
  if (plant) void queryClient.prefetchQuery(plantQuery(decodeURIComponent(plant[1])));
}

/** Loads the cart when a customer is signed in, empties it otherwise (spec section 4). */
function CartSync() {
  const { status, user } = useAuth();
  const userId = user?._id;
  const role = user?.role;
  const cart = useCartActions();
  useEffect(() => {
    if (status === 'loading') return;
    if (status === 'authenticated' && role === 'customer') void cart.load();
    else cart.reset();
  }, [status, userId, role, cart]);
  return null;
}

/** Signing out (or a 401) drops every cached server answer of the previous user. */
function QueryReset() {
  const { status, user } = useAuth();
  const userId = user?._id;
  useEffect(() => {
    if (status === 'unauthenticated') {
      queryClient.removeQueries({ queryKey: queryKeys.orders.all });
      queryClient.removeQueries({ queryKey: queryKeys.admin.all });
    }
  }, [status, userId]);
  return null;
}

export function App() {
  useEffect(() => {
    void initAuth();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter future={{ v7_relativeSplatPath: true }}>
        <ToastProvider>
          <CartSync />
          <QueryReset />
          <AppRoutes />
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
