"""The kill-and-restart test of issue 14: the bot as a real process, SIGKILLed at seeded points
of a match (turn timers off) and started again on the same SQLite file, while the players go on
from what they see (drivers/killing.py). A few kills here;
`python benchmarks/kill_restart.py --trials 1000` runs many trials.

Checked all along: the saved game conserves its cards, the table shows the saved game after
every restart, the match ends and is recorded once with its rounds 1..n each once, Discord would
refuse nothing, every click that reached a living bot was answered, the bot logged no error."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.fake_discord.world import Channel, snowflake
from drivers.killing import run_trial
from tests.fake_discord import fake_discord_session

from .harness import Harness, start_game

# The trial's seed picks the kill points, the players' choices and (through bot_process.py's
# --game-seed) the deals; these two are short matches (about 10 s each on 2 cores).


@pytest.mark.parametrize(("seed", "players", "preset"),
                         [(2, 2, "classic"), (3, 3, "cnuno")], ids=["2-classic", "3-cnuno"])
async def test_killed_bot_comes_back_and_the_match_stays_consistent(
        seed: int, players: int, preset: str) -> None:
    # The kills fall among the first 10 actions: a match to 50 can end in one short round
    # (16 actions seen), after which nothing is left to kill.
    result = await run_trial(seed, players=players, preset=preset, kills=3, kill_window=10)
    assert result.ok, "\n".join([f"seed {seed}:", *result.problems])
    assert result.kills == 3 and result.rounds >= 1


# Issue 14 item 1: restoring a table in a deleted channel used to stop the bot at start.
async def test_a_game_whose_channel_was_deleted_while_the_bot_was_down(tmp_path: Path) -> None:
    """The bot stops mid-game, the channel is deleted, the bot starts again: it must get ready
    and serve the server's other channels."""
    async with fake_discord_session(check=False) as session:
        h = Harness(session, tmp_path / "uno.db")
        ann, bob = h.user("Ann"), h.user("Bob")
        await h.start()
        await start_game(h, [ann, bob], turn_timer=0)
        await h.settle()
        await h.stop()
        fake = h.fake
        fake.channel = Channel(snowflake(), fake.guild_id, "uno-2")  # the old one is gone
        try:
            await h.start()
            await ann.slash("uno create")
            assert Harness.lobby(ann), "no lobby in the server's other channel"
            assert session.bot_errors() == []
            # Only the old channel is unknown: every other request is one Discord (and its
            # API spec) takes.
            assert {v.code for v in session.take_violations()} <= {10003}
        finally:
            session.take_bot_errors()
            session.take_violations()
