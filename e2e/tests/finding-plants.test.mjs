// Issue 19: finding the right plant. Care badges and the pet-safe filter, a typo and a Hindi
// query through the header's suggestions (keyboard and tap), the whole catalogue in Hindi,
// the Hindi plant page link. Phones (360 px, touch) first, one journey at 1280 px; every
// tap is hit-tested.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { shopForThisFile } from '../lib/shop.mjs';
import { DESKTOP, PHONE, RESULTS } from '../lib/browser.mjs';
import { api, signInWithDemo } from '../lib/app.mjs';
import { tap, tapToPage } from '../lib/tap.mjs';

const shop = shopForThisFile();
const TOUCH = { hasTouch: true, isMobile: true };
const phone = () => shop.page(PHONE, TOUCH);

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every live plant, from the API (used only to check what the screens show). */
async function catalogue() {
  const { data } = await api(shop.url, '/plants?limit=200&sortBy=name&sortOrder=asc');
  return data.plants;
}

async function plantNamed(name) {
  const plant = (await catalogue()).find((p) => p.name === name);
  assert.ok(plant, `${name} is in the demo catalogue`);
  return plant;
}

/** Opens the phone's search panel from the header (no menu) and returns its box. */
async function openPhoneSearch(page) {
  await tap(page, page.getByRole('button', { name: /^(Search plants|पौधे खोजें)$/ }), { scroll: false });
  const box = page.getByTestId('header-search-phone');
  await box.waitFor();
  assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the box has the focus');
  return box;
}

/** The suggestions listbox belonging to a combobox. */
function listOf(page, box) {
  return box.evaluate((el) => el.getAttribute('aria-controls')).then((id) => page.locator(`[id="${id}"]`));
}

describe('finding the right plant (issue 19)', () => {
  it('a plant page shows its care badges in words; the pet-safe and light filters narrow the catalogue and live in the URL', async () => {
    const page = await phone();
    const money = await plantNamed('Money Plant');
    await page.goto(`/plant/${money._id}`);
    await page.getByRole('heading', { level: 1, name: 'Money Plant' }).waitFor();
    const badges = page.getByTestId('care-badges');
    await badges.waitFor();
    const words = await badges.getByRole('listitem').allTextContents();
    assert.equal(words.length, 5, `five badges: ${words}`);
    assert.ok(words.includes('Toxic to pets'), `Money Plant is toxic to cats and dogs: ${words}`);
    const care = money.care;
    assert.ok(care, 'the demo Money Plant has care');
    const lightWord = { low: 'Low light', medium: 'Medium light', 'bright-indirect': 'Bright indirect light', 'full-sun': 'Full sun' }[care.light];
    assert.ok(words.includes(lightWord), `the light badge says ${lightWord}`);
    await page.screenshot({ path: join(RESULTS, 'care-badges-360.png') });

    await page.goto('/catalogue');
    await page.getByTestId('plant-card').first().waitFor();
    // Cards carry compact care icons with their words for screen readers.
    const firstIcons = page.getByTestId('plant-card').first().getByTestId('care-icons');
    assert.match(await firstIcons.textContent(), /^Care at a glance: .+, .+, (Safe for pets|Toxic to pets)$/);

    await tap(page, page.getByRole('button', { name: /^Filters/ }));
    const sheet = page.getByRole('dialog', { name: 'Filters and sorting' });
    await sheet.waitFor();
    await tap(page, sheet.getByText('Pet-safe only'));
    await page.waitForURL((u) => u.searchParams.get('petSafe') === 'true');
    const { data: safe } = await api(shop.url, '/plants?petSafe=true&limit=200');
    assert.ok(safe.total > 0 && safe.total < (await catalogue()).length, `some, not all, plants are pet-safe (${safe.total})`);
    await tap(page, sheet.getByRole('button', { name: /^Show results/ }));
    await page.getByText(`${safe.total} plants`).waitFor();
    const cards = page.getByTestId('plant-card');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="plant-card"]').length === n, Math.min(safe.total, 24));
    for (const text of await cards.getByTestId('care-icons').allTextContents()) assert.match(text, /Safe for pets$/, text);
    await page.screenshot({ path: join(RESULTS, 'pet-safe-filter-360.png') });

    // Light joins it, and a reload keeps both (the URL is the state).
    await tap(page, page.getByRole('button', { name: /^Filters/ }));
    await sheet.getByLabel('Light').selectOption('low');
    await page.waitForURL((u) => u.searchParams.get('light') === 'low' && u.searchParams.get('petSafe') === 'true');
    await tap(page, sheet.getByRole('button', { name: /^Show results/ }));
    const { data: both } = await api(shop.url, '/plants?petSafe=true&light=low&limit=200');
    await page.reload();
    await page.getByText(both.total === 1 ? '1 plant' : `${both.total} plants`).waitFor();
    const names = await page.getByTestId('plant-card').getByRole('heading').allTextContents();
    assert.deepEqual(names.sort(), both.plants.map((p) => p.name).sort());
    await page.context().close();
  });

  it('a typo ("snak plant") typed into the phone header search is tapped through to the Snake Plant', async () => {
    const page = await phone();
    const snake = await plantNamed('Snake Plant');
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const box = await openPhoneSearch(page);
    await box.pressSequentially('snak plant', { delay: 40 });
    const list = await listOf(page, box);
    const first = list.getByRole('option').first();
    await first.waitFor();
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    assert.match(await first.textContent(), /^Snake Plant₹399$/);
    const inside = await page.evaluate(() => {
      const el = document.querySelector('[role="listbox"]:not([hidden])');
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= window.innerWidth && document.documentElement.scrollWidth <= window.innerWidth;
    });
    assert.ok(inside, 'the suggestions fit the 360 px screen');
    await page.screenshot({ path: join(RESULTS, 'suggestions-typo-360.png') });
    await tap(page, first, { scroll: false });
    await page.waitForURL(`**/plant/${snake._id}`);
    await page.getByRole('heading', { level: 1, name: 'Snake Plant' }).waitFor();
    assert.equal(await page.getByTestId('header-search-phone').count(), 0, 'the panel closed');
    await page.context().close();
  });

  it('a Hindi query ("तुलसी") is chosen with the keyboard on the phone, in Hindi mode', async () => {
    const page = await phone();
    const tulsi = await plantNamed('Tulsi');
    await page.goto('/?lang=hi');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    const box = await openPhoneSearch(page);
    await box.fill('तुलसी');
    const list = await listOf(page, box);
    await list.getByRole('option').first().waitFor();
    const first = await list.getByRole('option').first().textContent();
    assert.ok(first.startsWith('तुलसी'), `the Hindi name comes first: ${first}`);
    await box.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    assert.ok(active, 'an option is active');
    assert.equal(await page.locator(`[id="${active}"]`).getAttribute('aria-selected'), 'true');
    await page.screenshot({ path: join(RESULTS, 'suggestions-hindi-360.png') });
    await box.press('Enter');
    await page.waitForURL(`**/plant/${tulsi._id}`);
    await page.getByRole('heading', { level: 1, name: 'तुलसी' }).waitFor();
    // Escape closes an open list without leaving the page; a second closes the panel.
    const again = await openPhoneSearch(page);
    await again.fill('money');
    await (await listOf(page, again)).getByRole('option').first().waitFor();
    await again.press('Escape');
    assert.equal(await again.getAttribute('aria-expanded'), 'false');
    await again.press('Escape');
    await again.press('Escape');
    await page.getByTestId('header-search-phone').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('on a 1280 px screen the header box searches: arrows and Enter open a plant, Enter alone lists the results', async () => {
    const page = await shop.page(DESKTOP);
    const snake = await plantNamed('Snake Plant');
    await page.goto('/catalogue');
    const box = page.getByTestId('header-search-desktop');
    await box.waitFor();
    await tap(page, box);
    await box.pressSequentially('snak plant', { delay: 30 });
    const list = await listOf(page, box);
    await list.getByRole('option').first().waitFor();
    await page.screenshot({ path: join(RESULTS, 'suggestions-1280.png') });
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(`**/plant/${snake._id}`);
    await page.getByRole('heading', { level: 1, name: 'Snake Plant' }).waitFor();

    await tap(page, box);
    await box.fill('pet safe');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/catalogue' && u.searchParams.get('search') === 'pet safe');
    await page.getByTestId('plant-card').first().waitFor();
    await page.context().close();
  });

  it('the whole catalogue browsed in Hindi: every card on every page shows its Hindi name', async () => {
    const page = await phone();
    const plants = await catalogue();
    const hindiOf = new Map(plants.map((p) => [p._id, p.nameHi]));
    assert.ok(plants.every((p) => p.nameHi && DEVANAGARI.test(p.nameHi)), 'the demo catalogue has Hindi names');
    await page.goto('/catalogue?lang=hi');
    await page.getByRole('heading', { level: 1, name: 'कैटलॉग' }).waitFor();
    const seen = new Set();
    for (let pageNo = 1; ; pageNo++) {
      await page.waitForURL((u) => (pageNo === 1 ? !u.searchParams.get('page') : u.searchParams.get('page') === String(pageNo)));
      await page.getByTestId('plant-card').first().waitFor();
      // The address changes at the tap, before React draws the next page: until then the grid
      // still shows the previous page (and its "next" link, to the page we are on). Wait until
      // the pager marks this page as current and the grid is no longer the stale one.
      if (pageNo > 1) {
        await page.locator('.pager [aria-current="page"]', { hasText: new RegExp(`^${pageNo}$`) }).waitFor();
      }
      await page.waitForFunction(() => !document.querySelector('.grid.is-stale'));
      const cards = page.getByTestId('plant-card');
      for (let i = 0; i < (await cards.count()); i++) {
        const link = cards.nth(i).getByRole('heading').getByRole('link');
        const id = (await link.getAttribute('href')).split('/').pop();
        const shown = (await link.textContent()).trim();
        assert.equal(shown, hindiOf.get(id), `card ${id} shows its Hindi name`);
        seen.add(id);
      }
      if (pageNo === 1) await page.screenshot({ path: join(RESULTS, 'catalogue-hindi-360.png') });
      const next = page.getByRole('link', { name: /अगला|Next/ });
      if ((await next.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') break;
      await tapToPage(page, next, pageNo + 1);
    }
    assert.equal(seen.size, plants.length, 'every plant of the catalogue was seen');
    await page.context().close();
  });

  it('a plant page link with ?lang=hi opens in Hindi and its head names the English and Hindi versions', async () => {
    const tulsi = await plantNamed('Tulsi');
    const html = await (await fetch(`${shop.url}/plant/${tulsi._id}?lang=hi`)).text();
    assert.match(html, /<html lang="hi">/);
    assert.match(html, new RegExp(`<link rel="alternate" hreflang="en" href="[^"]*/plant/${tulsi._id}">`));
    assert.match(html, new RegExp(`<link rel="alternate" hreflang="hi" href="[^"]*/plant/${tulsi._id}\\?lang=hi">`));
    assert.match(html, /hreflang="x-default"/);
    const page = await phone();
    await page.goto(`/plant/${tulsi._id}?lang=hi`);
    await page.getByRole('heading', { level: 1, name: 'तुलसी' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    assert.ok(DEVANAGARI.test(await page.locator('.pdp__desc').textContent()), 'the Hindi description');
    await page.context().close();
  });
  it('the admin gives a new plant its Hindi name, description and care; half a care block is refused; shoppers see them', async () => {
    const admin = await shop.page(DESKTOP);
    await signInWithDemo(admin, 'admin');
    await admin.waitForURL('**/admin/dashboard');
    await admin.goto('/admin/plants');
    await admin.getByTestId('admin-plant-row').first().waitFor();
    await tap(admin, admin.getByRole('button', { name: 'Add Plant' }).first());
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Plant name').fill('Parijat');
    await dialog.getByLabel('Description', { exact: true }).fill('Night-flowering jasmine with fragrant white and orange flowers.');
    await dialog.getByLabel('Price (₹)', { exact: true }).fill('349');
    await dialog.getByLabel('Stock').fill('8');
    await dialog.getByRole('checkbox', { name: 'Flowering' }).check();
    await dialog.getByLabel('Name in Hindi').fill('पारिजात');
    await dialog.getByLabel('About the plant, in Hindi').fill('रात में खिलने वाली चमेली, सफ़ेद-नारंगी सुगंधित फूलों वाली।');
    await dialog.getByLabel('Light', { exact: true }).selectOption('full-sun');
    await tap(admin, dialog.getByRole('button', { name: 'Add Plant' }));
    await dialog.getByText('Give all five care facts, or none of them').first().waitFor();
    await dialog.getByLabel('Water', { exact: true }).selectOption('medium');
    await dialog.getByLabel('Care', { exact: true }).selectOption('moderate');
    await dialog.getByLabel('Safe for pets').selectOption('true');
    await dialog.getByLabel('Safe for children').selectOption('true');
    await tap(admin, dialog.getByRole('button', { name: 'Add Plant' }));
    await admin.getByText('Plant added successfully!').waitFor();
    const plant = await plantNamed('Parijat');
    assert.equal(plant.nameHi, 'पारिजात');
    assert.deepEqual(plant.care, { light: 'full-sun', water: 'medium', difficulty: 'moderate', petSafe: true, childSafe: true });
    await admin.context().close();

    const page = await phone();
    await page.goto('/?lang=hi');
    const box = await openPhoneSearch(page);
    await box.fill('पारिजात');
    const option = (await listOf(page, box)).getByRole('option').first();
    await option.waitFor();
    await tap(page, option, { scroll: false });
    await page.getByRole('heading', { level: 1, name: 'पारिजात' }).waitFor();
    const badges = await page.getByTestId('care-badges').getByRole('listitem').allTextContents();
    assert.deepEqual(badges, ['पूरी धूप', 'हफ़्ते में पानी', 'मध्यम देखभाल', 'पालतू जानवरों के लिए सुरक्षित', 'बच्चों के लिए सुरक्षित']);
    await page.context().close();
  });
});
