#!/usr/bin/env bash
# The main job: set up .venv, then run the quick benchmark on a real local model
# (starts and stops llama.cpp + SmolLM2-135M itself) and print the table and plot paths.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
exec .venv/bin/stepcache bench --quick "$@"
