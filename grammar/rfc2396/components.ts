// RFC 2396's components and the rules that read one character: data of its descriptor
// (grammar/rfc2396/descriptor.ts), and of rfc2732's, which RFC 2732 §3 leaves the same but for the host
// (IPv6reference) and the character classes it moves ("[" and "]" from unwise to reserved). A module
// of its own, without the generated tables, so that rfc2732's entry point (uri-grammars/rfc2732)
// carries rfc2732's tables alone.
import type { RevisionComponents } from "../../src/revisions/revision";

// §3 components: scheme (§3.1), authority (§3.2) = server | reg_name with userinfo, host, port
// (§3.2.2); path (§3.3) of segments with ";" params; query (§3.4); fragment (§4.1). Character
// classes: §2.2 reserved, §2.3 unreserved and mark, §2.4.3 the excluded control, space, delims
// and unwise.
export const RFC2396_COMPONENTS: RevisionComponents = {
  parts: {
    scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
    authority: { rule: "authority", examples: ["u:p@a.b:1"] },
    userinfo: { rule: "userinfo", examples: ["u:p"] },
    host: { rule: "host", examples: ["a.b", "a-b.c", "a.b.", "1.2.3.4"] },
    port: { rule: "port", examples: ["80"] },
    path: {},
    segment: { rule: "segment", examples: ["a;p"] },
    query: { rule: "query", examples: ["q"] },
    fragment: { rule: "fragment", examples: ["f"] },
  },
  classes: ["reserved", "mark", "unreserved", "alpha", "digit", "delims", "unwise", "control", "space"],
};

/** The rules that match one character (explain leaves them out of a derivation unless asked). */
export const RFC2396_CHARACTER_RULES: ReadonlySet<string> = /* @__PURE__ */ new Set(["alpha", "digit", "lowalpha", "upalpha", "alphanum", "hex", "escaped", "unreserved", "mark", "reserved", "pchar", "uric", "uric_no_slash", "control", "space", "delims", "unwise"]);
