// The readers of plain table strings (URI_GRAMMARS_TABLES=plain: scripts/scanner/passes/encode-tables.mjs
// writes a generated module's tables as they are, for reading and debugging, and npm run dev builds
// so, without the coder): a text table is its own characters (ASCII digits, scripts/ast/table-text.mjs),
// a byte table is written in hex. Each is a TextSource, as a coded string's reader (src/scanner/coded.ts).
import type { TextSource } from "./tables";

/** A table text as it is: its char codes (the text is ASCII). */
export function plainText(text: string): TextSource {
  let codes: Uint8Array | null = null;
  return () => (codes ??= new TextEncoder().encode(text));
}

/** Bytes written in hex, two digits each. */
export function plainBytes(hex: string): TextSource {
  let bytes: Uint8Array | null = null;
  return () => {
    if (bytes === null) {
      bytes = new Uint8Array(hex.length >> 1);
      for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
    }
    return bytes;
  };
}
