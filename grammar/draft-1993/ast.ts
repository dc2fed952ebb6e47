// What the 1993 draft's grammar ("BNF syntax") cannot state as a rule's match, for the generated
// builder (generated/draft-1993.ast.ts, from grammar/draft-1993/grammar.peggy's @field annotations): a
// search's keywords, prospero's "%23" fields, and the port of a start rule below the addresses.
import { piecesBetween, portOf } from "../../src/ast/build";
import type { Port, Span, TextComponent } from "../../src/ast/types";

/** search = xalphas [ + search ]: "+" is not an xalpha, so the keywords are the pieces between "+". */
export function keywords(input: string, scope: Span): TextComponent[] {
  return piecesBetween(input, scope.start, scope.end, "+");
}

/**
 * Section "Prospero": other fields "are appended to the HSOName and separated by the characters
 * "%23"": the hsoname is the path before the first "%23", the fields the pieces after each "%23".
 */
export function hsoname(input: string, _scope: Span, path: Span): TextComponent {
  return piecesBetween(input, path.start, path.end, "%23")[0];
}

export function prosperoFields(input: string, _scope: Span, path: Span): TextComponent[] {
  return piecesBetween(input, path.start, path.end, "%23").slice(1);
}

/**
 * The port of a start rule below the addresses: hostport = host [ : port ], so a hostport's port is
 * null when it has none; a port start rule is its own match; absent (undefined) otherwise.
 */
export function portBelow(input: string, scope: Span, hostport: Span | null, port: Span | null, isPort: boolean): Port | null | undefined {
  if (hostport !== null) return port !== null ? portOf(input, port.start, port.end) : null;
  return isPort ? portOf(input, scope.start, scope.end) : undefined;
}
