"""A game to JSON-ready data and back, exactly: `load(dump(g))` continues identically.

The saved fields are the state's declared fields (`_state.TableState`), each written by the codec
its declaration names; derived lookups are rebuilt on load. The random generator's full state is
saved as its seed and the log of its calls (`_random.SeededRandom`), so the next shuffle after a
reload is the same one the original game would have made; games saved with the generator's full
state (before it was saved as a seed) still load, and keep saving it that way.

Format 3 is the format since saved games first held Flip tables; it is still the one written.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from ._game import Game, variant_of
from ._random import SeededRandom
from ._state import (
    CARD,
    CARDS,
    COLOR,
    DECK,
    HANDS,
    PLAIN,
    PLAYERS,
    RECORD,
    RNG,
    RULES,
    SEATS_SET,
    SIDE,
    Codec,
    Pending,
    PendingKind,
    Silence,
    Slap,
)
from .cards import Card, Color, Side
from .rules import RuleSet, SilenceMode

FORMAT_VERSION = 3


def _color(letter: str | None) -> Color | None:
    return Color(letter) if letter is not None else None


class _Loader:
    """Reads saved values back; Flip cards come back with the saved table's side up."""

    def __init__(self, dark: bool) -> None:
        self.dark = dark

    def card(self, code: str | None) -> Card | None:
        if code is None:
            return None
        card = Card.parse(code)
        return card.turned if self.dark else card

    def cards(self, codes: list[str]) -> list[Card]:
        card = self.card
        return [card(c) for c in codes]  # type: ignore[misc]

    def record(self, name: str, data: dict[str, Any] | None) -> Any:
        if data is None:
            return None
        if name == "pending":
            return Pending(
                kind=PendingKind(data["kind"]), by=data["by"], victim=data["victim"],
                amount=data["amount"], guilty=data["guilty"],
                color_before=_color(data["color_before"]), final=data["final"],
                bounced=data["bounced"], until_color=data["until_color"], target=data["target"],
                card=self.card(data["card"]))
        if name == "silence":
            return Silence(SilenceMode(data["kind"]), data["by"], _color(data["color"]))
        return Slap(data["by"], tuple(data["waiting"]), data["others"])


def _record(obj: Any) -> dict[str, Any] | None:
    if obj is None:
        return None
    out: dict[str, Any] = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        if isinstance(value, Card):
            value = value.code
        elif isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Color | Side | PendingKind | SilenceMode):
            value = value.value
        out[f.name] = value
    return out


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


_DUMP: dict[Codec, Callable[[Any], Any]] = {
    PLAIN: _plain,
    CARDS: lambda cards: [c.code for c in cards],
    DECK: lambda cards: [c.code for c in cards],
    CARD: lambda card: card.code if card is not None else None,
    HANDS: lambda hands: [[c.code for c in h] for h in hands],
    COLOR: lambda color: color.value if color is not None else None,
    SEATS_SET: sorted,
    RECORD: _record,
    SIDE: lambda side: side.value,
    RULES: lambda rules: rules.to_dict(),
    PLAYERS: list,
    RNG: lambda rng: _dump_rng(rng),
}


def dump(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT_VERSION}
    for f in fields(game):
        codec = f.metadata["codec"]
        value = getattr(game, f.name)
        if codec is not None and (value or not f.metadata.get("omit_empty")):
            data[f.name] = _DUMP[codec](value)
    return data


def _dump_rng(rng: random.Random) -> dict[str, Any] | list[Any]:
    if isinstance(rng, SeededRandom):
        return rng.saved()
    version, internal, gauss = rng.getstate()  # a game saved before seeds were
    return [version, list(internal), gauss]


def _rng(saved: dict[str, Any] | list[Any]) -> random.Random:
    if isinstance(saved, dict):
        return SeededRandom.from_saved(saved)
    version, internal, gauss = saved
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


def load(data: dict[str, Any]) -> Game:
    """A game from `dump`'s data (format 3: every game saved since Flip tables were)."""
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unsupported saved game format: {data.get('format')!r}")
    rules = RuleSet.build(data["rules"]["preset"], data["rules"]["options"])
    read = _Loader(dark=data["side"] == Side.DARK)
    light = _Loader(dark=False)
    codecs: dict[Codec, Callable[[str, Any], Any]] = {
        PLAIN: lambda name, value: _plain(value),
        CARDS: lambda name, codes: read.cards(codes),
        DECK: lambda name, codes: light.cards(codes),  # the match's deck: light side up
        CARD: lambda name, code: read.card(code),
        HANDS: lambda name, hands: [read.cards(h) for h in hands],
        COLOR: lambda name, letter: _color(letter),
        SEATS_SET: lambda name, seats: set(seats),
        RECORD: read.record,
        SIDE: lambda name, side: Side(side),
        RULES: lambda name, _: rules,
        PLAYERS: lambda name, players: tuple(players),
        RNG: lambda name, saved: _rng(saved),
    }
    # A round field left out of the save (`omit_empty`) keeps its initial value.
    saved = [(f, codecs[f.metadata["codec"]](f.name, data[f.name])) for f in fields(Game)
             if f.metadata["codec"] is not None and (f.name in data or not f.metadata["round"])]
    game = variant_of(rules.preset)(**{f.name: value for f, value in saved if f.init})
    game._new_round()  # every round field, then the saved ones over them
    for f, value in saved:
        if not f.init:  # the round's fields
            setattr(game, f.name, value)
    return game
