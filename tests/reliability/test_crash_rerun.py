"""Process killed during a write: the stores issue's SIGKILL tests, re-run as part of this suite."""

from __future__ import annotations

import pytest

from tests.integration import test_postgres_store as _pg
from tests.integration.test_postgres_store import table  # noqa: F401 - fixture of the re-run test
from tests.unit.test_store_sqlite import test_sigkill_mid_write_leaves_consistent_store  # noqa: F401

from .conftest import NEEDS_PG

# module-level marks do not travel with an imported function: apply them here
test_client_killed_mid_write_leaves_consistent_table = pytest.mark.integration(
    NEEDS_PG(_pg.test_client_killed_mid_write_leaves_consistent_table)
)
