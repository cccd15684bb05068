"""The kill-and-restart test of issue 14: the bot as a real process, SIGKILLed at seeded points
of a match (turn timers off) and started again on the same SQLite file, while the players go on
from what they see (tests/bot/killing.py). A few kills here;
`python benchmarks/kill_restart.py --trials 1000` runs many trials.

Checked all along: the saved game conserves its cards, the table shows the saved game after
every restart, the match ends and is recorded once with its rounds 1..n each once, Discord would
refuse nothing, every click that reached a living bot was answered, the bot logged no error."""

from __future__ import annotations

import pytest

from .killing import run_trial

# The trial's seed picks the kill points, the players' choices and (through bot_process.py's
# --game-seed) the deals; these two are short matches (about 10 s each on 2 cores).


@pytest.mark.parametrize(("seed", "players", "preset"),
                         [(2, 2, "classic"), (3, 3, "cnuno")], ids=["2-classic", "3-cnuno"])
async def test_killed_bot_comes_back_and_the_match_stays_consistent(
        seed: int, players: int, preset: str) -> None:
    result = await run_trial(seed, players=players, preset=preset, kills=3, kill_window=30)
    assert result.ok, "\n".join([f"seed {seed}:", *result.problems])
    assert result.kills == 3 and result.rounds >= 1
