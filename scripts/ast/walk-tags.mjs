// The tags of a start rule as data, for the start rules that ship no tagged DFA (issue 27: a page
// pays for its top rule's table only): the capture array the builders read is then filled from the
// scanner's walk of the accepted input, pruned to a few rules (src/scanner/walk-captures.ts).
//
// A tag belongs to a skeleton node, a call path of published rule names from the start rule
// (scripts/ast/skeleton.mjs). A derivation pruned to the rules `keep` shows each node it keeps at
// the projection of its call path: the names of the path that are kept. So the tags become a trie
// of projections (per entry: its parent entry, its rule, and the slot it sets, if any), and a
// runtime function follows it down the pruned derivation. That is exact, and bounded, when the build
// can show, per start rule:
//   (a) no ambiguity: every call path that ends in a kept rule and projects onto a tagged node's
//       projection carries the same tag (a node there is the tagged node, or one that sets the same
//       slot in the same way);
//   (b) a bounded derivation: no kept rule sits inside a repetition on any call path, so the pruned
//       derivation of any input, however long, has at most one node per call path (the grammars are
//       not recursive);
//   (c) no node read at "#first" (the first iteration of a one_or_more, which the tagged DFA marks
//       and a derivation does not).
// Where one fails, the start rule keeps its tagged DFA, and the reason is written in the module's
// header.

/**
 * Every call path from the start rule (rule names after it, joined by ">"), and whether some route
 * to it passes through a repetition. The grammars are not recursive, so the set is finite.
 * @param rules Map pegName -> peggy expression
 * @param published Map pegName -> published name
 * @returns Map key -> inRepetition
 */
export function callPaths(rules, published, start) {
  const memo = new Map();
  const below = (peg, seen) => {
    if (memo.has(peg)) return memo.get(peg);
    if (seen.has(peg)) throw new Error(`ast: rule ${peg} is recursive`);
    seen.add(peg);
    const out = new Map();
    const add = (key, rep) => out.set(key, (out.get(key) ?? false) || rep);
    const visit = (e, rep) => {
      switch (e.type) {
        case "rule_ref": {
          const name = published.get(e.name) ?? e.name;
          add(name, rep);
          for (const [k, r] of below(e.name, seen)) add(`${name}>${k}`, rep || r);
          return;
        }
        case "zero_or_more":
        case "one_or_more":
          return visit(e.expression, true);
        case "repeated": {
          // Only `{1}` is no repetition; a bounded one still matches a call path more than once.
          const exactOne = e.min === null && e.max && e.max.type === "constant" && e.max.value === 1;
          return visit(e.expression, rep || !exactOne);
        }
        case "simple_and":
        case "simple_not":
          return; // lookaheads derive nothing
        case "sequence":
          return e.elements.forEach((x) => visit(x, rep));
        case "choice":
          return e.alternatives.forEach((x) => visit(x, rep));
        default:
          if (e.expression) visit(e.expression, rep);
      }
    };
    visit(rules.get(peg), false);
    seen.delete(peg);
    memo.set(peg, out);
    return out;
  };
  return below(start, new Set());
}

/** Per projection (the kept names of a call path, joined), the codes of the call paths onto it (-1: no tag). */
function projections(paths, tagged, keep) {
  const groups = new Map();
  for (const [key] of paths) {
    const names = key.split(">");
    if (!keep.has(names[names.length - 1])) continue;
    const q = names.filter((n) => keep.has(n)).join(">");
    let codes = groups.get(q);
    if (!codes) groups.set(q, (codes = new Map()));
    codes.set(key, tagged.get(key) ?? -1);
  }
  return groups;
}

/** The projections onto which call paths with different tags fall: [{ projection, paths: [[key, code]] }]. */
function ambiguities(groups) {
  const out = [];
  for (const [q, codes] of groups) if (new Set(codes.values()).size > 1) out.push({ projection: q, paths: [...codes] });
  return out;
}

/** The call paths of kept rules inside a repetition. */
function repeated(paths, keep) {
  return [...paths].filter(([key, rep]) => rep && keep.has(key.split(">").at(-1))).map(([key]) => key);
}

/** The tagged call paths (rule names after the start rule, joined by ">") and the code of each. */
function taggedPaths(tags) {
  const tagged = new Map();
  for (const t of tags) {
    const key = t.path.slice(1).join(">");
    if (tagged.has(key)) throw new Error(`ast: call path ${key} tagged twice`);
    tagged.set(key, t.slot + (t.close ? 1 : 0));
  }
  return tagged;
}

/**
 * The walk tags of one start rule, or why it keeps its tagged DFA.
 * @param tags [{ path (the skeleton node's call path, the start rule first), slot, close }]
 * @returns { ok: true, keep: [names], entries: [parent, name index, code]* (flat) } or { ok: false, reason }
 *   code: -1 (an entry on the way, no tag), else the slot, plus 1 when the node's end is read too
 */
export function walkTags(rules, published, start, tags) {
  const first = tags.find((t) => t.path.includes("#first"));
  if (first) return { ok: false, reason: `it reads ${first.path.slice(1).join(">")}, a first iteration that a derivation does not mark` };
  const tagged = taggedPaths(tags);
  const paths = callPaths(rules, published, start);
  for (const key of tagged.keys()) if (!paths.has(key)) throw new Error(`ast: the tagged call path ${key} is no call path of ${start}`);
  // The kept rules: those the tags are at, then, while call paths fall together, the rule (outside
  // every repetition) whose keeping leaves the fewest ambiguities.
  const keep = new Set([...tagged.keys()].map((k) => k.split(">").at(-1)));
  const inRepetition = new Set([...paths].filter(([, rep]) => rep).map(([k]) => k.split(">").at(-1)));
  const names = new Set([...paths.keys()].flatMap((k) => k.split(">")));
  let open = ambiguities(projections(paths, tagged, keep));
  while (open.length > 0 && repeated(paths, keep).length === 0) {
    let best = null;
    for (const n of [...names].sort()) {
      if (keep.has(n) || inRepetition.has(n)) continue;
      const left = ambiguities(projections(paths, tagged, new Set([...keep, n])));
      if (best === null || left.length < best.left.length) best = { n, left };
    }
    if (best === null || best.left.length >= open.length) break;
    keep.add(best.n);
    open = best.left;
  }
  const proof = check(paths, tagged, keep);
  if (!proof.ok) return proof;
  return { ok: true, ...trie(paths, tagged, keep) };
}

/**
 * (a), (b) and (c) for a start rule and a set of kept rules: the proof the build relies on, callable
 * with any set (test/walk-captures.test.ts plants wrong ones). Returns { ok } or { ok: false, reason }.
 */
export function proofs(rules, published, start, tags, keep) {
  const first = tags.find((t) => t.path.includes("#first"));
  if (first) return { ok: false, reason: `it reads ${first.path.slice(1).join(">")}, a first iteration that a derivation does not mark` };
  return check(callPaths(rules, published, start), taggedPaths(tags), new Set(keep));
}

/** (a) and (b) on the call paths. */
function check(paths, tagged, keep) {
  for (const key of tagged.keys()) if (!keep.has(key.split(">").at(-1))) return { ok: false, reason: `the tagged call path ${key} ends in a rule that is not kept` };
  const rep = repeated(paths, keep);
  if (rep.length > 0) return { ok: false, reason: `a rule it reads sits inside a repetition (${rep[0]}): a derivation would have a node per iteration` };
  const amb = ambiguities(projections(paths, tagged, keep));
  if (amb.length > 0) {
    const [x, y] = amb[0].paths;
    return { ok: false, reason: `call paths ${x[0]} and ${y[0]} look the same in a derivation pruned to ${[...keep].join(", ")}` };
  }
  return { ok: true };
}

/** The trie of the tagged projections: the kept names, and per entry (parent, name index, code). */
function trie(paths, tagged, keep) {
  const groups = projections(paths, tagged, keep);
  const codeOf = (q) => Math.max(...groups.get(q).values()); // one code per projection, by (a)
  const order = [...keep].sort();
  const index = new Map(order.map((n, i) => [n, i]));
  const entries = [];
  const at = new Map(); // projection -> entry
  const entry = (q) => {
    if (at.has(q)) return at.get(q);
    const names = q.split(">");
    const parent = names.length === 1 ? -1 : entry(names.slice(0, -1).join(">"));
    const k = entries.length / 3;
    entries.push(parent, index.get(names[names.length - 1]), codeOf(q));
    at.set(q, k);
    return k;
  };
  for (const key of [...tagged.keys()].sort()) entry(key.split(">").filter((n) => keep.has(n)).join(">"));
  return { keep: order, entries };
}
