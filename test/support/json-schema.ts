// A validator for the part of JSON Schema (2020-12) our schemas use (docs/*.schema.json): type,
// const, enum, required, properties, additionalProperties (false or a schema), items, minimum,
// pattern, $ref to #/$defs/..., oneOf, allOf, if/then. A keyword it does not know is an error, so a
// schema cannot silently use more than is checked. Returns the problems, each with its JSON path.
export type Schema = Record<string, unknown>;

const KNOWN = new Set(["$schema", "$id", "title", "description", "type", "const", "enum", "required", "properties", "additionalProperties", "items", "minimum", "pattern", "$ref", "oneOf", "allOf", "if", "then", "$defs"]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function typeMatches(v: unknown, t: string): boolean {
  const actual = typeOf(v);
  return actual === t || (t === "number" && actual === "integer");
}

export function validateJson(root: Schema, value: unknown): string[] {
  const problems: string[] = [];
  const resolve = (ref: string): Schema => {
    const m = /^#\/\$defs\/(.+)$/.exec(ref);
    const target = m ? (root.$defs as Record<string, Schema> | undefined)?.[m[1]] : undefined;
    if (!target) throw new Error(`unknown $ref ${ref}`);
    return target;
  };
  const check = (s: Schema, v: unknown, path: string, out: string[]) => {
    for (const k of Object.keys(s)) if (!KNOWN.has(k)) throw new Error(`${path}: schema keyword ${k} is not supported by test/support/json-schema.ts`);
    if (s.$ref) check(resolve(s.$ref as string), v, path, out);
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      if (!types.some((t) => typeMatches(v, t))) {
        out.push(`${path}: ${JSON.stringify(v)?.slice(0, 40)} is not of type ${types.join(" | ")}`);
        return;
      }
    }
    if ("const" in s && JSON.stringify(v) !== JSON.stringify(s.const)) out.push(`${path}: must be ${JSON.stringify(s.const)}`);
    if (s.enum && !(s.enum as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(v))) out.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
    if (typeof s.minimum === "number" && typeof v === "number" && v < s.minimum) out.push(`${path}: below ${s.minimum}`);
    if (typeof s.pattern === "string" && typeof v === "string" && !new RegExp(s.pattern, "u").test(v)) out.push(`${path}: ${JSON.stringify(v)} does not match ${s.pattern}`);
    if (typeOf(v) === "object") {
      const o = v as Record<string, unknown>;
      for (const r of (s.required as string[] | undefined) ?? []) if (!(r in o)) out.push(`${path}: missing ${r}`);
      const props = (s.properties as Record<string, Schema> | undefined) ?? {};
      for (const [k, x] of Object.entries(o)) {
        if (props[k]) check(props[k], x, `${path}.${k}`, out);
        else if (s.additionalProperties === false) out.push(`${path}: unexpected property ${k}`);
        else if (typeof s.additionalProperties === "object") check(s.additionalProperties as Schema, x, `${path}.${k}`, out);
      }
    }
    if (typeOf(v) === "array" && s.items) (v as unknown[]).forEach((x, i) => check(s.items as Schema, x, `${path}[${i}]`, out));
    if (s.oneOf) {
      const passing = (s.oneOf as Schema[]).filter((x) => {
        const sub: string[] = [];
        check(x, v, path, sub);
        return sub.length === 0;
      });
      if (passing.length !== 1) out.push(`${path}: matches ${passing.length} of the oneOf schemas, not exactly one`);
    }
    for (const x of (s.allOf as Schema[] | undefined) ?? []) check(x, v, path, out);
    if (s.if) {
      const sub: string[] = [];
      check(s.if as Schema, v, path, sub);
      if (sub.length === 0 && s.then) check(s.then as Schema, v, path, out);
    }
  };
  check(root, value, "$", problems);
  return problems;
}
