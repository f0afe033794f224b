// A click that proves what a person's finger would hit: the element's centre is inside the
// viewport and `document.elementFromPoint` there is the element (or inside it). Playwright's
// own click scrolls clipped elements into reach and can pass where a person could not.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { RESULTS } from './browser.mjs';

export async function hitPoint(page, locator, { scroll = true } = {}) {
  await locator.waitFor({ state: 'visible' });
  // A finger on a disabled control does nothing: the server's first screen shows the menu
  // button disabled until the app has taken over, so wait for it to be usable (at most 10 s),
  // as a person waits; the locator then resolves to the app's own button.
  for (let i = 0; i < 100 && !(await locator.isEnabled().catch(() => false)); i++) {
    await page.waitForTimeout(100);
  }
  if (scroll) await locator.scrollIntoViewIfNeeded();
  // A finger lands once the page stops moving: re-measure until two reads agree (pictures
  // and data still arriving can shift the layout between a read and the hit test), for at
  // most 2 s. A covered or clipped element still fails below.
  let box = await locator.boundingBox();
  let onTop = '';
  for (let i = 0; i < 20; i++) {
    assert.ok(box && box.width > 0 && box.height > 0, 'the element has a size');
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    onTop = await locator.evaluate((el, [px, py]) => {
      const top = document.elementFromPoint(px, py);
      return top === el || el.contains(top) ? 'yes' : `${top?.tagName}.${top?.className}`;
    }, [cx, cy]);
    const again = await locator.boundingBox();
    const still = again && Math.abs(again.x - box.x) < 1 && Math.abs(again.y - box.y) < 1;
    box = again;
    if (onTop === 'yes' && still) break;
    await page.waitForTimeout(100);
  }
  assert.ok(box && box.width > 0 && box.height > 0, 'the element has a size');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const vp = page.viewportSize();
  assert.ok(x >= 0 && y >= 0 && x <= vp.width && y <= vp.height, `centre (${x}, ${y}) inside the ${vp.width}x${vp.height} viewport`);
  assert.equal(onTop, 'yes', 'the element is on top at its centre');
  return { x, y };
}

/** Taps (touch contexts) or clicks at the element's centre after proving it is on top there. */
export async function tap(page, locator, opts) {
  const { x, y } = await hitPoint(page, locator, opts);
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * Taps a pager link and waits until the address names page `pageNo`. On loaded machines a
 * pager tap has now and then changed nothing, or landed on a card that had moved under the
 * finger and opened that plant (CI, stops 24 and 26). A person looks and taps again, so does
 * this, up to twice more, going back first if the tap opened another page; each miss is logged
 * with what was under the finger and saved as `pager-missed-tap-N-K.png`.
 */
export async function tapToPage(page, link, pageNo) {
  const onPage = (u) => u.searchParams.get('page') === String(pageNo);
  const listUrl = page.url();
  for (let attempt = 1; ; attempt++) {
    // Bring the pager into view first and let the page settle, as a thumb waits for a scroll
    // to stop before it taps.
    await link.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await tap(page, link, { scroll: false });
    try {
      await page.waitForURL(onPage, { timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      const box = await link.boundingBox().catch(() => null);
      const under = box
        ? await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.outerHTML.slice(0, 200), [box.x + box.width / 2, box.y + box.height / 2])
        : 'no box';
      console.warn(`a tap on the pager did not open page ${pageNo}; address ${page.url()}; under the finger: ${under}`);
      await page.screenshot({ path: join(RESULTS, `pager-missed-tap-${pageNo}-${attempt}.png`) });
      if (page.url() !== listUrl) {
        await page.goBack();
        await page.waitForURL(listUrl);
      }
      await page.waitForTimeout(500);
    }
  }
}
