"""A copy of a game with parts of its table arranged otherwise: how an AI player builds a table
it imagines (the same rules and players, the hidden cards where it supposes them), through the
engine rather than through its save format.
"""

from __future__ import annotations

import copy
import random
from dataclasses import fields
from typing import Any

from ._game import Game
from ._random import SeededRandom

_FIXED = frozenset({"rules", "players"})  # what makes it the same game: never arranged


def arranged(game: Game, **values: Any) -> Game:
    """A new game like `game`, with the declared fields named in `values` set to them.

    Names are those of the table's declared, saved fields (`_state.TableState`: `hands`,
    `draw_pile`, `pending`, `rng`, ...), values are live ones (cards, colours, `Pending`,
    `Silence`, `Slap` records, sets of seats); every other field is copied from `game`. The
    variant then puts its table in order (`Game._arranged`: Flip turns every card to the
    table's side and pairs the match's deck from the cards on the table). `game` is unchanged.
    A name that is not such a field, or is `rules` or `players`, raises ValueError.
    """
    cls = type(game)
    saved = [f for f in fields(cls) if f.metadata["codec"] is not None]
    unknown = set(values) - {f.name for f in saved} | (set(values) & _FIXED)
    if unknown:
        raise ValueError(f"not a part of the table to arrange: {', '.join(sorted(unknown))}")

    def value(name: str) -> Any:
        return values[name] if name in values else _copied(getattr(game, name))

    new = cls(**{f.name: value(f.name) for f in saved if f.init})
    new._new_round()  # every round field, then the given or copied ones over them
    for f in saved:
        if not f.init:
            setattr(new, f.name, value(f.name))
    new._arranged(frozenset(values))
    return new


def _copied(value: Any) -> Any:
    """A copy sharing nothing mutable with the original (cards and records are immutable)."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, set):
        return set(value)
    if isinstance(value, SeededRandom):
        return SeededRandom.from_saved(value.saved())  # its seed and log, as a save keeps them
    if isinstance(value, random.Random):
        return copy.deepcopy(value)  # a generator saved before seeds were
    return value
