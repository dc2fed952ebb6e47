// @ts-check
// read / read-annotations: each rule's published name (its `// @rule` or `// @core` annotation;
// a helper keeps its own), the name a derivation node and an error message show.
import { readAnnotations as readRuleAnnotations } from "../../build-grammars.mjs";
import { need } from "../pipeline.mjs";
import { table } from "../describe.mjs";

/** @type {import("../compilation").Pass<"names">} */
export const readAnnotations = {
  name: "read-annotations",
  stage: "read",
  key: "names",
  summary: "each rule's published name (the annotations above it), which derivations and errors show",
  run(c) {
    const grammar = need(c, "grammar");
    const { rules } = readRuleAnnotations(c.source, c.file);
    const names = new Map(rules.map((/** @type {{ pegName: string; published?: string | null }} */ r) => [r.pegName, r.published ?? r.pegName]));
    // Every rule of the grammar is named (a rule the annotation reader did not see keeps its own name).
    for (const r of grammar.rules) if (!names.has(r.name)) names.set(r.name, r.name);
    return names;
  },
  dump(names) {
    return table(["rule (peggy)", "published"], [...names].map(([peg, pub]) => [peg, pub === peg ? "(same)" : pub]));
  },
};
