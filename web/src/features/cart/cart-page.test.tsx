import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { cartStore } from '@/lib/cart';
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

describe('cart page', () => {
  it("shows the shop's order limits before checkout and warns when the cart is over them", async () => {
    stubFetch((url) => (url.startsWith('/api/config') ? json(config) : json({ success: true, cart })));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <CartPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(() => cartStore.load());
    expect(await screen.findByTestId('order-limits')).toHaveTextContent(
      'Each order: up to 2 of a plant and ₹500 in all; at most 3 cash-on-delivery orders waiting at a time.',
    );
    expect(screen.getByText('At most 2 per order')).toBeInTheDocument();
    expect(screen.getByText(/This cart is over the ₹500 limit for one order/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase quantity of Tulsi' })).toBeDisabled();
  });
});
