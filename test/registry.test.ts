// The registry: ids, provenance, and every rule carrying its section and published text.
import { expect } from "chai";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SPEC_IDS, specs } from "../src";
import { getRevision, type SpecId } from "../src/revisions";
import { requireSeeds, requireSeedText } from "./support/seeds";
import { readRows } from "./support/table";

describe("specs()", () => {
  it("lists only the built-in spec ids, oldest first", () => {
    const ids = specs().map((s) => s.id);
    expect(ids.every((id) => SPEC_IDS.includes(id))).to.equal(true);
    expect(ids).to.deep.equal(SPEC_IDS.filter((id) => ids.includes(id)));
    expect(ids).to.include.members(["draft-1997", "draft-2003"]);
  });
  for (const s of specs()) {
    describe(s.id, () => {
      it("names its seed, which exists", function () {
        expect(existsSync(join(requireSeeds(this), s.seed)), s.seed).to.equal(true);
      });
      it("has a title, a date, a notation and a top rule that is one of its rules", () => {
        expect(s.title).to.not.equal("");
        expect(s.date).to.match(/^\d{4}-\d{2}(-\d{2})?$/);
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
          // RFC 1630's generic section defines 19 names again defined by its URL section: there the
          // rule is `generic-NAME` and quotes NAME as printed (grammar/rfc1630/README.md).
          const printed = s.id === "rfc1630" && r.section === "BNF of Generic URI Syntax" ? r.published!.replace(/^generic-/, "") : r.published!;
          // A grammar in prose (the WHATWG URL Standard) defines a name in a sentence: "A valid URL
          // string must be ...", "The URL code points are ...".
          const quoted = /prose/.test(s.notation) ? new RegExp(`^(A|An|The) ${printed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (must be|is|are)[ :]`).test(r.text[0]) : r.text[0].startsWith(printed);
          expect(quoted, r.published!).to.equal(true);
        }
      });
    });
  }
  // The 1997 and 2003 seeds and RFC 3986 print each rule as `name = definition`: every quoted rule
  // must be there word for word (whitespace aside; RFC 3986's rules are quoted from Appendix A). The early revisions lay their rules out as tables.
  const PRINTED_AS_DEFINITIONS: readonly (readonly [SpecId])[] = [
    ["draft-1997"],
    ["draft-2003"],
    ["rfc3986"],
  ];
  for (const [id] of PRINTED_AS_DEFINITIONS) {
    it(`${id} quotes every published rule word for word from its seed`, function () {
      const text = requireSeedText(this, getRevision(id)!.seed);
      const rules = specs().find((s) => s.id === id)!.rules.filter((r) => r.kind === "published");
      expect(rules.length).to.be.greaterThan(30);
      for (const r of rules) expect(text, r.published!).to.contain(r.text.join(" ").replace(/\s+/g, " "));
    });
  }
  // rfc6874 quotes §2's three rules from RFC 6874 and every other rule from RFC 3986's Appendix A:
  // each is in the document its section names (RFC 3986 Appendix A, or RFC 6874).
  it("rfc6874 quotes every published rule word for word from the document its section names", function () {
    const rfc3986 = requireSeedText(this, "../references/rfc3986.txt");
    const rfc6874 = requireSeedText(this, "../references/rfc6874.txt");
    const rules = specs().find((s) => s.id === "rfc6874")!.rules.filter((r) => r.kind === "published");
    expect(rules.filter((r) => !r.section!.startsWith("RFC 3986 ")).map((r) => r.published)).to.deep.equal(["IP-literal", "ZoneID", "IPv6addrz"]);
    for (const r of rules) expect(r.section!.startsWith("RFC 3986 ") ? rfc3986 : rfc6874, r.published!).to.contain(r.text.join(" ").replace(/\s+/g, " "));
  });
  // Multi-line rules keep every line (a continuation line once went missing).
  for (const { cols: [id, rule, tail] } of readRows("registry/multi-line-rules.tsv", 3)) {
    it(`${id} ${rule} is quoted to its last line`, () => {
      const text = specs().find((s) => s.id === id)!.rules.find((r) => r.published === rule)!.text.join(" ").replace(/\s+/g, " ");
      expect(text.endsWith(tail), text).to.equal(true);
    });
  }
});
