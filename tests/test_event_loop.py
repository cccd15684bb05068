"""The bot runs on uvloop where it is installed (bot/event_loop.py); the processes the load,
kill-and-restart and shard tests start (benchmarks/bot_process.py) run the whole bot on it."""

from __future__ import annotations

import asyncio

import pytest

from bot.event_loop import use_fast_loop


def test_the_loops_made_after_it_are_uvloop_s() -> None:
    uvloop = pytest.importorskip("uvloop")
    before = asyncio.get_event_loop_policy()
    try:
        assert use_fast_loop()
        loop = asyncio.new_event_loop()
        try:
            assert isinstance(loop, uvloop.Loop)
            assert loop.run_until_complete(asyncio.sleep(0, "ran")) == "ran"
        finally:
            loop.close()
    finally:
        asyncio.set_event_loop_policy(before)
