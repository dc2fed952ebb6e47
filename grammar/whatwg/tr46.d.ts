// Types of the tr46 package (jsdom/tr46, UTS #46), which ships none: the two functions
// grammar/whatwg/valid-domain.ts calls, as tr46 7.0.0's index.js defines them.
declare module "tr46" {
  export interface Uts46Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    transitionalProcessing?: boolean;
    verifyDNSLength?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  /** UTS #46 §4.2 ToASCII: the ASCII domain, or null when an error was recorded. */
  export function toASCII(domainName: string, options?: Uts46Options): string | null;
  /** UTS #46 §4.3 ToUnicode: the Unicode domain and whether an error was recorded. */
  export function toUnicode(domainName: string, options?: Omit<Uts46Options, "verifyDNSLength">): { domain: string; error: boolean };
}
