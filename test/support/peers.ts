// The real implementations the differential tests compare with (test/differential.test.ts), each run
// as one process that answers many inputs: python3-rfc3987, python3-rfc3986 and liburiparser for
// RFC 3986, java.net.URI for RFC 2396 (draft-1997 here). .ci/run installs them from Debian. They are
// the conformance kit's adapters (adapters/, docs/conformance.md), spoken to in its protocol: the
// text protocol (one input per line), or the json protocol where a rule goes with the input
// (python3-rfc3987, rule by rule); answers are read by the audit's reader (src/conformance/audit.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readAnswer } from "../../src/conformance/audit";

export type PeerName = "python3-rfc3987" | "python3-rfc3986" | "liburiparser" | "java.net.URI";

/** Debian's python, where the python3-* packages install (a pyenv `python3` earlier on PATH does not see them). */
const DEBIAN_PYTHON = "/usr/bin/python3";
export const ADAPTERS_DIR = join(__dirname, "..", "..", "..", "adapters");

export interface Peer {
  name: PeerName;
  /** Null when the peer can run here; else why not (and the Debian package that brings it). */
  missing: string | null;
  /** One verdict per input: true (accepted), false (rejected); throws when the peer fails. Inputs hold no line break. */
  run(inputs: { rule?: string; input: string }[]): boolean[];
}

function answers(name: string, stdout: string, count: number): boolean[] {
  const lines = stdout.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  if (lines.length !== count) throw new Error(`${name}: ${count} inputs but ${lines.length} answers`);
  return lines.map((l, i) => {
    const a = readAnswer(l, "check");
    if (a.kind === "verdict") return a.valid;
    throw new Error(`${name}: input ${i}: ${l}`);
  });
}

function batch(name: string, command: string, args: string[], protocol: "text" | "json", input: string, count: number): boolean[] {
  const r = spawnSync(command, args, { input, maxBuffer: 1 << 29, encoding: "utf8", env: { ...process.env, URI_GRAMMARS_PROTOCOL: protocol } });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
  return answers(name, r.stdout, count);
}

function pythonHas(module: string): string | null {
  if (!existsSync(DEBIAN_PYTHON)) return `${DEBIAN_PYTHON} is not installed`;
  const r = spawnSync(DEBIAN_PYTHON, ["-c", `import ${module}`], { encoding: "utf8" });
  return r.status === 0 ? null : `${DEBIAN_PYTHON} cannot import ${module}`;
}

let uriparserBinary: string | null | undefined;

/** Compiles adapters/liburiparser.c once per process; null (with the reason in `why`) when it cannot. */
export function uriparser(why: { text: string } = { text: "" }): string | null {
  if (uriparserBinary !== undefined) return uriparserBinary;
  if (!existsSync("/usr/include/uriparser/Uri.h")) {
    why.text = "/usr/include/uriparser/Uri.h is missing";
    return (uriparserBinary = null);
  }
  try {
    const out = join(mkdtempSync(join(tmpdir(), "uri-grammars-peer-")), "liburiparser");
    execFileSync("cc", ["-O1", "-o", out, join(ADAPTERS_DIR, "liburiparser.c"), "-luriparser"], { stdio: "pipe" });
    return (uriparserBinary = out);
  } catch (e) {
    why.text = `cannot compile adapters/liburiparser.c: ${(e as Error).message.split("\n")[0]}`;
    return (uriparserBinary = null);
  }
}

function javaMissing(): string | null {
  const r = spawnSync("java", ["-version"], { encoding: "utf8" });
  return r.status === 0 ? null : "java is not installed";
}

const lines = (xs: { input: string }[]) => xs.map((x) => x.input + "\n").join("");

export function peers(): Peer[] {
  const why = { text: "" };
  const rfc3987Missing = pythonHas("rfc3987");
  const rfc3986Missing = pythonHas("rfc3986");
  const binary = uriparser(why);
  const java = javaMissing();
  return [
    {
      name: "python3-rfc3987",
      missing: rfc3987Missing && `${rfc3987Missing} (apt-get install python3-rfc3987)`,
      run: (xs) =>
        batch("python3-rfc3987", DEBIAN_PYTHON, [join(ADAPTERS_DIR, "python3-rfc3987.py")], "json", xs.map((x) => JSON.stringify({ op: "check", rule: x.rule ?? "URI-reference", top: false, input: x.input }) + "\n").join(""), xs.length),
    },
    {
      name: "python3-rfc3986",
      missing: rfc3986Missing && `${rfc3986Missing} (apt-get install python3-rfc3986)`,
      run: (xs) => batch("python3-rfc3986", DEBIAN_PYTHON, [join(ADAPTERS_DIR, "python3-rfc3986.py")], "text", lines(xs), xs.length),
    },
    {
      name: "liburiparser",
      missing: binary === null ? `${why.text} (apt-get install liburiparser-dev gcc)` : null,
      run: (xs) => batch("liburiparser", binary!, [], "text", lines(xs), xs.length),
    },
    {
      name: "java.net.URI",
      missing: java && `${java} (apt-get install openjdk-17-jdk-headless)`,
      run: (xs) => batch("java.net.URI", "java", [join(ADAPTERS_DIR, "JavaNetUri.java")], "text", lines(xs), xs.length),
    },
  ];
}
