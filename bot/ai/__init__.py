"""Computer players (issue #19): policies that read one seat's view and nothing else.

Pure like the engine: standard library and `bot.engine`'s public API only (no Discord, no
asyncio, no database). A policy receives an `Observation` (a copy of the seat's `player_view`
and the events it saw) and returns an action for `Game.apply`.
"""

from .arena import RoundResult, play_round
from .hard import HardPolicy
from .normal import NormalPolicy
from .observation import Observation, observe
from .policy import Policy
from .simple import EasyPolicy, RandomPolicy, RuleV1Policy

LEVELS = ("easy", "normal", "hard")


def policy_for(level: str) -> Policy:
    """The policy of a level the lobby offers (`LEVELS`)."""
    if level == "easy":
        return EasyPolicy()
    if level == "normal":
        return NormalPolicy()
    if level == "hard":
        return HardPolicy()
    raise ValueError(f"unknown AI level {level!r}")


__all__ = ["LEVELS", "EasyPolicy", "HardPolicy", "NormalPolicy", "Observation", "Policy",
           "RandomPolicy", "RoundResult", "RuleV1Policy", "observe", "play_round", "policy_for"]
