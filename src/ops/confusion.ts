// confusion(): which parser reads an input how. One row per revision of the registry (its grammar's
// reading), one per parser a revision's document defines (Revision.parser: the WHATWG URL parser
// once that revision exists), and one per implementation the caller plugs in (a ReadingSource: the
// CLI's adapters, the browser's URL). Columns: verdict, scheme, userinfo, host, port, path, query,
// fragment. Where the rows read scheme, userinfo, host or port differently, the readings are
// grouped (A, B ...), each group names the revisions and implementations that read it so, and the
// disagreement is labelled with its class: Claroty and Snyk's five ("Exploiting URL Parsing
// Confusion", 2022: scheme confusion, slash confusion, backslash confusion, URL-encoded data
// confusion, scheme mix-up) and those the corpus shows besides (Orange Tsai's "A New Era of SSRF",
// 2017: which "@", "#" or ":" ends what; whitespace; IPv4 number forms; IDNA mapping; brackets).
//
// A revision's reading of an input its grammar rejects. The rows must say something about such
// inputs (every published confusion example is invalid under every RFC), and each revision's own
// text says what to do with them:
//   - a revision whose URL ends before "#" (delimiting.ts `fragment: "separate"`: draft-1994 and
//     RFC 1738 §2.2, the fragment identifier "is not part of the URL") reads the text before the
//     first "#" and reports the rest as the fragment;
//   - a character the revision's language never contains (no string its reference automaton
//     accepts holds it: `\`, space, `"`, `<` ... in RFC 3986; computed from the DFA, never listed)
//     is one the document says must be escaped (RFC 2396 §2.4.3 "excluded", RFC 3986 §2.1 and §2.4
//     "percent-encoded"): the input is read again with each such character percent-encoded as
//     UTF-8 octets, and the row says so. This is what an RFC-following library that escapes what it
//     does not like reads (python3-rfc3986, docs/conformance.md), and the reading the Claroty/Snyk
//     paper sets against the WHATWG parser's for `\`.
// An input still rejected after that has no reading in that row (its error is given).
//
// Comparisons are of what the readings mean, not of their spelling: schemes and hosts in lower case
// (both are case-insensitive in every revision), userinfo and hosts percent-decoded (RFC 3986
// §6.2.2.2: an escape of an unreserved character is that character). Two readings that differ only
// in spelling are noted (`spellingOnly`), not counted as a disagreement. Ports are compared where
// both are explicit, or where the scheme's default port is known (the schemes' definitions,
// src/revisions/default-ports.ts): a parser that drops a default port (WHATWG) does not disagree with one that keeps it.
import { components as componentsOf } from "./reference-components";
import { defaultPortIn, SCHEME_DEFAULT_PORTS } from "../revisions/default-ports";
import { referenceAutomaton } from "./rule-automaton";
import { materialize } from "../automata/dfa";
import { classifier } from "../automata/alphabet";
import { percentEncode } from "../errors";
import { delimitingRules } from "../revisions/delimiting";
import { availableSpecIds, getRevision, type Revision, type SpecId } from "../revisions";
import type { ParserReading } from "../revisions/revision";
import { describeValue, invalidOption, isFailure, optionsObject, requireSpecList, requireString, type UsageFailure } from "../request";

export type { ParserReading } from "../revisions/revision";

/**
 * The columns of a confusion table, in order.
 *
 * @example
 * import { CONFUSION_COMPONENTS } from "uri-grammars";
 * CONFUSION_COMPONENTS.length; // => 7
 */
export const CONFUSION_COMPONENTS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;
/** A column of a confusion table: one of CONFUSION_COMPONENTS. */
export type ConfusionComponent = (typeof CONFUSION_COMPONENTS)[number];

/**
 * The components whose readings are compared and marked: where a request goes, and as whom.
 *
 * @example
 * import { SECURITY_COMPONENTS } from "uri-grammars";
 * SECURITY_COMPONENTS; // => ["scheme", "userinfo", "host", "port"]
 */
export const SECURITY_COMPONENTS = ["scheme", "userinfo", "host", "port"] as const;
/** A compared component: one of SECURITY_COMPONENTS. */
export type SecurityComponent = (typeof SECURITY_COMPONENTS)[number];

/**
 * A row source: an implementation that answers what it reads in an input (a shipped adapter, a
 * user's own, a browser's URL). `read` must not throw; a source that cannot answer returns a
 * reading without components and says why in `error`.
 */
export interface ReadingSource {
  /** A short stable id ("node-url", "liburiparser"). */
  id: string;
  /** What the row is called, with the version ("Node URL v20.20.2 (ada)"). */
  label: string;
  read(input: string): ParserReading;
}

/** The kinds of rows: a revision's grammar, a document's own parser, an implementation. */
export type RowKind = "revision" | "parser" | "implementation";

/** One row of the table. */
export interface ConfusionRow {
  /** The revision id, `<spec>:parser` for a document's parser, or the source's id. */
  id: string;
  label: string;
  kind: RowKind;
  /** Whether the row accepts the input (a grammar: valid; a parser or an implementation: it parses). */
  verdict: "valid" | "invalid";
  /**
   * How the components were read: `parsed` (an accepted input), `fragment-apart` (the URL before
   * "#", the rest the fragment), `escaped` (read again with the characters the revision never
   * accepts percent-encoded), `split` (an implementation that splits what it rejects), `none`.
   */
  reading: "parsed" | "fragment-apart" | "escaped" | "split" | "none";
  components: Record<ConfusionComponent, string | null> | null;
  /** Components the row does not tell apart (rfc1808's net_loc holds userinfo, host and port): not compared. */
  unsplit: SecurityComponent[];
  /** A sentence on how the reading was made, when it is not a plain parse. */
  how?: string;
  /** Why the row rejects the input (or has no reading). */
  error?: string;
  /** Per compared component, the letter of the reading it holds (A, B ...), when it holds one. */
  groups: Partial<Record<SecurityComponent, string>>;
  /** The components on which the rows disagree and this row holds a reading. */
  marked: SecurityComponent[];
  /** The revisions whose scheme, userinfo, host and port readings are all this row's (itself left out). */
  matches: string[];
}

/** A class of disagreement, with the evidence from this input. */
export interface ConfusionLabel {
  id: ConfusionClassId;
  name: string;
  /** One sentence: what in the input and in the readings puts it in this class. */
  because: string;
}

/**
 * The classes of disagreement, in the order they are tried, each with its name and where it comes
 * from: Claroty and Snyk's five ("Exploiting URL Parsing Confusion", 2022), then those Orange Tsai's
 * "A New Era of SSRF" (2017) and the corpus show.
 *
 * @example
 * import { CONFUSION_CLASSES } from "uri-grammars";
 * CONFUSION_CLASSES["backslash-confusion"].name; // => "backslash confusion"
 */
export const CONFUSION_CLASSES = {
  "scheme-confusion": { name: "scheme confusion", source: "Claroty/Snyk 2022" },
  "slash-confusion": { name: "slash confusion", source: "Claroty/Snyk 2022" },
  "backslash-confusion": { name: "backslash confusion", source: "Claroty/Snyk 2022" },
  "url-encoded-data-confusion": { name: "URL-encoded data confusion", source: "Claroty/Snyk 2022" },
  "scheme-mix-up": { name: "scheme mix-up", source: "Claroty/Snyk 2022" },
  "authority-delimiter-confusion": { name: "authority delimiter confusion", source: "Orange Tsai 2017; the corpus" },
  "port-confusion": { name: "port confusion", source: "Orange Tsai 2017; the corpus" },
  "whitespace-confusion": { name: "whitespace and control character confusion", source: "Orange Tsai 2017; the corpus" },
  "ipv4-number-forms": { name: "IPv4 number forms", source: "Orange Tsai 2017; the corpus" },
  "idna-mapping": { name: "IDNA mapping", source: "the corpus" },
  "bracket-confusion": { name: "bracket confusion", source: "the corpus" },
  "fragment-scope": { name: "fragment scope", source: "the corpus (RFC 1738 §2.2)" },
  other: { name: "other", source: "the corpus" },
} as const;
/** A class's id: a key of CONFUSION_CLASSES. */
export type ConfusionClassId = keyof typeof CONFUSION_CLASSES;

/** One component the rows read differently: the readings, who holds each, and the classes. */
export interface ConfusionDisagreement {
  component: SecurityComponent;
  readings: {
    group: string;
    /** The value as the first row holding it spells it (null: absent). */
    value: string | null;
    /** Every spelling of it among the rows, when there are several. */
    spellings?: (string | null)[];
    rows: string[];
    revisions: string[];
  }[];
  classes: ConfusionLabel[];
}

/** What confusion() returns. */
export interface ConfusionResult {
  ok: true;
  input: string;
  rows: ConfusionRow[];
  disagreements: ConfusionDisagreement[];
  /** Components whose readings differ only in spelling (case, escapes): noted, not counted. */
  spellingOnly: { component: SecurityComponent; spellings: (string | null)[] }[];
  /** The components whose readings differ. */
  differs: Record<SecurityComponent, boolean>;
  /** With the scheme replaced (scheme mix-up test): the input tried, when one was. */
  schemeVariant?: string;
}

/** The options of `confusion()`. */
export interface ConfusionOptions {
  /** The revisions, in any order (shown oldest first); default every revision. */
  specs?: readonly SpecId[] | undefined;
  /** Implementations to add as rows, after the revisions and their documents' parsers. */
  sources?: readonly ReadingSource[] | undefined;
}

/** A row before the table is made: who, and what it read. */
export interface RowReading {
  id: string;
  label: string;
  kind: RowKind;
  reading: ParserReading & { reading?: ConfusionRow["reading"]; unsplit?: SecurityComponent[] };
}

// ---------------------------------------------------------------------------------------------
// Revisions' readings

const excludedCache = /* @__PURE__ */ new WeakMap<Revision, (unit: number) => boolean>();

/**
 * The code units no string of the revision's reference language contains (the language
 * `validate(x, { spec })` decides): the classes on which no transition of its trimmed DFA leads
 * from a live state to a live state. Null when the automaton cannot be read.
 */
export function excludedUnits(revision: Revision): ((unit: number) => boolean) | null {
  const cached = excludedCache.get(revision);
  if (cached) return cached;
  const automaton = referenceAutomaton(revision);
  if (!automaton) return null;
  const dfa = materialize(automaton);
  const used = new Uint8Array(dfa.k);
  for (let s = 0; s < dfa.size; s++) for (let c = 0; c < dfa.k; c++) if (dfa.next[s * dfa.k + c] >= 0) used[c] = 1;
  const classOf = classifier(dfa.classRanges);
  const test = (unit: number) => {
    const c = classOf(unit);
    return c < 0 || used[c] === 0;
  };
  excludedCache.set(revision, test);
  return test;
}

/** The input with every character the revision never accepts percent-encoded (UTF-8 octets), and which those were. */
function escapeExcluded(revision: Revision, input: string): { text: string; escaped: string[] } | null {
  const excluded = excludedUnits(revision);
  if (!excluded) return null;
  let text = "";
  const escaped: string[] = [];
  for (const ch of input) {
    let out = false;
    for (let i = 0; i < ch.length; i++) if (excluded(ch.charCodeAt(i))) out = true;
    const code = out ? percentEncode(ch) : null;
    if (code === null) {
      text += ch;
      continue;
    }
    text += code;
    if (!escaped.includes(ch)) escaped.push(ch);
  }
  return { text, escaped };
}

/** The components a revision's map does not tell apart: the host is the whole authority (rfc1808's net_loc, §2.1). */
function unsplitOf(revision: Revision): SecurityComponent[] {
  const parts = revision.components?.parts;
  return parts?.host?.rule !== undefined && parts.host.rule === parts.authority?.rule ? ["userinfo", "host", "port"] : [];
}

function pick(c: { scheme: string | null; userinfo: string | null; host: string | null; port: string | null; path: string; query: string | null; fragment: string | null }): Record<ConfusionComponent, string | null> {
  return { scheme: c.scheme, userinfo: c.userinfo, host: c.host, port: c.port, path: c.path, query: c.query, fragment: c.fragment };
}

const show = (chars: string[]) => chars.map((c) => JSON.stringify(c)).join(", ");

/** What a revision's grammar reads in the input (see the header for inputs it rejects). */
export function revisionReading(revision: Revision, input: string): RowReading["reading"] {
  const spec = revision.id;
  const unsplit = unsplitOf(revision);
  const direct = componentsOf(input, { spec });
  if (direct.ok) return { verdict: "valid", reading: "parsed", components: pick(direct), unsplit };
  const error = direct.error.message;
  // The URL ends before "#" in a revision whose fragment identifier is not part of the URL.
  const hash = input.indexOf("#");
  const apart = delimitingRules(spec).fragment === "separate" && hash >= 0;
  const url = apart ? input.slice(0, hash) : input;
  const withFragment = (c: Record<ConfusionComponent, string | null>) => (apart ? { ...c, fragment: input.slice(hash + 1) } : c);
  const apartHow = apart ? `the URL ends before "#" (the fragment identifier is not part of the revision's URL), ` : "";
  if (apart) {
    const before = componentsOf(url, { spec });
    if (before.ok) return { verdict: "valid", reading: "fragment-apart", components: withFragment(pick(before)), unsplit, how: `${apartHow.replace(/, $/, "")}` };
  }
  const escaped = escapeExcluded(revision, url);
  if (escaped && escaped.escaped.length > 0) {
    const again = componentsOf(escaped.text, { spec });
    if (again.ok) {
      return {
        verdict: "invalid",
        reading: "escaped",
        components: withFragment(pick(again)),
        unsplit,
        error,
        how: `${apartHow}read as ${JSON.stringify(escaped.text)}: ${show(escaped.escaped)} ${escaped.escaped.length === 1 ? "is" : "are"} in no reference of the revision, so percent-encoded`,
      };
    }
  }
  return { verdict: "invalid", reading: "none", components: null, unsplit, error };
}

/** The rows of the revisions (and their documents' parsers), oldest first. */
export function revisionRows(input: string, specs: readonly SpecId[]): RowReading[] {
  const rows: RowReading[] = [];
  for (const spec of specs) {
    const revision = getRevision(spec)!;
    rows.push({ id: spec, label: `${spec} (${revision.date})`, kind: "revision", reading: revisionReading(revision, input) });
    if (revision.parser) rows.push({ id: `${spec}:parser`, label: revision.parser.label, kind: "parser", reading: safeRead(revision.parser.read, input) });
  }
  return rows;
}

/** A source's reading, whatever the source does (a throw is a reading without components). */
export function safeRead(read: (input: string) => ParserReading, input: string): ParserReading {
  try {
    const r = read(input);
    if (r && (r.verdict === "valid" || r.verdict === "invalid")) return r;
    return { verdict: "invalid", components: null, error: "the implementation gave no reading" };
  } catch (e) {
    return { verdict: "invalid", components: null, error: `the implementation failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing readings

const UTF8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });

/** Runs of %XX decoded as UTF-8 (a run that is no UTF-8 stays as written). */
export function percentDecoded(s: string): string {
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    try {
      return UTF8.decode(bytes);
    } catch {
      return run;
    }
  });
}

/** What a component's reading means, for comparison (see the header); undefined: not comparable. */
function meaning(component: SecurityComponent, c: Record<ConfusionComponent, string | null>): string | null | undefined {
  const v = c[component];
  switch (component) {
    case "scheme":
      return v === null ? null : v.toLowerCase();
    case "userinfo":
      return v === null ? null : percentDecoded(v);
    case "host":
      return v === null ? null : percentDecoded(v).toLowerCase();
    case "port": {
      const explicit = v !== null && v !== "" && /^[0-9]+$/.test(v) ? String(Number(v)) : null;
      if (explicit !== null) return explicit;
      // Absent or empty: the scheme's default, when one is known; else not comparable.
      const d = defaultPortIn(SCHEME_DEFAULT_PORTS, c.scheme);
      return d ? String(d.port) : undefined;
    }
  }
}

/** The scheme of the input replaced by one no parser treats specially, for the scheme mix-up test; null without a scheme. */
export function schemeVariant(input: string): string | null {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(input);
  if (!m) return null;
  const variant = `xyz${input.slice(m[0].length - 1)}`;
  return variant === input ? null : variant;
}

interface Grouped {
  letters: Map<string, string>;
  readings: ConfusionDisagreement["readings"];
  byRow: Map<string, string>;
}

const KEY_ABSENT = "\u0000absent";

/** A row's reading of a component as meaning() has it; undefined when the row has none to compare. */
function meaningOf(r: RowReading, component: SecurityComponent): string | null | undefined {
  const c = r.reading.components;
  if (!c || (r.reading.unsplit ?? []).includes(component)) return undefined;
  return meaning(component, fill(c));
}

function groupReadings(component: SecurityComponent, rows: RowReading[]): Grouped {
  const letters = new Map<string, string>();
  const readings: ConfusionDisagreement["readings"] = [];
  const byRow = new Map<string, string>();
  for (const r of rows) {
    const m = meaningOf(r, component);
    if (m === undefined) continue;
    const c = fill(r.reading.components);
    const key = m ?? KEY_ABSENT;
    let letter = letters.get(key);
    if (letter === undefined) {
      letter = String.fromCharCode(65 + (letters.size % 26)) + (letters.size >= 26 ? String(Math.floor(letters.size / 26)) : "");
      letters.set(key, letter);
      readings.push({ group: letter, value: c[component], rows: [], revisions: [] });
    }
    const g = readings.find((x) => x.group === letter)!;
    g.rows.push(r.id);
    if (r.kind === "revision") g.revisions.push(r.id);
    if (g.value !== c[component]) g.spellings = [...new Set([...(g.spellings ?? [g.value]), c[component]])];
    byRow.set(r.id, letter);
  }
  return { letters, readings, byRow };
}

// ---------------------------------------------------------------------------------------------
// Classes

/** The authority text of the input, as the generic syntax would delimit it (after "//", up to "/", "?" or "#"); null without "//". */
function rawAuthority(input: string): string | null {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/([^/?#]*)/.exec(input);
  return m ? m[1] : null;
}

const DELIMITER_ESCAPE = /%(?:2[Ff]|3[Ff]|23|40|3[Aa]|5[Cc]|2[Ee]|25|09|0[AaDd]|20)/;

/** The classes of one disagreement, each with its evidence. */
function classify(input: string, component: SecurityComponent, g: Grouped, rows: RowReading[], variant: { input: string; rows: RowReading[] } | null): ConfusionLabel[] {
  const out: ConfusionLabel[] = [];
  const add = (id: ConfusionClassId, because: string) => out.push({ id, name: CONFUSION_CLASSES[id].name, because });
  const values = g.readings.map((r) => r.value);
  const listed = values.map((v) => (v === null ? "none" : JSON.stringify(v))).join(" / ");
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(input);
  const afterScheme = scheme ? input.slice(scheme[0].length) : input;
  const slashes = /^[/\\]*/.exec(afterScheme)![0];
  // Scheme confusion: the scheme itself is read differently, or there is no well-formed scheme to go by.
  if (component === "scheme") add("scheme-confusion", `the rows read the scheme as ${listed}`);
  else if (!scheme && (component === "host" || component === "userinfo" || component === "port")) add("scheme-confusion", `the input has no scheme (${input.startsWith("//") ? "it starts with \"//\"" : "no letters and \":\" first"}), and the rows read its ${component} as ${listed}`);
  // Slash confusion: a number of slashes after the scheme other than two.
  if (scheme && slashes.replace(/\\/g, "") !== "//" && /^[/\\]*$/.test(slashes) && component !== "scheme") {
    const n = slashes.replace(/\\/g, "").length;
    if (n !== 2) add("slash-confusion", `"${scheme[0]}" is followed by ${n === 0 ? "no slash" : `${n} slash${n === 1 ? "" : "es"}`}${slashes.includes("\\") ? " (and backslashes)" : ""}, and the rows read the ${component} as ${listed}`);
  }
  // Backslash confusion.
  const bs = input.indexOf("\\");
  if (bs >= 0) add("backslash-confusion", `the input has "\\" (offset ${bs}), a path delimiter to some parsers and data (escaped, or an error) to others; the rows read the ${component} as ${listed}`);
  // URL-encoded data confusion: escapes of delimiters, or readings that differ by decoding.
  const esc = DELIMITER_ESCAPE.exec(input);
  if (esc) add("url-encoded-data-confusion", `the input has ${JSON.stringify(esc[0])}, an escaped delimiter, decoded before the split by some parsers only; the rows read the ${component} as ${listed}`);
  else if (/%[0-9A-Fa-f]{2}/.test(input) && values.some((v) => v !== null && v.includes("%")) !== values.every((v) => v !== null && v.includes("%")))
    add("url-encoded-data-confusion", `the input has escapes that some rows keep and others decode; the rows read the ${component} as ${listed}`);
  // Scheme mix-up: with the scheme replaced, the rows agree.
  if (variant && scheme && component !== "scheme") {
    const vg = groupReadings(component, variant.rows);
    const changed = rows.filter((r) => {
      const v = variant.rows.find((x) => x.id === r.id);
      const before = meaningOf(r, component);
      const after = v ? meaningOf(v, component) : undefined;
      return before !== undefined && after !== undefined && before !== after;
    });
    if (vg.readings.length === 1 && changed.length > 0) add("scheme-mix-up", `with the scheme "${scheme[1]}" replaced by "xyz" every row reads the same ${component}: ${changed.map((r) => r.id).join(", ")} read "${scheme[1]}:" by rules of that scheme`);
  }
  const authority = rawAuthority(input);
  const fragmentAt = input.indexOf("#");
  const queryAt = input.indexOf("?");
  // Which "@", "#", "?" or "/" ends the userinfo and the authority (Orange Tsai's `1.1.1.1 &@2.2.2.2# @3.3.3.3`).
  if (component !== "scheme") {
    const at = [...input.matchAll(/@/g)].map((m) => m.index!);
    const late = at.some((i) => (fragmentAt >= 0 && i > fragmentAt) || (queryAt >= 0 && i > queryAt));
    if (at.length > 1 || late) add("authority-delimiter-confusion", `the input has ${at.length} "@"${late ? ` (one after "${fragmentAt >= 0 && at.some((i) => i > fragmentAt) ? "#" : "?"}")` : ""}: the rows end the userinfo and the authority at different delimiters and read the ${component} as ${listed}`);
  }
  // More than one ":" in the authority.
  if (authority !== null && (component === "port" || component === "host") && (authority.replace(/\[[^\]]*\]/g, "").match(/:/g) ?? []).length > (authority.includes("@") ? 2 : 1))
    add("port-confusion", `the authority ${JSON.stringify(authority)} has more ":" than a host and a port take; the rows read the ${component} as ${listed}`);
  const ws = /[\u0000-\u0020\u007f]/.exec(input);
  if (ws) add("whitespace-confusion", `the input has ${JSON.stringify(ws[0])} (offset ${ws.index}), removed by some parsers, escaped or refused by others; the rows read the ${component} as ${listed}`);
  if (component === "host") {
    // A dotted-decimal address as RFC 3986 §3.2.2 writes it (dec-octet: no leading zero), and hosts
    // made only of numbers in other forms (short, octal, hexadecimal, one decimal) that the WHATWG
    // host parser also reads as IPv4 addresses.
    const canonical = (v: string) => /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(v);
    const numeric = (v: string) => /^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/i.test(v);
    if (values.some((v) => v !== null && canonical(v)) && values.some((v) => v !== null && numeric(v) && !canonical(v))) add("ipv4-number-forms", `a host in a short, octal, hexadecimal or decimal form is an IPv4 address to some parsers (${listed})`);
    if (values.some((v) => v !== null && (/[^\u0000-\u007f]/.test(percentDecoded(v)) || /(^|\.)xn--/i.test(v)))) add("idna-mapping", `a host outside ASCII is mapped (UTS #46, punycode) by some parsers and kept by others (${listed})`);
  }
  if (/[[\]]/.test(input) && component !== "scheme") add("bracket-confusion", `the input has "[" or "]", an IP literal's brackets; the rows read the ${component} as ${listed}`);
  if (fragmentAt >= 0 && rows.some((r) => r.reading.reading === "fragment-apart") && component !== "scheme" && out.length === 0) add("fragment-scope", `the text after "#" is outside the URL for some revisions (RFC 1738 §2.2) and inside it for others`);
  if (out.length === 0) add("other", `the rows read the ${component} as ${listed}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// The table

/** The table from rows already read (the CLI reads its implementations asynchronously, then calls this). */
export function tabulate(input: string, rows: RowReading[], variant: { input: string; rows: RowReading[] } | null = null): ConfusionResult {
  const disagreements: ConfusionDisagreement[] = [];
  const spellingOnly: ConfusionResult["spellingOnly"] = [];
  const differs = { scheme: false, userinfo: false, host: false, port: false };
  const groupsBy = new Map<SecurityComponent, Grouped>();
  for (const component of SECURITY_COMPONENTS) {
    const g = groupReadings(component, rows);
    groupsBy.set(component, g);
    if (g.readings.length > 1) {
      differs[component] = true;
      disagreements.push({ component, readings: g.readings, classes: classify(input, component, g, rows, variant) });
    } else if (g.readings.length === 1 && g.readings[0].spellings) {
      spellingOnly.push({ component, spellings: g.readings[0].spellings });
    }
  }
  const signature = (id: string) => SECURITY_COMPONENTS.map((c) => groupsBy.get(c)!.byRow.get(id) ?? "-").join("");
  const out: ConfusionRow[] = rows.map((r) => {
    const groups: Partial<Record<SecurityComponent, string>> = {};
    const marked: SecurityComponent[] = [];
    for (const c of SECURITY_COMPONENTS) {
      const letter = groupsBy.get(c)!.byRow.get(r.id);
      if (letter === undefined) continue;
      groups[c] = letter;
      if (differs[c]) marked.push(c);
    }
    const mine = signature(r.id);
    const matches = r.reading.components === null ? [] : rows.filter((o) => o.kind === "revision" && o.id !== r.id && o.reading.components !== null && signature(o.id) === mine).map((o) => o.id);
    const reading = r.reading.reading ?? (r.reading.components === null ? "none" : r.reading.verdict === "valid" ? "parsed" : "split");
    const row: ConfusionRow = { id: r.id, label: r.label, kind: r.kind, verdict: r.reading.verdict, reading, components: r.reading.components === null ? null : fill(r.reading.components), unsplit: r.reading.unsplit ?? [], groups, marked, matches };
    if (r.reading.how) row.how = r.reading.how;
    if (r.reading.error) row.error = r.reading.error;
    return row;
  });
  const result: ConfusionResult = { ok: true, input, rows: out, disagreements, spellingOnly, differs };
  if (variant) result.schemeVariant = variant.input;
  return result;
}

function fill(c: ParserReading["components"]): Record<ConfusionComponent, string | null> {
  const out = {} as Record<ConfusionComponent, string | null>;
  for (const k of CONFUSION_COMPONENTS) {
    const v = c?.[k];
    out[k] = v === undefined || v === null ? (k === "path" ? "" : null) : String(v);
  }
  return out;
}

/** Whether the scheme mix-up test needs the rows' readings of the scheme variant: some reading other than the scheme's differs. */
export function needsVariant(result: ConfusionResult): string | null {
  if (!result.disagreements.some((d) => d.component !== "scheme")) return null;
  return schemeVariant(result.input);
}

/**
 * Which parser reads an input how: every revision's reading (the grammar's, or for an input it
 * rejects, the reading its own text prescribes: the URL before "#" where the fragment is not part
 * of it, the characters it never accepts percent-encoded; see the module header), every parser a
 * revision's document defines (`Revision.parser`), and every source given. The rows that read
 * scheme, userinfo, host or port differently are grouped; each disagreement is labelled with its
 * class and each row with the revisions whose reading it matches. Never throws: a non-string
 * input or an unknown spec is parse()'s error value; a source that throws is a row without a reading.
 *
 * @example
 * import { confusion } from "uri-grammars";
 * const r = confusion("http://a\\b@c/", { specs: ["rfc3986"], sources: [{ id: "backslash-is-slash", label: "a WHATWG-like split", read: () => ({ verdict: "valid", components: { scheme: "http", host: "a", path: "/b@c/" } }) }] });
 * if (r.ok) {
 *   r.differs.host; // => true
 *   r.disagreements[0].classes[0].name; // => "backslash confusion"
 *   r.rows.map((x) => x.components?.host); // => ["c", "a"]
 * }
 */
export function confusion(input: unknown, options?: ConfusionOptions): ConfusionResult | UsageFailure {
  // A string in place of the options is the revision (docs/api.md, as for compareInput()).
  const o = typeof options === "string" ? { specs: [options] } : (optionsObject(options as object, ["specs", "sources"]) as ConfusionOptions);
  const asked = requireSpecList(o.specs);
  if (isFailure(asked)) return asked;
  const first = asked?.length ? asked[0] : availableSpecIds()[0];
  const notString = requireString(input, first, null);
  if (notString || typeof input !== "string") return notString!;
  const sources = requireSources((o as { sources?: unknown }).sources, first);
  if (isFailure(sources)) return sources;
  const specs = asked && asked.length > 0 ? availableSpecIds().filter((id) => asked.includes(id)) : availableSpecIds();
  const readAll = (text: string): RowReading[] => [...revisionRows(text, specs), ...sources.map((s) => ({ id: s.id, label: s.label, kind: "implementation" as const, reading: safeRead(s.read, text) }))];
  const rows = readAll(input);
  const table = tabulate(input, rows);
  const variant = needsVariant(table);
  return variant === null ? table : tabulate(input, rows, { input: variant, rows: readAll(variant) });
}

/** The `sources` option read once: a list of row sources (each read's `this` is its source), or an invalid-option error value. */
function requireSources(value: unknown, spec: string): ReadingSource[] | UsageFailure {
  if (value === undefined || value === null) return [];
  try {
    if (!Array.isArray(value)) throw new TypeError("not a list");
    return value.map((s: ReadingSource) => {
      const read = s.read;
      if (typeof read !== "function") throw new TypeError("no read function");
      return { id: String(s.id), label: String(s.label ?? s.id), read: (x: string) => read.call(s, x) };
    });
  } catch {
    return invalidOption(spec, null, `sources must be a list of row sources, { id, label, read(input) }, not ${describeValue(value)}.`);
  }
}
