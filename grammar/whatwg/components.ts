// The components of a URL record under the writing grammar's names (Revision.components), shared by
// the snapshots of the URL Standard. No userinfo: §4.3 "There is no way to express a username or
// password of a URL record within a valid URL string." The authority is the tool's word for the host
// and port as written after "//" (RFC 3986 §3.2): the standard has none.
import type { RevisionComponents } from "../../src/revisions/revision";

export const WHATWG_COMPONENTS: RevisionComponents = {
  parts: {
    scheme: { rule: "URL-scheme string", examples: ["http", "a+b-c.d"] },
    host: { rule: "valid host string", also: ["valid opaque-host string"], examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]", "xn--nxasmq6b.com", "例え.jp"] },
    port: { rule: "URL-port string", examples: ["80"] },
    path: {},
    segment: { rule: "URL-path-segment string", examples: ["a", "%41", "パス"] },
    query: { rule: "URL-query string", examples: ["q", "a=b&c"] },
    fragment: { rule: "URL-fragment string", examples: ["f"] },
  },
  classes: ["URL code points", "forbidden host code point", "ASCII alphanumeric", "ASCII alpha", "ASCII digit"],
};

/** Rules that match one code point or one percent-encoded byte: errors name the rule above them. */
export const WHATWG_CHARACTER_RULES: ReadonlySet<string> = /* @__PURE__ */ new Set(["ASCII digit", "ASCII upper hex digit", "ASCII lower hex digit", "ASCII hex digit", "ASCII upper alpha", "ASCII lower alpha", "ASCII alpha", "ASCII alphanumeric", "URL code points", "URL units", "percent-encoded byte", "forbidden host code point"]);
