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
import { buildUrl, plantPath, plantsListQuery, takeInlineData } from '@/lib/landing';
import type { Plant, PlantList } from '@/types/api';
import { queryKeys } from '@/lib/query-keys';
import { ROUTES } from '@/lib/routes';

export { queryClient };

/**
 * A visitor who lands on a catalogue or plant page starts with the data the server put into
 * the page (no request at all), or else gets it requested while the page's code is still
 * downloading, instead of one after the other.
 */
export function prefetchForLanding(pathname: string, search: string): void {
  if (pathname === ROUTES.catalogue) {
    const filters = filtersFromParams(new URLSearchParams(search));
    const query = plantsQuery(filters);
    const inline = takeInlineData(buildUrl('/plants', plantsListQuery(filters)));
    if (isPlantList(inline)) queryClient.setQueryData(query.queryKey, inline);
    else void queryClient.prefetchQuery(query);
  }
  const plant = /^\/plant\/([^/]+)$/.exec(pathname);
  if (plant) {
    let id: string;
    try {
      id = decodeURIComponent(plant[1]);
    } catch {
      return; // a malformed address: the page shows its own error
    }
    const query = plantQuery(id);
    const inline = takeInlineData(buildUrl(plantPath(id)));
    if (isPlantReply(inline)) queryClient.setQueryData(query.queryKey, inline.plant);
    else void queryClient.prefetchQuery(query);
  }
}

function isPlantList(body: unknown): body is PlantList {
  return typeof body === 'object' && body !== null && Array.isArray((body as PlantList).plants);
}

function isPlantReply(body: unknown): body is { plant: Plant } {
  const plant = typeof body === 'object' && body !== null ? (body as { plant?: unknown }).plant : undefined;
  return typeof plant === 'object' && plant !== null;
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
