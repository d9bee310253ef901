"""SQLiteStore's connection to its file: opened, checked against the file at ``path``, re-opened.

A :class:`SQLiteFile` is owned by one ``SQLiteStore``. :meth:`SQLiteFile.get` hands out
the open connection; before that it re-opens when the process forked (a child never uses
its parent's connection), when the connection was dropped, and when the file at ``path`` is
no longer the one that was opened (removed, or replaced, e.g. restored from a backup).
Whenever it opens, the ``on_open`` callback loads the store's index; whenever it loses
the file, ``on_lost`` forgets it. The caller holds the store's lock around every call.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable

from ..errors import StoreError
from .sqlite_schema import check_schema, ensure_schema, not_writable, open_connection, read_only_uri, unusable

__all__ = ["SQLiteFile"]


class SQLiteFile:
    """The connection of one store (see the module docstring); ``read_only`` implies no
    ``create``, and a read-only store is opened without ever writing (see
    ``stores.sqlite_schema.read_only_uri``)."""

    #: Consecutive re-opens of a read-only store whose file changed during the initial load.
    REOPEN_TRIES = 5

    def __init__(
        self,
        path: str,
        *,
        busy_timeout: float,
        synchronous: str,
        create: bool,
        read_only: bool,
        on_open: Callable[[], None],
        on_lost: Callable[[], None],
    ) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self.synchronous = synchronous
        self.create = create
        self.read_only = read_only
        self._on_open = on_open
        self._on_lost = on_lost
        self.conn: sqlite3.Connection | None = None
        self.pid = os.getpid()
        self.closed = False
        self.file_id: tuple[int, ...] | None = None
        self.immutable = False

    def open(self) -> None:
        """Open (or re-open) the connection and load the index through ``on_open``."""
        self.file_id = None
        self.immutable = False
        if not self.create:
            self._check_existing()
        if self.read_only:
            self._open_read_only()
            return
        if self.path != ":memory:" and os.path.exists(self.path) and not os.access(self.path, os.W_OK):
            # SQLite would open it read-only anyway, create -wal/-shm files it cannot remove
            # again, and fail on the first write: refuse before touching anything.
            raise not_writable(self.path, "no write permission on the file")
        conn = open_connection(self.path, self.busy_timeout, self.synchronous)
        try:
            self.conn = conn
            ensure_schema(conn, self.path)
            self._on_open()
            self.file_id = self._stat()
        except sqlite3.DatabaseError as exc:
            conn.close()
            self.conn = None
            raise unusable(self.path, exc) from exc
        except StoreError:
            conn.close()
            self.conn = None
            raise

    def _check_existing(self) -> None:
        """``create=False``: the file must exist and hold a StepCache store; checked through a
        read-only connection, so a file that is not one is never written."""
        if not os.path.exists(self.path):
            raise StoreError(f"no store at {os.path.abspath(self.path)} (no such file)")
        if os.path.getsize(self.path) == 0:
            raise StoreError(
                f"{self.path!r} is an empty file: no StepCache store has been written to it"
            )
        if self.read_only:
            return  # _open_read_only checks the schema on its own connection
        conn = open_connection(self.path, self.busy_timeout, self.synchronous, read_only=True)
        try:
            check_schema(conn, self.path)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path!r} is not a usable StepCache SQLite store: {exc}") from exc
        finally:
            conn.close()

    def _open_read_only(self) -> None:
        """Open read-only and load the index. An ``immutable`` connection reads the main file
        without locks: if the file changed while the rows were loaded (another process
        checkpointed into it), load again."""
        for _ in range(self.REOPEN_TRIES):
            _uri, self.immutable = read_only_uri(self.path)
            before = self._stat()
            conn = open_connection(self.path, self.busy_timeout, self.synchronous, read_only=True)
            try:
                self.conn = conn
                check_schema(conn, self.path)
                self._on_open()
            except (sqlite3.DatabaseError, StoreError) as exc:
                conn.close()
                self.conn = None
                if before == self._stat():
                    if isinstance(exc, StoreError):
                        raise
                    raise StoreError(
                        f"{self.path!r} is not a usable StepCache SQLite store: {exc}"
                    ) from exc
                continue  # read while another process changed the file: read it again
            if before is not None and before == self._stat():
                self.file_id = before
                return
            conn.close()
            self.conn = None
        raise StoreError(
            f"SQLite store {self.path!r} kept changing while it was read; try again"
        )

    def get(self) -> sqlite3.Connection:
        """The open connection to the file at ``path`` (re-opened if need be)."""
        if self.closed:
            raise StoreError("store is closed")
        if self.pid != os.getpid():
            # A forked child must not use the parent's connection: reopen and reindex.
            self.pid = os.getpid()
            self.conn = None
            self.open()
        if self.conn is None:
            self.open()  # reopen after the file was removed (or a failed reopen)
        assert self.conn is not None
        if self.file_id is not None and not self.conn.in_transaction:
            self._check_file()
        return self.conn

    def _stat(self) -> tuple[int, ...] | None:
        """Which file ``path`` is (device, inode); for an immutable read-only connection also
        its size, modification time and whether a ``-wal`` file appeared (a writer opened
        it): any change means the connection must be re-opened."""
        if self.path == ":memory:":
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        if not self.immutable:
            return (st.st_dev, st.st_ino)
        wal = os.path.exists(self.path + "-wal")
        return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, int(wal))

    def _check_file(self) -> None:
        """The open connection must still be the file at ``path``: writes to a removed
        (unlinked) file would succeed and vanish with the process."""
        now = self._stat()
        if now == self.file_id:
            return
        assert self.conn is not None
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
        self.conn = None
        self._on_lost()
        if now is None:
            if self.read_only:
                raise StoreError(f"SQLite store {self.path!r} was removed while open")
            raise StoreError(
                f"SQLite store {self.path!r} was removed while open; nothing was written to it. "
                "A new, empty store is created there on next use."
            )
        self.open()  # replaced (e.g. restored from a backup) or changed: read it again

    def close(self) -> None:
        """Close the connection (never a parent's, after a fork); every later :meth:`get`
        raises StoreError."""
        if self.conn is not None and self.pid == os.getpid():
            try:
                self.conn.close()
            except sqlite3.Error:
                pass
        self.conn = None
        self.closed = True
