// Debian's Chromium driven by playwright-core (no browser download), plus screenshot helpers.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const RESULTS = resolve(new URL('../test-results', import.meta.url).pathname);
mkdirSync(RESULTS, { recursive: true });

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 860 };

/** Everything the server's Content-Security-Policy blocked on any page of this file's run. */
const cspViolations = [];

/** A fresh browser context (own storage) with a page at `baseURL`. */
export async function newPage(browser, baseURL, viewport = DESKTOP, extra = {}) {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-IN', timezoneId: 'Asia/Kolkata', reducedMotion: 'reduce', ...extra });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`[csp] ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${location.pathname}`));
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
  page.on('console', (m) => {
    if (m.text().startsWith('[csp]')) cspViolations.push(m.text());
  });
  return page;
}

/** Fails when the policy blocked anything: the app must work within it (call in `after`). */
export function assertNoCspViolations() {
  if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${[...new Set(cspViolations)].join('\n')}`);
}

/**
 * Screenshots of the current screen at 360 px and 1280 px wide: the full page, or only the
 * viewport when a dialog or menu is open (fixed layers do not stitch into full pages).
 */
export async function capture(page, name, { fullPage = true } = {}) {
  const original = page.viewportSize();
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(RESULTS, `${name}-${vp.width}.png`), fullPage, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}

/** Waits until the location's path (and optional search) is as expected. */
export async function waitForPath(page, path, timeout = 10_000) {
  await page.waitForURL((u) => u.pathname + (path.includes('?') ? u.search : '') === path, { timeout });
}
