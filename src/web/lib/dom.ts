// A small element builder: text always goes in as text nodes (never as HTML), so an input shown on
// a page cannot become markup. The one place that inserts markup is the railroad diagram, whose
// SVG the library writes with its text escaped (lib/railroad.ts).

type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined | ((ev: Event) => void);

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, AttrValue> = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else if (name === "class") el.className = String(value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
}

/**
 * A box that scrolls sideways on its own when its table is wider than the page (never the page):
 * focusable, so that a keyboard can scroll it too, and named for screen readers.
 */
export function scrollBox(label: string, ...children: (Child | Child[])[]): HTMLDivElement {
  return h("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": label }, ...children);
}

/** Replaces everything in `el` with `children`. */
export function fill(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}

/** The page's <main>, emptied of the loading note, with its heading kept. */
export function mainElement(): HTMLElement {
  const main = document.getElementById("main")!;
  main.querySelector(".loading")?.remove();
  return main;
}

/** Shows an unexpected failure on the page (and in the console), instead of a blank page. */
export function showFailure(e: unknown): void {
  console.error(e);
  const main = document.getElementById("main");
  main?.appendChild(h("p", { class: "failure", role: "alert" }, `Something went wrong: ${e instanceof Error ? e.message : String(e)}`));
}

const THEMES = ["auto", "light", "dark"] as const;
type Theme = (typeof THEMES)[number];

/**
 * The colour theme: the system's (light or dark) unless the reader picked one with the header's
 * button, which the browser remembers (localStorage) for every page of the site.
 */
function setUpTheme(): void {
  const stored = (() => {
    try {
      return localStorage.getItem("uri-grammars-theme");
    } catch {
      return null;
    }
  })();
  let theme: Theme = (THEMES as readonly string[]).includes(stored ?? "") ? (stored as Theme) : "auto";
  const button = document.getElementById("theme-toggle");
  const system = matchMedia("(prefers-color-scheme: dark)");
  // data-theme: the theme in force (the stylesheet's one switch); data-theme-choice: the reader's.
  const apply = () => {
    document.documentElement.dataset.theme = theme === "auto" ? (system.matches ? "dark" : "light") : theme;
    document.documentElement.dataset.themeChoice = theme;
    if (button) button.textContent = `Theme: ${theme}`;
  };
  apply();
  system.addEventListener("change", apply);
  if (!button) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
    try {
      if (theme === "auto") localStorage.removeItem("uri-grammars-theme");
      else localStorage.setItem("uri-grammars-theme", theme);
    } catch {
      // private browsing: the choice lasts for this page only
    }
    apply();
  });
}

/**
 * The fragment holds a page's typed state (lib/url-state.ts). When it changes under the page (the
 * reader edits the address, or goes back), the page starts again from it. A link to an anchor of
 * the page keeps that state: the anchor is put in front of it (#trace-key&input=…).
 */
function followFragment(): void {
  let own = location.hash;
  const history = window.history;
  const replace = history.replaceState.bind(history);
  history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
    replace(data, unused, url);
    own = location.hash;
  };
  window.addEventListener("hashchange", () => {
    const anchor = location.hash.slice(1).split("&")[0];
    const known = anchor === "" || anchor.includes("=") || document.getElementById(decodeURIComponent(anchor)) !== null;
    // New state, or an anchor the page must first resolve (an older address's rule name).
    if (location.hash !== own && (location.hash.includes("=") || !known)) location.reload();
    own = location.hash;
  });
  document.addEventListener("click", (ev) => {
    const a = (ev.target as Element | null)?.closest?.("a[href^='#']");
    if (!a || !location.hash.includes("=") || ev.defaultPrevented) return;
    const anchor = a.getAttribute("href")!.slice(1);
    if (anchor.includes("=")) return;
    const target = document.getElementById(decodeURIComponent(anchor));
    if (!target) return;
    ev.preventDefault();
    const params = location.hash.slice(1).split("&").filter((p) => p.includes("="));
    history.replaceState(null, "", `${location.pathname}${location.search}#${[anchor, ...params].join("&")}`);
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView();
    // As the browser's own fragment navigation does: a focusable target takes the focus (the skip
    // link's <main tabindex="-1">), so the next Tab starts there.
    if (target.hasAttribute("tabindex") && target instanceof HTMLElement) target.focus({ preventScroll: true });
  });
}

/**
 * The header's page menu on a phone: the links fold behind one button that says which page this is
 * (the stylesheet folds them only when this has run, so without scripts the links stay in view).
 */
function setUpMenu(): void {
  const button = document.getElementById("menu-toggle");
  const nav = document.getElementById("site-nav");
  if (!button || !nav) return;
  document.documentElement.classList.add("js-menu");
  button.hidden = false;
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    nav.classList.toggle("open", open);
  });
}

/**
 * A text box that scrolls (a published rule kept on its lines, a document's page) takes the focus,
 * so a keyboard can scroll it (axe: scrollable-region-focusable); only those that do scroll, checked
 * once a frame after the page changes, so the boxes that fit add no Tab stops.
 */
function scrollingBoxesFocusable(): void {
  let queued = false;
  const mark = () => {
    queued = false;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("main pre"))) {
      if (el.hasAttribute("tabindex") || el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
      el.tabIndex = 0;
    }
  };
  const queue = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(mark);
  };
  new MutationObserver(queue).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", queue);
  queue();
}

/** Runs a page's start function once the document is ready, showing failures. */
export function startPage(start: () => void | Promise<void>): void {
  followFragment();
  scrollingBoxesFocusable();
  const run = () => Promise.resolve().then(setUpTheme).then(setUpMenu).then(start).catch(showFailure);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else void run();
}

/** A character as a person reads it: printable ones as themselves, others by code point. */
export function showChar(c: string): string {
  if (c === " ") return "space";
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return c;
}
