"""Golden cases of the classic rules C-1..C-4: the deck, players and seats, setting up a
round, a turn.

Deck sizes: see __init__.py.
"""

from __future__ import annotations

from tests.engine.golden_cases.common import (
    A3,
    CHAIN3_CID_DRAWS,
    SC_ACTIONS,
    SC_ANN,
    SC_BOB,
    SC_CID,
    SC_POINTS,
    dealt_events,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    TEN,
    act,
    case,
    draw,
    err,
    ev,
    pass_,
    play,
    without,
)

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


SECTIONS = (c1, c2, c3, c4)
