// Runs every table under test/data/*.tsv: each line is one input, one rule, one expected verdict.
import { expect } from "chai";
import { readdirSync } from "node:fs";
import { parse, validate } from "../src";
import { caseTables, DATA_DIR, readTable } from "./support/table";

for (const file of caseTables()) {
  describe(`table ${file}`, () => {
    for (const c of readTable(file)) {
      const rule = c.rule === "*" ? undefined : c.rule;
      it(`${c.spec} ${c.rule} ${JSON.stringify(c.input)} is ${c.valid ? "valid" : "invalid"}${c.source ? ` (${c.source})` : ""}`, () => {
        const r = parse(c.input, { spec: c.spec, rule });
        if (!r.ok && (r.error.code === "unknown-spec" || r.error.code === "unknown-rule")) {
          throw new Error(`${file}:${c.line}: ${r.error.message}`);
        }
        const detail = r.ok ? "accepted" : r.error.message;
        expect(r.ok, `${file}:${c.line}: ${detail}`).to.equal(c.valid);
        if (!r.ok && c.offset !== null) expect(r.error.offset, `${file}:${c.line}: error offset`).to.equal(c.offset);
        expect(validate(c.input, { spec: c.spec, rule }), `${file}:${c.line}: validate() agrees with parse()`).to.equal(c.valid);
      });
    }
  });
}
