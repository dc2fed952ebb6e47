# Peer for test/differential.test.ts: the python3-rfc3987 package (Debian), one regular expression per
# RFC 3986 rule. Reads lines "<rule>\t<hex of the input's UTF-8>" on standard input; writes one line
# per input: "1" (the rule's regex matches the whole input), "0" (it does not), "E <why>".
import re
import sys

import rfc3987

compiled = {}
out = []
for line in sys.stdin.buffer:
    rule, _, hexed = line.rstrip(b"\n").decode("ascii").partition("\t")
    try:
        text = bytes.fromhex(hexed).decode("utf-8")
        pattern = compiled.get(rule)
        if pattern is None:
            # The rule names of rfc3987 are RFC 3986's with "-" written "_".
            pattern = compiled[rule] = re.compile(rfc3987.upatterns_no_names[rule.replace("-", "_")])
        out.append("1" if pattern.fullmatch(text) else "0")
    except Exception as e:  # a line the peer cannot answer is reported, never dropped
        out.append("E " + type(e).__name__ + ": " + str(e).replace("\n", " "))
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
