// The state of a page lives in its address (the query string), so that any view can be shared and
// restored: reading it on load, writing it with replaceState as the user types (no history entry
// per keystroke).

export function readParam(name: string): string | null {
  return new URLSearchParams(location.search).get(name);
}

/** Sets (or, for null and "", removes) query parameters, keeping the others and the fragment. */
export function writeParams(values: Record<string, string | null>): void {
  const params = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === "") params.delete(k);
    else params.set(k, v);
  }
  const query = params.toString();
  history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}

/** A link to another page of the site with the given state. */
export function pageLink(file: string, values: Record<string, string | null>, hash = ""): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== "") params.set(k, v);
  const query = params.toString();
  return `${file}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`;
}
