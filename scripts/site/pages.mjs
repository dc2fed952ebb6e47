// The HTML shell of each page of the explorer: the same header and navigation, a skip link, the
// landmarks (banner, navigation, main, contentinfo), a <main> the page's script fills, and what to
// do when scripts are off. Relative links only, so the site works from any static host and any path.
//
// The pages are derived from src/web/pages/: each page's script says what the page is on one line
// of its own (nothing else lists the pages, so a page is added by adding its script):
//
//   // @page <order> <file> "<title>" <blurb>
//
// `order` places it in the navigation (smallest first); `file` is the HTML file written for it.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "web", "pages");

/**
 * Each page of a pages folder from its script's `// @page` line, in navigation order.
 * @param {string} dir
 * @returns {{ file: string, entry: string, title: string, blurb: string, order: number }[]}
 */
export function readPages(dir = pagesDir) {
  const pages = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts")).sort()) {
    const source = readFileSync(join(dir, name), "utf8");
    const m = /^\/\/ @page (\d+) (\S+\.html) "([^"]+)" (.+)$/m.exec(source);
    if (!m) throw new Error(`src/web/pages/${name}: no "// @page <order> <file> \\"<title>\\" <blurb>" line: every page says what it is`);
    pages.push({ order: Number(m[1]), file: m[2], entry: name.replace(/\.ts$/, ""), title: m[3], blurb: m[4].trim() });
  }
  pages.sort((a, b) => a.order - b.order || (a.entry < b.entry ? -1 : 1));
  for (const p of pages) if (pages.filter((q) => q.file === p.file).length > 1) throw new Error(`two pages write ${p.file}`);
  return pages;
}

/** The pages, in navigation order. `entry` is the script under src/web/pages/. */
export const PAGES = readPages();

/** The years the revisions span, from the registry the build has just compiled ("1993–2026"). */
function years() {
  const dates = createRequire(import.meta.url)("../../dist/src/revisions/index.js").specs().map((s) => s.date.slice(0, 4));
  return `${dates[0]}–${dates[dates.length - 1]}`;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/**
 * One page's HTML.
 * @param {{ file: string, entry: string, title: string, blurb: string }} page
 */
export function pageHtml(page) {
  const nav = PAGES.map((p) => `<a href="${p.file}"${p === page ? ' aria-current="page"' : ""}>${escapeHtml(p.title)}</a>`).join("\n      ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(page.title)} · uri-grammars explorer</title>
  <meta name="description" content="${escapeHtml(page.blurb)}">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="assets/explorer.css">
  <script type="module" src="assets/${page.entry}.js"></script>
</head>
<body data-page="${page.entry}">
  <a class="skip-link" href="#main">Skip to the content</a>
  <header class="site-header">
    <a class="site-title" href="index.html">uri-grammars <span>explorer</span></a>
    <button type="button" class="menu-toggle" id="menu-toggle" aria-expanded="false" aria-controls="site-nav" hidden>Pages: ${escapeHtml(page.title)}</button>
    <nav aria-label="pages" id="site-nav">
      ${nav}
    </nav>
    <button type="button" class="theme-toggle" id="theme-toggle" hidden>Theme: auto</button>
  </header>
  <main id="main" tabindex="-1">
    <h1>${escapeHtml(page.title)}</h1>
    <p class="loading">Loading… <noscript>This page runs the grammars in your browser and needs JavaScript.</noscript></p>
  </main>
  <footer class="site-footer">
    The URL and URI grammars of ${years()}, transcribed rule by rule into PEG and run in this page: nothing is sent anywhere.
  </footer>
</body>
</html>
`;
}
