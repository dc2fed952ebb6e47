// Links to the documents' own text (the source page, source.html): a section number of a rule
// opens the document at that section with the rule highlighted.
import { pageLink } from "./url-state";

/**
 * The anchor of a cited section on the documents page (scripts/site/documents.mjs headingId): its
 * own anchor (`§4.3 #url-writing` -> `s-url-writing`), else its most specific section number
 * (`§3.2.2`, `Appendix A (§3.2.2)` -> `s-3.2.2`), else its appendix (`appendix-a`), else its words.
 */
export function sectionAnchor(section: string): string {
  // The WHATWG URL Standard's sections name their headings' anchors ("§4.3 #url-writing").
  const own = /#([A-Za-z][\w-]*)/.exec(section)?.[1];
  if (own) return `s-${own}`;
  const number = /§\s*(\d+(?:\.\d+)*)/.exec(section)?.[1];
  if (number) return `s-${number}`;
  const appendix = /Appendix\s+([A-Z])\b/.exec(section)?.[1];
  if (appendix) return `appendix-${appendix.toLowerCase()}`;
  return `s-${section.toLowerCase().replace(/[^a-z0-9\u4e00-\u9fff.]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60)}`;
}

/** The address of a section of a revision's document (its heading's anchor), with a rule to highlight there. */
export function sourceHref(spec: string, section: string, rule: string | null = null): string {
  const state = new URLSearchParams();
  state.set("section", section);
  if (rule) state.set("rule", rule);
  return `${pageLink("source.html", { spec })}#${sectionAnchor(section)}&${state.toString()}`;
}
