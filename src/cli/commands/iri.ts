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
    ["to-uri", "map IRIs to URIs (RFC 3987 §3.1: UTF-8, then percent-encoding; with --idna the host by IDNA ToASCII)", toURI, "uri"],
    ["to-iri", "convert URIs to IRIs (RFC 3987 §3.2: decode what is legal UTF-8 and appropriate; with --idna xn-- labels too)", toIRI, "iri"],
  ] as const) {
    program
      .command(name)
      .description(description)
      .argument("<input...>", "inputs")
      .option("--spec <id>", `IRI revision: ${iriSpecIds().join(", ")}`)
      .option("--idna", name === "to-uri" ? "the host is a domain name: convert its non-ASCII labels by IDNA ToASCII (RFC 3987 §3.1; UTS #46 by tr46)" : "the host is a domain name: decode its xn-- labels by IDNA ToUnicode (RFC 3987 §3.2)")
      .option("--json", "one JSON object per input")
      .addHelpText(
        "after",
        name === "to-uri"
          ? `\nWithout --idna the host is percent-encoded like the rest of the IRI (§3.1 step 2). --idna is for schemes
whose host is a domain name (http, https, ...): a label ToASCII refuses is an error (exit 1).

Examples:\n  $ uri-grammars to-uri 'http://例え.jp/パス?q=値'\n  $ uri-grammars to-uri --idna 'http://例え.jp/パス?q=値'`
          : `\nExamples:\n  $ uri-grammars to-iri 'http://www.example.org/D%C3%BCrst'\n  $ uri-grammars to-iri --idna 'http://xn--99zt52a.example.org/%E2%80%AE'`,
      )
      .action(async (inputs: string[], opts: { spec?: string; json?: boolean; idna?: boolean }) => {
        // An unknown revision, or one that is no IRI revision, is a usage error (exit 2), as in every command.
        if (opts.spec !== undefined && resolveRevision(opts.spec).iri === undefined) throw new UsageError(`"${opts.spec}" is not an IRI revision: ${name} follows RFC 3987 §3; use --spec ${iriSpecIds().join(" or ")}`);
        let bad = false;
        for (const input of inputs) {
          const options = { ...(opts.spec === undefined ? {} : { spec: opts.spec as SpecId }), ...(opts.idna ? { idna: true } : {}) };
          const r = (convert as (i: unknown, o?: { spec?: SpecId; idna?: boolean }) => ReturnType<typeof toURI> | ReturnType<typeof toIRI>)(input, options);
          if (!r.ok) bad = true;
          if (opts.json) await io.out(jsonAnswer(r.ok, r.ok ? r : { ...r, input }));
          else if (r.ok) await io.out((r as Record<string, unknown>)[field] + "\n");
          else await io.err(`invalid  ${JSON.stringify(input)}: ${r.error.message}${r.error.offset !== null ? `\n${caretDisplay(input, r.error.offset)}` : ""}\n`);
        }
        setExit(bad ? EXIT_INVALID : EXIT_VALID);
      });
  }
}
