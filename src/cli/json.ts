// The JSON answers of the CLI (`--json`): every object written starts with the format's version and
// the answer's overall `ok`, then the command's own fields. Their schemas: docs/schemas/ (one per
// command output, docs/schemas/README.md); test/json-schemas.test.ts checks real output against them.

/**
 * The version of the JSON formats (docs/schemas/). A field removed or whose meaning changes raises
 * it; a field added does not (the schemas allow fields they do not name).
 */
export const JSON_FORMAT_VERSION = 1;

/**
 * One JSON answer: `{"version": 1, "ok": ..., ...fields}` (a field `ok` or `version` of `fields` is
 * replaced). `ok` is the answer as the exit status counts it: false exactly when this answer would
 * make the exit status 1 (an invalid input, a policy violation, a failed operation). Compact (one
 * line) unless `indent` is given.
 */
export function jsonAnswer(ok: boolean, fields: object, indent?: number): string {
  const { version: _version, ok: _ok, ...rest } = fields as Record<string, unknown>;
  return JSON.stringify({ version: JSON_FORMAT_VERSION, ok, ...rest }, null, indent) + "\n";
}
