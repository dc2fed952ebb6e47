// Adapter for `uri-grammars audit --module` (docs/conformance.md): uri-js (npm; a devDependency
// here), "An RFC 3986/3987 compliant, scheme extendable URI/IRI parsing/validating/resolving library".
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/uri-js.cjs
//
// A reference is valid when parse() reports no `error`. parse() gives decoded, normalized
// components, so no components are given. resolve and normalize are the package's own.
"use strict";
const URI = require("uri-js");

module.exports = {
  check: (input, { top }) => (top ? URI.parse(input).error === undefined : "skip"),
  resolve: (base, reference) => URI.resolve(base, reference),
  normalize: (input, level) => (level === "syntax" ? URI.normalize(input) : "skip"),
};
