// Helper of bench/extract.mjs, run in its own process:
//   node bench/extract-stream.mjs generate FILE MB   writes a generated text of MB megabytes
//   node bench/extract-stream.mjs run FILE           runs `uri-grammars extract --json FILE`
//                                                    (output counted, not kept) and prints
//                                                    {bytes, references, seconds, cpuSeconds, maxRSS}
//                                                    as JSON (CPU time: the machine may be shared)
// The text mixes prose, bare URLs with trailing punctuation, <URL:...> broken across lines after a
// hyphen, quoted URLs, mailto:, CJK text around a URL and lines without any (seeded, reproducible).
import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";

const require = createRequire(import.meta.url);

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "the of and to in is that for it as with was on be by this are from or at which an have not they but one were all".split(" ");

function line(rand, n) {
  const words = (k) => Array.from({ length: k }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
  switch (Math.floor(rand() * 8)) {
    case 0:
      return `${words(6)} http://host${n}.example.org/path/${n}/index.html, ${words(5)}.`;
    case 1:
      return `${words(4)} <URL:ftp://ftp${n % 97}.example.net/pub/long-\n   name${n}.txt> ${words(3)}.`;
    case 2:
      return `${words(5)} "https://www.example.com/a?b=${n}&c=d" ${words(4)} (see https://en.example.org/wiki/X_(${n})).`;
    case 3:
      return `${words(3)} mailto:user${n}@example.com ${words(6)}`;
    case 4:
      return `请访问http://例子.example/路径${n}获取文档。${words(2)}`;
    default:
      return `${words(12)}.`;
  }
}

const [mode, file, size] = process.argv.slice(2);
if (mode === "generate") {
  const target = Number(size) * 1e6;
  const rand = mulberry32(2003);
  const fd = openSync(file, "w");
  let written = 0;
  let batch = [];
  for (let n = 0; written < target; n++) {
    const l = line(rand, n) + "\n";
    batch.push(l);
    written += Buffer.byteLength(l);
    if (batch.length === 4096) {
      writeSync(fd, batch.join(""));
      batch = [];
    }
  }
  writeSync(fd, batch.join(""));
  closeSync(fd);
} else if (mode === "run") {
  const { main } = require("../dist/src/cli/main.js");
  let references = 0;
  const count = (t) => {
    for (let i = t.indexOf("\n"); i >= 0; i = t.indexOf("\n", i + 1)) references++;
  };
  const io = { out: count, err: () => undefined, stdin: Readable.from([]) };
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await main(["extract", "--json", file], io);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ bytes: statSync(file).size, references, seconds, cpuSeconds, maxRSS: process.resourceUsage().maxRSS }));
} else {
  console.error("usage: extract-stream.mjs generate FILE MB | run FILE");
  process.exit(2);
}
