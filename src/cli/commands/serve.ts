// `uri-grammars serve`: the explorer (site/, written by `npm run site` and by the build) on
// 127.0.0.1 only. The server and its safety rules are in src/cli/site-server.ts.
import type { Command } from "commander";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { EXIT_VALID, UsageError, type CommandContext } from "../io";
import { PortUnavailableError, SITE_DIR, startSiteServer } from "../site-server";

export const DEFAULT_PORT = 8323;

function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`--port takes a number from 0 to 65535 (0: any free port), not "${value}"`);
  return Number(value);
}

/** Opens the address in the desktop's browser; a failure only prints a note. */
function openBrowser(url: string, err: (text: string) => void): void {
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => err(`uri-grammars: could not open a browser (${cmd}); open ${url} yourself\n`));
    child.unref();
  } catch {
    err(`uri-grammars: could not open a browser (${cmd}); open ${url} yourself\n`);
  }
}

export function registerServe(program: Command, { io, setExit }: CommandContext): void {
  program
    // Listed only where the site is built (a checkout after `npm run build`): the installed package
    // does not ship site/, so its --help does not offer a command that cannot serve (--site still works).
    .command("serve", { hidden: !existsSync(join(SITE_DIR, "index.html")) })
    .description("serve the explorer (playground, grammars, notation guide, diff, resolution, extract) on 127.0.0.1")
    .option("--port <n>", `the port (0: any free port)`, String(DEFAULT_PORT))
    .option("--open", "open the explorer in the default browser")
    .option("--site <dir>", "serve this folder instead of the built site/ (a copy of the site)")
    .addHelpText(
      "after",
      `
The site is built by \`npm run build\` (and \`npm ci\`) or \`npm run site\` into site/. The server
listens on 127.0.0.1 only, answers GET and HEAD only, and serves only the site's files. Stop it
with Ctrl-C. Exit status 2 when the port is in use or the site is not built.

Examples:
  $ uri-grammars serve
  $ uri-grammars serve --port 8080 --open
  $ uri-grammars serve --port 0          # any free port; the address is printed`,
    )
    .action(async (opts: { port: string; open?: boolean; site?: string }) => {
      const port = parsePort(opts.port);
      const dir = opts.site ? resolve(opts.site) : SITE_DIR;
      if (!existsSync(join(dir, "index.html"))) throw new UsageError(`no site in ${dir}: build it with \`npm run site\` (or \`npm run build\`)`);
      let served;
      try {
        served = await startSiteServer(dir, port);
      } catch (e) {
        if (e instanceof PortUnavailableError) throw new UsageError(e.message);
        throw e;
      }
      await io.out(`Serving the uri-grammars explorer at ${served.url} (127.0.0.1 only; Ctrl-C stops it)\n`);
      if (opts.open) openBrowser(served.url, io.err);
      // Runs until SIGINT or SIGTERM; then closes the server and exits 0.
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          void served.close().then(resolve);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      setExit(EXIT_VALID);
    });
}
