// An input each rule accepts, for the explorer's "try this rule" links (grammar page): the first
// valid row of the test tables (test/data/*.tsv: the documents' own examples first) whose rule is
// that rule, or else the shortest string the rule's PEG derives (every choice its shortest
// alternative, every repetition its minimum). Every example is checked with parse() at build
// time: a rule whose candidates all fail gets none (the link then opens on an empty input).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Valid (rule -> inputs) rows of the test tables of one revision, in file order. */
function tableRows(root, spec) {
  const dir = join(root, "test", "data");
  const own = join(root, "grammar", spec);
  const out = [];
  // The revision's own tables (grammar/<spec>/*.tsv: examples, edges), then the shared ones of test/data.
  const files = [
    ...(existsSync(own) ? readdirSync(own).filter((f) => f.endsWith(".tsv")).sort().map((f) => join(own, f)) : []),
    ...readdirSync(dir).filter((f) => f.endsWith(".tsv")).sort().map((f) => join(dir, f)),
  ];
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "" || line.startsWith("#")) continue;
      const [rowSpec, rule, field, verdict] = line.split("\t");
      if (rowSpec !== spec || verdict !== "valid" || field === undefined) continue;
      out.push({ rule, input: field.startsWith('"') ? JSON.parse(field) : field });
    }
  }
  return out;
}

/**
 * The shortest string each rule derives (peggy names), by a fixpoint over the expression trees;
 * lookaheads ignored. With `filled`, every option and `*` takes its body once (a rule that may
 * match nothing then shows something).
 */
export function shortestStrings(peg, filled = false) {
  const base = filled ? shortestStrings(peg) : null;
  const best = new Map();
  const shortest = (e) => {
    switch (e.t) {
      case "lit":
        return e.v;
      case "class": {
        if (e.inv) return "a";
        const p = e.parts[0];
        return typeof p === "string" ? p : p[0];
      }
      case "any":
        return "a";
      case "seq": {
        let s = "";
        for (const x of e.items) {
          const y = shortest(x);
          if (y === null) return null;
          s += y;
        }
        return s;
      }
      case "choice": {
        let min = null;
        for (const x of e.items) {
          const y = shortest(x);
          if (y !== null && (min === null || y.length < min.length)) min = y;
        }
        return min;
      }
      case "opt":
      case "star":
        return filled ? (shortest(e.e) ?? "") : "";
      case "and":
      case "not":
        return "";
      case "plus":
        return shortest(e.e);
      case "rep": {
        const y = shortest(e.e);
        return y === null ? null : y.repeat(e.min);
      }
      case "ref":
        return best.get(e.name) ?? base?.get(e.name) ?? null;
    }
    return null;
  };
  if (filled) {
    // A few passes, each taking the last one's strings (a fixpoint would grow recursive rules forever).
    for (let pass = 0; pass < 3; pass++) for (const [name, rule] of Object.entries(peg)) {
      const s = shortest(rule.expr);
      if (s !== null) best.set(name, s);
    }
    return best;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, rule] of Object.entries(peg)) {
      const s = shortest(rule.expr);
      if (s !== null && (!best.has(name) || s.length < best.get(name).length)) {
        best.set(name, s);
        changed = true;
      }
    }
  }
  return best;
}

/**
 * { [pegName]: input } for one revision: a table example or a derived one, each accepted by
 * parse() from that rule. `parse` and `revision` are the library's (dist/).
 */
export function ruleExamples(root, revision, peg, parse) {
  const rows = tableRows(root, revision.id);
  const derived = shortestStrings(peg);
  const filled = shortestStrings(peg, true);
  const out = {};
  for (const rule of revision.rules) {
    const name = rule.published ?? rule.pegName;
    const accepts = (input) => parse(input, { spec: revision.id, rule: name }).ok;
    const candidates = [
      ...rows.filter((r) => r.rule === name || (r.rule === "*" && name === revision.topRule)).map((r) => r.input),
      ...[derived.get(rule.pegName), filled.get(rule.pegName)].filter((x) => typeof x === "string").sort((a, b) => a.length - b.length),
    ].filter((x) => typeof x === "string" && x !== "" && x.length <= 200);
    // A rule that matches only the empty string (void, path-empty) has "" as its example.
    const found = candidates.find(accepts) ?? (accepts("") ? "" : undefined) ?? matchedIn(rows, revision, name, parse, accepts);
    if (found !== undefined) out[rule.pegName] = found;
  }
  return out;
}

/**
 * A span the rule matched in the derivation of a valid table row (for a rule whose shortest strings
 * the grammar's checks refuse, as a domain that ends in a number, or that a lookahead needs more for).
 */
function matchedIn(rows, revision, name, parse, accepts) {
  for (const row of rows) {
    const r = parse(row.input, row.rule === "*" ? { spec: revision.id, tree: true } : { spec: revision.id, rule: row.rule, tree: true });
    if (!r.ok || !r.tree) continue;
    const stack = [r.tree];
    while (stack.length > 0) {
      const n = stack.pop();
      if (n.rule === name) {
        const text = row.input.slice(n.start, n.end);
        if (text !== "" && text.length <= 200 && accepts(text)) return text;
      }
      stack.push(...n.children);
    }
  }
  return undefined;
}
