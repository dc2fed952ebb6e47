// `uri-grammars to-uri` and `to-iri`: RFC 3987 §3.1 and §3.2 (src/ops/iri.ts) on each argument.
import type { Command } from "commander";
import { caretDisplay } from "../../errors";
import { iriSpecIds, toIRI, toURI } from "../../ops/iri";
import type { SpecId } from "../../revisions";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { jsonAnswer } from "../json";
import { resolveRevision } from "../options";

export function registerIri(program: Command, { io, setExit }: CommandContext): void {
  for (const [name, description, convert, field] of [
    ["to-uri", "map IRIs to URIs (RFC 3987 §3.1: UTF-8, then percent-encoding; the host is percent-encoded, not IDNA)", toURI, "uri"],
    ["to-iri", "convert URIs to IRIs (RFC 3987 §3.2: decode what is legal UTF-8 and appropriate)", toIRI, "iri"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .argument("<input...>", "inputs")
      .option("--spec <id>", `IRI revision: ${iriSpecIds().join(", ")}`)
      .option("--json", "one JSON object per input")
      .addHelpText("after", `\nExample:\n  $ uri-grammars ${name} '${name === "to-uri" ? "http://例え.jp/パス?q=値" : "http://www.example.org/D%C3%BCrst"}'`)
      .action(async (inputs: string[], opts: { spec?: string; json?: boolean }) => {
        // An unknown revision, or one that is no IRI revision, is a usage error (exit 2), as in every command.
        if (opts.spec !== undefined && resolveRevision(opts.spec).iri === undefined) throw new UsageError(`"${opts.spec}" is not an IRI revision: ${name} follows RFC 3987 §3; use --spec ${iriSpecIds().join(" or ")}`);
        let bad = false;
        for (const input of inputs) {
          const r = (convert as (i: unknown, o?: { spec?: SpecId }) => ReturnType<typeof toURI> | ReturnType<typeof toIRI>)(input, opts.spec === undefined ? undefined : { spec: opts.spec as SpecId });
          if (!r.ok) bad = true;
          if (opts.json) await io.out(jsonAnswer(r.ok, r.ok ? r : { ...r, input }));
          else if (r.ok) await io.out((r as Record<string, unknown>)[field] + "\n");
          else await io.err(`invalid  ${JSON.stringify(input)}: ${r.error.message}${r.error.code === "syntax" ? `\n${caretDisplay(input, r.error.offset)}` : ""}\n`);
        }
        setExit(bad ? EXIT_INVALID : EXIT_VALID);
      });
  }
}
