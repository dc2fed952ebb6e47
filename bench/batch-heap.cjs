// Preloaded by bench/batch-scale.mjs into the measured process: every BATCH_HEAP_MS (default 250) ms
// it writes one line "heapUsed heapTotal rss maxRSS" (bytes; maxRSS in KiB) to fd 3, which the bench
// reads. heapUsed and heapTotal are the main thread's V8 heap (the batch's reader and writer); rss
// and maxRSS are the whole process's (worker threads share it). Nothing goes to standard output or
// error, so the answers stay exactly the command's.
"use strict";
const { writeSync } = require("node:fs");

const every = Number(process.env.BATCH_HEAP_MS ?? 250);
const sample = () => {
  const m = process.memoryUsage();
  try {
    writeSync(3, `${m.heapUsed} ${m.heapTotal} ${m.rss} ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // the bench went away: nothing to report to
  }
};
setInterval(sample, every).unref();
process.on("exit", sample);
