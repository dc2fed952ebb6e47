# Peer for test/differential.test.ts: the python3-rfc3986 package (Debian). Reads lines of hex (the
# input's UTF-8); writes one line per input: "1" when uri_reference(input) passes a Validator that
# checks every component (scheme, userinfo, host, port, path, query, fragment), "0" when it raises,
# "E <why>" when the package fails in another way.
import sys

from rfc3986 import exceptions, uri_reference, validators

validator = validators.Validator().check_validity_of("scheme", "userinfo", "host", "port", "path", "query", "fragment")
out = []
for line in sys.stdin.buffer:
    try:
        text = bytes.fromhex(line.strip().decode("ascii")).decode("utf-8")
        validator.validate(uri_reference(text))
        out.append("1")
    except exceptions.ValidationError:
        out.append("0")
    except Exception as e:
        out.append("E " + type(e).__name__ + ": " + str(e).replace("\n", " "))
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
