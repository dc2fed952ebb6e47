// A small Earley recognizer for context-free grammars given as data: the independent judge the PEG
// transcriptions are compared with ("accept exactly what the published rule accepts, read as a
// context-free grammar"). Slow (no tricks) but exact, for short inputs.
//
// A grammar maps a nonterminal to its alternatives; an alternative is a list of symbols. A symbol
// is a nonterminal name, or a terminal written `'x` (one character). `lit("http://")` spells a
// literal as terminals.

export type Cfg = Record<string, string[][]>;

export function lit(s: string): string[] {
  return Array.from(s, (c) => `'${c}`);
}

function isTerminal(sym: string): boolean {
  return sym.startsWith("'");
}

/** The nonterminals that derive the empty string. */
function nullables(g: Cfg): Set<string> {
  const out = new Set<string>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, alts] of Object.entries(g)) {
      if (out.has(name)) continue;
      if (alts.some((alt) => alt.every((s) => !isTerminal(s) && out.has(s)))) {
        out.add(name);
        changed = true;
      }
    }
  }
  return out;
}

/** Whether `start` derives exactly `input`. Throws on a grammar that uses an undefined nonterminal. */
export function recognizes(g: Cfg, start: string, input: string): boolean {
  for (const alts of Object.values(g)) for (const alt of alts) for (const s of alt) if (!isTerminal(s) && !(s in g)) throw new Error(`undefined nonterminal ${s}`);
  const nullable = nullables(g);
  // An item: rule name, alternative index, dot position, origin set.
  type Item = { name: string; alt: number; dot: number; origin: number };
  const sets: Item[][] = [];
  const seen: Set<string>[] = [];
  // Per set: the items whose dot stands before a nonterminal, by that nonterminal (for completion).
  const waiting: Map<string, Item[]>[] = [];
  const add = (i: number, item: Item) => {
    const key = `${item.name}\0${item.alt}\0${item.dot}\0${item.origin}`;
    if (seen[i].has(key)) return;
    seen[i].add(key);
    sets[i].push(item);
    const next = g[item.name][item.alt][item.dot];
    if (next !== undefined && !isTerminal(next)) {
      const list = waiting[i].get(next);
      if (list) list.push(item);
      else waiting[i].set(next, [item]);
    }
  };
  for (let i = 0; i <= input.length; i++) {
    sets.push([]);
    seen.push(new Set());
    waiting.push(new Map());
  }
  g[start].forEach((_, alt) => add(0, { name: start, alt, dot: 0, origin: 0 }));
  for (let i = 0; i <= input.length; i++) {
    for (let k = 0; k < sets[i].length; k++) {
      const item = sets[i][k];
      const rhs = g[item.name][item.alt];
      if (item.dot === rhs.length) {
        // complete (a parent added to set i later for an empty completion is covered by the nullable step below)
        for (const parent of waiting[item.origin].get(item.name) ?? []) add(i, { ...parent, dot: parent.dot + 1 });
        continue;
      }
      const sym = rhs[item.dot];
      if (isTerminal(sym)) {
        if (i < input.length && input[i] === sym.slice(1)) add(i + 1, { ...item, dot: item.dot + 1 });
      } else {
        // predict (and step over a nullable nonterminal: Aycock and Horspool)
        g[sym].forEach((_, alt) => add(i, { name: sym, alt, dot: 0, origin: i }));
        if (nullable.has(sym)) add(i, { ...item, dot: item.dot + 1 });
      }
    }
  }
  return sets[input.length].some((it) => it.name === start && it.origin === 0 && it.dot === g[start][it.alt].length);
}
