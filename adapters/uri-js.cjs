// Adapter for `uri-grammars audit --module` (docs/conformance.md): uri-js (npm; a devDependency
// here), "An RFC 3986/3987 compliant, scheme extendable URI/IRI parsing/validating/resolving library".
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/uri-js.cjs
//
// A reference is valid when parse() reports no `error`. parse() gives decoded, normalized
// components, so check() gives none; components() (confusion) gives them as parse() has them, also
// for an input it reports an error for. resolve and normalize are the package's own.
"use strict";
const URI = require("uri-js");

module.exports = {
  check: (input, { top }) => (top ? URI.parse(input).error === undefined : "skip"),
  resolve: (base, reference) => URI.resolve(base, reference),
  normalize: (input, level) => (level === "syntax" ? URI.normalize(input) : "skip"),
  components: (input) => read(URI.parse(input)),
};

/** parse()'s record as components (its port is a number; an absent component is undefined). */
function read(r) {
  const v = (x) => (x === undefined ? null : String(x));
  return { verdict: r.error === undefined ? "valid" : "invalid", components: { scheme: v(r.scheme), userinfo: v(r.userinfo), host: v(r.host), port: v(r.port), path: r.path ?? "", query: v(r.query), fragment: v(r.fragment) }, ...(r.error ? { how: `parse() reports: ${r.error}` } : {}) };
}
