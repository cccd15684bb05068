"""The request budget (bot/outlets/budget.py): the bot's token never makes more than `rate` requests
in any second, waiting requests go by priority, and a table edit's turn is taken before
its content is built."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.outlets.budget import Priority, RequestBudget, priority


async def test_no_second_sees_more_than_the_rate() -> None:
    budget = RequestBudget(20, burst=10)  # a large bucket: the window still holds the line
    granted: list[float] = []

    async def one() -> None:
        await budget.take()
        granted.append(time.monotonic())

    start = time.monotonic()
    await asyncio.gather(*(one() for _ in range(32)))
    assert len(granted) == budget.taken == 32
    assert time.monotonic() - start >= (32 - 20) / 20  # paced, not all at once
    for first in granted:
        assert sum(first <= t < first + 1 for t in granted) <= 20


async def test_waiting_requests_go_by_priority() -> None:
    budget = RequestBudget(50, burst=1)
    order: list[str] = []
    await budget.take()  # spent: the next ones wait

    async def one(name: str, level: Priority) -> None:
        with priority(level):
            await budget.take()
        order.append(name)

    waiting = [asyncio.create_task(one("emoji", Priority.BACKGROUND)),
               asyncio.create_task(one("ping", Priority.PING)),
               asyncio.create_task(one("picture", Priority.PICTURE))]
    await asyncio.sleep(0)
    waiting.append(asyncio.create_task(one("edit", Priority.EDIT)))
    await asyncio.gather(*waiting)
    assert order == ["edit", "picture", "ping", "emoji"]


class _Http:
    """Stands for discord.py's HTTPClient: records the requests that reached it."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def request(self, route: Any, **kwargs: Any) -> str:
        self.sent.append(route)
        return "ok"


async def test_every_request_of_the_client_takes_a_turn_and_a_turn_pays_for_one() -> None:
    budget = RequestBudget(45)
    http = _Http()
    budget.spend_from(http)  # type: ignore[arg-type]
    assert await http.request("a") == "ok"
    assert budget.taken == 1
    async with budget.turn(Priority.EDIT):
        assert budget.taken == 2
        await http.request("b")  # paid by the turn
        assert budget.taken == 2
        await http.request("c")  # a second request (a repost) takes its own
        assert budget.taken == 3
    async with budget.turn(Priority.EDIT):
        pass  # unused: given back
    assert budget.taken == 3 and http.sent == ["a", "b", "c"]


def test_a_budget_must_be_positive() -> None:
    with pytest.raises(ValueError):
        RequestBudget(0)


async def test_turns_granted_apart_are_not_sent_in_a_bunch() -> None:
    """Issue 29: five turns granted at once whose requests go 0.9 s later (their content took
    long to build, or the event loop was late), and five granted a second after the first: the
    grants keep to 5 a second, and so do the requests sent."""
    budget = RequestBudget(5, burst=5)
    sent: list[float] = []

    class Timed(_Http):
        async def request(self, route: Any, **kwargs: Any) -> str:
            sent.append(time.monotonic())
            return await super().request(route, **kwargs)

    http = Timed()
    budget.spend_from(http)  # type: ignore[arg-type]

    async def edit(start: float, build: float) -> None:
        await asyncio.sleep(start)
        async with budget.turn(Priority.EDIT):
            await asyncio.sleep(build)
            await http.request("edit")

    await asyncio.gather(*(edit(0.0, 0.9) for _ in range(5)),
                         *(edit(0.95, 0.0) for _ in range(5)))
    assert len(sent) == 10
    for first in sent:
        assert sum(first <= t < first + 1 for t in sent) <= 5
