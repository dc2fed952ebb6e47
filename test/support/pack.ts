// `npm pack` of this build, run in a copy of the repository: packing runs the package's prepack and
// postpack scripts, which replace package.json by the published manifest and put it back
// (scripts/pack-manifest.mjs), and its prepare script; done in the checkout, they would change the
// tree the other tests run from. The copy holds what the tarball is made from (not node_modules,
// .git or site/); prepare finds the build in it (URI_GRAMMARS_PREBUILT=1, scripts/build.mjs).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..", "..");
const LEFT_OUT = new Set(["node_modules", ".git", "site", "test-output", "scratch"]);

/** Packs the repository as it is built into `destination`; returns the tarball's path, or an Error saying why not. */
export function packBuild(destination: string): string | Error {
  const copy = mkdtempSync(join(tmpdir(), "uri-grammars-pack-"));
  try {
    for (const entry of readdirSync(ROOT)) if (!LEFT_OUT.has(entry)) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    const r = spawnSync("npm", ["pack", "--pack-destination", destination], { cwd: copy, encoding: "utf8", env: { ...process.env, URI_GRAMMARS_PREBUILT: "1", npm_config_update_notifier: "false" } });
    if (r.status !== 0) return new Error(`npm pack: exit ${r.status}\n${r.stderr}`);
    const tarball = readdirSync(destination).find((f) => f.startsWith("uri-grammars-") && f.endsWith(".tgz"));
    return tarball === undefined ? new Error(`npm pack wrote no tarball: ${r.stdout}`) : join(destination, tarball);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * A temporary project that has this package installed as a user's would be found: a folder
 * (named with `prefix`) whose node_modules/uri-grammars is this repository (its dist/, its
 * package.json's exports). The caller removes it.
 */
export function installedProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules", "uri-grammars"), "dir");
  return dir;
}
