// A click that proves what a person's finger would hit: the element's centre is inside the
// viewport and `document.elementFromPoint` there is the element (or inside it). Playwright's
// own click scrolls clipped elements into reach and can pass where a person could not.
import assert from 'node:assert/strict';

export async function hitPoint(page, locator, { scroll = true } = {}) {
  await locator.waitFor({ state: 'visible' });
  if (scroll) await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, 'the element has a size');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const vp = page.viewportSize();
  assert.ok(x >= 0 && y >= 0 && x <= vp.width && y <= vp.height, `centre (${x}, ${y}) inside the ${vp.width}x${vp.height} viewport`);
  const onTop = await locator.evaluate((el, [px, py]) => {
    const top = document.elementFromPoint(px, py);
    return top === el || el.contains(top) ? 'yes' : `${top?.tagName}.${top?.className}`;
  }, [x, y]);
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
