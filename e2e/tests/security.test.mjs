// Script injection through catalogue data, under the server's Content-Security-Policy.
//
// The admin form refuses markup in plant names (asserted here through the API), so the
// hostile name is written straight into the database with Debian's sqlite3, the way a
// compromised import or an old row could carry it; the description field, which takes any
// text, carries more markup through the API itself. Every screen that shows the plant must
// show the markup as text: no dialog may open, no injected element may appear, and the
// browser must report no CSP violation anywhere on the journey.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { shopForThisFile } from '../lib/shop.mjs';
import { plantPng } from '../lib/fixtures.mjs';
import { api, demoAccount, fillGoodAddress } from '../lib/app.mjs';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_DESCRIPTION = 'Lovely fern. <script>alert(2)</script><img src=x onerror=alert(3)><svg onload=alert(4)>';

const shop = shopForThisFile();

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('base64');

/** A page that records every dialog (dismissing it) and every CSP violation. */
async function watchedPage() {
  const page = await shop.page();
  const dialogs = [];
  const violations = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss().catch(() => {});
  });
  page.on('console', (m) => {
    if (/^\[csp\]|Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { page, dialogs, violations };
}

/** No element made from the hostile markup exists, and the name is on screen as text. */
async function assertShownAsText(page, where, text = HOSTILE_NAME) {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 }).catch(() => {
    throw new Error(`${where}: the name is not shown as text`);
  });
  assert.equal(await page.locator('img[src="x"], svg[onload], img[onerror]').count(), 0, `${where}: injected element`);
}

function sql(statement) {
  const db = join(shop.dir, 'e2e.db');
  const run = spawnSync('sqlite3', ['-cmd', '.timeout 5000', db, statement], { encoding: 'utf8' });
  assert.equal(run.status, 0, `sqlite3 failed: ${run.stderr}`);
  return run.stdout.trim();
}

async function signIn(page, role) {
  const acc = await demoAccount(shop.url, role);
  const { data } = await api(shop.url, '/auth/login', { method: 'POST', body: { email: acc.email, password: acc.password } });
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), data.token);
  return data.token;
}

describe('markup in catalogue data', () => {
  it('shows as text on every screen, opens no dialog and breaks no CSP rule', async () => {
    const admin = await demoAccount(shop.url, 'admin');
    const { data: login } = await api(shop.url, '/auth/login', { method: 'POST', body: { email: admin.email, password: admin.password } });
    const adminToken = login.token;

    // The API refuses the name itself.
    const form = (name) => {
      const f = new FormData();
      f.set('name', name);
      f.set('description', HOSTILE_DESCRIPTION);
      f.set('price', '349');
      f.set('stock', '25');
      f.append('categories', 'Indoor');
      f.set('image', new Blob([plantPng(256)], { type: 'image/png' }), 'fern.png');
      return f;
    };
    const post = (f) => fetch(`${shop.url}/api/plants`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` }, body: f });
    const refused = await post(form(HOSTILE_NAME));
    assert.equal(refused.status, 400);
    const refusedBody = await refused.json();
    assert.ok(refusedBody.errors.some((e) => e.field === 'name'), JSON.stringify(refusedBody));

    // A plant with a hostile description, then renamed in the database.
    const created = await post(form('Trusted Fern'));
    assert.equal(created.status, 201);
    const plant = (await created.json()).plant;
    sql(`UPDATE plants SET name = '${HOSTILE_NAME}', name_lower = '${HOSTILE_NAME.toLowerCase()}' WHERE id = '${plant._id}';`);
    assert.equal(sql(`SELECT name FROM plants WHERE id = '${plant._id}';`), HOSTILE_NAME);
    await new Promise((r) => setTimeout(r, 1100)); // the catalogue cache keeps answers up to 1 s

    // The server-built head of the plant page escapes the name in title and meta tags.
    const html = await (await fetch(`${shop.url}/plant/${plant._id}`)).text();
    assert.ok(!html.includes(HOSTILE_NAME), 'raw markup in the served page');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'escaped name in the head');

    const { page, dialogs, violations } = await watchedPage();
    // Catalogue card.
    await page.goto(`/catalogue?search=${encodeURIComponent('onerror')}`);
    await assertShownAsText(page, 'catalogue card');
    // Plant page, its title and meta description.
    await page.goto(`/plant/${plant._id}`);
    await assertShownAsText(page, 'plant page');
    await assertShownAsText(page, 'plant description', 'Lovely fern. <script>alert(2)</script>');
    assert.ok((await page.title()).includes(HOSTILE_NAME), `title: ${await page.title()}`);

    // A customer's cart, checkout and orders.
    await signIn(page, 'customer');
    await page.goto(`/plant/${plant._id}`);
    await page.getByRole('button', { name: /^(Add to Cart|Update Cart)$/ }).click();
    await page.waitForURL('**/cart');
    await assertShownAsText(page, 'cart');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await assertShownAsText(page, 'checkout');
    await fillGoodAddress(page);
    await page.getByRole('button', { name: /^Place Order/ }).click();
    await page.waitForURL('**/orders');
    const card = page.getByTestId('order-card').first();
    const head = card.locator('.ocard__head');
    await head.waitFor();
    if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
    await assertShownAsText(page, 'orders');

    // The assistant's photo preview (a data: or blob: picture) under the policy.
    await page.goto('/plant-care-ai');
    await page.locator('#chat-files').setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: plantPng(128) });
    await page.locator('img[src^="data:"], img[src^="blob:"]').first().waitFor();

    // The admin's plant table and orders.
    await page.evaluate(() => localStorage.removeItem('token'));
    await signIn(page, 'admin');
    await page.goto('/admin/plants');
    await page.getByRole('searchbox', { name: 'Search plants' }).fill('onerror');
    await assertShownAsText(page, 'admin plant table');
    await page.goto('/admin/orders');
    await page.getByTestId('admin-order').first().waitFor();
    await assertShownAsText(page, 'admin orders');

    assert.deepEqual(dialogs, [], 'a dialog opened');
    assert.deepEqual(violations, [], 'CSP violations');
  });

  it('the pages carry the safety headers', async () => {
    for (const path of ['/', '/catalogue', '/api/plants', '/theme.js']) {
      const res = await fetch(`${shop.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      // 'self' and, since issue 21, the hash of index.html's one inline script (theme.js).
      assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')?(;|$)/, path);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, path);
      assert.match(csp, /frame-ancestors 'none'/, path);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(res.headers.get('access-control-allow-origin'), null, path);
    }
    // Inline scripts and styles: only the build's own (theme.js, the first screen's CSS), each
    // allowed by the hash of its exact text, on every page that carries them.
    for (const path of ['/', '/catalogue', '/cart']) {
      const res = await fetch(`${shop.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const html = await res.text();
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)];
      assert.equal(scripts.length, 1, `${path}: one inline script (theme.js)`);
      assert.match(scripts[0][0], /^<script>/, path);
      const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)];
      assert.equal(styles.length, 1, `${path}: one inline style (the first screen's CSS)`);
      const directive = (name) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
      assert.equal(directive('script-src'), `script-src 'self' 'sha256-${sha256(scripts[0][1])}'`, path);
      assert.equal(directive('style-src'), `style-src 'self' 'sha256-${sha256(styles[0][1])}'`, path);
    }
  });
});
