// Issue 20 journeys at 360 px: the PIN check on the plant page, a refused unserviceable PIN
// at checkout, notify-me → admin restock → notification, and a written review after
// delivery shown on the plant page. Every click is hit-tested first: the element must be
// visible and on top at its centre (Playwright's own click could scroll a clipped element
// into reach and pass anyway); the tap itself is lib/tap.mjs's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture, PHONE } from '../lib/browser.mjs';
import { api, demoAccount, fillGoodAddress, plantWithStock, tokenOf } from '../lib/app.mjs';
import { tap as tapAt } from '../lib/tap.mjs';

const shop = shopForThisFile();

/** Clicks `locator` only after proving it is what a finger at its centre would touch. */
async function tap(locator) {
  await locator.waitFor({ state: 'visible' });
  // Bring it to the middle of the screen, as a thumb would: the sticky header covers the top.
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await tapAt(locator.page(), locator, { scroll: false });
}

async function signIn(page, role) {
  const account = await demoAccount(shop.url, role);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await tap(page.getByRole('button', { name: 'Login', exact: true }));
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function tokenFor(role) {
  const account = await demoAccount(shop.url, role);
  const { data } = await api(shop.url, '/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
  return data.token;
}

/** The admin edits a plant's stock through the API (the admin screens are issue 4's). */
async function setStock(adminToken, plant, stock) {
  const f = new FormData();
  f.set('name', plant.name);
  f.set('description', plant.description);
  f.set('price', String(plant.price));
  f.set('stock', String(stock));
  for (const c of plant.categories) f.append('categories', c);
  const res = await fetch(`${shop.url}/api/plants/${plant._id}`, { method: 'PUT', headers: { Authorization: `Bearer ${adminToken}` }, body: f });
  assert.equal(res.status, 200, await res.text());
}

describe('delivery, wishlist and reviews (issue 20)', () => {
  it('a visitor checks a PIN on the plant page; it is remembered; an island PIN is refused', async () => {
    const page = await shop.page(PHONE);
    const plant = await plantWithStock(shop.url, 1);
    await page.goto(`/plant/${plant._id}`);
    const box = page.getByTestId('pin-check');
    await box.getByRole('textbox').fill('5600');
    await tap(box.getByRole('button', { name: 'Check' }));
    await box.getByText('Enter a 6-digit PIN code').waitFor();
    await box.getByRole('textbox').fill('560001');
    await tap(box.getByRole('button', { name: 'Check' }));
    const answer = page.getByTestId('pin-answer');
    await answer.filter({ hasText: /Deliver to 560001 — by \w{3} \d{1,2} \w{3}$/ }).waitFor();
    await page.getByText('Bengaluru · 2–4 days · Cash on Delivery').waitFor();
    await capture(page, 'issue20-pin-check');

    await page.reload();
    await page.getByTestId('pin-answer').filter({ hasText: 'Deliver to 560001' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('deliveryPin')), '560001');

    await tap(page.getByRole('button', { name: 'Change PIN' }));
    await page.getByTestId('pin-check').getByRole('textbox').fill('744101');
    await tap(page.getByTestId('pin-check').getByRole('button', { name: 'Check' }));
    await page.getByTestId('pin-answer').filter({ hasText: 'We do not deliver to this PIN code yet.' }).waitFor();
    await page.getByTestId('pin-check').getByText('PIN code 744101').waitFor();
    await page.context().close();
  });

  it('checkout refuses an unserviceable PIN, then places the order with its promised date', async () => {
    const page = await shop.page(PHONE);
    await signIn(page, 'customer');
    const plant = await plantWithStock(shop.url, 3);
    await page.goto(`/plant/${plant._id}`);
    await tap(page.getByRole('button', { name: /^(Add to Cart|Update Cart)$/ }));
    await page.waitForURL('**/cart', { timeout: 10_000 });
    await tap(page.getByRole('link', { name: 'Proceed to Checkout' }));
    await page.waitForURL('**/checkout');
    await fillGoodAddress(page);
    await page.getByLabel('PIN Code').fill('744101');
    await tap(page.getByRole('button', { name: /^Place Order/ }));
    await page.getByText('We do not deliver to this PIN code yet.').waitFor();
    await capture(page, 'issue20-checkout-refused');
    assert.equal(new URL(page.url()).pathname, '/checkout');

    await page.getByLabel('PIN Code').fill('411001');
    await tap(page.getByRole('button', { name: /^Place Order/ }));
    await page.waitForURL('**/orders', { timeout: 10_000 });
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    const head = card.locator('.ocard__head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await tap(head);
    await card.getByTestId('order-promise').filter({ hasText: /Arrives by \w{3} \d{1,2} \w{3}/ }).waitFor();
    const { data } = await api(shop.url, '/orders', { token: await tokenOf(page) });
    assert.equal(data.orders[0].deliveryEstimate.maxDays, 4, 'Pune is a metro: 2–4 days');
    await capture(page, 'issue20-order-promise');
    await page.context().close();
  });

  it('notify me on an out-of-stock plant; the admin restocks; the customer sees the notification', async () => {
    const adminToken = await tokenFor('admin');
    const plant = await plantWithStock(shop.url, 1, 2);
    await setStock(adminToken, plant, 0);

    const page = await shop.page(PHONE);
    await signIn(page, 'customer');
    await page.goto(`/plant/${plant._id}`);
    await tap(page.getByTestId('notify-me'));
    await page.getByTestId('notify-waiting').waitFor();
    await capture(page, 'issue20-notify-me');
    assert.equal(await page.getByTestId('wishlist-heart').getAttribute('aria-pressed'), 'true', 'the plant is saved too');

    await setStock(adminToken, plant, 7);
    await page.goto('/');
    await page.getByTestId('nav-bell-count').filter({ hasText: '1' }).waitFor();
    await tap(page.getByTestId('nav-bell'));
    await page.waitForURL('**/wishlist');
    const notice = page.getByTestId('notification').first();
    await notice.getByText(`${plant.name} is back in stock`).waitFor();
    await page.getByTestId('wishlist-item').filter({ hasText: plant.name }).waitFor();
    await capture(page, 'issue20-wishlist');
    await tap(notice.getByRole('button', { name: 'Mark read' }));
    await page.getByTestId('nav-bell-count').waitFor({ state: 'detached' });

    // The profile menu's mobile sheet leads to the wishlist too.
    await page.goto('/');
    await tap(page.getByRole('button', { name: 'Open menu' }));
    await tap(page.getByRole('link', { name: 'Wishlist' }).last());
    await page.waitForURL('**/wishlist');
    await page.context().close();
  });

  it('a written review after delivery shows on the plant page with the star spread', async () => {
    const adminToken = await tokenFor('admin');
    const customerToken = await tokenFor('customer');
    const plant = await plantWithStock(shop.url, 2, 4);
    await api(shop.url, '/cart/clear', { method: 'DELETE', token: customerToken });
    await api(shop.url, '/cart/add', { method: 'POST', token: customerToken, body: { plantId: plant._id, quantity: 1 } });
    const placed = await api(shop.url, '/orders', {
      method: 'POST',
      token: customerToken,
      body: { deliveryAddress: { street: 'Flat 4B, Green Park Apartments, MG Road', city: 'Pune', state: 'Maharashtra', zipCode: '411001', phone: '9876543210' } },
    });
    assert.equal(placed.status, 201);
    for (const status of ['processing', 'shipped', 'delivered']) {
      const r = await api(shop.url, `/orders/${placed.data.order._id}/status`, { method: 'PUT', token: adminToken, body: { status } });
      assert.equal(r.status, 200);
    }

    const page = await shop.page(PHONE);
    await signIn(page, 'customer');
    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: 'Delivered' }).first();
    await card.waitFor();
    // A customer with one order sees it open; with more, each starts collapsed.
    const head = card.locator('.ocard__head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await tap(head);
    await tap(card.getByRole('button', { name: 'Rate Plant' }));
    const dialog = page.getByRole('dialog');
    await tap(dialog.locator('label.rate__star').nth(3));
    await dialog.getByLabel('Your review (optional)').fill('Arrived fresh in a sturdy box.\nNew leaf in a week!');
    await capture(page, 'issue20-review-modal', { fullPage: false });
    await tap(dialog.getByRole('button', { name: 'Submit Rating' }));
    await dialog.getByText('Rating submitted successfully!').waitFor();

    await page.goto(`/plant/${plant._id}`);
    const reviews = page.getByTestId('plant-reviews');
    const review = reviews.getByTestId('review').first();
    await review.getByText('Arrived fresh in a sturdy box.', { exact: false }).waitFor();
    await review.getByText('Priya', { exact: true }).waitFor();
    await review.getByText('Verified buyer').waitFor();
    assert.ok(!(await reviews.innerText()).includes('Sharma'), 'first name only');
    await reviews.getByRole('group').or(reviews.locator('.reviews__dist')).first().waitFor();
    await review.scrollIntoViewIfNeeded();
    await capture(page, 'issue20-reviews');
    await page.context().close();
  });
});
