"""The kill-and-restart trial of issue 14 (drivers/killing.py) at its worst moment: the bot
SIGKILLed just after the save that wins the match. A module of its own so that the test runner's
workers, which take whole modules, run it beside the other kill trials rather than after them."""

from __future__ import annotations

import pytest

from drivers.killing import run_trial


@pytest.mark.xfail(strict=False, raises=AssertionError,
                   reason="left open (found by these trials, not in issue 14's list): a bot "
                          "killed after the save that wins the match and before the table's "
                          "edit leaves the table showing the match still running; the won game "
                          "is no longer saved, so no restart shows its end. A click on it now "
                          "takes its buttons away and says the game is over")
async def test_a_bot_killed_as_the_match_is_won_still_shows_its_end() -> None:
    """Every click that plays a hand's last card is followed by a SIGKILL 20 ms later: the
    save is done by then, the merged table edit (50 ms here) is not."""
    result = await run_trial(1, players=2, preset="classic", kills=0, kill_on_last_card=0.02)
    assert result.ok, "\n".join(["seed 1:", *result.problems])
