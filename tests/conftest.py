"""Test-wide settings."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections import defaultdict
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

import asyncpg
import pytest
from hypothesis import settings

from bot.storage.postgres import PostgresDatabase
from tests import pg_cluster
from tests.pg_cluster import Cluster

# In CI the property tests replay the same examples every run (a red CI blocks a landing, so it
# must not depend on luck); on developers' machines they keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# -- The longest modules first. pytest-xdist (`--dist loadfile --no-loadscope-reorder`) hands
# whole modules to the workers in the order they are collected: a long module handed out last
# runs alone at the end while the other workers wait. Each whole run notes how long each
# module took (in pytest's cache, .pytest_cache/), and the next run collects the modules longest
# first (those it has no figure for too), each module's tests in their own order; a run without
# figures starts with KNOWN_LONG.

_MODULE_SECONDS = "uno/module-seconds"
_spent: defaultdict[str, float] = defaultdict(float)


def _module(nodeid: str) -> str:
    return nodeid.split("::")[0]


# Without figures (a fresh clone, as CI runs): the modules that were the longest, longest
# first, ahead of the others in their own order. Refresh it from `.pytest_cache/v/uno/
# module-seconds` after a whole run when the slowest modules change.
KNOWN_LONG = (
    "tests/bot/test_fuzz.py", "tests/playground/test_preview.py", "tests/bot/test_kill_restart.py",
    "tests/bot/test_old_tables.py", "tests/engine/test_properties.py", "tests/bot/test_matches.py",
    "tests/engine/test_house_properties.py", "tests/ai/test_properties.py",
    "tests/bot/test_ai_players.py", "tests/bot/test_kill_at_match_end.py",
    "tests/engine/test_flip_properties.py", "tests/playground/test_phone.py",
    "tests/playground/test_browser.py", "tests/bot/test_deployed_shards.py",
    "tests/storage/test_equivalence.py", "tests/bot/test_no_mercy_rules.py",
    "tests/bot/test_load_benchmark.py", "tests/render/test_event_sentences.py",
    "tests/bot/test_house_rules.py", "tests/bot/test_flip_rules.py",
)


def _module_seconds(config: pytest.Config) -> tuple[dict[str, float], float]:
    """Each module's seconds of the last whole run, and the figure of a module it lacks (new
    ones go first: they may be long); or else KNOWN_LONG's order, the others after it."""
    cache = getattr(config, "cache", None)
    seconds: dict[str, float] = cache.get(_MODULE_SECONDS, {}) if cache is not None else {}
    if seconds:
        return seconds, max(seconds.values()) + 1.0
    return {module: float(len(KNOWN_LONG) - rank) for rank, module in enumerate(KNOWN_LONG)}, 0.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seconds, first = _module_seconds(config)
    position: dict[str, int] = {}
    for index, item in enumerate(items):
        position.setdefault(_module(item.nodeid), index)
    items.sort(key=lambda item: (-seconds.get(_module(item.nodeid), first),
                                 position[_module(item.nodeid)]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _spent[_module(report.nodeid)] += report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """After a whole run (the test paths, no -k or -m), in the process that saw every report
    (xdist's controller, or the only one)."""
    config = session.config
    cache = getattr(config, "cache", None)
    whole = (config.args_source is pytest.Config.ArgsSource.TESTPATHS
             and not config.option.keyword and not config.option.markexpr)
    if (cache is None or hasattr(config, "workerinput") or not whole or not _spent
            or exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)):
        return
    cache.set(_MODULE_SECONDS, {module: round(spent, 1) for module, spent in _spent.items()})


# -- PostgreSQL: one throwaway server per test session (see tests/pg_cluster.py)

_TEMPLATE = "uno_template"  # migrated once; each test copies it
NO_SERVER = ("no PostgreSQL server binaries (initdb, pg_ctl) on this machine; install Debian's "
             "postgresql (or your system's PostgreSQL server) to run this leg")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster | None]:
    """A running PostgreSQL server with a migrated template database, or None where no server
    binaries exist at all (the PostgreSQL legs then skip, saying so); in CI, which installs
    Debian's postgresql, a missing server fails instead."""
    if pg_cluster.binaries() is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must test PostgreSQL: {NO_SERVER}")
        yield None
        return
    cluster = pg_cluster.start()
    try:
        # On a thread of its own: asyncio.run must not replace the tests' event loop.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, _create_template(cluster)).result()
        yield cluster
    finally:
        cluster.stop()


async def _create_template(cluster: Cluster) -> None:
    admin = await asyncpg.connect(cluster.url)
    try:
        await admin.execute(f"CREATE DATABASE {_TEMPLATE}")
    finally:
        await admin.close()
    db = await PostgresDatabase.open(cluster.url_of(_TEMPLATE))
    await db.close()


_databases = itertools.count()


@asynccontextmanager
async def fresh_database(cluster: Cluster | None, *, migrated: bool = True
                         ) -> AsyncIterator[str]:
    """The URL of a new database of its own, migrated (a copy of the template: ~20 ms) or empty,
    dropped afterwards; skips the test where there is no server."""
    if cluster is None:
        pytest.skip(NO_SERVER)
    name = f"test_{os.getpid()}_{next(_databases)}"
    admin = await asyncpg.connect(cluster.url)
    try:
        template = _TEMPLATE if migrated else "template0"
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        try:
            yield cluster.url_of(name)
        finally:
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


@pytest.fixture
async def postgres_url(postgres_cluster: Cluster | None) -> AsyncIterator[str]:
    async with fresh_database(postgres_cluster) as url:
        yield url
