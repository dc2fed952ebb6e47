// RFC 6874's components: RFC 3986's (grammar/rfc3986/components.ts; §2 only widens the host's
// IP-literal), with a zone among the examples of the authority and the host. Data of its descriptor
// and of rfc8089's, which keeps them; a module of its own, without the generated tables, so that each
// revision's entry point carries its own tables alone.
import type { RevisionComponents } from "../../src/revisions/revision";
import { RFC3986_COMPONENTS } from "../rfc3986/components";

/** RFC 3986's components, a zone and then `extraAuthorities` among the examples of the authority. */
export function rfc6874Components(...extraAuthorities: string[]): RevisionComponents {
  return {
    ...RFC3986_COMPONENTS,
    parts: {
      ...RFC3986_COMPONENTS.parts,
      authority: { rule: "authority", examples: [...RFC3986_COMPONENTS.parts.authority!.examples!, "[fe80::1%25en0]", ...extraAuthorities] },
      host: { rule: "host", examples: [...RFC3986_COMPONENTS.parts.host!.examples!, "[fe80::1%25en0]"] },
    },
  };
}

export const RFC6874_COMPONENTS: RevisionComponents = rfc6874Components();
