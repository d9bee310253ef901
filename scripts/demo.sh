#!/usr/bin/env bash
# The main job: set up .venv, then run the quick benchmark on a real local model
# (starts and stops llama.cpp + SmolLM2-135M itself), print one plain line per system
# and the paths of report.md (every table) and the plots.
#
# On screen: the phase lines and the benchmark's progress bar. The installers' output goes to
# .venv/setup.log (or $STEPCACHE_SETUP_LOG). The quick run compares no cache, the semantic
# whole-response cache, GPTCache and StepCache; pass `--systems ...` (e.g. adding `exact`) or any
# other `stepcache bench` flag to change it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
phase() { echo "demo: $*" >&2; }
phase "[1/2] setting up .venv and installing the library and the stepcache-bench tooling with their extras (first run: a few minutes; then seconds); installer output: ${STEPCACHE_SETUP_LOG:-.venv/setup.log}"
started=$SECONDS
bash scripts/setup.sh
phase "      setup done in $((SECONDS - started)) s"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
SYSTEMS=(--systems no_cache,semantic,gptcache,stepcache)
for arg in "$@"; do
    if [ "$arg" = "--systems" ] || [[ "$arg" == --systems=* ]]; then SYSTEMS=(); fi
done
phase "[2/2] quick benchmark: start the local model, warm each cache (not measured), measure 40 requests per system, rerun with an always-wrong model (control), write report.md"
exec .venv/bin/stepcache bench --quick "${SYSTEMS[@]}" "$@"
