// emit / emit-ast-tables (scripts/scanner/passes/emit-ast-tables.mjs): the tests' module of every
// start rule's tagged DFA, loaded: ref's table is build-tagged's, state by state and class by class.
import { expect } from "chai";
import { compileMini, compileWith, loadModule, plantedPass, type Compilation } from "../support/compiler";

type Tagged = { TAGGED: Record<string, { states: number; K: number; transitions(): { next: Int32Array; ops: Uint16Array } }>; HOMES: Record<string, number[]> };

function problems(c: Compilation): string[] {
  const m = loadModule<Tagged>(c.astTablesModule);
  const out: string[] = [];
  for (const p of c.tagged.plans.filter((x: { tables?: unknown }) => x.tables) as { peg: string; slots: number[]; tables: { count: number; K: number; trans: Int32Array; ops: Int32Array } }[]) {
    const t = m.TAGGED[p.peg];
    if (!t) {
      out.push(`${p.peg}: no table`);
      continue;
    }
    const { next, ops } = t.transitions();
    if (t.states !== p.tables.count || next.some((v, i) => v !== p.tables.trans[i]) || ops.some((v, i) => v !== p.tables.ops[i])) out.push(`${p.peg}: another table`);
    if (JSON.stringify(m.HOMES[p.peg]) !== JSON.stringify([...p.slots].sort((a, b) => a - b))) out.push(`${p.peg}: homes`);
  }
  return out;
}

describe("compiler pass emit-ast-tables", () => {
  it("every start rule's tagged DFA, as build-tagged made it", () => {
    const c = compileMini();
    expect(Object.keys(loadModule<Tagged>(c.astTablesModule).TAGGED)).to.deep.equal(["ref"]);
    expect(problems(c)).to.deep.equal([]);
  });

  it("a planted fault (the module written without its plans) is caught", () => {
    const planted = plantedPass("emit-ast-tables", 'emitAstTablesModule(needOrNull(c, "tagged"),', "emitAstTablesModule(null,");
    expect(problems(compileWith(planted))).to.not.deep.equal([]);
  });
});
