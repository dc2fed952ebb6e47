// check(): the grammar's verdict plus policies on the components, as Python rfc3986's Validator
// offers them (require_presence_of, allow_schemes, allow_hosts, allow_ports, forbid_use_of_password).
// A policy is no part of any grammar: it is what an application accepts among valid references. Each
// violated policy gives its own code, next to the grammar's verdict, which it never changes.
import type { Components } from "../ast/types";
import type { ParseError } from "../errors";
import { parse, type KnownRule, type ParseResult } from "../parse";
import { describeValue, invalidOption, listSentence, optionNames, optionsObject, readList, textOf } from "../request";
import { defaultSpec, type DefaultSpec, type RuleName, type SpecId } from "../revisions";
import { notAReference, readComponents } from "./reference-components";

/** The components a policy can name. */
export type ComponentName = "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

export const COMPONENT_NAMES: readonly ComponentName[] = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"];

/** The options of `check()`: the revision and rule as for parse(), and the policies (all optional). */
export interface CheckOptions<S extends SpecId = SpecId, R extends string = string> {
  /** Revision id; default `draft-2003`. */
  spec?: S | NoInfer<SpecId> | undefined;
  /** Start rule; default the revision's top rule. Policies need one that derives a whole reference. */
  rule?: R | NoInfer<RuleName<S>> | undefined;
  /** Components that must be present (not null); `host` and `path` must also be non-empty. */
  require?: readonly ComponentName[] | undefined;
  /** The schemes allowed, compared without regard to case (draft-2003 §3.1). */
  schemes?: readonly string[] | undefined;
  /** The hosts allowed, compared without regard to case, as the reference writes them (IPv6 in brackets). */
  hosts?: readonly string[] | undefined;
  /** The ports allowed (numbers, or strings of digits), compared by value; an absent or empty port is not checked. */
  ports?: readonly (number | string)[] | undefined;
  /** `false`: a userinfo (`user@`, even an empty one) is a violation. Default true. */
  allowUserinfo?: boolean | undefined;
  /** `false`: a password (a ":" in the userinfo) is a violation. Default true. */
  allowPassword?: boolean | undefined;
}

/** One code per policy: `missing-host` ... for `require`, then the allow-lists and the userinfo rules. */
export type PolicyCode = `missing-${ComponentName}` | "scheme-not-allowed" | "host-not-allowed" | "port-not-allowed" | "userinfo-not-allowed" | "password-not-allowed";

/** One violated policy of check(): its code, the component and a sentence. */
export interface PolicyViolation {
  code: PolicyCode;
  /** The component the policy is about. */
  component: ComponentName;
  message: string;
}

/**
 * The grammar's verdict (`valid`, with parse()'s `error` when not) and the policies' (`violations`,
 * one per violated policy, in the order: require, schemes, hosts, ports, userinfo, password). `ok`
 * is both: valid and no violation. A usage problem (unknown spec or rule, a non-string input, an
 * unknown component name in `require`) is `valid: false` with parse()'s error value.
 */
export type CheckResult = CheckPassed | CheckViolated | CheckInvalid;

interface CheckBase {
  spec: string;
  rule: string | null;
  production?: string;
}

/** Valid, and every policy holds. `components` is null for a start rule that derives no whole reference (when no policy needs them). */
export interface CheckPassed extends CheckBase {
  ok: true;
  valid: true;
  error: null;
  violations: [];
  components: Components | null;
}

/** Valid, but a policy does not hold (or needs components the start rule does not derive: then `error` says so). */
export interface CheckViolated extends CheckBase {
  ok: false;
  valid: true;
  error: ParseError | null;
  violations: PolicyViolation[];
  /** The components the policies were checked on (null: the start rule derives none). */
  components: Components | null;
}

/** Not valid: a rejected input, or a usage problem (unknown spec or rule, a non-string input, an unknown component name). */
export interface CheckInvalid extends CheckBase {
  ok: false;
  valid: false;
  error: ParseError;
  violations: [];
  components: null;
}

/**
 * Checks an input against a revision's grammar and against policies on its components, like Python
 * rfc3986's `Validator`: required components, allowed schemes, hosts and ports, no userinfo, no
 * password. Each violated policy is one `PolicyViolation` with its own code; the grammar's verdict
 * is `valid` (and `error`). Policies are checked only on valid input. Never throws.
 *
 * @example
 * import { check } from "uri-grammars";
 * const r = check("ftp://user:pw@example.com/", { require: ["host", "query"], schemes: ["http", "https"], allowPassword: false });
 * r.valid; // => true
 * r.ok;    // => false
 * r.violations.map((v) => v.code); // => ["missing-query", "scheme-not-allowed", "password-not-allowed"]
 * check("http://a b/", { schemes: ["http"] }).error?.offset; // => 8
 */
export function check<S extends SpecId = DefaultSpec, R extends string = never>(input: unknown, options?: CheckOptions<S, R> & KnownRule<S, R>): CheckResult;
export function check(input: unknown, options?: CheckOptions): CheckResult {
  const o = optionsObject(options, CHECK_OPTION_NAMES);
  const policies = readPolicies(o);
  if (typeof policies === "string") {
    const specAsked = o.spec === undefined ? defaultSpec() : textOf(o.spec);
    const bad = invalidOption(specAsked, o.rule === undefined ? null : textOf(o.rule), `check() ${policies}`);
    return { ok: false, spec: bad.spec, rule: bad.rule, valid: false, error: bad.error, violations: [], components: null };
  }
  return checkParsed(parse(input, { spec: o.spec, rule: o.rule }), policies);
}

/** The options check() reads (src/request.ts optionsObject). */
export const CHECK_OPTION_NAMES = /* @__PURE__ */ optionNames<CheckOptions>({ spec: true, rule: true, require: true, schemes: true, hosts: true, ports: true, allowUserinfo: true, allowPassword: true });

/**
 * A policy list read once into a plain array (src/request.ts readList(): a hole, a Proxy, a length
 * that throws are no list), each element checked; the copy, or what is wrong as a sentence.
 */
function readPolicyList(name: string, value: unknown, takes: string, example: string, ok: (x: unknown) => boolean): unknown[] | undefined | string {
  if (value === undefined) return undefined;
  const list = readList(value);
  if (!list.ok) return `${listSentence(`takes ${name} as a list of ${takes}, like ${example}`, list.why)}.`;
  const bad = list.items.findIndex((x) => !ok(x));
  if (bad >= 0) return `takes ${name} as a list of ${takes}, like ${example}; element ${bad} is ${describeValue(list.items[bad])}.`;
  return list.items;
}

/**
 * check()'s policies, each list copied as it was read (so that no getter of the caller's runs twice
 * and a later read cannot throw), or what is wrong with them as the end of a sentence starting
 * "check() " (issue 25 item 4: lists given as strings threw; issue 41 item 4: sparse lists, Proxies
 * and lengths that throw).
 */
function readPolicies(o: Partial<CheckOptions>): Partial<CheckOptions> | string {
  const isString = (x: unknown) => typeof x === "string";
  const isPort = (x: unknown) => (typeof x === "number" && Number.isInteger(x) && x >= 0) || (typeof x === "string" && /^[0-9]+$/.test(x));
  const require = readPolicyList("require", o.require, "component names", '["host"]', isString);
  if (typeof require === "string") return require;
  const unknownName = (require ?? []).find((n) => !(COMPONENT_NAMES as readonly unknown[]).includes(n));
  if (unknownName !== undefined) return `cannot require ${describeValue(unknownName)}: the components are ${COMPONENT_NAMES.join(", ")}.`;
  const schemes = readPolicyList("schemes", o.schemes, "schemes", '["https"]', isString);
  if (typeof schemes === "string") return schemes;
  const hosts = readPolicyList("hosts", o.hosts, "host names", '["example.com"]', isString);
  if (typeof hosts === "string") return hosts;
  const ports = readPolicyList("ports", o.ports, "ports (numbers, or strings of digits)", "[443]", isPort);
  if (typeof ports === "string") return ports;
  for (const name of ["allowUserinfo", "allowPassword"] as const) {
    if (o[name] !== undefined && typeof o[name] !== "boolean") return `takes ${name} as true or false, not ${describeValue(o[name])}.`;
  }
  const out: Partial<CheckOptions> = { ...o };
  for (const [name, list] of [["require", require], ["schemes", schemes], ["hosts", hosts], ["ports", ports]] as const) {
    if (list === undefined) delete out[name];
    else (out as Record<string, unknown>)[name] = list;
  }
  return out;
}

/** check() on a parse already made (the CLI's batch judge parses once for the verdict and the policies). */
export function checkParsed(r: ParseResult<SpecId, boolean, string>, o: Partial<CheckOptions>): CheckResult {
  if (!r.ok) {
    const out: CheckResult = { ok: false, spec: r.spec, rule: r.rule, valid: false, error: r.error, violations: [], components: null };
    if (r.production !== undefined) out.production = r.production;
    return out;
  }
  const read = readComponents(r.ast);
  const policies = (o.require?.length ?? 0) > 0 || o.schemes !== undefined || o.hosts !== undefined || o.ports !== undefined || o.allowUserinfo === false || o.allowPassword === false;
  // A rule below a whole reference is valid input without components: a problem only when a policy needs them.
  const error = read === null && policies ? notAReference(r.spec, r.rule) : null;
  const violations = read === null ? [] : policyViolations(read.components, o);
  const components = read ? read.components : null;
  const out: CheckResult = error === null && violations.length === 0 ? { ok: true, spec: r.spec, rule: r.rule, valid: true, error: null, violations: [], components } : { ok: false, spec: r.spec, rule: r.rule, valid: true, error, violations, components };
  if (r.production !== undefined) out.production = r.production;
  return out;
}

function policyViolations(c: Components, o: Partial<CheckOptions>): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const add = (code: PolicyCode, component: ComponentName, message: string) => out.push({ code, component, message });
  for (const name of o.require ?? []) {
    const value = c[name];
    const missing = value === null || ((name === "host" || name === "path") && value === "");
    if (missing) add(`missing-${name}`, name, value === null ? `The ${name} is required, and the reference has none.` : `The ${name} is required, and the reference's is empty.`);
  }
  if (o.schemes && c.scheme !== null && !o.schemes.some((s) => String(s).toLowerCase() === c.scheme!.toLowerCase())) {
    add("scheme-not-allowed", "scheme", `The scheme ${JSON.stringify(c.scheme)} is not one of the schemes allowed: ${o.schemes.join(", ")}.`);
  }
  if (o.hosts && c.host !== null && c.host !== "" && !o.hosts.some((h) => String(h).toLowerCase() === c.host!.toLowerCase())) {
    add("host-not-allowed", "host", `The host ${JSON.stringify(c.host)} is not one of the hosts allowed: ${o.hosts.join(", ")}.`);
  }
  if (o.ports && c.port !== null && c.port !== "") {
    const value = Number.parseInt(c.port, 10);
    const allowed = o.ports.map((p) => (typeof p === "number" ? p : /^[0-9]+$/.test(String(p)) ? Number.parseInt(String(p), 10) : NaN));
    if (!allowed.includes(value)) add("port-not-allowed", "port", `The port ${c.port} is not one of the ports allowed: ${o.ports.join(", ")}.`);
  }
  if (o.allowUserinfo === false && c.userinfo !== null) {
    add("userinfo-not-allowed", "userinfo", `The reference has a userinfo (${JSON.stringify(c.userinfo)}), and none is allowed.`);
  }
  if (o.allowPassword === false && c.userinfo !== null && c.userinfo.includes(":")) {
    add("password-not-allowed", "userinfo", `The userinfo ${JSON.stringify(c.userinfo)} carries a password (after ":"), and none is allowed.`);
  }
  return out;
}
