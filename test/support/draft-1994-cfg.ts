// An independent recognizer for the draft-1994 grammar read as a context-free grammar: the rules of
// "BNF for specific URL schemes" as published (right recursion, no ordered choice, no lookahead), with
// the repairs of grammar/draft-1994.md, run by an Earley parser. Tests compare the PEG with it.
// It shares no code with grammar/draft-1994.peggy: it is typed in again from the seed.

type Terminal = (c: string) => boolean;
type Symbol = string | Terminal;

const oneOf = (s: string): Terminal => (c) => s.includes(c);
/** Spelled letters, either case (Literal case); other characters stand for themselves. */
const spelled = (s: string): Terminal[] => [...s].map((ch) => (c: string) => c === ch.toLowerCase() || c === ch.toUpperCase());
const chars = (s: string): Terminal[] => [...s].map((ch) => (c: string) => c === ch);
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

/** Published name -> alternatives, each a sequence of symbols. */
export const DRAFT_1994_CFG: Record<string, Symbol[][]> = {
  prefixedurl: [[...spelled("url:"), "url"]],
  url: ["httpaddress", "ftpaddress", "newsaddress", "nntpaddress", "prosperoaddress", "telnetaddress", "gopheraddress", "waisaddress", "mailtoaddress", "midaddress", "cidaddress"].map((x) => [x]),
  scheme: [["ialpha"]],
  httpaddress: [
    [...spelled("http://"), "hostport"],
    [...spelled("http://"), "hostport", ...chars("/"), "path"],
    [...spelled("http://"), "hostport", ...chars("?"), "search"],
    [...spelled("http://"), "hostport", ...chars("/"), "path", ...chars("?"), "search"],
  ],
  ftpaddress: [[...spelled("ftp://"), "login", ...chars("/"), "path"], [...spelled("ftp://"), "login", ...chars("/"), "path", "ftptype"]],
  afsaddress: [[...spelled("afs://"), "cellname", ...chars("/"), "path"]],
  newsaddress: [[...spelled("news:"), "groupart"]],
  nntpaddress: [[...spelled("nntp:"), "group", ...chars("/"), "digits"]],
  midaddress: [[...spelled("mid:"), "addr-spec"]],
  cidaddress: [[...spelled("cid:"), "content-identifier"]],
  mailtoaddress: [[...spelled("mailto:"), "xalphas", ...chars("@"), "hostname"]],
  waisaddress: [["waisindex"], ["waisdoc"]],
  waisindex: [[...spelled("wais://"), "hostport", ...chars("/"), "database"], [...spelled("wais://"), "hostport", ...chars("/"), "database", ...chars("?"), "search"]],
  waisdoc: [[...spelled("wais://"), "hostport", ...chars("/"), "database", ...chars("/"), "wtype", ...chars("/"), "wpath"]],
  wpath: [["digits", ...chars("="), "path", ...chars(";")], ["digits", ...chars("="), "path", ...chars(";"), "wpath"]],
  groupart: [chars("*"), ["group"], ["article"]],
  group: [["ialpha"], ["ialpha", ...chars("."), "group"]],
  article: [["xalphas", ...chars("@"), "host"]],
  database: [["xalphas"]],
  wtype: [["xalphas"]],
  prosperoaddress: [["prosperolink"]],
  prosperolink: [
    [...spelled("prospero://"), "hostport", ...chars("/"), "hsoname"],
    [...spelled("prospero://"), "hostport", ...chars("/"), "hsoname", ...chars("%00"), "version"],
    [...spelled("prospero://"), "hostport", ...chars("/"), "hsoname", ...chars("%00"), "version", "attributes"],
  ],
  hsoname: [["path"]],
  version: [["digits"]],
  attributes: [["attribute"], ["attribute", "attributes"]],
  attribute: [["alphanums"]],
  telnetaddress: [[...spelled("telnet://"), "login"]],
  gopheraddress: [
    [...spelled("gopher://"), "hostport"],
    [...spelled("gopher://"), "hostport", ...chars("/"), "gtype"],
    [...spelled("gopher://"), "hostport", ...chars("/"), "gtype", "gcommand"],
  ],
  login: [["hostport"], ["user", ...chars("@"), "hostport"], ["user", ...chars(":"), "password", ...chars("@"), "hostport"]],
  hostport: [["host"], ["host", ...chars(":"), "port"]],
  host: [["hostname"], ["hostnumber"]],
  ftptype: [[...spelled("A"), "formcode"], [...spelled("E"), "formcode"], spelled("I"), [...spelled("L"), "digits"]],
  formcode: [spelled("N"), spelled("T"), spelled("C")],
  cellname: [["hostname"]],
  hostname: [["ialpha"], ["ialpha", ...chars("."), "hostname"]],
  hostnumber: [["digits", ...chars("."), "digits", ...chars("."), "digits", ...chars("."), "digits"]],
  port: [["digits"]],
  gcommand: [["path"]],
  path: [["void"], ["segment"], ["segment", ...chars("/"), "path"]],
  segment: [["xpalphas"]],
  search: [["xalphas"], ["xalphas", ...chars("+"), "search"]],
  user: [["alphanum2"], ["alphanum2", "user"]],
  password: [["alphanum2"], ["alphanum2", "password"]],
  fragmentid: [["xalphas"]],
  gtype: [["xalpha"]],
  alphanum2: [["alpha"], ["digit"], chars("-"), chars("_"), chars("."), chars("+")],
  xalpha: [["alpha"], ["digit"], ["safe"], ["extra"], ["escape"]],
  xalphas: [["xalpha"], ["xalpha", "xalphas"]],
  xpalpha: [["xalpha"], chars("+")],
  xpalphas: [["xpalpha"], ["xpalpha", "xpalphas"]],
  ialpha: [["alpha"], ["alpha", "xalphas"]],
  alpha: [[oneOf(LETTERS)]],
  digit: [[oneOf(DIGITS)]],
  safe: [[oneOf("$-_@.&+")]],
  extra: [[oneOf("!*\"'(),")]],
  reserved: [[oneOf("=;/#?: ")]],
  escape: [[...chars("%"), "hex", "hex"]],
  hex: [[oneOf(DIGITS + "abcdefABCDEF")]],
  national: [[oneOf("{}|[]\\^~")]],
  punctuation: [[oneOf("<>")]],
  digits: [["digit"], ["digit", "digits"]],
  alphanum: [["alpha"], ["digit"]],
  alphanums: [["alphanum"], ["alphanum", "alphanums"]],
  void: [[]],
  // Repairs: defined nowhere in the draft (see grammar/draft-1994.md).
  "addr-spec": [["xalphas", ...chars("@"), "hostname"]],
  "content-identifier": [["xalphas"]],
};

const nullable = new Set<string>();
for (let changed = true; changed; ) {
  changed = false;
  for (const [name, alts] of Object.entries(DRAFT_1994_CFG)) {
    if (!nullable.has(name) && alts.some((a) => a.every((s) => typeof s === "string" && nullable.has(s)))) {
      nullable.add(name);
      changed = true;
    }
  }
}

interface Item { rule: string; alt: number; dot: number; origin: number }

/** Earley recognition: does `start` derive exactly `input`? */
export function cfgRecognizes(start: string, input: string): boolean {
  if (!DRAFT_1994_CFG[start]) throw new Error(`no CFG rule ${start}`);
  const n = input.length;
  const sets: Map<string, Item>[] = Array.from({ length: n + 1 }, () => new Map());
  const add = (i: number, it: Item): boolean => {
    const key = `${it.rule}|${it.alt}|${it.dot}|${it.origin}`;
    if (sets[i].has(key)) return false;
    sets[i].set(key, it);
    return true;
  };
  DRAFT_1994_CFG[start].forEach((_, alt) => add(0, { rule: start, alt, dot: 0, origin: 0 }));
  for (let i = 0; i <= n; i++) {
    const queue = [...sets[i].values()];
    const push = (it: Item) => { if (add(i, it)) queue.push(it); };
    for (let q = 0; q < queue.length; q++) {
      const it = queue[q];
      const rhs = DRAFT_1994_CFG[it.rule][it.alt];
      if (it.dot === rhs.length) {
        for (const p of [...sets[it.origin].values()]) if (DRAFT_1994_CFG[p.rule][p.alt][p.dot] === it.rule) push({ ...p, dot: p.dot + 1 });
        continue;
      }
      const sym = rhs[it.dot];
      if (typeof sym === "string") {
        DRAFT_1994_CFG[sym].forEach((_, alt) => push({ rule: sym, alt, dot: 0, origin: i }));
        if (nullable.has(sym)) push({ ...it, dot: it.dot + 1 });
      } else if (i < n && sym(input[i])) {
        add(i + 1, { ...it, dot: it.dot + 1 });
      }
    }
  }
  for (const it of sets[n].values()) if (it.rule === start && it.origin === 0 && it.dot === DRAFT_1994_CFG[it.rule][it.alt].length) return true;
  return false;
}

/** A random derivation of `rule` (deep recursion is cut short by taking the alternative with fewest rules). */
export function cfgSample(rule: string, random: () => number, depth = 0): string {
  const alts = DRAFT_1994_CFG[rule];
  const rules = (a: Symbol[]) => a.filter((s) => typeof s === "string").length;
  const alt = depth > 6 ? alts.reduce((best, a) => (rules(a) < rules(best) ? a : best)) : alts[Math.floor(random() * alts.length)];
  let out = "";
  for (const sym of alt) {
    if (typeof sym === "string") out += cfgSample(sym, random, depth + 1);
    else {
      const ok: string[] = [];
      for (let c = 0x20; c < 0x7f; c++) if (sym(String.fromCharCode(c))) ok.push(String.fromCharCode(c));
      out += ok[Math.floor(random() * ok.length)];
    }
  }
  return out;
}
