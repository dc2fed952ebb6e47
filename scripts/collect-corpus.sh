#!/usr/bin/env bash
# Rebuilds test/data/corpora/real-world.txt: URLs found in the documentation and licence files that Debian
# packages (/usr/share/doc) and npm packages (this repository's node_modules) ship on a machine like
# ours (Debian 12, Node 20). Deduplicated; trailing sentence punctuation removed; then a seeded
# sample of 25,000 that keeps every host/first-path-segment group represented.
set -euo pipefail
cd "$(dirname "$0")/.."
{
  grep -rhoE "(https?|ftp|mailto|news|gopher|telnet|file|git|ssh|svn):[^][:space:]<>\"'\`(){}]+" /usr/share/doc 2>/dev/null || true
  grep -rhoE "(https?|ftp|mailto|git|file):[^][:space:]<>\"'\`(){}]+" --include='*.md' --include='LICENSE*' --include='*.txt' --include='package.json' node_modules 2>/dev/null || true
} | sed -E 's/[.,;:!?]+$//' | LC_ALL=C sort -u > /tmp/uri-grammars-urls.txt
python3 - <<'PY'
import collections, random, re
urls = [l.rstrip("\n") for l in open("/tmp/uri-grammars-urls.txt", encoding="utf-8", errors="replace")]
groups = collections.defaultdict(list)
for u in urls:
    m = re.match(r"^([a-z]+:(//)?[^/?#]*)(/[^/?#]*)?", u)
    groups[(m.group(1), m.group(3) or "") if m else (u, "")].append(u)
rng = random.Random(8)
first = [rng.choice(v) for _, v in sorted(groups.items())]
chosen = set(first)
rest = [u for u in urls if u not in chosen]
rng.shuffle(rest)
sample = sorted(chosen | set(rest[: max(0, 25000 - len(chosen))]))
open("test/data/corpora/real-world.txt", "w", encoding="utf-8").write("\n".join(sample) + "\n")
print(f"{len(urls)} unique URLs found, {len(groups)} groups, {len(sample)} kept")
PY
