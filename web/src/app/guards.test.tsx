import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { __setAuthStateForTests } from '@/lib/auth';
import type { User } from '@/types/api';
import { AdminRoute, AuthRoute, CustomerRoute, ShopRoute } from './guards';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/" element={<ShopRoute><p>home</p></ShopRoute>} />
        <Route path="/cart" element={<CustomerRoute><p>cart</p></CustomerRoute>} />
        <Route path="/profile" element={<AuthRoute><p>profile</p></AuthRoute>} />
        <Route path="/admin/plants" element={<AdminRoute><p>admin plants</p></AdminRoute>} />
        <Route path="/admin/dashboard" element={<AdminRoute><p>dashboard</p></AdminRoute>} />
        <Route path="/login" element={<p>login</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByTestId('where').textContent;
}

const address = { street: '', city: '', state: '', zipCode: '', phone: '' };
const user = (role: 'customer' | 'admin'): User => ({ _id: 'u1', name: 'Asha Rao', email: 'a@b.in', role, address, createdAt: '2025-01-01T00:00:00Z' });
const signedIn = (role: 'customer' | 'admin') => __setAuthStateForTests({ isAuthenticated: true, loading: false, user: user(role), token: 't', error: null });
const signedOut = () => __setAuthStateForTests({ isAuthenticated: false, loading: false, user: null, token: null, error: null });

describe('route guards (spec section 2)', () => {
  it('sends visitors to login with the original path', () => {
    signedOut();
    expect(renderAt('/cart?x=1')).toBe('/login?redirect=%2Fcart%3Fx%3D1');
  });
  it('sends visitors away from profile and admin pages to login', () => {
    signedOut();
    expect(renderAt('/profile')).toBe('/login?redirect=%2Fprofile');
  });
  it('sends visitors away from admin pages to login', () => {
    signedOut();
    expect(renderAt('/admin/plants')).toBe('/login?redirect=%2Fadmin%2Fplants');
  });
  it('sends customers away from admin pages to /', () => {
    signedIn('customer');
    expect(renderAt('/admin/plants')).toBe('/');
    expect(screen.getByText('home')).toBeInTheDocument();
  });
  it('sends admins from shopping pages to the dashboard', () => {
    signedIn('admin');
    expect(renderAt('/')).toBe('/admin/dashboard');
  });
  it('sends admins from the cart to the dashboard', () => {
    signedIn('admin');
    expect(renderAt('/cart')).toBe('/admin/dashboard');
  });
  it('lets a customer into the cart and an admin into the profile', () => {
    signedIn('customer');
    expect(renderAt('/cart')).toBe('/cart');
    expect(screen.getByText('cart')).toBeInTheDocument();
  });
  it('waits while the session is being checked', () => {
    __setAuthStateForTests({ isAuthenticated: false, loading: true, user: null, token: 't', error: null });
    expect(renderAt('/cart')).toBe('/cart');
    expect(screen.queryByText('cart')).toBeNull();
  });
});
