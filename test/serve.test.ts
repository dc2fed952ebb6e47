// `uri-grammars serve` is safe (issue 17, item 6): it listens on the loopback only, serves only the
// site's files (no traversal, plain, percent-encoded or through a symbolic link) and answers only
// GET and HEAD. The requests and answers are a table (test/data/serve/requests.tsv); a careless
// server shows that the table catches what it is there for.
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { main } from "../src/cli/main";
import { startSiteServer, type SitePath, type SiteServer } from "../src/cli/site-server";
import { DATA_DIR } from "./support/table";

interface Row {
  line: number;
  method: string;
  target: string;
  status: number;
  why: string;
}

function readRequests(): Row[] {
  const rows: Row[] = [];
  readFileSync(join(DATA_DIR, "serve", "requests.tsv"), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "" || line.startsWith("#")) return;
      const [method, target, status, why] = line.split("\t");
      rows.push({ line: i + 1, method, target, status: Number(status), why });
    });
  return rows;
}

const SECRET = "the secret outside the site";

/**
 * A site folder with links in and out, next to a folder it must not serve; `stored` "brotli" writes
 * it as the package stores it (dist/site/, scripts/pack-site.mjs): each file as <name>.br,
 * brotli-compressed, the links as links to the stored names (the secrets also plain beside them).
 */
function makeSite(stored: "plain" | "brotli" = "plain"): { dir: string; site: string } {
  const dir = mkdtempSync(join(tmpdir(), stored === "plain" ? "serve-test-" : "serve-packed-test-"));
  const site = join(dir, "site");
  mkdirSync(join(site, "sub"), { recursive: true });
  mkdirSync(join(dir, "outside"));
  mkdirSync(join(dir, "site-secret"));
  const ext = stored === "plain" ? "" : ".br";
  const put = (file: string, text: string) => writeFileSync(file + ext, stored === "plain" ? text : brotliCompressSync(Buffer.from(text)));
  put(join(site, "index.html"), "<!doctype html><title>index</title>");
  put(join(site, "app.js"), "console.log(1);");
  put(join(site, "sub", "index.html"), "<!doctype html><title>sub</title>");
  put(join(dir, "outside", "secret.txt"), SECRET);
  put(join(dir, "site-secret", "secret.txt"), SECRET);
  writeFileSync(join(dir, "outside", "secret.txt"), SECRET);
  writeFileSync(join(dir, "site-secret", "secret.txt"), SECRET);
  symlinkSync(`index.html${ext}`, join(site, `link-in.html${ext}`));
  symlinkSync(join("..", "outside", `secret.txt${ext}`), join(site, `link-out.txt${ext}`));
  symlinkSync(join("..", "outside"), join(site, "link-dir"));
  return { dir, site };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends the request target byte for byte (Node's client does not normalise the path). */
function send(port: number, method: string, target: string, host = `127.0.0.1:${port}`, address = "127.0.0.1"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: address, port, method, path: target, headers: { Host: host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Rows whose answer is not the one the table says (and any answer that gives the secret away). */
async function mismatches(port: number, rows: Row[]): Promise<string[]> {
  const out: string[] = [];
  for (const row of rows) {
    const a = await send(port, row.method, row.target);
    if (a.status !== row.status) out.push(`line ${row.line}: ${row.method} ${row.target} answered ${a.status}, expected ${row.status} (${row.why})`);
    if (a.body.includes(SECRET)) out.push(`line ${row.line}: ${row.method} ${row.target} served a file outside the site`);
  }
  return out;
}

/** Serves the site `make` writes for the tests of the describe block it is called in: started before them, closed and removed after. */
function serving(make: () => { dir: string; site: string }, stored?: "brotli"): { tmp: { dir: string; site: string }; served: SiteServer } {
  const s = {} as { tmp: { dir: string; site: string }; served: SiteServer };
  before(async () => {
    s.tmp = make();
    s.served = await startSiteServer(s.tmp.site, 0, undefined, stored);
  });
  after(async () => {
    await s.served.close();
    rmSync(s.tmp.dir, { recursive: true, force: true });
  });
  return s;
}

describe("serve: the explorer's static server", () => {
  const rows = readRequests();
  const s = serving(() => makeSite());

  it("answers every request of the table as it says (traversal refused, only GET and HEAD)", async () => {
    expect(rows.length).to.be.greaterThan(25);
    expect(rows.some((r) => r.status === 200) && rows.some((r) => r.status === 403) && rows.some((r) => r.status === 405)).to.equal(true);
    expect(await mismatches(s.served.port, rows)).to.deep.equal([]);
  });

  it("says which methods it answers, and sends no body to HEAD", async () => {
    const post = await send(s.served.port, "POST", "/");
    expect(post.headers.allow).to.equal("GET, HEAD");
    const head = await send(s.served.port, "HEAD", "/index.html");
    expect(head.status).to.equal(200);
    expect(head.body).to.equal("");
    expect(head.headers["content-type"]).to.equal("text/html; charset=utf-8");
  });

  it("serves files with their type and headers that keep the page to its own files", async () => {
    const js = await send(s.served.port, "GET", "/app.js");
    expect(js.body).to.equal("console.log(1);");
    expect(js.headers["content-type"]).to.equal("text/javascript; charset=utf-8");
    expect(js.headers["x-content-type-options"]).to.equal("nosniff");
    expect(String(js.headers["content-security-policy"])).to.contain("default-src 'self'");
  });

  it("listens on 127.0.0.1 only: another loopback address (127.0.0.2) is refused", async () => {
    const address = s.served.server.address();
    expect(typeof address === "object" && address?.address).to.equal("127.0.0.1");
    expect(s.served.url).to.equal(`http://127.0.0.1:${s.served.port}/`);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: "127.0.0.2", port: s.served.port });
      socket.on("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
    });
    expect(refused).to.equal("ECONNREFUSED");
  });

  it("answers only requests addressed to the loopback (no DNS rebinding)", async () => {
    expect((await send(s.served.port, "GET", "/", "attacker.example")).status).to.equal(403);
    expect((await send(s.served.port, "GET", "/", `localhost:${s.served.port}`)).status).to.equal(200);
  });

  it("planted mistake: the table catches a server that joins the path without checks", async () => {
    const careless = async (root: string, target: string): Promise<SitePath> => {
      let path: string;
      try {
        path = decodeURIComponent(target.replace(/[?#].*$/s, ""));
      } catch {
        return { ok: false, status: 400, reason: "bad" };
      }
      const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
      try {
        readFileSync(file);
        return { ok: true, file };
      } catch {
        return { ok: false, status: 404, reason: "no such file" };
      }
    };
    const bad = await startSiteServer(s.tmp.site, 0, careless);
    try {
      const found = await mismatches(bad.port, rows);
      expect(found.some((m) => m.includes("served a file outside the site"))).to.equal(true);
      expect(found.some((m) => m.includes("%2e%2e"))).to.equal(true);
      expect(found.some((m) => m.includes("link-out.txt"))).to.equal(true);
    } finally {
      await bad.close();
    }
  });
});

describe("serve: the site as the package ships it (brotli-stored, dist/site/)", () => {
  const rows = readRequests();
  const s = serving(() => makeSite("brotli"), "brotli");

  it("answers every request of the table as the plain site does (the stored name never reaches the client)", async () => {
    expect(await mismatches(s.served.port, rows)).to.deep.equal([]);
    expect((await send(s.served.port, "GET", "/index.html.br")).status).to.equal(404);
  });

  it("sends a file as stored to a client that takes br, decompressed (and gzipped when taken) to one that does not", async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: s.served.port, path: "/app.js", headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
        req.end();
      });
    const br = await raw("gzip, deflate, br");
    expect([br.headers["content-encoding"], br.headers["content-type"], brotliDecompressSync(br.body).toString()]).to.deep.equal(["br", "text/javascript; charset=utf-8", "console.log(1);"]);
    expect(br.headers["content-length"]).to.equal(String(br.body.length));
    const gz = await raw("gzip");
    expect([gz.headers["content-encoding"], gunzipSync(gz.body).toString()]).to.deep.equal(["gzip", "console.log(1);"]);
    const plain = await raw("identity");
    expect([plain.headers["content-encoding"], plain.body.toString()]).to.deep.equal([undefined, "console.log(1);"]);
  });
});

describe("uri-grammars serve (the command)", () => {
  async function run(argv: string[], whileRunning?: (out: () => string) => Promise<void>): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const running = main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([]) });
    if (whileRunning) await whileRunning(() => out);
    return { code: await running, out, err };
  }

  let tmp: { dir: string; site: string };
  before(() => (tmp = makeSite()));
  after(() => rmSync(tmp.dir, { recursive: true, force: true }));

  it("prints its address, serves the site, and stops on SIGINT with exit 0", async () => {
    const r = await run(["serve", "--port", "0", "--site", tmp.site], async (out) => {
      for (let i = 0; i < 100 && !out().includes("http://"); i++) await new Promise((f) => setTimeout(f, 20));
      const url = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out());
      expect(url, out()).to.not.equal(null);
      const index = await send(Number(url![1]), "GET", "/");
      expect(index.status).to.equal(200);
      process.emit("SIGINT");
    });
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/^Serving the uri-grammars explorer at http:\/\/127\.0\.0\.1:\d+\/ \(127\.0\.0\.1 only/);
  });

  it("a port in use: a clear message and exit 2", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", () => resolve()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await run(["serve", "--port", String(port), "--site", tmp.site]);
      expect(r.code).to.equal(2);
      expect(r.err).to.contain(`port ${port} on 127.0.0.1 is in use`);
      expect(r.err).to.contain("--port");
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it("a bad port or a missing site: exit 2 with what to do", async () => {
    const bad = await run(["serve", "--port", "http"]);
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain("--port takes a number");
    const missing = await run(["serve", "--port", "0", "--site", join(tmp.dir, "nothing-here")]);
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain("--site takes a folder holding the explorer's index.html");
  });
});
