// Random strings for the WHATWG revision's agreement with an independent reading of the standard
// (whatwg-url's isValidURLString): test/whatwg.test.ts runs a few thousand per class of base URL,
// scripts/whatwg-agreement.mjs a million. Written for issue 42 (the helper's scratch generator, kept).
/** A small seeded generator (mulberry32): the same seed gives the same strings on every machine. */
export function rng(seed: number): () => number { let a = seed >>> 0; return () => { a = (a + 0x6D2B79F5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; }
const SCHEMES: readonly string[] = ["http", "https", "HTTP", "hTtPs", "ws", "wss", "WS", "ftp", "file", "FILE", "File", "foo", "a", "a+b-c.d", "x1", "javascript", "mailto", "1a", "", "h ttp", "fil", "files", "httpss", "-a"];
const HOSTS: readonly string[] = ["example.org", "EXAMPLE.ORG", "a", "a.b.c", "xn--nxasmq6b", "xn--a", "ü", "☕.example", "a_b", "-a", "a-", "ab--c", "example.255", "example.0x1f", "example.0x", "a.1", "a.1.", "1.2.3.4", "1.2.3.4.", "1.2.3.4.5", "1.2.3.4a", "1.2.3.4.com", "1.2.3.4-a", "10.0.0.1x", "256.1.1.1", "255.255.255.255", "01.2.3.4", "1.2.3", "0x7f.1", "0x7f.0.0.1", "09", "0", "a..b", "a.", ".", "%41", "exam%70le", "h@x", "u:p@h", "@h", "[::1]", "[::01]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:1.2.3.4]", "[::1.2.3.4]", "[::ffff:1.2.3.4]", "[1::2::3]", "[v1.x]", "[fe80::1%25en0]", "[0:0:0:0:0:0:0:0]", "[::]", "[1:2:3:4:5:6:7::]", "[::1:2:3:4:5:6:7]", "[::1:2:3:4:5:6:1.2.3.4]", "[1:2:3:4:5:6:7:8:9]", "[1:2:3:4:5::1.2.3.4]", "[ABCD::EF]", "[abcde::]", "[::1.2.3.04]", "[::1.2.3]", "a\u200db", "\u05d0", "\u05d0.1", "ｗｗｗ", "xn--8i7caa", "", "a b", "a^b", "a|b", "a%b", "localhost", "LOCALHOST", "\u00ad", "a\u00ad", "a\ufffe", "\ud83d\ude00.com", "a\u3002b", "a\uff0eb", "faß.de", "a".repeat(64), "a.b.c.d.e.f.g.h", "\u0301a", "a\u0080", "ex\u00a0ample", "a!b", "a$b", "a~b", "a=b", "a*b", "C:", "c|"];
const PORTS: readonly string[] = ["", "0", "80", "00080", "65535", "65536", "99999", "8x", "-1", "1.2", "0000000000000080", "443"];
const SEGMENTS: readonly string[] = ["", "a", "b", "b c", ".", "..", "%2e", "%2E%2e", ".%2e", "%2e.", "...", "C:", "c|", "%", "%4", "%zz", "%41", "%2f", "π", "\\", "[", "]", "^", "|", "{", "`", "\"", "'", "@", ":", ";", "=", "~", "!", "$", "&", "(", "*", "+", ",", "-", "_", "\u0080", "\u00a0", "\ufdd0", "\ufdef", "\ufdf0", "\ufffd", "\ufffe", "\ud800", "\udfff", "\ud83d\ude00", "\ud83f\udffe", "\ud83f\udffd", "\udbff\udffd", "\udbff\udfff", "\ue000", "\t", "\n", " ", "\u007f", "<", ">", "a:b", "x:"];
const CHARS: readonly string[] = ["a", "Z", "0", "9", "/", "?", "#", ":", "@", "%", "%2", "%20", "%e2%82%ac", ".", "..", "[", "]", "\\", " ", "\t", "^", "|", "{", "}", "`", "\"", "<", ">", "'", "!", "$", "&", "(", ")", "*", "+", ",", ";", "=", "-", "_", "~", "\u0000", "\u001f", "\u007f", "\u0080", "\u009f", "\u00a0", "é", "π", "\u200d", "\ufdd0", "\ufffe", "\uffff", "\ud800", "\udc00", "\ud83d\ude00", "\ud83f\udfff", "\udbff\udffd", "\ue000", "xn--", "0x", "%2e", "//"];
const RELATIVE_STARTS: readonly string[] = ["", "/", "//", "///", "#", "?", ".", "..", "./", "../", "a", "a:", "\\", "\\\\", "C:", "/C:/", "c|/", "a/b", "1:", "-:"];

/**
 * Strings aimed at the productions of a valid URL string and their edges: schemes (special, file,
 * other, malformed), hosts (domains that UTS #46 accepts and refuses, that end in a number, IPv4 in
 * every form, IPv6 right and wrong, opaque), ports, path segments (dot segments, percent-encoded
 * bytes, code points at every boundary of the URL code points: noncharacters, surrogates, controls),
 * queries and fragments; 30% of them mutated by one or two edits. From a seed.
 */
export function whatwgStrings(seed: number): () => string {
  const r = rng(seed);
  const pick = (xs: readonly string[]): string => xs[Math.floor(r() * xs.length)];
  const chance = (p: number): boolean => r() < p;
  const path = () => { let s = ""; const n = Math.floor(r() * 4); for (let i = 0; i < n; i++) s += "/" + (chance(0.8) ? pick(SEGMENTS) : pick(SEGMENTS) + pick(SEGMENTS)); return s; };
  const rel = () => { let s = ""; const n = 1 + Math.floor(r() * 3); for (let i = 0; i < n; i++) s += (i ? "/" : "") + pick(SEGMENTS); return s; };
  const tail = () => { let s = ""; if (chance(0.3)) s += "?" + pick(SEGMENTS) + (chance(0.3) ? pick(CHARS) : ""); if (chance(0.3)) s += "#" + pick(SEGMENTS) + (chance(0.3) ? pick(CHARS) : ""); return s; };
  const authority = () => pick(HOSTS) + (chance(0.3) ? ":" + pick(PORTS) : "");
  const afterScheme = () => { const k = r(); if (k < 0.55) return "//" + authority() + (chance(0.7) ? path() : ""); if (k < 0.7) return path() || "/"; if (k < 0.8) return "/" + path(); if (k < 0.9) return rel(); return "//" + (chance(0.5) ? "" : pick(PORTS)) + path(); };
  function structured() {
    const k = r();
    if (k < 0.6) return pick(SCHEMES) + (chance(0.95) ? ":" : "") + afterScheme() + tail();
    if (k < 0.8) return pick(RELATIVE_STARTS) + (chance(0.5) ? authority() : "") + (chance(0.5) ? path() : rel()) + tail();
    if (k < 0.9) return "//" + authority() + path() + tail();
    let s = ""; const n = Math.floor(r() * 8); for (let i = 0; i < n; i++) s += pick(CHARS); return s;
  }
  function mutate(s: string): string {
    const cps = [...s];
    const edits = 1 + Math.floor(r() * 2);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(r() * (cps.length + 1));
      const k = r();
      if (k < 0.4) cps.splice(at, 0, pick(CHARS));
      else if (k < 0.7 && cps.length) cps.splice(Math.min(at, cps.length - 1), 1);
      else if (cps.length) cps[Math.min(at, cps.length - 1)] = pick(CHARS);
    }
    return cps.join("");
  }
  return () => { const s = structured(); return chance(0.3) ? mutate(s) : s; };
}
