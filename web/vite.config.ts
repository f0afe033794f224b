/// <reference types="vitest/config" />
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { criticalCss, shellClasses } from './build/critical-css';

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), landingPlugin(), firstScreenCssPlugin()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2020',
    cssCodeSplit: true,
    // Modulepreload only what the entry needs; lazy chunks load on demand.
    modulePreload: { polyfill: false },
    // The language switch's Devanagari face is fetched only where that button is shown
    // (not on phones, where it sits in the closed menu): never inlined into every page's CSS.
    assetsInlineLimit: (file) => (file.endsWith('devanagari-label.woff2') ? false : undefined),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});

/** The core font files of src/styles/fonts.css, needed by every page: their faces are in the first screen's CSS. */
const CORE_FONTS = ['src/assets/fonts/dm-sans-core.woff2', 'src/assets/fonts/fraunces-core.woff2'];
/**
 * The core fonts preloaded by index.html. DM Sans only (issue 21): the interface text's widths
 * decide where the first screen's rows wrap (chips, names, buttons), so it must not swap in
 * after the first paint and move things (the fallback, e.g. DejaVu Sans, is wider). Fraunces
 * sets the one-line headings, whose height does not depend on the face, and loads when the
 * first screen's CSS asks for it: a preload finished before the first paint and, to
 * Lighthouse, held it.
 */
const PRELOADED_FONTS = ['src/assets/fonts/dm-sans-core.woff2'];

/** The lazily loaded page of each landing route of src/lib/landing.ts. */
const LANDING_PAGES = {
  catalogue: '/src/features/catalogue/catalogue-page.tsx',
  plant: '/src/features/plant/plant-page.tsx',
};

/**
 * Preloads the core fonts and adds src/lib/landing.ts to index.html (before the entry
 * script, as a file of its own: the Content-Security-Policy allows no inline script) with the file names of each landing route's chunk, the chunks it imports that the
 * entry does not, and their CSS: a first visit to /catalogue or /plant/:id fetches its page
 * code, data and picture while the main bundle downloads, instead of after it has run.
 */
function landingPlugin(): Plugin {
  let landingFile: { fileName: string; code: string } | null = null;
  return {
    name: 'hariyali:landing',
    apply: 'build',
    writeBundle(options) {
      if (!landingFile || !options.dir) return;
      const path = join(options.dir, landingFile.fileName);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, landingFile.code);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const fonts: string[] = [];
        for (const out of Object.values(bundle)) {
          if (out.type === 'asset' && out.originalFileNames.some((n) => PRELOADED_FONTS.some((f) => n.endsWith(f)))) fonts.push(`/${out.fileName}`);
        }
        if (fonts.length !== PRELOADED_FONTS.length) throw new Error(`landing: expected the fonts ${PRELOADED_FONTS.join(', ')} in the bundle`);
        const chunks = new Map<string, { imports: string[]; css: string[] }>();
        let entry = '';
        const pages: Record<string, string> = {};
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk') continue;
          chunks.set(out.fileName, { imports: out.imports, css: [...(out.viteMetadata?.importedCss ?? [])] });
          if (out.isEntry) entry = out.fileName;
          for (const [route, page] of Object.entries(LANDING_PAGES)) if (out.facadeModuleId?.endsWith(page)) pages[route] = out.fileName;
        }
        const closure = (start: string, into = new Set<string>()) => {
          if (!into.has(start)) {
            into.add(start);
            chunks.get(start)?.imports.forEach((i) => closure(i, into));
          }
          return into;
        };
        const loaded = closure(entry);
        const assets: Record<string, { js: string[]; css: string[] }> = {};
        for (const route of Object.keys(LANDING_PAGES)) {
          if (!pages[route]) throw new Error(`landing: no chunk for ${route} (${LANDING_PAGES[route as keyof typeof LANDING_PAGES]})`);
          const files = [...closure(pages[route])].filter((f) => !loaded.has(f));
          assets[route] = {
            js: files.map((f) => `/${f}`),
            css: [...new Set(files.flatMap((f) => chunks.get(f)?.css ?? []))].map((f) => `/${f}`),
          };
        }
        const source = readFileSync(fileURLToPath(new URL('./src/lib/landing.ts', import.meta.url)), 'utf8');
        if (/^\s*import\s+(?!type\b)/m.test(source)) throw new Error('src/lib/landing.ts must not import anything at run time');
        const { code } = await transformWithEsbuild(source, 'landing.ts', {
          loader: 'ts',
          format: 'iife',
          globalName: 'hariyaliLanding',
          minify: true,
          target: 'es2020',
        });
        // `defer`: it never blocks the first paint (issue 21: the server draws the first
        // screen, so the page has something to paint before any script), and it runs once the
        // document, and the full stylesheet at the end of its body, are in. It starts the entry
        // module itself, after its early fetches, so they are made before the app looks for them.
        const preloads = fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>\n    `).join('');
        // The entry module is started by the landing script (after the first screen has
        // painted), not by a tag of its own: see `startLanding`.
        const entryTag = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?\s*/);
        if (!entryTag || entryTag[1] !== `/${entry}`) throw new Error('landing: no entry module script in index.html');
        html = html.replace(entryTag[0], '');
        const landing = `${code.trim()}hariyaliLanding.startLanding(${JSON.stringify(assets)},${JSON.stringify(`/${entry}`)});\n`;
        const hash = createHash('sha256').update(landing).digest('hex').slice(0, 10);
        landingFile = { fileName: `assets/landing-${hash}.js`, code: landing };
        const script = `<script defer src="/${landingFile.fileName}"></script>\n    `;
        const at = html.indexOf('</head>');
        return html.slice(0, at) + preloads + script + html.slice(at);
      },
    },
  };
}

/**
 * The first screen's CSS in a `<style>` of the head, theme.js as an inline `<script>`, and the
 * entry stylesheet at the end of the body (issue 21, LCP; see build/critical-css.ts): the
 * server's first screen paints with the HTML alone, and the app's deferred scripts, which
 * come after that link in the document, still run only once the full stylesheet has applied.
 * The server allows these two inline elements by their sha256 hashes in the
 * Content-Security-Policy (server/src/http/security.rs reads them from index.html at start).
 */
function firstScreenCssPlugin(): Plugin {
  return {
    name: 'hariyali:first-screen-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>\n?\s*/g)];
        if (links.length !== 1) throw new Error(`first-screen CSS: expected one stylesheet in index.html, found ${links.length}`);
        const [tag, file] = [links[0][0], links[0][1]];
        const sheet = bundle[file];
        if (!sheet || sheet.type !== 'asset') throw new Error(`first-screen CSS: ${file} is not in the bundle`);
        const fonts = Object.values(bundle)
          .filter((out) => out.type === 'asset' && out.originalFileNames.some((n) => CORE_FONTS.some((f) => n.endsWith(f))))
          .map((out) => `/${out.fileName}`);
        const shell = readFileSync(fileURLToPath(new URL('../server/src/http/first_screen.rs', import.meta.url)), 'utf8');
        const css = criticalCss(String(sheet.source), shellClasses(shell), (src) => src.includes('data:') || fonts.some((f) => src.includes(f)));
        if (/<\/style/i.test(css)) throw new Error('first-screen CSS: the rules hold </style');
        const link = tag.trim();
        // theme.js sets the theme and language before the first paint: inline, as a request of
        // its own it held the first paint (and, in Lighthouse's model, everything that arrived
        // meanwhile). The server allows it by its hash as it does the style.
        const themeTag = '<script src="/theme.js"></script>';
        if (!html.includes(themeTag)) throw new Error('first-screen CSS: no theme.js script in index.html');
        const theme = (await transformWithEsbuild(readFileSync(fileURLToPath(new URL('./public/theme.js', import.meta.url)), 'utf8'), 'theme.js', { loader: 'js', minify: true, target: 'es2015' })).code.trim();
        if (/<\/script/i.test(theme)) throw new Error('first-screen CSS: theme.js holds </script');
        // The app's module is added by the landing script (see `startLanding`), which runs only
        // once the document and the full stylesheet are in. On a page the server draws no first
        // screen for, that would start the module's download a round trip late: there it is
        // fetched at once (a modulepreload; it still runs only when the landing script adds it).
        // The paths are those the server draws (first_screen.rs; landingRoute and `/`); a wrong
        // guess only moves a download.
        const entry = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
        if (!entry) throw new Error('first-screen CSS: no entry chunk');
        const early = `if(!/^\\/(catalogue|plant\\/[^/]+)?$/.test(location.pathname))document.head.appendChild(Object.assign(document.createElement("link"),{rel:"modulepreload",crossOrigin:"",href:${JSON.stringify(`/${entry.fileName}`)}}))`;
        html = html.replace(themeTag, () => `<script>${theme}${early}</script>`);
        const at = html.indexOf(tag);
        const withStyle = `${html.slice(0, at)}<style>${css}</style>\n  ${html.slice(at + tag.length)}`;
        const end = withStyle.lastIndexOf('</body>');
        if (end < 0) throw new Error('first-screen CSS: no </body> in index.html');
        return `${withStyle.slice(0, end)}  ${link}\n  ${withStyle.slice(end)}`;
      },
    },
  };
}
