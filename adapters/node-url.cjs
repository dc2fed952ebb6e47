// Adapter for `uri-grammars audit --module` and `uri-grammars confusion` (docs/conformance.md,
// docs/confusion.md): Node's URL, the WHATWG URL Standard's parser (no package: it is built into
// Node; Node's is ada).
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/node-url.cjs
//
// A reference is valid when `new URL(input)` succeeds: the API parses absolute URLs only (a
// relative reference needs a base, which would make nearly any string valid). The WHATWG parser
// rewrites what it parses (lower case, percent-encoding, dot segments), so check() gives no
// components; components() (confusion) gives them as the API serializes them. resolve is
// `new URL(reference, base)`.
"use strict";
const { urlApiReading } = require("../dist/src/index.js");

module.exports = {
  check: (input, { top }) => (top ? URL.canParse(input) : "skip"),
  resolve: (base, reference) => new URL(reference, base).href,
  components: (input) => urlApiReading(URL, input),
};
