"""/metrics (bot/metrics.py, issue 29): the bot's own figures in Prometheus' text format, served
at METRICS_ADDRESS, and moving while a game is played through the fake Discord."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.settings import Settings
from tests.fake_discord import fake_discord_session

from .harness import Driver, Harness, start_game

Figures = dict[tuple[str, tuple[tuple[str, str], ...]], float]


class MetricsHarness(Harness):
    """The harness's bot with /metrics served on a free port of localhost."""

    def settings(self) -> Settings:
        return dataclasses.replace(super().settings(), metrics_address=("127.0.0.1", 0))


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[MetricsHarness]:
    async with fake_discord_session() as session:
        h = MetricsHarness(session, tmp_path / "uno.db")
        await h.start()
        yield h


async def scrape(h: Harness) -> Figures:
    assert h.bot is not None and h.bot.metrics_server is not None
    url = f"http://127.0.0.1:{h.bot.metrics_server.port}/metrics"
    async with aiohttp.ClientSession() as http, http.get(url) as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = await answer.text()
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def value(figures: Figures, name: str, **labels: str) -> float:
    return figures.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_the_figures_move_while_a_game_is_played(served: MetricsHarness) -> None:
    h = served
    users = [h.user("Ann"), h.user("Bob")]
    before = await scrape(h)
    await start_game(h, users)
    driver = Driver(h, users, seed=3)
    assert h.bot is not None
    hands = h.bot.hands
    for _ in range(6):
        assert await driver.step()
        # The next player's hand from their last move is told of their turn before they open
        # it anew (people take seconds; the driver clicks at once).
        await h.fake.wait_for(lambda: not hands.edits_pending(), timeout=3)
    await h.settle()
    await h.pause(0.3)  # the gauges are read every 0.25 s
    after = await scrape(h)

    def grew(name: str, least: float = 1, **labels: str) -> bool:
        return value(after, name, **labels) - value(before, name, **labels) >= least

    # At least the six actions clicked (a drawn card played adds one), each saved once.
    assert grew("uno_moves_applied_total", 6)
    assert grew("uno_database_save_seconds_count", 6)
    # Every click and command was answered: the lobby's three, each hand opened and each move.
    assert grew("uno_first_response_seconds_count", 3 + 2 * 6)
    assert value(after, "uno_first_response_seconds_bucket", le="+Inf") == value(
        after, "uno_first_response_seconds_count")
    # The table: posted as the answer to Start, then edited after the moves through that
    # answer's token (issue 29), which spends none of the bot token's requests.
    assert grew("uno_table_edits_total", 1, token="interaction")
    assert value(after, "uno_table_edits_total", token="bot") == value(
        before, "uno_table_edits_total", token="bot")
    assert grew("uno_table_edit_lag_seconds_count", 1)
    # A player's hand, still open from their last move, told them of their next one.
    assert grew("uno_turn_notice_seconds_count", 1, by="hand")
    assert value(after, "uno_games_running") == 1
    assert value(after, "uno_lobbies_open") == 0
    assert grew("uno_event_loop_lag_seconds_count", 1)
    assert value(after, "uno_http_429_total", token="bot") == value(
        before, "uno_http_429_total", token="bot")
    # Pictures (drawn in a thread here): the table's first, and the hands opened.
    assert grew("uno_picture_draw_seconds_count", 1, kind="hand")


async def test_no_metrics_unless_an_address_is_set(harness: Harness) -> None:
    assert harness.bot is not None and harness.bot.metrics_server is None
