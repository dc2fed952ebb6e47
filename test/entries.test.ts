// One entry point per revision (issue 27): `uri-grammars/<spec>` loads that revision's generated
// modules (scanner tables, AST builders, rule inventory, acceptance DFA) and no other revision's, and
// a page that imports only `validate` bundles the acceptance DFA alone. Checked the way a web
// page is built: esbuild bundles a file that imports `validate` from the entry through the package's
// `exports` map (platform browser, minified), and the bundle's inputs are read for generated modules.
// A planted second import (another revision's entry) shows that the check finds a foreign table.
import { expect } from "chai";
import { rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { SPEC_IDS } from "../src";
import { getRevision } from "../src/revisions";
import { installedProject } from "./support/pack";

const ROOT = join(__dirname, "..", "..");
/** The revisions whose verdict needs more than the acceptance DFA (scripts/build-entries.mjs checkedBeyondDfa). */
const CHECKED: readonly string[] = SPEC_IDS.filter((id) => getRevision(id)!.predicates !== undefined || getRevision(id)!.baseRules !== undefined);

/** A generated module a bundle holds bytes of: its revision and kind (generated/<spec>.<kind>.js). */
interface GeneratedModule {
  revision: string;
  kind: string;
}

/**
 * The revisions whose generated modules (generated/<spec>.scanner, .ast, .rules, .accept) a bundle of
 * `source` holds bytes of (a module the bundler read but left out, tree-shaken, does not count), and
 * which modules.
 */
async function bundledRevisions(dir: string, source: string): Promise<{ revisions: string[]; modules: GeneratedModule[]; bytes: number; text: string }> {
  const esbuild = require("esbuild") as typeof import("esbuild");
  const entry = join(dir, `page-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(entry, source);
  const out = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "browser", write: false, metafile: true, logLevel: "silent", outdir: join(dir, "out") });
  const modules: GeneratedModule[] = [];
  for (const output of Object.values(out.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const m = /(?:^|\/)generated\/([^/]+)\.(scanner|ast|rules|accept)\.js$/.exec(input);
      if (m && bytesInOutput > 0) modules.push({ revision: m[1], kind: m[2] });
    }
  }
  return { revisions: [...new Set(modules.map((m) => m.revision))].sort(), modules, bytes: out.outputFiles[0].contents.length, text: out.outputFiles[0].text };
}

describe("one entry point per revision (uri-grammars/<spec>)", function () {
  this.timeout(120000);
  let dir: string;

  before(() => {
    // A project that has the package installed: node_modules/uri-grammars is this repository (its dist/).
    dir = installedProject("uri-grammars-entries-");
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const id of SPEC_IDS.filter((x) => !CHECKED.includes(x))) {
    it(`a page importing validate from uri-grammars/${id} bundles ${id}'s acceptance DFA alone: no other revision's tables, and not its own scanner, AST tables or rule inventory`, async () => {
      const { modules } = await bundledRevisions(dir, `import { validate } from "uri-grammars/${id}";\nconsole.log(validate("http://a/", { spec: ${JSON.stringify(id)} }));\n`);
      expect(modules).to.deep.equal([{ revision: id, kind: "accept" }]);
    });
  }
  // A revision whose verdict needs more than its acceptance DFA (the WHATWG revisions: predicates on
  // some rules' matches, a start rule a base URL picks) validates by parse(): its own tables.
  for (const id of CHECKED) {
    it(`a page importing validate from uri-grammars/${id} bundles ${id}'s scanner, rule inventory and AST tables (its verdict needs the walk), and no other revision's tables`, async () => {
      const { revisions, modules } = await bundledRevisions(dir, `import { validate } from "uri-grammars/${id}";\nconsole.log(validate("http://a/", { spec: ${JSON.stringify(id)} }));\n`);
      expect(revisions).to.deep.equal([id]);
      expect(modules.map((m) => m.kind).sort()).to.deep.equal(["ast", "rules", "scanner"]);
    });
  }
  for (const id of SPEC_IDS) {
    it(`a page importing parse from uri-grammars/${id} bundles ${id}'s tables and no other revision's, and not the acceptance DFA`, async () => {
      const { revisions, modules } = await bundledRevisions(dir, `import { parse } from "uri-grammars/${id}";\nconsole.log(parse("http://a/").ok);\n`);
      expect(revisions).to.deep.equal([id]);
      expect(modules.map((m) => m.kind).sort()).to.deep.equal(["ast", "rules", "scanner"]);
    });
  }

  it("the check finds another revision's tables (planted: a second entry imported)", async () => {
    const [one, other] = ["rfc3986", "draft-2003"];
    const { revisions } = await bundledRevisions(dir, `import { validate } from "uri-grammars/${one}";\nimport { parse } from "uri-grammars/${other}";\nconsole.log(validate("a:b"), parse("a:b").ok);\n`);
    expect(revisions).to.deep.equal([other, one].sort());
  });

  it("the check finds the scanner beside the acceptance DFA (planted: parse imported with validate)", async () => {
    const { modules } = await bundledRevisions(dir, `import { validate, parse } from "uri-grammars/rfc3986";\nconsole.log(validate("a:b"), parse("a:b").ok);\n`);
    expect(modules.map((m) => m.kind).sort()).to.deep.equal(["accept", "ast", "rules", "scanner"]);
  });

  /**
   * ASCII text that only one operation's module holds (its data or its messages): a bundle that has it
   * carries that operation. The ES module entries share one copy of the code (dist/esm/chunk-*.mjs),
   * and a bundler keeps of it only what the page reaches (scripts/build-esm.mjs).
   */
  const OPERATION_MARKERS: Record<string, string> = {
    extract: "Delimiting a URI in Context", // src/revisions/delimiting.ts, rfc3986's quote
    lint: "IRIs MUST NOT contain bidirectional formatting characters", // src/ops/lint.ts (RFC 3987 §4.1 quoted)
    normalize: "defines none (normalize with one of", // src/ops/normalize.ts
  };
  const carried = (text: string) => Object.entries(OPERATION_MARKERS).filter(([, marker]) => text.includes(marker)).map(([op]) => op);

  for (const id of ["rfc3986", "draft-2003"]) {
    it(`a page importing parse from uri-grammars/${id} carries none of the operations it does not import (extract, lint, normalize)`, async () => {
      const { text } = await bundledRevisions(dir, `import { parse } from "uri-grammars/${id}";\nconsole.log(parse("http://a/").ok);\n`);
      expect(carried(text)).to.deep.equal([]);
    });
  }

  /** The answers of a bundled page that imports from `pageEntry`, and of the same calls through the CommonJS entry of `expectedEntry`. */
  async function bundledAnswers(pageEntry: string, expectedEntry: string): Promise<{ got: string; expected: string }> {
    const calls = (api: string) => `[${api}parse("http://[v1.x]/a?b#c"), ${api}validate("http://a b/"), ${api}components("HTTP://A:80/x"), ${api}resolve("../g", "http://a/b/c/d"), ${api}parse("http://a/%zz")]`;
    const { text } = await bundledRevisions(dir, `import * as api from "uri-grammars/${pageEntry}";\nconsole.log(JSON.stringify(${calls("api.")}));\n`);
    const page = join(dir, `run-${pageEntry}-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(page, text);
    const got = execFileSync(process.execPath, [page], { encoding: "utf8" }).trim();
    const expected = execFileSync(process.execPath, ["-e", `const api = require(${JSON.stringify(join(ROOT, "dist", "entries", `${expectedEntry}.js`))});\nconsole.log(JSON.stringify(${calls("api.")}));`], { encoding: "utf8" }).trim();
    return { got, expected };
  }

  it("a bundled page runs: what the bundler kept answers as the entry does (parse, validate, components, resolve, a rejected input's error)", async () => {
    for (const id of ["rfc3986", "draft-2003"]) {
      const { got, expected } = await bundledAnswers(id, id);
      expect(got, id).to.equal(expected);
      expect(JSON.parse(got)[4].ok, `${id}: the rejected input`).to.equal(false);
    }
  });

  it("the check finds a page that answers otherwise (planted: a page of draft-2003 held to rfc3986's answers)", async () => {
    const { got, expected } = await bundledAnswers("draft-2003", "rfc3986");
    expect(got).to.not.equal(expected);
  });

  it("the check finds an operation a page imports (planted: extract, lint and normalize imported beside parse)", async () => {
    const { text } = await bundledRevisions(dir, `import { parse, extract, lint, normalize } from "uri-grammars/rfc3986";\nconsole.log(parse("a:b").ok, extract("x"), lint("a:b"), normalize("a:b"));\n`);
    expect(carried(text).sort()).to.deep.equal(Object.keys(OPERATION_MARKERS).sort());
  });

  it("the main entry still bundles every revision", async () => {
    const { revisions } = await bundledRevisions(dir, `import { parse } from "uri-grammars";\nconsole.log(parse("http://a/").ok);\n`);
    expect(revisions).to.deep.equal([...SPEC_IDS].sort());
  });

  it("a page importing validate from the main entry bundles every revision's acceptance DFA and nothing else of theirs (a checked revision: its tables)", async () => {
    const { modules } = await bundledRevisions(dir, `import { validate } from "uri-grammars";\nconsole.log(validate("http://a/"));\n`);
    const expected = SPEC_IDS.flatMap((id) => (CHECKED.includes(id) ? ["ast", "rules", "scanner"] : ["accept"]).map((kind) => `${id} ${kind}`));
    expect(modules.map((m) => `${m.revision} ${m.kind}`).sort()).to.deep.equal(expected.sort());
  });

  it("a revision's tables are decoded on its first scan, not at import (in a fresh process: zero before, the decoded table after)", () => {
    const probe = (id: string, use: boolean) =>
      JSON.parse(
        execFileSync(process.execPath, ["-e", `const m = require(${JSON.stringify(join(ROOT, "dist", "generated", `${id}.scanner.js`))});\n${use ? "m.scan(m.START[Object.keys(m.START)[0]], 'a');\n" : ""}console.log(JSON.stringify({ filled: m.TRANS.some((t) => t !== 0), regexes: m.SKIPS.res.length }));`], { encoding: "utf8" }),
      ) as { filled: boolean; regexes: number };
    for (const id of ["rfc3986", "draft-2003"]) {
      expect(probe(id, false), `${id} at import`).to.deep.equal({ filled: false, regexes: 0 });
      const used = probe(id, true);
      expect(used.filled, `${id} after a scan`).to.equal(true);
      expect(used.regexes, `${id} after a scan`).to.be.greaterThan(0);
    }
  });

  it("a process that requires an entry and only validates loads the acceptance DFA and not the core, the scanner or the AST tables (reading parse loads them: the check can fail)", () => {
    const loaded = (use: string) =>
      (JSON.parse(
        execFileSync(process.execPath, ["-e", `const m = require(${JSON.stringify(join(ROOT, "dist", "entries", "rfc3986.js"))});\n${use}\nconsole.log(JSON.stringify(Object.keys(require.cache).map((f) => f.replace(/\\\\/g, "/").replace(/^.*\\/dist\\//, ""))));`], { encoding: "utf8" }),
      ) as string[]).filter((f) => /^(generated|entries\/parts)\//.test(f)).sort();
    expect(loaded(`if (m.validate("http://a/") !== true) throw new Error("validate");`)).to.deep.equal(["entries/parts/rfc3986.validate.js", "generated/rfc3986.accept.js"]);
    expect(loaded(`m.parse("http://a/");`)).to.include.members(["entries/parts/rfc3986.core.js", "generated/rfc3986.scanner.js", "generated/rfc3986.ast.js"]);
  });

  /** tr46's mapping table as a bundle holds it (its first entries: U+0000-U+002C valid, U+002D-U+002E valid). */
  const TR46_TABLE = "[[0,44],2],[[45,46],2]";

  it("an entry exports the operations its descriptor says apply (src/entry-operations.ts): rfc3987's has toURI, toIRI and iriSpecIds, the others not", () => {
    const carrying = SPEC_IDS.filter((id) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const names = Object.keys(require(join(ROOT, "dist", "entries", `${id}.js`)) as object);
      const has = ["toURI", "toIRI", "iriSpecIds"].filter((n) => names.includes(n));
      expect(has.length === 0 || has.length === 3, `${id}: ${has.join(", ")}`).to.equal(true);
      return has.length === 3;
    });
    expect(carrying).to.deep.equal(SPEC_IDS.filter((id) => getRevision(id)!.iri !== undefined));
    expect(carrying).to.deep.equal(["rfc3987"]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const iri = require(join(ROOT, "dist", "entries", "rfc3987.js")) as typeof import("../src/index");
    expect(iri.toURI("http://例え.jp/", { idna: true })).to.deep.equal({ ok: true, spec: "rfc3987", uri: "http://xn--r8jz45g.jp/" });
    expect(iri.iriSpecIds()).to.deep.equal(["rfc3987"]);
  });

  it("a page importing toURI from uri-grammars/rfc3987 converts a host by IDNA and carries tr46; a page parsing with rfc3987 alone carries none of it; the main entry and uri-grammars/whatwg carry it (the WHATWG revisions' valid domain is UTS #46 ToASCII)", async () => {
    const withIdna = await bundledRevisions(dir, `import { toURI } from "uri-grammars/rfc3987";
console.log(JSON.stringify(toURI("http://例え.jp/", { idna: true })));
`);
    expect(withIdna.text).to.include(TR46_TABLE);
    const page = join(dir, `run-idna-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(page, withIdna.text);
    expect(JSON.parse(execFileSync(process.execPath, [page], { encoding: "utf8" }))).to.deep.equal({ ok: true, spec: "rfc3987", uri: "http://xn--r8jz45g.jp/" });
    for (const [source, carries] of [[`import { parse } from "uri-grammars/rfc3987";
console.log(parse("http://a/").ok);
`, false], [`import { parse } from "uri-grammars";
console.log(parse("http://a/").ok);
`, true], [`import { parse } from "uri-grammars/whatwg";
console.log(parse("http://a/").ok);
`, true]] as const) {
      const { text } = await bundledRevisions(dir, source);
      expect(text.includes(TR46_TABLE), source).to.equal(carries);
    }
  });

  it("a process that requires the rfc3987 entry and converts without idna does not load tr46 (converting with it does: the check can fail)", () => {
    const loadsTr46 = (idna: boolean) =>
      execFileSync(process.execPath, ["-e", `const m = require(${JSON.stringify(join(ROOT, "dist", "entries", "rfc3987.js"))});
m.toURI("http://例え.jp/", { idna: ${idna} });
console.log(Object.keys(require.cache).some((f) => /[\\/]tr46[\\/]/.test(f)));`], { encoding: "utf8" }).trim();
    expect(loadsTr46(false)).to.equal("false");
    expect(loadsTr46(true)).to.equal("true");
  });

  it("an entry answers for its revision alone: spec defaults to it, another revision's id is an unknown-spec error value", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const one = require(join(ROOT, "dist", "entries", "rfc1738.js")) as typeof import("../src/revision-entry") & { validate: typeof import("../src/parse").validate };
    expect(one.SPEC_IDS).to.deep.equal(["rfc1738"]);
    expect(one.DEFAULT_SPEC).to.equal("rfc1738");
    const r = one.parse("ftp://u:p@h/a;type=i");
    expect(r.ok && r.spec).to.equal("rfc1738");
    const other = one.parse("http://a/", { spec: "draft-2003" });
    expect(other.ok).to.equal(false);
    if (!other.ok) {
      expect(other.error.code).to.equal("unknown-spec");
      expect(other.error.message).to.contain('import from "uri-grammars"');
    }
    expect(one.validate("http://a/", { spec: "draft-2003" })).to.equal(false);
  });
});
