import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartFor } from '@/lib/cart';
import { json, stubFetch } from '@/testing/fetch';
import CartPage from './cart-page';

const config = {
  success: true,
  categories: ['Indoor'],
  demo: { enabled: false, accounts: [] },
  orderLimits: { maxPerPlant: 2, maxOrderRupees: 500, maxPendingOrders: 3 },
};

const cart = {
  items: [{ plantId: { _id: 'p1', name: 'Tulsi', price: 300, stock: 10, image: null, thumbnail: null }, quantity: 2 }],
  total: 600,
};

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('cart page', () => {
  it('shows a quantity change at once, sends it after 500 ms and says so', async () => {
    vi.useFakeTimers();
    const roomy = { ...config, orderLimits: { ...config.orderLimits, maxPerPlant: 10, maxOrderRupees: 100_000 } };
    const sent: unknown[] = [];
    stubFetch((url, init) => {
      if (url.startsWith('/api/config')) return json(roomy);
      if (init.method === 'PUT') {
        const quantity = JSON.parse(String(init.body)).quantity;
        sent.push(quantity);
        return json({ success: true, cart: { items: [{ ...cart.items[0], quantity }], total: 300 * quantity } });
      }
      return json({ success: true, cart });
    });
    const qc = renderPage();
    await act(() => cartFor(qc).load());
    // TanStack Query tells components on a zero-delay timer.
    const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Tulsi' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Tulsi' }));
    await settle();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,200');
    expect(screen.getByTestId('cart-item')).toHaveClass('is-busy');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(sent).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => cartFor(qc).whenIdle());
    await settle();
    expect(sent).toEqual([4]);
    expect(screen.getByTestId('cart-item')).not.toHaveClass('is-busy');
    expect(screen.getByText('Cart updated successfully!')).toBeInTheDocument();
  });

  it("shows the shop's order limits before checkout and warns when the cart is over them", async () => {
    stubFetch((url) => (url.startsWith('/api/config') ? json(config) : json({ success: true, cart })));
    const qc = renderPage();
    await act(() => cartFor(qc).load());
    expect(await screen.findByTestId('order-limits')).toHaveTextContent(
      'Each order: up to 2 of a plant and ₹500 in all; at most 3 cash-on-delivery orders waiting at a time.',
    );
    expect(screen.getByText('At most 2 per order')).toBeInTheDocument();
    expect(screen.getByText(/This cart is over the ₹500 limit for one order/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Tulsi' })).toBeDisabled();
  });
});
