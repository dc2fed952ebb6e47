// Reader for RFC 822-style BNF as draft-1997 §1.4 adopts it ("The grammar is that of [RFC822],
// except that "|" is used to designate alternatives"); RFC 1738 §5 uses the same notation.
import type { ReadResult } from "./model";
import { buildGrammar } from "./build-grammar";

export function readRfc822Bnf(source: string, file: string, spec: string): ReadResult {
  return buildGrammar(source, file, spec, {
    notation: "RFC 822-style BNF",
    namesIgnoreCase: false,
    options: (directives) => ({
      alternative: "|",
      // §1.4 does not say; the file states its reading with `; @literals`.
      literalsIgnoreCase: directives.get("literals") === "case-insensitive",
      numericValues: false,
      // RFC 1738 §5: "brackets [] enclose optional or repeated elements": `1*[ x ]` is one or more x.
      repeatedBracketsGroup: true,
    }),
  });
}
