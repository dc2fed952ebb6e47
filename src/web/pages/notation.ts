// @page 40 notation.html "Notation guide" how to read BNF, RFC 822-style BNF and ABNF next to PEG
// The notation guide: how to read the 1993/1994 ad-hoc BNF, the RFC 822-style BNF of RFC 1738
// and the 1997 draft, and the RFC 2234 ABNF of 2003 and RFC 3986, construct by construct, next to
// the same construct in PEG. Every example is a rule of our grammars, drawn from the registry and
// the site data, with an input to try; the traps show where PEG's ordered choice would change the
// language of a naive transcription, with three live verdicts: the published grammar read
// context-free (Earley), the same rules read naively as PEG, and our transcription.
import { compiled, recognize } from "../../published/earley";
import { parse } from "../../parse";
import { availableSpecIds, findRule, getRevision, type Revision, type SpecId } from "../../revisions";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { h, mainElement, scrollBox, startPage } from "../lib/dom";
import { naivePegMatch } from "../../published/naive-peg";
import { diagramElement, pegItem, publishedItem } from "../lib/railroad";
import { publishedRule, ruleHref, ruleLinks } from "../lib/rules";
import { readAnchor, readParam, writeParams } from "../lib/url-state";
import { diagramKey } from "../lib/diagram-key";
import { loadRevisions } from "../lib/revision-tables";

interface Example {
  spec: SpecId;
  rule: string;
  /** What to type first. */
  input: string;
  /** What the example shows, in a sentence. */
  says: string;
}

interface Construct {
  id: string;
  title: string;
  /** How each notation writes it, and how PEG does. */
  written: { notation: string; form: string }[];
  explanation: string;
  examples: Example[];
}

/** The three notations, each with the extension of the published-grammar files written in it (grammar/<spec>/published.<id>): the revisions that use it are those files'. */
const NOTATIONS = [
  { id: "adhoc-bnf", name: "The 1993 and 1994 ad-hoc BNF", text: "A rule name on one line and its definition after it (RFC 1630: beside it, in a column); “|” separates alternatives and [ brackets ] mark an optional part. There is no repetition operator: a list is written as a rule that refers to itself (xalphas = xalpha [ xalphas ]). Single letters stand for themselves, spaced out (h t t p): in 1993 and in RFC 1630 exactly as written, in the 1994 draft in either case. Every word of more than one letter names another rule. RFC 1630 gives two grammars with 19 names in common: we call the generic section’s generic-path, generic-safe …" },
  { id: "bnf", name: "RFC 822-style BNF (RFC 1738, the 1997 draft)", text: "name = definition; “|” separates alternatives; quoted strings are literal. RFC 1738 writes [ x ] for optional, *[ x ] for zero or more and 1*[ x ] for one or more; the 1997 draft writes *( x ) and 1*( x ) with round brackets for grouping. Quoted strings match exactly as written (we read their letters as case-sensitive, as the documents list both cases where both are meant)." },
  { id: "abnf", name: "RFC 2234 ABNF (the 2003 draft, RFC 3986)", text: "name = definition; “/” separates alternatives; [ x ] is optional, *x zero or more, 1*x one or more, n*m x between n and m, nx exactly n; %x41-5A is a range of characters. Quoted strings are case-insensitive (RFC 2234 §2.3) and so are rule names (§2.1): “alpha” is ALPHA. The core rules (ALPHA, DIGIT, HEXDIG) come from RFC 2234 §6.1." },
];

const CONSTRUCTS: Construct[] = [
  {
    id: "alternation",
    title: "Alternation",
    written: [{ notation: "ad-hoc BNF", form: "a | b" }, { notation: "RFC 822-style BNF", form: "a | b" }, { notation: "ABNF", form: "a / b" }, { notation: "PEG", form: "a / b (ordered)" }],
    explanation: "In the three notations an alternation is a set: the input matches if any alternative does. In PEG, “/” is ordered choice: the first alternative that matches wins, and the others are never tried once it has. Where no alternative is a prefix of another (single characters), the two readings agree.",
    examples: [
      { spec: "draft-1994", rule: "extra", input: "!", says: "single characters: order cannot matter" },
      { spec: "rfc1738", rule: "ftptype", input: "A", says: "quoted one-letter literals, both cases listed" },
      { spec: "draft-2003", rule: "mark", input: "~", says: "ABNF's “/”" },
    ],
  },
  {
    id: "option",
    title: "Option",
    written: [{ notation: "all three", form: "[ a ]" }, { notation: "ABNF also", form: "*1a" }, { notation: "PEG", form: "a? (greedy)" }],
    explanation: "[ a ] matches a or nothing. PEG's a? takes a whenever it matches and never gives it back, so what follows must still fit after it.",
    examples: [
      { spec: "draft-1993", rule: "hostport", input: "info.cern.ch:80", says: "host [ : port ]" },
      { spec: "rfc1738", rule: "hostport", input: "ftp.is.co.za:21", says: "host [ \":\" port ]" },
      { spec: "draft-2003", rule: "hostport", input: "[::1]:8080", says: "host [ \":\" port ]" },
    ],
  },
  {
    id: "repetition",
    title: "Repetition: zero or more",
    written: [{ notation: "ad-hoc BNF", form: "a rule that refers to itself" }, { notation: "RFC 1738", form: "*[ a ]" }, { notation: "1997 draft, ABNF", form: "*a, *( a b )" }, { notation: "PEG", form: "a* (greedy)" }],
    explanation: "Zero or more repetitions. A context-free repetition may stop anywhere; PEG's a* takes as many as it can and never gives one back, so a transcription must make sure that what follows cannot start with what the loop eats.",
    examples: [
      { spec: "draft-1993", rule: "xalphas", input: "a$b", says: "xalphas = xalpha [ xalphas ]: recursion as repetition" },
      { spec: "rfc1738", rule: "search", input: "q=1&r=2", says: "RFC 1738's *[ ... ]" },
      { spec: "draft-2003", rule: "port", input: "8080", says: "*DIGIT (the empty port is allowed)" },
    ],
  },
  {
    id: "one-or-more",
    title: "Repetition: one or more",
    written: [{ notation: "RFC 1738", form: "1*[ a ], 1*a" }, { notation: "1997 draft, ABNF", form: "1*a, 1*( a b )" }, { notation: "PEG", form: "a+" }],
    explanation: "At least one repetition.",
    examples: [
      { spec: "rfc1738", rule: "digits", input: "80", says: "1*digit" },
      { spec: "draft-1997", rule: "scheme", input: "svn+ssh", says: "1*( alpha | digit | \"+\" | \"-\" | \".\" )" },
      { spec: "draft-2003", rule: "rel-segment", input: "a;b=c", says: "1*( unreserved / escaped / ... )" },
    ],
  },
  {
    id: "bounded",
    title: "Bounded repetition",
    written: [{ notation: "ABNF", form: "n*m a, n a (exactly n)" }, { notation: "PEG (peggy)", form: "a|n..m|, a|n|" }],
    explanation: "Only ABNF has bounds. 1*4HEXDIG is one to four hex digits; 2DIGIT is exactly two. Peggy writes the same bounds between bars.",
    examples: [
      { spec: "draft-2003", rule: "h4", input: "0db8", says: "1*4HEXDIG" },
      { spec: "rfc3986", rule: "h16", input: "ffff", says: "1*4HEXDIG" },
    ],
  },
  {
    id: "literals",
    title: "Literals and their case",
    written: [{ notation: "1993 ad-hoc BNF", form: "h t t p (exact case)" }, { notation: "1994 ad-hoc BNF", form: "h t t p (either case)" }, { notation: "RFC 1630", form: "h t t p (exact case)" }, { notation: "RFC 822-style BNF", form: "\"http://\" (as written)" }, { notation: "ABNF", form: "\"http\" (any case)" }, { notation: "PEG", form: "\"http\" exact, \"http\"i any case" }],
    explanation: "Each notation has its own rule for the case of letters in literals; the PEG spells it out: a plain literal is exact, a literal followed by i ignores case.",
    examples: [
      { spec: "draft-1993", rule: "httpaddress", input: "HTTP://info.cern.ch/", says: "letters stand for themselves: HTTP is not http" },
      { spec: "draft-1994", rule: "httpaddress", input: "HTTP://info.cern.ch/", says: "single letters in either case" },
      { spec: "rfc1630", rule: "httpaddress", input: "HTTP://info.cern.ch/", says: "RFC 1630, no PrePrefix: exactly as written again" },
      { spec: "draft-2003", rule: "HEXDIG", input: "f", says: "ABNF's \"F\" also matches f" },
    ],
  },
];

interface Trap {
  id: string;
  title: string;
  spec: SpecId;
  rule: string;
  inputs: string[];
  text: string;
}

const TRAPS: Trap[] = [
  {
    id: "dec-octet",
    title: "25 before 255: ordered choice commits to a prefix",
    spec: "draft-2003",
    rule: "dec-octet",
    inputs: ["255", "25", "199", "7"],
    text: "The published dec-octet lists DIGIT first. Read as PEG, “2” of “255” matches DIGIT, the choice commits, and the rest “55” is left over: 255 is rejected, and in an IPv4address the parse fails at the first “5”. Our transcription orders the alternatives longest first.",
  },
  {
    id: "ipv4",
    title: "The same trap one level up",
    spec: "draft-2003",
    rule: "IPv4address",
    inputs: ["192.168.0.255", "10.0.0.1"],
    text: "An IPv4address is four dec-octets: the naive reading rejects any address with a 25x octet (and other octets whose first digit matches alone) wherever it stands.",
  },
  {
    id: "hostname",
    title: "*( domainlabel \".\" ) toplabel: a label that commits to its first character",
    spec: "draft-1997",
    rule: "hostname",
    inputs: ["www.example.com", "a.b.c", "example.com"],
    text: "domainlabel = alphanum | alphanum *( alphanum | \"-\" ) alphanum. Read as PEG, the first alternative takes one character and commits, so the loop *( domainlabel \".\" ) sees “w” followed by “w”, not “.”, and stops; toplabel then matches “w” alone. One-letter labels (a.b.c) pass, real names do not. Our transcription tries the long form first and stops its middle loop while another label character follows, so the loop over “label .” then stops exactly before the last label.",
  },
  {
    id: "qualified",
    title: "A loop that eats what the next term needs",
    spec: "draft-2003",
    rule: "hostname",
    inputs: ["example.com.", "example.com"],
    text: "draft-2003 writes hostname = domainlabel qualified, qualified = *( \".\" domainlabel ) [ \".\" toplabel \".\" ]. With a final dot, the greedy loop takes “.com” as a domainlabel, and the option [ \".\" toplabel \".\" ] then finds only the final “.”: the naive reading rejects example.com. even with correct labels. Our transcription stops the loop before a label that is followed by a final dot.",
  },
];

startPage(async () => {
  const main = mainElement();
  main.classList.add("guide");
  const specs = availableSpecIds();
  const data = new Map<string, RevisionData>();
  // The examples and traps parse with their revisions: those revisions' tables only.
  const parsed = [...new Set([...CONSTRUCTS.flatMap((c) => c.examples.map((e) => e.spec)), ...TRAPS.map((t) => t.spec)])];
  await Promise.all([...specs.map(async (id) => data.set(id, await loadRevisionData(id))), loadRevisions(parsed)]);
  main.append(
    h("p", { class: "intro" }, "The documents write their grammars in three notations. Our transcriptions are PEG (peggy), which reads like them but is not the same: its choice is ordered and its repetition is greedy. Each construct below shows how each notation writes it, how PEG writes it, and rules from our grammars to try. The traps at the end are the places where a word-for-word transcription would change the language."),
    h("nav", { class: "toc", "aria-label": "sections" }, h("ul", {},
      h("li", {}, h("a", { href: "#notations" }, "The three notations")),
      CONSTRUCTS.map((c) => h("li", {}, h("a", { href: `#${c.id}` }, c.title))),
      h("li", {}, h("a", { href: "#traps" }, "Ordered choice traps")),
      h("li", {}, h("a", { href: "#diagram-key" }, "Key to the diagrams")),
      h("li", {}, h("a", { href: "#glossary" }, "Glossary")))),
    h("section", { id: "notations" }, h("h2", {}, "The three notations, and PEG"),
      h("div", { class: "notation-cards" },
        NOTATIONS.map((n) => h("div", { class: "construct", id: `notation-${n.id}` },
          h("h3", {}, n.name),
          h("p", {}, n.text),
          h("p", { class: "note" }, "Used by: ", specs.filter((s) => data.get(s)?.publishedFile?.endsWith(`/published.${n.id}`)).map((s) => h("a", { href: `grammar.html?spec=${s}`, class: "mono" }, s)).flatMap((a, i) => (i === 0 ? [a] : [", ", a])), "."),
        )),
        pegCard())),
  );
  for (const c of CONSTRUCTS) {
    main.append(h("section", { id: c.id },
      h("h2", {}, c.title),
      scrollBox("how each notation writes it", h("table", {}, h("tbody", {}, c.written.map((w) => h("tr", {}, h("th", { scope: "row" }, w.notation), h("td", { class: "mono" }, w.form)))))),
      h("p", {}, c.explanation),
      c.examples.map((e) => exampleCard(e, data)),
    ));
  }
  main.append(h("section", { id: "traps" },
    h("h2", {}, "Ordered choice traps"),
    h("p", {}, "Three readings of the same rule, live: the published grammar read as a context-free grammar (every alternative tried: what the document means), the same published rules read naively as PEG (alternatives in published order, the first match wins), and our PEG transcription. Where the naive reading disagrees with the published grammar, a word-for-word transcription would have changed the language."),
    TRAPS.map((t) => trapCard(t, data))));
  const key = diagramKey(true);
  key.id = "diagram-key";
  main.append(key, glossary());
  const anchor = readAnchor();
  if (anchor) document.getElementById(anchor)?.scrollIntoView();
});

function missing(spec: string, rule: string): HTMLElement {
  return h("p", { class: "failure", "data-missing": `${spec} ${rule}` }, `This example needs rule ${rule} of ${spec}, which the registry does not have.`);
}

function ruleDiagrams(revision: Revision, d: RevisionData, name: string): HTMLElement | null {
  const rule = findRule(revision, name);
  if (!rule) return null;
  const links = ruleLinks(revision, false);
  const pub = publishedRule(d, rule);
  const peg = d.peg[rule.pegName];
  return h("div", { class: "pair" },
    h("div", {}, h("h4", {}, "As published"), h("pre", {}, rule.text.join("\n")), pub ? diagramElement(publishedItem(pub.expr, links), `railroad diagram of ${name} as published`, "published") : null),
    h("div", {}, h("h4", {}, "PEG"), h("pre", {}, peg?.source ?? ""), peg ? diagramElement(pegItem(peg.expr, links), `railroad diagram of the PEG of ${name}`, "peg") : null),
  );
}

/** A text box whose content is kept in the address (?<key>=), so a shared link shows the same tries. */
function tryBox(key: string, initial: string, judge: (input: string) => HTMLElement[]): HTMLElement {
  const input = h("input", { type: "text", value: readParam(key) ?? initial, spellcheck: "false", autocomplete: "off", "aria-label": "input to try", "data-try": key });
  const out = h("span", { class: "verdicts", "aria-live": "polite" });
  const update = () => {
    writeParams({ [key]: input.value === initial ? null : input.value });
    out.replaceChildren(...judge(input.value));
  };
  input.addEventListener("input", update);
  update();
  return h("div", { class: "try" }, h("label", {}, "Try: "), input, out);
}

function pill(label: string, ok: boolean | null, extra = ""): HTMLElement {
  const verdict = ok === null ? "no answer" : ok ? "valid" : "invalid";
  return h("span", { class: `pill ${ok === null ? "" : ok ? "valid" : "invalid"}`, "data-verdict": verdict }, `${ok ? "✓" : ok === null ? "?" : "✗"} ${label}: ${verdict}${extra}`);
}

function exampleCard(e: Example, data: Map<string, RevisionData>): HTMLElement {
  const revision = getRevision(e.spec);
  const d = data.get(e.spec);
  const rule = revision ? findRule(revision, e.rule) : undefined;
  if (!revision || !d || !rule) return missing(e.spec, e.rule);
  return h("div", { class: "construct", "data-example": `${e.spec} ${e.rule}` },
    h("h3", {}, h("a", { href: ruleHref(e.spec, rule.pegName), class: "mono" }, `${e.spec} ${e.rule}`), h("span", { class: "note" }, ` — ${e.says}`)),
    ruleDiagrams(revision, d, e.rule),
    tryBox(`${e.spec}.${e.rule}`, e.input, (input) => {
      const r = parse(input, { spec: e.spec, rule: e.rule });
      return [pill(`our ${e.spec} ${e.rule}`, r.ok, r.ok ? "" : ` at offset ${r.error.offset}`)];
    }),
  );
}

function trapCard(t: Trap, data: Map<string, RevisionData>): HTMLElement {
  const revision = getRevision(t.spec);
  const d = data.get(t.spec);
  const rule = revision ? findRule(revision, t.rule) : undefined;
  if (!revision || !d || !rule || !d.published) return missing(t.spec, t.rule);
  const grammar = d.published;
  const rows = h("tbody", {});
  const judge = (input: string) => {
    const cfg = recognize(compiled(grammar), t.rule, input);
    const naive = naivePegMatch(grammar, t.rule, input);
    const ours = parse(input, { spec: t.spec, rule: t.rule });
    const naiveOk = naive === null || naive.verdict === "gave-up" ? null : naive.verdict === "valid";
    const naiveNote = naive && naive.verdict === "invalid" && naive.end >= 0 ? ` (its match stops at offset ${naive.end})` : "";
    return [pill("published, context-free", cfg), pill("published, read naively as PEG", naiveOk, naiveNote), pill(`our PEG`, ours.ok)];
  };
  for (const input of t.inputs) {
    // In the table the column heads name the readings: each cell says only the verdict.
    const cells = judge(input).map((c) => {
      const short = c.cloneNode(true) as HTMLElement;
      short.textContent = (c.textContent ?? "").replace(/^(\S+) [^:]+: /, "$1 ");
      return short;
    });
    rows.append(h("tr", { class: cells[1].dataset.verdict !== cells[0].dataset.verdict ? "changed" : "" }, h("td", { class: "mono" }, input), cells.map((c) => h("td", {}, c))));
  }
  return h("div", { class: "construct trap", id: `trap-${t.id}`, "data-trap": t.id, "data-spec": t.spec },
    h("h3", {}, t.title),
    h("p", {}, t.text),
    ruleDiagrams(revision, d, t.rule),
    scrollBox("verdicts of the three readings", h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "input"), h("th", {}, "published, context-free"), h("th", {}, "naive PEG"), h("th", {}, "our PEG"))), rows)),
    tryBox(`trap.${t.id}`, t.inputs[0], judge),
  );
}

/** PEG's own notation, as our transcriptions (grammar/<spec>/grammar.peggy, peggy 3) write it. */
function pegCard(): HTMLElement {
  const rows: [string, string][] = [
    ["a b", "sequence: a, then b"],
    ["a / b", "ordered choice: try a; only if a fails, try b from the same place. The first that matches wins"],
    ["a?", "optional, greedy: takes a whenever it matches, never gives it back"],
    ["a*   a+", "zero or more, one or more, greedy: stops only where a fails, never gives an iteration back"],
    ["a|1..4|   a|2|", "bounded repetition (ABNF 1*4a, 2a)"],
    ["&a   !a", "lookahead: a must (must not) match here; reads nothing"],
    ["!.", "the end of the input (no character follows)"],
    ['"http"   "u"i', "literal, exact case; with i, either case"],
    ["[0-9A-F]   .", "one character of a class; any one character"],
    ["( a b )", "grouping"],
  ];
  return h("div", { class: "construct", id: "peg" },
    h("h3", {}, "PEG (peggy): how our transcriptions are written"),
    h("p", {}, "A parsing expression grammar reads like BNF but is a program: it says how to parse, not only what is allowed. Each rule is tried at one place of the input and either matches a prefix there or fails; nothing is ever parsed two ways. The transcriptions keep every published rule and its name, and say in one line (@peg) wherever the PEG has a different shape."),
    scrollBox("PEG notation", h("table", {}, h("tbody", {}, rows.map(([form, meaning]) => h("tr", {}, h("td", { class: "mono" }, form), h("td", {}, meaning)))))),
    h("p", { class: "note" }, "Used by: every revision's transcription (grammar/<spec>/grammar.peggy). ", h("a", { href: "trace.html" }, "Watch a PEG parse step by step"), "."));
}

const GLOSSARY: [string, string][] = [
  ["rule", "A named definition of the grammar (hostport = host [ \":\" port ]). Also called a production; the name on the left is a nonterminal."],
  ["terminal", "A piece of the input written out in the rule: a literal (\"http\") or a character class ([0-9], %x30-39). Drawn rounded in the diagrams."],
  ["nonterminal", "A rule used inside another rule by its name. Drawn square in the diagrams; a link to its entry."],
  ["start rule", "The rule the input is checked against as a whole. Each revision has a top rule (URI-reference, url); the playground and the trace accept any rule as the start."],
  ["scheme-aware production", `${availableSpecIds().filter((id) => getRevision(id)?.schemeProductions).join(", ")} define one production per scheme (httpurl, ftpurl …). With no rule asked for, the scheme of the input picks the production, and only that one judges it.`],
  ["alternation", "In the published notations (| or /): the input may take any of the branches. Order does not matter; a context-free grammar tries them all."],
  ["ordered choice", "PEG's /: the branches are tried in order, and the first one that matches wins, even if a later one would have let the rest of the input parse."],
  ["commit", "What an ordered choice does once a branch matches: the remaining branches are never tried there, even if the parse fails later."],
  ["backtracking", "Going back to an earlier offset to try something else. A PEG backtracks to try the next branch of a choice when one fails, but never into a branch it has committed to, nor into a finished repetition."],
  ["greedy repetition", "PEG's *, + and ?: they take as much as they can and never give back, so what follows must fit after them."],
  ["lookahead", "PEG's &e (e must come next) and !e (e must not): they check without reading. The transcriptions use them to make a choice fall through (end-lookahead)."],
  ["PEG device", "One of the three reshapings the transcriptions use where a word-for-word PEG would change the language: end-lookahead, longest-first ordering of branches, bounded-greedy loops. Each rule says which in its @peg line."],
  ["derivation", "The tree of rules that matched, each over its span of the input: what the playground shows for a valid input."],
  ["offset", "A position in the input, counted from 0 in UTF-16 units: offset 7 is the eighth character."],
  ["farthest failure", "Where peggy reports an error: the farthest offset at which a terminal failed (outside a lookahead). The trace's \"step that decided it\" is the first failure there."],
  ["error offset (parse())", "The library's own error position: the first character after which no input could be accepted. It is never before peggy's farthest failure, and often the same."],
  ["helper rule", "A rule of our transcription that is not in the document (marked helper): an entry point or a piece the PEG needs. The explorer names the published rule it stands for."],
  ["core rule", "A rule the notation itself defines (RFC 2234's ALPHA, DIGIT, HEXDIG), not the document."],
  ["repair", "A deliberate change to garbled source text (a lost |, a typo), always recorded with the document's own words."],
  ["context-free reading", "The grammar as the document means it: every alternative allowed, repetitions stopping anywhere. The notation guide's traps compare it with PEG's reading."],
];

function glossary(): HTMLElement {
  return h("section", { id: "glossary" },
    h("h2", {}, "Glossary"),
    h("dl", { class: "glossary" }, GLOSSARY.flatMap(([term, text]) => [h("dt", { id: `term-${term.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}` }, term), h("dd", {}, text)])));
}
