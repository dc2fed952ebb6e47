// `uri-grammars serve`: the explorer (site/ of a checkout, written by `npm run site` and by the build;
// in an installed package dist/site/, the site as the package ships it) on 127.0.0.1 only. The server and its safety rules are in src/cli/site-server.ts.
import type { Command } from "commander";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { EXIT_VALID, UsageError, type CommandContext } from "../io";
import { builtSite, PACKED_SITE_DIR, PortUnavailableError, SITE_DIR, sitePages, startSiteServer } from "../site-server";

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
    // Listed wherever a site is there to serve: a checkout after `npm run build` (site/), or the
    // installed package (dist/site/, the site as the package ships it; --site works anyway).
    .command("serve", { hidden: builtSite() === null })
    .description("serve the explorer (playground, trace, grammars, notation guide, diff, resolution, extract, documents) on 127.0.0.1")
    .option("--port <n>", `the port (0: any free port)`, String(DEFAULT_PORT))
    .option("--open", "open the explorer in the default browser")
    .option("--site <dir>", "serve this folder instead of the built site (a copy of site/)")
    .addHelpText("after", () => {
      const site = builtSite();
      const pages = site ? sitePages(site) : [];
      const width = Math.max(0, ...pages.map((p) => p.file.length));
      return `
Pages:
${pages.length > 0 ? pages.map((p) => `  ${p.file.padEnd(width)}  ${p.title}: ${p.blurb}`).join("\n") : "  (no site built here: see below)"}

The site comes with the package (dist/site/, compressed) and, in a checkout, is built by \`npm run build\`
(and \`npm ci\`) or \`npm run site\` into site/, which is served when it is there. Everything runs in
the page; nothing is sent anywhere. The server listens on 127.0.0.1 only, answers GET and HEAD only,
and serves only the site's files. Stop it with Ctrl-C. Exit status: 0 when stopped by Ctrl-C or
SIGTERM, 2 when the port is in use or there is no site.

Examples:
  $ uri-grammars serve
  $ uri-grammars serve --port 8080 --open
  $ uri-grammars serve --port 0          # any free port; the address is printed`;
    })
    .action(async (opts: { port: string; open?: boolean; site?: string }) => {
      const port = parsePort(opts.port);
      const site = opts.site ? { dir: resolve(opts.site), storage: "plain" as const } : builtSite();
      if (site === null) throw new UsageError(`no site to serve: neither ${SITE_DIR} (a checkout: build it with \`npm run build\` or \`npm run site\`) nor ${PACKED_SITE_DIR} (the package's) holds one; serve a copy with --site DIR`);
      if (opts.site && !existsSync(join(site.dir, "index.html"))) throw new UsageError(`no site in ${site.dir}: --site takes a folder holding the explorer's index.html (a copy of site/)`);
      let served;
      try {
        served = await startSiteServer(site.dir, port, undefined, site.storage);
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
