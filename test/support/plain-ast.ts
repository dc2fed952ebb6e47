// What `for ... in` sees of a value (chai's deep equality reads the same), as plain objects and arrays:
// an AST whose fields are getters on a shared prototype (src/ast/lazy.ts) held with
// isDeepStrictEqual to the plain objects the reference builders make, and copied for an edit.

/** A deep copy of `x` in which every object is a plain object of the properties for ... in finds. */
export function enumerable(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(enumerable);
  if (x === null || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  for (const k in x) out[k] = enumerable((x as Record<string, unknown>)[k]);
  return out;
}
