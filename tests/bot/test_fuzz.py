"""The stateful fuzz test of issue 14: random users clicking whatever they see (current or
stale), random slash commands, double clicks, restarts, gateway drops and 429s, with the
invariants checked after every step (tests/bot/fuzzing.py). A small, fixed budget here;
`python benchmarks/fuzz.py --steps 5000 --seed N` runs the same driver for thousands of steps.

A failure names its seed and step; `python benchmarks/fuzz.py --seed S --steps K --episode K`
replays it (the decks follow the seed; the timing of concurrent clicks may differ)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_discord import fake_discord_session

from .fuzzing import (
    HEAVY_429_WEIGHTS,
    HOSTILE_NAMES,
    RACE_WEIGHTS,
    Failure,
    Fuzzer,
    fuzz_harness,
)
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
        figures = await fuzzer.run(180)
    assert figures.rounds_recorded >= 1 and figures.matches_recorded >= 1, figures


# The seeds below found the fault named in their reason (benchmarks/fuzz.py --mode race /
# heavy429 run the same mixes); whether a run hits it again depends on the timing of concurrent
# clicks, hence strict=False. Any other broken invariant fails them the same way: read the
# reason printed by --runxfail before calling it the known fault.


@pytest.mark.xfail(strict=False, raises=Failure,
                   reason="issue 14 item 2: Join/Leave racing Start (seeds 7, 10: Join pressed "
                          "as Start deals: NotFound 'no lobby in channel' logged)")
@pytest.mark.parametrize("seed", [7, 10])
async def test_users_pressing_at_the_same_moment(tmp_path: Path, seed: int) -> None:
    """Users press Join, Leave and Start of a lobby (and other controls) at the same moment."""
    async with fuzz_harness(tmp_path / "uno.db", seed) as (h, users, _):
        await Fuzzer(h, users, seed, weights=RACE_WEIGHTS).run(40)


@pytest.mark.xfail(strict=False, raises=Failure,
                   reason="issue 14 item 3: an edit that fails after discord.py's 5 tries (429) "
                          "is logged and the message left stale (seed 2: the lobby's edit after "
                          "Start)")
async def test_429s_beyond_discord_py_retries(tmp_path: Path) -> None:
    """429s pile up on a route beyond discord.py's 5 tries."""
    async with fuzz_harness(tmp_path / "uno.db", 2) as (h, users, _):
        await Fuzzer(h, users, 2, weights=HEAVY_429_WEIGHTS, stack_429s=True).run(40)


@pytest.mark.xfail(strict=False, raises=Failure,
                   reason="issue 14 item 5: a first answer held by 429s past Discord's 3 s "
                          "(seed 1, step 21: 10062, the user sees 'The application did not "
                          "respond')")
async def test_429s_on_first_answers(tmp_path: Path) -> None:
    async with fuzz_harness(tmp_path / "uno.db", 1) as (h, users, _):
        await Fuzzer(h, users, 1, weights=HEAVY_429_WEIGHTS, stack_429s=True).run(25)


@pytest.mark.xfail(strict=False, raises=Failure,
                   reason="issue 14 item 7: user names shown raw (seed 1: a right-to-left "
                          "override U+202E of a name reaches the lobby message)")
async def test_hostile_names_are_never_shown_raw(tmp_path: Path) -> None:
    """Users named with markdown, a right-to-left override and a zero-width space."""
    async with fuzz_harness(tmp_path / "uno.db", 1, names=HOSTILE_NAMES) as (h, users, _):
        await Fuzzer(h, users, 1, check_names=True).run(60)


@pytest.mark.xfail(strict=False, raises=AssertionError,
                   reason="issue 14 item 3 (a failed table edit leaves the table stale), found "
                          "by the fuzz as a restart during a delayed edit: UnoBot.close() "
                          "closes discord.py's HTTP session while /uno end's table edit (held "
                          "by a 429) is on its way; the ended game's table keeps its buttons")
async def test_a_restart_while_the_ended_table_is_on_its_way(tmp_path: Path) -> None:
    """A clean stop right after /uno end, while the table's edit waits out a 429: after the
    restart the table must show the ended game, and nothing may be logged as failed."""
    async with fake_discord_session(check=False) as session:
        h = Harness(session, tmp_path / "uno.db")
        ann, bob = h.user("Ann"), h.user("Bob")
        await h.start()
        game = await start_game(h, [ann, bob], turn_timer=0)
        await h.settle()
        h.fake.inject_429("PATCH", "/channels/{channel_id}/messages/{message_id}",
                          retry_after=0.3)
        await ann.slash("uno end")
        await h.restart()
        await h.settle(1.0)
        table = ann.message(game.message_id)
        try:
            assert table.buttons() == [], f"the ended game's table still shows {table.labels()}"
            assert session.problems() == []
        finally:
            session.take_bot_errors()


@pytest.mark.xfail(strict=False, raises=AssertionError,
                   reason="issue 14 item 3 (a failed edit leaves the message stale), found by "
                          "the fuzz (--mode restart-now) as a restart during a delayed edit: "
                          "the lobby's edit after Start fails with 'Session is closed' and the "
                          "started lobby keeps Join / Leave / Start after the restart")
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
        await h.settle(1.0)
        try:
            shown = ann.message(lobby.id)
            assert shown.buttons() == [], f"the started lobby still shows {shown.labels()}"
            assert session.problems() == []
        finally:
            session.take_bot_errors()
