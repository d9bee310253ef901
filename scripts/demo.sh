#!/usr/bin/env bash
# The main job: set up .venv, then run the quick benchmark on a real local model
# (starts and stops llama.cpp + SmolLM2-135M itself), print one plain line per system,
# the paths of report.md (every table) and the plots, then where each StepCache answer came from
# (exact, reuse, reinstantiate, patch, fallback, model: docs/outcomes.md) and, last, the count per source.
#
# On screen: the phase lines and the benchmark's progress bar. The installers' output goes to
# .venv/setup.log (or $STEPCACHE_SETUP_LOG). Setup installs what the demo needs (`setup.sh --demo`:
# everything but the test tools, which scripts/test.sh adds; a rerun reuses .venv in under a second).
# The quick run compares no cache, the semantic whole-response cache, GPTCache and StepCache on the
# paper's math + JSON workload (16 requests per system, max_tokens 128; BENCHMARKS.md "Paper benchmark");
# pass `--systems ...` (e.g. adding `exact`) or any other `stepcache bench` flag to change it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
phase() { echo "demo: $*" >&2; }
phase "[1/2] setting up .venv and installing the library and the stepcache-bench tooling with their extras (first run: one to two minutes; then under a second); installer output: ${STEPCACHE_SETUP_LOG:-.venv/setup.log}"
started=$SECONDS
bash scripts/setup.sh --demo
phase "      setup done in $((SECONDS - started)) s"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
SYSTEMS=(--systems no_cache,semantic,gptcache,stepcache)
for arg in "$@"; do
    if [ "$arg" = "--systems" ] || [[ "$arg" == --systems=* ]]; then SYSTEMS=(); fi
done
phase "[2/2] quick benchmark: start the local model, warm each cache (not measured), measure 16 requests per system (math + JSON), rerun with an always-wrong model (control, no server), write report.md and plots"
exec .venv/bin/stepcache bench --quick "${SYSTEMS[@]}" "$@"
