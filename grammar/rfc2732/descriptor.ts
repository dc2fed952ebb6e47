// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc2732.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc2732.rules";
import { AST, readComponents } from "../../generated/rfc2732.ast";
import type { Rfc2732Ast } from "../../generated/rfc2732.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC2396_CHARACTER_RULES, RFC2396_COMPONENTS } from "../rfc2396/components";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Rfc2732Ast> = {
  id: "rfc2732",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  // The amendment, in ../shared/references/; the rest of the grammar is RFC 2396's (rfc2396.txt).
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  // RFC 2732 changes the syntax only: resolution (§5.2), normalization (§6) and the security notes
  // (§7) stay RFC 2396's (RFC 2732 §4: "does not introduce any known new security concerns").
  resolution: { algorithm: "rfc2396 §5.2" },
  normalization: "rfc2396 §6",
  // Default ports (src/revisions/default-ports.ts): RFC 2396 §6: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // RFC 2396's components, with IPv6 references among the examples of the authority and the host
  // (RFC 2732 §3: host = hostname | IPv4address | IPv6reference).
  components: {
    ...RFC2396_COMPONENTS,
    parts: {
      ...RFC2396_COMPONENTS.parts,
      authority: { rule: "authority", examples: ["u:p@a.b:1", "[::FFFF:1.2.3.4]:80"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[1080::8:800:200C:417A]", "[::FFFF:129.144.52.38]"] },
    },
  },
  // RFC 2373's DIGIT and HEXDIG read one character too.
  characterRules: /* @__PURE__ */ new Set([...RFC2396_CHARACTER_RULES, "DIGIT", "HEXDIG"]),
};
