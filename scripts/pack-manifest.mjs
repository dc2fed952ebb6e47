// `npm pack` / `npm publish` (prepack, postpack): the tarball's package.json is the published
// manifest, without the repository's scripts, devDependencies and install-script policy. A package
// that declares `prepare` makes npm warn, on every install from a tarball or git, that it has an
// install-time build script not yet approved; the published package runs nothing at install (it
// carries dist/). The repository keeps `prepare`, so that `npm ci` here builds everything.
//
//   node scripts/pack-manifest.mjs strip     package.json -> the published manifest (the original is kept aside)
//   node scripts/pack-manifest.mjs restore   put the original back (also repairs a pack that died half-way)
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = join(root, "package.json");
const kept = join(root, ".package.json.before-pack");

/** The fields a consumer's npm reads; everything else stays in the repository. */
export const PUBLISHED_FIELDS = ["name", "version", "description", "keywords", "license", "author", "repository", "homepage", "bugs", "type", "sideEffects", "main", "types", "typesVersions", "exports", "bin", "files", "engines", "dependencies", "peerDependencies", "peerDependenciesMeta", "optionalDependencies"];

export function publishedManifest(pkg) {
  const out = {};
  for (const field of PUBLISHED_FIELDS) if (pkg[field] !== undefined) out[field] = pkg[field];
  return out;
}

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

const command = process.argv[1] === fileURLToPath(import.meta.url) ? process.argv[2] : undefined;
if (command === "strip") {
  restore();
  const text = readFileSync(manifest, "utf8");
  writeFileSync(kept, text);
  writeFileSync(manifest, JSON.stringify(publishedManifest(JSON.parse(text)), null, 2) + "\n");
} else if (command === "restore") {
  restore();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.error(`pack-manifest: unknown command ${command} (strip or restore)`);
  process.exit(2);
}
