// The documents' own text for the explorer's source page (source.html): each revision's seed
// (../shared/seeds) or reference document (../shared/references: RFC 3986, and RFC 1738's original
// English next to the seed's Chinese translation), with where each rule's published text stands in
// it and where each section a rule cites begins, found at build time.
//
// The documents are found the way the tests find them (test/support/seeds.ts): URI_GRAMMARS_SEEDS
// (then only it), else ../shared/seeds beside the clone, else /work/shared/seeds; references next
// to the seeds (URI_GRAMMARS_REFERENCES overrides). A build without them ships no documents, and
// the page says so.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function seedsDir(root) {
  const explicit = process.env.URI_GRAMMARS_SEEDS;
  const candidates = explicit ? [explicit] : [join(root, "..", "shared", "seeds"), "/work/shared/seeds"];
  return candidates.find((d) => existsSync(d)) ?? null;
}

export function referencesDir(root) {
  if (process.env.URI_GRAMMARS_REFERENCES) return existsSync(process.env.URI_GRAMMARS_REFERENCES) ? process.env.URI_GRAMMARS_REFERENCES : null;
  const seeds = process.env.URI_GRAMMARS_SEEDS;
  const candidates = seeds ? [join(seeds, "..", "references")] : [join(root, "..", "shared", "references"), "/work/shared/references"];
  return candidates.find((d) => existsSync(d)) ?? null;
}

/**
 * A regular expression for a piece of text, whatever the whitespace between its words (the 1997
 * and 2003 seeds are flattened to one line); an "=" may be missing (draft-1994 puts a rule's name
 * on one line and its definition on the next).
 */
function flexible(text) {
  let pattern = "";
  for (const w of text.trim().split(/\s+/)) {
    if (w === "=") pattern += "(?:\\s+=)?";
    else pattern += `${pattern ? "\\s+" : ""}${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(pattern, "g");
}

function allMatches(text, re) {
  const out = [];
  for (const m of text.matchAll(re)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** The section numbers and appendix letters a rule's section names ("Appendix A (§4.3.1)" → ["4.3.1", "A"]), most specific first. */
function sectionParts(section) {
  const numbers = [...section.matchAll(/§\s*(\d+(?:\.\d+)*)/g)].map((m) => m[1]);
  const appendices = [...section.matchAll(/Appendix\s+([A-Z])/g)].map((m) => m[1]);
  return { numbers, appendices, words: numbers.length === 0 && appendices.length === 0 ? section.replace(/\s*\(.*$/, "").trim() : null };
}

/** Every place a section's heading occurs (the table of contents included): the start offsets. */
function headingOffsets(text, section) {
  const { numbers, appendices, words } = sectionParts(section);
  const out = [];
  // A Bikeshed source (the WHATWG URL Standard) names its headings' anchors: "§4.3 #url-writing"
  // is the line `<h3 id=url-writing ...>`.
  const id = /#([A-Za-z][\w-]*)/.exec(section)?.[1];
  if (id) for (const m of text.matchAll(new RegExp(`^<h[1-6] id=["']?${id}\\b`, "gm"))) out.push(m.index);
  if (out.length > 0) return out;
  for (const n of numbers) {
    const esc = n.replace(/\./g, "\\.");
    // "3.2.2.  Host", "3.2.2 Server", "5.特定URL…": the number, an optional dot, then a title.
    for (const m of text.matchAll(new RegExp(`(?:^|[\\n ])(${esc}\\.?)(?=[ \\t]*[A-Z\\u4e00-\\u9fff])`, "g"))) out.push(m.index + m[0].indexOf(m[1]));
    if (out.length > 0) return out;
  }
  for (const a of appendices) {
    for (const m of text.matchAll(new RegExp(`(?:^|[\\n ])(Appendix ${a}\\.?|${a}\\.)(?= +[A-Z])`, "g"))) out.push(m.index + m[0].indexOf(m[1]));
    if (out.length > 0) return out;
  }
  if (words) for (const m of text.matchAll(flexible(words))) out.push(m.index);
  return out;
}

/**
 * Where each rule of a revision stands in one document: its published text (the occurrence after
 * the heading of its cited section, else the first), and the section's heading (the one before
 * the rule; else its last occurrence, the table of contents coming first).
 */
export function anchorsIn(text, revision) {
  const rules = {};
  const sections = {};
  for (const rule of revision.rules) {
    if (rule.kind === "helper" || !rule.published) continue;
    const heads = rule.section ? headingOffsets(text, rule.section) : [];
    let found = rule.text.length > 0 ? allMatches(text, flexible(rule.text.join(" "))) : [];
    // A table-like layout (draft-1993) or a rule split in the document: its first line, then its name and first words.
    if (found.length === 0 && rule.text.length > 0) found = allMatches(text, flexible(rule.text[0]));
    if (found.length === 0 && rule.text.length > 0) found = allMatches(text, flexible(rule.text[0].trim().split(/\s+/).slice(0, 3).join(" ")));
    // A repaired rule (draft-1994's "ur l"): its definition, then the document's own words.
    const definition = rule.text.join(" ").split(/\s=\s/).slice(1).join(" = ").trim();
    if (found.length === 0 && definition !== "") found = allMatches(text, flexible(definition));
    for (const r of rule.repairs ?? []) if (found.length === 0 && r.seed.trim() !== "") found = allMatches(text, flexible(r.seed));
    const after = found.find(([s]) => heads.some((h) => h < s)) ?? found[0];
    if (after) rules[rule.published] = after;
    if (rule.section && heads.length > 0 && !(rule.section in sections)) {
      const before = after ? heads.filter((h) => h < after[0]).pop() : undefined;
      sections[rule.section] = before ?? heads[heads.length - 1];
    }
  }
  return { rules, sections };
}

/**
 * A document's text as the page shows it: blocks in order, each an offset range of the text.
 *   { kind: "h", level, id, label, start, end }   a section heading, its anchor (`s-3.2.2`,
 *                                                   `appendix-a`, or the words' slug)
 *   { kind: "pre", start, end }                     a paragraph of a text that keeps its lines
 *                                                   (an RFC's layout, its ABNF aligned), shown as is
 *   { kind: "p", start, end }                       a paragraph of a text that lost its line breaks
 *                                                   (the 1997 and 2003 drafts' seeds are one line)
 *   { kind: "page", n, start, end }                 a page break: the footer and header the pages
 *                                                   repeat ("[Page 5]"), folded into one marker
 * A text with lines: blocks are separated by blank lines, a heading is a line at column 0 that
 * numbers a section ("3.2.2.  Host", "Appendix A.") or is a Markdown heading ("## Abstract"), or a
 * short line alone between blank lines (the 1994 draft's headings). A text of one line: headings are
 * the section numbers that follow the document's outline (1, 1.1, 1.2, 2 ...) where a sentence or a
 * heading ends, and the paragraphs are what lies between them.
 */
export function documentBlocks(text) {
  const lines = text.split("\n");
  return lines.length > 40 ? lineBlocks(text) : flatBlocks(text);
}

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9\u4e00-\u9fff.]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60);
}

function headingId(label, used) {
  // A Bikeshed heading keeps its own anchor ("<h3 id=url-writing>" -> s-url-writing).
  const own = /^<h[1-6] id=["']?([A-Za-z][\w-]*)/.exec(label);
  if (own) {
    let id = `s-${own[1]}`;
    while (used.has(id)) id += "-";
    used.add(id);
    return id;
  }
  const m = /^(?:#+\s*)?(\d+(?:\.\d+)*)\.?(?=\s|[^\d.]|$)/.exec(label) ?? /^Appendix\s+([A-Z])\b/.exec(label);
  let id = m ? (/^Appendix/.test(label) ? `appendix-${m[1].toLowerCase()}` : `s-${m[1]}`) : `s-${slug(label.replace(/^#+\s*/, "").replace(/[*_]/g, ""))}`;
  while (used.has(id)) id += "-";
  used.add(id);
  return id;
}

function lineBlocks(text) {
  const blocks = [];
  const used = new Set();
  const lines = text.split("\n");
  let at = 0;
  const starts = lines.map((l) => {
    const s = at;
    at += l.length + 1;
    return s;
  });
  const blank = (i) => i < 0 || i >= lines.length || lines[i].trim() === "";
  // A heading: a section number at column 0 and a title (not a table of contents' line, which ends
  // with its page number), a Markdown heading, or a short line alone between blank lines.
  const isHeading = (i) => {
    const line = lines[i];
    const numbered = /^(\d+(?:\.\d+)*(?:\.[ \t]*|[ \t]+|(?=[\u4e00-\u9fff]))|Appendix [A-Z]\.?[ \t]*|[A-Z]\.[ \t]*)[A-Za-z\u4e00-\u9fff]/.test(line) && line.length <= 90 && !/(\s|\.)\d+\s*$/.test(line);
    const markdown = /^#{1,6}\s+\S/.test(line);
    const bikeshed = /^<h[1-6] id=[^>]*>.*<\/h[1-6]>\s*$/.test(line);
    if (bikeshed) return true;
    const alone = blank(i - 1) && blank(i + 1) && /^[A-Z]/.test(line) && line.length <= 60 && !/[.,:;]$/.test(line.trim());
    return (numbered && (blank(i - 1) || line.length <= 50)) || markdown || alone;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") {
      i++;
      continue;
    }
    // A page break: the footer "[Page N]", a form feed, the next page's header line.
    const page = /\[Page (\d+)\]\s*$/.exec(line);
    if (page) {
      let j = i + 1;
      while (j < lines.length && (lines[j].trim() === "" || lines[j].trim() === "\f")) j++;
      if (j < lines.length && lines[j].startsWith("\f")) j++;
      else if (j < lines.length && lines[j - 1]?.includes("\f")) j++;
      else if (j < lines.length && /^(RFC \d+|Internet-Draft|INTERNET-DRAFT)\b/.test(lines[j].replace(/^\f/, ""))) j++;
      blocks.push({ kind: "page", n: Number(page[1]), start: starts[i], end: starts[Math.min(j, lines.length - 1)] ?? text.length });
      i = j;
      continue;
    }
    if (isHeading(i)) {
      const markdown = /^#{1,6}\s+\S/.test(line);
      const numbered = /^\d/.test(line);
      const bikeshed = /^<h([1-6])/.exec(line);
      const label = line.trim();
      const level = bikeshed ? Math.min(4, Number(bikeshed[1])) : markdown ? /^#+/.exec(line)[0].length : numbered ? Math.min(4, (/^\d+(?:\.\d+)*/.exec(line)?.[0].split(".").length ?? 1) + 1) : 3;
      blocks.push({ kind: "h", level, id: headingId(label, used), label: label.replace(/^#+\s*/, "").replace(/<[^>]*>/g, "").replace(/[*]/g, ""), start: starts[i], end: starts[i] + line.length });
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j].trim() !== "" && !/\[Page \d+\]\s*$/.test(lines[j]) && (j === i || !isHeading(j))) j++;
    blocks.push({ kind: "pre", start: starts[i], end: starts[j - 1] + lines[j - 1].length });
    i = j;
  }
  return blocks;
}

function flatBlocks(text) {
  const used = new Set();
  // The pages' running footer and header: the words every "[Page N]" shares before and after it.
  const marks = [...text.matchAll(/\[Page (\d+)\]/g)];
  // The longest run of words that at least four in five pages share with the first (one odd page,
  // the last one say, does not shorten it for the others).
  const shared = (lists) => {
    let k = 0;
    while (k < 30 && lists.filter((l) => l.length > k && l.slice(0, k + 1).join(" ") === lists[0].slice(0, k + 1).join(" ")).length >= 0.8 * lists.length) k++;
    return k;
  };
  let footer = 0;
  let header = 0;
  if (marks.length >= 3) {
    const befores = marks.map((m) => text.slice(Math.max(0, m.index - 120), m.index).split(" ").reverse());
    const afters = marks.map((m) => text.slice(m.index + m[0].length, m.index + m[0].length + 120).split(" "));
    footer = shared(befores);
    header = shared(afters) - 1;
  }
  const pages = marks.map((m) => {
    const before = text.slice(Math.max(0, m.index - 120), m.index).split(" ");
    const startWords = footer > 0 ? before.slice(before.length - footer).join(" ") : "";
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 120).split(" ");
    const endWords = after.slice(0, Math.max(0, header) + 1).join(" ");
    return { n: Number(m[1]), start: m.index - startWords.length, end: m.index + m[0].length + endWords.length };
  });
  // Section numbers in the order of the outline: the next sibling, the first child, or the next of an ancestor.
  const heads = [];
  let current = [];
  const next = (n) => {
    const parts = n.split(".").map(Number);
    if (current.length === 0) return parts.length === 1 && parts[0] === 1;
    for (let d = 0; d <= current.length; d++) {
      const want = d < current.length ? [...current.slice(0, d), current[d] + 1] : [...current, 1];
      if (want.join(".") === parts.join(".")) return true;
    }
    return false;
  };
  for (const m of text.matchAll(/([1-9]\d*(?:\.\d+)*)\.? (?=[A-Z])/g)) {
    if (pages.some((p) => m.index >= p.start && m.index < p.end)) continue;
    // Where a sentence, a heading or a page ends: after ". ", ": ", a quote or bracket, or a page's header.
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (!(m.index === 0 || /[.:!?")\]] $/.test(before) || pages.some((p) => text.slice(p.end, m.index).trim() === ""))) continue;
    // A table of contents lists the numbers too ("1.1 Overview of URIs . . . 4"): not headings.
    const after = text.slice(m.index, m.index + 120);
    if (/^[^.]*?(?: \.){3,}/.test(after)) continue;
    if (!next(m[1])) continue;
    current = m[1].split(".").map(Number);
    heads.push({ index: m.index, number: m[1] });
  }
  const cuts = [...pages.map((p) => ({ at: p.start, end: p.end, page: p })), ...heads.map((h) => ({ at: h.index, head: h }))].sort((a, b) => a.at - b.at);
  const blocks = [];
  let at = 0;
  const para = (from, to) => {
    const a = from + (text.slice(from, to).length - text.slice(from, to).trimStart().length);
    const b = to - (text.slice(from, to).length - text.slice(from, to).trimEnd().length);
    if (b > a) blocks.push({ kind: "p", start: a, end: b });
  };
  for (const c of cuts) {
    if (c.at < at) continue;
    para(at, c.at);
    if (c.page) {
      blocks.push({ kind: "page", n: c.page.n, start: c.page.start, end: c.page.end });
      at = c.page.end;
    } else {
      const label = c.head.number;
      blocks.push({ kind: "h", level: Math.min(4, label.split(".").length + 1), id: headingId(label, used), label, start: c.at, end: c.at + label.length + 1 });
      at = c.at + label.length + 1;
    }
  }
  para(at, text.length);
  return blocks;
}

/** The heading (its id) each cited section begins at: the heading block that holds the section's offset, or the last before it. */
function sectionIds(blocks, sections) {
  const out = {};
  for (const [section, offset] of Object.entries(sections)) {
    let best = null;
    for (const b of blocks) if (b.kind === "h" && b.start <= offset + 2) best = b;
    if (best) out[section] = best.id;
  }
  return out;
}

/** A document with its blocks and the anchors of its cited sections. */
function withBlocks(doc) {
  const blocks = documentBlocks(doc.text);
  return { ...doc, blocks, sectionIds: sectionIds(blocks, doc.sections) };
}

/** What the source page needs about one revision's documents, or null when they are absent. */
export function revisionDocuments(root, revision) {
  const seeds = seedsDir(root);
  if (!seeds) return null;
  const path = join(seeds, revision.seed);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8");
  let out = withBlocks({
    spec: revision.id,
    title: revision.title,
    file: revision.seed.startsWith("../references/") ? `../shared/references/${revision.seed.slice("../references/".length)}` : `../shared/seeds/${revision.seed}`,
    text,
    ...anchorsIn(text, revision),
    // The text as the project received it: whether its line breaks survived (a one-line seed lost them).
    flattened: text.split("\n").length <= 40,
    translation: null,
    original: null,
  });
  // RFC 1738's seed is a Chinese translation (its BNF is the original English): the RFC as
  // published stands next to it.
  const refs = referencesDir(root);
  const translated = revision.resolution && "notDefined" in revision.resolution ? revision.resolution.notDefined.translated : undefined;
  if (translated && refs && existsSync(join(refs, translated.original.file))) {
    const original = readFileSync(join(refs, translated.original.file), "utf8");
    out = { ...out, translation: translated.language };
    out.original = withBlocks({ title: `${revision.title}, as published (the original English)`, file: `../shared/references/${translated.original.file}`, text: original, ...anchorsIn(original, revision) });
  }
  // Rules a revision keeps from an earlier RFC (rfc6874's "RFC 3986 Appendix A (§3)"): not in its
  // own document, but in that RFC's, which stands next to it.
  const cited = new Set(revision.rules.filter((r) => r.kind === "published" && r.published && !out.rules[r.published] && r.section).map((r) => /^RFC (\d+) /.exec(r.section)?.[1]).filter(Boolean));
  // Only the cited RFCs among the references can be shown (rfc2732 cites RFC 2396, shown, and RFC
  // 2373, which is not among them: its five rules have no place to show).
  const shown = refs ? [...cited].filter((n) => existsSync(join(refs, `rfc${n}.txt`))) : [];
  // Each such RFC is a column of its own: rfc8089 keeps rules of RFC 6874 and, through it, of RFC 3986.
  out.borrowed = shown.map((n) => {
    const kept = readFileSync(join(refs, `rfc${n}.txt`), "utf8");
    const anchors = anchorsIn(kept, revision);
    // Only the rules the revision keeps from this RFC are placed in it (RFC 3986's own IP-literal is
    // not the one rfc8089 keeps: RFC 6874's is).
    const keptHere = new Set(revision.rules.filter((r) => r.published && new RegExp(`^RFC ${n} `).test(r.section ?? "")).map((r) => r.published));
    const rules = Object.fromEntries(Object.entries(anchors.rules).filter(([name]) => keptHere.has(name)));
    return withBlocks({ title: `RFC ${n}, whose rules ${revision.id} keeps`, file: `../shared/references/rfc${n}.txt`, text: kept, ...anchors, rules });
  });
  return out;
}
