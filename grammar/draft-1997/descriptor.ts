// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/draft-1997.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/draft-1997.rules";
import { AST, readComponents } from "../../generated/draft-1997.ast";
import type { Draft1997Ast } from "../../generated/draft-1997.ast";
import type { Revision } from "../../src/revisions/revision";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Draft1997Ast> = {
  id: "draft-1997",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "draft-1997 §5.2" },
  normalization: "draft-1997 §6",
  // Default ports (src/revisions/default-ports.ts): §6: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // §4.3 components: site (§4.3.1) = [ user [ ":" password ] "@" ] hostport; path (§4.3.2); query
  // (§4.3.3); fragment (§3). Character classes: §2.2 reserved, §2.3 unreserved and mark, §2.4.3 the
  // excluded control, space, delims and unwise.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "site", name: "site", examples: ["u:p@a.b:1"] },
      userinfo: { rule: "user", name: "user", examples: ["u"] },
      password: { rule: "password", examples: ["p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a;p"] },
      query: { rule: "query", examples: ["q"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["reserved", "mark", "unreserved", "alpha", "digit", "delims", "unwise", "control", "space"],
  },
  characterRules: /* @__PURE__ */ new Set(["alpha", "digit", "lowalpha", "upalpha", "alphanum", "hex", "escaped", "unreserved", "mark", "reserved", "pchar", "urlc", "control", "space", "delims", "unwise"]),
};
