// Starts the real `hariyali serve` on a free loopback port with a fresh SQLite database in a
// temporary folder, waits for /healthz, and stops it (and removes the folder) afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
export const BIN = process.env.HARIYALI_BIN ?? join(ROOT, 'target/release/hariyali');
export const WEB_DIR = process.env.HARIYALI_WEB_DIR ?? join(ROOT, 'web/dist');

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

export async function startServer(extraEnv = {}) {
  if (!existsSync(BIN)) throw new Error(`hariyali binary not found at ${BIN} (set HARIYALI_BIN or build it)`);
  if (!existsSync(join(WEB_DIR, 'index.html'))) throw new Error(`web build not found in ${WEB_DIR} (run npm run build in web/)`);
  const dir = mkdtempSync(join(tmpdir(), 'hariyali-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(join(dir, 'server.log'), 'a');
  const child = spawn(BIN, ['serve'], {
    env: {
      ...process.env,
      HARIYALI_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dir, 'e2e.db')}`,
      HARIYALI_DATA_DIR: dir,
      HARIYALI_DEMO: '1',
      HARIYALI_WEB_DIR: WEB_DIR,
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`hariyali exited during start-up; see ${join(dir, 'server.log')}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('hariyali did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dir,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 5000))]);
        if (!exited) child.kill('SIGKILL');
      }
      if (!process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
}
