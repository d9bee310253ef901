"""Process killed during a write: the stores issue's SIGKILL tests, re-run as part of this suite."""

from __future__ import annotations

from tests.integration.test_postgres_store import (  # noqa: F401 - collected here again
    table,
    test_client_killed_mid_write_leaves_consistent_table,
)
from tests.unit.test_store_sqlite import test_sigkill_mid_write_leaves_consistent_store  # noqa: F401
