// Links to the documents' own text (the source page, source.html): a section number of a rule
// opens the document at that section with the rule highlighted.
import { pageLink } from "./url-state";

/** The address of a section of a revision's document, with a rule to highlight there. */
export function sourceHref(spec: string, section: string, rule: string | null = null): string {
  return pageLink("source.html", { spec }, { section, rule });
}
