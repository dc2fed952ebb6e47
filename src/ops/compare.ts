// compare: one input, every revision side by side. Each revision parses the input with its own
// default production (scheme-aware revisions pick it from the scheme); the components are read
// from the derivation through the revision's component map, so each one carries its own name.
import { describeCharacter } from "../errors";
import { verdictOf } from "../parse";
import { isFailure, isList, optionsObject, requireSpecList, requireString, type UsageFailure } from "../request";
import { availableSpecIds, findRule, getRevision, type SpecId } from "../revisions";
import type { ComponentKey, ParserReading } from "../revisions/revision";
import { classesOf } from "./characters";
import { componentFilter, componentsOf, noComponentsNote } from "./components";
import { ruleBefore } from "./explain";

/** A component as compareInput() reports it: the revision's name for it, its text and span. */
export interface CompareComponent {
  /** The revision's word for it (site, authority, search ...). */
  name: string;
  text: string;
  start: number;
  end: number;
}

/** One revision's judgement in compareInput(): verdict, production, components, error, and what differs from the revision to its left. */
export interface CompareCell {
  spec: string;
  valid: boolean;
  /** The production that decided: the scheme's own (`httpurl`) or the top rule. */
  production: string | null;
  /** Present components by neutral key; absent ones are left out. Null when the revision has no component map. */
  components: Partial<Record<ComponentKey, CompareComponent>> | null;
  /** Why components are missing (no component map), if so. */
  note?: string;
  /** For an invalid input. */
  error?: { offset: number | null; rule: string | null; section: string | null; found: string | null; expected: string[]; reason: string; message: string };
  /** The fields that differ from the revision to the left (`verdict`, `production`, component keys). Empty for the first. */
  differs: string[];
}

/**
 * A parser a compared revision's document defines beside its grammar (Revision.parser: the WHATWG
 * URL Standard's basic URL parser), as a row of its own: what browsers do with any input is a
 * function, not a language, so it is shown next to the revisions, never as one.
 */
export interface CompareParserRow {
  /** What the row is called ("WHATWG URL parser (whatwg-url 17.3.0)"). */
  label: string;
  /** The revisions whose documents define it, among those compared. */
  of: string[];
  /** "valid": it returns a URL (perhaps with validation errors); "invalid": failure. */
  verdict: "valid" | "invalid";
  /** The URL record's components, serialized (null for failure). */
  components: ParserReading["components"];
  /** The validation errors it reports, by the document's names, in order (repeats dropped). */
  validationErrors: string[];
  /** Why it failed, or how the components were read (a sentence). */
  note: string | null;
}

/** What compareInput() returns: the input, one cell per revision, and the rows of the parsers their documents define. */
export interface CompareResult {
  ok: true;
  input: string;
  cells: CompareCell[];
  /** One row per parser a compared revision's document defines (none for the RFCs). */
  parsers: CompareParserRow[];
}

/** The options of `compareInput()`. */
export interface CompareOptions {
  /** The revisions to compare, in any order (they are shown oldest first); default all of them. */
  specs?: readonly SpecId[] | undefined;
}

/** The revisions to compare, oldest first; unknown or untranscribed ids come back in `unknown`. */
export function selectSpecs(ids?: string[]): { specs: SpecId[]; unknown: string[] } {
  const available = availableSpecIds();
  if (!ids || ids.length === 0) return { specs: available, unknown: [] };
  const unknown = ids.filter((id) => !getRevision(id));
  return { specs: available.filter((id) => ids.includes(id)), unknown };
}

/**
 * One input under several revisions side by side: each one's verdict, the production that decided,
 * its components under the revision's own names (`site`, `search`), and for an invalid input the
 * offset, the rule and the reason; `differs` marks what changed from the revision to the left. Never
 * throws: a non-string input, an unknown id in `specs` or `specs` that is no list is parse()'s error value.
 *
 * @example
 * import { compareInput } from "uri-grammars";
 * const r = compareInput("http://a/~b", { specs: ["rfc1738", "draft-2003"] });
 * if (r.ok) r.cells.map((c) => [c.spec, c.valid]); // => [["rfc1738", false], ["draft-2003", true]]
 */
export function compareInput(input: unknown, options?: CompareOptions): CompareResult | UsageFailure;
/** @deprecated Pass the revisions in the options: `compareInput(input, { specs })`. */
export function compareInput(input: unknown, specs: readonly string[]): CompareResult | UsageFailure;
export function compareInput(input: unknown, specsOrOptions?: CompareOptions | readonly string[]): CompareResult | UsageFailure {
  // The deprecated list form, a string (one revision: src/request.ts optionsObject), or the options.
  const option: unknown = isList(specsOrOptions) ? specsOrOptions : typeof specsOrOptions === "string" ? [specsOrOptions] : optionsObject(specsOrOptions as CompareOptions | null | undefined, ["specs"]).specs;
  const asked = requireSpecList(option);
  if (isFailure(asked)) return asked;
  const notString = requireString(input, asked?.length ? asked[0] : availableSpecIds()[0], null);
  if (notString || typeof input !== "string") return notString!;
  const specs = asked && asked.length > 0 ? availableSpecIds().filter((id) => asked.includes(id)) : availableSpecIds();
  const cells: CompareCell[] = [];
  for (const spec of specs) {
    const revision = getRevision(spec)!;
    // Components only: a derivation pruned to the component rules (a multi-megabyte line stays affordable).
    const r = verdictOf(input, { spec }, componentFilter(revision));
    const cell: CompareCell = { spec, valid: r.ok, production: r.production ?? r.rule, components: null, differs: [] };
    if (r.ok) {
      const values = "tree" in r && r.tree ? componentsOf(revision, r.tree, input) : null;
      if (values) {
        cell.components = {};
        for (const v of values) cell.components[v.key] = { name: v.name, text: v.text, start: v.span.start, end: v.span.end };
      } else {
        cell.note = noComponentsNote(revision);
      }
    } else {
      const e = r.error;
      const classes = e.found !== null ? classesOf(revision, e.found) : [];
      const cls = classes.length > 0 ? ` (${classes[0]})` : "";
      const rule = e.code === "syntax" && e.offset !== null ? (ruleBefore(revision, input, e.offset)?.rule ?? e.rule) : e.rule;
      const reason = e.code === "syntax" ? `${rule ?? "the grammar"} cannot accept ${describeCharacter(e.found)}${cls}` : e.message;
      cell.error = { offset: e.offset, rule, section: rule ? (findRule(revision, rule)?.section ?? null) : null, found: e.found, expected: e.expected, reason, message: e.message };
    }
    const left = cells[cells.length - 1];
    if (left) cell.differs = differences(left, cell);
    cells.push(cell);
  }
  return { ok: true, input, cells, parsers: parserRows(input, specs) };
}

/** The parsers the compared revisions' documents define, one row each, in the order of the revisions. */
function parserRows(input: string, specs: readonly SpecId[]): CompareParserRow[] {
  const rows = new Map<string, CompareParserRow>();
  for (const spec of specs) {
    const parser = getRevision(spec)?.parser;
    if (parser === undefined) continue;
    const known = rows.get(parser.label);
    if (known) {
      known.of.push(spec);
      continue;
    }
    const reading = parser.read(input);
    const validity = parser.validity(input);
    rows.set(parser.label, {
      label: parser.label,
      of: [spec],
      verdict: reading.verdict,
      components: reading.components,
      validationErrors: [...new Set(validity?.validationErrors ?? [])],
      note: reading.error ?? reading.how ?? null,
    });
  }
  return [...rows.values()];
}

function differences(a: CompareCell, b: CompareCell): string[] {
  const out: string[] = [];
  if (a.valid !== b.valid) out.push("verdict");
  if (!a.valid && !b.valid && a.error?.offset !== b.error?.offset) out.push("offset");
  // The top rules are named differently in every revision (URL-reference, URI-reference): only a
  // scheme's own production (rfc1738 httpurl) is a difference worth marking.
  const own = (c: CompareCell) => (c.production !== null && c.production !== getRevision(c.spec)?.topRule ? c.production : null);
  if ((own(a) !== null || own(b) !== null) && a.production !== b.production) out.push("production");
  if (a.components && b.components) {
    const keys = new Set([...Object.keys(a.components), ...Object.keys(b.components)]) as Set<ComponentKey>;
    for (const k of keys) if (a.components[k]?.text !== b.components[k]?.text) out.push(k);
  }
  return out;
}
