// The state of a page lives in its address, so that any view can be shared and restored:
//   - choices from a fixed list (a revision id) may stand in the query (`grammar.html?spec=rfc1738`);
//   - everything typed (an input, a start rule, a search, a text) stands in the fragment
//     (`index.html#input=http%3A%2F%2Fa%2F`), which the browser never sends: however long the
//     input, the request `serve` receives stays short (it would answer 431 past 16 KB of headers).
// The page writes it with replaceState as the user types (no history entry per keystroke). The
// fragment may start with an anchor, a part without "=" (a rule's published name on the grammar
// page, a section of the notation guide): `#dec-octet`, `#trap-ipv4&trap.ipv4=10.0.0.1`.
// Past SHARE_LIMIT characters the largest values are left out of the address, and the page says so.

/** The longest fragment a page writes: far below Chromium's 2 MB limit on an address, far above any hand-typed URL. */
export const SHARE_LIMIT = 256 * 1024;

/** The fragment's anchor (still encoded; "" when none) and its parameters. */
function fragmentParts(): { anchor: string; params: URLSearchParams } {
  const parts = location.hash.slice(1).split("&");
  const anchor = parts.length > 0 && parts[0] !== "" && !parts[0].includes("=") ? parts.shift()! : "";
  return { anchor, params: new URLSearchParams(parts.join("&")) };
}

function fragmentParams(): URLSearchParams {
  return fragmentParts().params;
}

/** A value of the page's state: from the fragment, else (older addresses, choices) from the query. */
export function readParam(name: string): string | null {
  return fragmentParams().get(name) ?? new URLSearchParams(location.search).get(name);
}

/** The fragment's anchor, decoded; null when it has none. */
export function readAnchor(): string | null {
  const { anchor } = fragmentParts();
  if (anchor === "") return null;
  try {
    return decodeURIComponent(anchor);
  } catch {
    return anchor;
  }
}

/** What writeParams wrote: the keys left out of the address because it would have been too long. */
export interface Written {
  omitted: string[];
  length: number;
}

/**
 * Sets (or, for null and "", removes) values of the page's state in the fragment, keeping the
 * others; the same keys leave the query (an older address's). Values too long to share are left
 * out, largest first, until the fragment fits SHARE_LIMIT.
 */
export function writeParams(values: Record<string, string | null>): Written {
  const { anchor, params } = fragmentParts();
  const query = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(values)) {
    query.delete(k);
    if (v === null || v === "") params.delete(k);
    else params.set(k, v);
  }
  const omitted: string[] = [];
  // A value longer than the limit cannot fit once encoded either: left out before encoding it
  // (encoding megabytes on every keystroke would cost the page its answers).
  for (const [k, v] of [...params]) {
    if (v.length > SHARE_LIMIT) {
      params.delete(k);
      omitted.push(k);
    }
  }
  let fragment = params.toString();
  while (fragment.length > SHARE_LIMIT) {
    let largest: string | null = null;
    for (const [k, v] of params) if (largest === null || v.length > (params.get(largest) ?? "").length) largest = k;
    if (largest === null) break;
    params.delete(largest);
    omitted.push(largest);
    fragment = params.toString();
  }
  const q = query.toString();
  const hash = [anchor, fragment].filter((x) => x !== "").join("&");
  history.replaceState(null, "", `${location.pathname}${q ? `?${q}` : ""}${hash ? `#${hash}` : ""}`);
  return { omitted, length: fragment.length };
}

/** Writes the page's state at most every `ms` (a long input costs its encoding on every keystroke otherwise). */
export function throttledWriter(ms: number, after: (w: Written) => void): (values: Record<string, string | null>, largeInput: boolean) => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: Record<string, string | null> | null = null;
  return (values, largeInput) => {
    if (!largeInput) {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      after(writeParams(values));
      return;
    }
    pending = values;
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (pending) after(writeParams(pending));
      pending = null;
    }, ms);
  };
}

/**
 * A link to another page of the site: `query` holds choices (revision ids), `hash` an anchor or
 * the typed state (which goes in the fragment).
 */
export function pageLink(file: string, query: Record<string, string | null>, hash: string | Record<string, string | null> = ""): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== "") params.set(k, v);
  const q = params.toString();
  let fragment = "";
  if (typeof hash === "string") fragment = hash === "" ? "" : encodeURIComponent(hash).replace(/%40/g, "@");
  else {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(hash)) if (v !== null && v !== "") f.set(k, v);
    fragment = f.toString();
  }
  return `${file}${q ? `?${q}` : ""}${fragment ? `#${fragment}` : ""}`;
}

/** A sentence for a page whose state was too long to keep in its address (null when it all fits). */
export function shareNote(w: Written, what: string): string | null {
  if (w.omitted.length === 0) return null;
  return `This ${what} is too large to keep in the page's address (over ${Math.round(SHARE_LIMIT / 1024)} KB once encoded): the address does not hold it, so reloading or sharing the address loses it. Copy the text itself to share it.`;
}
