"""Set-ups shared by the classic and the house-rule cases (108-card deck, dealer last listed):
hands, opening moves and the scoring rounds that several rules build on."""

from __future__ import annotations

from typing import Any

from tests.engine.golden_dsl import draw, ev, play, points

# Three players, start R3 (colour red). ann may play R7 (colour), G3 (number), RS, R+2, W.
A3 = {
    "ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W"],
    "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
    "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"],
}

# Two players, start R1: ann plays five Skips in a row (in two-player play each skips bob), which
# leaves her holding R7, G7; her next play is her next-to-last card (C-5).
S2_ANN = ["RS", "YS", "GS", "BS", "RS", "R7", "G7"]
S2_BOB = ["R8", "Y2", "G3", "B4", "Y5", "G6", "B9"]
S2_PREFIX = [play("ann", c) for c in ["RS", "YS", "GS", "BS", "RS"]]
S2_THEN = ["B2", "B3", "B5", "B6", "B7", "B8"]

# Three players, start R1: ann plays a Skip (bob skipped), cid draws an unplayable card, and so on.
CHAIN3_CID_DRAWS = ["Y9", "G9", "B9", "Y8", "G8", "B8"]  # each unplayable on the Skip before it


def chain(player: str, drawer: str, cards: list[str], uno_at: int | None = None,
          draw_after_last: bool = False) -> list[dict[str, Any]]:
    """`player` plays each card (Skips that skip the player between them), `drawer` draws after
    each but the last (and after the last too with draw_after_last)."""
    out: list[dict[str, Any]] = []
    for i, c in enumerate(cards):
        out.append(play(player, c, uno=(i == uno_at)))
        if i < len(cards) - 1 or draw_after_last:
            out.append(draw(drawer))
    return out


def chain3(ann_cards: list[str], uno_at: int | None = None) -> list[dict[str, Any]]:
    """ann plays each card (all Skips), cid draws after each but the last."""
    return chain("ann", "cid", ann_cards, uno_at)


# The C-8 scoring round: three players, ann goes out with seven Skips.
SC_ANN = ["RS", "YS", "GS", "BS", "RS", "YS", "GS"]
SC_BOB = ["W", "W+4", "R+2", "GR", "B0", "Y5", "R7"]  # 50+50+20+20+0+5+7 = 152
SC_CID = ["BS", "Y+2", "BR", "R9", "G2", "B3", "W"]  # 20+20+20+9+2+3+50 = 124, + 51 drawn
SC_ACTIONS = chain3(SC_ANN, uno_at=5)
SC_POINTS = points(SC_BOB) + points(SC_CID + CHAIN3_CID_DRAWS)
assert SC_POINTS == 327
SC_HANDS = {"ann": SC_ANN, "bob": SC_BOB, "cid": SC_CID}
SC_BOB_POINTS = points(SC_BOB)  # 152
SC_CID_POINTS = points(SC_CID + CHAIN3_CID_DRAWS)  # 175
assert (SC_BOB_POINTS, SC_CID_POINTS) == (152, 175)

# The two-player round of C-8.1: ann goes out with a Draw Two.
D2_ANN = ["RS", "GS", "YS", "BS", "BR", "B+2", "R+2"]
D2_BOB = ["W", "W+4", "RR", "G9", "Y0", "B3", "Y7"]  # 139
D2_THEN = ["G5", "Y6", "G4", "Y8", "B1", "B2"]
D2_ACTIONS = [play("ann", c) for c in D2_ANN[:5]] + [play("ann", "B+2", uno=True),
                                                      play("ann", "R+2")]
D2_POINTS = points(D2_BOB + D2_THEN[:4])
assert D2_POINTS == 162


def dealt_events(order: list[str], hands: dict[str, list[str]] | None = None
                 ) -> list[dict[str, Any]]:
    """The 7 x len(order) `dealt` events, one card at a time clockwise from `order[0]`."""
    out = []
    for r in range(7):
        for p in order:
            e = ev("dealt", by=p)
            if hands is not None:
                e["card"] = hands[p][r]
            out.append(e)
    return out
