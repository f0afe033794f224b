import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { json, stubFetch } from '@/testing/fetch';
import LoginPage, { FILL_NOTE_MS } from './login-page';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

function renderLogin(path = '/login?redirect=%2Forders') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ToastProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const config = {
  success: true,
  categories: ['Indoor'],
  demo: { enabled: true, accounts: [{ role: 'customer', email: 'customer@hariyali.in', password: 'Customer@2025' }] },
};

describe('login page', () => {
  it('fills the demo account, shows a note for 2 s, and follows the redirect after login', async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith('/api/config')) return json(config);
      if (url.startsWith('/api/auth/login'))
        return json({ success: true, token: 'tok', user: { _id: 'u', name: 'Priya Sharma', email: 'customer@hariyali.in', role: 'customer' } });
      return json({ success: true, cart: { items: [], total: 0 } });
    });
    renderLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Show test credentials' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Fill: Customer account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('customer@hariyali.in');
    expect(screen.getByLabelText('Password')).toHaveValue('Customer@2025');
    expect(screen.getByText('Credentials filled in. Press Login to continue.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FILL_NOTE_MS);
    });
    expect(screen.queryByText('Credentials filled in. Press Login to continue.')).toBeNull();
    vi.useRealTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/orders');
    expect(localStorage.getItem('token')).toBe('tok');
    const loginCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/auth/login'))!;
    expect(JSON.parse(String(loginCall[1]!.body))).toEqual({ email: 'customer@hariyali.in', password: 'Customer@2025' });
  });

  it('shows field errors and the server message', async () => {
    stubFetch((url) => (url.startsWith('/api/config') ? json({ ...config, demo: { enabled: false, accounts: [] } }) : json({ success: false, message: 'Invalid email or password.' }, 401)));
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', expect.stringContaining('-error'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.in' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Wrong@2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show test credentials' })).toBeNull();
  });
});
