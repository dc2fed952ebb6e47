// emit / emit-accept (scripts/scanner/passes/emit-accept.mjs): the generated acceptance module, loaded
// (src/scanner/acceptor.ts runs it), accepts from every start rule what peggy accepts.
import { expect } from "chai";
import { MINI, compileMini, compileWith, loadModule, miniInputs, plantedPass, referenceParser, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const m = loadModule<{ START: Record<string, number>; accepts(start: number, input: string): boolean }>(c.acceptModule);
  const ref = referenceParser(MINI, c.names);
  const out: string[] = [];
  for (const r of c.grammar.rules as { name: string }[]) for (const input of miniInputs()) if (m.accepts(m.START[r.name], input) !== (ref.parse(input, r.name) !== null)) out.push(`${r.name} ${JSON.stringify(input)}`);
  return out;
}

describe("compiler pass emit-accept", () => {
  for (const tables of ["coded", "plain"] as const) {
    it(`${tables}: accepts what peggy accepts, from every start rule`, () => {
      expect(problems(compileMini(undefined, undefined, { tables }))).to.deep.equal([]);
    });
  }

  it("a planted fault (the scanner's small tables read as the acceptance bits) is caught", () => {
    const planted = plantedPass("emit-accept", "acceptBytes: ${e.acceptAccept.source},", "acceptBytes: ${e.small.source},");
    expect(problems(compileWith(planted))).to.not.deep.equal([]);
  });
});
