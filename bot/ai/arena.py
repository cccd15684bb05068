"""AI players at a table of their own: the referee loop the tests and `benchmarks/ai.py` use.

The referee holds the `Game`; each seat gets only an `Observation` built from its own view and
the events it was shown. Out-of-turn moves (slaps, catches, late UNO calls, jump-ins) are
offered before the seat the table waits for acts, seat by seat from the one after it: a fixed,
seeded order standing in for who is quickest at a real table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.engine import Action, ActionType, Event, Game, RuleSet, player_view, timeout_action

from .observation import observe
from .policy import Policy

MAX_STEPS = 5_000  # a round of AI players ends long before this (a guard, not a rule)


@dataclass
class RoundResult:
    game: Game
    winner: str | None
    steps: int
    # Seconds per decision the table waited for, of the seats asked to be timed.
    timings: dict[str, list[float]] = field(default_factory=dict)
    # The same decisions' CPU time (this process's): what a loaded machine does not inflate.
    cpu_timings: dict[str, list[float]] = field(default_factory=dict)


Check = Callable[[Game, Action], None]


def play_round(policies: Mapping[str, Policy], rules: RuleSet | None = None, *, seed: int = 0,
               check: Check | None = None, timed: frozenset[str] = frozenset()) -> RoundResult:
    """Play round 1 of a match between `policies` (player name -> policy) to its end.

    Every action goes through `Game.apply`, which refuses anything illegal. `check` is called
    before each action (tests assert there), `timed` names the seats whose decisions are timed.
    """
    names = tuple(policies)
    game, events = Game.start(names, rules, seed=seed)
    rngs = {name: random.Random(f"{seed}:{name}") for name in names}
    seen: dict[str, list[Event]] = {name: [] for name in names}
    timings: dict[str, list[float]] = {name: [] for name in timed}
    cpu_timings: dict[str, list[float]] = {name: [] for name in timed}

    def record(new: list[Event]) -> None:
        for name in names:
            seen[name].extend(e.visible_to(name) for e in new)

    def ask(name: str) -> Action | None:
        obs = observe(player_view(game, name), seen[name])
        started, cpu = time.perf_counter(), time.process_time()
        action = policies[name].decide(obs, rngs[name])
        if name in timed and obs.my_turn:  # the think time of a move, not of a glance
            timings[name].append(time.perf_counter() - started)
            cpu_timings[name].append(time.process_time() - cpu)
        return action

    record(events)
    steps = 0
    while not game.round_over:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"the round did not end in {MAX_STEPS} actions")
        action = _next_action(game, names, ask)
        if check is not None:
            check(game, action)
        record(game.apply(action))
    winner = game.round_winner
    return RoundResult(game, game.players[winner] if winner is not None else None, steps,
                       timings, cpu_timings)


def _next_action(game: Game, names: tuple[str, ...], ask: Callable[[str], Action | None]
                 ) -> Action:
    waiting = game.waiting_for
    n = len(names)
    start = (waiting if waiting is not None else 0) + 1
    for i in range(n - 1 if waiting is not None else n):
        seat = (start + i) % n
        name = names[seat]
        legal = [a for a in game.legal_actions(name) if a.type is not ActionType.SLAP_TIMEOUT]
        if legal:
            action = ask(name)
            if action is not None:
                return action
    if game.slap is not None:
        slapper = game.slap.waiting
        if waiting is not None and waiting in slapper:
            action = ask(names[waiting])
            if action is not None:
                return action
        fallback = timeout_action(game)  # H-8: the window's timer closes it
        assert fallback is not None
        return fallback
    assert waiting is not None
    action = ask(names[waiting])
    if action is None:
        action = timeout_action(game)
        assert action is not None
    return action
