#!/usr/bin/env bash
# Run every DEV held-out set (bench_data/heldout_{phrasings,languages}*.json, the session's blind set
# excluded: BLIND_SETS in scripts/decline_causes.py) through scripts/heldout_phrasings.py and print
# served / wrong without a model call per task, English against other languages (scripts/dev_sets_summary.py).
#
#   bash scripts/measure_dev_sets.sh NAME [CHECKOUT]
#
# Per-pair rows go to /tmp/dev_NAME/<set>.json (the input of decline_causes.py --results). CHECKOUT
# (default: this one) is the code measured: a worktree or clone of an earlier commit for a before run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
name="${1:?usage: measure_dev_sets.sh NAME [CHECKOUT]}"
checkout="$(cd "${2:-.}" && pwd)"
out="/tmp/dev_$name"
mkdir -p "$out"
# the blind sets' names, e.g. 27 (the tuple's items only: the comment after it holds other numbers)
blind="$(grep -o '^BLIND_SETS = ([^)]*)' scripts/decline_causes.py | grep -o '"[^"]*"' | tr -d '"')"
[ -n "$blind" ] || { echo "measure_dev_sets: no BLIND_SETS in scripts/decline_causes.py" >&2; exit 2; }
for pairs in bench_data/heldout_phrasings*.json bench_data/heldout_languages*.json; do
    stem="$(basename "$pairs" .json)"
    skip=no
    for set in $blind; do case "$stem" in *"_$set") skip=yes ;; esac; done
    [ "$skip" = no ] || continue
    PYTHONPATH="$checkout:$checkout/tooling" OMP_NUM_THREADS=1 .venv/bin/python scripts/heldout_phrasings.py \
        --pairs "$pairs" --out "$out/$stem.json" >/dev/null
done
.venv/bin/python scripts/dev_sets_summary.py "$out"
