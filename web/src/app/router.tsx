/** The routes of spec section 2. Every page but Home is its own lazily loaded chunk. */
import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
import { AdminRoute, AuthRoute, CustomerRoute, ShopRoute } from './guards';
import { HomePage } from '@/features/home/home-page';
import { ROUTES } from '@/lib/routes';

/**
 * A lazily loaded page that can be loaded ahead of the first render: once `preload` has
 * resolved, the page renders at once instead of suspending. The server draws the first
 * screen of /catalogue and /plant/:id into the HTML (issue 21) and React's first commit
 * replaces it; a first commit that suspended would swap that screen for the skeleton.
 */
function preloadablePage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  function Page() {
    const Loaded = loaded ?? Lazy;
    return <Loaded />;
  }
  return Object.assign(Page, { preload: () => load().then(remember) });
}

const CataloguePage = preloadablePage(() => import('@/features/catalogue/catalogue-page'));
const PlantPage = preloadablePage(() => import('@/features/plant/plant-page'));

/** Loads the page of a landing address (what the server drew the first screen of). */
export async function preloadLandingPage(pathname: string): Promise<void> {
  if (pathname === ROUTES.catalogue) await CataloguePage.preload();
  else if (/^\/plant\/[^/]+$/.test(pathname)) await PlantPage.preload();
}
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const RegisterPage = lazy(() => import('@/features/auth/register-page'));
const CartPage = lazy(() => import('@/features/cart/cart-page'));
const CheckoutPage = lazy(() => import('@/features/checkout/checkout-page'));
const OrdersPage = lazy(() => import('@/features/orders/orders-page'));
const ProfilePage = lazy(() => import('@/features/profile/profile-page'));
const WishlistPage = lazy(() => import('@/features/wishlist/wishlist-page'));
const AssistantPage = lazy(() => import('@/features/assistant/assistant-page'));
const AdminDashboard = lazy(() => import('@/features/admin/dashboard-page'));
const AdminPlants = lazy(() => import('@/features/admin/plants-page'));
const AdminOrders = lazy(() => import('@/features/admin/orders-page'));
const AdminDelivery = lazy(() => import('@/features/admin/delivery-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const PolicyPage = lazy(() => import('@/features/policies/policy-page'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={ROUTES.home} element={<ShopRoute><HomePage /></ShopRoute>} />
        <Route path={ROUTES.catalogue} element={<ShopRoute><CataloguePage /></ShopRoute>} />
        <Route path={ROUTES.plant} element={<ShopRoute><PlantPage /></ShopRoute>} />
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.register} element={<RegisterPage />} />
        <Route path={ROUTES.assistant} element={<AssistantPage />} />
        <Route path={ROUTES.cart} element={<CustomerRoute><CartPage /></CustomerRoute>} />
        <Route path={ROUTES.checkout} element={<CustomerRoute><CheckoutPage /></CustomerRoute>} />
        <Route path={ROUTES.orders} element={<CustomerRoute><OrdersPage /></CustomerRoute>} />
        <Route path={ROUTES.wishlist} element={<CustomerRoute><WishlistPage /></CustomerRoute>} />
        <Route path={ROUTES.profile} element={<AuthRoute><ProfilePage /></AuthRoute>} />
        <Route path={ROUTES.admin} element={<AdminRoute><AdminDashboard /></AdminRoute>} />
        <Route path={ROUTES.adminDashboard} element={<AdminRoute><AdminDashboard /></AdminRoute>} />
        <Route path={ROUTES.adminPlants} element={<AdminRoute><AdminPlants /></AdminRoute>} />
        <Route path={ROUTES.adminOrders} element={<AdminRoute><AdminOrders /></AdminRoute>} />
        <Route path={ROUTES.adminDelivery} element={<AdminRoute><AdminDelivery /></AdminRoute>} />
        <Route path={ROUTES.help} element={<PolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
