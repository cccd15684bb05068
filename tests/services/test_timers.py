"""Named one-shot timers on the bot's clock: they fire when the clock reaches them, one per key,
and a failing callback is logged without stopping the others."""

from __future__ import annotations

import logging

import pytest

from bot.fake_discord.clock import FakeClock
from bot.services.timers import Timers

from .conftest import settle


async def test_a_timer_fires_at_its_time_and_once(timers: Timers, clock: FakeClock) -> None:
    fired: list[float] = []

    async def note() -> None:
        fired.append(clock.now())

    timers.schedule("t", clock.now() + 10, note)
    clock.advance(9)
    await settle()
    assert fired == [] and timers.scheduled("t")
    clock.advance(1)
    await settle()
    assert len(fired) == 1 and not timers.scheduled("t")
    clock.advance(100)
    await settle()
    assert len(fired) == 1


async def test_rescheduling_a_key_replaces_its_timer(timers: Timers, clock: FakeClock) -> None:
    fired: list[str] = []

    async def first() -> None:
        fired.append("first")

    async def second() -> None:
        fired.append("second")

    timers.schedule("k", clock.now() + 5, first)
    timers.schedule("k", clock.now() + 20, second)
    clock.advance(10)
    await settle()
    assert fired == []
    clock.advance(10)
    await settle()
    assert fired == ["second"]


async def test_a_cancelled_timer_never_fires(timers: Timers, clock: FakeClock) -> None:
    fired: list[str] = []

    async def note() -> None:
        fired.append("x")

    timers.schedule("k", clock.now() + 5, note)
    timers.cancel("k")
    clock.advance(10)
    await settle()
    assert fired == [] and not timers.scheduled("k")


async def test_a_failing_callback_is_logged_and_the_others_still_fire(
        timers: Timers, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    fired: list[str] = []

    async def broken() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        fired.append("fine")

    timers.schedule("bad", clock.now() + 1, broken)
    timers.schedule("good", clock.now() + 1, fine)
    with caplog.at_level(logging.ERROR, logger="bot.services.timers"):
        clock.advance(1)
        await settle()
    assert fired == ["fine"]
    assert any("timer bad failed" in r.getMessage() for r in caplog.records)
