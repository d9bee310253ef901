#!/usr/bin/env bash
# The test command: set up .venv, start PostgreSQL + pgvector and the local model server,
# run the whole suite (unit + integration + notebooks), stop the services.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH" VIRTUAL_ENV="$PWD/.venv"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1

cleanup() {
    bash scripts/stop_local_model.sh >/dev/null 2>&1 || true
    bash scripts/stop_postgres.sh >/dev/null 2>&1 || true
}
trap cleanup EXIT

eval "$(bash scripts/start_postgres.sh --export)"
eval "$(bash scripts/start_local_model.sh --export)"
echo "PostgreSQL: ${STEPCACHE_PG_DSN}  model server: ${STEPCACHE_LLM_BASE_URL}" >&2

# The suite runs in parallel (pytest-xdist), one worker per core, at most 4 (they share the one
# model server); STEPCACHE_TEST_WORKERS=N sets the number, and `-n 0` among the arguments runs it in
# this one process. worksteal: a worker that runs out of tests takes some of the other's.
# --durations: the slowest tests are named in every log (where CI time goes).
WORKERS="${STEPCACHE_TEST_WORKERS:-$(python -c 'import os; print(min(4, len(os.sched_getaffinity(0))))')}"
# pytest exits 5 when it collects nothing: with `set -e` that fails the run, as it should.
python -m pytest -q -p no:cacheprovider -n "$WORKERS" --dist worksteal --durations=15 "$@"
