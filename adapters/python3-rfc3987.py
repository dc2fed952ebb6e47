# Adapter for `uri-grammars audit` (docs/conformance.md): the python3-rfc3987 package (Debian:
# apt-get install python3-rfc3987), one regular expression per RFC 3986 rule and per RFC 3987 rule,
# so it answers rule by rule (re.fullmatch of the rule's regex, as the differential tests do:
# docs/differential.md).
#
#   npx uri-grammars audit --spec rfc3986 --protocol json --rules all -- python3 adapters/python3-rfc3987.py
#   npx uri-grammars audit --spec rfc3987 --protocol json --rules all -- python3 adapters/python3-rfc3987.py
#
# Protocol: see adapters/python3-rfc3986.py. With the text protocol every line is a URI-reference.
# "components" (uri-grammars confusion): parse(rule="URI_reference"), which reads only what the
# regex matches (an input it does not match has no reading), and the authority split by the
# package's userinfo, host and port patterns.
import json
import os
import re
import sys

try:
    import rfc3987
except ImportError:  # a python3 (pyenv ...) that does not see Debian's packages
    sys.path.append("/usr/lib/python3/dist-packages")
    import rfc3987

compiled = {}


def check(rule, text):
    # The rule names of rfc3987 are RFC 3986's with "-" written "_".
    name = rule.replace("-", "_")
    if name not in rfc3987.upatterns_no_names:
        return "skip"
    pattern = compiled.get(name)
    if pattern is None:
        pattern = compiled[name] = re.compile(rfc3987.upatterns_no_names[name])
    if not pattern.fullmatch(text):
        return {"verdict": "invalid"}
    if name not in ("URI_reference", "IRI_reference"):
        return {"verdict": "valid"}
    parts = rfc3987.parse(text, rule=name)
    return {"verdict": "valid", "components": {"scheme": parts["scheme"], "path": parts["path"] or "", "query": parts["query"], "fragment": parts["fragment"]}}


# authority = [ userinfo "@" ] host [ ":" port ] (RFC 3986 §3.2), from the package's own rule
# patterns: parse() gives userinfo, host and port only where Python's re is used (with the regex
# module, which Debian's python3 has, it gives the five main components alone).
AUTHORITY = re.compile("^(?:(?P<userinfo>%(userinfo)s)@)?(?P<host>%(host)s)(?::(?P<port>%(port)s))?$" % rfc3987.upatterns_no_names)


def read(text):
    try:
        p = rfc3987.parse(text, rule="URI_reference")
    except ValueError:
        return {"verdict": "invalid"}
    parts = {"userinfo": None, "host": None, "port": None}
    if p.get("authority") is not None:
        m = AUTHORITY.match(p["authority"])
        if m:
            parts = m.groupdict()
    return {"verdict": "valid", "components": {"scheme": p.get("scheme"), **parts, "path": p.get("path") or "", "query": p.get("query"), "fragment": p.get("fragment")}}


def answer(line, protocol):
    if protocol != "json":
        return check("URI-reference", line)
    q = json.loads(line)
    op = q.get("op")
    if op == "check":
        return check(q["rule"], q["input"])
    if op == "components":
        return read(q["input"])
    if op == "resolve":
        return {"result": rfc3987.resolve(q["base"], q["input"])}
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
        except Exception as e:
            a = {"error": type(e).__name__ + ": " + str(e)}
        sys.stdout.write((a if isinstance(a, str) else json.dumps(a)) + "\n")
        sys.stdout.flush()


main()
