// An amending revision's published grammar as a delta of its base's: the file says
//
//   ; @amends <base>            (once) the revision whose published grammar it amends
//   ; @removes <NAME>           a base rule the amendment takes out (to add its own elsewhere)
//   ; @document <NAME>          (any file) how its document is cited ("RFC 3986"): a rule an
//                               amendment inherits has its section prefixed with it
//   ; @replaces                 (directly above a rule) the rule replaces the base's rule of that name
//   ; @adds [after <NAME>]      (directly above a rule) a new rule, after the named one (or at the end;
//                               a name with spaces between angle brackets: `after <valid host string>`)
//
// (";;" in the ad-hoc BNF, whose ";" is a literal). The reader of the file's notation reads its own
// rules; composePublished() splices them into the base's, as scripts/revisions.mjs splices an
// amendment's PEG, so every tool (the fidelity proof, the conformance kit, the explorer) reads the
// grammar as amended, each rule with the file and line it is written at.
import { undefinedReferences, type PublishedGrammar, type PublishedRule, type ReadProblem, type ReadResult } from "./model";

/** A directive line of a published-grammar file. */
const DIRECTIVE = /^;;?\s*@(amends|document|removes|replaces|adds)\b[ \t]*(.*)$/;

/**
 * The grammar `read` (the reader's result for `source`, the file `file`) as composed with its base,
 * when the file amends one (`load` reads the base's, composed in turn), else as it is. Errors are
 * values, with the file and line.
 */
export function composePublished(read: ReadResult, source: string, file: string, load: (spec: string) => ReadResult | undefined): ReadResult {
  if (!read.ok) return read;
  const lines = source.split("\n");
  let amends: string | null = null;
  let document: string | undefined;
  const removes: { name: string; line: number }[] = [];
  const errors: string[] = [];
  lines.forEach((l, i) => {
    const m = DIRECTIVE.exec(l);
    if (m?.[1] === "amends") {
      if (amends !== null) errors.push(`${file}:${i + 1}: a second @amends`);
      amends = m[2]!.trim();
    } else if (m?.[1] === "document") document = m[2]!.trim();
    else if (m?.[1] === "removes") removes.push({ name: m[2]!.trim(), line: i + 1 });
  });
  const own: PublishedGrammar = document === undefined ? read.grammar : { ...read.grammar, document };
  const what = (r: PublishedRule): RegExpExecArray | undefined => {
    for (let i = r.line - 2; i >= 0 && lines[i]!.startsWith(";"); i--) {
      const m = DIRECTIVE.exec(lines[i]!);
      if (m?.[1] === "replaces" || m?.[1] === "adds") return m;
    }
    return undefined;
  };
  if (amends === null) {
    for (const { name, line } of removes) errors.push(`${file}:${line}: @removes ${name}, but the file amends nothing (no @amends)`);
    for (const r of own.rules) if (what(r)) errors.push(`${file}:${r.line}: ${r.name} says @replaces or @adds, but the file amends nothing (no @amends)`);
    return errors.length > 0 ? { ok: false, errors } : { ok: true, grammar: own };
  }
  const baseRead = load(amends);
  if (baseRead === undefined) return { ok: false, errors: [`${file}: @amends ${amends}, which has no published grammar`] };
  if (!baseRead.ok) return { ok: false, errors: [`${file}: its base ${amends} cannot be read:`, ...baseRead.errors], ...(baseRead.problems ? { problems: baseRead.problems } : {}) };
  const base = baseRead.grammar;
  // A base's own rule is cited in the base's document ("§2" of rfc6874 becomes "RFC 6874 §2"), unless
  // its section already names the document it comes from (rfc6874 restates RFC 3986's IPv6address
  // under "RFC 3986 Appendix A (§3.2.2)": rfc8089 keeps it from RFC 3986, not from RFC 6874).
  const citesItsDocument = (section: string) => /^RFC \d+ /.test(section);
  const rules: PublishedRule[] = base.rules.map((r) =>
    r.file !== undefined
      ? r
      : { ...r, file: base.file, section: r.section !== null && base.document !== undefined && r.kind === "published" && !citesItsDocument(r.section) ? `${base.document} ${r.section}` : r.section },
  );
  const indexOf = (name: string) => rules.findIndex((r) => r.name === name);
  for (const { name, line } of removes) {
    const at = indexOf(name);
    if (at < 0) errors.push(`${file}:${line}: @removes ${name}, which ${amends} does not have`);
    else rules.splice(at, 1);
  }
  for (const r of own.rules) {
    const m = what(r);
    if (!m) {
      errors.push(`${file}:${r.line}: ${r.name} says neither @replaces nor @adds (an amendment says what each of its rules does to ${amends})`);
      continue;
    }
    const at = indexOf(r.name);
    if (m[1] === "replaces") {
      if (at < 0) errors.push(`${file}:${r.line}: @replaces ${r.name}, which ${amends} does not have`);
      else rules[at] = r;
      continue;
    }
    if (at >= 0) {
      errors.push(`${file}:${r.line}: @adds ${r.name}, which ${amends} already has (@replaces it instead)`);
      continue;
    }
    // "after NAME", or "after <NAME>" for a name with spaces (a file that says `; @names angle-brackets`).
    const afterMatch = /^after\s+(?:<([^<>]+)>|(\S+))$/.exec(m[2]!.trim());
    const after = afterMatch ? [afterMatch[0], afterMatch[1] ?? afterMatch[2]!] : null;
    if (m[2]!.trim() !== "" && !after) errors.push(`${file}:${r.line}: @adds takes "after NAME", not "${m[2]!.trim()}"`);
    else if (after) {
      const k = indexOf(after[1]!);
      if (k < 0) errors.push(`${file}:${r.line}: @adds ${r.name} after ${after[1]}, which ${amends} does not have`);
      else rules.splice(k + 1, 0, r);
    } else rules.push(r);
  }
  const grammar: PublishedGrammar = { ...own, rules };
  const problems: ReadProblem[] = errors.map((message) => ({ message, offset: null, rule: null }));
  for (const u of undefinedReferences(grammar)) {
    const message = `${file}: rule ${u.rule} refers to undefined rule ${u.name} (in ${amends}'s rules as amended)`;
    errors.push(message);
    problems.push({ message, offset: null, rule: u.rule, undefinedName: u.name });
  }
  return errors.length > 0 ? { ok: false, errors, problems } : { ok: true, grammar };
}
