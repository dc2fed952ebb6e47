// The scheme productions of the 1994 URL grammar ("BNF for specific URL schemes"): the URL draft of
// March 1994 (draft-1994) and RFC 1630 (June 1994), which publishes that grammar again rule for rule
// (grammar/rfc1630/README.md). A module of its own, with no generated tables, so that each revision's entry
// point carries only its own (scripts/build-entries.mjs).

/**
 * The productions of the `url` rule, by scheme name (lower case). afsaddress is not here: "The
 * "afsaddress" is left in as historical note, but is not a url production" (both documents).
 */
export const URL_1994_SCHEME_PRODUCTIONS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map([
  ["http", "httpaddress"],
  ["ftp", "ftpaddress"],
  ["news", "newsaddress"],
  ["nntp", "nntpaddress"],
  ["prospero", "prosperoaddress"],
  ["telnet", "telnetaddress"],
  ["gopher", "gopheraddress"],
  ["wais", "waisaddress"],
  ["mailto", "mailtoaddress"],
  ["mid", "midaddress"],
  ["cid", "cidaddress"],
]);
