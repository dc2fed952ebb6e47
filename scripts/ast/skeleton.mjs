// The skeleton of a start rule: the tree of the places where a rule the AST reads can match, as
// seen from that start rule. A node is one call path (the rule names from the start rule down, as
// the continuation graph's rule stacks spell them), in the order a depth-first walk of a derivation
// meets them; a match of a rule in an actual parse is exactly one of these nodes (the grammars are
// not recursive). The builder reads a rule's "first match inside a record" as the first node of
// that rule, in this order, below the record's node, that the parse matched; the tagged DFA records
// whether each node the builder reads matched, and where (scripts/scanner/tdfa.mjs).
//
// Per node: `inLoop` (inside a repetition: it may match more than once, so it cannot have a tag)
// and `must` (it matches whenever its parent node does: no option, choice or repetition between).

/**
 * @param rules Map pegName -> peggy rule
 * @param published Map pegName -> published name
 * @param start pegName of the start rule
 * @param wanted Set of pegNames the AST reads
 * @returns nodes: [{ index, peg, path (names), parent, children, inLoop, must }] (index 0: the start rule)
 */
export function skeleton(rules, published, start, wanted) {
  const reaches = new Map();
  const reachesWanted = (name, seen = new Set()) => {
    if (reaches.has(name)) return reaches.get(name);
    if (seen.has(name)) throw new Error(`ast: rule ${name} is recursive`);
    seen.add(name);
    let found = false;
    visitRefs(rules.get(name).expression, (callee) => {
      if (wanted.has(callee) || reachesWanted(callee, seen)) found = true;
    });
    reaches.set(name, found);
    return found;
  };
  const name = (peg) => published.get(peg) ?? peg;
  // A node's routes: where it sits in the expressions from the start rule ("expression:branch" per
  // choice alternative "c" or sequence element "s" passed); two nodes whose routes part at a choice
  // never match together.
  const exprIds = new Map();
  const id = (e) => exprIds.get(e) ?? (exprIds.set(e, exprIds.size), exprIds.size - 1);
  let route = [];
  const nodes = [{ index: 0, peg: start, path: [name(start)], parent: -1, children: [], inLoop: false, must: true, routes: [[]], published: name }];
  const walk = (e, parent, path, inLoop, must) => {
    switch (e.type) {
      case "rule_ref": {
        const callPath = [...path, name(e.name)];
        if (wanted.has(e.name)) {
          // Call sites with the same call path (in different alternatives) are one node: the
          // continuation graph interns rule stacks by name, so they share their tags too.
          const key = callPath.join(">");
          const known = parent.children.map((i) => nodes[i]).find((n) => n.path.join(">") === key);
          if (known) {
            // Two call sites that can match together (in a sequence) are a repetition in effect.
            if (known.routes.some((r) => !apart(r, route))) known.inLoop = true;
            known.routes.push([...route]);
            known.inLoop ||= inLoop;
            known.must &&= must;
            if (known.inLoop) markLoop(known);
            return;
          }
          const node = { index: nodes.length, peg: e.name, path: callPath, parent: parent.index, children: [], inLoop, must, routes: [[...route]] };
          nodes.push(node);
          parent.children.push(node.index);
          walk(rules.get(e.name).expression, node, callPath, inLoop, true);
        } else if (reachesWanted(e.name)) {
          walk(rules.get(e.name).expression, parent, callPath, inLoop, must);
        }
        return;
      }
      case "sequence":
        e.elements.forEach((x, k) => {
          route.push(`${id(e)}:s${k}`);
          walk(x, parent, path, inLoop, must);
          route.pop();
        });
        return;
      case "choice":
        e.alternatives.forEach((x, k) => {
          route.push(`${id(e)}:c${k}`);
          walk(x, parent, path, inLoop, false);
          route.pop();
        });
        return;
      case "optional":
        walk(e.expression, parent, path, inLoop, false);
        return;
      case "zero_or_more":
        walk(e.expression, parent, path, true, false);
        return;
      case "one_or_more":
        // The first iteration is a call path of its own ("#first", as scripts/scanner/tdfa.mjs
        // compiles it): its matches happen once; the later ones are a repetition.
        walk(e.expression, parent, [...path, "#first"], inLoop, must);
        walk(e.expression, parent, path, true, false);
        return;
      case "repeated": {
        const exactOne = e.min === null && e.max && e.max.type === "constant" && e.max.value === 1;
        const min = e.min === null ? e.max.value : e.min.value;
        walk(e.expression, parent, path, inLoop || !exactOne, must && min > 0);
        return;
      }
      case "simple_and":
      case "simple_not":
        return; // lookaheads derive nothing
      default:
        if (e.expression) walk(e.expression, parent, path, inLoop, must);
    }
  };
  const markLoop = (n) => {
    n.inLoop = true;
    for (const c of n.children) markLoop(nodes[c]);
  };
  walk(rules.get(start).expression, nodes[0], nodes[0].path, false, true);
  return nodes;
}

/** Whether two routes part at a choice (no parse takes both). */
export function apart(a, b) {
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    if (a[k] === b[k]) continue;
    const [ea, ka] = a[k].split(":");
    const [eb] = b[k].split(":");
    return ea === eb && ka.startsWith("c");
  }
  return false;
}

function visitRefs(e, onRef) {
  if (e === null || typeof e !== "object") return;
  if (e.type === "rule_ref") return onRef(e.name);
  if (e.type === "simple_and" || e.type === "simple_not") return;
  if (e.expression) visitRefs(e.expression, onRef);
  if (e.elements) for (const x of e.elements) visitRefs(x, onRef);
  if (e.alternatives) for (const x of e.alternatives) visitRefs(x, onRef);
}

/** The nodes of rule `peg` at or below node `scope`, in depth-first order. */
export function matchesBelow(nodes, scope, peg) {
  const out = [];
  const visit = (i) => {
    if (nodes[i].peg === peg) out.push(i);
    for (const c of nodes[i].children) visit(c);
  };
  visit(scope);
  return out;
}

/**
 * Whether every match of node `scope` holds a match of one of the nodes `targets` (below it): read
 * from the rule bodies, so that a rule called in every alternative of a choice counts (the
 * skeleton's `must` flags, per call site, do not see that).
 */
export function covered(nodes, rules, scope, targets) {
  if (targets.includes(scope)) return true;
  const keys = new Set(targets.map((i) => nodes[i].path.join(">")));
  const reach = new Map();
  const covers = (e, path) => {
    switch (e.type) {
      case "rule_ref": {
        const p = [...path, nodes[0].published(e.name)];
        const key = p.join(">");
        if (keys.has(key)) return true;
        if ([...keys].some((k) => k.startsWith(key + ">"))) return covers(rules.get(e.name).expression, p);
        return false;
      }
      case "sequence":
        return e.elements.some((x) => covers(x, path));
      case "choice":
        return e.alternatives.every((x) => covers(x, path));
      case "one_or_more":
        return covers(e.expression, [...path, "#first"]);
      case "optional":
      case "zero_or_more":
      case "simple_and":
      case "simple_not":
        return false;
      case "repeated":
        return false;
      default:
        return e.expression ? covers(e.expression, path) : false;
    }
  };
  void reach;
  return covers(rules.get(nodes[scope].peg).expression, nodes[scope].path);
}

/** Whether node i always matches when node `scope` (one of its ancestors, or itself) does. */
export function mustBelow(nodes, scope, i) {
  for (let x = i; x !== scope; x = nodes[x].parent) if (!nodes[x].must) return false;
  return true;
}

/** Whether `ancestor` is node i or one of its ancestors. */
export function isBelow(nodes, ancestor, i) {
  for (let x = i; x >= 0; x = nodes[x].parent) if (x === ancestor) return true;
  return false;
}
