// The list of revisions in the committed docs, written from the registry (the folders of grammar/,
// as the build compiled them: dist/), so that none is typed and none falls behind:
//   README.md                          the table of revisions (id, the grammar's @summary, @date, the
//                                      notation of its published grammar), between the markers below
// (the only one: the suite schema's `spec` is a pattern, the package description names the first and
// the last revision, grammar/REPAIRS.md the revisions with a repair, docs/api.md each revision's AST
// types by pattern, so that a revision added touches README.md alone outside its folder).
// test/revision-docs.test.ts fails when they are stale (a revision added, a summary changed) until
// this is run.
//
//   node scripts/write-revision-docs.mjs           rewrite them
//   node scripts/write-revision-docs.mjs --check   exit 1 (and say which) when one is stale
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BEGIN = "<!-- revisions:begin (node scripts/write-revision-docs.mjs) -->";
export const END = "<!-- revisions:end -->";

/** What each notation of a published grammar is called in the table (by the file's extension). */
const NOTATION_NAMES = { "adhoc-bnf": "ad-hoc BNF", bnf: "RFC 822-style BNF", abnf: "ABNF" };

/** The README's table of revisions, from the registry of the build in `dist`. */
export function revisionTable(dist = join(root, "dist")) {
  const { specs, DEFAULT_SPEC } = require(join(dist, "src", "revisions", "index.js"));
  const { publishedGrammarFile } = require(join(dist, "src", "published", "index.js"));
  const rows = specs().map((s) => {
    const notation = publishedGrammarFile(s.id)?.notation;
    // A grammar published in prose (the WHATWG URL Standard) is read as a notation by the project: both are said.
    const named = NOTATION_NAMES[notation] ?? notation;
    const shown = named === undefined ? s.notation : /prose/.test(s.notation) ? `${s.notation}, read as ${named}` : named;
    return `| \`${s.id}\` | ${s.summary}${s.id === DEFAULT_SPEC ? " (default)" : ""} | ${s.date} | ${shown} |`;
  });
  return ["| id | document | date | notation |", "|---|---|---|---|", ...rows].join("\n");
}

/** Each file this script writes: its path, and its text as it should be given its text now. */
export function revisionDocs(dist = join(root, "dist")) {
  const readme = join(root, "README.md");
  return [
    {
      path: readme,
      write(text) {
        const a = text.indexOf(BEGIN);
        const b = text.indexOf(END);
        if (a < 0 || b < a) throw new Error(`README.md has no ${BEGIN} ... ${END} block`);
        return `${text.slice(0, a + BEGIN.length)}\n${revisionTable(dist)}\n${text.slice(b)}`;
      },
    },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const { path, write } of revisionDocs()) {
    const text = readFileSync(path, "utf8");
    const next = write(text);
    if (next === text) continue;
    if (check) {
      console.error(`${path.slice(root.length + 1)} is stale: run node scripts/write-revision-docs.mjs`);
      stale++;
    } else {
      writeFileSync(path, next);
      console.log(`wrote ${path.slice(root.length + 1)}`);
    }
  }
  process.exit(stale > 0 ? 1 : 0);
}
