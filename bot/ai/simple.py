"""The weak players: uniformly random, easy, and a baseline that plays like RLCard's rule agent.

- `RandomPolicy`: any legal action, uniformly (drawing when it could play, too).
- `EasyPolicy` (the "easy" level): a random card when it can play one, else it draws; it
  forgets the UNO call now and then (and may call late), catches only sometimes.
- `RuleV1Policy`: RLCard's `uno-rule-v1` on this engine: a Wild Draw Four whenever it holds
  one, naming its most frequent colour; otherwise a random legal non-wild card; a wild only
  when nothing else; always calls UNO, never challenges or catches, accepts every penalty.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine import Action, ActionType, PendingKind, Rank

from .observation import Observation
from .policy import choosable, first, first_of, most_held_color, side_colors, turn_answer

FORGETS_UNO = 0.3  # easy: how often it plays its next-to-last card without the call
CALLS_LATE = 0.5  # easy: how often a forgotten call is made before someone catches it
CATCHES = 0.5  # easy: how often it notices a missing call
JUMPS_IN = 0.3  # easy: how often it jumps in when it could


class RandomPolicy:
    name = "random"

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        actions = choosable(obs)
        if not actions:
            return None
        if not obs.my_turn or (obs.pending is not None
                               and obs.pending.kind is PendingKind.SLAP):
            return rng.choice([*actions, None])  # out of turn: doing nothing is a choice
        return rng.choice(actions)


class EasyPolicy:
    name = "easy"

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        actions = choosable(obs)
        if not actions:
            return None
        slap = first(actions, ActionType.SLAP)
        if slap is not None:
            return slap
        uno = first(actions, ActionType.UNO)
        if uno is not None and rng.random() < CALLS_LATE:  # a late call, or none at all
            return uno
        catch = first(actions, ActionType.CATCH)
        if catch is not None and rng.random() < CATCHES:
            return catch
        if not obs.my_turn:
            jumps = [a for a in actions if a.type is ActionType.PLAY]
            return rng.choice(jumps) if jumps and rng.random() < JUMPS_IN else None
        plays = [a for a in actions if a.type in (ActionType.PLAY, ActionType.SWAP,
                                                  ActionType.COLOR)]
        if plays:
            play = rng.choice(plays)
            if play.uno and rng.random() < FORGETS_UNO:
                play = replace(play, uno=False)
            return play
        others = [a for a in actions if a.type not in (ActionType.UNO, ActionType.CATCH)]
        return rng.choice(others) if others else None


class RuleV1Policy:
    name = "rule-v1"

    def decide(self, obs: Observation, rng: random.Random) -> Action | None:
        actions = choosable(obs)
        if not actions:
            return None
        reflex = first_of(actions, (ActionType.SLAP, ActionType.UNO))  # never a catch
        if reflex is not None:
            return reflex
        if not obs.my_turn:
            return None
        pending = obs.pending
        if pending is not None:
            if pending.kind is PendingKind.COLOR:
                return turn_answer(obs, actions)
            if pending.kind is PendingKind.SWAP:
                return first(actions, ActionType.PASS) or actions[0]
            return first(actions, ActionType.ACCEPT) or turn_answer(obs, actions)
        plays = [a for a in actions if a.type is ActionType.PLAY]
        if not plays:
            return first(actions, ActionType.PASS) or first(actions, ActionType.DRAW)
        best = most_held_color(obs.hand, side_colors(obs))
        four = [a for a in plays if a.card is not None and a.card.rank in (
            Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR)]
        if four:
            return next((a for a in four if a.color in (best, None)), four[0])
        plain = [a for a in plays if a.card is not None and a.card.color is not None]
        if plain:
            return rng.choice(plain)
        return next((a for a in plays if a.color in (best, None)), plays[0])
