"""Per-user and per-server settings across processes on one PostgreSQL: a change made in one is
applied in the others as it commits (LISTEN/NOTIFY, see bot.storage.settings), within a second."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable

import pytest

from bot.services.settings import SettingsService
from bot.storage import GuildSettings, UserSettings
from bot.storage.postgres import PostgresDatabase
from bot.storage.settings import SettingsRepository, UserForgotten, _decode_change, _encode_change

WITHIN = 1.0  # seconds: the promise


class Process:
    """What one bot process keeps of the settings: its own database and service."""

    def __init__(self, db: PostgresDatabase) -> None:
        self.db = db
        self.repo = SettingsRepository(db)
        self.service = SettingsService(self.repo)

    async def start(self) -> Process:
        await self.repo.watch(self.service.changed, self.service.load)
        await self.service.load()
        return self


@pytest.fixture
async def two(postgres_url: str) -> AsyncIterator[tuple[Process, Process]]:
    a = await Process(await PostgresDatabase.open(postgres_url)).start()
    b = await Process(await PostgresDatabase.open(postgres_url)).start()
    try:
        yield a, b
    finally:
        await a.db.close()
        await b.db.close()


async def seen_within(condition: Callable[[], bool], seconds: float = WITHIN) -> float:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"not seen within {seconds} s")
        await asyncio.sleep(0.01)
    return time.monotonic() - started


def test_every_change_survives_its_announcement() -> None:
    for change in (GuildSettings(5, "uk", "house", {"stacking": True}, 30), GuildSettings(6),
                   UserSettings(7, "be", True), UserSettings(8), UserForgotten(9)):
        assert _decode_change(_encode_change(change)) == change


async def test_a_language_set_in_one_process_is_seen_in_the_other(two: tuple[Process, Process]
                                                                  ) -> None:
    a, b = two
    await a.service.set_user(42, locale="uk")
    await seen_within(lambda: b.service.user(42).locale == "uk")
    assert b.service.user_locale(42, 1, "en-US") == "uk"
    await b.service.set_user(42, colorblind=True)  # B's own change, built on what it heard
    await seen_within(lambda: a.service.user(42) == UserSettings(42, "uk", True))
    await a.service.set_guild(1, locale="ru", turn_timer=60)
    await seen_within(lambda: b.service.guild(1).locale == "ru")
    assert b.service.guild(1).turn_timer == 60


async def test_forget_me_in_one_process_is_forgotten_in_the_other(two: tuple[Process, Process]
                                                                  ) -> None:
    a, b = two
    await a.service.set_user(42, locale="be", colorblind=True)
    await seen_within(lambda: b.service.user(42).locale == "be")
    await b.service.forget_user(42)
    await seen_within(lambda: a.service.user(42) == UserSettings(42))


async def test_a_rolled_back_change_is_never_announced(two: tuple[Process, Process]) -> None:
    a, b = two
    with pytest.raises(RuntimeError):
        async with a.db.transaction() as conn:
            await conn.execute("SELECT pg_notify('uno_settings', ?)",
                               (_encode_change(UserSettings(42, "uk")),))
            raise RuntimeError("the save failed")
    await a.service.set_user(43, locale="ru")  # a later change does arrive: B listens
    await seen_within(lambda: b.service.user(43).locale == "ru")
    assert b.service.user(42).locale is None


async def test_after_losing_its_listening_connection_a_process_catches_up(
        two: tuple[Process, Process]) -> None:
    a, b = two
    async with a.db.transaction() as conn:  # the server drops the listeners (a restart, a proxy)
        dropped = await conn.execute_fetchall(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE query LIKE 'LISTEN%' AND pid != pg_backend_pid()")
    assert [r[0] for r in dropped] == [True, True]
    await a.service.set_user(42, locale="uk")  # announced while nobody in B listens
    # B opens its listener again (after about a second) and reloads what it may have missed.
    await seen_within(lambda: b.service.user(42).locale == "uk", seconds=5.0)
    await a.service.set_user(42, locale="be")  # and hears the next change as usual
    await seen_within(lambda: b.service.user(42).locale == "be")
