"""What the No Mercy cases (RULES.md section M) share: hands and opening moves several M rules
build on. Decks are built by `golden_dsl.nm_case` (168 cards, M-1); with the dealer last listed
and one start card, 2 players leave 168 - 14 - 1 = 153 cards in the draw pile, 3 players 146,
4 players 139, 6 players 125.
"""

from __future__ import annotations

from tests.engine.golden_dsl import draw, play

# Three players (dealer cid, ann first), start R3 (colour red). ann may play R7 (colour),
# G3 (number), RS, R+2 and W+6 (a wild card).
NM3 = {
    "ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W+6"],
    "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G+2"],
    "cid": ["R9", "Y7", "G1", "B6", "Y+4", "YR", "B5"],
}
NM3_BOB_POINTS = 8 + 2 + 6 + 4 + 20 + 20 + 20  # M-13.1: 80
NM3_CID_POINTS = 9 + 7 + 1 + 6 + 20 + 20 + 5  # 68

# The knockout set-up (M-10): ann and bob each play a Wild Draw Ten (naming red), so cid must
# take 20; at the 18th card cid holds 25 and is knocked out, and the last 2 are not drawn.
KO_ANN = ["W+10", "R7", "G3", "Y5", "B2", "RS", "R+2"]
KO_BOB = ["W+10", "Y2", "G6", "B4", "GS", "BR", "G+2"]
KO_THEN = ["Y1", "Y1", "Y3", "Y3", "Y4", "Y4", "Y6", "Y6", "Y8", "Y8", "Y9", "Y9", "G2", "G2",
           "G4", "G4", "G5", "G5", "G7", "G7"]
KO_DRAWN = KO_THEN[:18]
KO_ACTIONS = [play("ann", "W+10", "R"), play("bob", "W+10", "R"), draw("cid")]
KO_HANDS = {"ann": KO_ANN, "bob": KO_BOB, "cid": NM3["cid"]}

# Two players, start R3: ann plays six Skips in a row (each skips bob, so ann plays again), which
# leaves her holding her seventh card.
SKIPS6 = ["RS", "RS", "RS", "YS", "YS", "YS"]


def skips(n: int, uno_at: int | None = None) -> list[dict[str, object]]:
    """ann's first n Skips of SKIPS6 (UNO called with the one at `uno_at`)."""
    return [play("ann", c, uno=(i == uno_at)) for i, c in enumerate(SKIPS6[:n])]


# Cards no hand of NM3 holds that match neither red nor 3 (nor are wild): draws that never end
# a draw until playable on the start card R3.
UNPLAYABLE = ["Y1", "Y1", "Y4", "Y4", "Y6", "Y6", "Y8", "Y8", "Y9", "Y9", "G2", "G2", "G4", "G4",
              "G5", "G5", "G7", "G7", "B1", "B1"]
