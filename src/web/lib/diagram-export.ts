// A railroad diagram as a file: SVG (the drawing with its styles inlined, so it stands alone) or
// PNG (the same drawing rasterised at twice its size). A wide rule drawn in several rows becomes
// one picture, rows one under the other. A path drawn by the trace is kept. Each picture carries its
// caption (the rule, the revision, the section, the input when a trace drew its path on it) above
// the drawing and as its <title>, so a slide made from it says what it shows.
import { h } from "./dom";

const SVG_NS = "http://www.w3.org/2000/svg";

/** The diagram styles of explorer.css with concrete values (a standalone file has no page variables). */
const STANDALONE_CSS = `
svg { background: #ffffff; }
path { stroke-width: 2; stroke: #333; fill: none; }
rect { stroke-width: 2; stroke: #333; fill: #e8f1fb; }
g rect[rx] { fill: #fff3d9; }
text { font: 600 14px "DejaVu Sans Mono", Menlo, Consolas, monospace; fill: #111; text-anchor: middle; }
text.comment { font: italic 12px "DejaVu Sans Mono", Menlo, Consolas, monospace; fill: #444; }
g.alt-order text { font: 700 13px "DejaVu Sans", Arial, sans-serif; font-style: normal; fill: #7a3e00; }
g.lookahead rect { fill: #fff; stroke-dasharray: 5 4; }
g.lookahead text { font-weight: 400; font-style: italic; }
.tp-ok > path, path.tp-ok { stroke: #15803d; stroke-width: 4; }
.tp-ok > rect { stroke: #15803d; stroke-width: 3; }
.tp-fail > path, path.tp-fail, .tp-fail > rect { stroke: #c2410c; stroke-width: 3; stroke-dasharray: 6 4; }
.tp-try > path, path.tp-try { stroke: #d97706; stroke-width: 4; }
.tp-try > rect { stroke: #d97706; stroke-width: 3; }
g[data-choice].tp-ok > path, g[data-choice].tp-fail > path, g[data-choice].tp-try > path { stroke: #333; stroke-width: 2; stroke-dasharray: none; }
g[data-choice] > path.tp-ok { stroke: #15803d; stroke-width: 4; }
g[data-choice] > path.tp-fail { stroke: #c2410c; stroke-width: 3; stroke-dasharray: 6 4; }
g[data-choice] > path.tp-try { stroke: #d97706; stroke-width: 4; }
.tp-current > rect { stroke: #1d4ed8; stroke-width: 4; }
text.tp-label { font: 700 13px "DejaVu Sans", Arial, sans-serif; text-anchor: end; }
text.tp-count { fill: #15803d; }
text.tp-x { fill: #c2410c; font-size: 16px; text-anchor: start; }
text.caption { font: 600 13px "DejaVu Sans", Arial, sans-serif; fill: #222; text-anchor: start; }
`;

/** What a picture shows: the rule, its revision and section, and the input whose path is drawn (null: none). */
export interface Caption {
  rule: string;
  revision: string;
  section: string | null;
  input: string | null;
  /** What the drawing is ("as published", "the PEG transcription, with the path of the parse"). */
  what: string;
}

/** The caption as one line of text. */
export function captionText(c: Caption): string {
  const input = c.input === null ? "" : `, input ${JSON.stringify(c.input.length > 80 ? `${c.input.slice(0, 79)}…` : c.input)}`;
  return `${c.revision} ${c.rule}${c.section ? ` (${c.section})` : ""}, ${c.what}${input}`;
}

const CAPTION_HEIGHT = 26;

/** The diagram's rows as one standalone SVG document, its caption above. */
export function standaloneSvg(diagram: Element, caption: Caption | null = null): { text: string; width: number; height: number } {
  const rows = Array.from(diagram.querySelectorAll("svg"));
  const line = caption ? captionText(caption) : null;
  const width = Math.max(line ? line.length * 7.4 + 16 : 0, ...rows.map((s) => Number(s.getAttribute("width")) || 0));
  const top = line ? CAPTION_HEIGHT : 0;
  const height = top + rows.reduce((sum, s) => sum + (Number(s.getAttribute("height")) || 0), 0);
  const out = document.createElementNS(SVG_NS, "svg");
  out.setAttribute("xmlns", SVG_NS);
  out.setAttribute("width", String(width));
  out.setAttribute("height", String(height));
  out.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const style = document.createElementNS(SVG_NS, "style");
  style.textContent = STANDALONE_CSS;
  out.appendChild(style);
  if (line) {
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = line;
    out.insertBefore(title, style);
    const text = document.createElementNS(SVG_NS, "text");
    text.setAttribute("class", "caption");
    text.setAttribute("x", "8");
    text.setAttribute("y", "18");
    text.textContent = line;
    out.appendChild(text);
  }
  let y = top;
  for (const row of rows) {
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("transform", `translate(0 ${y})`);
    for (const child of Array.from(row.childNodes)) g.appendChild(child.cloneNode(true));
    // Links lead nowhere outside the site: keep their drawing only.
    for (const a of Array.from(g.querySelectorAll("a"))) a.replaceWith(...Array.from(a.childNodes));
    out.appendChild(g);
    y += Number(row.getAttribute("height")) || 0;
  }
  return { text: `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}\n`, width, height };
}

function save(blob: Blob, name: string): void {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export function downloadSvg(diagram: Element, name: string, caption: Caption | null = null): void {
  save(new Blob([standaloneSvg(diagram, caption).text], { type: "image/svg+xml" }), `${name}.svg`);
}

/** A text file (the trace's steps as Markdown). */
export function downloadText(text: string, name: string, type = "text/markdown"): void {
  save(new Blob([text], { type: `${type};charset=utf-8` }), name);
}

/** Rasterises the standalone SVG (a data: image, which the page's content policy allows) at twice its size. */
export async function pngBlob(diagram: Element, scale = 2, caption: Caption | null = null): Promise<Blob> {
  const { text, width, height } = standaloneSvg(diagram, caption);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = h("canvas", { width: Math.ceil(width * scale), height: Math.ceil(height * scale) });
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the browser made no PNG"))), "image/png"));
}

export async function downloadPng(diagram: Element, name: string, caption: Caption | null = null): Promise<void> {
  save(await pngBlob(diagram, 2, caption), `${name}.png`);
}

/** Two small buttons under a diagram: download it as SVG or PNG, with its caption. `caption` may be a function (a trace's caption changes with the step). */
export function downloadButtons(diagram: Element, name: string, what: string, caption: Caption | (() => Caption) | null = null): HTMLElement {
  const now = () => (typeof caption === "function" ? caption() : caption);
  return h("span", { class: "downloads" },
    h("button", { type: "button", class: "small", "aria-label": `download ${what} as SVG`, onclick: () => downloadSvg(diagram, name, now()) }, "SVG"),
    h("button", { type: "button", class: "small", "aria-label": `download ${what} as PNG`, onclick: () => void downloadPng(diagram, name, now()) }, "PNG"));
}
