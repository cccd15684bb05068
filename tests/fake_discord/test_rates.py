"""The fake counts bot-token requests per second and per route against Discord's global limit
(docs/DISCORD-FACTS.md: 50 requests per second per bot token; interaction endpoints exempt)."""

from __future__ import annotations

import aiohttp

from bot.fake_discord.rates import RequestCounter
from tests.fake_discord import FakeDiscord

MESSAGE = "/channels/{channel_id}/messages/{message_id}"


class Ticker:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_counts_per_second_flags_breaches_and_leaves_interaction_endpoints_out() -> None:
    clock = Ticker()
    counter = RequestCounter(limit=3, now=clock)
    for at, route in ((0.1, MESSAGE), (0.2, MESSAGE), (0.9, "/channels/{channel_id}/messages"),
                      (0.95, "/interactions/{interaction_id}/{token}/callback"),
                      (1.5, MESSAGE), (1.6, "/webhooks/{application_id}/{token}"),
                      (2.0, MESSAGE), (2.1, MESSAGE), (2.2, MESSAGE), (2.3, MESSAGE)):
        clock.now = 100.0 + at
        counter.count("patch" if route == MESSAGE else "POST", route)
    clock.now = 103.5
    figures = counter.figures()
    assert figures.per_second == [3, 1, 4, 0]
    assert figures.total == 8 and figures.exempt == 2
    assert figures.peak == 4 and figures.breaches == [(2, 4)]
    # 1.5, 2.0, 2.1, 2.2, 2.3 fall within one second, across the slots' border.
    assert figures.sliding_peak == 5
    assert figures.mean == 8 / 3.5
    assert figures.per_route == {f"PATCH {MESSAGE}": 7, "POST /channels/{channel_id}/messages": 1}
    assert figures.exempt_per_route == {"POST /interactions/{interaction_id}/{token}/callback": 1,
                                        "POST /webhooks/{application_id}/{token}": 1}


def test_start_forgets_what_was_counted() -> None:
    clock = Ticker()
    counter = RequestCounter(now=clock)
    counter.count("GET", "/users/@me")
    clock.now += 10
    counter.start()
    clock.now += 0.5
    figures = counter.figures()
    assert (figures.total, figures.per_second, figures.breaches, figures.limit) == (0, [0], [], 50)


async def test_the_fake_counts_what_it_serves_with_the_bot_token() -> None:
    fake = FakeDiscord(request_limit=1)
    await fake.start()
    try:
        api = f"{fake.base_url}/api/v10"
        headers = {"Authorization": f"Bot {fake.token}"}
        async with aiohttp.ClientSession() as http:
            for _ in range(2):
                async with http.get(f"{api}/users/@me", headers=headers) as answer:
                    assert answer.status == 200
            # Refused (an unknown interaction), but a request all the same: exempt as such.
            async with http.post(f"{api}/interactions/1/nope/callback", json={"type": 1}) as answer:
                assert answer.status == 404
        assert [v.code for v in fake.take_violations()] == [10062]  # that one, nothing else
    finally:
        await fake.stop()
    figures = fake.bot_requests.figures()
    assert figures.total == 2 and figures.exempt == 1
    assert figures.per_route == {"GET /users/@me": 2}
    assert figures.peak == 2 and figures.breaches == [(0, 2)]
