# Adapter for `uri-grammars audit` (docs/conformance.md): the python3-rfc3986 package (Debian:
# apt-get install python3-rfc3986). Judges a reference as the differential tests do
# (docs/differential.md): uri_reference(input), then a Validator that checks every component.
#
#   npx uri-grammars audit --spec rfc3986 -- python3 adapters/python3-rfc3986.py
#
# Protocol (URI_GRAMMARS_PROTOCOL, set by the audit): "text", one input per line; or "json", one
# request per line: {"op": "check"|"components"|"resolve"|"normalize", "input": ..., "rule", "top", "base",
# "level"}. Answers, one line each, flushed at once: {"verdict": "valid"|"invalid", "components": {...}},
# {"result": ...} for resolve and normalize, or "skip" for what the package has no function for.
# "components" (uri-grammars confusion) asks what the package reads in any input: uri_reference()
# splits every string (it percent-encodes path, query and fragment as it goes), the Validator judges.
import json
import os
import sys

try:
    import rfc3986
except ImportError:  # a python3 (pyenv ...) that does not see Debian's packages
    sys.path.append("/usr/lib/python3/dist-packages")
    import rfc3986
from rfc3986 import exceptions, uri_reference, validators

VALIDATOR = validators.Validator().check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def check(text):
    try:
        ref = uri_reference(text)
        VALIDATOR.validate(ref)
    except exceptions.ValidationError:
        return {"verdict": "invalid"}
    try:
        userinfo, host, port = ref.userinfo, ref.host, ref.port
    except exceptions.RFC3986Exception:
        userinfo = host = port = None
    components = {"scheme": ref.scheme, "userinfo": userinfo, "host": host, "port": port, "path": ref.path or "", "query": ref.query, "fragment": ref.fragment}
    return {"verdict": "valid", "components": components}


def read(text):
    ref = uri_reference(text)
    try:
        VALIDATOR.validate(ref)
        verdict = "valid"
    except exceptions.ValidationError:
        verdict = "invalid"
    try:
        userinfo, host, port = ref.userinfo, ref.host, ref.port
    except exceptions.RFC3986Exception:
        userinfo = host = port = None
    components = {"scheme": ref.scheme, "userinfo": userinfo, "host": host, "port": port, "path": ref.path or "", "query": ref.query, "fragment": ref.fragment}
    return {"verdict": verdict, "components": components}


def answer(line, protocol):
    if protocol != "json":
        return check(line)
    q = json.loads(line)
    op = q.get("op")
    if op == "check":
        return check(q["input"]) if q.get("top") else "skip"
    if op == "components":
        return read(q["input"])
    if op == "resolve":
        return {"result": uri_reference(q["input"]).resolve_with(q["base"]).unsplit()}
    if op == "normalize" and q.get("level") == "syntax":
        return {"result": uri_reference(q["input"]).normalize().unsplit()}
    return "skip"


def main():
    protocol = os.environ.get("URI_GRAMMARS_PROTOCOL", "text")
    while True:
        raw = sys.stdin.buffer.readline()
        if not raw:
            break
        line = raw.decode("utf-8", "surrogateescape").rstrip("\n")
        try:
            a = answer(line, protocol)
        except Exception as e:  # the package failed in another way: an answer of its own
            a = {"error": type(e).__name__ + ": " + str(e)}
        sys.stdout.write((a if isinstance(a, str) else json.dumps(a)) + "\n")
        sys.stdout.flush()


main()
