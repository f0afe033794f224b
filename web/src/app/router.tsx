/** The routes of spec section 2. Every page but Home is its own lazily loaded chunk. */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
import { AdminRoute, AuthRoute, CustomerRoute, ShopRoute } from './guards';
import { HomePage } from '@/features/home/home-page';
import { ROUTES } from '@/lib/routes';

const CataloguePage = lazy(() => import('@/features/catalogue/catalogue-page'));
const PlantPage = lazy(() => import('@/features/plant/plant-page'));
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
