"""The "expert" level (issue #33): the hard level's habits, and a search on its own turns.

On each decision of its own with more than one sensible answer it imagines tables consistent
with what its seat knows (`worlds`), plays every answer on each of them and the round to its
end on the simulation core (`search`), and takes the answer that won most. A forced move (one
answer) is instant. Out of its turn (slaps, UNO calls, catches, jump-ins) and under rules the
core does not play (options outside `bot.sim.bridge.core_for`), it plays as the hard level does.

Candidates: every play on offer (each wild with each colour), the colours to name, challenge
and accept, and Pass after a draw; the Draw itself only when nothing plays (drawing while
holding a playable card is almost never right, and the budget is better spent elsewhere).
"""

from __future__ import annotations

import random

from bot.engine import Action, ActionType
from bot.sim import DRAW

from .determinize import Inconsistent
from .hard import HardPolicy
from .memory import remember
from .observation import Observation
from .policy import choosable
from .search import BUDGET, search
from .worlds import Worlds, action_ids, core_plays


class ExpertPolicy(HardPolicy):
    name = "expert"

    def __init__(self, budget: int = BUDGET) -> None:
        super().__init__()
        self.budget = budget  # simulated rounds per decision
        self.heuristic = HardPolicy(worlds=0)  # the default the search overrules on evidence

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        if not obs.my_turn or not core_plays(obs):
            return super().decide(obs, rng)
        action_id = action_ids(obs)  # the rule set's numbering (its cards, its seats)
        actions = choosable(obs)
        reflex = next((a for a in actions if a.type in (ActionType.UNO, ActionType.CATCH)), None)
        if reflex is not None:
            return reflex
        by_id: dict[int, Action] = {}
        for action in actions:
            try:
                by_id.setdefault(action_id(action), action)
            except ValueError:
                return super().decide(obs, rng)
        candidates = [a for a in by_id if a != DRAW] or list(by_id)
        if len(candidates) == 1:
            return by_id[candidates[0]]
        default = self.heuristic.decide(obs, rng)
        try:
            worlds = Worlds(obs, remember(obs))
            chosen = search(candidates, lambda: worlds.deal(rng), obs.seat, rng, self.budget,
                            None if default is None else action_id(default))
        except Inconsistent:
            return super().decide(obs, rng)
        return by_id[chosen]
