// The static server behind `uri-grammars serve`: the explorer's files (site/) on the loopback
// interface, and nothing else.
//   - It listens on 127.0.0.1 only (never on every interface).
//   - It answers GET and HEAD only (405 with `Allow: GET, HEAD` otherwise).
//   - It serves only regular files under the site folder: a path with a ".." segment (plain or
//     percent-encoded), a backslash or a NUL is refused, and the real path of the file (symbolic
//     links followed) must still lie inside the real path of the site folder.
//   - It answers only requests addressed to the loopback (Host 127.0.0.1, localhost or [::1]), so a
//     web page elsewhere cannot reach it through a rebound DNS name.
import { createReadStream, promises as fs } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, sep } from "node:path";
import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";

export const LOOPBACK = "127.0.0.1";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
};

/** Compressed on the way out when the client accepts gzip. */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt"]);

/**
 * Response headers on every answer: no sniffing, no framing, and a content policy that lets the
 * page load only its own files (the explorer makes no other request).
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

/** Where a request path leads: a file to serve, or the status to refuse it with. */
export type SitePath = { ok: true; file: string } | { ok: false; status: 400 | 403 | 404; reason: string };

/**
 * Maps a request target (`/grammar.html?spec=x`) to a file under `root` (a real path), or refuses
 * it. Directories serve their index.html.
 */
export async function resolveSitePath(root: string, target: string): Promise<SitePath> {
  if (!target.startsWith("/")) return { ok: false, status: 400, reason: "the request target must be a path starting with /" };
  const rawPath = target.replace(/[?#].*$/s, "");
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: "the path is not valid percent-encoding" };
  }
  if (path.includes("\0") || path.includes("\\")) return { ok: false, status: 400, reason: "the path holds a NUL or a backslash" };
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) return { ok: false, status: 403, reason: "the path climbs out of the site (..)" };
  let file = join(root, ...segments);
  let stat = await fs.stat(file).catch(() => null);
  if (stat?.isDirectory()) {
    file = join(file, "index.html");
    stat = await fs.stat(file).catch(() => null);
  }
  if (!stat || !stat.isFile()) return { ok: false, status: 404, reason: "no such file in the site" };
  // A symbolic link inside the site may point outside it: the real path decides.
  const real = await fs.realpath(file).catch(() => null);
  if (real === null) return { ok: false, status: 404, reason: "no such file in the site" };
  if (!real.startsWith(root.endsWith(sep) ? root : root + sep)) return { ok: false, status: 403, reason: "the file lies outside the site (symbolic link)" };
  return { ok: true, file: real };
}

function hostIsLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, "").toLowerCase();
  return name === "127.0.0.1" || name === "localhost" || name === "[::1]";
}

function refuse(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra });
  res.end(`${status} ${text}\n`);
}

type PathResolver = (root: string, target: string) => Promise<SitePath>;

async function handle(root: string, resolvePath: PathResolver, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "only GET and HEAD", { Allow: "GET, HEAD" });
  if (!hostIsLoopback(req.headers.host)) return refuse(res, 403, "this server answers only requests to 127.0.0.1");
  const target = await resolvePath(root, req.url ?? "");
  if (!target.ok) return refuse(res, target.status, target.reason);
  const ext = extname(target.file).toLowerCase();
  const stat = await fs.stat(target.file);
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
    "Cache-Control": "no-cache",
    "Last-Modified": stat.mtime.toUTCString(),
  };
  const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzip) {
    headers["Content-Encoding"] = "gzip";
    headers["Vary"] = "Accept-Encoding";
  } else {
    headers["Content-Length"] = String(stat.size);
  }
  res.writeHead(200, headers);
  if (req.method === "HEAD") return void res.end();
  // pipeline() destroys every stream of the chain on every path, so a client that goes away (an
  // aborted fetch, a closed tab) closes the file too: stream.pipe(res) left it open, one handle per
  // aborted response, until the server ran out (issue 25 item 2).
  const done = (err: NodeJS.ErrnoException | null) => {
    if (err && !res.destroyed) res.destroy();
  };
  if (gzip) pipeline(createReadStream(target.file), createGzip(), res, done);
  else pipeline(createReadStream(target.file), res, done);
}

export interface SiteServer {
  server: Server;
  /** http://127.0.0.1:PORT/ */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The port cannot be had (in use, or privileged): the command says so and exits 2. */
export class PortUnavailableError extends Error {
  constructor(readonly port: number, code: string | undefined) {
    super(
      code === "EACCES"
        ? `port ${port} on ${LOOPBACK} needs privileges this process does not have; choose a port above 1023 with --port N`
        : `port ${port} on ${LOOPBACK} is in use; choose another with --port N (--port 0 picks a free one)`,
    );
  }
}

/**
 * Serves `siteDir` on 127.0.0.1:`port` (0: a free port). Rejects with PortUnavailableError when
 * taken. `resolvePath` is resolveSitePath; the tests pass a careless one to show their checks fail.
 */
export async function startSiteServer(siteDir: string, port: number, resolvePath: PathResolver = resolveSitePath): Promise<SiteServer> {
  const root = await fs.realpath(siteDir);
  const server = createServer((req, res) => {
    handle(root, resolvePath, req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, "internal error");
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => reject(e.code === "EADDRINUSE" || e.code === "EACCES" ? new PortUnavailableError(port, e.code) : e));
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => resolve());
  });
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    server,
    port: actual,
    url: `http://${LOOPBACK}:${actual}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The site folder: site/ at the root of the repository (this file runs from dist/src/cli/). */
export const SITE_DIR = join(__dirname, "..", "..", "..", "site");
