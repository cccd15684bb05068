"""Write the golden replay files of tests/engine/golden/: `python -m tests.engine.make_golden`.

Every expected value below is written by hand from shared/RULES.md and shared/REPLAY.md; this
script never runs the engine. It only builds the stacked decks with `support.stacked_deck`, so that
each golden file carries its whole deck and stands alone (REPLAY.md input, as an outside tool would
pass it). Card points are counted here with C-8.2's values, independently of the engine.

Conventions: the dealer is the last player listed unless a case says otherwise, so the first
listed plays first; 2 players leave 108 - 14 - 1 = 93 cards in the draw pile, 3 players 86.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.engine.support import stacked_deck

GOLDEN = Path(__file__).resolve().parent / "golden"

CASES: dict[str, dict[str, Any]] = {}


# ---------------------------------------------------------------- actions (REPLAY.md shapes)

def play(by: str, card: str, color: str | None = None, *, uno: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"by": by, "do": "play", "card": card}
    if color is not None:
        out["color"] = color
    if uno:
        out["uno"] = True
    return out


def act(by: str, do: str, **fields: Any) -> dict[str, Any]:
    return {"by": by, "do": do, **fields}


def draw(by: str) -> dict[str, Any]:
    return act(by, "draw")


def pass_(by: str) -> dict[str, Any]:
    return act(by, "pass")


def catch(by: str, target: str | None) -> dict[str, Any]:
    return act(by, "catch") if target is None else act(by, "catch", target=target)


# ---------------------------------------------------------------- rules-side helpers

def points(cards: list[str]) -> int:
    """C-8.2 (and H-10): numbers face value; Draw Two, Reverse, Skip 20; wild cards 50."""
    total = 0
    for c in cards:
        if c in ("W", "W+4", "W+10"):
            total += 50
        elif c[1:] in ("S", "R", "+2"):
            total += 20
        else:
            total += int(c[1:])
    return total


def without(hand: list[str], *cards: str) -> list[str]:
    """The hand after playing `cards` (each card named here is held once, so order is plain)."""
    out = list(hand)
    for c in cards:
        assert out.count(c) == 1, f"ambiguous or missing {c} in {hand}"
        out.remove(c)
    return out


def err(index: int, code: str) -> dict[str, Any]:
    return {"index": index, "code": code}


def ev(type_: str, **fields: Any) -> dict[str, Any]:
    return {"type": type_, **fields}


def case(name: str, rule: str, title: str, *, players: list[str], hands: dict[str, list[str]],
         start: str, actions: list[dict[str, Any]], expect: dict[str, Any],
         then: list[str] | tuple[str, ...] = (), dealer: str | None = None,
         rules: Any = "classic", seed: int | None = None,
         events: list[dict[str, Any]] | None = None) -> None:
    assert name not in CASES, name
    for p in players:
        assert len(hands.get(p, [])) in (0, 7), (name, p)
    replay: dict[str, Any] = {"rules": rules, "players": players}
    if dealer is not None:
        replay["dealer"] = dealer
    if seed is not None:
        replay["seed"] = seed
    replay["deck"] = stacked_deck(players, hands, start, then, dealer=dealer)
    replay["actions"] = actions
    data: dict[str, Any] = {"rule": rule, "title": title, "replay": replay, "expect": expect}
    if events:
        data["expect_events"] = events
    CASES[name] = data


# ---------------------------------------------------------------- shared set-ups

P2 = ["ann", "bob"]
P3 = ["ann", "bob", "cid"]
P4 = ["ann", "bob", "cid", "dan"]
TEN = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon"]

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


def chain3(ann_cards: list[str], uno_at: int | None = None) -> list[dict[str, Any]]:
    """ann plays each card (all Skips), cid draws after each but the last."""
    out: list[dict[str, Any]] = []
    for i, c in enumerate(ann_cards):
        out.append(play("ann", c, uno=(i == uno_at)))
        if i < len(ann_cards) - 1:
            out.append(draw("cid"))
    return out


# The C-8 scoring round: three players, ann goes out with seven Skips.
SC_ANN = ["RS", "YS", "GS", "BS", "RS", "YS", "GS"]
SC_BOB = ["W", "W+4", "R+2", "GR", "B0", "Y5", "R7"]  # 50+50+20+20+0+5+7 = 152
SC_CID = ["BS", "Y+2", "BR", "R9", "G2", "B3", "W"]  # 20+20+20+9+2+3+50 = 124, + 51 drawn
SC_ACTIONS = chain3(SC_ANN, uno_at=5)
SC_POINTS = points(SC_BOB) + points(SC_CID + CHAIN3_CID_DRAWS)
assert SC_POINTS == 327

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


# ================================================================ C-1 deck

def c1() -> None:
    hands = {
        "ann": ["R0", "Y0", "G0", "B0", "W", "W+4", "RS"],
        "bob": ["YR", "G+2", "B9", "R9", "Y9", "G9", "B1"],
        "cid": ["W", "W+4", "BS", "BR", "B+2", "R5", "G5"],
        "dan": ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
    }
    case("C-1_full_deck_dealt", "C-1",
         "C-1: a 108-card deck; four hands of 7 and the start card leave 79 in the draw pile",
         players=P4, hands=hands, start="Y8", actions=[],
         expect={"round": 1, "hands": hands, "draw_pile": 108 - 28 - 1, "top": "Y8", "color": "Y",
                 "turn": "ann", "direction": 1, "pending": None, "scores": dict.fromkeys(P4, 0),
                 "round_winner": None, "match_winner": None, "finished": [], "applied": 0,
                 "error": None})
    # With ten players 70 cards are dealt: the remaining 37 are the draw pile (108 = 70 + 1 + 37).
    case("C-1_ten_hands_and_pile", "C-1",
         "C-1: ten hands of 7, the start card and 37 cards in the draw pile make 108",
         players=TEN, hands={}, start="G7", actions=[],
         expect={"draw_pile": 37, "top": "G7", "color": "G", "turn": "ann", "applied": 0})


# ================================================================ C-2 players and seats

def c2() -> None:
    hands = {"fay": ["R7", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"],
             "gus": ["R8", "G1", "G2", "G3", "G4", "G6", "G7"],
             "hal": ["R9", "B1", "B2", "B3", "B4", "B6", "B7"],
             "ivy": ["R2", "Y8", "Y9", "G8", "G9", "B8", "B9"],
             "jon": ["R3", "YS", "GS", "BS", "YR", "GR", "BR"],
             "ann": ["R4", "Y+2", "G+2", "B+2", "W", "W+4", "Y0"]}
    order = ["fay", "gus", "hal", "ivy", "jon", "ann"]
    case("C-2_ten_players_clockwise", "C-2",
         "C-2: ten players; dealer eve, so fay plays first and play goes clockwise, jon -> ann",
         players=TEN, dealer="eve", hands=hands, start="R5",
         actions=[play(p, hands[p][0]) for p in order],
         expect={"turn": "bob", "direction": 1, "top": "R4", "color": "R", "draw_pile": 37,
                 "hands": {p: hands[p][1:] for p in order}, "applied": 6, "error": None},
         events=[ev("played", by=p, card=hands[p][0]) for p in order])
    hands3 = {"ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W"],
              "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
              "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"]}
    case("C-2_left_of_dealer_wraps", "C-2",
         "C-2: 'left of X' is the next seat clockwise; dealer bob, so cid plays first, then ann",
         players=P3, dealer="bob", hands=hands3, start="R3",
         actions=[play("cid", "R9"), play("ann", "R7"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "direction": 1, "applied": 3, "error": None,
                 "hands": {"ann": without(hands3["ann"], "R7"), "bob": without(hands3["bob"], "R8"),
                           "cid": without(hands3["cid"], "R9")}})
    case("C-2_two_players", "C-2", "C-2: two players take turns",
         players=P2, hands={"ann": A3["ann"], "bob": A3["bob"]}, start="R3",
         actions=[play("ann", "R7"), play("bob", "R8"), play("ann", "RS")],
         expect={"turn": "ann", "top": "RS", "draw_pile": 93, "applied": 3, "error": None},
         events=[ev("played", by="ann", card="RS"), ev("skipped", by="bob")])


# ================================================================ C-3 setting up a round

def c3() -> None:
    base = {"round": 1, "direction": 1, "pending": None, "draw_pile": 86, "hands": A3}
    case("C-3_number_start", "C-3",
         "C-3.2/3: seven cards each, dealt from the left of the dealer (cid); a number start card "
         "sets the colour and ann, left of the dealer, plays first",
         players=P3, hands=A3, start="G4", actions=[],
         expect={**base, "turn": "ann", "top": "G4", "color": "G"},
         events=[ev("round_started", by="cid", amount=1), ev("start_card", card="G4")])
    case("C-3_deal_one_card_at_a_time", "C-3",
         "C-3.2: the deal goes one card at a time clockwise from the left of the dealer: 21 "
         "`dealt` events, each naming its card (REPLAY.md events: `card` for `dealt`)",
         players=P3, hands=A3, start="G4", actions=[],
         expect={**base, "turn": "ann", "top": "G4", "color": "G"},
         events=[ev("round_started", by="cid", amount=1), *dealt_events(P3, A3),
                 ev("start_card", card="G4")])
    case("C-3_deal_starts_left_of_dealer", "C-3",
         "C-3.2: with ann dealing, the deal starts with bob (the hands show it) and bob plays "
         "first",
         players=P3, dealer="ann", hands=A3, start="G4", actions=[],
         expect={**base, "turn": "bob", "top": "G4", "color": "G"},
         events=[ev("round_started", by="ann", amount=1), ev("start_card", card="G4")])
    case("C-3_skip_start", "C-3",
         "C-3.3: a Skip start card skips the player left of the dealer",
         players=P3, hands=A3, start="RS", actions=[],
         expect={**base, "turn": "bob", "top": "RS", "color": "R"},
         events=[ev("start_card", card="RS"), ev("skipped", by="ann")])
    case("C-3_draw_two_start", "C-3",
         "C-3.3: a Draw Two start card: the player left of the dealer draws 2 at once and is "
         "skipped",
         players=P3, hands=A3, start="Y+2", then=["G7", "B8"], actions=[],
         expect={**base, "turn": "bob", "top": "Y+2", "color": "Y", "draw_pile": 84,
                 "hands": {**A3, "ann": A3["ann"] + ["G7", "B8"]}},
         events=[ev("start_card", card="Y+2"), ev("drew", by="ann", card="G7"),
                 ev("drew", by="ann", card="B8"), ev("skipped", by="ann")])
    case("C-3_reverse_start", "C-3",
         "C-3.3: a Reverse start card: the dealer (cid) plays first and play goes "
         "counter-clockwise (cid -> bob)",
         players=P3, hands=A3, start="BR", actions=[play("cid", "B5")],
         expect={**base, "turn": "bob", "direction": -1, "top": "B5", "color": "B",
                 "hands": {**A3, "cid": without(A3["cid"], "B5")}, "applied": 1, "error": None},
         events=[ev("start_card", card="BR"), ev("played", by="cid", card="B5")])
    case("C-3_reverse_start_two_players", "C-3",
         "C-3.3: a Reverse start card with two players: the dealer (bob) plays first, "
         "counter-clockwise",
         players=P2, hands={"ann": A3["ann"], "bob": A3["bob"]}, start="BR",
         actions=[play("bob", "B4")],
         expect={"turn": "ann", "direction": -1, "top": "B4", "draw_pile": 93,
                 "hands": {"ann": A3["ann"], "bob": without(A3["bob"], "B4")}, "applied": 1,
                 "error": None})
    case("C-3_wild_start", "C-3",
         "C-3.3: a Wild start card: the player left of the dealer names the colour, then plays",
         players=P3, hands=A3, start="W",
         actions=[act("ann", "color", color="G"), play("ann", "G3")],
         expect={**base, "turn": "bob", "top": "G3", "color": "G",
                 "hands": {**A3, "ann": without(A3["ann"], "G3")}, "applied": 2, "error": None},
         events=[ev("start_card", card="W"), ev("color_chosen", by="ann", color="G"),
                 ev("played", by="ann", card="G3")])
    case("C-3_wild_start_waits_for_colour", "C-3",
         "C-3.3: after a Wild start card the table waits for ann's colour; a play comes first "
         "is refused",
         players=P3, hands=A3, start="W", actions=[play("ann", "G3")],
         expect={**base, "turn": "ann", "top": "W", "pending": {"kind": "color", "by": "ann"},
                 "applied": 0, "error": err(0, "not_allowed_now")})
    # Every card that could change the turn or the hands is held, so whatever card the reshuffle
    # turns up next is a number card (or the Wild Draw Four again, returned again).
    hands5 = {
        "ann": ["R+2", "R+2", "Y+2", "Y+2", "G+2", "G+2", "B+2"],
        "bob": ["B+2", "RS", "RS", "YS", "YS", "GS", "GS"],
        "cid": ["BS", "BS", "RR", "RR", "YR", "YR", "GR"],
        "dan": ["GR", "BR", "BR", "W", "W", "W", "W"],
        "eve": ["W+4", "W+4", "W+4", "R0", "Y0", "G0", "B0"],
    }
    case("C-3_wild_draw_four_start", "C-3",
         "C-3.3: a Wild Draw Four start card is returned to the draw pile, which is reshuffled, "
         "and another card is turned up",
         players=["ann", "bob", "cid", "dan", "eve"], hands=hands5, start="W+4", actions=[],
         expect={"round": 1, "turn": "ann", "direction": 1, "pending": None, "hands": hands5,
                 "draw_pile": 108 - 35 - 1, "applied": 0, "error": None},
         events=[ev("start_card", card="W+4"), ev("start_card_returned", card="W+4"),
                 ev("start_card")])
    hands_sc = {"ann": SC_ANN, "bob": SC_BOB, "cid": SC_CID}
    case("C-3_dealer_passes_clockwise", "C-3",
         "C-3.1 decision: the deal passes one seat clockwise each round (cid, then ann, who deals "
         "from bob)",
         players=P3, hands=hands_sc, start="R1", then=CHAIN3_CID_DRAWS,
         actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "round_winner": None, "match_winner": None, "finished": [],
                 "scores": {"ann": SC_POINTS, "bob": 0, "cid": 0}, "applied": 14, "error": None},
         events=[ev("round_started", by="cid", amount=1), ev("round_won", by="ann"),
                 ev("round_started", by="ann", amount=2), ev("dealt", by="bob"),
                 ev("dealt", by="cid"), ev("dealt", by="ann"), ev("start_card")])


# ================================================================ C-4 a turn

def c4() -> None:
    a = A3
    case("C-4_play_by_colour", "C-4", "C-4.1: R7 is played on R3 by colour",
         players=P3, hands=a, start="R3", actions=[play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "color": "R", "draw_pile": 86,
                 "hands": {"ann": without(a["ann"], "R7")}, "applied": 1, "error": None})
    case("C-4_play_by_number", "C-4", "C-4.1: G3 is played on R3 by number; green is current",
         players=P3, hands=a, start="R3", actions=[play("ann", "G3")],
         expect={"turn": "bob", "top": "G3", "color": "G",
                 "hands": {"ann": without(a["ann"], "G3")}, "applied": 1, "error": None})
    sym = {"ann": ["RS", "Y+2", "G7", "Y1", "B3", "G4", "Y6"],
           "bob": ["G+2", "BR", "R8", "Y2", "G6", "B4", "G5"],
           "cid": ["GS", "YR", "R9", "Y7", "G1", "B6", "B5"]}
    case("C-4_play_by_symbol", "C-4",
         "C-4.1: Skip on Skip, Draw Two on Draw Two, Reverse on Reverse of another colour",
         players=P3, hands=sym, start="R3", then=["Y9", "B9", "G9", "R2"],
         actions=[play("ann", "RS"), play("cid", "GS"), play("bob", "G+2"), play("ann", "Y+2"),
                  play("cid", "YR"), play("bob", "BR")],
         expect={"turn": "cid", "direction": 1, "top": "BR", "color": "B", "draw_pile": 82,
                 "hands": {"ann": ["G7", "Y1", "B3", "G4", "Y6"],
                           "bob": ["R8", "Y2", "G6", "B4", "G5", "G9", "R2"],
                           "cid": ["R9", "Y7", "G1", "B6", "B5", "Y9", "B9"]},
                 "applied": 6, "error": None},
         events=[ev("played", by="ann", card="RS"), ev("skipped", by="bob"),
                 ev("played", by="cid", card="GS"), ev("skipped", by="ann"),
                 ev("played", by="bob", card="G+2"), ev("drew", by="cid", card="Y9"),
                 ev("drew", by="cid", card="B9"), ev("skipped", by="cid"),
                 ev("played", by="ann", card="Y+2"), ev("drew", by="bob", card="G9"),
                 ev("drew", by="bob", card="R2"), ev("skipped", by="bob"),
                 ev("played", by="cid", card="YR"), ev("reversed", amount=-1),
                 ev("played", by="bob", card="BR"), ev("reversed", amount=1)])
    case("C-4_card_does_not_match", "C-4",
         "C-4.1: B2 on R3 matches neither colour, number nor symbol",
         players=P3, hands=a, start="R3", actions=[play("ann", "B2")],
         expect={"turn": "ann", "top": "R3", "hands": a, "applied": 0,
                 "error": err(0, "card_does_not_match")})
    case("C-4_wild_any_time", "C-4",
         "C-4.2: a Wild may be played while holding a matching card, naming the same colour",
         players=P3, hands=a, start="R3", actions=[play("ann", "W", "R"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "color": "R",
                 "hands": {"ann": without(a["ann"], "W"), "bob": without(a["bob"], "R8")},
                 "applied": 2, "error": None},
         events=[ev("played", by="ann", card="W", color="R"),
                 ev("played", by="bob", card="R8")])
    legal = {"ann": ["RS", "R7", "G3", "Y5", "B2", "R+2", "Y1"],
             "bob": ["R8", "Y2", "G6", "B4", "GR", "BR", "G5"],
             "cid": ["GS", "YS", "W", "W+4", "G2", "Y4", "B6"]}
    six = ["B1", "B3", "G8", "G9", "Y8", "Y9"]
    case("C-4_wild_draw_four_legal", "C-4",
         "C-4.3: holding only cards that match by symbol (GS, YS on RS) and another Wild, cid "
         "holds no red: the Wild Draw Four is legal and ann's challenge fails",
         players=P3, hands=legal, start="R3", then=six,
         actions=[play("ann", "RS"), play("cid", "W+4", "Y"), act("ann", "challenge")],
         expect={"turn": "bob", "top": "W+4", "color": "Y", "pending": None, "draw_pile": 80,
                 "hands": {"ann": without(legal["ann"], "RS") + six,
                           "cid": without(legal["cid"], "W+4"), "bob": legal["bob"]},
                 "applied": 3, "error": None},
         events=[ev("played", by="cid", card="W+4", color="Y"),
                 ev("challenged", by="ann", target="cid", reason="innocent"),
                 *[ev("drew", by="ann", card=c) for c in six], ev("skipped", by="ann")])
    bluff = {**a, "ann": ["R7", "W+4", "G3", "Y5", "B2", "RS", "Y1"]}
    four = ["B1", "B3", "G8", "G9"]
    case("C-4_wild_draw_four_bluff", "C-4",
         "C-4.3: ann holds red yet plays a Wild Draw Four (a bluff, allowed); bob accepts: draws "
         "4 and loses his turn",
         players=P3, hands=bluff, start="R3", then=four,
         actions=[play("ann", "W+4", "G"), act("bob", "accept")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "pending": None, "draw_pile": 82,
                 "hands": {"ann": without(bluff["ann"], "W+4"), "bob": a["bob"] + four},
                 "applied": 2, "error": None},
         events=[ev("played", by="ann", card="W+4", color="G"), ev("accepted", by="bob"),
                 *[ev("drew", by="bob", card=c) for c in four], ev("skipped", by="bob")])
    case("C-4_draw_while_holding_playable", "C-4",
         "C-4.4: ann may draw though she holds playable cards; the drawn B9 is unplayable, so the "
         "turn passes at once",
         players=P3, hands=a, start="R3", then=["B9"], actions=[draw("ann")],
         expect={"turn": "bob", "top": "R3", "draw_pile": 85,
                 "hands": {"ann": a["ann"] + ["B9"]}, "applied": 1, "error": None},
         events=[ev("drew", by="ann", card="B9")])
    case("C-4_unplayable_drawn_card_ends_turn", "C-4",
         "C-4.4: after an unplayable draw the turn has already passed: ann cannot pass",
         players=P3, hands=a, start="R3", then=["B9"], actions=[draw("ann"), pass_("ann")],
         expect={"turn": "bob", "draw_pile": 85, "hands": {"ann": a["ann"] + ["B9"]},
                 "applied": 1, "error": err(1, "not_your_turn")})
    dup = {"ann": ["R5", "G1", "Y2", "B4", "G6", "Y8", "B7"],
           "bob": ["R8", "Y7", "G3", "B2", "GS", "BR", "G5"],
           "cid": ["R9", "Y5", "G2", "B6", "Y+2", "YR", "B5"]}
    case("C-4_play_drawn_card", "C-4",
         "C-4.4: ann draws a playable R5 and plays it at once; the R5 she was dealt stays in "
         "place (hands keep the order received)",
         players=P3, hands=dup, start="R3", then=["R5"], actions=[draw("ann"), play("ann", "R5")],
         expect={"turn": "bob", "top": "R5", "color": "R", "draw_pile": 85,
                 "hands": {"ann": dup["ann"]}, "applied": 2, "error": None},
         events=[ev("drew", by="ann", card="R5"), ev("played", by="ann", card="R5")])
    case("C-4_play_only_drawn_card", "C-4",
         "C-4.4: after drawing a playable R9, ann may play that card only, not her R7",
         players=P3, hands=a, start="R3", then=["R9"], actions=[draw("ann"), play("ann", "R7")],
         expect={"turn": "ann", "top": "R3", "draw_pile": 85,
                 "hands": {"ann": a["ann"] + ["R9"]}, "applied": 1,
                 "error": err(1, "not_allowed_now")})
    case("C-4_keep_drawn_card_and_pass", "C-4",
         "C-4.4: ann keeps the playable R9 she drew and passes",
         players=P3, hands=a, start="R3", then=["R9"], actions=[draw("ann"), pass_("ann")],
         expect={"turn": "bob", "top": "R3", "draw_pile": 85,
                 "hands": {"ann": a["ann"] + ["R9"]}, "applied": 2, "error": None},
         events=[ev("drew", by="ann", card="R9"), ev("passed", by="ann")])
    case("C-4_skip", "C-4", "C-4: Skip: bob loses his turn, cid plays next",
         players=P3, hands=a, start="R3", actions=[play("ann", "RS")],
         expect={"turn": "cid", "direction": 1, "top": "RS", "hands": {"bob": a["bob"]},
                 "applied": 1, "error": None},
         events=[ev("played", by="ann", card="RS"), ev("skipped", by="bob")])
    rev = {**a, "ann": ["RR", "G3", "Y5", "B2", "RS", "R+2", "W"]}
    case("C-4_reverse", "C-4",
         "C-4: Reverse: play goes counter-clockwise, ann -> cid -> bob",
         players=P3, hands=rev, start="R3", actions=[play("ann", "RR"), play("cid", "R9")],
         expect={"turn": "bob", "direction": -1, "top": "R9", "applied": 2, "error": None,
                 "hands": {"ann": without(rev["ann"], "RR"), "bob": a["bob"],
                           "cid": without(a["cid"], "R9")}},
         events=[ev("played", by="ann", card="RR"), ev("reversed", amount=-1),
                 ev("played", by="cid", card="R9")])
    rev2 = {"ann": ["RR", "R7", "Y5", "B2", "G3", "Y1", "B1"], "bob": a["bob"]}
    case("C-4_reverse_two_players", "C-4",
         "C-4: with two players a Reverse acts as a Skip: the direction flips and ann plays again",
         players=P2, hands=rev2, start="R3", actions=[play("ann", "RR"), play("ann", "R7")],
         expect={"turn": "bob", "direction": -1, "top": "R7", "draw_pile": 93,
                 "hands": {"ann": ["Y5", "B2", "G3", "Y1", "B1"], "bob": a["bob"]},
                 "applied": 2, "error": None},
         events=[ev("played", by="ann", card="RR"), ev("reversed", amount=-1),
                 ev("skipped", by="bob"), ev("played", by="ann", card="R7")])
    case("C-4_draw_two", "C-4",
         "C-4: Draw Two: bob draws 2 at once (nothing waits) and loses his turn",
         players=P3, hands=a, start="R3", then=["G8", "B9"], actions=[play("ann", "R+2")],
         expect={"turn": "cid", "top": "R+2", "pending": None, "draw_pile": 84,
                 "hands": {"bob": a["bob"] + ["G8", "B9"]}, "applied": 1, "error": None},
         events=[ev("played", by="ann", card="R+2"), ev("drew", by="bob", card="G8"),
                 ev("drew", by="bob", card="B9"), ev("skipped", by="bob")])


# ================================================================ C-5 UNO call and catch

def c5() -> None:
    s2 = {"ann": S2_ANN, "bob": S2_BOB}
    kw: dict[str, Any] = {"players": P2, "hands": s2, "start": "R1", "then": S2_THEN}
    pre = S2_PREFIX  # five actions; then ann holds R7, G7 and it is her turn
    case("C-5_call_with_play", "C-5",
         "C-5.1/3: ann calls UNO with her next-to-last card; she cannot be caught",
         **kw, actions=[*pre, play("ann", "R7", uno=True), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"], "bob": S2_BOB},
                 "applied": 6, "error": err(6, "not_allowed_now")},
         events=[ev("played", by="ann", card="R7"), ev("uno_called", by="ann")])
    case("C-5_call_right_after", "C-5",
         "C-5.1/3: ann calls UNO right after her next-to-last card; she cannot be caught",
         **kw, actions=[*pre, play("ann", "R7"), act("ann", "uno"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"]}, "applied": 7,
                 "error": err(7, "not_allowed_now")},
         events=[ev("played", by="ann", card="R7"), ev("uno_called", by="ann")])
    case("C-5_catch", "C-5",
         "C-5.2: bob catches ann, who did not call: she draws 2; it is still bob's turn",
         **kw, actions=[*pre, play("ann", "R7"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 91, "hands": {"ann": ["G7", "B2", "B3"],
                                                            "bob": S2_BOB},
                 "applied": 7, "error": None},
         events=[ev("played", by="ann", card="R7"), ev("caught", by="bob", target="ann"),
                 ev("drew", by="ann", card="B2"), ev("drew", by="ann", card="B3")])
    case("C-5_catch_once_per_window", "C-5",
         "C-5.2: a player can be caught once per window",
         **kw, actions=[*pre, play("ann", "R7"), catch("bob", "ann"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 91, "hands": {"ann": ["G7", "B2", "B3"]},
                 "applied": 7, "error": err(7, "not_allowed_now")})
    case("C-5_window_closed_by_play", "C-5",
         "C-5.2/3: the window closes when bob, whom the table waits for, plays; ann owes nothing",
         **kw, actions=[*pre, play("ann", "R7"), play("bob", "R8"), catch("bob", "ann")],
         expect={"turn": "ann", "top": "R8", "draw_pile": 93, "hands": {"ann": ["G7"]},
                 "applied": 7, "error": err(7, "not_allowed_now")})
    case("C-5_window_closed_by_draw", "C-5",
         "C-5.2: the window closes when bob draws (B2, unplayable: the turn passes)",
         **kw, actions=[*pre, play("ann", "R7"), draw("bob"), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 92, "hands": {"ann": ["G7"], "bob": S2_BOB + ["B2"]},
                 "applied": 7, "error": err(7, "not_allowed_now")})
    w4 = {"ann": ["RS", "YS", "GS", "BS", "RS", "W+4", "G7"], "bob": S2_BOB}
    kw4 = {**kw, "hands": w4}
    case("C-5_window_closed_by_accept", "C-5",
         "C-5.2: ann's next-to-last card is a Wild Draw Four; bob's accept closes the window",
         **kw4, actions=[*pre, play("ann", "W+4", "G"), act("bob", "accept"), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 89, "pending": None,
                 "hands": {"ann": ["G7"], "bob": S2_BOB + S2_THEN[:4]},
                 "applied": 7, "error": err(7, "not_allowed_now")})
    case("C-5_window_closed_by_challenge", "C-5",
         "C-5.2: bob's challenge closes the window (the challenge fails: ann held no red)",
         **kw4,
         actions=[*pre, play("ann", "W+4", "G"), act("bob", "challenge"), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 87, "pending": None,
                 "hands": {"ann": ["G7"], "bob": S2_BOB + S2_THEN},
                 "applied": 7, "error": err(7, "not_allowed_now")},
         events=[ev("challenged", by="bob", target="ann", reason="innocent"),
                 ev("hand_shown", by="ann", target="bob", cards=["G7"])])
    sk = {"ann": ["RS", "YS", "GS", "BS", "RS", "YS", "G7"], "bob": S2_BOB}
    case("C-5_window_open_while_owner_acts", "C-5",
         "C-5.2: ann's next-to-last card is a Skip, so the table waits for ann again; her own "
         "draw does not close the window and bob can still catch her",
         players=P2, hands=sk, start="R1", then=S2_THEN,
         actions=[*pre, play("ann", "YS"), draw("ann"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 90, "hands": {"ann": ["G7", "B2", "B3", "B5"]},
                 "applied": 8, "error": None},
         events=[ev("played", by="ann", card="YS"), ev("skipped", by="bob"),
                 ev("drew", by="ann", card="B2"), ev("caught", by="bob", target="ann"),
                 ev("drew", by="ann", card="B3"), ev("drew", by="ann", card="B5")])
    case("C-5_uno_call_does_not_close_window", "C-5",
         "C-5.2/4: bob's false UNO call (false_uno_penalty on: he draws 4) does not close the "
         "window on ann; bob then catches her",
         **kw, rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[*pre, play("ann", "R7"), act("bob", "uno"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 87,
                 "hands": {"ann": ["G7", "B7", "B8"], "bob": S2_BOB + S2_THEN[:4]},
                 "applied": 8, "error": None},
         events=[ev("false_uno", by="bob"), ev("drew", by="bob", card="B2"),
                 ev("drew", by="bob", card="B6"), ev("caught", by="bob", target="ann"),
                 ev("drew", by="ann", card="B7"), ev("drew", by="ann", card="B8")])
    case("C-5_late_call_is_not_due", "C-5",
         "C-5.3/4: once the window closed (bob played), ann owes nothing: her late call is not "
         "due, and with false_uno_penalty on she draws 4",
         **kw, rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[*pre, play("ann", "R7"), play("bob", "R8"), act("ann", "uno")],
         expect={"turn": "ann", "draw_pile": 89, "hands": {"ann": ["G7", *S2_THEN[:4]]},
                 "applied": 8, "error": None},
         events=[ev("played", by="bob", card="R8"), ev("false_uno", by="ann")])
    d2up = {"ann": ["RS", "YS", "GS", "BS", "RS", "R+2", "G7"],
            "bob": ["R8", "Y2", "G3", "B4", "Y5", "G6", "B2"],
            "cid": ["R9", "Y7", "G1", "B6", "B5", "Y+2", "YR"]}
    then3 = [*CHAIN3_CID_DRAWS[:5], "R4", "R5", "R6", "B7"]
    case("C-5_window_open_after_draw_two_penalty", "C-5",
         "C-5.2: ann's next-to-last card is a Draw Two; bob's penalty draw is no action of cid, "
         "whom the table then waits for, so bob can still catch ann",
         players=P3, hands=d2up, start="R1", then=then3,
         actions=[*chain3(["RS", "YS", "GS", "BS", "RS"]), draw("cid"), play("ann", "R+2"),
                  catch("bob", "ann")],
         expect={"turn": "cid", "draw_pile": 86 - 9,
                 "hands": {"ann": ["G7", "R6", "B7"], "bob": d2up["bob"] + ["R4", "R5"]},
                 "applied": 12, "error": None},
         events=[ev("played", by="ann", card="R+2"), ev("drew", by="bob", card="R4"),
                 ev("drew", by="bob", card="R5"), ev("skipped", by="bob"),
                 ev("caught", by="bob", target="ann"), ev("drew", by="ann", card="R6"),
                 ev("drew", by="ann", card="B7")])
    case("C-5_false_uno_off", "C-5",
         "C-5.4: with false_uno_penalty off a call that is not due is refused and changes nothing",
         **kw, actions=[act("ann", "uno")],
         expect={"turn": "ann", "draw_pile": 93, "hands": s2, "applied": 0,
                 "error": err(0, "not_allowed_now")})
    case("C-5_false_uno_on", "C-5",
         "C-5.4: with false_uno_penalty on, ann's call with 7 cards makes her draw 4",
         **kw, rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[act("ann", "uno")],
         expect={"turn": "ann", "draw_pile": 89, "hands": {"ann": S2_ANN + S2_THEN[:4]},
                 "applied": 1, "error": None},
         events=[ev("false_uno", by="ann"), *[ev("drew", by="ann", card=c) for c in S2_THEN[:4]]])
    case("C-5_repeated_call_with_penalty", "C-5",
         "C-5.4: with false_uno_penalty on, a second call after the due one is a call that is "
         "not due: ann draws 4",
         **kw, rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[*pre, play("ann", "R7", uno=True), act("ann", "uno")],
         expect={"turn": "bob", "draw_pile": 89, "hands": {"ann": ["G7", *S2_THEN[:4]]},
                 "applied": 7, "error": None},
         events=[ev("uno_called", by="ann"), ev("false_uno", by="ann")])
    last = {"ann": ["RS", "YS", "GS", "BS", "RS", "R7", "R2"], "bob": S2_BOB}
    case("C-5_uno_flag_on_last_card", "C-5",
         "C-5.4: an UNO flag on a player's last card is ignored (false_uno_penalty on) and the "
         "play stands: ann goes out",
         players=P2, hands=last, start="R1", then=S2_THEN,
         rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[*pre, play("ann", "R7", uno=True), play("bob", "R8"),
                  play("ann", "R2", uno=True)],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "draw_pile": 93,
                 "hands": {"ann": [], "bob": without(S2_BOB, "R8")},
                 "scores": {"ann": points(without(S2_BOB, "R8")), "bob": 0},
                 "applied": 8, "error": None},
         events=[ev("played", by="ann", card="R2"), ev("round_won", by="ann", amount=29)])
    case("C-5_uno_flag_not_needed_ignored", "C-5",
         "C-5.4: an UNO flag on a play that does not need it (7 cards -> 6) is ignored, "
         "false_uno_penalty on or not",
         players=P2, hands={"ann": A3["ann"], "bob": A3["bob"]}, start="R3", then=S2_THEN,
         rules={"preset": "classic", "options": {"false_uno_penalty": True}},
         actions=[play("ann", "R7", uno=True)],
         expect={"turn": "bob", "top": "R7", "draw_pile": 93,
                 "hands": {"ann": without(A3["ann"], "R7")}, "applied": 1, "error": None})


# ================================================================ C-6 Wild Draw Four challenge

def c6() -> None:
    four = ["B1", "B3", "G8", "G9"]
    six = four + ["Y8", "Y9"]
    guilty = {**A3, "ann": ["R7", "W+4", "G2", "Y4", "B6", "G7", "Y9"]}
    shown = without(guilty["ann"], "W+4")
    case("C-6_guilty", "C-6",
         "C-6: ann held red (R7) when she played the Wild Draw Four: bob's challenge makes her "
         "draw 4; bob draws nothing and plays; her hand is shown to bob",
         players=P3, hands=guilty, start="R3", then=four,
         actions=[play("ann", "W+4", "G"), act("bob", "challenge")],
         expect={"turn": "bob", "top": "W+4", "color": "G", "pending": None, "draw_pile": 82,
                 "hands": {"ann": shown + four, "bob": A3["bob"]}, "applied": 2, "error": None},
         events=[ev("played", by="ann", card="W+4", color="G"),
                 ev("challenged", by="bob", target="ann", card="W+4", reason="guilty"),
                 ev("hand_shown", by="ann", target="bob", cards=shown),
                 *[ev("drew", by="ann", card=c) for c in four]])
    innocent = {**A3, "ann": ["G3", "W+4", "W", "Y4", "B6", "G7", "Y9"]}
    shown = without(innocent["ann"], "W+4")
    case("C-6_innocent", "C-6",
         "C-6: ann held no red (G3 matches by number only, W is wild): bob's challenge fails, he "
         "draws 6 and loses his turn",
         players=P3, hands=innocent, start="R3", then=six,
         actions=[play("ann", "W+4", "B"), act("bob", "challenge")],
         expect={"turn": "cid", "top": "W+4", "color": "B", "pending": None, "draw_pile": 80,
                 "hands": {"ann": shown, "bob": A3["bob"] + six}, "applied": 2, "error": None},
         events=[ev("challenged", by="bob", target="ann", card="W+4", reason="innocent"),
                 ev("hand_shown", by="ann", target="bob", cards=shown),
                 *[ev("drew", by="bob", card=c) for c in six], ev("skipped", by="bob")])
    case("C-6_pending_then_accept_by_draw", "C-6",
         "C-6: after a Wild Draw Four the table waits for bob's decision; `draw` accepts it",
         players=P3, hands=innocent, start="R3", then=four,
         actions=[play("ann", "W+4", "B"), draw("bob")],
         expect={"turn": "cid", "pending": None, "color": "B", "draw_pile": 82,
                 "hands": {"bob": A3["bob"] + four}, "applied": 2, "error": None},
         events=[ev("played", by="ann", card="W+4", color="B"), ev("accepted", by="bob"),
                 *[ev("drew", by="bob", card=c) for c in four], ev("skipped", by="bob")])
    case("C-6_decision_pending", "C-6",
         "C-6: a Wild Draw Four waits for its victim's decision",
         players=P3, hands=innocent, start="R3", actions=[play("ann", "W+4", "B")],
         expect={"turn": "bob", "color": "B", "top": "W+4", "draw_pile": 86,
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 4},
                 "hands": {"bob": A3["bob"]}, "applied": 1, "error": None})
    after_wild = {"ann": ["W", "G3", "Y5", "B2", "RS", "R+2", "R7"],
                  "bob": ["R8", "R2", "W+4", "G5", "B7", "G9", "B1"],
                  "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"]}
    shown = without(after_wild["bob"], "W+4")
    case("C-6_colour_before_is_the_named_colour", "C-6",
         "C-6: the colour before bob's Wild Draw Four is the yellow ann named with her Wild; bob "
         "holds red but no yellow, so he is innocent and cid draws 6",
         players=P3, hands=after_wild, start="R3", then=six,
         actions=[play("ann", "W", "Y"), play("bob", "W+4", "G"), act("cid", "challenge")],
         expect={"turn": "ann", "color": "G", "top": "W+4", "draw_pile": 80,
                 "hands": {"bob": shown, "cid": after_wild["cid"] + six},
                 "applied": 3, "error": None},
         events=[ev("challenged", by="cid", target="bob", reason="innocent"),
                 ev("hand_shown", by="bob", target="cid", cards=shown),
                 ev("skipped", by="cid")])
    guilty_y = {**after_wild, "bob": ["R8", "Y2", "W+4", "G5", "B7", "G9", "B1"]}
    shown = without(guilty_y["bob"], "W+4")
    case("C-6_guilty_on_named_colour", "C-6",
         "C-6: bob holds Y2 while yellow (named with ann's Wild) is current: guilty, he draws 4 "
         "and cid plays",
         players=P3, hands=guilty_y, start="R3", then=four,
         actions=[play("ann", "W", "Y"), play("bob", "W+4", "G"), act("cid", "challenge")],
         expect={"turn": "cid", "color": "G", "top": "W+4", "draw_pile": 82,
                 "hands": {"bob": shown + four, "cid": after_wild["cid"]},
                 "applied": 3, "error": None},
         events=[ev("challenged", by="cid", target="bob", reason="guilty"),
                 ev("hand_shown", by="bob", target="cid", cards=shown)])


# ================================================================ C-7 draw pile

C7_HANDS = {
    "ann": ["W+4", "Y1", "Y2", "G1", "G2", "B1", "B2"],
    "cid": ["W+4", "Y3", "Y4", "G3", "G4", "B3", "B4"],
    "eve": ["W+4", "Y6", "Y7", "G6", "G7", "B6", "B7"],
    "fay": ["W+4", "Y8", "Y9", "G8", "G9", "B8", "B9"],
    "hal": ["W", "W", "W", "W", "R1", "R2", "R3"],
    "bob": ["R+2", "R+2", "R0", "R1", "R2", "R3", "R4"],
    "dan": ["R4", "R5", "R6", "R6", "R7", "R7", "R8"],
    "gus": ["R8", "R9", "R9", "RR", "RR", "RS", "RS"],
    "ivy": ["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
    "jon": ["B8", "B9", "G5", "G7", "G8", "G9", "Y5"],
}
# The 37 cards of the draw pile: none red, none wild, so none is playable on a Wild Draw Four
# naming red.
C7_THEN = (["Y0", "G0", "B0", "Y5", "G5", "B5"] + ["YS", "YS", "GS", "GS", "BS", "BS"]
           + ["YR", "YR", "GR", "GR", "BR", "BR"] + ["Y+2", "Y+2", "G+2", "G+2", "B+2", "B+2"]
           + ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9", "G1", "G2", "G3", "G4", "G6"])
assert len(C7_THEN) == 37
C7_TURN_DRAWERS = (TEN[6:] + TEN + TEN[:5])  # gus ... jon, ann ... jon, ann ... eve
assert len(C7_TURN_DRAWERS) == 19 and C7_TURN_DRAWERS[-1] == "eve"
C7_ACTIONS = [play("ann", "W+4", "R"), act("bob", "challenge"),
              play("cid", "W+4", "R"), act("dan", "challenge"),
              play("eve", "W+4", "R"), act("fay", "challenge"),
              *[draw(p) for p in C7_TURN_DRAWERS]]


def c7_hand(p: str, hands: dict[str, list[str]]) -> list[str]:
    """A C-7 player's hand after the 25 actions of C7_ACTIONS (known cards only)."""
    out = list(hands[p])
    if p in ("ann", "cid", "eve"):
        out.remove("W+4")
    if p in ("bob", "dan", "fay"):
        k = {"bob": 0, "dan": 6, "fay": 12}[p]
        out += C7_THEN[k:k + 6]
    out += [C7_THEN[18 + i] for i, q in enumerate(C7_TURN_DRAWERS) if q == p]
    return out


def c7() -> None:
    hands = C7_HANDS
    after = {p: c7_hand(p, hands) for p in TEN}
    kw: dict[str, Any] = {"players": TEN, "hands": C7_HANDS, "start": "R5", "then": C7_THEN}
    case("C-7_empty_pile_stays_empty", "C-7",
         "C-7: the draw pile runs out (37 cards drawn); nothing is reshuffled until a card must "
         "be drawn",
         **kw, actions=C7_ACTIONS,
         expect={"turn": "fay", "top": "W+4", "color": "R", "pending": None, "draw_pile": 0,
                 "hands": after, "applied": 25, "error": None},
         events=[ev("drew", by="eve", card=C7_THEN[-1])])
    case("C-7_reshuffle_when_drawing", "C-7",
         "C-7: fay must draw from the empty pile: the 3 discards under the top Wild Draw Four "
         "(R5 and two Wild Draw Fours, all playable) become the pile; she draws one, keeps it",
         **kw, actions=[*C7_ACTIONS, draw("fay"), pass_("fay")],
         expect={"turn": "gus", "top": "W+4", "color": "R", "draw_pile": 2,
                 "hands": {p: after[p] for p in TEN if p != "fay"}, "applied": 27,
                 "error": None},
         events=[ev("reshuffled", amount=3), ev("drew", by="fay"), ev("passed", by="fay")])
    case("C-7_draw_as_many_as_there_are", "C-7",
         "C-7 decision: gus loses a challenge and must draw 6, but only the 4 reshuffled discards "
         "exist: he draws those 4; then hal, wanting to draw with none left, simply passes",
         **kw, actions=[*C7_ACTIONS, play("fay", "W+4", "R"), act("gus", "challenge"), draw("hal")],
         expect={"turn": "ivy", "top": "W+4", "color": "R", "draw_pile": 0, "pending": None,
                 "hands": {p: after[p] for p in TEN if p not in ("fay", "gus")}
                 | {"fay": without(after["fay"], "W+4")},
                 "applied": 28, "error": None},
         events=[ev("challenged", by="gus", target="fay", reason="innocent"),
                 ev("reshuffled", amount=4), *[ev("drew", by="gus")] * 4,
                 ev("skipped", by="gus"), ev("passed", by="hal")])


# ================================================================ C-8 end of round, scoring

def c8() -> None:
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    case("C-8_last_card_draw_two", "C-8",
         "C-8.1: ann's last card is a Draw Two: bob draws 2 before the count (139 + 23 points)",
         players=P2, hands=d2, start="R1", then=D2_THEN, actions=D2_ACTIONS,
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "match_winner": None,
                 "hands": {"ann": [], "bob": D2_BOB + D2_THEN[:4]}, "draw_pile": 89,
                 "scores": {"ann": D2_POINTS, "bob": 0}, "pending": None, "applied": 7,
                 "error": None},
         events=[ev("played", by="ann", card="B+2"), ev("uno_called", by="ann"),
                 ev("played", by="ann", card="R+2"), ev("drew", by="bob", card="G4"),
                 ev("drew", by="bob", card="Y8"), ev("round_won", by="ann", amount=D2_POINTS)])
    w4 = {"ann": ["RS", "GS", "YS", "BS", "BR", "YR", "W+4"], "bob": D2_BOB}
    pre = [play("ann", c) for c in ["RS", "GS", "YS", "BS", "BR"]] + [
        play("ann", "YR", uno=True), play("ann", "W+4", "G")]
    kw: dict[str, Any] = {"players": P2, "hands": w4, "start": "R1", "then": D2_THEN}
    case("C-8_last_wild_draw_four_waits", "C-8",
         "C-8.1: a last Wild Draw Four still waits for bob's decision; the round is not over yet",
         **kw, actions=pre,
         expect={"turn": "bob", "round_winner": None, "finished": [],
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 4},
                 "hands": {"ann": [], "bob": D2_BOB}, "scores": {"ann": 0, "bob": 0},
                 "direction": 1, "applied": 7, "error": None})
    case("C-8_last_wild_draw_four_accepted", "C-8",
         "C-8.1: bob accepts ann's last Wild Draw Four: he draws 4, then the round is counted",
         **kw, actions=[*pre, act("bob", "accept")],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "pending": None,
                 "hands": {"ann": [], "bob": D2_BOB + D2_THEN[:4]}, "draw_pile": 89,
                 "scores": {"ann": points(D2_BOB + D2_THEN[:4]), "bob": 0},
                 "applied": 8, "error": None},
         events=[ev("accepted", by="bob"), *[ev("drew", by="bob", card=c) for c in D2_THEN[:4]],
                 ev("round_won", by="ann", amount=162)])
    case("C-8_last_wild_draw_four_challenged", "C-8",
         "C-8.1: a last Wild Draw Four is always legal: bob's challenge costs him 6 (C-6 "
         "innocent), drawn before the count",
         **kw, actions=[*pre, act("bob", "challenge")],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "pending": None,
                 "hands": {"ann": [], "bob": D2_BOB + D2_THEN}, "draw_pile": 87,
                 "scores": {"ann": points(D2_BOB + D2_THEN), "bob": 0},
                 "applied": 8, "error": None},
         events=[ev("challenged", by="bob", target="ann", reason="innocent"),
                 ev("hand_shown", by="ann", target="bob", cards=[]),
                 *[ev("drew", by="bob", card=c) for c in D2_THEN],
                 ev("round_won", by="ann", amount=165)])
    sc = {"ann": SC_ANN, "bob": SC_BOB, "cid": SC_CID}
    kw3: dict[str, Any] = {"players": P3, "hands": sc, "start": "R1", "then": CHAIN3_CID_DRAWS}
    case("C-8_scoring_values", "C-8",
         "C-8.2: ann scores every other hand: numbers at face value, Skip/Reverse/Draw Two 20, "
         "Wild/Wild Draw Four 50 (bob 152 + cid 175 = 327)",
         **kw3, actions=SC_ACTIONS,
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "match_winner": None,
                 "hands": {"ann": [], "bob": SC_BOB, "cid": SC_CID + CHAIN3_CID_DRAWS},
                 "scores": {"ann": 327, "bob": 0, "cid": 0}, "draw_pile": 80,
                 "applied": 13, "error": None},
         events=[ev("uno_called", by="ann"), ev("played", by="ann", card="GS"),
                 ev("round_won", by="ann", amount=327)])
    case("C-8_match_won_at_target", "C-8",
         "C-8.3: with target_score 300, ann's 327 wins the match; no next round",
         **kw3, rules={"preset": "classic", "options": {"target_score": 300}},
         actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 1, "round_winner": "ann", "match_winner": "ann",
                 "scores": {"ann": 327, "bob": 0, "cid": 0}, "applied": 13,
                 "error": err(13, "not_allowed_now")},
         events=[ev("round_won", by="ann", amount=327), ev("match_won", by="ann")])
    case("C-8_match_goes_on_below_target", "C-8",
         "C-8.3: below the target (500) the match goes on: next_round deals round 2 and the "
         "totals are kept",
         **kw3, actions=[*SC_ACTIONS, act("cid", "next_round")],
         expect={"round": 2, "round_winner": None, "match_winner": None, "finished": [],
                 "scores": {"ann": 327, "bob": 0, "cid": 0}, "applied": 14, "error": None},
         events=[ev("round_won", by="ann", amount=327), ev("round_started", amount=2)])
    case("C-8_round_over_refuses_play", "C-8",
         "C-8.1: once ann is out the round is over; only next_round is accepted",
         **kw3, actions=[*SC_ACTIONS, draw("bob")],
         expect={"round_winner": "ann", "turn": None, "applied": 13,
                 "hands": {"bob": SC_BOB}, "scores": {"ann": 327, "bob": 0, "cid": 0},
                 "draw_pile": 80, "error": err(13, "round_over")})
    c8_match()


def c8_match() -> None:
    """C-8.3 over two rounds. Round 1 uses a stacked deck; round 2 is dealt by the engine's seeded
    shuffle (see ROUND2_SEED)."""
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    round2: list[dict[str, Any]] = ROUND2_ACTIONS
    total = D2_POINTS + ROUND2_POINTS
    case("C-8_match_over_two_rounds", "C-8",
         f"C-8.3: target_score {total}: ann's {D2_POINTS} in round 1 is not enough; she scores "
         f"{ROUND2_POINTS} in round 2 (dealt by the seeded shuffle, seed {ROUND2_SEED}), reaching "
         "the target: she wins the match",
         players=P2, hands=d2, start="R1", then=D2_THEN, seed=ROUND2_SEED,
         rules={"preset": "classic", "options": {"target_score": ROUND2_TARGET}},
         actions=[*D2_ACTIONS, act("bob", "next_round"), *round2],
         expect={"round": 2, "round_winner": ROUND2_WINNER, "match_winner": ROUND2_MATCH_WINNER,
                 "scores": ROUND2_SCORES, "turn": None, "applied": 8 + len(round2),
                 "hands": {"ann": [], "bob": ROUND2_BOB_LEFT}, "error": None},
         events=[ev("round_won", by="ann", amount=D2_POINTS),
                 ev("round_started", by="ann", amount=2), ev("start_card", card="GS"),
                 ev("skipped", by="bob"),
                 ev("round_won", by=ROUND2_WINNER, amount=ROUND2_POINTS),
                 ev("match_won", by=ROUND2_MATCH_WINNER)])


# Round 2 of C-8_match_over_two_rounds, dealt by the engine's shuffle with seed 32 (REPLAY.md: the
# same file always gives the same result). Read once from the `dealt` events: ann (dealer) holds
# RR BS G+2 W W B5 R0, bob R4 Y4 G1 R5 B5 B9 Y5; the start card GS skips bob (C-3.3), and bob's
# Draw Two penalty brings him R6 and W+4. The actions follow those hands; the points are counted
# here (C-8.2) from what bob is left holding.
ROUND2_SEED = 32
ROUND2_ACTIONS: list[dict[str, Any]] = [
    play("ann", "G+2"), play("ann", "W", "R"), play("bob", "R4"), play("ann", "W", "B"),
    play("bob", "B9"), play("ann", "BS"), play("ann", "B5"), play("bob", "R5"),
    play("ann", "RR", uno=True), play("ann", "R0")]
ROUND2_BOB_LEFT = ["Y4", "G1", "B5", "Y5", "R6", "W+4"]
ROUND2_WINNER = "ann"
ROUND2_POINTS = points(ROUND2_BOB_LEFT)  # 4 + 1 + 5 + 5 + 6 + 50 = 71
ROUND2_TARGET = D2_POINTS + ROUND2_POINTS  # 233: reached exactly, which is enough
ROUND2_MATCH_WINNER = "ann"
ROUND2_SCORES = {"ann": D2_POINTS + ROUND2_POINTS, "bob": 0}


# ================================================================ C-9 what each player sees

def c9() -> None:
    case("C-9_drawn_card_is_private", "C-9",
         "C-9: ann draws B9; the referee sees it, the other players see only her hand size "
         "(test_golden checks the views)",
         players=P3, hands=A3, start="R3", then=["B9"], actions=[draw("ann")],
         expect={"turn": "bob", "hands": {**A3, "ann": A3["ann"] + ["B9"]}, "draw_pile": 85,
                 "applied": 1, "error": None},
         events=[ev("drew", by="ann", card="B9")])
    guilty = {**A3, "ann": ["R7", "W+4", "G2", "Y4", "B6", "G7", "Y9"]}
    shown = without(guilty["ann"], "W+4")
    case("C-9_challenge_shows_hand_once", "C-9",
         "C-9/C-6: the challenged hand is shown to the challenger alone, once (test_golden checks "
         "the views)",
         players=P3, hands=guilty, start="R3", then=["B1", "B3", "G8", "G9"],
         actions=[play("ann", "W+4", "G"), act("bob", "challenge")],
         expect={"turn": "bob", "applied": 2, "error": None, "draw_pile": 82,
                 "hands": {"ann": shown + ["B1", "B3", "G8", "G9"], "bob": A3["bob"]}},
         events=[ev("hand_shown", by="ann", target="bob", cards=shown)])


# ================================================================ C-10 a player leaves

def c10() -> None:
    a = A3
    case("C-10_leave_not_waited_for", "C-10",
         "C-10: cid leaves on ann's turn: his 7 cards go to the bottom of the draw pile (ann "
         "still draws the B9 that was on top); play passes him over",
         players=P3, hands=a, start="R3", then=["B9"],
         actions=[act("cid", "leave"), draw("ann"), play("bob", "R8")],
         expect={"turn": "ann", "draw_pile": 86 + 7 - 1, "top": "R8",
                 "hands": {"cid": [], "ann": a["ann"] + ["B9"]}, "applied": 3,
                 "error": None},
         events=[ev("left", by="cid"), ev("drew", by="ann", card="B9"),
                 ev("played", by="bob", card="R8")])
    case("C-10_leave_on_own_turn", "C-10",
         "C-10: ann leaves on her turn: the turn passes to bob; later cid -> bob, ann passed over",
         players=P3, hands=a, start="R3",
         actions=[act("ann", "leave"), play("bob", "R8"), play("cid", "R9")],
         expect={"turn": "bob", "draw_pile": 93, "top": "R9", "hands": {"ann": []},
                 "applied": 3, "error": None},
         events=[ev("left", by="ann"), ev("played", by="bob", card="R8"),
                 ev("played", by="cid", card="R9")])
    case("C-10_leave_after_drawing", "C-10",
         "C-10: ann leaves while deciding about a playable card she drew: her 8 cards go under "
         "the pile, bob plays",
         players=P3, hands=a, start="R3", then=["R9"],
         actions=[draw("ann"), act("ann", "leave")],
         expect={"turn": "bob", "draw_pile": 86 - 1 + 8, "top": "R3", "hands": {"ann": []},
                 "pending": None, "applied": 2, "error": None})
    w4 = {**a, "ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"]}
    case("C-10_leave_penalty_dropped", "C-10",
         "C-10: bob leaves while ann's Wild Draw Four waits for his decision: the penalty is "
         "dropped and cid plays",
         players=P3, hands=w4, start="R3", then=["B1", "B3", "G8", "G9"],
         actions=[play("ann", "W+4", "G"), act("bob", "leave"), play("cid", "G1")],
         expect={"turn": "ann", "pending": None, "draw_pile": 86 + 7, "top": "G1",
                 "hands": {"ann": without(w4["ann"], "W+4"), "bob": [],
                           "cid": without(a["cid"], "G1")},
                 "applied": 3, "error": None},
         events=[ev("left", by="bob"), ev("penalty_dropped"), ev("played", by="cid", card="G1")])
    col = {**a, "ann": ["Y1", "B2", "Y3", "B4", "G5", "W", "W+4"]}
    case("C-10_leave_colour_to_name", "C-10",
         "C-10: ann leaves while she must name the start Wild's colour: it is named as for a "
         "timed-out player, the colour she held most (Y and B tie: Y comes first)",
         players=P3, hands=col, start="W",
         actions=[act("ann", "leave"), play("bob", "Y2")],
         expect={"turn": "cid", "color": "Y", "top": "Y2", "pending": None, "draw_pile": 93,
                 "hands": {"ann": [], "bob": without(a["bob"], "Y2")}, "applied": 2,
                 "error": None},
         events=[ev("left", by="ann"), ev("color_chosen", color="Y"),
                 ev("played", by="bob", card="Y2")])
    wilds = {**a, "ann": ["W", "W", "W", "W+4", "W+4", "W+4", "W+4"]}
    case("C-10_leave_colour_no_coloured_card", "C-10",
         "C-10: ann, who must name the start Wild's colour, holds only wild cards and leaves: "
         "all colours tie at none, so red (first of R, Y, G, B) is named",
         players=P3, hands=wilds, start="W", actions=[act("ann", "leave")],
         expect={"turn": "bob", "color": "R", "top": "W", "pending": None, "draw_pile": 93,
                 "applied": 1, "error": None},
         events=[ev("left", by="ann"), ev("color_chosen", color="R")])
    own = {**a, "ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"]}
    case("C-10_leave_own_wild_draw_four", "C-10",
         "C-10: ann leaves while her own Wild Draw Four waits for bob's decision: the decision "
         "and its penalty are dropped; bob plays normally",
         players=P3, hands=own, start="R3", then=["B1", "B3", "G8", "G9"],
         actions=[play("ann", "W+4", "G"), act("ann", "leave"), play("bob", "G6")],
         expect={"turn": "cid", "pending": None, "draw_pile": 86 + 6, "top": "G6",
                 "hands": {"ann": [], "bob": without(a["bob"], "G6")}, "applied": 3,
                 "error": None},
         events=[ev("left", by="ann"), ev("played", by="bob", card="G6")])
    up = {"ann": ["RS", "YS", "GS", "BS", "RS", "R7", "G7"],
          "bob": ["R8", "Y2", "G3", "B4", "Y5", "G6", "B2"], "cid": ["R9", "Y7", "G1", "B6", "B5",
                                                                    "Y+2", "YR"]}
    chain = chain3(["RS", "YS", "GS", "BS", "RS"])
    case("C-10_leave_closes_uno_window", "C-10",
         "C-10: an UNO window on a player who leaves closes: ann played her next-to-last card "
         "without calling and left; she can no longer be caught",
         players=P3, hands=up, start="R1", then=CHAIN3_CID_DRAWS,
         actions=[*chain, draw("cid"), play("ann", "R7"), act("ann", "leave"),
                  catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 86 - 5 + 1, "hands": {"ann": []},
                 "applied": 12, "error": err(12, "not_allowed_now")})
    dealer4 = {"bob": SC_ANN, "cid": SC_BOB, "dan": SC_CID}
    chain4 = []
    for i, c in enumerate(SC_ANN):
        chain4.append(play("bob", c, uno=(i == 5)))
        if i < 6:
            chain4.append(draw("dan"))
    case("C-10_dealer_passes_over_left_seat", "C-10",
         "C-10: the dealer role passes on by seat: dan dealt round 1; ann, next in line, has "
         "left, so bob deals round 2 (from cid); ann's cards do not count for bob",
         players=P4, hands=dealer4, start="R1", then=CHAIN3_CID_DRAWS,
         actions=[act("ann", "leave"), *chain4, act("cid", "next_round")],
         expect={"round": 2, "scores": {"ann": 0, "bob": SC_POINTS, "cid": 0, "dan": 0},
                 "hands": {"ann": []}, "applied": 15, "error": None},
         events=[ev("round_started", by="dan", amount=1), ev("left", by="ann"),
                 ev("round_won", by="bob", amount=SC_POINTS),
                 ev("round_started", by="bob", amount=2), ev("dealt", by="cid"),
                 ev("dealt", by="dan"), ev("dealt", by="bob"), ev("start_card")])
    case("C-10_forfeit_last_player", "C-10",
         "C-10: cid and bob leave; ann, alone, wins the round and the match by forfeit, "
         "scoring nothing",
         players=P3, hands=a, start="R3", actions=[act("cid", "leave"), act("bob", "leave")],
         expect={"round_winner": "ann", "match_winner": "ann", "finished": ["ann"],
                 "turn": None, "scores": {"ann": 0, "bob": 0, "cid": 0},
                 "hands": {"bob": [], "cid": []}, "applied": 2, "error": None},
         events=[ev("left", by="cid"), ev("left", by="bob"),
                 ev("round_won", by="ann", amount=0, reason="forfeit"),
                 ev("match_won", by="ann")])
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    case("C-10_forfeit_keeps_earlier_scores", "C-10",
         "C-10: bob leaves in round 2; ann wins the match by forfeit, scoring no points for "
         "the round (her round-1 total stays)",
         players=P2, hands=d2, start="R1", then=D2_THEN,
         actions=[*D2_ACTIONS, act("bob", "next_round"), act("bob", "leave")],
         expect={"round": 2, "round_winner": "ann", "match_winner": "ann", "finished": ["ann"],
                 "turn": None, "scores": {"ann": D2_POINTS, "bob": 0}, "applied": 9,
                 "error": None},
         events=[ev("round_started", amount=2), ev("left", by="bob"),
                 ev("round_won", by="ann", amount=0, reason="forfeit"),
                 ev("match_won", by="ann")])


# ================================================================ REPLAY.md error codes

def errors() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3"}

    def e(name: str, title: str, actions: list[dict[str, Any]], index: int, code: str,
          **more: Any) -> None:
        extra = more.pop("expect", {})
        setup = {**kw, **more}
        if index == 0:  # the state is the one before the refused action: the deal as it was
            players = setup["players"]
            extra = {"turn": players[0], "hands": setup["hands"],
                     "draw_pile": 108 - 7 * len(players) - 1, "top": setup["start"], **extra}
        case(f"REPLAY_{name}", "REPLAY", f"REPLAY.md error codes: {title}",
             **setup, actions=actions,
             expect={"applied": index, "error": err(index, code), **extra})

    e("unknown_player", "`by` is not a player", [draw("zed")], 0, "unknown_player",
      expect={"turn": "ann", "hands": a, "draw_pile": 86})
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    e("unknown_player_before_round_over", "unknown_player comes before round_over",
      [*D2_ACTIONS, play("zed", "R1")], 7, "unknown_player",
      players=P2, hands=d2, start="R1", then=D2_THEN,
      expect={"round_winner": "ann", "scores": {"ann": D2_POINTS, "bob": 0}})
    e("round_over_before_not_your_turn",
      "round_over comes before not_your_turn and card_not_in_hand",
      [*D2_ACTIONS, play("bob", "B5")], 7, "round_over",
      players=P2, hands=d2, start="R1", then=D2_THEN,
      expect={"round_winner": "ann", "hands": {"bob": D2_BOB + D2_THEN[:4]}})
    e("not_your_turn", "bob plays his matching R8 on ann's turn", [play("bob", "R8")], 0,
      "not_your_turn", expect={"turn": "ann", "hands": a, "top": "R3"})
    e("not_your_turn_before_card_not_in_hand",
      "bob plays B0, which he does not hold, on ann's turn", [play("bob", "B0")], 0,
      "not_your_turn")
    e("not_your_turn_draw", "bob draws on ann's turn", [draw("bob")], 0, "not_your_turn",
      expect={"draw_pile": 86, "hands": a})
    e("not_your_turn_before_not_allowed_now_challenge",
      "bob challenges on ann's turn with nothing to challenge: not_your_turn comes first",
      [act("bob", "challenge")], 0, "not_your_turn")
    e("not_your_turn_before_not_allowed_now_accept",
      "bob accepts on ann's turn with nothing to accept: not_your_turn comes first",
      [act("bob", "accept")], 0, "not_your_turn")
    e("not_your_turn_before_not_allowed_now_pass",
      "bob passes on ann's turn: not_your_turn comes first", [pass_("bob")], 0, "not_your_turn")
    w4 = {**a, "ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"]}
    e("not_your_turn_challenge_of_another", "cid challenges the Wild Draw Four played on bob",
      [play("ann", "W+4", "G"), act("cid", "challenge")], 1, "not_your_turn", hands=w4,
      expect={"pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 4},
              "turn": "bob", "draw_pile": 86, "hands": {"bob": a["bob"], "cid": a["cid"]}})
    e("not_your_turn_play_while_challenge_waits",
      "ann plays while the table waits for bob's decision",
      [play("ann", "W+4", "G"), play("ann", "G3")], 1, "not_your_turn", hands=w4,
      expect={"turn": "bob", "top": "W+4", "hands": {"ann": without(w4["ann"], "W+4")}})
    e("not_your_turn_colour", "bob names the start Wild's colour that ann must name",
      [act("bob", "color", color="G")], 0, "not_your_turn", start="W",
      expect={"pending": {"kind": "color", "by": "ann"}, "turn": "ann"})
    e("card_not_in_hand", "ann plays R5, which matches but is not in her hand",
      [play("ann", "R5")], 0, "card_not_in_hand", expect={"hands": a, "top": "R3"})
    e("card_not_in_hand_before_card_does_not_match",
      "ann plays B0: not in her hand and not matching", [play("ann", "B0")], 0,
      "card_not_in_hand")
    e("card_not_in_hand_before_not_allowed_now",
      "after drawing a playable R9, ann plays B0, which she does not hold",
      [draw("ann"), play("ann", "B0")], 1, "card_not_in_hand", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_pass_before_draw", "ann passes before drawing", [pass_("ann")], 0,
      "not_allowed_now", expect={"turn": "ann"})
    e("not_allowed_now_challenge_nothing", "ann challenges with nothing to challenge",
      [act("ann", "challenge")], 0, "not_allowed_now")
    e("not_allowed_now_draw_twice", "ann draws a playable R9, then draws again",
      [draw("ann"), draw("ann")], 1, "not_allowed_now", then=["R9", "R2"],
      expect={"draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_catch_nobody", "bob catches ann, who owes no call",
      [catch("bob", "ann")], 0, "not_allowed_now", expect={"hands": a})
    e("not_allowed_now_before_invalid_target",
      "a catch without target while nobody may be caught", [catch("bob", None)], 0,
      "not_allowed_now")
    e("not_allowed_now_before_card_does_not_match",
      "after drawing a playable R9, ann plays her B2, which does not match either",
      [draw("ann"), play("ann", "B2")], 1, "not_allowed_now", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_before_color_required",
      "after drawing a playable R9, ann plays her Wild without a colour",
      [draw("ann"), play("ann", "W")], 1, "not_allowed_now", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_play_instead_of_answer",
      "bob plays a card instead of answering the Wild Draw Four",
      [play("ann", "W+4", "G"), play("bob", "G6")], 1, "not_allowed_now", hands=w4,
      expect={"turn": "bob", "hands": {"bob": a["bob"]}})
    e("not_allowed_now_colour_without_wild", "ann names a colour nobody asked for",
      [act("ann", "color", color="G")], 0, "not_allowed_now", expect={"color": "R"})
    e("not_allowed_now_next_round_during_round", "next_round while the round is played",
      [act("ann", "next_round")], 0, "not_allowed_now", expect={"round": 1})
    e("not_allowed_now_slap_without_uno_slap", "a slap when H-8 is off",
      [act("bob", "slap")], 0, "not_allowed_now")
    e("color_required_missing", "ann plays her Wild without a colour", [play("ann", "W")], 0,
      "color_required", expect={"hands": a, "top": "R3"})
    e("color_required_not_a_colour", "ann names P (a Flip colour) with her Wild",
      [play("ann", "W", "P")], 0, "color_required")
    e("color_required_start_wild", "ann names X for the start Wild",
      [act("ann", "color", color="X")], 0, "color_required", start="W",
      expect={"pending": {"kind": "color", "by": "ann"}})
    s2 = {"ann": S2_ANN, "bob": S2_BOB}
    pre = [*S2_PREFIX, play("ann", "R7")]
    e("invalid_target_missing", "bob catches without naming anyone while ann may be caught",
      [*pre, catch("bob", None)], 6, "invalid_target", players=P2, hands=s2, start="R1",
      expect={"hands": {"ann": ["G7"]}})
    e("invalid_target_unknown", "bob catches zed", [*pre, catch("bob", "zed")], 6,
      "invalid_target", players=P2, hands=s2, start="R1",
      expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"], "bob": S2_BOB}})
    e("invalid_target_self", "bob catches himself while ann may be caught",
      [*pre, catch("bob", "bob")], 6, "invalid_target", players=P2, hands=s2, start="R1",
      expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"], "bob": S2_BOB}})
    case("REPLAY_speak_accepted", "REPLAY",
         "REPLAY.md: `speak` is accepted and without effect when no silence is on",
         players=P3, hands=a, start="R3", actions=[act("bob", "speak"), play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "applied": 2, "error": None, "draw_pile": 86,
                 "hands": {"ann": without(a["ann"], "R7"), "bob": a["bob"]}})


# ================================================================ writing

def _fmt(value: Any, indent: int, used: int = 0) -> str:
    """JSON with short values on one line (100 columns), long lists of strings wrapped."""
    flat = json.dumps(value, ensure_ascii=False)
    if used + len(flat) <= 100 or not isinstance(value, (dict, list)) or not value:
        return flat
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = f"{inner}{json.dumps(k)}: "
            items.append(key + _fmt(v, indent + 2, len(key)))
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if all(not isinstance(v, (dict, list)) for v in value):
        lines, line = [], ""
        for v in value:
            piece = json.dumps(v, ensure_ascii=False)
            if line and len(inner) + len(line) + len(piece) + 3 > 100:
                lines.append(line)
                line = ""
            line = f"{line}, {piece}" if line else piece
        lines.append(line)
        return "[\n" + ",\n".join(inner + ln for ln in lines) + "\n" + pad + "]"
    items = [inner + _fmt(v, indent + 2, len(inner)) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def build() -> dict[str, dict[str, Any]]:
    for section in (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, errors):
        section()
    return CASES


def main() -> int:
    build()
    GOLDEN.mkdir(exist_ok=True)
    # Only this script's own files (C-*, REPLAY_*); make_golden_house.py writes the others.
    for old in [*GOLDEN.glob("C-*.json"), *GOLDEN.glob("REPLAY_*.json")]:
        old.unlink()
    for name, data in CASES.items():
        (GOLDEN / f"{name}.json").write_text(_fmt(data, 0) + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} golden files to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
