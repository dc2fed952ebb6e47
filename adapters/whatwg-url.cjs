// Adapter for `uri-grammars audit --module` and `uri-grammars confusion` (docs/conformance.md,
// docs/confusion.md): whatwg-url (npm; a dependency of the package: the WHATWG parser column), jsdom's implementation of the WHATWG
// URL Standard, written to follow the standard's parser step by step.
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/whatwg-url.cjs
//
// As adapters/node-url.cjs, with whatwg-url's URL class instead of Node's (ada): a reference is
// valid when the parser does not fail; components() (confusion) are the API's serialized ones.
"use strict";
const { URL: WhatwgURL } = require("whatwg-url");
const { urlApiReading } = require("../dist/src/index.js");

function parses(input) {
  try {
    new WhatwgURL(input);
    return true;
  } catch {
    return false;
  }
}

module.exports = {
  check: (input, { top }) => (top ? parses(input) : "skip"),
  resolve: (base, reference) => new WhatwgURL(reference, base).href,
  components: (input) => urlApiReading(WhatwgURL, input),
};
