// The implementations this machine may have: one entry per shipped adapter (adapters/), with where
// it comes from, how to find out whether it is installed (and its version), how to run it, and the
// revisions the conformance table audits it against (the one it claims first). Read by `confusion`
// (its rows), `audit --fingerprint` and scripts/conformance.mjs (docs/conformance.md), so an adapter
// added here joins all three. `.ci/run` installs the Debian ones; the npm ones are devDependencies.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The package root (adapters/ is shipped next to dist/). */
export const PACKAGE_ROOT = join(__dirname, "..", "..", "..");
const ADAPTERS = join(PACKAGE_ROOT, "adapters");
/** The module host that runs a --module adapter as a command (src/cli/audit-module-host.ts). */
export const MODULE_HOST = join(__dirname, "audit-module-host.js");
const DEBIAN_PYTHON = "/usr/bin/python3";

/** An implementation that can run here: the command that speaks the json protocol, and what to release after. */
export interface Started {
  /** The command (argv[0] and its arguments). For a module: the module host, the file, the revision. */
  argv: string[];
  version: string;
  /** Removes what start() made (a compiled binary). */
  cleanup(): void;
}

export interface ImplementationEntry {
  id: string;
  /** Its name in reports. */
  name: string;
  /** Where it comes from ("Debian python3-rfc3986", "npm fast-uri", "Node"). */
  source: string;
  /** The adapter file (adapters/). */
  adapter: string;
  /** A JavaScript module run through the module host (`audit --module`), or a command. */
  module: boolean;
  /** It answers rule by rule (`audit --rules all`). */
  rulesAll?: boolean;
  /** The revisions docs/conformance.md audits it against, the one it claims first, and why. */
  audits: [spec: string, why: string][];
  /** Runs here, or why not. `spec` is what the module host tells a module (URI_GRAMMARS_SPEC). */
  start(spec: string): Started | { missing: string };
}

const firstLine = (s: string | null | undefined) => (s ?? "").trim().split("\n")[0];
const nothing = () => undefined;

function python(module: string, adapter: string): (spec: string) => Started | { missing: string } {
  return () => {
    const r = spawnSync(DEBIAN_PYTHON, ["-c", `import ${module}; print(${module}.__version__)`], { encoding: "utf8" });
    if (r.status !== 0) return { missing: `${DEBIAN_PYTHON} cannot import ${module}` };
    return { argv: [DEBIAN_PYTHON, join(ADAPTERS, adapter)], version: firstLine(r.stdout), cleanup: nothing };
  };
}

function npmModule(pkg: string | null, adapter: string): (spec: string) => Started | { missing: string } {
  return (spec) => {
    let version = process.version;
    if (pkg !== null) {
      try {
        version = (createRequire(join(ADAPTERS, adapter))(`${pkg}/package.json`) as { version: string }).version;
      } catch {
        return { missing: `the npm package ${pkg} is not installed (a devDependency of uri-grammars)` };
      }
    }
    return { argv: [process.execPath, MODULE_HOST, join(ADAPTERS, adapter), spec], version, cleanup: nothing };
  };
}

function uriparser(): Started | { missing: string } {
  if (!existsSync("/usr/include/uriparser/Uri.h")) return { missing: "/usr/include/uriparser/Uri.h is missing (Debian liburiparser-dev)" };
  const dir = mkdtempSync(join(tmpdir(), "uri-grammars-liburiparser-"));
  const out = join(dir, "liburiparser");
  try {
    execFileSync("cc", ["-O1", "-o", out, join(ADAPTERS, "liburiparser.c"), "-luriparser"], { stdio: "pipe" });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { missing: `cannot compile adapters/liburiparser.c: ${firstLine((e as Error).message)}` };
  }
  const v = spawnSync("dpkg-query", ["-W", "-f", "${Version}", "liburiparser1"], { encoding: "utf8" });
  return { argv: [out], version: v.status === 0 ? v.stdout.trim().replace(/\+dfsg.*$/, "") : "?", cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function java(): Started | { missing: string } {
  const r = spawnSync("java", ["-XshowSettings:properties", "-version"], { encoding: "utf8" });
  if (r.status !== 0) return { missing: "java is not installed (Debian openjdk-17-jdk-headless)" };
  const m = /java\.version = (\S+)/.exec(r.stderr ?? "");
  return { argv: ["java", join(ADAPTERS, "JavaNetUri.java")], version: m ? m[1] : "?", cleanup: nothing };
}

/** Every shipped adapter, in the order of docs/conformance.md. */
export const IMPLEMENTATIONS: readonly ImplementationEntry[] = [
  {
    id: "python3-rfc3986",
    name: "python3-rfc3986",
    source: "Debian python3-rfc3986",
    adapter: "python3-rfc3986.py",
    module: false,
    audits: [
      ["rfc3986", "claims RFC 3986"],
      ["rfc6874", "its IPv6 regex takes RFC 6874's zone (docs/differential.md)"],
    ],
    start: python("rfc3986", "python3-rfc3986.py"),
  },
  {
    id: "python3-rfc3987",
    name: "python3-rfc3987",
    source: "Debian python3-rfc3987",
    adapter: "python3-rfc3987.py",
    module: false,
    rulesAll: true,
    audits: [
      ["rfc3986", "RFC 3986's rules, one regex each"],
      ["rfc3987", "RFC 3987's IRI rules, one regex each"],
    ],
    start: python("rfc3987", "python3-rfc3987.py"),
  },
  { id: "liburiparser", name: "liburiparser", source: "Debian liburiparser-dev", adapter: "liburiparser.c", module: false, audits: [["rfc3986", "claims RFC 3986"]], start: uriparser },
  {
    id: "java-net-uri",
    name: "java.net.URI",
    source: "Debian openjdk-17-jdk-headless",
    adapter: "JavaNetUri.java",
    module: false,
    audits: [
      ["rfc2732", "claims RFC 2396 with RFC 2732's IPv6 literals"],
      ["draft-1997", "RFC 2396's draft"],
      ["rfc3986", "often assumed"],
    ],
    start: java,
  },
  {
    id: "node-url",
    name: "Node URL",
    source: "Node built-in (WHATWG URL; Node's is ada)",
    adapter: "node-url.cjs",
    module: true,
    audits: [
      ["rfc3986", "often assumed (claims the WHATWG URL Standard)"],
      ["rfc1738", 'often assumed ("URL")'],
      ["rfc3987", "often assumed (it takes non-ASCII characters)"],
    ],
    start: npmModule(null, "node-url.cjs"),
  },
  { id: "whatwg-url", name: "whatwg-url", source: "npm whatwg-url (jsdom's WHATWG URL Standard)", adapter: "whatwg-url.cjs", module: true, audits: [["rfc3986", "often assumed (claims the WHATWG URL Standard)"]], start: npmModule("whatwg-url", "whatwg-url.cjs") },
  { id: "fast-uri", name: "fast-uri", source: "npm fast-uri", adapter: "fast-uri.cjs", module: true, audits: [["rfc3986", "claims RFC 3986"]], start: npmModule("fast-uri", "fast-uri.cjs") },
  { id: "uri-js", name: "uri-js", source: "npm uri-js", adapter: "uri-js.cjs", module: true, audits: [["rfc3986", "claims RFC 3986"]], start: npmModule("uri-js", "uri-js.cjs") },
  {
    id: "url-parse",
    name: "url-parse",
    source: "npm url-parse",
    adapter: "url-parse.cjs",
    module: true,
    audits: [
      ["rfc3986", "often assumed"],
      ["rfc1738", 'often assumed ("URL")'],
    ],
    start: npmModule("url-parse", "url-parse.cjs"),
  },
];

/** A user's own implementation (`--adapter`): a JavaScript module (.js, .cjs, .mjs) or a command line. */
export function userImplementation(given: string, spec: string, index: number): { id: string; label: string; argv: string[] } {
  if (/\.(c|m)?js$/.test(given) && existsSync(given)) return { id: `adapter-${index + 1}`, label: `module ${given}`, argv: [process.execPath, MODULE_HOST, given, spec] };
  // A command line: split at spaces, with "..." and '...' keeping spaces.
  const argv = [...given.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  return { id: `adapter-${index + 1}`, label: given, argv };
}
