"""A game to JSON-ready data and back, exactly: `load(dump(g))` continues identically.

The random generator's full state is included, so the next shuffle after a reload is the same one
the original game would have made.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card, Color
from .game import Game, Pending
from .rules import RuleSet

FORMAT_VERSION = 1


def _codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def dump(game: Game) -> dict[str, Any]:
    version, internal, gauss = game.rng.getstate()
    pending = game.pending
    return {
        "format": FORMAT_VERSION,
        "rules": game.rules.to_dict(),
        "players": list(game.players),
        "rng": [version, list(internal), gauss],
        "scores": list(game.scores),
        "round": game.round,
        "dealer": game.dealer,
        "active": list(game.active),
        "match_winner": game.match_winner,
        "hands": [_codes(h) for h in game.hands],
        "draw_pile": _codes(game.draw_pile),
        "discard": _codes(game.discard),
        "color": game.color.value if game.color is not None else None,
        "direction": game.direction,
        "turn": game.turn,
        "pending": None if pending is None else {
            "kind": pending.kind,
            "by": pending.by,
            "victim": pending.victim,
            "amount": pending.amount,
            "guilty": pending.guilty,
            "color_before": pending.color_before.value if pending.color_before else None,
        },
        "drawn": game.drawn.code if game.drawn is not None else None,
        "uno_owed": game.uno_owed,
        "uno_called": sorted(game.uno_called),
        "round_winner": game.round_winner,
        "finished": list(game.finished),
        "version": game.version,
    }


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
    game.scores = list(data["scores"])
    game.round = data["round"]
    game.dealer = data["dealer"]
    game.active = list(data["active"])
    game.match_winner = data["match_winner"]
    game.hands = [_cards(h) for h in data["hands"]]
    game.draw_pile = _cards(data["draw_pile"])
    game.discard = _cards(data["discard"])
    game.color = Color(data["color"]) if data["color"] is not None else None
    game.direction = data["direction"]
    game.turn = data["turn"]
    p = data["pending"]
    game.pending = None if p is None else Pending(
        kind=p["kind"], by=p["by"], victim=p["victim"], amount=p["amount"], guilty=p["guilty"],
        color_before=Color(p["color_before"]) if p["color_before"] else None,
    )
    game.drawn = Card.parse(data["drawn"]) if data["drawn"] is not None else None
    game.uno_owed = data["uno_owed"]
    game.uno_called = set(data["uno_called"])
    game.round_winner = data["round_winner"]
    game.finished = list(data["finished"])
    game.version = data["version"]
    return game
