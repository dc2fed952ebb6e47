// Preloaded by bench/batch.mjs into the measured process: reports its peak resident set size
// (process.resourceUsage().maxRSS, KiB; worker threads share the process) on standard error at exit.
"use strict";
process.on("exit", () => {
  process.stderr.write(`\nBATCH_MAX_RSS_KIB=${process.resourceUsage().maxRSS}\n`);
});
