// The generated half of the confusion corpus (test/data/confusion/generated.tsv, docs/confusion.md):
// strings near the component boundaries of every revision. For each seed reference and each
// revision that reads it, the boundaries are where the revision's components start and end
// (compareInput's spans); the probes are the revision's own delimiters and excluded characters,
// from its DFA and its character table (nothing here lists them):
//   - every printable ASCII character the revision's reference language never contains (its DFA:
//     src/ops/confusion.ts excludedUnits: `\`, space, `"`, `<` ... in RFC 3986), and tab, LF, CR;
//   - every punctuation character it does use but not inside a host (src/ops/characters.ts: "/",
//     "?", "#", "@", ":", "[", "]" in RFC 3986, ";" too in RFC 1738), and each one's escape (%2F ...);
// Each probe is inserted at each boundary, and the character at and before each boundary is deleted
// (slash confusion: "http:/h"). A candidate is kept when the revisions read its scheme, userinfo,
// host or port differently (src/ops/confusion.ts tabulate over the revisions' rows), and not as
// they read the seed (the seed's own disagreements, draft-1993's "@" in a hostname, come back in
// every mutation of it), so every generated case is a disagreement among the specifications
// themselves that the mutation made. Of the cases that split the revisions exactly as an earlier
// case of the same seed does, only those whose mutation is a delimiter of the generic syntax, a
// backslash, whitespace or a deletion are kept (FOCUS): another "!" or "%24" in a host says nothing
// new. Deterministic: the same registry gives the same corpus, in the same order.
import { compareInput } from "../ops/compare";
import { characterTableOf, ESCAPE } from "../ops/characters";
import { excludedUnits, revisionRows, tabulate, type ConfusionResult } from "../ops/confusion";
import { percentEncode } from "../errors";
import { availableSpecIds, getRevision, type Revision } from "../revisions";

/**
 * Seed references, one per shape a boundary can sit in: a full authority with userinfo and port, a
 * plain one, a scheme-relative reference, a scheme with its own production in the older revisions
 * (ftp: ";type="), and a reference without an authority.
 */
export const CORPUS_SEEDS: readonly string[] = ["http://u:p@h.example:8080/a/b?q#f", "http://h.example/a", "//h.example/a?q", "ftp://u@h.example/f;type=a", "mailto:u@h.example"];

/** The mutations always kept: the generic syntax's delimiters and their escapes, "\\", whitespace. */
const FOCUS = new Set(["\\", "@", "#", "?", "/", ":", ";", "[", "]", " ", "\t", "\n", "\r", "%2F", "%40", "%23", "%3F", "%3A", "%5C"]);

export interface GeneratedCase {
  input: string;
  seed: string;
  /** The revision whose boundary it is, and which boundary ("host end"). */
  revision: string;
  boundary: string;
  /** What was done there: `insert "@"`, `delete "/"`. */
  mutation: string;
}

/** The probes of a revision (see the header), as the text inserted. */
export function probesOf(revision: Revision): string[] {
  const excluded = excludedUnits(revision);
  const table = characterTableOf(revision);
  const out = new Set<string>();
  for (const c of ["\t", "\n", "\r"]) out.add(c);
  for (let u = 0x20; u < 0x7f; u++) {
    const ch = String.fromCharCode(u);
    if (/[A-Za-z0-9]/.test(ch)) continue;
    if (excluded?.(u)) {
      out.add(ch);
      continue;
    }
    const row = table?.rows.find((r) => r.char === ch);
    if (!row || row.char === ESCAPE) continue;
    const somewhere = Object.values(row.allowed).some((v) => v);
    if (somewhere && row.allowed.host === false) {
      out.add(ch);
      out.add(percentEncode(ch)!);
    }
  }
  return [...out];
}

const BOUNDARY_KEYS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"] as const;

/** The revisions' rows only: the table the filter keeps a candidate by. */
export function revisionsTable(input: string): ConfusionResult {
  return tabulate(input, revisionRows(input, availableSpecIds()));
}

/** Which rows read each compared component alike, as text: two tables split the rows the same way when these are equal. */
export function disagreementSignature(t: ConfusionResult): string {
  return t.disagreements.map((d) => `${d.component}:${d.readings.map((r) => r.rows.join(",")).join("|")}`).join(";");
}

/** Every generated case (see the header), deduplicated by input, in a fixed order. */
export function generateCorpus(seeds: readonly string[] = CORPUS_SEEDS): GeneratedCase[] {
  const seen = new Set<string>(seeds);
  const out: GeneratedCase[] = [];
  for (const seed of seeds) {
    const compared = compareInput(seed);
    if (!compared.ok) continue;
    const seedSignature = disagreementSignature(revisionsTable(seed));
    const splits = new Set<string>();
    for (const cell of compared.cells) {
      if (!cell.components) continue;
      const revision = getRevision(cell.spec)!;
      const probes = probesOf(revision);
      const boundaries = new Map<number, string>();
      for (const key of BOUNDARY_KEYS) {
        const c = cell.components[key];
        if (!c) continue;
        if (!boundaries.has(c.start)) boundaries.set(c.start, `${key} start`);
        if (!boundaries.has(c.end)) boundaries.set(c.end, `${key} end`);
      }
      for (const [at, boundary] of [...boundaries].sort((a, b) => a[0] - b[0])) {
        const mutations: [string, string, boolean][] = probes.map((p) => [seed.slice(0, at) + p + seed.slice(at), `insert ${JSON.stringify(p)}`, FOCUS.has(p)]);
        if (at < seed.length) mutations.push([seed.slice(0, at) + seed.slice(at + 1), `delete ${JSON.stringify(seed[at])}`, true]);
        if (at > 0) mutations.push([seed.slice(0, at - 1) + seed.slice(at), `delete ${JSON.stringify(seed[at - 1])}`, true]);
        for (const [input, mutation, focus] of mutations) {
          if (seen.has(input)) continue;
          seen.add(input);
          const table = revisionsTable(input);
          const signature = disagreementSignature(table);
          if (table.disagreements.length === 0 || signature === seedSignature) continue;
          if (splits.has(signature) && !focus) continue;
          splits.add(signature);
          out.push({ input, seed, revision: cell.spec, boundary, mutation });
        }
      }
    }
  }
  return out;
}
