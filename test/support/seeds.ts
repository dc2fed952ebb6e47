// Where the source documents are: ../shared/seeds next to the repository (the workplace layout).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const CANDIDATES = [join(__dirname, "..", "..", "..", "..", "shared", "seeds"), "/work/shared/seeds"];

export function seedDir(): string | null {
  return CANDIDATES.find((d) => existsSync(d)) ?? null;
}

/** The seed's text with all whitespace runs made single spaces (the 1997/2003 seeds are one line). */
export function seedText(file: string): string | null {
  const dir = seedDir();
  return dir ? readFileSync(join(dir, file), "utf8").replace(/\s+/g, " ") : null;
}
