"""The check of a PostgreSQL DSN before ``PostgresStore`` connects with it (needs psycopg)."""

from __future__ import annotations

import ipaddress
import os

from ..errors import StoreError
from .base import redact_url

__all__ = ["check_dsn"]


def check_dsn(dsn: str) -> None:
    """StoreError for a DSN libpq cannot parse or with a host name no resolver can encode
    (an empty label, one over 63 characters: the IDNA codec's UnicodeError), before any
    connection is tried. Socket directories and IP addresses are left to libpq."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    def malformed(why: str) -> StoreError:
        return StoreError(f"malformed PostgreSQL URL {redact_url(dsn)!r}: {why}")

    if not isinstance(dsn, str):
        raise StoreError(f"a PostgreSQL DSN must be a string, not {type(dsn).__name__}")
    try:
        params = conninfo_to_dict(dsn)
    except (psycopg.Error, ValueError, UnicodeError) as exc:
        raise malformed(str(exc).strip().splitlines()[0] if str(exc).strip() else "unparsable") from exc
    hosts = str(params.get("host") or os.environ.get("PGHOST", "")).split(",")
    addrs = str(params.get("hostaddr") or os.environ.get("PGHOSTADDR", "")).split(",")
    for i, host in enumerate(hosts):
        if not host or host.startswith(("/", "@")) or host[1:2] == ":":
            continue  # the default, a Unix socket directory or a Windows path
        if i < len(addrs) and addrs[i]:
            continue  # libpq connects to hostaddr; the name is not resolved
        try:
            ipaddress.ip_address(host.split("%", 1)[0])
            continue
        except ValueError:
            pass
        try:
            host.encode("idna")
        except UnicodeError as exc:
            raise malformed(f"bad host name {host!r} ({exc})") from exc
