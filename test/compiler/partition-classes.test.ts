// build / partition-classes (scripts/scanner/passes/partition-classes.mjs): the classes cover every
// code unit once, and every character set of the grammar is a union of classes.
import { expect } from "chai";
import { compileMini, compileWith, plantedPass, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const classes = c.classes as { id: number; ranges: [number, number][] }[];
  const sets = c.continuations.graph.sets as [number, number][][];
  const out: string[] = [];
  const classOf = new Int32Array(0x10000).fill(-1);
  classes.forEach((cls, i) => {
    if (cls.id !== i) out.push(`class ${i} has id ${cls.id}`);
    for (const [lo, hi] of cls.ranges) for (let u = lo; u <= hi; u++) classOf[u] === -1 ? (classOf[u] = i) : out.push(`U+${u.toString(16)} in two classes`);
  });
  if (classOf.includes(-1)) out.push("a code unit in no class");
  const inSet = (set: [number, number][], u: number) => set.some(([lo, hi]) => u >= lo && u <= hi);
  sets.forEach((set, k) => {
    // Each class lies inside the set or outside it.
    const inside = new Map<number, boolean>();
    for (let u = 0; u < 0x10000; u++) {
      const known = inside.get(classOf[u]);
      if (known === undefined) inside.set(classOf[u], inSet(set, u));
      else if (known !== inSet(set, u)) return void out.push(`set ${k} splits class ${classOf[u]}`);
    }
  });
  return out;
}

describe("compiler pass partition-classes", () => {
  it("MINI's classes cover every code unit once and every character set is a union of them", () => {
    const c = compileMini("partition-classes");
    expect(problems(c)).to.deep.equal([]);
    expect(c.classes.length).to.equal(11);
  });

  it("a planted fault (one character set left out of the partition) is caught", () => {
    const planted = plantedPass("partition-classes", "return partition(need(c, \"continuations\").graph.sets);", "return partition(need(c, \"continuations\").graph.sets.slice(1));");
    expect(problems(compileWith(planted, "partition-classes"))).to.not.deep.equal([]);
  });
});
