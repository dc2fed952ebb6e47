// The static server behind `uri-grammars serve`: the explorer's files (site/) on the loopback
// interface, and nothing else.
//   - It listens on 127.0.0.1 only (never on every interface).
//   - It answers GET and HEAD only (405 with `Allow: GET, HEAD` otherwise).
//   - It serves only regular files under the site folder: a path with a ".." segment (plain or
//     percent-encoded), a backslash or a NUL is refused, and the real path of the file (symbolic
//     links followed) must still lie inside the real path of the site folder.
//   - It answers only requests addressed to the loopback (Host 127.0.0.1, localhost or [::1]), so a
//     web page elsewhere cannot reach it through a rebound DNS name.
// It serves a site as built (site/ of a checkout, or a folder given with --site) or as the package
// ships it (dist/site/: each file brotli-compressed as <path>.br, scripts/pack-site.mjs): then a file
// goes out as it is stored to a client that accepts br, and decompressed (and gzipped when accepted)
// to one that does not.
import { createReadStream, existsSync, promises as fs, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { extname, join, sep } from "node:path";
import { pipeline } from "node:stream";
import { brotliDecompressSync, createBrotliDecompress, createGzip } from "node:zlib";

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

/** How a site's files are stored: as they are, or each brotli-compressed under its name plus ".br" (the package's dist/site/). */
export type SiteStorage = "plain" | "brotli";

/** The suffix a stored file has after the name it is served under. */
const STORED_SUFFIX: Readonly<Record<SiteStorage, string>> = { plain: "", brotli: ".br" };

/**
 * Maps a request target (`/grammar.html?spec=x`) to a file under `root` (a real path), or refuses
 * it. Directories serve their index.html. With `storage` brotli, the file is the name plus ".br".
 */
export async function resolveSitePath(root: string, target: string, storage: SiteStorage = "plain"): Promise<SitePath> {
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
  if ((await fs.stat(file).catch(() => null))?.isDirectory()) file = join(file, "index.html");
  file += STORED_SUFFIX[storage];
  const stat = await fs.stat(file).catch(() => null);
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

type PathResolver = (root: string, target: string, storage: SiteStorage) => Promise<SitePath>;

async function handle(root: string, storage: SiteStorage, resolvePath: PathResolver, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "only GET and HEAD", { Allow: "GET, HEAD" });
  if (!hostIsLoopback(req.headers.host)) return refuse(res, 403, "this server answers only requests to 127.0.0.1");
  const target = await resolvePath(root, req.url ?? "", storage);
  if (!target.ok) return refuse(res, target.status, target.reason);
  const served = target.file.slice(0, target.file.length - STORED_SUFFIX[storage].length);
  const ext = extname(served).toLowerCase();
  const stat = await fs.stat(target.file);
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
    "Cache-Control": "no-cache",
    "Last-Modified": stat.mtime.toUTCString(),
  };
  const accepts = String(req.headers["accept-encoding"] ?? "");
  // A brotli-stored file goes out as stored when the client takes br; else it is decompressed.
  const asStored = storage === "brotli" && /\bbr\b/.test(accepts);
  const gzip = !asStored && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(accepts);
  if (asStored || gzip) {
    headers["Content-Encoding"] = asStored ? "br" : "gzip";
    headers["Vary"] = "Accept-Encoding";
  }
  if (asStored || (storage === "plain" && !gzip)) headers["Content-Length"] = String(stat.size);
  if (storage === "brotli" && !asStored) headers["Vary"] = "Accept-Encoding";
  res.writeHead(200, headers);
  if (req.method === "HEAD") return void res.end();
  // pipeline() destroys every stream of the chain on every path, so a client that goes away (an
  // aborted fetch, a closed tab) closes the file too: stream.pipe(res) left it open, one handle per
  // aborted response, until the server ran out (issue 25 item 2).
  const done = (err: NodeJS.ErrnoException | null) => {
    if (err && !res.destroyed) res.destroy();
  };
  const file = createReadStream(target.file);
  const decompress = storage === "brotli" && !asStored;
  if (decompress && gzip) pipeline(file, createBrotliDecompress(), createGzip(), res, done);
  else if (decompress) pipeline(file, createBrotliDecompress(), res, done);
  else if (gzip) pipeline(file, createGzip(), res, done);
  else pipeline(file, res, done);
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
export async function startSiteServer(siteDir: string, port: number, resolvePath: PathResolver = resolveSitePath, storage: SiteStorage = "plain"): Promise<SiteServer> {
  const root = await fs.realpath(siteDir);
  const server = createServer((req, res) => {
    handle(root, storage, resolvePath, req, res).catch(() => {
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

/** The site as the package ships it: dist/site/, each file brotli-compressed (scripts/pack-site.mjs). */
export const PACKED_SITE_DIR = join(__dirname, "..", "..", "site");

/** The pages of a built site, as build-site.mjs lists them in assets/pages.json (empty when it cannot be read). */
export function sitePages(site: { dir: string; storage: SiteStorage }): { file: string; title: string; blurb: string }[] {
  try {
    const stored = readFileSync(join(site.dir, "assets", "pages.json" + STORED_SUFFIX[site.storage]));
    const text = site.storage === "brotli" ? brotliDecompressSync(stored).toString("utf8") : stored.toString("utf8");
    const pages: unknown = JSON.parse(text);
    return Array.isArray(pages) ? (pages as { file: string; title: string; blurb: string }[]) : [];
  } catch {
    return [];
  }
}

/**
 * The site `serve` serves without --site: site/ when it is built (a checkout after `npm run build`),
 * else the package's dist/site/ (an installed package, which has no site/); null when neither is there.
 */
export function builtSite(): { dir: string; storage: SiteStorage } | null {
  if (existsSync(join(SITE_DIR, "index.html"))) return { dir: SITE_DIR, storage: "plain" };
  if (existsSync(join(PACKED_SITE_DIR, "index.html.br"))) return { dir: PACKED_SITE_DIR, storage: "brotli" };
  return null;
}
