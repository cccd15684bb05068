"""What a player (or the bot's timer, on a player's behalf) asks the table to do."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import Card, CardParseError, Color


class ActionType(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    COLOR = "color"
    UNO = "uno"
    CATCH = "catch"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    SWAP = "swap"
    SLAP = "slap"
    SLAP_TIMEOUT = "slap_timeout"
    SPEAK = "speak"
    LEAVE = "leave"
    NEXT_ROUND = "next_round"


class ActionFormatError(ValueError):
    """An action object that does not follow REPLAY.md's shape (a malformed file, not a rule)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action, shaped like a REPLAY.md action line.

    Fields that are wrong for the rules (a colour that is not a colour, a target that is nobody)
    are kept as given, so the engine can refuse them with the right error code instead of the
    parser guessing.
    """

    by: str
    type: ActionType
    card: Card | None = None
    color: str | None = None
    target: str | None = None
    uno: bool = False

    # Small constructors so callers (bot, tests, AI players) read like the rules.
    @classmethod
    def play(cls, by: str, card: Card, color: Color | str | None = None, *,
             target: str | None = None, uno: bool = False) -> Action:
        return cls(by, ActionType.PLAY, card, None if color is None else str(color), target, uno)

    @classmethod
    def simple(cls, by: str, type: ActionType) -> Action:
        return cls(by, type)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "do": self.type.value}
        if self.card is not None:
            out["card"] = self.card.code
        if self.color is not None:
            out["color"] = self.color
        if self.target is not None:
            out["target"] = self.target
        if self.uno:
            out["uno"] = True
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise ActionFormatError("an action must be an object")
        by, do = data.get("by"), data.get("do")
        if not isinstance(by, str):
            raise ActionFormatError("an action needs `by`, a player name")
        try:
            kind = ActionType(do if isinstance(do, str) else "")
        except ValueError:
            raise ActionFormatError(f"unknown action `do`: {do!r}") from None
        card = None
        if "card" in data and data["card"] is not None:
            try:
                card = Card.parse(data["card"])
            except CardParseError as exc:
                raise ActionFormatError(str(exc)) from None
        color, target, uno = data.get("color"), data.get("target"), data.get("uno", False)
        if color is not None and not isinstance(color, str):
            raise ActionFormatError("`color` must be a colour letter")
        if target is not None and not isinstance(target, str):
            raise ActionFormatError("`target` must be a player name")
        if not isinstance(uno, bool):
            raise ActionFormatError("`uno` must be true or false")
        return cls(by, kind, card, color, target, uno)
