"""The event loop counts as busy once sleepers have woken late for about a second, and calm
again only well below that (bot/outlets/pressure.py): one late wake-up changes nothing."""

from __future__ import annotations

import asyncio

from bot.outlets.pressure import BUSY_FROM, CALM_BELOW, PROBE_EVERY, LoopPressure


def test_one_late_wake_up_is_not_pressure_a_second_of_them_is() -> None:
    pressure = LoopPressure()
    pressure.observe(0.2)  # one stall of 200 ms (a full collection, a big table)
    assert not pressure.busy
    for _ in range(3):
        pressure.observe(0.0)
    pressure.observe(0.2)  # another, a moment later
    assert not pressure.busy
    for _ in range(int(1 / PROBE_EVERY)):
        pressure.observe(2 * BUSY_FROM)
    assert pressure.busy


def test_it_stays_busy_between_the_two_levels_and_calms_below_the_lower() -> None:
    pressure = LoopPressure()
    for _ in range(30):
        pressure.observe(2 * BUSY_FROM)
    assert pressure.busy
    for _ in range(30):
        pressure.observe((BUSY_FROM + CALM_BELOW) / 2)
    assert pressure.busy
    for _ in range(30):
        pressure.observe(0.0)
    assert not pressure.busy


async def test_its_probe_measures_how_late_the_loop_wakes_it() -> None:
    pressure = LoopPressure()
    pressure.start()
    loop = asyncio.get_running_loop()
    try:
        await asyncio.sleep(0)  # the probe is asleep
        block = loop.time() + 3 * PROBE_EVERY  # the loop held up past the probe's wake-up
        while loop.time() < block:
            pass
        await asyncio.sleep(PROBE_EVERY / 2)
        assert pressure.late > 0
    finally:
        await pressure.close()
