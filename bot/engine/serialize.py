"""A game to JSON-ready data and back, exactly: `load(dump(g))` continues identically.

The random generator's full state is included, so the next shuffle after a reload is the same one
the original game would have made.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from .cards import Card, Color, FlipCard
from .game import Game
from .rules import RuleSet
from .state import Pending, Silence, Slap

FORMAT_VERSION = 3

# Plain values (ints, bools, lists of them) saved as they are.
_PLAIN = ("scores", "round", "dealer", "active", "in_round", "match_winner", "direction", "turn",
          "uno_owed", "round_over", "round_winner", "round_loser", "finished", "start_top",
          "stages", "first_player", "last_round_points", "version", "side")


def _value(value: Any) -> Any:
    """A dataclass field value as JSON data (cards and colours by their letters)."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Color):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _record(obj: Any) -> dict[str, Any] | None:
    if obj is None:
        return None
    return {f.name: _value(getattr(obj, f.name)) for f in fields(obj)}


def dump(game: Game) -> dict[str, Any]:
    version, internal, gauss = game.rng.getstate()
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "rules": game.rules.to_dict(),
        "players": list(game.players),
        "rng": [version, list(internal), gauss],
        "hands": [[c.code for c in h] for h in game.hands],
        "draw_pile": [c.code for c in game.draw_pile],
        "discard": [c.code for c in game.discard],
        "color": game.color.value if game.color is not None else None,
        "drawn": game.drawn.code if game.drawn is not None else None,
        "uno_called": sorted(game.uno_called),
        "skip_next": sorted(game.skip_next),
        "pending": _record(game.pending),
        "silence": _record(game.silence),
        "slap": _record(game.slap),
        "flip_deck": [c.code for c in game.flip_deck],
    }
    for name in _PLAIN:
        value = getattr(game, name)
        data[name] = list(value) if isinstance(value, list) else value
    return data


def _card(code: str, dark_up: bool) -> Card:
    """A card by its code; a Flip card (`light/dark`) with the table's side up."""
    card = Card.parse(code)
    return card.turned if dark_up and isinstance(card, FlipCard) else card


def _cards(codes: list[str], dark_up: bool = False) -> list[Card]:
    return [_card(c, dark_up) for c in codes]


def _color(letter: str | None) -> Color | None:
    return Color(letter) if letter is not None else None


def load(data: dict[str, Any]) -> Game:
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unsupported saved game format: {data.get('format')!r}")
    game = Game.__new__(Game)
    rules = data["rules"]
    game.rules = RuleSet.build(rules["preset"], rules["options"])
    game.players = tuple(data["players"])
    game._index()
    version, internal, gauss = data["rng"]
    game.rng = random.Random()
    game.rng.setstate((version, tuple(internal), gauss))
    for name in _PLAIN:
        value = data[name]
        setattr(game, name, list(value) if isinstance(value, list) else value)
    dark = game.side == "dark"
    game.flip_deck = _cards(data["flip_deck"])
    game.hands = [_cards(h, dark) for h in data["hands"]]
    game.draw_pile = _cards(data["draw_pile"], dark)
    game.discard = _cards(data["discard"], dark)
    game.color = _color(data["color"])
    game.drawn = _card(data["drawn"], dark) if data["drawn"] is not None else None
    game.uno_called = set(data["uno_called"])
    game.skip_next = set(data["skip_next"])
    p = data["pending"]
    game.pending = None if p is None else Pending(
        kind=p["kind"], by=p["by"], victim=p["victim"], amount=p["amount"], guilty=p["guilty"],
        color_before=_color(p["color_before"]), final=p["final"], bounced=p["bounced"],
        until_color=p["until_color"], target=p["target"],
        card=_card(p["card"], dark) if p["card"] is not None else None,
    )
    s = data["silence"]
    game.silence = None if s is None else Silence(s["kind"], s["by"], _color(s["color"]))
    slap = data["slap"]
    game.slap = None if slap is None else Slap(slap["by"], tuple(slap["waiting"]), slap["others"])
    return game
