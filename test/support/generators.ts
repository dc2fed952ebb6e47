// fast-check generators of references, built rule by rule from the two grammars (draft-2003 §3-§4,
// draft-1997 Appendix A). They aim at valid inputs; the tests still keep only what the parser
// accepts, so a generator that strays only costs a run, never a wrong verdict.
import fc from "fast-check";

const chars = (s: string) => fc.constantFrom(...s.split(""));
const str = (a: fc.Arbitrary<string>, min = 0, max = 6) => fc.array(a, { minLength: min, maxLength: max }).map((x) => x.join(""));
const opt = (a: fc.Arbitrary<string>, prefix = "") => fc.option(a.map((x) => prefix + x), { nil: "" });

const ALPHA = "abcxyzABCXYZ";
const DIGIT = "0123456789";
const HEX = "0123456789abcdefABCDEF";
const escaped = fc.tuple(chars(HEX), chars(HEX)).map(([a, b]) => `%${a}${b}`);
// Escapes that matter to normalization: unreserved letters/digits/"_"/"~", marks, and reserved.
const interestingEscape = fc.constantFrom("%41", "%7a", "%7A", "%7e", "%5F", "%2e", "%2E", "%2f", "%3A", "%25", "%20");
const esc = fc.oneof(escaped, interestingEscape);

// ---- draft-2003 ----
const mark2003 = "-_.!~*'()";
const unreserved2003 = chars(ALPHA + DIGIT + mark2003);
const pchar2003 = fc.oneof({ weight: 6, arbitrary: unreserved2003 }, { weight: 2, arbitrary: chars(";:@&=+$,") }, { weight: 1, arbitrary: esc });
const dotSegment = fc.constantFrom(".", "..", "", "a", "b");
const segment2003 = fc.oneof({ weight: 3, arbitrary: str(pchar2003) }, { weight: 2, arbitrary: dotSegment });
const pathSegments2003 = fc.array(segment2003, { minLength: 1, maxLength: 5 }).map((s) => s.join("/"));
const absPath2003 = pathSegments2003.map((p) => "/" + p);
const relSegment2003 = str(fc.oneof(unreserved2003, chars(";@&=+$,"), esc), 1, 5);
const relPath2003 = fc.tuple(relSegment2003, opt(absPath2003)).map(([a, b]) => a + b);
const query2003 = str(fc.oneof(pchar2003, chars("/?")), 0, 8);
const scheme2003 = fc.tuple(chars(ALPHA), str(chars(ALPHA + DIGIT + "+-."), 0, 4)).map(([a, b]) => a + b);
const label = fc.tuple(chars(ALPHA + DIGIT), str(chars(ALPHA + DIGIT + "-"), 0, 3), chars(ALPHA + DIGIT)).map(([a, b, c]) => a + b + c);
const toplabel = fc.tuple(chars(ALPHA), str(chars(ALPHA + DIGIT), 0, 3)).map(([a, b]) => a + b);
const hostname2003 = fc.tuple(fc.array(label, { minLength: 0, maxLength: 2 }), toplabel, fc.boolean()).map(([ls, t, dot]) => [...ls, t].join(".") + (dot ? "." : ""));
const octet = fc.integer({ min: 0, max: 255 }).map(String);
const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join("."));
const h4 = str(chars(HEX), 1, 4);
const ipv6 = fc.oneof(
  fc.tuple(fc.array(h4, { minLength: 6, maxLength: 6 }), h4, h4).map(([six, a, b]) => `[${six.join(":")}:${a}:${b}]`),
  fc.constantFrom("[::1]", "[::]", "[FEDC:BA98::3210]", "[::FFFF:129.144.52.38]", "[1080::8:800:200C:417A]"),
);
const host2003 = fc.oneof({ weight: 4, arbitrary: hostname2003 }, { weight: 1, arbitrary: ipv4 }, { weight: 1, arbitrary: ipv6 });
const userinfo2003 = str(fc.oneof(unreserved2003, chars(";:&=+$,"), esc), 0, 5);
const port = fc.oneof(fc.constantFrom("", "80", "21", "070", "8080"), str(chars(DIGIT), 0, 4));
const server2003 = fc.tuple(opt(userinfo2003.map((u) => u + "@")), host2003, opt(port, ":")).map(([u, h, p]) => u + h + p);
const regName2003 = str(fc.oneof(unreserved2003, chars(";:@&=+$,"), esc), 1, 6);
const authority2003 = fc.oneof({ weight: 4, arbitrary: server2003 }, { weight: 1, arbitrary: regName2003 }, { weight: 1, arbitrary: fc.constant("") });
const netPath2003 = fc.tuple(authority2003, opt(absPath2003)).map(([a, p]) => "//" + a + p);
const hierPart = fc.tuple(fc.oneof(netPath2003, absPath2003, fc.constant("")), opt(query2003, "?")).map(([p, q]) => p + q);
const uricNoSlash = fc.oneof(unreserved2003, esc, chars("[];?:@&=+$,"));
const uric = fc.oneof(uricNoSlash, chars("/"));
const opaquePart = fc.tuple(uricNoSlash, str(uric, 0, 6)).map(([a, b]) => a + b);
const absoluteUri2003 = fc.tuple(scheme2003, fc.oneof({ weight: 4, arbitrary: hierPart }, { weight: 1, arbitrary: opaquePart })).map(([s, r]) => `${s}:${r}`);
const relativeUri2003 = fc.tuple(fc.oneof(netPath2003, absPath2003, relPath2003, fc.constant("")), opt(query2003, "?")).map(([p, q]) => p + q);

/** draft-2003 URI-reference = [ absolute-URI / relative-URI ] [ "#" fragment ] */
export const uriReference2003 = fc.tuple(fc.oneof(absoluteUri2003, relativeUri2003), opt(query2003, "#")).map(([a, f]) => a + f);

// ---- draft-1997 ----
const mark1997 = "$-_.!~*'()";
const unreserved1997 = chars(ALPHA + DIGIT + mark1997);
const pchar1997 = fc.oneof({ weight: 6, arbitrary: unreserved1997 }, { weight: 2, arbitrary: chars(":@&=+") }, { weight: 1, arbitrary: esc });
const segment1997 = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(str(pchar1997), fc.array(str(pchar1997, 0, 3), { maxLength: 2 })).map(([n, ps]) => n + ps.map((p) => ";" + p).join("")) },
  { weight: 2, arbitrary: dotSegment },
);
const pathSegments1997 = fc.array(segment1997, { minLength: 1, maxLength: 5 }).map((s) => s.join("/"));
const urlc = fc.oneof(unreserved1997, esc, chars(";/?:@&=+"));
const query1997 = str(urlc, 0, 8);
const relPath1997 = fc.tuple(opt(pathSegments1997), opt(query1997, "?")).map(([p, q]) => p + q);
const absPath1997 = relPath1997.map((r) => "/" + r);
const hostname1997 = fc.tuple(fc.array(label, { maxLength: 2 }), toplabel).map(([ls, t]) => [...ls, t].join("."));
const hostnumber = fc.array(str(chars(DIGIT), 1, 3), { minLength: 4, maxLength: 4 }).map((o) => o.join("."));
const user1997 = str(fc.oneof(unreserved1997, chars(";&=+"), esc), 0, 4);
const site1997 = fc.oneof(
  fc.tuple(opt(fc.tuple(user1997, opt(user1997, ":")).map(([u, p]) => u + p + "@")), fc.oneof(hostname1997, hostnumber), opt(port, ":")).map(([u, h, p]) => u + h + p),
  fc.constant(""),
);
const netPath1997 = fc.tuple(site1997, opt(absPath1997)).map(([s, p]) => "//" + s + p);
const relativeUrl1997 = fc.oneof(netPath1997, absPath1997, relPath1997);
const scheme1997 = str(chars(ALPHA + DIGIT + "+-."), 1, 5);
const absoluteUrl1997 = fc.tuple(scheme1997, fc.oneof({ weight: 4, arbitrary: relativeUrl1997 }, { weight: 1, arbitrary: str(urlc, 0, 6) })).map(([s, r]) => `${s}:${r}`);

/** draft-1997 URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ] */
export const urlReference1997 = fc.tuple(fc.option(fc.oneof(absoluteUrl1997, relativeUrl1997), { nil: "" }), opt(query1997, "#")).map(([a, f]) => a + f);

/** Short strings over the characters that matter to the component boundaries, for either grammar. */
export const boundaryNoise = str(fc.constantFrom("a", "B", "1", ":", "/", "?", "#", "@", "[", "]", ".", ";", "%", "%41", "//", "=", ""), 0, 10);
