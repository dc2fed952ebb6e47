// Reader for RFC 2234 ABNF (draft-2003 §1.6). Quoted strings are case-insensitive (RFC 2234 §2.3)
// and so are rule names (§2.1). `; @names angle-brackets` writes every rule name between angle
// brackets (RFC 5234 §2.1 allows them around a rule name), for a document whose names hold spaces.
import type { ReadResult } from "./model";
import { buildGrammar } from "./build-grammar";

export function readAbnf(source: string, file: string, spec: string): ReadResult {
  return buildGrammar(source, file, spec, {
    notation: "RFC 2234 ABNF",
    namesIgnoreCase: true,
    options: (directives) => ({ alternative: "/", literalsIgnoreCase: true, numericValues: true, angleBracketNames: directives.get("names") === "angle-brackets" }),
  });
}
