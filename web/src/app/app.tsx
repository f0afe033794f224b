import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { initAuth, useAuth } from '@/lib/auth';
import { cartStore } from '@/lib/cart';
import { ToastProvider } from '@/components/toast';
import { AppRoutes } from './router';
import { filtersFromParams, plantsQuery } from '@/features/catalogue/queries';
import { plantQuery } from '@/features/plant/queries';
import { queryKeys } from '@/lib/query-keys';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by asking again.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
    },
  },
});

/**
 * A visitor who lands on a catalogue or plant page gets its data requested while the
 * page's code is still downloading, instead of one after the other.
 */
export function prefetchForLanding(pathname: string, search: string): void {
  if (pathname === '/catalogue') void queryClient.prefetchQuery(plantsQuery(filtersFromParams(new URLSearchParams(search))));
  const plant = /^\/plant\/([^/]+)$/.exec(pathname);
  if (plant) void queryClient.prefetchQuery(plantQuery(decodeURIComponent(plant[1])));
}

/** Loads the cart when a customer is signed in, empties it otherwise (spec section 4). */
function CartSync() {
  const { status, user } = useAuth();
  const userId = user?._id;
  const role = user?.role;
  useEffect(() => {
    if (status === 'loading') return;
    if (status === 'authenticated' && role === 'customer') void cartStore.load();
    else cartStore.reset();
  }, [status, userId, role]);
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
