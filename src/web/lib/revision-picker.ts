// The revision menu every page shows: one option per revision, "id (date)", from the registry.
import { availableSpecIds, getRevision, type Revision } from "../../revisions";
import { h } from "./dom";
import { pageLink } from "./url-state";

/** One option per revision of `ids` (every revision by default), "rfc3986 (2005-01)", `selected` chosen. */
export function revisionOptions(ids: readonly string[] = availableSpecIds(), selected?: string | null): HTMLOptionElement[] {
  return ids.map((id) => h("option", { value: id, selected: id === selected }, `${id} (${getRevision(id)?.date ?? "?"})`));
}

/**
 * A page for one revision (?spec=): its menu, which opens `page` for the revision chosen; when the
 * address names no revision, the page says so beside the menu and gets no revision.
 */
export function pageRevision(main: HTMLElement, page: string, requested: string, label: string): { revision: Revision | undefined; picker: HTMLSelectElement } {
  const revision = getRevision(requested);
  const picker = h("select", { id: "spec", "aria-label": label }, revisionOptions(availableSpecIds(), revision?.id));
  picker.addEventListener("change", () => {
    location.href = pageLink(page, { spec: picker.value });
  });
  if (!revision) main.append(h("p", { class: "failure", role: "alert" }, `There is no revision “${requested}”. Choose one: `, picker));
  return { revision, picker };
}
