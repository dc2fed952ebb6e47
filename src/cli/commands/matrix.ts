import type { Command } from "commander";
import { characterTableOf, CHARACTERS, MATRIX_KEYS, type CharacterTable } from "../../ops/characters";
import { noComponentsNote } from "../../ops/components";
import { availableSpecIds } from "../../revisions";
import type { ComponentKey } from "../../revisions/revision";
import { EXIT_VALID, type CommandContext } from "../io";
import { resolveRevision } from "../options";
import { jsonAnswer } from "../json";

/** One letter per component in the text view. */
const LETTER: Record<string, string> = { scheme: "s", userinfo: "u", password: "p", host: "h", port: "o", segment: "g", query: "q", fragment: "f" };

export interface Matrix {
  specs: string[];
  tables: CharacterTable[];
  notes: string[];
}

export function buildMatrix(ids: string[]): Matrix {
  const tables: CharacterTable[] = [];
  const notes: string[] = [];
  for (const id of ids) {
    const revision = resolveRevision(id);
    const t = characterTableOf(revision);
    if (t) tables.push(t);
    else notes.push(noComponentsNote(revision));
  }
  return { specs: tables.map((t) => t.spec), tables, notes };
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line per character and revision: spec, char, code, classes, then one column per component (1, 0, or empty when the revision lacks it). */
export function matrixCsv(m: Matrix): string {
  const lines = [["spec", "char", "code", "classes", ...MATRIX_KEYS].join(",")];
  for (const t of m.tables) {
    for (const r of t.rows) {
      const code = r.char.length === 1 ? `0x${r.char.charCodeAt(0).toString(16).toUpperCase()}` : "";
      const flags = MATRIX_KEYS.map((k: ComponentKey) => (r.allowed[k] === undefined ? "" : r.allowed[k] ? "1" : "0"));
      lines.push([t.spec, csvField(r.char), code, csvField(r.classes.join(" ")), ...flags].join(","));
    }
  }
  return lines.join("\n") + "\n";
}

/** Text: one line per character; per revision its first class and one letter per component that allows it. */
export function matrixText(m: Matrix): string {
  const keys = MATRIX_KEYS;
  const legend = `columns: first class; then ${keys.map((k) => `${LETTER[k]} ${k}`).join(", ")}\n("." not allowed unescaped there; blank: the revision has no such component)`;
  const cw = 12 + 1 + keys.length;
  const out = [legend, `char  ${m.tables.map((t) => t.spec.padEnd(cw)).join("  ")}`.trimEnd()];
  for (const char of CHARACTERS) {
    const cells = m.tables.map((t) => {
      const r = t.rows.find((x) => x.char === char)!;
      const flags = keys.map((k) => (r.allowed[k] === undefined ? " " : r.allowed[k] ? LETTER[k] : ".")).join("");
      return `${(r.classes[0] ?? "-").padEnd(12)} ${flags}`;
    });
    out.push(`${(char === " " ? "SP" : char).padEnd(5)} ${cells.join("  ")}`.trimEnd());
  }
  for (const n of m.notes) out.push(`note: ${n}`);
  return out.join("\n") + "\n";
}

export function registerMatrix(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("matrix")
    .description("the table of printable ASCII characters x revisions x components: class, and where each may appear unescaped")
    .option("--spec <id...>", "revisions to show (default: all available, oldest first)")
    .option("--csv", "CSV: spec,char,code,classes,<one 1/0 column per component>")
    .option("--json", "JSON: one table per revision")
    .addHelpText("after", "\nExamples:\n  $ uri-grammars matrix\n  $ uri-grammars matrix --spec draft-1997 --csv\n  $ uri-grammars matrix --json")
    .action(async (opts: { spec?: string[]; csv?: boolean; json?: boolean }) => {
      const ids = opts.spec && opts.spec.length > 0 ? opts.spec.flatMap((s) => s.split(",")).filter((s) => s !== "") : availableSpecIds();
      const m = buildMatrix(ids);
      await io.out(opts.json ? jsonAnswer(true, m, 2) : opts.csv ? matrixCsv(m) : matrixText(m));
      setExit(EXIT_VALID);
    });
}
