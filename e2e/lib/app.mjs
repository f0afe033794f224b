// Journey helpers: things a person does often (sign in, find a plant) and direct API reads
// used only to check what the screens show.
import assert from 'node:assert/strict';

export async function api(base, path, { token, method = 'GET', body } = {}) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, data };
}

export async function demoAccount(base, role) {
  const { data } = await api(base, '/config');
  const acc = data?.demo?.accounts?.find((a) => a.role === role);
  assert.ok(acc, `demo ${role} account listed in /api/config`);
  return acc;
}

/** A plant with at least `minStock` in stock, from the live catalogue. */
export async function plantWithStock(base, minStock = 5, skip = 0) {
  const { data } = await api(base, '/plants?limit=100&sortBy=name&sortOrder=asc');
  const found = data.plants.filter((p) => p.stock >= minStock);
  assert.ok(found.length > skip, 'a plant with stock exists');
  return found[skip];
}

export function inr(n) {
  return `₹${new Intl.NumberFormat('en-IN').format(n)}`;
}

/** Signs in through the login page's test-credentials toggle, as a person would. */
export async function signInWithDemo(page, role, { from = '/login' } = {}) {
  await page.goto(from);
  await page.getByRole('button', { name: 'Show test credentials' }).click();
  await page.getByRole('button', { name: `Fill: ${role === 'admin' ? 'Admin account' : 'Customer account'}` }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export async function tokenOf(page) {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** Fills the checkout address with a good Indian address. */
export async function fillGoodAddress(page) {
  await page.getByLabel('Street address').fill('Flat 4B, Green Park Apartments, MG Road');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State / UT').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('411001');
  await page.getByLabel('Phone number').fill('9876543210');
}

/** Adds a plant to the cart from its page and waits for the cart page. */
export async function addToCartFromPlantPage(page, plantId) {
  await page.goto(`/plant/${plantId}`);
  await page.getByRole('button', { name: /^(Add to Cart|Update Cart)$/ }).click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
}
