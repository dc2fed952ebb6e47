// Building references from component values: percent-encoding per revision and component, and the
// builder that writes a whole reference and proves it by parsing it back.
//
// What a component may hold unescaped is never typed here: it is the character matrix
// (src/ops/characters.ts), computed by running each revision's own component rules on every
// printable ASCII character and on an escape triplet. A character outside that set is written as
// its escape (its UTF-8 octets, "%" hex hex: draft-2003 §2.1, rfc3986 §2.1 and §2.5) where the
// component's rule admits escapes, and cannot be written at all where it does not (a port, most
// hosts). "%" itself is always escaped, so that decoding gives back the value (rfc3986 §2.4: "it
// must be percent-encoded as "%25" for that octet to be used as data within a URI").
import { percentEncode, plainError, usageError, type ParseError } from "../errors";
import { findRule, type Revision, type SpecId } from "../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../revisions/revision";
import type { Components } from "../ast/types";
import { describeValue, invalidOption, isFailure, isList, listSentence, optionsObject, readList, requireRevision, requireString, type UsageFailure } from "../request";
import { characterTableOf, ESCAPE } from "./characters";
import { recombine } from "./format";
import { components } from "./reference-components";
import { parse } from "../parse";

/** The components `encodeComponent()` and `decodeComponent()` take: every component key but `authority` (built from userinfo, host and port). */
export type EncodableComponent = Exclude<ComponentKey, "authority">;

const ENCODABLE: readonly EncodableComponent[] = /* @__PURE__ */ COMPONENT_KEYS.filter((k): k is EncodableComponent => k !== "authority");

/** The options of `encodeComponent()` and `decodeComponent()`. */
export interface ComponentCodingOptions {
  /** Revision id; default `draft-2003`. */
  spec?: SpecId | undefined;
  /** Which component the text is (`path` is segments joined by "/"; `segment` is one of them). */
  component: EncodableComponent;
}

/** The options of `buildReference()`. */
export interface BuildOptions {
  /** Revision id; default `draft-2003`. */
  spec?: SpecId | undefined;
}

/**
 * The values `buildReference()` writes, unescaped (as a person would type them). `null` or a missing
 * field is an absent component, `""` a present but empty one. `path` is a string whose "/"s separate
 * segments, or the segments themselves (a "/" inside one is escaped): `["", "a b"]` is `/a%20b`.
 * `host` is written as `components()` reads it: an IPv6 address in its brackets.
 */
export interface ReferenceParts {
  scheme?: string | null | undefined;
  userinfo?: string | null | undefined;
  host?: string | null | undefined;
  port?: string | number | null | undefined;
  path?: string | readonly string[] | undefined;
  query?: string | null | undefined;
  fragment?: string | null | undefined;
}

/** A value a revision cannot write: the error (code `not-expressible` for the value itself), and the component that holds it. */
export interface BuildFailure extends UsageFailure {
  /** The component whose value cannot be written, or null when the failure is the whole reference's. */
  component: EncodableComponent | null;
  /** The reference as built, when the failure is that it does not parse back to the components given. */
  reference: string | null;
}

/** What `buildReference()` returns: the reference and its components as written (escaped), or why it cannot be written. */
export type BuildResult = { ok: true; spec: SpecId; reference: string; components: Components } | BuildFailure | UsageFailure;

/** What `encodeComponent()` returns: the escaped text, or why the value cannot be written there. */
export type EncodeResult = { ok: true; spec: SpecId; component: EncodableComponent; text: string } | BuildFailure | UsageFailure;

/** What `decodeComponent()` returns: the value with its escapes decoded (as UTF-8), or why the text is none of that component. */
export type DecodeResult = { ok: true; spec: SpecId; component: EncodableComponent; value: string } | BuildFailure | UsageFailure;

/** How one component of one revision is written: the characters it holds as themselves, and whether it takes escapes. */
export interface Escaping {
  key: EncodableComponent;
  /** The published rule of the component (of one segment, for the path). */
  rule: string;
  keep: ReadonlySet<string>;
  escapes: boolean;
}

const ESCAPINGS = /* @__PURE__ */ new WeakMap<Revision, Map<EncodableComponent, Escaping> | null>();

/**
 * The escaping of each component of a revision, read from its character matrix; the path is its
 * segments' (the "/" between them is the path's own). A component the matrix has no column for
 * (rfc1738 and draft-1994 have no fragment) is missing.
 */
export function escapingsOf(revision: Revision): Map<EncodableComponent, Escaping> | null {
  const cached = ESCAPINGS.get(revision);
  if (cached !== undefined) return cached;
  const table = characterTableOf(revision);
  let out: Map<EncodableComponent, Escaping> | null = null;
  if (table) {
    out = new Map();
    for (const column of table.components) {
      if (column.key === "authority") continue;
      const keep = new Set<string>();
      let escapes = false;
      for (const row of table.rows) {
        if (!row.allowed[column.key]) continue;
        if (row.char === ESCAPE) escapes = true;
        else if (row.char !== "%") keep.add(row.char); // "%" is always escaped: it starts an escape
      }
      out.set(column.key, { key: column.key, rule: column.rule, keep, escapes });
    }
    const segment = out.get("segment");
    if (segment) out.set("path", { ...segment, key: "path" });
  }
  ESCAPINGS.set(revision, out);
  return out;
}

/**
 * The characters every escaping component of the revision (and its scheme) holds as themselves:
 * letters, digits and a few marks. The fallback when writing a component with only the escapes its
 * rule requires gives a reference that reads back otherwise (rfc3986's ":" in the first segment of
 * a relative path, a reg-name ":" read as a port): then that component keeps only these.
 */
function plainCharacters(escapings: Map<EncodableComponent, Escaping>): ReadonlySet<string> {
  const cached = PLAIN.get(escapings);
  if (cached) return cached;
  const sets = [...escapings.values()].filter((e) => e.escapes || e.key === "scheme").map((e) => e.keep);
  const plain = new Set([...(sets[0] ?? [])].filter((c) => sets.every((s) => s.has(c))));
  PLAIN.set(escapings, plain);
  return plain;
}
const PLAIN = /* @__PURE__ */ new WeakMap<Map<EncodableComponent, Escaping>, ReadonlySet<string>>();

function failure(revision: Revision, component: EncodableComponent | null, rule: string | null, offset: number, found: string | null, message: string, reference: string | null = null): BuildFailure {
  const error: ParseError = { ...usageError("not-expressible", revision.id, rule, message), code: "not-expressible", rule, section: rule ? (findRule(revision, rule)?.section ?? null) : null, offset, line: 1, column: offset + 1, found };
  return { ok: false, spec: revision.id, rule, error, component, reference };
}

/** `value` written for `escaping`: each character kept or escaped; a failure for the first that can be neither. */
function encodeWith(revision: Revision, value: string, escaping: Escaping, plain: ReadonlySet<string> | null, separator: string | null, shift = 0): string | BuildFailure {
  let out = "";
  for (let i = 0; i < value.length; ) {
    const c = String.fromCodePoint(value.codePointAt(i)!);
    if (c === separator || (escaping.keep.has(c) && (plain === null || plain.has(c)))) out += c;
    else {
      const escaped = escaping.escapes ? percentEncode(c) : null;
      if (escaped === null) {
        const what = escaping.escapes ? `${describeValue(c)} is a lone surrogate, which has no UTF-8 octets to escape` : `${revision.id} ${escaping.rule} neither holds ${c === " " ? "a space" : JSON.stringify(c)} nor takes escapes`;
        return failure(revision, escaping.key, escaping.rule, i + shift, c, `The ${escaping.key} cannot be written in ${revision.id}: ${what} (offset ${i + shift} of the value).`);
      }
      out += escaped;
    }
    i += c.length;
  }
  return out;
}

function requireComponent(revision: Revision, component: unknown): Escaping | UsageFailure {
  const escapings = escapingsOf(revision);
  const known = (ENCODABLE as readonly unknown[]).includes(component);
  const escaping = known ? escapings?.get(component as EncodableComponent) : undefined;
  if (escaping) return escaping;
  const has = escapings ? [...escapings.keys()] : [];
  return invalidOption(revision.id, null, known ? `${revision.id} has no ${String(component)} component (its grammar names no rule for one); its components: ${has.join(", ")}.` : `component must be one of ${ENCODABLE.join(", ")}, not ${describeValue(component)}.`);
}

/** The revision and the component's escaping that encodeComponent() and decodeComponent() were asked for, after the checks every operation makes. */
function codingRequest(input: unknown, options: unknown): { revision: Revision; escaping: Escaping } | UsageFailure {
  const o = optionsObject(options as ComponentCodingOptions, ["spec", "component"]);
  const revision = requireRevision(o.spec);
  if (isFailure(revision)) return revision;
  const escaping = requireComponent(revision, o.component);
  if (isFailure(escaping)) return escaping;
  return requireString(input, revision.id, null) ?? { revision, escaping };
}

/**
 * Writes a value as the text of one component in one revision: every character the component's
 * rule does not hold as itself is escaped (its UTF-8 octets as "%" hex hex), "%" included; for
 * `path`, "/" stays the separator of segments. Which characters those are comes from the revision's
 * own rules (the character matrix, `characterTable()`). A value the component cannot hold (a space
 * in a draft-1997 host, which takes no escapes; a lone surrogate) is a `not-expressible` error
 * value whose offset is in the value. Never throws.
 *
 * @example
 * import { encodeComponent } from "uri-grammars";
 * const q = encodeComponent("a b&c=d/e?", { spec: "rfc3986", component: "query" });
 * if (q.ok) q.text; // => "a%20b&c=d/e?"
 * const s = encodeComponent("a/b c", { spec: "draft-1997", component: "segment" });
 * if (s.ok) s.text; // => "a%2Fb%20c"
 * const h = encodeComponent("a b", { spec: "draft-1997", component: "host" });
 * if (!h.ok) h.error.code; // => "not-expressible"
 */
export function encodeComponent(value: unknown, options: ComponentCodingOptions): EncodeResult {
  const request = codingRequest(value, options);
  if (isFailure(request)) return request;
  const { revision, escaping } = request;
  const text = encodeWith(revision, value as string, escaping, null, escaping.key === "path" ? "/" : null);
  return typeof text === "string" ? { ok: true, spec: revision.id, component: escaping.key, text } : text;
}

const UTF8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });

/**
 * Reads the text of one component in one revision back into its value: the text must be what the
 * component's rule matches (for `path`, each segment the segment rule), else parse()'s error value
 * for it (the empty text is "": a component present but empty, as `components()` reads an authority
 * without a host); then each run of escapes is decoded as UTF-8 octets (a run that is no UTF-8 is a
 * `not-expressible` error value at its offset). The inverse of `encodeComponent()`. Never throws.
 *
 * @example
 * import { decodeComponent } from "uri-grammars";
 * const v = decodeComponent("caf%C3%A9%20au%20lait", { spec: "rfc3986", component: "query" });
 * if (v.ok) v.value; // => "café au lait"
 * const bad = decodeComponent("a b", { spec: "rfc3986", component: "query" });
 * if (!bad.ok) bad.error.offset; // => 1
 */
export function decodeComponent(input: unknown, options: ComponentCodingOptions): DecodeResult {
  const request = codingRequest(input, options);
  if (isFailure(request)) return request;
  const { revision, escaping } = request;
  const text = input as string;
  // The text must be the component's: each segment of a path, or the whole text, matched by the rule.
  const pieces = escaping.key === "path" ? text.split("/") : [text];
  let at = 0;
  for (const piece of pieces) {
    // An empty segment between two "/"s is the path's (draft-1993 xpalphas has at least one character),
    // and an empty text is a component present but empty, as components() reads it (an authority
    // without a host: host "").
    const r = piece === "" ? null : parse(piece, { spec: revision.id, rule: escaping.rule });
    if (r === null || (!r.ok && escaping.key === "host" && readsAsHost(revision, piece))) {
      at += 1;
      continue;
    }
    if (!r.ok) {
      // A syntax error of the piece, moved to its place in the whole text.
      const error: ParseError = r.error.offset === null ? r.error : { ...plainError(r.error), offset: r.error.offset + at, column: r.error.column + at };
      return { ok: false, spec: revision.id, rule: escaping.rule, error, component: escaping.key, reference: null };
    }
    at += piece.length + 1;
  }
  let value = "";
  for (let i = 0; i < text.length; ) {
    if (text[i] !== "%") {
      value += text[i++];
      continue;
    }
    const start = i;
    const octets: number[] = [];
    while (text[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      octets.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    }
    if (octets.length === 0) {
      value += text[i++]; // a "%" the rule holds as itself (no escape follows)
      continue;
    }
    try {
      value += UTF8.decode(new Uint8Array(octets));
    } catch {
      return failure(revision, escaping.key, escaping.rule, start, "%", `The escapes at offset ${start} (${text.slice(start, i)}) are no UTF-8 text, so they decode to no string; read the octets yourself if they are in another encoding.`);
    }
  }
  return { ok: true, spec: revision.id, component: escaping.key, value };
}

/**
 * Whether components() reads `text` as the host of the network-path reference "//" text: a
 * registry-based authority (draft-2003 reg-name, an alternative to the server and its host rule)
 * is read as the host, with hostKind "reg-name".
 */
function readsAsHost(revision: Revision, text: string): boolean {
  const c = components("//" + text, { spec: revision.id });
  return c.ok && c.host === text;
}

type Written = { [K in "scheme" | "userinfo" | "host" | "port" | "query" | "fragment"]: string | null } & { path: string };

/** The caller's parts, each read once and checked for its type; a failure for a field of the wrong type. */
function readParts(revision: Revision, parts: unknown): (Written & { segments: readonly string[] | null }) | UsageFailure {
  if (typeof parts !== "object" || parts === null) return invalidOption(revision.id, null, `buildReference() takes an object of components ({ scheme, userinfo, host, port, path, query, fragment }), not ${describeValue(parts)}.`);
  const out: Record<string, unknown> = {};
  let segments: string[] | null = null;
  try {
    for (const key of ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]) {
      const v = (parts as Record<string, unknown>)[key];
      if (key === "port" && typeof v === "number" && Number.isSafeInteger(v) && v >= 0) out[key] = String(v);
      else if (key === "path" && isList(v)) {
        // Segments: read once into a plain array (a hole in a sparse list, a Proxy, a length that
        // throws: no list of segments; issue 41 item 4: `every` skipped a hole that the copy then
        // turned into undefined).
        const list = readList(v);
        if (!list.ok) return invalidOption(revision.id, null, `${listSentence("The path must be a string or a list of segments (strings)", list.why)}.`);
        const bad = list.items.findIndex((x) => typeof x !== "string");
        if (bad >= 0) return invalidOption(revision.id, null, `The path must be a string or a list of segments (strings); segment ${bad} is ${describeValue(list.items[bad])}.`);
        segments = list.items as string[];
      } else if (key === "path" && (v === undefined || typeof v === "string")) out[key] = v ?? "";
      else if (key !== "path" && (v === undefined || v === null || typeof v === "string")) out[key] = v ?? null;
      else return invalidOption(revision.id, null, `The ${key} must be ${key === "path" ? "a string or a list of segments (strings)" : key === "port" ? "a string, a whole number or null" : "a string or null"}, not ${describeValue(v)}.`);
    }
  } catch (e) {
    return invalidOption(revision.id, null, `The components could not be read: reading them threw (${describeValue(e)}). Pass a plain object.`);
  }
  return { ...(out as Written), path: segments ? segments.join("/") : (out.path as string), segments };
}

/**
 * Builds a reference of one revision from component values: each value is escaped as that
 * revision's rule for the component requires (`encodeComponent()`), the pieces are recombined as
 * draft-2003 §5.2 writes them (`scheme ":"`, `"//" authority`, path, `"?" query`, `"#" fragment`),
 * and the result is parsed back: it is returned only when the revision accepts it and reads back
 * the components as written. When the minimal escaping reads back otherwise (rfc3986's ":" in the
 * first segment of a relative path would make a scheme), the component at fault is written again
 * with only letters, digits and the marks every component holds. What cannot be written is an error
 * value: a character a component neither holds nor escapes (`not-expressible`, with the component
 * and the offset in its value), a path that would change the authority (one not starting with "/"
 * after a host, or starting with "//" without one), a userinfo or port without a host, a component
 * the revision has none of (rfc1738's fragment), or a reference its grammar does not accept (the
 * syntax error of the parse back, with the `reference`). Never throws.
 *
 * @example
 * import { buildReference } from "uri-grammars";
 * const r = buildReference({ scheme: "https", host: "example.com", path: "/a b/ü", query: "q=1 2" }, { spec: "rfc3986" });
 * if (r.ok) r.reference; // => "https://example.com/a%20b/%C3%BC?q=1%202"
 * const rel = buildReference({ path: "a:b" }, { spec: "rfc3986" });
 * if (rel.ok) rel.reference; // => "a%3Ab"
 * const bad = buildReference({ host: "a", path: "b" });
 * if (!bad.ok) bad.error.code; // => "not-expressible"
 */
export function buildReference(parts: ReferenceParts, options?: BuildOptions): BuildResult {
  const revision = requireRevision(optionsObject(options, ["spec"]).spec);
  if (isFailure(revision)) return revision;
  const escapings = escapingsOf(revision);
  if (!escapings) return invalidOption(revision.id, null, `${revision.id} has no component map (Revision.components) yet, so it does not know which characters each component holds.`);
  return buildWith(revision, parts, escapings);
}

/** buildReference() with the escaping of each component given (the test plants wrong ones here). */
export function buildWith(revision: Revision, parts: unknown, escapings: Map<EncodableComponent, Escaping>): BuildResult {
  const p = readParts(revision, parts);
  if (isFailure(p)) return p;
  // The shape of the authority and the path (rfc3986 §3: "When authority is present, the path must
  // either be empty or begin with a slash ("/") character.  When authority is not present, the path
  // cannot begin with two slash characters ("//")."; the same holds in every revision, whose
  // authority ends at the first "/" and starts after "//").
  if (p.host === null && (p.userinfo !== null || p.port !== null)) return failure(revision, p.userinfo !== null ? "userinfo" : "port", null, 0, null, `A ${p.userinfo !== null ? "userinfo" : "port"} is part of an authority, which needs a host: give a host (maybe "").`);
  if (p.host !== null && p.path !== "" && !p.path.startsWith("/")) return failure(revision, "path", null, 0, p.path[0] ?? null, `After a host, the path must be empty or start with "/": "${p.path}" would be read as part of the authority. Start it with "/".`);
  if (p.host === null && p.path.startsWith("//")) return failure(revision, "path", null, 0, "/", `Without a host, a path cannot start with "//": it would be read as an authority. Give a host (maybe "") or start the path otherwise.`);
  const present = (["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const).filter((k) => k === "path" ? p.path !== "" : p[k] !== null);
  for (const key of present) if (!escapings.has(key) && key !== "scheme") return failure(revision, key, null, 0, null, `${revision.id} has no ${key} component (its grammar names no rule for one), so a ${key} cannot be written.`);

  const plain = plainCharacters(escapings);
  // Minimal escaping first; then each component in turn with only the plain characters; then all.
  const attempts: EncodableComponent[][] = [[], ...present.filter((k) => escapings.get(k)?.escapes).map((k) => [k]), present];
  let last: BuildFailure | null = null;
  for (const strict of attempts) {
    const written = writeParts(revision, p, escapings, plain, strict);
    if ("ok" in written) return written;
    const reference = recombine({ scheme: written.scheme, authority: written.host === null ? null : (written.userinfo !== null ? written.userinfo + "@" : "") + written.host + (written.port !== null ? ":" + written.port : ""), path: written.path, query: written.query, fragment: written.fragment });
    const back = components(reference, { spec: revision.id });
    if (!back.ok) {
      last = { ...back, rule: back.rule, component: null, reference, error: { ...plainError(back.error), message: `The reference written, "${reference}", is not one ${revision.id} accepts: ${back.error.message}` } };
      continue;
    }
    const differs = (["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const).find((k) => back[k] !== written[k]);
    if (differs === undefined) {
      const { ok: _ok, spec: _spec, rule: _rule, production: _production, ...read } = back;
      return { ok: true, spec: revision.id, reference, components: read };
    }
    last ??= failure(revision, differs, null, 0, null, `The reference written, "${reference}", reads back with ${differs} ${JSON.stringify(back[differs])}, not ${JSON.stringify(written[differs])}: ${revision.id} cannot write these components as given.`, reference);
  }
  return last!;
}

/** The parts escaped for the revision (the `strict` components with only the plain characters), or the failure of the first value that cannot be written. */
function writeParts(revision: Revision, p: Written & { segments: readonly string[] | null }, escapings: Map<EncodableComponent, Escaping>, plain: ReadonlySet<string>, strict: readonly EncodableComponent[]): Written | BuildFailure {
  const out: Written = { scheme: null, userinfo: null, host: null, port: null, path: "", query: null, fragment: null };
  for (const key of ["scheme", "userinfo", "host", "port", "query", "fragment"] as const) {
    const value = p[key];
    if (value === null) continue;
    const escaping = escapings.get(key);
    if (!escaping) {
      out[key] = value; // a revision whose schemes are spelled per production (draft-1994): checked by the parse back
      continue;
    }
    const text = encodeWith(revision, value, escaping, strict.includes(key) ? plain : null, null);
    if (typeof text !== "string") return text;
    out[key] = text;
  }
  const segment = escapings.get("path");
  const pieces = p.segments ?? p.path.split("/");
  const written: string[] = [];
  let at = 0;
  for (const piece of pieces) {
    const text = segment ? encodeWith(revision, piece, segment, strict.includes("path") ? plain : null, null, at) : piece;
    if (typeof text !== "string") return text;
    written.push(text);
    at += piece.length + 1;
  }
  out.path = written.join("/");
  return out;
}
