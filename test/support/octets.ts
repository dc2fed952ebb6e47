// The dec-octet rule's language, probed: the revisions that spell IPv4 octets as RFC 3986's
// dec-octet (draft-2003 and RFC 3986 §3.2.2) accept exactly 0..255 without leading zeros.
import { parse } from "../../src";
import type { SpecId } from "../../src/revisions";

/** 0..999 and 00..09: every octet the rule could be asked about, and the zero-padded ones it refuses. */
const PROBES = [...Array.from({ length: 1000 }, (_, n) => String(n)), ...Array.from({ length: 10 }, (_, n) => `0${n}`)];

/** What 0..255 written without leading zeros is. */
export const OCTETS: readonly string[] = Array.from({ length: 256 }, (_, n) => String(n));

/** The probes a revision's dec-octet rule accepts, in order. */
export function decOctetsAccepted(spec: SpecId): string[] {
  return PROBES.filter((s) => parse(s, { spec, rule: "dec-octet" }).ok);
}
