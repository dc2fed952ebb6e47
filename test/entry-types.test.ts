// The types of a revision's entry as a consumer compiles them (issue 41 item 6): resolve() of
// `uri-grammars/rfc3986` answers rfc3986's kinds only, with `spec` "rfc3986"; a misspelt rule does
// not compile; `uri-grammars/<spec>` is found under every moduleResolution a consumer may use,
// node10 (the default for `module: commonjs`) included, through package.json's typesVersions. Each
// expectation of a compile error is a `@ts-expect-error` line: tsc fails on one with no error under
// it, so each can fail.
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installedProject } from "./support/pack";

const ROOT = join(__dirname, "..", "..");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

const CONSUMER = `import { parse, resolve, validate, components, check, toURI } from "uri-grammars/rfc3987";
import * as rfc3986 from "uri-grammars/rfc3986";
import * as old from "uri-grammars/rfc1738";
import { resolve as anyResolve } from "uri-grammars";

const r = rfc3986.resolve("http://a/b/c", "../d");
if (r.ok) {
  const spec: "rfc3986" = r.spec;
  const uri: string = r.uri; // rfc3986 answers a URI, always: the kind needs no test
  // @ts-expect-error rfc3986 (§5.2) never answers "the current document"
  if (r.kind === "current-document") console.log(r.fragment);
  console.log(spec, uri);
}
const o = old.resolve("http://a/b", "c");
// rfc1738 defines no resolution: its answer is not-defined, with the document's words.
if (o.ok) console.log(o.kind === "not-defined" && o.citation.section);
const a = anyResolve("http://a/b/c", "#f", { spec: "draft-2003" });
if (a.ok && a.kind === "current-document") console.log(a.fragment);
const i = resolve("http://a/b/c", "../d");
if (i.ok) console.log(i.uri);

// @ts-expect-error "autority" is no rule of rfc3986
rfc3986.parse("x", { rule: "autority" });
// @ts-expect-error nor of rfc3987
validate("x", { rule: "iautority" });
// @ts-expect-error in components too
components("x", { rule: "nope" });
// @ts-expect-error and check
check("x", { rule: "nope" });
console.log(parse("x", { rule: "iauthority" }).ok, parse("x", { rule: "IRI-REFERENCE" }).ok);
const held: string = "nope";
console.log(parse("x", { rule: held }).ok);
console.log(toURI("http://例え.jp/", { idna: true }));
// @ts-expect-error rfc3986's entry has no toURI (its descriptor has no iri)
console.log(rfc3986.toURI);
`;

describe("the entries' types as a consumer compiles them (resolve's kinds, misspelt rules, moduleResolution node10)", function () {
  this.timeout(300_000);
  let dir: string;
  before(() => {
    dir = installedProject("uri-grammars-entry-types-");
    writeFileSync(join(dir, "consumer.ts"), CONSUMER);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const tsc = (module: string, moduleResolution: string, file = "consumer.ts"): string => {
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, module, moduleResolution, target: "es2022", types: [], noEmit: true, skipLibCheck: false }, files: [file] }));
    try {
      execFileSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: dir, encoding: "utf8" });
      return "";
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? e);
    }
  };

  for (const [module, resolution] of [["commonjs", "node10"], ["node16", "node16"], ["nodenext", "nodenext"], ["esnext", "bundler"]]) {
    it(`compiles under module ${module}, moduleResolution ${resolution}, with every expected error where it is`, () => {
      expect(tsc(module, resolution)).to.equal("");
    });
  }

  it("the check can fail: an unmarked misspelt rule is an error naming the rule (planted)", () => {
    writeFileSync(join(dir, "planted.ts"), `import { parse } from "uri-grammars/rfc3986";\nparse("x", { rule: "autority" });\n`);
    const out = tsc("commonjs", "node10", "planted.ts");
    expect(out).to.contain("planted.ts(2,");
    expect(out).to.contain('"autority"');
  });
});
