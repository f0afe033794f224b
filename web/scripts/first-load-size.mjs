// Prints the gzip size of the JavaScript a browser loads for `/`: the entry script of
// dist/index.html plus every chunk it imports statically (what Vite modulepreloads).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
// The entry module is not in index.html: the landing script adds it (the last argument of its
// startLanding call; see vite.config.ts).
for (const url of [...entries]) {
  const code = readFileSync(join(dist, url.replace(/^\//, '')), 'utf8');
  const start = code.match(/startLanding\(.*,"(\/assets\/[^"]+\.js)"\);\s*$/);
  if (start) entries.push(start[1]);
}
if (!entries.some((u) => /\/assets\/index-[^/]+\.js$/.test(u))) {
  console.error('no entry module found in index.html or the landing script');
  process.exit(1);
}

const seen = new Set();
function visit(url) {
  if (seen.has(url)) return;
  seen.add(url);
  const code = readFileSync(join(dist, url.replace(/^\//, '')), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (not import()).
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    visit(new URL(m[1], `http://x${url}`).pathname);
  }
}
entries.forEach(visit);

let total = 0;
for (const url of seen) {
  const gz = gzipSync(readFileSync(join(dist, url.replace(/^\//, '')))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${url}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  gzip JavaScript loaded for /`);
const budget = 100 * 1024;
if (total > budget) {
  console.error(`over the 100 KB budget by ${((total - budget) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
