// RFC 3986's components and the rules that read one character: data of its descriptor
// (grammar/rfc3986/descriptor.ts), and of rfc6874's, which RFC 6874 §2 leaves the same but for the host's
// IP-literal. A module of its own, without the generated tables, so that rfc6874's entry point
// (uri-grammars/rfc6874) carries rfc6874's tables alone.
import type { RevisionComponents } from "../../src/revisions/revision";

// §3 components: scheme (§3.1), authority (§3.2) = [ userinfo "@" ] host [ ":" port ] (§3.2.1-
// §3.2.3), path (§3.3) of segments, query (§3.4), fragment (§3.5). Character classes: §2.2
// gen-delims and sub-delims (reserved), §2.3 unreserved.
export const RFC3986_COMPONENTS: RevisionComponents = {
  parts: {
    scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
    authority: { rule: "authority", examples: ["u:p@a.b:1", "[::1]", "[v1.x]"] },
    userinfo: { rule: "userinfo", examples: ["u:p"] },
    host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]", "[v1.x]"] },
    port: { rule: "port", examples: ["80"] },
    path: {},
    segment: { rule: "segment", examples: ["a"] },
    query: { rule: "query", examples: ["q"] },
    fragment: { rule: "fragment", examples: ["f"] },
  },
  classes: ["gen-delims", "sub-delims", "reserved", "unreserved", "ALPHA", "DIGIT"],
};

/** The rules that match one character (explain leaves them out of a derivation unless asked). */
export const RFC3986_CHARACTER_RULES: ReadonlySet<string> = /* @__PURE__ */ new Set(["ALPHA", "DIGIT", "HEXDIG", "unreserved", "reserved", "gen-delims", "sub-delims", "pct-encoded", "pchar"]);
