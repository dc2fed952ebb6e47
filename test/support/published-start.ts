// What parse() does with no rule, in the published grammar's terms. A scheme-aware revision picks a
// production by the input's scheme (Revision.schemeProductions, read by defaultRule). Where the rule it applies is a
// published rule, that rule is the start. Where it is a helper (draft-1993 applies
// `httpaddress_anchored` = anchoraddress with docaddress narrowed to httpaddress, so the anchor stays
// allowed), the published grammar has no such rule: it is built here the same way, as the top rule
// with the rule that lists the production as an alternative replaced by the production.
import { findPublishedRule, type Expr, type PublishedGrammar } from "../../src/published";
import { defaultRule, type Revision } from "../../src/revisions";

function replaceRef(e: Expr, from: string, to: string): Expr {
  switch (e.type) {
    case "seq":
    case "alt":
      return { ...e, items: e.items.map((x) => replaceRef(x, from, to)) };
    case "opt":
    case "rep":
      return { ...e, expr: replaceRef(e.expr, from, to) };
    case "ref":
      return e.name === from ? { type: "ref", name: to } : e;
    default:
      return e;
  }
}

const cache = new Map<string, PublishedGrammar>();

/** The grammar and start rule that judge `input` as parse(input, { spec }) does. */
export function publishedStart(revision: Revision, grammar: PublishedGrammar, input: string): { grammar: PublishedGrammar; rule: string } {
  const selected = defaultRule(revision, input);
  const production = selected.production;
  if (findPublishedRule(grammar, selected.rule) || !production) return { grammar, rule: selected.rule };
  const key = `${grammar.spec} ${selected.rule}`;
  let g = cache.get(key);
  if (!g) {
    const holder = grammar.rules.find((r) => r.expr.type === "alt" && r.expr.items.some((x) => x.type === "ref" && x.name === production));
    const top = findPublishedRule(grammar, revision.topRule);
    if (!holder || !top) throw new Error(`${grammar.spec}: no published rule lists ${production} as an alternative`);
    const rule = { ...top, name: selected.rule, expr: replaceRef(top.expr, holder.name, production) };
    g = { ...grammar, rules: [...grammar.rules, rule] };
    cache.set(key, g);
  }
  return { grammar: g, rule: selected.rule };
}
