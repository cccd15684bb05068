"""Computer players (issue #19): policies that read one seat's view and nothing else.

Pure like the engine: standard library, `bot.engine`'s public API and the simulation core
`bot.sim` only (no Discord, no asyncio, no database). A policy receives an `Observation` (a
copy of the seat's `player_view` and the events it saw) and returns an action for `Game.apply`.
"""

import random

from bot.engine import Action

from .arena import RoundResult, play_round
from .expert import ExpertPolicy
from .hard import HardPolicy
from .normal import NormalPolicy
from .observation import Observation, observe
from .policy import Policy
from .simple import EasyPolicy, RandomPolicy, RuleV1Policy

LEVELS = ("easy", "normal", "hard", "expert")
# Levels whose decisions search for long enough (tens of milliseconds of pure Python) that the
# bot runs them in a process of their own: in a thread they would hold the GIL against the event
# loop (benchmarks/ai_loop.py measured the loop's lateness with 4 expert tables thinking).
SEARCHING_LEVELS = frozenset({"expert"})


def policy_for(level: str) -> Policy:
    """The policy of a level the lobby offers (`LEVELS`)."""
    if level == "easy":
        return EasyPolicy()
    if level == "normal":
        return NormalPolicy()
    if level == "hard":
        return HardPolicy()
    if level == "expert":
        return ExpertPolicy()
    raise ValueError(f"unknown AI level {level!r}")


def decide(level: str, obs: Observation, seed: str) -> Action | None:
    """One decision of a level, from plain values only (a worker thread or process runs it)."""
    return policy_for(level).decide(obs, random.Random(seed))


__all__ = ["LEVELS", "SEARCHING_LEVELS", "EasyPolicy", "ExpertPolicy", "HardPolicy",
           "NormalPolicy", "Observation", "Policy", "RandomPolicy", "RoundResult", "RuleV1Policy",
           "decide", "observe", "play_round", "policy_for"]
