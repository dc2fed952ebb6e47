// An independent recognizer for a published grammar read as a context-free grammar: the rule text
// as the document prints it (the `//   ` lines of grammar/<spec>.peggy, kept in generated/<spec>.rules.ts)
// is tokenized, turned into plain BNF productions, and run by an Earley recognizer. It shares no
// code with the PEG, so agreement between the two on many inputs is evidence that the PEG's
// reshaping (ordered choice, greedy loops, lookaheads) did not change the language.
//
// Notation read here: RFC 822-style BNF as RFC 1738 §5 uses it: `a | b` alternatives, `[ x ]`
// optional, `<n>*x` or `<n>*[ x ]` n or more x (n defaults to 0), quoted literals (case-sensitive:
// see grammar/rfc1738.md), `<">` the double-quote character, `;` starts a comment outside quotes.
// `bareSlash: true` reads an unquoted `/` as the literal "/" (the repair of gopherurl).
import type { RuleInfo } from "../../src/revisions/types";

type Sym = { nt: string } | { ch: string };

export interface Cfg {
  productions: Map<string, Sym[][]>;
  nullable: Set<string>;
}

interface Options {
  bareSlash?: boolean;
}

export function cfgFromPublished(rules: readonly RuleInfo[], options: Options = {}): Cfg {
  const productions = new Map<string, Sym[][]>();
  let fresh = 0;
  const helper = (alts: Sym[][]): Sym => {
    const name = `#${fresh++}`;
    productions.set(name, alts);
    return { nt: name };
  };
  for (const rule of rules) {
    if (rule.kind !== "published" || !rule.published) continue;
    const text = rule.text.join(" ");
    const tokens = tokenize(text, options);
    if (tokens[0] !== rule.published || tokens[1] !== "=") throw new Error(`cannot read rule text: ${text}`);
    let pos = 2;
    const parseExpr = (): Sym[][] => {
      const alts: Sym[][] = [parseAlt()];
      while (tokens[pos] === "|") {
        pos++;
        alts.push(parseAlt());
      }
      return alts;
    };
    const parseAlt = (): Sym[] => {
      const seq: Sym[] = [];
      while (pos < tokens.length && tokens[pos] !== "|" && tokens[pos] !== "]" && tokens[pos] !== ")") seq.push(...parseItem());
      return seq;
    };
    const parseAtom = (): { sym: Sym[]; bracket: boolean } => {
      const t = tokens[pos++];
      if (t === "[" || t === "(") {
        const inner = parseExpr();
        if (tokens[pos++] !== (t === "[" ? "]" : ")")) throw new Error(`unbalanced ${t} in ${rule.published}`);
        return { sym: [helper(inner)], bracket: t === "[" };
      }
      if (t.startsWith("\u0000")) return { sym: [...t.slice(1)].map((ch) => ({ ch })), bracket: false };
      return { sym: [{ nt: t }], bracket: false };
    };
    const parseItem = (): Sym[] => {
      const rep = /^(\d*)\*$/.exec(tokens[pos]);
      if (rep) pos++;
      const atom = parseAtom();
      if (!rep) return atom.bracket ? [helper([[], atom.sym])] : atom.sym;
      // <n>*x: n copies of x, then zero or more (a left-recursive helper: Earley handles it).
      const element = atom.sym.length === 1 ? atom.sym[0] : helper([atom.sym]);
      const star = helper([]);
      productions.get((star as { nt: string }).nt)!.push([], [star, element]);
      const n = rep[1] === "" ? 0 : Number(rep[1]);
      return [...Array.from({ length: n }, () => element), star];
    };
    const alts = parseExpr();
    if (pos !== tokens.length) throw new Error(`unread tokens in ${rule.published}: ${tokens.slice(pos).join(" ")}`);
    productions.set(rule.published, alts);
  }
  for (const alts of productions.values()) {
    for (const alt of alts) for (const s of alt) if ("nt" in s && !productions.has(s.nt)) throw new Error(`undefined rule ${s.nt}`);
  }
  return { productions, nullable: nullableSet(productions) };
}

function tokenize(text: string, options: Options): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (c === ";") break; // comment to the end of the rule text
    else if (text.startsWith('<">', i)) {
      out.push('\u0000"');
      i += 3;
    } else if (c === '"') {
      const end = text.indexOf('"', i + 1);
      out.push("\u0000" + text.slice(i + 1, end));
      i = end + 1;
    } else if ("|[]()=".includes(c)) {
      out.push(c);
      i++;
    } else if (c === "/" && options.bareSlash) {
      out.push("\u0000/");
      i++;
    } else {
      const m = /^(\d*\*|[A-Za-z][A-Za-z0-9+_-]*)/.exec(text.slice(i));
      if (!m) throw new Error(`cannot tokenize at ${JSON.stringify(text.slice(i))}`);
      out.push(m[1]);
      i += m[1].length;
    }
  }
  return out;
}

function nullableSet(productions: Map<string, Sym[][]>): Set<string> {
  const nullable = new Set<string>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, alts] of productions) {
      if (nullable.has(name)) continue;
      if (alts.some((alt) => alt.every((s) => "nt" in s && nullable.has(s.nt)))) {
        nullable.add(name);
        changed = true;
      }
    }
  }
  return nullable;
}

/** Earley recognition of the whole input from `start` (with the Aycock-Horspool nullable step). */
export function recognizes(cfg: Cfg, start: string, input: string): boolean {
  type Item = { name: string; alt: number; dot: number; origin: number };
  const sets: Item[][] = Array.from({ length: input.length + 1 }, () => []);
  const seen: Set<string>[] = Array.from({ length: input.length + 1 }, () => new Set());
  const add = (k: number, item: Item) => {
    const key = `${item.name}\u0001${item.alt}\u0001${item.dot}\u0001${item.origin}`;
    if (seen[k].has(key)) return;
    seen[k].add(key);
    sets[k].push(item);
  };
  cfg.productions.get(start)!.forEach((_, alt) => add(0, { name: start, alt, dot: 0, origin: 0 }));
  for (let k = 0; k <= input.length; k++) {
    for (let i = 0; i < sets[k].length; i++) {
      const item = sets[k][i];
      const seq = cfg.productions.get(item.name)![item.alt];
      if (item.dot === seq.length) {
        // complete
        for (const parent of sets[item.origin]) {
          const pseq = cfg.productions.get(parent.name)![parent.alt];
          const next = pseq[parent.dot];
          if (next && "nt" in next && next.nt === item.name) add(k, { ...parent, dot: parent.dot + 1 });
        }
        continue;
      }
      const next = seq[item.dot];
      if ("nt" in next) {
        cfg.productions.get(next.nt)!.forEach((_, alt) => add(k, { name: next.nt, alt, dot: 0, origin: k }));
        if (cfg.nullable.has(next.nt)) add(k, { ...item, dot: item.dot + 1 });
      } else if (k < input.length && input[k] === next.ch) {
        add(k + 1, { ...item, dot: item.dot + 1 });
      }
    }
  }
  return sets[input.length].some((it) => it.name === start && it.origin === 0 && it.dot === cfg.productions.get(start)![it.alt].length);
}

/** A random string derived from `start` (depth-limited), for positive cases near the grammar's edges. */
export function derive(cfg: Cfg, start: string, random: () => number, depth = 0): string {
  const alts = cfg.productions.get(start)!;
  // Past a depth, prefer the shortest alternative (fewest nonterminals) so derivations end.
  const pick = depth > 12 ? alts.reduce((best, alt) => (alt.length < best.length ? alt : best)) : alts[Math.floor(random() * alts.length)];
  return pick.map((s) => ("ch" in s ? s.ch : derive(cfg, s.nt, random, depth + 1))).join("");
}
