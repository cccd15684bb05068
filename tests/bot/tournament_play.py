"""Helpers of the tournament tests (issue 31): open a tournament through the slash command, find
its boards as users see them, and let its tables play out (people who never act time out and
are taken over by an AI; the clock is moved for them)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.fake_discord.users import SeenMessage
from bot.services.tournament_doc import TournamentDoc
from bot.services.tournament_rounds import Live
from bot.storage import TournamentRecord, TournamentRepository
from drivers.catalogue import en
from drivers.screen import title_of
from tests.fake_discord import VirtualUser

from .harness import Harness

TURN_TIMER = 5


def board(user: VirtualUser, key: str, **params: Any) -> SeenMessage:
    """The latest public message whose title is `key`'s text."""
    title = en(key, **params)
    return next(m for m in reversed(user.public_messages()) if title_of(m) == title)


def boards(user: VirtualUser, key: str, **params: Any) -> list[SeenMessage]:
    title = en(key, **params)
    return [m for m in user.public_messages() if title_of(m) == title]


def live(h: Harness) -> Live | None:
    assert h.bot is not None
    return h.bot.tournaments.of_guild(h.fake.guild_id)


async def stored(h: Harness, tournament_id: str) -> TournamentRecord:
    assert h.bot is not None
    record = await TournamentRepository(h.bot.db).get(tournament_id)
    assert record is not None
    return record


async def saved_doc(h: Harness, tournament_id: str) -> TournamentDoc:
    return TournamentDoc.from_json(dict((await stored(h, tournament_id)).state))


async def play_to_the_end(h: Harness, tournament_id: str) -> TournamentDoc:
    """Let the tables play until the tournament is finished; its saved document."""
    async def over() -> bool:
        return (await stored(h, tournament_id)).status == "finished"

    await play_until(h, over)
    return await saved_doc(h, tournament_id)


async def open_tournament(h: Harness, host: VirtualUser, players: list[VirtualUser],
                          **options: Any) -> tuple[str, SeenMessage]:
    """`/uno tournament create` by `host`, everyone in `players` joins on its board."""
    handle = await host.slash("uno tournament create", **{"turn_timer": TURN_TIMER, "target": 50,
                                                          **options})
    assert handle.response is not None and handle.response.ephemeral
    current = live(h)
    assert current is not None
    signup = board(host, "tournament.signup_title", name=options["name"])
    for player in players:
        joined = await player.click(signup, en("button.join"))
        assert joined.response is not None and joined.response.text == en(
            "tournament.done_join", name=options["name"])
    return current.id, signup


def tables_waiting_for_people(h: Harness) -> int:
    """The turn timer of a table of the tournament that waits for a person no AI plays for
    (0: none waits)."""
    current = live(h)
    if h.bot is None or current is None:
        return 0
    for table in current.doc.tables:
        session = h.bot.games.get(table.game_id) if table.game_id else None
        if session is None or session.finished or session.turn_deadline is None:
            continue
        seat = session.game.waiting_for
        if seat is not None and session.game.players[seat] not in session.stand_ins:
            return session.turn_timer
    return 0


async def play_until(h: Harness, done: Callable[[], Awaitable[bool]],
                     timeout: float = 600.0) -> None:
    """Let the tables play until `done()`; a person the table waits for never acts: their turn
    timer runs out (the clock is moved), and after three an AI plays for them (C-11)."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while not await done():
        assert loop.time() < give_up, "the tournament did not get there in time"
        timer = tables_waiting_for_people(h)
        if timer:
            h.clock.advance(timer + 1)
        await asyncio.sleep(0.05)


async def play_into_round_two(h: Harness) -> list[str]:
    """Play until every table of round 2 is dealt; the games of round 2 still under way."""

    async def second_round_under_way() -> bool:
        now = live(h)
        return now is not None and now.doc.tournament is not None and len(
            now.doc.tournament.rounds) == 2 and all(
            t.dealt for t in now.doc.tables if t.round == 2)

    await play_until(h, second_round_under_way)
    during = live(h)
    assert during is not None
    playing = [t.game_id for t in during.doc.tables if t.round == 2 and not t.done]
    assert playing
    return playing
