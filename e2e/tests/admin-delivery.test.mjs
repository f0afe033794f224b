// Issue 20: the admin manages the delivery areas on a phone (360 px). A wrong number of days
// is refused by the server and shown on its field; then the admin stops serving Kolkata
// (PINs starting 70), and a visitor checking 700001 on a plant page is told the shop does
// not deliver there. Every tap goes through lib/tap.mjs (visible and on top at its centre).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture, PHONE } from '../lib/browser.mjs';
import { api, demoAccount, plantWithStock } from '../lib/app.mjs';
import { tap as tapAt } from '../lib/tap.mjs';

const shop = shopForThisFile();

/** Centres `locator` first (the sticky header and the save bar cover the edges), then taps. */
async function tap(locator) {
  await locator.waitFor({ state: 'visible' });
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  await tapAt(locator.page(), locator, { scroll: false });
}

describe('delivery areas (issue 20)', () => {
  it('the admin stops serving a PIN prefix at 360 px; a visitor is then refused on the plant page', async () => {
    const admin = await shop.page(PHONE);
    const account = await demoAccount(shop.url, 'admin');
    await admin.goto('/login');
    await admin.getByLabel('Email').fill(account.email);
    await admin.getByLabel('Password', { exact: true }).fill(account.password);
    await tap(admin.getByRole('button', { name: 'Login', exact: true }));
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));

    // The admin navigation leads to the delivery areas.
    await tap(admin.getByRole('navigation', { name: 'Admin Dashboard' }).getByRole('link', { name: 'Delivery' }));
    await admin.waitForURL('**/admin/delivery');
    await admin.getByRole('heading', { name: 'Delivery Areas' }).waitFor();
    await admin.getByText('38 areas').waitFor();

    // Find Kolkata by a PIN it covers.
    await admin.getByLabel('Find a PIN code, state or city').fill('700001');
    await admin.getByText('Showing 1 of 38 areas').waitFor();
    const kolkata = admin.locator('[data-testid="delivery-area"][data-pins="70"]');
    await kolkata.waitFor();
    assert.equal(await kolkata.getByLabel('City (optional)').inputValue(), 'Kolkata');

    // A slowest day before the fastest one: the server refuses and says so on that field.
    await kolkata.getByLabel('Fastest (days)').fill('5');
    await kolkata.getByLabel('Slowest (days)').fill('3');
    await admin.getByText('Unsaved changes').waitFor();
    await tap(admin.getByRole('button', { name: 'Save changes' }));
    await kolkata.getByText('Delivery days must be 1 to 60, the minimum not above the maximum').waitFor();
    await admin.getByText('Nothing was saved. Fix the marked fields and save again.').waitFor();
    assert.equal(await kolkata.getByLabel('Slowest (days)').getAttribute('aria-invalid'), 'true');
    await capture(admin, 'issue20-admin-delivery-error');
    const unchanged = await api(shop.url, '/delivery/700001');
    assert.equal(unchanged.data.estimate.minDays, 2, 'nothing refused was saved');

    // Kolkata is not served any more.
    await tap(kolkata.getByLabel('We deliver here'));
    assert.equal(await kolkata.getByLabel('Fastest (days)').isDisabled(), true);
    await kolkata.getByText('Not served yet').waitFor();
    await tap(admin.getByRole('button', { name: 'Save changes' }));
    await admin.getByText('Delivery rules saved').waitFor();
    await admin.getByText('All changes saved').waitFor();
    await capture(admin, 'issue20-admin-delivery-saved');
    const { data } = await api(shop.url, '/delivery/700001');
    assert.equal(data.serviceable, false);
    await admin.context().close();

    // A visitor checks Kolkata on a plant page.
    const visitor = await shop.page(PHONE);
    const plant = await plantWithStock(shop.url, 1);
    await visitor.goto(`/plant/${plant._id}`);
    const box = visitor.getByTestId('pin-check');
    await box.getByRole('textbox').fill('700001');
    await tap(box.getByRole('button', { name: 'Check' }));
    await visitor.getByTestId('pin-answer').filter({ hasText: 'We do not deliver to this PIN code yet.' }).waitFor();
    await box.getByText('PIN code 700001').waitFor();
    // Howrah (711) is still served: only the Kolkata prefix was stopped.
    await tap(visitor.getByRole('button', { name: 'Change PIN' }));
    await visitor.getByTestId('pin-check').getByRole('textbox').fill('711101');
    await tap(visitor.getByTestId('pin-check').getByRole('button', { name: 'Check' }));
    await visitor.getByTestId('pin-answer').filter({ hasText: /Deliver to 711101 — by / }).waitFor();
    await visitor.context().close();
  });

  it('an admin adds an area and removes it again; a customer cannot open the screen', async () => {
    const admin = await shop.page(PHONE);
    const account = await demoAccount(shop.url, 'admin');
    await admin.goto('/login');
    await admin.getByLabel('Email').fill(account.email);
    await admin.getByLabel('Password', { exact: true }).fill(account.password);
    await tap(admin.getByRole('button', { name: 'Login', exact: true }));
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await admin.goto('/admin/delivery');
    await admin.getByText(/^\d+ areas$/).waitFor();
    const before = (await api(shop.url, '/delivery/682551')).data;
    assert.equal(before.serviceable, false, 'Lakshadweep is not served in the demo');

    // Serve Lakshadweep after all, as its own new area… but the new area overlaps the old one.
    await tap(admin.getByRole('button', { name: 'Add area' }));
    // The new area is the last card (and the one focused).
    const fresh = admin.getByTestId('delivery-area').last();
    await fresh.getByText('New area').waitFor();
    assert.equal(await fresh.getByLabel('PIN prefix').evaluate((el) => el === document.activeElement), true);
    await fresh.getByLabel('PIN prefix').fill('68255');
    await fresh.getByLabel('State').fill('Lakshadweep');
    await fresh.getByLabel('Fastest (days)').fill('10');
    await fresh.getByLabel('Slowest (days)').fill('14');
    await tap(admin.getByRole('button', { name: 'Save changes' }));
    await fresh.getByText(/^Areas \d+ and \d+ cover the same PINs$/).waitFor();

    // So the old not-served area goes instead.
    await admin.getByLabel('Find a PIN code, state or city').fill('682551');
    const old = admin.getByTestId('delivery-area').filter({ hasText: 'Not served yet' });
    await tap(old.getByRole('button', { name: 'Remove area 68255' }));
    await tap(admin.getByRole('button', { name: 'Save changes' }));
    await admin.getByText('Delivery rules saved').waitFor();
    const after = (await api(shop.url, '/delivery/682551')).data;
    assert.equal(after.serviceable, true);
    assert.deepEqual([after.estimate.minDays, after.estimate.maxDays], [10, 14]);
    await admin.context().close();

    const customer = await shop.page(PHONE);
    const me = await demoAccount(shop.url, 'customer');
    await customer.goto('/login');
    await customer.getByLabel('Email').fill(me.email);
    await customer.getByLabel('Password', { exact: true }).fill(me.password);
    await tap(customer.getByRole('button', { name: 'Login', exact: true }));
    await customer.waitForURL((u) => !u.pathname.startsWith('/login'));
    await customer.goto('/admin/delivery');
    await customer.waitForURL((u) => u.pathname === '/');
    await customer.context().close();
  });
});
