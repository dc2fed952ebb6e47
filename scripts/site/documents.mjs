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

/** What the source page needs about one revision's documents, or null when they are absent. */
export function revisionDocuments(root, revision) {
  const seeds = seedsDir(root);
  if (!seeds) return null;
  const path = join(seeds, revision.seed);
  if (!existsSync(path)) return null;
  const text = readFileSync(path, "utf8");
  const out = {
    spec: revision.id,
    title: revision.title,
    file: revision.seed.startsWith("../references/") ? `../shared/references/${revision.seed.slice("../references/".length)}` : `../shared/seeds/${revision.seed}`,
    text,
    ...anchorsIn(text, revision),
    original: null,
  };
  // RFC 1738's seed is a Chinese translation (its BNF is the original English): the RFC as
  // published stands next to it.
  const refs = referencesDir(root);
  if (revision.id === "rfc1738" && refs && existsSync(join(refs, "rfc1738.txt"))) {
    const original = readFileSync(join(refs, "rfc1738.txt"), "utf8");
    out.original = { title: "RFC 1738 as published (the original English)", file: "../shared/references/rfc1738.txt", text: original, ...anchorsIn(original, revision) };
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
    return { title: `RFC ${n}, whose rules ${revision.id} keeps`, file: `../shared/references/rfc${n}.txt`, text: kept, ...anchors, rules };
  });
  return out;
}
