// The types tell the truth (the ASTs' types are generated per start rule from the grammars' @ast
// annotations): this file is compiled by `npm test` (tsc, strict), and every `@ts-expect-error`
// marks a misuse that must not compile (tsc fails on an expect-error that has no error under it).
// The run-time part asks TypeScript's language service what an editor offers for `spec` and `rule`.
import { expect } from "chai";
import { join } from "node:path";
import ts from "typescript";
import { check, components, parse, validate, type Host, type TextComponent } from "../src";
import type { Draft2003Authority, Draft2003Path, Rfc1738HttpUrl } from "../src";
import { SPEC_IDS } from "../src/revisions";

// eslint-disable-next-line @typescript-eslint/no-unused-vars
function typeChecks(input: string): void {
  // A whole reference (no rule: the top rule): `kind` is there, every component is T | null.
  const r = parse(input, { spec: "draft-2003" });
  if (r.ok) {
    const kind: "absolute" | "opaque" | "network-path" | "relative-path" | "absolute-path" = r.ast.kind;
    const scheme: TextComponent | null = r.ast.scheme;
    const authority: Draft2003Authority | null = r.ast.authority;
    const path: Draft2003Path = r.ast.path;
    const query: TextComponent | null = r.ast.query;
    const fragment: TextComponent | null = r.ast.fragment;
    void [kind, scheme, authority, path, query, fragment];
    // @ts-expect-error no field that is always undefined: a whole reference's host is in its authority
    void r.ast.host;
    // @ts-expect-error kind is never undefined
    const undefinedKind: undefined = r.ast.kind;
    void undefinedKind;
    // The kind narrows the components: an absolute reference has its scheme, a network-path one its authority.
    if (r.ast.kind === "absolute") void r.ast.scheme.text;
    if (r.ast.kind === "network-path") void r.ast.authority.host;
    if (r.ast.kind === "relative-path") {
      // @ts-expect-error a relative reference has no scheme
      void r.ast.scheme.text;
    }
  }
  // A rule narrows the result to that rule's AST.
  const hp = parse(input, { spec: "draft-2003", rule: "hostport" });
  if (hp.ok) {
    const host: Host = hp.ast.host;
    void host;
    // @ts-expect-error a hostport has no scheme
    void hp.ast.scheme;
  }
  const a = parse(input, { spec: "rfc3986", rule: "authority" });
  if (a.ok) void a.ast.authority.host.kind;
  // Without a spec: draft-2003's top rule.
  const d = parse(input);
  if (d.ok) void d.ast.kind;
  // A literal rule the revision does not have does not compile (issue 41 item 6), in each function
  // that takes a rule; compared without case (an ABNF revision's names are case-insensitive).
  // @ts-expect-error "autority" is no rule of rfc3986 (TypeScript suggests "authority")
  parse(input, { spec: "rfc3986", rule: "autority" });
  // @ts-expect-error the same in validate
  validate(input, { spec: "rfc3986", rule: "autority" });
  // @ts-expect-error the same in components
  components(input, { spec: "rfc3986", rule: "autority" });
  // @ts-expect-error the same in check
  check(input, { spec: "rfc3986", rule: "autority" });
  // @ts-expect-error a draft-2003 rule name that draft-1997 does not have
  validate(input, { spec: "draft-1997", rule: "IPv6address" });
  void parse(input, { spec: "rfc3986", rule: "uri-reference" });
  void validate(input, { rule: "IPv6address" });
  // A rule given as a plain string: any rule's AST (every field must be tested for).
  const name: string = "host";
  const any = parse(input, { spec: "draft-2003", rule: name });
  if (any.ok) {
    // @ts-expect-error the rule is not known, so neither is the AST
    void any.ast.kind;
  }
  // The scheme-aware revisions: the production's record.
  const old = parse(input, { spec: "rfc1738" });
  if (old.ok) {
    const url = old.ast.url;
    if (url.kind === "http") {
      const http: Rfc1738HttpUrl = url;
      void http.search;
    }
  }
  // Options: an unknown revision does not compile (at run time it is an error value).
  // @ts-expect-error no such revision
  parse(input, { spec: "rfc9999" });
  validate(input, { spec: "rfc1738", rule: "httpurl" });
  components(input, { spec: "draft-1997" });
  // check() narrows on ok, and on valid.
  const c = check(input, { require: ["host"] });
  if (c.ok) {
    const none: [] = c.violations;
    const noError: null = c.error;
    void [none, noError];
  } else if (!c.valid) {
    void c.error.offset;
    // @ts-expect-error an invalid input has no components
    void c.components.host;
  } else {
    void c.violations;
  }
}

/** What an editor offers at the "@@" of `code` (a file beside the tests, importing ../src). */
function completions(code: string): string[] {
  const file = join(__dirname, "__completions.ts");
  const pos = code.indexOf("@@");
  const text = code.replace("@@", "");
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => (f === file ? ts.ScriptSnapshot.fromString(text) : ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f) ?? "") : undefined),
    getCurrentDirectory: () => __dirname,
    getCompilationSettings: () => ({ strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === file || ts.sys.fileExists(f),
    readFile: (f) => (f === file ? text : ts.sys.readFile(f)),
  };
  const list = ts.createLanguageService(host).getCompletionsAtPosition(file, pos, {});
  return list ? list.entries.map((e) => e.name) : [];
}

describe("types: what an editor offers", function () {
  this.timeout(120000);
  // The compiled declarations (dist/src), as a consumer sees them.
  const lib = JSON.stringify(join(__dirname, "..", "src", "index"));
  const SPECS: readonly string[] = SPEC_IDS;
  for (const fn of ["parse", "validate", "components", "check"]) {
    it(`${fn}(x, { spec }) offers every revision`, () => {
      const offered = completions(`import { ${fn} } from ${lib}; ${fn}("x", { spec: "@@" });`);
      expect(SPECS.filter((s) => offered.includes(s))).to.deep.equal(SPECS);
    });
  }
  it("parse(x, { spec, rule }) offers that revision's rule names", () => {
    const offered = completions(`import { parse } from ${lib}; parse("x", { spec: "rfc3986", rule: "@@" });`);
    expect(offered).to.include.members(["URI-reference", "authority", "IPv6address"]);
    expect(offered).to.not.include("URL-reference");
  });
  it("the check can fail: a function whose spec option has a default type offers only it", () => {
    const offered = completions(`declare function f<S extends ${SPECS.map((s) => JSON.stringify(s)).join(" | ")} = "draft-2003">(x: unknown, o?: { spec?: S }): void; f("x", { spec: "@@" });`);
    expect(offered).to.deep.equal(["draft-2003"]);
  });
});
