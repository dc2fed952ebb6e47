// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/draft-2003.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/draft-2003.rules";
import { AST, readComponents } from "../../generated/draft-2003.ast";
import type { Draft2003Ast } from "../../generated/draft-2003.ast";
import type { Revision } from "../../src/revisions/revision";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Draft2003Ast> = {
  id: "draft-2003",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ruleNameCase: "insensitive", // RFC 2234 §2.1
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "draft-2003 §5.2" },
  normalization: "draft-2003 §6.2",
  // Default ports (src/revisions/default-ports.ts): §6.2.3: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // §3 components: scheme (§3.1), authority (§3.2) = server / reg-name with userinfo, host, port
  // (§3.2.2); path (§3.3) of segments; query (§3.4); fragment (§4.1). Character classes: §2.2
  // reserved, §2.3 unreserved and mark, §2.4.3 delims and unwise (control and space are prose only).
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "authority", examples: ["u:p@a.b:1", "[::1]"] },
      userinfo: { rule: "userinfo", examples: ["u:p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a"] },
      query: { rule: "query", examples: ["q"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["reserved", "mark", "unreserved", "ALPHA", "DIGIT", "delims", "unwise"],
  },
  characterRules: /* @__PURE__ */ new Set(["ALPHA", "DIGIT", "HEXDIG", "DQUOTE", "alphanum", "unreserved", "mark", "reserved", "escaped", "pchar", "uric", "uric-no-slash", "delims", "unwise"]),
};
