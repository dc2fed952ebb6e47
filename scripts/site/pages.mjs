// The HTML shell of each page of the explorer: the same header and navigation, a <main> the page's
// script fills, and what to do when scripts are off. Relative links only, so the site works from
// any static host and any path.

import { createRequire } from "node:module";

/** The pages, in navigation order. `entry` is the script under src/web/pages/. */
export const PAGES = [
  { file: "index.html", entry: "playground", title: "Playground", blurb: "one input, every revision side by side" },
  { file: "trace.html", entry: "trace", title: "Trace", blurb: "every step of the parse, on the rule's diagram, one revision or two side by side" },
  { file: "grammar.html", entry: "grammar", title: "Grammars", blurb: "every rule as published, its PEG and its railroad diagram" },
  { file: "notation.html", entry: "notation", title: "Notation guide", blurb: "how to read BNF, RFC 822-style BNF and ABNF next to PEG" },
  { file: "diff.html", entry: "diff", title: "Diff", blurb: "what changed between two revisions" },
  { file: "resolution.html", entry: "resolution", title: "Resolution", blurb: "relative references resolved by every revision that defines it" },
  { file: "extract.html", entry: "extract", title: "Extract", blurb: "paste text and see the URLs each revision finds in it" },
  { file: "confusion.html", entry: "confusion", title: "Confusion", blurb: "which parser reads a URL how: every revision and this browser's URL, their hosts side by side" },
  { file: "source.html", entry: "source", title: "Documents", blurb: "the documents' own text, at the section a rule comes from" },
];

/** The years the revisions span, from the registry the build has just compiled ("1993–2026"). */
function years() {
  const dates = createRequire(import.meta.url)("../../dist/src/revisions/index.js").specs().map((s) => s.date.slice(0, 4));
  return `${dates[0]}–${dates[dates.length - 1]}`;
}

function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

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
  <header class="site-header">
    <a class="site-title" href="index.html">uri-grammars <span>explorer</span></a>
    <nav aria-label="pages">
      ${nav}
    </nav>
    <button type="button" class="theme-toggle" id="theme-toggle" hidden>Theme: automatic</button>
  </header>
  <main id="main">
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
