// The draft-1993 grammar ("BNF syntax", seed 000_8d5ef9870e7fee48.txt) as a context-free grammar,
// written from the published rules with the repairs of grammar/draft-1993.md and NOTHING else: right
// recursion stays right recursion, [ x ] becomes two alternatives, no lookaheads, no reordering.
// test/draft-1993.test.ts compares the PEG with it.
import { lit, type Cfg } from "./earley";

const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const digitChars = "0123456789";

/** [ a ] b c ... : expands the optional groups given as arrays of alternatives to plain alternatives. */
function seq(...parts: (string | string[] | { opt: string[] })[]): string[][] {
  let out: string[][] = [[]];
  for (const p of parts) {
    if (typeof p === "string") out = out.map((a) => [...a, p]);
    else if (Array.isArray(p)) out = out.map((a) => [...a, ...p]);
    else out = [...out, ...out.map((a) => [...a, ...p.opt])];
  }
  return out;
}

export const DRAFT_1993_CFG: Cfg = {
  anchoraddress: seq("docaddress", { opt: ["'#", "anchorid"] }),
  docaddress: [["generic"], ["httpaddress"], ["fileaddress"], ["newsaddress"], ["prosperoaddress"], ["telnetaddress"], ["gopheraddress"], ["waisaddress"], ["afsaddress"]],
  generic: seq("scheme", "':", "path", { opt: ["'?", "search"] }),
  scheme: [["ialpha"]],
  httpaddress: seq(lit("http://"), "hostport", { opt: ["'/", "path"] }, { opt: ["'?", "search"] }),
  fileaddress: seq(lit("ftp://"), "host", "'/", "path"),
  afsaddress: seq(lit("afs://"), "cellname", "'/", "path"),
  newsaddress: seq(lit("news:"), "groupart"),
  // repaired: waisaddress = waisindex | waisdoc
  waisaddress: [["waisindex"], ["waisdoc"]],
  waisindex: seq(lit("wais://"), "hostport", "'/", "database", { opt: ["'?", "search"] }),
  waisdoc: seq(lit("wais://"), "hostport", "'/", "database", "'/", "wtype", "'/", "digits", "'/", "path"),
  groupart: [["'*"], ["group"], ["article"]],
  group: seq("ialpha", { opt: ["'.", "group"] }),
  article: [["xalphas", "'@", "host"]],
  database: [["xalphas"]],
  wtype: [["xalphas"]],
  prosperoaddress: seq(lit("prospero://"), "path"),
  telnetaddress: seq(lit("telnet://"), { opt: ["user", "'@"] }, "hostport"),
  gopheraddress: [
    ...seq(lit("gopher://"), "hostport", { opt: ["'?", "search"] }),
    ...seq(lit("gopher://"), "hostport", "'/", "gtype", { opt: ["'/", "selector"] }, { opt: ["'?", "search"] }),
  ],
  hostport: seq("host", { opt: ["':", "port"] }),
  // repaired: host = hostname | hostnumber
  host: [["hostname"], ["hostnumber"]],
  cellname: [["hostname"]],
  hostname: seq("ialpha", { opt: ["'.", "hostname"] }),
  hostnumber: [["digits", "'.", "digits", "'.", "digits", "'.", "digits"]],
  port: [["digits"]],
  selector: [["path"]],
  // repaired: path = void | xpalphas [ / path ]
  path: [["void"], ...seq("xpalphas", { opt: ["'/", "path"] })],
  search: seq("xalphas", { opt: ["'+", "search"] }),
  user: [["xalphas"]],
  anchorid: [["xalphas"]],
  gtype: [["xalpha"]],
  // repaired: the lost "|", and \$ = $
  xalpha: [["alpha"], ["'$"], ["'-"], ["'_"], ["'@"], ["'!"], ["'%"], ["'^"], ["'&"], ["'*"], ["'("], ["')"], ["'."], ["digit"]],
  xalphas: seq("xalpha", { opt: ["xalphas"] }),
  // repaired: the two xpalphas rows
  xpalpha: [["xalpha"], ["'+"]],
  xpalphas: seq("xpalpha", { opt: ["xpalphas"] }),
  ialpha: seq("alpha", { opt: ["xalphas"] }),
  alpha: Array.from(letters, (c) => [`'${c}`]),
  digit: Array.from(digitChars, (c) => [`'${c}`]),
  digits: seq("digit", { opt: ["digits"] }),
  alphanum: [["alpha"], ["digit"]],
  alphanums: seq("alphanum", { opt: ["alphanums"] }),
  void: [[]],
};

/** The schemes with a docaddress alternative of their own (written apart from src/revisions/draft-1993.ts). */
export const DRAFT_1993_SCHEME_RULES: Record<string, string> = {
  http: "httpaddress",
  ftp: "fileaddress",
  news: "newsaddress",
  prospero: "prosperoaddress",
  telnet: "telnetaddress",
  gopher: "gopheraddress",
  wais: "waisaddress",
  afs: "afsaddress",
};
