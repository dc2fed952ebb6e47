// Default ports by scheme, from RFC 1738 §3 (seed 002_3376c89374b224fa.txt, the Chinese translation
// of RFC 1738; line numbers are the seed's). draft-2003 §6.2.3 and draft-1997 §6 say that "a URI
// with an explicit ":port", where the port is the default for the scheme, is equivalent to one where
// the port is elided", without listing the defaults themselves.
export interface DefaultPort {
  scheme: string;
  port: number;
  section: string;
  line: number;
  quote: string;
}

export const DEFAULT_PORTS: readonly DefaultPort[] = [
  { scheme: "ftp", port: 21, section: "RFC 1738 §3.2 FTP", line: 176, quote: "如果:<端口>被省略的话,则使用缺省端口21。" },
  { scheme: "http", port: 80, section: "RFC 1738 §3.3 HTTP", line: 231, quote: "如果:<port>部分省略,那么就使用缺省的端口80。" },
  { scheme: "gopher", port: 70, section: "RFC 1738 §3.4.1 Gopher URL 语法", line: 251, quote: "如果:<port>被省略,那么使用缺省端口70。" },
  { scheme: "nntp", port: 119, section: "RFC 1738 §3.7 NNTP", line: 352, quote: "如果省略:<port>,那么端口缺省为119。" },
  { scheme: "telnet", port: 23, section: "RFC 1738 §3.8 TELNET", line: 365, quote: "如果:<port>被省略,那么端口缺省为23。" },
  { scheme: "wais", port: 210, section: "RFC 1738 §3.9 WAIS", line: 384, quote: "如果省略了:<port>,那么端口缺省为210。" },
  { scheme: "prospero", port: 1525, section: "RFC 1738 §3.11 PROSPERO", line: 422, quote: "如果省略了:<port>,那么端口缺省为1525。" },
];

/** The default port of a scheme (compared in lower case, as both drafts' scheme rules allow), or undefined. */
export function defaultPort(scheme: string | null): DefaultPort | undefined {
  if (scheme === null) return undefined;
  const s = scheme.toLowerCase();
  return DEFAULT_PORTS.find((d) => d.scheme === s);
}
