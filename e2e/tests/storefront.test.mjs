// Storefront journeys of issue 4, walked as a person would, against the real binary.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture, PHONE } from '../lib/browser.mjs';
import { api, addToCartFromPlantPage, fillGoodAddress, inr, plantWithStock, signInWithDemo, tokenOf } from '../lib/app.mjs';

const shop = shopForThisFile();

const path = (page) => new URL(page.url()).pathname;
const search = (page) => new URL(page.url()).searchParams;

describe('storefront', () => {
  it('a visitor browses the home page and filters the catalogue, and the URL keeps the filters', async () => {
    const page = await shop.page();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Bring home a little hariyali' }).waitFor();
    for (const f of ['Fresh Plants', 'Fast Delivery', 'Plant Care']) await page.getByRole('heading', { name: f }).waitFor();
    await capture(page, 'home');

    await page.getByRole('link', { name: 'Browse Succulents' }).click();
    await page.waitForURL('**/catalogue?category=Succulents');
    await page.getByTestId('plant-card').first().waitFor();
    assert.equal(await page.getByLabel('Category').inputValue(), 'Succulents');

    await page.goto('/');
    await page.getByRole('link', { name: 'Shop Plants' }).first().waitFor();
    assert.ok(await page.getByRole('link', { name: 'Shop Plants' }).first().isVisible(), 'the home page links to the catalogue');
    await page.getByRole('link', { name: 'Shop Plants' }).click();
    await page.waitForURL('**/catalogue');
    await page.getByTestId('plant-card').first().waitFor();
    const count = await page.getByTestId('plant-card').count();
    assert.ok(count > 0 && count <= 24, `a first page of cards (${count})`);
    await capture(page, 'catalogue');

    // Category select, sort and order go into the URL; Back undoes them.
    await page.getByLabel('Category').selectOption('Indoor');
    await page.waitForURL((u) => u.searchParams.get('category') === 'Indoor');
    await page.getByLabel('Sort by').selectOption('price');
    await page.waitForURL((u) => u.searchParams.get('sortBy') === 'price');
    await page.getByRole('button', { name: /Sort order: Ascending/ }).click();
    await page.waitForURL((u) => u.searchParams.get('sortOrder') === 'desc');
    await page.getByTestId('plant-card').first().waitFor();
    const prices = await page.getByTestId('plant-card').locator('.price__now').allTextContents();
    const nums = prices.map((p) => Number(p.replace(/[^\d]/g, '')));
    assert.deepEqual(nums, [...nums].sort((a, b) => b - a), 'sorted by price, high to low');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('sortOrder'));
    assert.equal(search(page).get('sortBy'), 'price');

    // Price and rating filters.
    await page.getByLabel('Min price (₹)').fill('200');
    await page.getByLabel('Max price (₹)').fill('400');
    await page.waitForURL((u) => u.searchParams.get('minPrice') === '200' && u.searchParams.get('maxPrice') === '400');
    await page.getByLabel('Minimum rating').selectOption('4');
    await page.waitForURL((u) => u.searchParams.get('minRating') === '4');
    await page.waitForTimeout(500);
    const shown = await page.getByTestId('plant-card').locator('.price__now').allTextContents();
    for (const p of shown) {
      const n = Number(p.replace(/[^\d]/g, ''));
      assert.ok(n >= 200 && n <= 400, `price ${n} within 200-400`);
    }

    // Search, then an empty result, then Clear Filters.
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await page.waitForURL((u) => !u.searchParams.has('category') && !u.searchParams.has('minRating'));
    await page.getByRole('searchbox', { name: 'Search' }).fill('aloe');
    await page.waitForURL((u) => u.searchParams.get('search') === 'aloe');
    await page.getByRole('link', { name: 'Aloe Vera', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-no-such-plant');
    await page.getByRole('heading', { name: 'No plants match your filters' }).waitFor();
    await capture(page, 'catalogue-empty');
    await page.getByRole('button', { name: 'Clear Filters' }).last().click();
    await page.getByTestId('plant-card').first().waitFor();
    assert.equal(search(page).get('search'), null);

    // A card shows stars or 'No reviews yet', stock text and View Details.
    const card = page.getByTestId('plant-card').first();
    assert.match(await card.innerText(), /(reviews?\)|No reviews yet)/);
    assert.match(await card.innerText(), /(in stock|Out of stock)/);
    await card.getByRole('link', { name: /View details of/ }).click();
    await page.waitForURL('**/plant/**');
    await page.getByRole('button', { name: 'Login to Add to Cart' }).waitFor();
    await page.getByText('Total stock').waitFor();
    await capture(page, 'plant-guest');

    await page.goto('/plant/no-such-plant');
    await page.getByRole('heading', { name: 'Plant Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Catalogue' }).waitFor();
    await page.context().close();
  });

  it('every guard of spec section 2 sends a visitor to login with the original path', async () => {
    const page = await shop.page();
    for (const p of ['/cart', '/checkout', '/orders', '/profile', '/admin/dashboard', '/admin/plants', '/admin/orders']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/login');
      assert.equal(search(page).get('redirect'), p, `redirect for ${p}`);
    }
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await capture(page, 'login');
    await page.goto('/register');
    await capture(page, 'register');
    await page.context().close();
  });

  it('a new customer registers, adds to cart, changes quantities, checks out with a bad then a good address, and cancels', async () => {
    const page = await shop.page();
    const plant = await plantWithStock(shop.url, 5);
    const email = `asha.${Date.now()}@example.in`;

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpass2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(/Password must contain at least 8 characters/).waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Garden@2025');
    await page.getByLabel('Confirm password').fill('Garden@2025');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created successfully!').waitFor();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 5000 });
    await page.getByRole('link', { name: /Cart, 0 items/ }).waitFor();
    await page.getByRole('link', { name: 'Orders' }).first().waitFor();

    // Plant page → Add to Cart → /cart after 1 s.
    await page.goto(`/plant/${plant._id}`);
    await page.getByRole('heading', { level: 1, name: plant.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(/added to cart/i).waitFor();
    await page.waitForURL('**/cart');
    const item = page.getByTestId('cart-item');
    await item.waitFor();
    assert.equal(await item.locator('output').innerText(), '1');

    // Quantities: optimistic, then saved after the debounce.
    await page.getByRole('button', { name: `Increase quantity of ${plant.name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${plant.name}` }).click();
    assert.equal(await item.locator('output').innerText(), '3');
    await page.getByText('Cart updated successfully!').waitFor();
    await page.getByRole('button', { name: `Decrease quantity of ${plant.name}` }).click();
    await page.getByTestId('cart-total').filter({ hasText: inr(plant.price * 2) }).waitFor();
    await page.waitForTimeout(1200);
    await capture(page, 'cart');
    await page.reload();
    await page.getByTestId('cart-item').locator('output', { hasText: '2' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    // Plant page now reads Update Cart with the quantity synced.
    await page.goto(`/plant/${plant._id}`);
    await page.getByRole('button', { name: 'Update Cart' }).waitFor();
    assert.equal(await page.locator('.pdp__buy output').innerText(), '2');

    // Checkout: bad address first.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByText('Cash on Delivery').first().waitFor();
    const place = page.getByRole('button', { name: `Place Order (${inr(plant.price * 2)} - COD)` });
    await place.waitFor();
    await capture(page, 'checkout');
    await place.click();
    await page.getByText('Street address is required').waitFor();
    await page.getByText('Phone number is required').waitFor();
    assert.equal(await place.isDisabled(), true, 'submit disabled while errors exist');
    await page.getByLabel('Street address').fill('12 MG Rd');
    await page.getByText('Street address must be at least 10 characters').waitFor();
    await page.getByLabel('City').fill('Pune 411');
    await page.getByText('City name can only contain letters and spaces').waitFor();
    await page.getByLabel('PIN Code').fill('41a10');
    assert.equal(await page.getByLabel('PIN Code').inputValue(), '4110', 'ZIP keeps digits only');
    await page.getByText('ZIP Code must be exactly 6 digits').waitFor();
    await page.getByLabel('Phone number').fill('5123456789');
    await page.getByText('Please enter a valid 10-digit Indian mobile number').waitFor();
    await capture(page, 'checkout-errors');
    assert.equal(await place.isDisabled(), true);

    // Then a good one.
    await fillGoodAddress(page);
    await place.click();
    await page.getByText('Order placed successfully!').waitFor();
    await page.waitForURL('**/orders', { timeout: 5000 });

    const token = await tokenOf(page);
    const { data } = await api(shop.url, '/orders', { token });
    const order = data.orders[0];
    assert.equal(order.total, plant.price * 2);
    const card = page.getByTestId('order-card').first();
    await card.getByText('Pending', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    if (!(await card.getByTestId('order-id').isVisible())) await card.getByRole('button', { expanded: false }).click();
    assert.equal(await card.getByTestId('order-id').innerText(), `#${order._id.slice(-6).toUpperCase()}`);
    await card.getByRole('link', { name: plant.name }).waitFor();
    await card.getByText('You can cancel this order while it is still pending.').waitFor();
    await capture(page, 'orders');

    await card.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to cancel this order?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await card.getByText('Cancelled', { exact: true }).waitFor();
    await page.getByText(/cancelled/i).first().waitFor();
    await page.context().close();
  });

  it('the demo customer signs in through the credentials toggle, honours the redirect, cannot open admin, and edits the profile', async () => {
    const page = await shop.page(PHONE);
    await page.goto('/orders');
    await page.waitForURL('**/login?redirect=%2Forders');
    await page.getByRole('button', { name: 'Show test credentials' }).click();
    await page.getByRole('button', { name: 'Fill: Customer account' }).click();
    await page.getByText('Credentials filled in. Press Login to continue.').waitFor();
    await capture(page, 'login-credentials');
    await page.waitForTimeout(2300);
    assert.equal(await page.getByText('Credentials filled in. Press Login to continue.').count(), 0, 'note gone after 2 s');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/orders');
    await page.getByRole('heading', { name: 'My Orders' }).waitFor();

    for (const p of ['/admin/dashboard', '/admin/plants', '/admin/orders']) {
      await page.goto(p);
      await page.waitForURL((u) => u.pathname === '/');
    }

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await page.getByText('Email cannot be changed').waitFor();
    assert.equal(await page.getByLabel('Email').isEditable(), false);
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Priya S Sharma');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.waitForTimeout(3300);
    assert.equal(await page.getByText('Profile updated successfully!').count(), 0, 'message gone after 3 s');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('Confirm new password').fill('abd');
    await page.getByText("New passwords don't match").waitFor();

    await page.locator('form').last().getByLabel('City').fill('Jaipur');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address updated successfully!').waitFor();
    await capture(page, 'profile');

    // Logout from the phone menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await capture(page, 'menu-customer', { fullPage: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    assert.equal(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user'), localStorage.getItem('cart')].join('|')), '||');
    await page.context().close();
  });

  it('an admin is sent from the shop to the dashboard and sees only the Admin Dashboard link', async () => {
    const page = await shop.page();
    await signInWithDemo(page, 'admin');
    await page.waitForURL('**/admin/dashboard');
    for (const p of ['/', '/catalogue', '/cart', '/checkout', '/orders']) {
      await page.goto(p);
      await page.waitForURL('**/admin/dashboard');
    }
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    assert.deepEqual(await nav.getByRole('link').allInnerTexts(), ['Admin Dashboard']);
    assert.equal(await page.getByRole('link', { name: /^Cart/ }).count(), 0);
    await page.context().close();
  });

  it('theme and language survive a reload', async () => {
    const page = await shop.page();
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.getByRole('button', { name: 'हिन्दी में देखें (Switch to Hindi)' }).click();
    await page.getByRole('heading', { level: 1, name: 'घर लाइए थोड़ी सी हरियाली' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'घर लाइए थोड़ी सी हरियाली' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    assert.deepEqual(await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('language')]), ['dark', 'hi']);
    await capture(page, 'home-hindi-dark');
    await page.goto('/catalogue');
    await page.getByRole('heading', { level: 1, name: 'कैटलॉग' }).waitFor();
    await page.getByTestId('plant-card').first().waitFor();
    await capture(page, 'catalogue-hindi-dark');
    await page.getByRole('button', { name: 'View in English (अंग्रेज़ी में देखें)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Catalogue' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.context().close();
  });
});
