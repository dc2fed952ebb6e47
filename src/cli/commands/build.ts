// The build command: a reference written from component values (buildReference(), src/ops/build-reference.ts).
import type { Command } from "commander";
import { buildReference, type ReferenceParts } from "../../ops/build-reference";
import { EXIT_INVALID, EXIT_VALID, type CommandContext } from "../io";
import { resolveRevision, specOption } from "../options";
import { jsonAnswer } from "../json";

type BuildFlags = { spec: string; scheme?: string; userinfo?: string; host?: string; port?: string; path?: string; segment?: string[]; query?: string; fragment?: string; json?: boolean };

export function registerBuild(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("build")
    .description("write a reference from component values, each escaped as the revision requires, checked by parsing it back")
    .addOption(specOption())
    .option("--scheme <scheme>", "the scheme, without \":\"")
    .option("--userinfo <text>", "the userinfo (needs --host)")
    .option("--host <host>", "the host (an IPv6 address in brackets); \"\" for an empty authority")
    .option("--port <digits>", "the port (needs --host)")
    .option("--path <path>", "the path; its \"/\"s separate segments")
    .option("--segment <text>", "one path segment, repeatable, instead of --path (a \"/\" in it is escaped); the path starts with \"/\"", (v: string, all: string[] = []) => [...all, v])
    .option("--query <text>", "the query, without \"?\"")
    .option("--fragment <text>", "the fragment, without \"#\"")
    .option("--json", "one JSON object: {ok, spec, reference, components} or {ok: false, error}")
    .addHelpText(
      "after",
      `
Values are given unescaped, as a person types them; each is escaped with exactly the characters the
revision's rule for its component cannot hold (see \`uri-grammars matrix\`). What the revision cannot
write (a space in a draft-1997 host, a path that would change the authority) is refused.
Exit status: 0 when the reference is written, 1 when it cannot be, 2 on a usage error.

Examples:
  $ uri-grammars build --spec rfc3986 --scheme https --host example.com --path '/a b/ü' --query 'q=1 2'
  $ uri-grammars build --scheme http --host h --segment 'a/b' --segment c
  $ uri-grammars build --spec draft-1997 --scheme http --host 'a b'`,
    )
    .action(async (opts: BuildFlags) => {
      const revision = resolveRevision(opts.spec);
      const parts: ReferenceParts = { scheme: opts.scheme ?? null, userinfo: opts.userinfo ?? null, host: opts.host ?? null, port: opts.port ?? null, path: opts.segment ? ["", ...opts.segment] : (opts.path ?? ""), query: opts.query ?? null, fragment: opts.fragment ?? null };
      const r = buildReference(parts, { spec: revision.id });
      if (opts.json) await io.out(jsonAnswer(r.ok, r));
      else if (r.ok) await io.out(r.reference + "\n");
      else io.err(`cannot build: ${r.error.message}\n`);
      setExit(r.ok ? EXIT_VALID : EXIT_INVALID);
    });
}
