// Adapter for `uri-grammars audit --module` (docs/conformance.md): fast-uri (npm; a devDependency
// here), "Dependency-free RFC 3986 URI toolbox".
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/fast-uri.cjs
//
// A reference is valid when parse() reports no `error`. parse() gives decoded, normalized
// components (lower case, %7e as "~", IPv6 without brackets), not the text of the reference, so
// check() gives no components; components() (confusion) gives them as parse() has them, also for
// an input it reports an error for. resolve and normalize are the package's own.
"use strict";
const fastUri = require("fast-uri");

module.exports = {
  check: (input, { top }) => (top ? fastUri.parse(input).error === undefined : "skip"),
  resolve: (base, reference) => fastUri.resolve(base, reference),
  normalize: (input, level) => (level === "syntax" ? fastUri.normalize(input) : "skip"),
  components: (input) => read(fastUri.parse(input)),
};

/** parse()'s record as components (its port is a number; an absent component is undefined). */
function read(r) {
  const v = (x) => (x === undefined ? null : String(x));
  return { verdict: r.error === undefined ? "valid" : "invalid", components: { scheme: v(r.scheme), userinfo: v(r.userinfo), host: v(r.host), port: v(r.port), path: r.path ?? "", query: v(r.query), fragment: v(r.fragment) }, ...(r.error ? { how: `parse() reports: ${r.error}` } : {}) };
}
