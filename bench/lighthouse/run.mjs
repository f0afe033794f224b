// Lighthouse (mobile: the default form factor and simulated throttling) on the three
// storefront pages of a running Hariyali, in Debian's chromium. run.sh starts the server
// and calls this; it can also be pointed at any running instance:
//
//   node run.mjs --base http://127.0.0.1:8080 [--runs 3] [--pages home,catalogue,plant]
//
// Every page is audited RUNS times (each in a fresh browser); the table shows the median
// of each figure per page, and the exit code is 1 when a median misses its target.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const base = (args.get('base') ?? process.env.LH_BASE ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const runs = Number(args.get('runs') ?? process.env.LH_RUNS ?? 3);
const reports = args.get('reports') ?? join(here, 'reports');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

// Targets of issue 7, performance raised by issue 21: a page fails when its median score is
// below these, or its median LCP or TBT is above LIMITS.
const TARGETS = { performance: 98, accessibility: 95, 'best-practices': 95, seo: 90 };
const LIMITS = { lcp: 1500, tbt: 100 };
const CATEGORIES = Object.keys(TARGETS);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function plantId() {
  const res = await fetch(`${base}/api/plants?limit=1`);
  if (!res.ok) throw new Error(`GET /api/plants?limit=1: HTTP ${res.status}`);
  const body = await res.json();
  const id = body.plants?.[0]?._id;
  if (!id) throw new Error('GET /api/plants?limit=1 returned no plant (is HARIYALI_DEMO=1 set?)');
  return id;
}

/** One audit; a trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a busy machine) is tried again, twice at most. */
async function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (e) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(e?.message))) throw e;
      console.error(`  ${url}: ${e.message.split('\n')[0]}; trying again`);
    }
  }
}

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: ['json', 'html'], logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

function summarise(lhr) {
  const score = (c) => (lhr.categories[c]?.score == null ? NaN : Math.round(lhr.categories[c].score * 100));
  const num = (a) => lhr.audits[a]?.numericValue ?? NaN;
  const lcpEl = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  const failed = Object.entries(lhr.categories).flatMap(([, cat]) =>
    cat.auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id].score != null && lhr.audits[r.id].score < 0.9)
      .map((r) => `${r.id} (${lhr.audits[r.id].displayValue ?? Math.round(lhr.audits[r.id].score * 100)})`),
  );
  return {
    ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    lcpEl,
    failed,
  };
}

const id = await plantId();
const pages = [
  { name: 'home', path: '/' },
  { name: 'catalogue', path: '/catalogue' },
  { name: 'plant', path: `/plant/${id}` },
];
// --pages home,plant (or LH_PAGES) audits only some of them, for quicker experiments.
const only = (args.get('pages') ?? process.env.LH_PAGES ?? '').split(',').filter(Boolean);
if (only.length) pages.splice(0, pages.length, ...pages.filter((p) => only.includes(p.name)));
if (!pages.length) throw new Error(`--pages: choose among home, catalogue, plant`);
mkdirSync(reports, { recursive: true });
// Only this run's reports stay (an earlier run may have had more runs or other pages).
for (const f of readdirSync(reports)) if (/\.report\.(json|html)$/.test(f)) rmSync(join(reports, f));

const rows = [];
let version = '';
for (const page of pages) {
  const samples = [];
  for (let run = 1; run <= runs; run++) {
    const { lhr, report } = await audit(base + page.path);
    writeFileSync(join(reports, `${page.name}-${run}.report.json`), report[0]);
    writeFileSync(join(reports, `${page.name}-${run}.report.html`), report[1]);
    version = lhr.lighthouseVersion;
    const s = summarise(lhr);
    samples.push(s);
    console.error(
      `  ${page.path} run ${run}/${runs}: perf ${s.performance} a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo}` +
        `  FCP ${Math.round(s.fcp)} LCP ${Math.round(s.lcp)} TBT ${Math.round(s.tbt)} CLS ${s.cls.toFixed(3)} SI ${Math.round(s.si)}`,
    );
  }
  const m = (k) => median(samples.map((s) => s[k]));
  rows.push({
    page: page.path,
    ...Object.fromEntries(CATEGORIES.map((c) => [c, m(c)])),
    fcp: m('fcp'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
    si: m('si'),
    lcpEl: samples[0].lcpEl,
    failed: [...new Set(samples.flatMap((s) => s.failed))],
  });
}

const head = ['page', 'perf', 'a11y', 'best-pr', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'];
const table = rows.map((r) => [
  r.page.length > 40 ? `${r.page.slice(0, 37)}...` : r.page,
  r.performance,
  r.accessibility,
  r['best-practices'],
  r.seo,
  Math.round(r.fcp),
  Math.round(r.lcp),
  Math.round(r.tbt),
  r.cls.toFixed(3),
  Math.round(r.si),
]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => String(row[i]).length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log(`\nLighthouse ${version} (mobile, simulated throttling), ${base}, median of ${runs} run(s) per page`);
console.log(line(head));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
table.forEach((row) => console.log(line(row)));
console.log(`targets: performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}, SEO ${TARGETS.seo}; LCP < ${LIMITS.lcp} ms, TBT < ${LIMITS.tbt} ms`);
for (const r of rows) {
  console.log(`${r.page}: LCP element ${r.lcpEl || '(none)'}`);
  if (r.failed.length) console.log(`  audits under 90 in some run: ${r.failed.join(', ')}`);
}
console.log(`reports: ${reports}`);

const misses = rows.flatMap((r) => [
  ...CATEGORIES.filter((c) => !(r[c] >= TARGETS[c])).map((c) => `${r.page} ${c} ${r[c]} < ${TARGETS[c]}`),
  ...Object.keys(LIMITS).filter((k) => !(r[k] < LIMITS[k])).map((k) => `${r.page} ${k.toUpperCase()} ${Math.round(r[k])} ms >= ${LIMITS[k]} ms`),
]);
if (misses.length) {
  console.log(`FAIL: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('PASS: every page meets every target');

