import type { Command } from "commander";
import { equivalent } from "../../ops/equivalent";
import type { NormalizationLevel } from "../../ops/normalize";
import { EXIT_INVALID, EXIT_USAGE, EXIT_VALID, type CommandContext } from "../io";
import { checkNormalizeSpec, levelOption, normalizeSpecOption } from "./normalize";
import { jsonAnswer } from "../json";

export function registerEquivalent(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("equivalent")
    .description("compare two inputs on a rung of the comparison ladder (draft-2003 §6.2, rfc3986 §6.2, draft-1997 §6)")
    .argument("<a>", "first input")
    .argument("<b>", "second input")
    .addOption(normalizeSpecOption())
    .addOption(levelOption())
    .option("--json", "print {ok, spec, level, equivalent, a, b, sections} (a and b normalized; sections: what the answer rests on)")
    .addHelpText(
      "after",
      `
Both inputs are normalized (see 'uri-grammars normalize --help') and compared character by character
(§6.2.1). "not equivalent" never means the two identify different resources (§6.1). The answer names
the sections it rests on, and the document of each scheme default it applied (https's port 443:
RFC 9110 §4.2.2; the revision's table of default ports, see 'uri-grammars normalize --help').
Exit status: 0 when equivalent, 1 when not, 2 on a usage error or when an input is invalid.

Examples:
  $ uri-grammars equivalent 'example://a/b/c/%7A' 'eXAMPLE://a/./b/../b/c/%7a'
  $ uri-grammars equivalent --level syntax 'http://example.com/' 'http://example.com:80/'
  $ uri-grammars equivalent --spec rfc3986 'https://example.com:443/' 'https://example.com/'
  $ uri-grammars equivalent --spec draft-1997 'http://www.XEROX.com' 'http://www.xerox.com:80'
  $ uri-grammars equivalent --json --level string 'http://a/' 'HTTP://a/'`,
    )
    .action(async (a: string, b: string, opts: { spec: string; level: NormalizationLevel; json?: boolean }) => {
      const spec = checkNormalizeSpec(opts.spec);
      const r = equivalent(a, b, { spec, level: opts.level });
      if (opts.json) await io.out(jsonAnswer(r.ok && r.equivalent, r));
      if (!r.ok) {
        io.err(`uri-grammars: ${r.which ? `input ${r.which} (${JSON.stringify(r.which === "a" ? a : b)}) is invalid: ` : ""}${r.error.message}\n`);
        setExit(EXIT_USAGE);
        return;
      }
      if (!opts.json) await io.out(`${r.equivalent ? "equivalent" : "not equivalent"} (${r.spec}, ${r.level} level; ${r.sections.join(", ")})\n  ${r.a}\n  ${r.b}\n`);
      setExit(r.equivalent ? EXIT_VALID : EXIT_INVALID);
    });
}
