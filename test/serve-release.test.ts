// `uri-grammars serve` releases what a response holds on every path (issue 25 item 2): a client that
// goes away before the end of a file (an aborted fetch, a closed tab) leaves no file handle open.
// With stream.pipe(res) each aborted response kept its file open until the server reached its
// limit of handles and reset every later connection.
import { expect } from "chai";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteServer, type SiteServer } from "../src/cli/site-server";

/** The file handles of this process (the server runs in it): /proc/self/fd (Linux). */
const openHandles = () => readdirSync("/proc/self/fd").length;

/** GET `path` and go away once the headers are in, before the body (what an aborted page load does). */
function abortAfterHeaders(port: number, path: string, gzip: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { Host: `127.0.0.1:${port}`, ...(gzip ? { "Accept-Encoding": "gzip" } : {}) } }, (res) => {
      const status = res.statusCode ?? 0;
      req.destroy();
      resolve(status);
    });
    req.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" ? undefined : reject(e)));
    req.end();
  });
}

function getWhole(port: number, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { Host: `127.0.0.1:${port}` } }, (res) => {
      let bytes = 0;
      res.on("data", (d: Buffer) => (bytes += d.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on("error", reject);
    req.end();
  });
}

const settle = () => new Promise((r) => setTimeout(r, 200));

describe("serve: an aborted response leaves no file open", function () {
  this.timeout(120_000);
  let dir: string;
  let server: SiteServer;
  const BIG = 8 * 1024 * 1024; // far more than the socket and the stream buffer: the file is still being read when the client goes
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "serve-release-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(join(dir, "big.js"), "x".repeat(BIG));
    writeFileSync(join(dir, "big.png"), Buffer.alloc(BIG, 1));
    server = await startSiteServer(dir, 0);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [file, gzip] of [["big.png", false], ["big.js", true]] as const) {
    it(`600 requests for ${file}${gzip ? " (gzip)" : ""} aborted after the headers: the handles come back to where they were`, async () => {
      await getWhole(server.port, `/${file}`); // warm: the server's own lazily opened handles
      const before = openHandles();
      for (let i = 0; i < 600; i += 50) {
        const statuses = await Promise.all(Array.from({ length: 50 }, () => abortAfterHeaders(server.port, `/${file}`, gzip)));
        expect(statuses.every((s) => s === 200)).to.equal(true);
      }
      await settle();
      expect(openHandles() - before).to.be.below(10);
      // And the server still serves whole files.
      expect(await getWhole(server.port, `/${file}`)).to.deep.equal({ status: 200, bytes: BIG });
    });
  }

  it("planted: a response piped with stream.pipe() and aborted keeps its file open (the check can fail)", async () => {
    const { createReadStream } = await import("node:fs");
    const { createServer } = await import("node:http");
    const careless = createServer((_req, res) => {
      res.writeHead(200);
      createReadStream(join(dir, "big.png")).pipe(res);
    });
    await new Promise<void>((r) => careless.listen(0, "127.0.0.1", () => r()));
    const port = (careless.address() as { port: number }).port;
    try {
      const before = openHandles();
      await Promise.all(Array.from({ length: 50 }, () => abortAfterHeaders(port, "/", false)));
      await settle();
      expect(openHandles() - before).to.be.at.least(40);
    } finally {
      careless.closeAllConnections();
      await new Promise((r) => careless.close(r));
    }
  });
});
