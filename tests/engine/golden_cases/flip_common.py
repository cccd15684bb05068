"""What the UNO Flip cases share: F-9's card points, `case` with a Flip deck, and the set-ups
several F rules build on.

Decks (`support.flip_deck`): the dealt hands, the start card, `then` (the next cards of the draw
pile in drawing order, drawn before any Flip), the rest of the deck paired in a fixed order, and
last `after_flip` reversed: F-4 turns the draw pile over (its order reverses), so after the first
Flip the cards come in `after_flip` order. With the dealer last listed, 2 players leave
112 - 14 - 1 = 97 cards in the draw pile, 3 players 90, 6 players 69, 10 players 41.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.engine.golden_dsl import draw, play, record
from tests.engine.support import dk, flip_deck, lt

# ---------------------------------------------------------------- F-9 points

def light_points(face: str) -> int:
    """F-9, light faces: numbers face value; Draw One 10; Reverse, Skip, Flip 20; Wild 40; Wild
    Draw Two 50."""
    if face == "W":
        return 40
    if face == "W+2":
        return 50
    rank = face[1:]
    if rank == "+1":
        return 10
    if rank in ("R", "S", "F"):
        return 20
    return int(rank)


def dark_points(face: str) -> int:
    """F-9, dark faces: numbers face value; Draw Five 20; Reverse, Flip 20; Skip Everyone 30;
    Wild 40; Wild Draw Colour 60."""
    if face == "W":
        return 40
    if face == "WDC":
        return 60
    rank = face[1:]
    if rank in ("+5", "R", "F"):
        return 20
    if rank == "SA":
        return 30
    return int(rank)


def points(cards: Sequence[str], side: str) -> int:
    if side == "light":
        return sum(light_points(lt(c)) for c in cards)
    return sum(dark_points(dk(c)) for c in cards)


def case(name: str, rule: str, title: str, *, players: list[str], hands: dict[str, list[str]],
         start: str, actions: list[dict[str, Any]], expect: dict[str, Any],
         then: Sequence[str] = (), after_flip: Sequence[str] = (), dealer: str | None = None,
         rules: Any = "flip", seed: int | None = None,
         events: list[dict[str, Any]] | None = None) -> dict[str, list[str]]:
    """Record one golden file; return the hands its deck deals (filled ones included)."""
    deck, full = flip_deck(players, hands, start, then, after_flip, dealer)
    record(name, rule, title, rules=rules, players=players, dealer=dealer, seed=seed, deck=deck,
           actions=actions, expect=expect, events=events)
    return full


# ---------------------------------------------------------------- shared set-ups

# Three players (dealer cid, ann first), start R3/T7. Light side: ann may play R7, G3 (number),
# RS, R+1, W. Every face in the hands is distinct.
A3 = {
    "ann": ["R7/P2", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
    "bob": ["R8/T4", "Y2/P8", "G6/O9", "B4/V3", "GS/TSA", "BR/PF", "G5/V8"],
    "cid": ["R9/O1", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"],
}
A3_THEN = ["G8/O3", "B8/V2", "Y8/P4", "G9/O2"]

# Three players for the Flip: ann opens with RF/P3 (red on R3). After it the top is T7 (teal);
# bob holds R8/T4 (teal) and R9/O1 (its light face matched R3, its dark face does not match T7);
# cid holds Y7/TF, a teal Flip back to light.
F3 = {
    "ann": ["RF/P3", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
    "bob": ["R8/T4", "Y2/P8", "G6/O9", "B4/V3", "GS/TSA", "BR/PF", "R9/O1"],
    "cid": ["G5/V8", "Y7/TF", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"],
}
F3_THEN = ["Y9/P6"]
F3_AFTER = ["G9/O2", "B9/V1"]
FLIP = play("ann", "RF/P3")

# Two players (dealer bob, ann first), start R3/T7: ann plays five Skips (each skips bob in
# two-player play), the sixth is her next-to-last card.
S2_SKIPS = ["RS/P1", "YS/P2", "GS/P3", "BS/P4", "RS/P5", "YS/P6"]
S2_BOB = ["R+1/TSA", "YR/O3", "GF/WDC", "W/P8", "W+2/V2", "B9/OSA", "G2/W"]
S2_THEN = ["G4/V5", "B3/V6"]
assert points(S2_BOB, "light") == 10 + 20 + 20 + 40 + 50 + 9 + 2 == 151
assert points(S2_BOB, "dark") == 30 + 3 + 60 + 8 + 2 + 30 + 40 == 173


def skips(uno_at: int | None = 5) -> list[dict[str, Any]]:
    return [play("ann", c, uno=(i == uno_at)) for i, c in enumerate(S2_SKIPS)]


# Two players on the dark side: ann flips (RF/P1 on R3; the top turns to T7), bob draws G1/O2
# (unplayable on T7), then ann plays five Skip Everyone (each lets her play again) and her last
# card.
D2_ANN = ["RF/P1", "Y4/TSA", "B4/OSA", "G6/VSA", "B7/TSA", "R7/PSA"]
D2_BOB = ["R+1/P+5", "YS/OR", "GR/VF", "B5/PSA", "W/WDC", "W+2/W", "G9/O8"]
D2_AFTER = ["G1/O2", "B1/V3", "G2/O6", "Y1/P4", "Y2/T9"]
D2_PLAYS = [play("ann", "RF/P1"), draw("bob")] + [
    play("ann", c, uno=(c == "R7/PSA")) for c in D2_ANN[1:]]
D2_BOB_END = D2_BOB + ["G1/O2"]
assert points(D2_BOB_END, "dark") == 20 + 20 + 20 + 30 + 60 + 40 + 8 + 2 == 200
assert points(D2_BOB_END, "light") == 10 + 20 + 20 + 5 + 40 + 50 + 9 + 1 == 155
