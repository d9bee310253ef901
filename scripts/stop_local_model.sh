#!/usr/bin/env bash
# Stop the local LLM server started by scripts/start_local_model.sh.
#
# Sends SIGTERM to the PID in the pidfile (only if that PID is our server process), then
# SIGKILL after a grace period, so a server that ignores SIGTERM is still stopped.
#
# Environment (optional): PYTHON, STEPCACHE_LOCAL_STATE_DIR, STEPCACHE_LLM_STOP_GRACE (seconds, default 5).
set -euo pipefail

log() { echo "stop_local_model.sh: $*" >&2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
    if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then PY="$VIRTUAL_ENV/bin/python";
    elif [ -x "$ROOT/.venv/bin/python" ]; then PY="$ROOT/.venv/bin/python";
    elif command -v python >/dev/null 2>&1; then PY=python;
    else PY=python3; fi
fi
export PYTHONPATH="$ROOT:$ROOT/tooling${PYTHONPATH:+:$PYTHONPATH}"  # the library and the stepcache-bench tooling
STATE_DIR="${STEPCACHE_LOCAL_STATE_DIR:-}"
if [ -z "$STATE_DIR" ]; then
    STATE_DIR="$("$PY" -c 'from stepcache_bench.serving.cli_commands import default_state_dir; print(default_state_dir())')" \
        || { log "cannot import stepcache_bench with $PY (set PYTHON or run scripts/setup.sh)"; exit 1; }
fi
if [ ! -f "$STATE_DIR/server.pid" ]; then
    log "no pidfile in $STATE_DIR; nothing to stop"
    exit 0
fi
"$PY" -m stepcache_bench.cli stop-local --state-dir "$STATE_DIR" --grace "${STEPCACHE_LLM_STOP_GRACE:-5}"
