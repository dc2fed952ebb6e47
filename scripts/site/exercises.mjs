// The exercises page's exercises (src/web/pages/exercises.ts), generated at site-build time from the
// templates of src/web/data/exercises.json over the registry:
//
//   over "adjacent"  every pair of revisions next to each other in time (the registry's order):
//                    A the older, B the newer; a pair is skipped where a side lacks a rule the
//                    template names, or where no string meets the conditions (the languages agree);
//   over "fixed"     the revisions the template names (A, B).
//
// A string exercise's conditions are "A accepts it as rule" / "B rejects it as rule" (no rule: the
// whole reference, scheme-aware as parse()); its hint is the shortest string that meets them all,
// found on the product of the rules' DFAs (src/automata/product.ts shortestMember(), on the DFAs
// `diff --languages` reads: src/ops/language-diff.ts revisionDfa()) and checked with validate() of
// every revision named (a hint that fails its own conditions fails the build). A choice exercise
// ("which alternative does the PEG commit to?") takes its alternatives from the rule's PEG (each
// alternative's first rule) and is checked at build time to parse.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The exercises, from the templates (`templatesFile`) and the built library under `root`/dist.
 * `plant(exercise)` may change an exercise before it is checked (the test plants a wrong hint).
 * @param {string} root
 * @param {{ templatesFile?: string, peg?: (spec: string) => Record<string, { expr: any }>, plant?: (x: any) => any }} [options]
 */
export function buildExercises(root, { templatesFile = join(root, "src", "web", "data", "exercises.json"), peg, plant = (x) => x } = {}) {
  const dist = (p) => require(join(root, "dist", p));
  const { availableSpecIds, getRevision, findRule } = dist("src/revisions/index.js");
  const { revisionDfa } = dist("src/ops/language-diff.js");
  const { shortestMember } = dist("src/automata/product.js");
  const { validate, parse } = dist("src/parse.js");
  const { loadPublishedGrammar } = dist("src/published/index.js");
  const { about, templates } = JSON.parse(readFileSync(templatesFile, "utf8"));
  const specs = availableSpecIds();
  const notation = (id) => {
    const g = loadPublishedGrammar(id);
    return g && g.ok ? g.grammar.notation : getRevision(id).notation;
  };
  const problems = [];
  const exercises = [];
  for (const t of templates) {
    const bindings = t.over === "adjacent" ? specs.slice(1).map((b, i) => ({ A: specs[i], B: b })) : [{ A: t.A, B: t.B }];
    for (const names of bindings) {
      const fill = (s, extra = {}) => s.replace(/\{(\w+)\}/g, (m, k) => (k in extra ? extra[k] : names[k] ?? m));
      const id = t.over === "adjacent" ? `${t.id}-${names.A}-${names.B}` : t.id;
      const involved = [names.A, names.B].filter((x) => x !== undefined);
      for (const spec of involved) if (!getRevision(spec)) problems.push(`${t.id}: no revision ${spec}`);
      if (t.kind === "choice") {
        (t.inputs ?? []).forEach((input, k) => {
          const revision = getRevision(names.A);
          const rule = revision && findRule(revision, t.rule);
          if (!rule) return void problems.push(`${t.id}: ${names.A} has no rule ${t.rule}`);
          const expr = peg ? peg(names.A)[rule.pegName]?.expr : null;
          const alternatives = expr && expr.t === "choice" ? expr.items : null;
          if (!alternatives) return void problems.push(`${t.id}: ${names.A} ${t.rule} is no ordered choice in its PEG`);
          const firstRef = (e) => (e.t === "ref" ? e.name : e.t === "seq" ? firstRef(e.items[0]) : e.t === "opt" || e.t === "star" || e.t === "plus" || e.t === "rep" ? firstRef(e.e) : null);
          const options = alternatives.map((a) => {
            const pegName = firstRef(a);
            const info = pegName ? revision.rules.find((r) => r.pegName === pegName) : null;
            const name = info ? (info.published ?? info.pegName) : "?";
            return { label: name, rule: name };
          });
          const r = parse(input, { spec: names.A, rule: t.rule, tree: true });
          const committed = r.ok ? r.tree.children[0]?.rule : null;
          if (!committed || !options.some((o) => o.rule === committed)) problems.push(`${t.id}: ${names.A} ${t.rule} on ${JSON.stringify(input)} commits to ${committed ?? "nothing"}, which is none of ${options.map((o) => o.rule).join(", ")}`);
          exercises.push(plant({ id: `${id}-${k + 1}`, kind: "choice", prompt: fill(t.prompt, { input }), note: fill(t.note), notations: [notation(names.A)], constraints: [{ spec: names.A, rule: t.rule, want: true }], hint: null, choice: { spec: names.A, rule: t.rule, input, options } }));
        });
        continue;
      }
      const bind = (c, want) => ({ spec: names[c.spec] ?? c.spec, rule: c.rule ?? null, want });
      const constraints = [...t.accept.map((c) => bind(c, true)), ...t.reject.map((c) => bind(c, false))];
      if (constraints.some((c) => c.rule !== null && !findRule(getRevision(c.spec), c.rule))) {
        if (t.over !== "adjacent") problems.push(`${t.id}: a rule it names is missing: ${constraints.map((c) => `${c.spec} ${c.rule}`).join(", ")}`);
        continue;
      }
      const dfa = (c) => revisionDfa(getRevision(c.spec), c.rule)?.trimmed ?? null;
      const accept = constraints.filter((c) => c.want).map(dfa);
      const reject = constraints.filter((c) => !c.want).map(dfa);
      if ([...accept, ...reject].some((d) => d === null)) {
        problems.push(`${id}: a rule has no automaton`);
        continue;
      }
      const hint = shortestMember(accept, reject);
      if (hint === null) {
        if (t.over !== "adjacent") problems.push(`${id}: no string meets its conditions`);
        continue;
      }
      exercises.push(plant({ id, kind: "string", prompt: fill(t.prompt), note: fill(t.note), notations: [...new Set(involved.map(notation))], constraints, hint }));
    }
  }
  // Every hint meets its own conditions, by validate() (the scanners), not by the product that found it.
  for (const x of exercises) {
    if (x.kind !== "string") continue;
    for (const c of x.constraints) {
      const got = validate(x.hint, c.rule === null ? { spec: c.spec } : { spec: c.spec, rule: c.rule });
      if (got !== c.want) problems.push(`${x.id}: the hint ${JSON.stringify(x.hint)} is ${got ? "accepted" : "rejected"} by ${c.spec}${c.rule ? ` ${c.rule}` : ""}, which the exercise wants ${c.want ? "accepting" : "rejecting"} it`);
    }
  }
  return { about, exercises, problems };
}
