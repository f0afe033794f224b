// The shop a test file walks: the real binary on a fresh database and one chromium, started
// before the file's first test and stopped after its last. A Content-Security-Policy
// violation reported anywhere in the file fails it at the end.
import { after, before } from 'node:test';
import { startServer } from './server.mjs';
import { assertNoCspViolations, launch, newPage } from './browser.mjs';

export function shopForThisFile(env = {}) {
  let server;
  let browser;
  before(async () => {
    server = await startServer(env);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    assertNoCspViolations();
  });
  return {
    /** The shop's origin, e.g. http://127.0.0.1:41234. */
    get url() {
      return server.url;
    },
    /** The server's data folder (its SQLite file lives there). */
    get dir() {
      return server.dir;
    },
    /** A fresh browser context and page on the shop, desktop-sized unless told. */
    page: (viewport, extra) => newPage(browser, server.url, viewport, extra),
  };
}
