"""What a match's record needs that the engine state does not keep, counted from the engine's
events as they happen and saved with the game's meta (so a restart loses none of it).

What counts:
- an UNO call missed is a time the player was caught without having called UNO (a `caught`
  event names them): the rules penalise a missing call only when someone catches it (C-5), and
  a call made late but before the catch is no miss. A false call (C-5.4) is not a missed one;
- a Wild Draw Four challenge (C-6) is won or lost by both its sides: the challenger wins when
  the card was played illegally ("guilty"), and the player of the card wins when it was legal;
- a colour named with a wild card: a wild played with a colour, or a colour named afterwards
  (a wild start card, F-4's Flip); not the colour named for a player who left (C-10), and nothing
  under H-9, where wild cards name no colour;
- the order players left in (C-10), so the later leaver places higher in the match;
- the C-8 points of the round in play, as `round_won` says them (H-12 counts them as the winner
  goes out, so they cannot be read back from the hands at the round's end).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event


@dataclass
class Tally:
    uno_missed: dict[str, int] = field(default_factory=dict)
    challenges_won: dict[str, int] = field(default_factory=dict)
    challenges_lost: dict[str, int] = field(default_factory=dict)
    colors: dict[str, dict[str, int]] = field(default_factory=dict)
    left: list[str] = field(default_factory=list)
    round_points: dict[str, int] = field(default_factory=dict)
    recorded_round: int = 0  # the last round recorded (saved in the same transaction)

    def observe(self, events: Iterable[Event], *, colors_named: bool = True) -> None:
        for event in events:
            kind, by = event.type, event.by
            if kind == "round_started":
                self.round_points = {}
            elif kind == "round_won" and by is not None:
                self.round_points[by] = event.amount or 0
            elif kind == "caught" and event.target is not None:
                _bump(self.uno_missed, event.target)
            elif kind == "challenged" and by is not None and event.target is not None:
                guilty = event.reason == "guilty"
                _bump(self.challenges_won, by if guilty else event.target)
                _bump(self.challenges_lost, event.target if guilty else by)
            elif kind == "left" and by is not None and by not in self.left:
                self.left.append(by)
            elif (kind in ("played", "color_chosen") and colors_named and by is not None
                  and event.color is not None and event.reason != "left"):
                _bump(self.colors.setdefault(by, {}), event.color)

    def to_dict(self) -> dict[str, Any]:
        return {"uno_missed": self.uno_missed, "challenges_won": self.challenges_won,
                "challenges_lost": self.challenges_lost, "colors": self.colors,
                "left": self.left, "round_points": self.round_points,
                "recorded_round": self.recorded_round}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        def counts(name: str) -> dict[str, int]:
            return {str(k): int(v) for k, v in dict(data.get(name, {})).items()}

        return cls(
            uno_missed=counts("uno_missed"), challenges_won=counts("challenges_won"),
            challenges_lost=counts("challenges_lost"),
            colors={str(p): {str(c): int(n) for c, n in dict(v).items()}
                    for p, v in dict(data.get("colors", {})).items()},
            left=[str(p) for p in data.get("left", [])], round_points=counts("round_points"),
            recorded_round=int(data.get("recorded_round", 0)))


def _bump(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1
