// Shared last step of the readers: split the file into rules, parse each definition, collect every
// problem (all of them, not just the first) and return the grammar or the list of errors.
import { undefinedReferences, type Expr, type PublishedGrammar, type PublishedRule, type ReadProblem, type ReadResult } from "./model";
import { ExpressionError, parseExpression, type NotationOptions } from "./parse-expression";
import { sourceOffset, splitRules } from "./split-rules";

/** A published-grammar file that amends another's (src/published/compose.ts). */
export const AMENDS = /^;;?\s*@amends\b/m;

export interface ReaderConfig {
  notation: string;
  namesIgnoreCase: boolean;
  options(directives: Map<string, string>): NotationOptions;
}

export function buildGrammar(source: string, file: string, spec: string, config: ReaderConfig): ReadResult {
  const split = splitRules(source, file);
  const errors = [...split.errors];
  const problems: ReadProblem[] = split.errors.map((message, i) => ({ message, offset: split.errorOffsets[i] ?? null, rule: null }));
  const problem = (message: string, offset: number | null, rule: string | null, undefinedName?: string) => {
    errors.push(message);
    problems.push({ message, offset, rule, ...(undefinedName === undefined ? {} : { undefinedName }) });
  };
  const opts = config.options(split.directives);
  const rules: PublishedRule[] = [];
  const key = (n: string) => (config.namesIgnoreCase ? n.toLowerCase() : n);
  for (const raw of split.rules) {
    let expr: Expr;
    try {
      expr = parseExpression(raw.body, opts);
    } catch (e) {
      problem(`${file}:${raw.line}: rule ${raw.name}: ${(e as Error).message}`, e instanceof ExpressionError ? sourceOffset(raw, e.offset) : raw.offset, raw.name);
      continue;
    }
    const previous = rules.find((r) => key(r.name) === key(raw.name));
    if (raw.defined === "=/") {
      // RFC 2234 §3.3 incremental alternatives.
      if (!previous) problem(`${file}:${raw.line}: ${raw.name} =/ before ${raw.name} =`, raw.offset, raw.name);
      else previous.expr = { type: "alt", items: [...(previous.expr.type === "alt" ? previous.expr.items : [previous.expr]), ...(expr.type === "alt" ? expr.items : [expr])] };
      continue;
    }
    if (previous) {
      problem(`${file}:${raw.line}: ${raw.name} is defined twice (first at line ${previous.line})`, raw.offset, raw.name);
      continue;
    }
    rules.push({ name: raw.name, expr, kind: raw.core ? "core" : raw.reading ? "reading" : "published", section: raw.section, text: raw.text, line: raw.line, repairs: raw.repairs, ...(raw.predicate !== undefined ? { predicate: raw.predicate } : {}) });
  }
  const grammar: PublishedGrammar = { spec, file, notation: config.notation, namesIgnoreCase: config.namesIgnoreCase, rules };
  // An amendment refers to its base's rules: its references are checked once composed (src/published/compose.ts).
  if (!AMENDS.test(source)) for (const u of undefinedReferences(grammar)) problem(`${file}: rule ${u.rule} refers to undefined rule ${u.name}`, null, u.rule, u.name);
  return errors.length > 0 ? { ok: false, errors, problems } : { ok: true, grammar };
}
