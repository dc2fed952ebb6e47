// Adapter for `uri-grammars audit --module` (docs/conformance.md): fast-uri (npm; a devDependency
// here), "Dependency-free RFC 3986 URI toolbox".
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/fast-uri.cjs
//
// A reference is valid when parse() reports no `error`. parse() gives decoded, normalized
// components (lower case, %7e as "~", IPv6 without brackets), not the text of the reference, so
// no components are given. resolve and normalize are the package's own.
"use strict";
const fastUri = require("fast-uri");

module.exports = {
  check: (input, { top }) => (top ? fastUri.parse(input).error === undefined : "skip"),
  resolve: (base, reference) => fastUri.resolve(base, reference),
  normalize: (input, level) => (level === "syntax" ? fastUri.normalize(input) : "skip"),
};
