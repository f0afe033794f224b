// Issue 21: the server draws the first screen of `/`, `/catalogue` and `/plant/{id}` into the
// HTML, so on a phone the page's name and pictures are there before (and without) the
// JavaScript; the app then takes the screen over in place: one copy of everything, nothing
// moved, no console errors, and hostile plant names shown as text throughout.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { shopForThisFile } from '../lib/shop.mjs';
import { capture, DESKTOP, PHONE } from '../lib/browser.mjs';
import { api } from '../lib/app.mjs';

const shop = shopForThisFile();

// Sorted by name, the catalogue's first card. The shop's name rules refuse `<`: written
// into the database directly.
const HOSTILE = `Aaa "q" 'a' </noscript><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;

/** Where an element is on the screen, rounded to whole pixels (null when absent). */
async function box(locator) {
  const b = await locator.first().boundingBox();
  return b && [b.x, b.y, b.width, b.height].map(Math.round);
}

/** The page's layout-shift score so far (as Lighthouse's CLS, without the session windows). */
function layoutShift(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 100);
      }),
  );
}

describe('the first screen comes with the page', () => {
  let first;
  before(async () => {
    const { data } = await api(shop.url, '/plants?limit=100&sortBy=name&sortOrder=asc');
    first = data.plants.find((p) => p.thumbnail && p.image) ?? data.plants[0];
    execFileSync('sqlite3', [join(shop.dir, 'e2e.db'), `UPDATE plants SET name = '${HOSTILE.replace(/'/g, "''")}' WHERE id = '${first._id}'`]);
    await new Promise((r) => setTimeout(r, 1200)); // the catalogue's response cache
  });

  const pages = () => [
    {
      path: '/',
      heading: 'Bring home a little hariyali',
      picture: '/illustrations/hero.svg',
      img: '.hero__art img',
      ready: (page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
    },
    {
      path: '/catalogue',
      heading: 'Catalogue',
      picture: first.thumbnail,
      img: '.pcard img',
      name: HOSTILE,
      ready: (page) => page.getByTestId('plant-card').first().waitFor(),
    },
    {
      path: `/plant/${first._id}`,
      heading: HOSTILE,
      picture: first.image,
      img: '.pdp__media img',
      ready: (page) => page.getByRole('button', { name: 'Login to Add to Cart' }).waitFor(),
    },
  ];

  it('without JavaScript a phone shows each page’s heading, names and pictures', async () => {
    for (const p of pages()) {
      const page = await shop.page(PHONE, { javaScriptEnabled: false });
      await page.goto(p.path);
      const heading = page.getByRole('heading', { level: 1, name: p.heading, exact: true });
      assert.ok(await heading.isVisible(), `${p.path}: the heading`);
      // The picture itself, or its bytes when it is small enough to travel in the page.
      const picture = page.locator(`main ${p.img}`).first();
      assert.ok(await picture.isVisible(), `${p.path}: the picture ${p.picture}`);
      const src = await picture.getAttribute('src');
      assert.ok(src === p.picture || src.startsWith('data:image/'), `${p.path}: the picture is ${src}`);
      assert.ok(await picture.evaluate((img) => img.complete && img.naturalWidth > 0), `${p.path}: the picture loaded`);
      if (p.name) assert.ok(await page.getByRole('link', { name: p.name, exact: true }).isVisible(), `${p.path}: the first name`);
      const box = await picture.boundingBox();
      assert.ok(box.y < PHONE.height, `${p.path}: the picture is on the first screen (${box.y})`);
      await capture(page, `first-screen-nojs${p.path === '/' ? '-home' : p.path.replace(/\/[^/]*$/, '').replace(/\//g, '-') || '-home'}`, { fullPage: false });
      await page.context().close();
    }
  });

  it('the app takes the screen over in place: one copy, nothing moved, no console errors', async () => {
    for (const p of pages()) {
      // Where things are before the app runs ...
      const still = await shop.page(PHONE, { javaScriptEnabled: false });
      await still.goto(p.path);
      const before = {
        heading: await box(still.getByRole('heading', { level: 1 })),
        picture: await box(still.locator(`main ${p.img}`)),
      };
      await still.context().close();

      // ... and after it has.
      const page = await shop.page(PHONE);
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(p.path);
      await p.ready(page);
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.shell').count(), 0, `${p.path}: the server's screen is gone`);
      assert.equal(await page.locator('#root > .app').count(), 1, `${p.path}: one app in the root`);
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, `${p.path}: one heading`);
      assert.equal(await page.locator('header.nav').count(), 1, `${p.path}: one navigation bar`);
      if (p.path === '/catalogue') {
        const { data } = await api(shop.url, '/plants?sortBy=name&sortOrder=asc&page=1&limit=24');
        assert.equal(await page.locator('.pcard').count(), data.plants.length, 'one card per plant');
      }
      assert.deepEqual(await box(page.getByRole('heading', { level: 1 })), before.heading, `${p.path}: the heading did not move`);
      assert.equal(await page.locator(`main ${p.img}`).first().getAttribute('src'), p.picture, `${p.path}: the app names the picture`);
      assert.deepEqual(await box(page.locator(`main ${p.img}`)), before.picture, `${p.path}: the picture did not move`);
      assert.ok((await layoutShift(page)) < 0.01, `${p.path}: no layout shift`);
      assert.equal(await page.evaluate(() => window.__pwned), undefined, `${p.path}: nothing of the name ran`);
      assert.deepEqual(errors, [], `${p.path}: console errors`);
      await page.context().close();
    }
  });

  it('paints styled from the page alone, and the full stylesheet changes nothing on it', async () => {
    // The first screen's CSS travels in the page (a <style> the CSP allows by its hash) and
    // the full stylesheet comes at the end of the body: with that stylesheet and the app's
    // module refused, the server's screen must look exactly as it does with them. A wrong
    // hash would leave the page unstyled (and report a CSP violation, which fails the file).
    const look = async (viewport, path, img, refuseStylesheet) => {
      const page = await shop.page(viewport);
      await page.route('**/assets/index-*.js', (route) => route.abort());
      if (refuseStylesheet) await page.route('**/assets/index-*.css', (route) => route.abort());
      await page.goto(path);
      await page.locator(`main ${img}`).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const style = (selector, property) => page.locator(selector).first().evaluate((e, p) => getComputedStyle(e)[p], property);
      const seen = {
        inlineStyles: await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.sheet?.cssRules.length ?? 0)),
        nav: await box(page.locator('header.nav')),
        navPosition: await style('header.nav', 'position'),
        heading: await box(page.getByRole('heading', { level: 1 })),
        headingFont: await style('main h1', 'fontFamily'),
        picture: await box(page.locator(`main ${img}`)),
        background: await style('body', 'backgroundColor'),
      };
      await page.context().close();
      return seen;
    };
    for (const viewport of [PHONE, DESKTOP]) {
      for (const p of pages()) {
        const alone = await look(viewport, p.path, p.img, true);
        const full = await look(viewport, p.path, p.img, false);
        const where = `${p.path} at ${viewport.width} px`;
        assert.equal(alone.inlineStyles.length, 1, `${where}: one inline style`);
        assert.ok(alone.inlineStyles[0] > 50, `${where}: the inline style applied (${alone.inlineStyles[0]} rules)`);
        assert.equal(alone.navPosition, 'sticky', `${where}: the navigation bar is styled`);
        assert.match(alone.headingFont, /Fraunces/, where);
        assert.deepEqual(alone, full, `${where}: the same screen with and without the full stylesheet`);
      }
    }
  });

  it('a dark-mode visitor gets the dark first screen before the app runs', async () => {
    const page = await shop.page(PHONE, { colorScheme: 'dark' });
    // The app's module never arrives: what shows is the server's screen under theme.js.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/catalogue');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await page.locator('.shell').count(), 1);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 150, `a dark background, not ${background}`);
    await page.context().close();
  });
});
