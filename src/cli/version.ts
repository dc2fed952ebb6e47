import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The version in the package's package.json (dist/src/cli -> the package root). */
export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}
