// Adapter for `uri-grammars audit --module` (docs/conformance.md): Node's URL, the WHATWG URL
// Standard's parser (no package: it is built into Node).
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/node-url.cjs
//
// A reference is valid when `new URL(input)` succeeds: the API parses absolute URLs only (a
// relative reference needs a base, which would make nearly any string valid). The WHATWG parser
// rewrites what it parses (lower case, percent-encoding, dot segments), so no components are
// given. resolve is `new URL(reference, base)`.
"use strict";

module.exports = {
  check: (input, { top }) => (top ? URL.canParse(input) : "skip"),
  resolve: (base, reference) => new URL(reference, base).href,
};
