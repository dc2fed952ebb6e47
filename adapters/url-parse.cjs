// Adapter for `uri-grammars audit --module` (docs/conformance.md): url-parse (npm; a devDependency
// here), "Small footprint URL parser that works seamlessly across Node.js and browser environments".
//
//   npx uri-grammars audit --spec rfc3986 --module adapters/url-parse.cjs
//
// url-parse splits any string and never rejects one: a reference is valid unless the constructor
// throws. Its parts are rewritten (lower case, defaults), so no components are given. resolve is
// `new Url(reference, base)`; components() (confusion) is what the constructor splits.
"use strict";
const Url = require("url-parse");

function parses(input) {
  try {
    new Url(input, {});
    return true;
  } catch {
    return false;
  }
}

module.exports = {
  check: (input, { top }) => (top ? parses(input) : "skip"),
  resolve: (base, reference) => new Url(reference, base).href,
  components: (input) => {
    const u = new Url(input, {});
    const userinfo = u.username !== "" || u.password !== "" ? u.username + (u.password !== "" ? `:${u.password}` : "") : null;
    return {
      verdict: "valid",
      components: { scheme: u.protocol ? u.protocol.replace(/:$/, "") : null, userinfo, host: u.slashes || u.hostname ? u.hostname : null, port: u.port || null, path: u.pathname, query: u.query ? u.query.replace(/^\?/, "") : null, fragment: u.hash ? u.hash.slice(1) : null },
    };
  },
};
