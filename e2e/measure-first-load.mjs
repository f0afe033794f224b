// Bytes a first visit to `/` transfers (HTML, JS, CSS, fonts, images, API), as Chromium's
// network layer counts them (encodedDataLength), in English and in Hindi, at 360 and 1280 px.
// Usage: HARIYALI_BIN=… HARIYALI_WEB_DIR=… node measure-first-load.mjs
import { startServer } from './lib/server.mjs';
import { launch } from './lib/browser.mjs';

const server = await startServer();
const browser = await launch();
try {
  for (const lang of ['en', 'hi']) {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-IN' });
      if (lang === 'hi') await context.addInitScript(() => localStorage.setItem('language', 'hi'));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const urls = new Map();
      let total = 0;
      const byType = {};
      cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, type: e.type }));
      cdp.on('Network.loadingFinished', (e) => {
        total += e.encodedDataLength;
        const t = urls.get(e.requestId)?.type ?? 'Other';
        byType[t] = (byType[t] ?? 0) + e.encodedDataLength;
      });
      await page.goto(server.url + '/');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const kb = (n) => (n / 1024).toFixed(1);
      console.log(`${lang} ${width}px: ${kb(total)} KB total; ` + Object.entries(byType).map(([t, n]) => `${t} ${kb(n)}`).join(', '));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
