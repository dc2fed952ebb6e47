// Reader for RFC 2234 ABNF (draft-2003 §1.6). Quoted strings are case-insensitive (RFC 2234 §2.3)
// and so are rule names (§2.1).
import type { ReadResult } from "./model";
import { buildGrammar } from "./build-grammar";

export function readAbnf(source: string, file: string, spec: string): ReadResult {
  return buildGrammar(source, file, spec, {
    notation: "RFC 2234 ABNF",
    namesIgnoreCase: true,
    options: () => ({ alternative: "/", literalsIgnoreCase: true, numericValues: true }),
  });
}
