#!/usr/bin/env bash
# Rebuilds test/data/corpora/debian-packages.txt, the benchmark's second real-world corpus, with other
# URL lengths than test/data/corpora/real-world.txt (documentation links, median 48 characters): the
# URLs of Debian 12's main archive index as apt keeps it on a machine like ours
# (/var/lib/apt/lists/*_Packages.lz4, after `apt-get update`):
#   - every package's Homepage field (upstream sites: short, varied, sometimes malformed);
#   - every package's download URL, the mirror's base and the Filename field
#     (http://deb.debian.org/debian/pool/main/...: long, regular paths with "+", "~" and "%").
# Deduplicated, then a seeded sample of 25,000: half homepages, half download URLs.
set -euo pipefail
cd "$(dirname "$0")/.."
index=$(ls /var/lib/apt/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4)
unlz4 -c "$index" > /tmp/uri-grammars-packages.txt
python3 - <<'PY'
import random
homepages, downloads = set(), set()
for line in open("/tmp/uri-grammars-packages.txt", encoding="utf-8", errors="replace"):
    if line.startswith("Homepage: "):
        homepages.add(line[len("Homepage: "):].strip())
    elif line.startswith("Filename: "):
        downloads.add("http://deb.debian.org/debian/" + line[len("Filename: "):].strip())
rng = random.Random(3986)
h, d = sorted(homepages), sorted(downloads)
sample = rng.sample(h, min(12500, len(h))) + rng.sample(d, min(12500, len(d)))
sample.sort()
open("test/data/corpora/debian-packages.txt", "w", encoding="utf-8").write("\n".join(sample) + "\n")
print(f"{len(h)} homepages, {len(d)} download URLs; {len(sample)} kept")
PY
