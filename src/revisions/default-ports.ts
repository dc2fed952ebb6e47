// Default ports by scheme, each row with the document that defines it. A revision's descriptor names
// the table its documents give (Revision.defaultPorts); normalize(), equivalent() and lint() read
// that table and no other.
//
// Two tables, because the documents say two things:
// - RFC 1738 §3 lists the default port of each scheme it defines ("If :<port> is omitted, the port
//   defaults to 21"). The revisions of 1993-1995 use it: rfc1738 is that document, rfc1808 builds on
//   it ("as per Section 3.1 of RFC 1738"), and draft-1993, draft-1994 and rfc1630 say only "if it is
//   not the default number for the protocol", for the protocols whose numbers RFC 1738 §3 collects.
// - draft-1997 §6, rfc2396 §6, draft-2003 §6.2.3 and rfc3986 §6.2.3 (and rfc3987, rfc6874, which
//   keep rfc3986's comparison) say "the default for the scheme" and list none: the default is the
//   scheme's definition's. A comparison made today applies the definitions in force today: RFC 9110
//   §4.2.1 and §4.2.2 for http and https, RFC 6455 §3 for ws and wss, and RFC 1738 §3 for the schemes
//   it still defines the ports of. (At the date of each of these revisions http's default was the same
//   80, by RFC 1945 and RFC 2616; https's 443 was RFC 2818's from 2000; ws and wss came in 2011. The
//   numbers would not change, only the citations.)
//
// RFC 9110 and RFC 6455 are not in ../shared/references: their words below are quoted from the RFCs as
// published (rfc-editor.org), as the row's `source.from` says. The RFC 1738 rows quote the seed (the
// Chinese translation, 002_3376c89374b224fa.txt, by line) and the RFC as published
// (../references/rfc1738.txt, by line); test/normalize.test.ts reads both.

/** Where a default port is defined: the document and section, its words, and where the words were read. */
export interface DefaultPortSource {
  /** The document and section, as a citation: `RFC 9110 §4.2.2`, `RFC 1738 §3.3`. */
  cite: string;
  /** The document's words that give the default. */
  quote: string;
  /** Where the words were read: a file under ../shared (with `line`), or the published RFC's address. */
  from: string;
  line?: number;
  /** The seed's words, when the seed is a translation (RFC 1738's is Chinese), and their line. */
  seedQuote?: string;
  seedLine?: number;
}

/** One scheme's default port and the document that defines it. */
export interface DefaultPort {
  /** The scheme name in lower case (scheme names compare without case: rfc3986 §3.1, draft-1997 §4.1). */
  scheme: string;
  port: number;
  source: DefaultPortSource;
}

const RFC1738 = "../references/rfc1738.txt";
const RFC1738_SEED = "002_3376c89374b224fa.txt";

const rfc1738Row = (scheme: string, port: number, section: string, line: number, seedLine: number, seedQuote: string): DefaultPort => ({
  scheme,
  port,
  source: { cite: `RFC 1738 ${section}`, quote: `If :<port> is omitted, the port defaults to ${port}.`, from: RFC1738, line, seedQuote, seedLine },
});

/** RFC 1738 §3: the default port of each scheme it defines. */
export const RFC1738_DEFAULT_PORTS: readonly DefaultPort[] = [
  rfc1738Row("ftp", 21, "§3.2", 321, 176, "如果:<端口>被省略的话,则使用缺省端口21。"),
  rfc1738Row("http", 80, "§3.3", 461, 231, "如果:<port>部分省略,那么就使用缺省的端口80。"),
  rfc1738Row("gopher", 70, "§3.4.1", 505, 251, "如果:<port>被省略,那么使用缺省端口70。"),
  rfc1738Row("nntp", 119, "§3.7", 708, 352, "如果省略:<port>,那么端口缺省为119。"),
  rfc1738Row("telnet", 23, "§3.8", 739, 365, "如果:<port>被省略,那么端口缺省为23。"),
  rfc1738Row("wais", 210, "§3.9", 762, 384, "如果省略了:<port>,那么端口缺省为210。"),
  rfc1738Row("prospero", 1525, "§3.11", 831, 422, "如果省略了:<port>,那么端口缺省为1525。"),
];

const RFC9110 = "RFC 9110 as published, https://www.rfc-editor.org/rfc/rfc9110 (not in ../shared/references)";
const RFC6455 = "RFC 6455 as published, https://www.rfc-editor.org/rfc/rfc6455 (not in ../shared/references)";
const WS_QUOTE = 'The port component is OPTIONAL; the default for "ws" is port 80, while the default for "wss" is port 443.';

/**
 * The scheme definitions in force today: http and https by RFC 9110 §4.2, ws and wss by RFC 6455 §3,
 * and the other schemes of RFC 1738 §3 by it. For the revisions whose comparison says "the default
 * for the scheme" without listing one.
 */
export const SCHEME_DEFAULT_PORTS: readonly DefaultPort[] = [
  { scheme: "http", port: 80, source: { cite: "RFC 9110 §4.2.1", quote: "If the port subcomponent is empty or not given, TCP port 80 (the reserved port for WWW services) is the default.", from: RFC9110 } },
  { scheme: "https", port: 443, source: { cite: "RFC 9110 §4.2.2", quote: "If the port subcomponent is empty or not given, TCP port 443 (the reserved port for HTTP over TLS) is the default.", from: RFC9110 } },
  { scheme: "ws", port: 80, source: { cite: "RFC 6455 §3", quote: WS_QUOTE, from: RFC6455 } },
  { scheme: "wss", port: 443, source: { cite: "RFC 6455 §3", quote: WS_QUOTE, from: RFC6455 } },
  ...RFC1738_DEFAULT_PORTS.filter((d) => d.scheme !== "http"),
];

/** The default port of `scheme` in a table (the scheme compared in lower case), or undefined. */
export function defaultPortIn(table: readonly DefaultPort[], scheme: string | null | undefined): DefaultPort | undefined {
  if (typeof scheme !== "string") return undefined;
  const s = scheme.toLowerCase();
  return table.find((d) => d.scheme === s);
}

/**
 * The WHATWG URL Standard's table ("URL miscellaneous": "The default port for a special scheme is
 * listed in the second column on the same row"): its five special schemes with a port (file's is
 * null, so it has no row). `from` is the standard's source under ../shared/references, `ftpLine` the
 * line of its ftp row (the others follow it: file, http, https, ws, wss).
 */
export function whatwgDefaultPorts(from: string, ftpLine: number): readonly DefaultPort[] {
  const row = (scheme: string, port: number, offset: number): DefaultPort => ({
    scheme,
    port,
    source: { cite: "URL Standard, URL miscellaneous", quote: `"${scheme}" ${port}`, from, line: ftpLine + offset },
  });
  return [row("ftp", 21, 0), row("http", 80, 2), row("https", 443, 3), row("ws", 80, 4), row("wss", 443, 5)];
}
