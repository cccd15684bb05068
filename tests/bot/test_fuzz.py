"""The stateful fuzz test of issue 14: random users clicking whatever they see (current or
stale), random slash commands, double clicks, restarts, gateway drops and 429s, with the
invariants checked after every step (drivers/fuzzing.py). A small, fixed budget here;
`python benchmarks/fuzz.py --steps 5000 --seed N` runs the same driver for thousands of steps.

A failure names its seed and step; `python benchmarks/fuzz.py --seed S --steps K --episode K`
replays it (the decks follow the seed; the timing of concurrent clicks may differ)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.outlets.table_pens import PenSource
from drivers.fuzzing import (
    HOSTILE_NAMES,
    RACE_WEIGHTS,
    Fuzzer,
    fuzz_harness,
)
from tests.fake_discord import fake_discord_session

from .harness import Harness, start_game

STEPS = 120


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_random_users_never_break_the_invariants(tmp_path: Path, seed: int) -> None:
    async with fuzz_harness(tmp_path / "uno.db", seed) as (h, users, _):
        fuzzer = Fuzzer(h, users, seed)
        figures = await fuzzer.run(STEPS)
    assert figures.steps == STEPS and figures.clicks > STEPS // 2


async def test_a_game_is_played_to_its_end_among_the_noise(tmp_path: Path) -> None:
    """Mostly progress, some noise: matches get finished and recorded, round by round."""
    weights = {"progress": 80, "click": 10, "double": 5, "restart": 2, "reconnect": 2,
               "rate_limit": 3}
    async with fuzz_harness(tmp_path / "uno.db", 7, players=3) as (h, users, _):
        fuzzer = Fuzzer(h, users, 7, weights=weights)
        # 300 steps: since a round's end keeps its own message and hands name each decision
        # (issue 37), this seed's first match needs more than the 180 it used to.
        figures = await fuzzer.run(300)
    assert figures.rounds_recorded >= 1 and figures.matches_recorded >= 1, figures


# The seeds below found the fault named in their reason (benchmarks/fuzz.py --mode race /
# heavy429 run the same mixes); whether a run hits it again depends on the timing of concurrent
# clicks, hence strict=False. Any other broken invariant fails them the same way: read the
# reason printed by --runxfail before calling it the known fault.


# Seeds 7 and 10 found Join and Leave racing Start (issue 14 item 2: NotFound 'no lobby in
# channel' logged); fixed by one lobby change at a time per channel.
@pytest.mark.parametrize("seed", [7, 10])
async def test_users_pressing_at_the_same_moment(tmp_path: Path, seed: int) -> None:
    """Users press Join, Leave and Start of a lobby (and other controls) at the same moment."""
    async with fuzz_harness(tmp_path / "uno.db", seed) as (h, users, _):
        await Fuzzer(h, users, seed, weights=RACE_WEIGHTS).run(40)


# Seed 1 found a right-to-left override in a name reaching the lobby message (issue 14 item 7);
# names are cleaned and escaped now.
async def test_hostile_names_are_never_shown_raw(tmp_path: Path) -> None:
    """Users named with markdown, a right-to-left override and a zero-width space."""
    async with fuzz_harness(tmp_path / "uno.db", 1, names=HOSTILE_NAMES) as (h, users, _):
        await Fuzzer(h, users, 1, check_names=True).run(60)


# Found by the fuzz as a restart during a delayed edit: the clean stop closed discord.py's HTTP
# session under /uno end's table edit; a stop now lets the table edits under way land first.
async def test_a_restart_while_the_ended_table_is_on_its_way(tmp_path: Path) -> None:
    """A clean stop right after /uno end, while the table's edit waits out a 429: after the
    restart the table must show the ended game, and nothing may be logged as failed."""
    async with fake_discord_session(check=False) as session:
        h = Harness(session, tmp_path / "uno.db")
        ann, bob = h.user("Ann"), h.user("Bob")
        await h.start()
        assert h.bot is not None
        h.bot.tables.pens = PenSource.NONE  # the table's edits wait out the bot token's 429
        game = await start_game(h, [ann, bob], turn_timer=0)
        await h.settle()
        h.fake.inject_429("PATCH", "/channels/{channel_id}/messages/{message_id}",
                          retry_after=0.3)
        await ann.slash("uno end")
        await h.restart()
        await h.pause(1.0)
        await h.settle()
        table = ann.message(game.message_id)
        try:
            assert table.buttons() == [], f"the ended game's table still shows {table.labels()}"
            assert session.problems() == []
        finally:
            session.take_bot_errors()


# Found by the fuzz (--mode restart-now): a restart while the lobby's edit after Start waited
# out a 429 left the started lobby with its buttons; a clean stop waits for clicks under way.
async def test_a_restart_while_the_started_lobby_is_on_its_way(tmp_path: Path) -> None:
    async with fake_discord_session(check=False) as session:
        h = Harness(session, tmp_path / "uno.db")
        ann, bob = h.user("Ann"), h.user("Bob")
        await h.start()
        await ann.slash("uno create", turn_timer=0)
        lobby = h.lobby(ann)
        await bob.click(lobby, "Join")
        await h.settle()
        h.fake.inject_429("PATCH", "/channels/{channel_id}/messages/{message_id}",
                          retry_after=0.3)
        await ann.click(lobby, "Start")
        await h.restart()
        await h.pause(1.0)
        await h.settle()
        try:
            shown = ann.message(lobby.id)
            assert shown.buttons() == [], f"the started lobby still shows {shown.labels()}"
            assert session.problems() == []
        finally:
            session.take_bot_errors()
