// The registry: ids, provenance, and every rule carrying its section and published text.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SPEC_IDS, specs } from "../src";

const ROOT = join(__dirname, "..", "..");

describe("specs()", () => {
  it("lists only the five spec ids, oldest first", () => {
    const ids = specs().map((s) => s.id);
    expect(ids.every((id) => SPEC_IDS.includes(id))).to.equal(true);
    expect(ids).to.deep.equal(SPEC_IDS.filter((id) => ids.includes(id)));
    expect(ids).to.include.members(["draft-1997", "draft-2003"]);
  });
  for (const s of specs()) {
    describe(s.id, () => {
      it("names its seed, which exists", () => {
        expect(existsSync(join(ROOT, "..", "shared", "seeds", s.seed)) || existsSync(join("/work/shared/seeds", s.seed)), s.seed).to.equal(true);
      });
      it("has a title, a date, a notation and a top rule that is one of its rules", () => {
        expect(s.title).to.not.equal("");
        expect(s.date).to.match(/^\d{4}-\d{2}$/);
        expect(s.notation).to.not.equal("");
        expect(s.rules.map((r) => r.published)).to.include(s.topRule);
      });
      it("gives every rule a section and its published text, and every published name once", () => {
        const names = new Set<string>();
        for (const r of s.rules) {
          if (r.kind === "helper") continue;
          expect(r.section, r.pegName).to.be.a("string").and.not.equal("");
          expect(r.text.length, r.pegName).to.be.greaterThan(0);
          expect(names.has(r.published!), `duplicate ${r.published}`).to.equal(false);
          names.add(r.published!);
        }
      });
      it("quotes each published rule under its own name", () => {
        for (const r of s.rules.filter((x) => x.kind === "published")) {
          expect(r.text[0].startsWith(`${r.published} `) || r.text[0].startsWith(`${r.published}\t`) || r.text[0].startsWith(r.published!), r.published!).to.equal(true);
        }
      });
    });
  }
  it("draft-2003 quotes dec-octet and IPv6address as the seed prints them", () => {
    const seed = readFileSync("/work/shared/seeds/003_7726d06446aa98af.txt", "utf8").replace(/\s+/g, " ");
    const rules = specs().find((s) => s.id === "draft-2003")!.rules;
    for (const name of ["IPv6address", "qualified", "reg-name", "opaque-part", "uric-no-slash", "dec-octet", "ls32"]) {
      const text = rules.find((r) => r.published === name)!.text.join(" ").replace(/\s+/g, " ");
      expect(seed, name).to.contain(text);
    }
  });
});
