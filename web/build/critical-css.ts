/**
 * The first screen's CSS, for a `<style>` in index.html (issue 21, LCP).
 *
 * The server draws the first screen of `/`, `/catalogue` and `/plant/{id}` into `#root`
 * (server/src/http/first_screen.rs). With the whole stylesheet in the head, that screen could
 * not paint before the stylesheet had arrived, and on a phone that request (and, in
 * Lighthouse's model, the main bundle that arrived and ran meanwhile) decided when the page
 * first painted. So the build cuts from the entry stylesheet the rules that screen can use and
 * the page carries them; the full stylesheet then loads at the end of the body, where it no
 * longer holds the first paint (and still holds the app's scripts until it has applied, so the
 * app never renders its own screens without their styles).
 *
 * Which rules: the class names come from the shell's markup itself (every `class=\"…\"` of
 * first_screen.rs), so a class the shell starts to use is styled here without a second list to
 * keep. A selector is kept when every class it names (outside `:not(…)`) is one of them; a
 * selector without classes (the reset, element and theme rules, `:root`'s tokens) is kept.
 * Of the `@font-face` rules only the faces index.html preloads and faces carried as `data:`
 * URLs stay (fontsource's faces serve characters the English first screen does not show);
 * `@keyframes` stay only when a kept rule names them.
 */
import postcss, { type AtRule, type Container, type Rule } from 'postcss';

/** Every class name the server's first screen writes (`price--{size}` becomes the prefix `price--`). */
export function shellClasses(rustSource: string): { names: Set<string>; prefixes: string[] } {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const m of rustSource.matchAll(/class=\\"([^"\\]*)\\"/g)) {
    for (const name of m[1].split(/\s+/).filter(Boolean)) {
      const brace = name.indexOf('{');
      if (brace >= 0) prefixes.push(name.slice(0, brace));
      else names.add(name);
    }
  }
  if (names.size < 20) throw new Error(`critical CSS: only ${names.size} class names found in first_screen.rs`);
  return { names, prefixes };
}

/** Whether one selector (no commas) can only match elements the shell has. */
function selectorFits(selector: string, classes: ReturnType<typeof shellClasses>): boolean {
  // `:not(.x)` narrows a match; it never needs `.x` to exist.
  const bare = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const m of bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    const name = m[1];
    if (!classes.names.has(name) && !classes.prefixes.some((p) => name.startsWith(p))) return false;
  }
  return true;
}

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The rules of `css` (the built entry stylesheet) the first screen needs; `keepFont(src)` says
 * which `@font-face` to keep from its `src` value.
 */
export function criticalCss(css: string, classes: ReturnType<typeof shellClasses>, keepFont: (src: string) => boolean): string {
  const root = postcss.parse(css);
  const prune = (container: Container) => {
    container.each((node) => {
      if (node.type === 'rule') {
        const rule = node as Rule;
        if ((rule.parent as AtRule | undefined)?.name === 'keyframes') return;
        const kept = selectors(rule.selector).filter((s) => selectorFits(s, classes));
        if (kept.length === 0) rule.remove();
        else rule.selector = kept.join(',');
      } else if (node.type === 'atrule') {
        const at = node as AtRule;
        if (at.name === 'font-face') {
          let src = '';
          at.walkDecls('src', (d) => {
            src = d.value;
          });
          if (!keepFont(src)) at.remove();
        } else if (at.name === 'media' || at.name === 'supports' || at.name === 'layer') {
          prune(at);
          if (!at.nodes || at.nodes.length === 0) at.remove();
        }
      } else if (node.type === 'comment') {
        node.remove();
      }
    });
  };
  prune(root);
  // Animations named by the rules that are left.
  const used = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (d) => d.value.split(/[\s,]+/).forEach((w) => used.add(w)));
  root.walkAtRules('keyframes', (at) => {
    if (!used.has(at.params.trim())) at.remove();
  });
  return root.toString().trim();
}
