/** The routes of spec section 2. Every page but Home is its own lazily loaded chunk. */
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
import { AdminRoute, AuthRoute, CustomerRoute, ShopRoute } from './guards';
import { HomePage } from '@/features/home/home-page';

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
        <Route path="/" element={<ShopRoute><HomePage /></ShopRoute>} />
        <Route path="/catalogue" element={<ShopRoute><CataloguePage /></ShopRoute>} />
        <Route path="/plant/:id" element={<ShopRoute><PlantPage /></ShopRoute>} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/plant-care-ai" element={<AssistantPage />} />
        <Route path="/cart" element={<CustomerRoute><CartPage /></CustomerRoute>} />
        <Route path="/checkout" element={<CustomerRoute><CheckoutPage /></CustomerRoute>} />
        <Route path="/orders" element={<CustomerRoute><OrdersPage /></CustomerRoute>} />
        <Route path="/wishlist" element={<CustomerRoute><WishlistPage /></CustomerRoute>} />
        <Route path="/profile" element={<AuthRoute><ProfilePage /></AuthRoute>} />
        <Route path="/admin" element={<AdminRoute><AdminDashboard /></AdminRoute>} />
        <Route path="/admin/dashboard" element={<AdminRoute><AdminDashboard /></AdminRoute>} />
        <Route path="/admin/plants" element={<AdminRoute><AdminPlants /></AdminRoute>} />
        <Route path="/admin/orders" element={<AdminRoute><AdminOrders /></AdminRoute>} />
        <Route path="/admin/delivery" element={<AdminRoute><AdminDelivery /></AdminRoute>} />
        <Route path="/help/:slug" element={<PolicyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
