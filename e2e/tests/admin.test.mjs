// Admin console journeys of issue 5 against the real binary.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture } from '../lib/browser.mjs';
import { plantPng } from '../lib/fixtures.mjs';
import { api, addToCartFromPlantPage, fillGoodAddress, inr, plantWithStock, signInWithDemo, tokenOf } from '../lib/app.mjs';

const shop = shopForThisFile();

describe('admin console', () => {
  it('the admin sees the dashboard, tries a bad plant, adds one with a photo, edits it, finds it in the shop and deletes it', async () => {
    const admin = await shop.page();
    await signInWithDemo(admin, 'admin');
    await admin.waitForURL('**/admin/dashboard');
    for (const label of ['Total Plants', 'Total Orders', 'Total Revenue', 'Pending Orders', 'Orders by Status', 'Recent Orders', 'Low stock (5 or fewer)']) {
      await admin.getByText(label, { exact: true }).first().waitFor();
    }
    await admin.getByRole('button', { name: 'Refresh Stats' }).first().click();
    await capture(admin, 'admin-dashboard');

    await admin.getByRole('link', { name: 'Manage Plants' }).click();
    await admin.waitForURL('**/admin/plants');
    await admin.getByTestId('admin-plant-row').first().waitFor();
    assert.ok((await admin.getByTestId('admin-plant-row').count()) <= 10, 'ten rows a page');
    await admin.getByRole('navigation', { name: 'Pagination' }).waitFor();
    await capture(admin, 'admin-plants');

    // A bad plant: every message at once.
    await admin.getByRole('button', { name: 'Add Plant' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Original price (₹) (optional)').fill('10');
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('12.5');
    await dialog.locator('#plant-image').setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await dialog.getByRole('button', { name: 'Add Plant' }).click();
    const list = dialog.getByTestId('plant-form-errors');
    await list.waitFor();
    const errors = await list.locator('li').allInnerTexts();
    assert.deepEqual(errors, [
      'Plant name is required',
      'Description is required',
      'Price must be a whole number',
      'Stock is required',
      'Please select at least one category',
      'Image must be in JPEG, PNG, or WebP format',
    ]);
    await capture(admin, 'admin-plant-errors', { fullPage: false });

    // Now a good one with a photo.
    const name = `Jade Tree E${Date.now() % 100000}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
    await dialog.getByLabel('Plant name').fill(name);
    await dialog.getByLabel('Description').fill('A hardy succulent tree with glossy round leaves, happy on a sunny sill.');
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('499');
    await dialog.getByLabel('Original price (₹) (optional)').fill('599');
    await dialog.getByLabel('Stock').fill('12');
    await dialog.getByRole('checkbox', { name: 'Succulents' }).check();
    await dialog.locator('#plant-image').setInputFiles({ name: 'jade.png', mimeType: 'image/png', buffer: plantPng(256) });
    await dialog.getByRole('img', { name: 'Image preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Add Plant' }).click();
    await admin.getByText('Plant added successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await admin.getByRole('searchbox', { name: 'Search plants' }).fill(name);
    const row = admin.getByTestId('admin-plant-row').filter({ hasText: name });
    await row.waitFor();
    assert.match(await row.innerText(), /₹499/);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('449');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Plant updated successfully!').waitFor();
    await row.getByText('₹449').waitFor();

    // A shopper finds it in the catalogue with its photo.
    const shopper = await shop.page();
    await shopper.goto(`/catalogue?search=${encodeURIComponent(name)}`);
    const card = shopper.getByTestId('plant-card').filter({ hasText: name });
    await card.waitFor();
    assert.match(await card.innerText(), /₹449/);
    assert.match(await card.innerText(), /Save ₹150/);
    const src = await card.locator('img').first().getAttribute('src');
    assert.ok(src && !src.endsWith('.svg'), `uploaded photo shown (${src})`);
    assert.equal(await card.locator('img').first().evaluate((img) => img.complete && img.naturalWidth > 0), true);

    // Delete it; the shop no longer lists it.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Plant deleted successfully!').waitFor();
    await shopper.reload();
    // Search forgives typos, so similar plants (Jade Plant) may still be listed: wait for the
    // list (or the empty state) and check that this plant is not in it.
    await shopper
      .getByTestId('plant-card')
      .first()
      .or(shopper.getByRole('heading', { name: 'No plants match your filters' }))
      .waitFor();
    assert.equal(await card.count(), 0, 'the deleted plant is no longer listed');
    await shopper.context().close();
    await admin.context().close();
  });

  it('an order moves pending → processing → shipped → delivered while the customer watches, then the customer rates it', async () => {
    const plant = await plantWithStock(shop.url, 5, 2);
    const customer = await shop.page();
    await signInWithDemo(customer, 'customer');
    await addToCartFromPlantPage(customer, plant._id);
    await customer.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await fillGoodAddress(customer);
    await customer.getByRole('button', { name: /^Place Order/ }).click();
    await customer.waitForURL('**/orders', { timeout: 6000 });
    const token = await tokenOf(customer);
    const order = (await api(shop.url, '/orders', { token })).data.orders[0];
    const shortId = order._id.slice(-8).toUpperCase();

    const admin = await shop.page();
    await signInWithDemo(admin, 'admin');
    await admin.goto('/admin/orders');
    await admin.getByRole('button', { name: 'Pending', exact: true }).click();
    const card = admin.getByTestId('admin-order').filter({ hasText: `#${shortId}` });
    await card.waitFor();
    assert.deepEqual(await card.locator('.aorder__actions button').allInnerTexts(), ['Mark Processing', 'Mark Cancelled']);
    await capture(admin, 'admin-orders');

    const customerCard = customer.getByTestId('order-card').filter({ hasText: inr(order.total) }).first();
    const steps = [
      ['Mark Processing', 'Processing', ['Mark Shipped', 'Mark Cancelled']],
      ['Mark Shipped', 'Shipped', ['Mark Delivered']],
      ['Mark Delivered', 'Delivered', []],
    ];
    await admin.getByRole('button', { name: 'All', exact: true }).click();
    await admin.getByRole('searchbox', { name: 'Search by order ID, name or email' }).fill(`#${shortId}`);
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="admin-order"]').length === 1);
    await card.waitFor();
    for (const [button, label, next] of steps) {
      await card.getByRole('button', { name: button }).click();
      // Shipped and delivered cannot be undone: the admin confirms them (issue 15).
      if (button !== 'Mark Processing') {
        const confirm = admin.getByRole('dialog');
        await confirm.getByText('This cannot be undone.').waitFor();
        await confirm.getByRole('button', { name: button }).click();
      }
      await admin.getByText('Order status updated successfully!').first().waitFor();
      await card.locator('.badge', { hasText: label }).waitFor();
      assert.deepEqual(await card.locator('.aorder__actions button').allInnerTexts(), next);
      await customer.reload();
      await customerCard.locator('.badge', { hasText: label }).waitFor();
    }
    await card.getByText('Final status: no further changes.').waitFor();
    assert.ok((await card.locator('.timeline li').count()) >= 4, 'status history timeline');

    // The customer rates the delivered plant; the catalogue shows the new rating.
    const before = (await api(shop.url, `/plants/${plant._id}`)).data.plant;
    if (!(await customerCard.getByTestId('order-id').isVisible())) await customerCard.getByRole('button', { expanded: false }).click();
    await customerCard.getByRole('button', { name: 'Rate Plant' }).click();
    const modal = customer.getByRole('dialog');
    await modal.getByRole('button', { name: 'Submit Rating' }).click();
    await modal.getByText('Please select a rating').waitFor();
    await modal.locator('label', { has: customer.getByRole('radio', { name: '5 stars, Excellent' }) }).click();
    assert.equal(await modal.getByRole('radio', { name: '5 stars, Excellent' }).isChecked(), true);
    await modal.getByText('Excellent', { exact: true }).waitFor();
    await capture(customer, 'rating-modal', { fullPage: false });
    await modal.getByRole('button', { name: 'Submit Rating' }).click();
    await modal.getByText('Rating submitted successfully!').waitFor();
    await modal.waitFor({ state: 'detached', timeout: 4000 });
    await customerCard.getByRole('button', { name: 'Edit Rating' }).waitFor();

    const after = (await api(shop.url, `/plants/${plant._id}`)).data.plant;
    assert.equal(after.reviewCount, before.reviewCount + 1);
    await customer.goto(`/catalogue?search=${encodeURIComponent(plant.name)}`);
    const shopCard = customer.getByTestId('plant-card').filter({ hasText: plant.name }).first();
    await shopCard.getByText(after.reviewCount === 1 ? "(1 review)" : `(${after.reviewCount} reviews)`).waitFor();

    // Edit Rating loads the existing one first.
    await customer.goto('/orders');
    await customerCard.getByRole('button', { expanded: false }).click().catch(() => undefined);
    await customerCard.getByRole('button', { name: 'Edit Rating' }).click();
    await customer.getByRole('dialog').getByText('Excellent', { exact: true }).waitFor();
    await customer.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await customer.context().close();
    await admin.context().close();
  });
});
