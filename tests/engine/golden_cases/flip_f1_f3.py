"""Golden cases of UNO Flip F-1..F-3: the deck and its notation, what is visible, the setup.

F-1/P: the Flip files for section P's "H options that make sense in Flip" (jump_in, seven_zero
with only the 7) are filed under F-1 (Flip has no 0); a jump-in card is identical on both faces,
so no reading of "identical" is needed.

Readings taken where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.flip_common import (
    A3,
    D2_AFTER,
    D2_ANN,
    D2_BOB,
    D2_PLAYS,
    F3,
    F3_AFTER,
    F3_THEN,
    FLIP,
    case,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P6,
    TEN,
    act,
    color,
    draw,
    ev,
    ok,
    play,
    refused,
    without,
)

# ================================================================ F-1 deck and notation

def f1() -> None:
    hands = {
        "ann": ["R5/T+5", "W+2/OSA", "W/WDC", "W+2/W", "RF/PF", "Y+1/V+5", "G9/O1"],
        "bob": ["R1/P1", "Y2/T2", "G3/O3", "B4/V4", "RR/TR", "YS/PSA", "B+1/O+5"],
        "cid": ["G7/V7", "B8/P8", "W/T6", "Y6/WDC", "GF/VF", "BS/OR",
                "R2/P9"],
    }
    exp = {"round": 1, "side": "light", "hands": hands, "draw_pile": 90, "top": "B6",
           "color": "B", "turn": "ann", "direction": 1, "pending": None,
           "scores": dict.fromkeys(P3, 0), "round_winner": None, "match_winner": None,
           "finished": [], **ok(0)}
    case("F-1_deck_of_112_dealt", "F-1",
         "F-1: a 112-card Flip deck, faces paired in any way (R5/T+5, W+2/OSA, W/WDC ...); three "
         "hands of 7 and the start card leave 90; the round starts on the light side, `top` is "
         "the active face alone, `hands` are written light/dark",
         players=P3, hands=hands, start="B6/O7", actions=[], expect=exp)
    case("F-1_rules_preset_object", "F-1",
         "F-1/REPLAY.md: `{\"preset\": \"flip\"}` is the Flip preset as well",
         players=P3, hands=hands, start="B6/O7", actions=[], rules={"preset": "flip"},
         expect=exp)
    case("F-1_two_players_pile", "F-1",
         "F-1: two hands of 7 and the start card leave 97 of the 112 cards in the draw pile",
         players=P2, hands={}, start="G4/V2", actions=[],
         expect={"side": "light", "draw_pile": 97, "top": "G4", "color": "G", "turn": "ann",
                 **ok(0)})
    case("F-1_ten_players_pile", "F-1",
         "F-1: ten hands of 7 and the start card leave 41 of the 112 cards in the draw pile",
         players=TEN, hands={}, start="Y4/T8", actions=[],
         expect={"side": "light", "draw_pile": 41, "top": "Y4", "color": "Y", "turn": "ann",
                 **ok(0)})
    first = {**A3, "ann": ["R7/P2", "G3/O4", "R7/V9", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]}
    case("F-1_play_by_active_face_takes_first", "F-1",
         "REPLAY.md: `card` may be the active face alone: ann's `R7` is the first R7 in her hand "
         "(R7/P2), her R7/V9 stays; the event names the card light/dark",
         players=P3, hands=first, start="R3/T7", actions=[play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "color": "R", "side": "light",
                 "hands": {"ann": ["G3/O4", "R7/V9", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]},
                 **ok(1)},
         events=[ev("played", by="ann", card="R7/P2")])
    case("F-1_play_by_full_notation", "F-1",
         "REPLAY.md: `card` written light/dark names that very card: ann plays her second R7 "
         "(R7/V9), R7/P2 stays",
         players=P3, hands=first, start="R3/T7", actions=[play("ann", "R7/V9")],
         expect={"turn": "bob", "top": "R7", "color": "R",
                 "hands": {"ann": ["R7/P2", "G3/O4", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]},
                 **ok(1)},
         events=[ev("played", by="ann", card="R7/V9")])
    drawn = {**A3, "ann": ["R5/P1", "G3/O4", "Y5/V6", "B2/T1", "Y4/PR", "G+1/O+5", "B7/V9"]}
    case("F-1_play_drawn_card_by_face", "F-1",
         "REPLAY.md: after a draw, the active face alone names the drawn card: ann holds R5/P1, "
         "draws R5/O6 and plays `R5`: the drawn R5/O6 is played, R5/P1 stays",
         players=P3, hands=drawn, start="R3/T7", then=["R5/O6"],
         actions=[draw("ann"), play("ann", "R5")],
         expect={"turn": "bob", "top": "R5", "color": "R", "draw_pile": 89,
                 "hands": {"ann": drawn["ann"]}, **ok(2)},
         events=[ev("drew", by="ann", card="R5/O6"), ev("played", by="ann", card="R5/O6")])
    case("F-1_play_by_dark_face", "F-1",
         "REPLAY.md: on the dark side the active face alone is the dark face: bob plays `T4` "
         "(R8/T4) on T7; `top` is T4",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER,
         actions=[FLIP, play("bob", "T4")],
         expect={"side": "dark", "turn": "cid", "top": "T4", "color": "T",
                 "hands": {"bob": without(F3["bob"], "R8/T4")}, **ok(2)},
         events=[ev("played", by="bob", card="R8/T4")])
    case("F-1_inactive_face_alone_is_not_a_card_in_hand", "F-1",
         "REPLAY.md: on the light side the active face alone is the light face: naming "
         "ann's inactive face P2 (of R7/P2) finds no card whose active face is P2",
         players=P3, hands=A3, start="R3/T7", actions=[play("ann", "P2")],
         expect={"turn": "ann", "top": "R3", "hands": {"ann": A3["ann"]},
                 **refused(0, "card_not_in_hand")})
    # Each round starts on the light side: the dark round of F-9, then next_round.
    case("F-1_each_round_starts_light", "F-1",
         "F-1: each round starts on the light side: round 1 ends on the dark side, round 2 is "
         "dealt light side up",
         players=P2, hands={"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB}, start="R3/T7",
         after_flip=D2_AFTER, actions=[*D2_PLAYS, play("ann", "Y8/P5"), act("bob", "next_round")],
         expect={"round": 2, "side": "light", "round_winner": None, "finished": [],
                 "scores": {"ann": 200, "bob": 0}, **ok(len(D2_PLAYS) + 2)},
         events=[ev("round_won", by="ann", amount=200)])
    # P: H options that make sense in Flip are accepted.
    jump = {**A3, "cid": ["R7/P2", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"]}
    case("F-1_P_jump_in_in_flip", "F-1",
         "P/H-2: jump_in is accepted in Flip: cid's R7/P2, identical (both faces) to ann's, "
         "jumps in; play continues from cid (bob loses his turn)",
         players=P3, hands=jump, start="R3/T7", rules={"preset": "flip",
                                                       "options": {"jump_in": True}},
         actions=[play("ann", "R7/P2"), play("cid", "R7/P2")],
         expect={"turn": "ann", "top": "R7", "color": "R", "side": "light",
                 "hands": {"ann": without(jump["ann"], "R7/P2"), "bob": jump["bob"],
                           "cid": without(jump["cid"], "R7/P2")}, **ok(2)},
         events=[ev("played", by="ann", card="R7/P2"), ev("played", by="cid", card="R7/P2")])
    case("F-1_P_seven_zero_seven_in_flip", "F-1",
         "P/H-3: seven_zero is accepted in Flip (Flip has no 0, only the 7 acts): ann's R7 "
         "swaps hands with cid",
         players=P3, hands=A3, start="R3/T7", rules={"preset": "flip",
                                                     "options": {"seven_zero": True}},
         actions=[play("ann", "R7/P2", target="cid")],
         expect={"turn": "bob", "top": "R7", "side": "light",
                 "hands": {"ann": A3["cid"], "bob": A3["bob"],
                           "cid": without(A3["ann"], "R7/P2")}, **ok(1)},
         events=[ev("played", by="ann", card="R7/P2")])


# ================================================================ F-2 what is visible

def f2() -> None:
    case("F-2_inactive_faces_dealt", "F-2",
         "F-2: on the light side each player sees the dark faces of the other hands and of the "
         "draw pile's top card (Y9/P6: P6) (test_flip_view checks the views)",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER, actions=[],
         expect={"side": "light", "hands": F3, "draw_pile": 90, "top": "R3", **ok(0)})
    case("F-2_inactive_faces_after_flip", "F-2",
         "F-2: after the Flip each player sees the light faces of the other hands and of the "
         "draw pile's new top card (G9/O2: G9) (test_flip_view checks the views)",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER, actions=[FLIP],
         expect={"side": "dark", "hands": {**F3, "ann": without(F3["ann"], "RF/P3")},
                 "draw_pile": 90, "top": "T7", **ok(1)})


# ================================================================ F-3 setup

def f3() -> None:
    base = {"round": 1, "side": "light", "direction": 1, "pending": None, "draw_pile": 90,
            "hands": A3}
    kw: dict[str, Any] = {"players": P3, "hands": A3}
    case("F-3_number_start", "F-3",
         "F-3/C-3: a number start card sets the colour; ann, left of the dealer (cid), plays",
         **kw, start="G4/V2", actions=[], expect={**base, "turn": "ann", "top": "G4",
                                                  "color": "G", **ok(0)})
    case("F-3_draw_one_start", "F-3",
         "F-3: a Draw One start card: ann, left of the dealer, draws 1 and is skipped",
         **kw, start="R+1/V7", then=["G8/O3"], actions=[],
         expect={**base, "turn": "bob", "top": "R+1", "color": "R", "draw_pile": 89,
                 "hands": {**A3, "ann": A3["ann"] + ["G8/O3"]}, **ok(0)},
         events=[ev("drew", by="ann", card="G8/O3"), ev("skipped", by="ann")])
    case("F-3_skip_start", "F-3",
         "F-3/C-3: a Skip start card skips ann, left of the dealer",
         **kw, start="BS/T9", actions=[],
         expect={**base, "turn": "bob", "top": "BS", "color": "B", **ok(0)},
         events=[ev("skipped", by="ann")])
    case("F-3_reverse_start", "F-3",
         "F-3/C-3: a Reverse start card: the dealer (cid) plays first, counter-clockwise (then "
         "bob)",
         **kw, start="BR/O7", actions=[play("cid", "B5/P9")],
         expect={**base, "turn": "bob", "direction": -1, "top": "B5", "color": "B",
                 "hands": {**A3, "cid": without(A3["cid"], "B5/P9")}, **ok(1)},
         events=[ev("played", by="cid", card="B5/P9")])
    case("F-3_wild_start_waits_for_colour", "F-3",
         "F-3: a Wild start card: the table waits for ann (left of the dealer) to name the "
         "colour",
         **kw, start="W/T5", actions=[],
         expect={**base, "turn": "ann", "top": "W", "pending": {"kind": "color", "by": "ann"},
                 **ok(0)})
    case("F-3_wild_start", "F-3",
         "F-3: a Wild start card: ann names green, then plays G3",
         **kw, start="W/T5", actions=[color("ann", "G"), play("ann", "G3/O4")],
         expect={**base, "turn": "bob", "top": "G3", "color": "G",
                 "hands": {**A3, "ann": without(A3["ann"], "G3/O4")}, **ok(2)},
         events=[ev("color_chosen", by="ann", color="G"), ev("played", by="ann", card="G3/O4")])
    case("F-3_wild_draw_two_start_waits_for_colour", "F-3",
         "F-3: a Wild Draw Two start card: the table waits for ann to name the colour; nobody "
         "draws",
         **kw, start="W+2/P7", actions=[],
         expect={**base, "turn": "ann", "top": "W+2", "pending": {"kind": "color", "by": "ann"},
                 **ok(0)})
    case("F-3_wild_draw_two_start", "F-3",
         "F-3: a Wild Draw Two start card: ann names yellow, nobody draws, and ann plays (reading: "
         "as after a Wild start card)",
         **kw, start="W+2/P7", actions=[color("ann", "Y"), play("ann", "Y5/V6")],
         expect={**base, "turn": "bob", "top": "Y5", "color": "Y",
                 "hands": {**A3, "ann": without(A3["ann"], "Y5/V6")}, **ok(2)},
         events=[ev("color_chosen", by="ann", color="Y"), ev("played", by="ann", card="Y5/V6")])
    # Every light action card but the start Flip is held, so whatever the reshuffle turns up
    # next is a number card (or the Flip again, returned again): nobody draws or is skipped.
    actions_l = ([c + r for r in ("+1", "S", "R", "F") for c in "RYGB" for _ in range(2)]
                 + ["W"] * 4 + ["W+2"] * 4)
    actions_l.remove("RF")
    lights = actions_l + ["R1", "Y1", "G1"]
    darks = [c + r for c in "PT" for r in "123456789" for _ in range(2)] + ["O1", "O1", "O2",
                                                                            "O2", "O3", "O3"]
    assert len(lights) == len(darks) == 42
    cards = [f"{a}/{b}" for a, b in zip(lights, darks, strict=True)]
    h6 = {p: cards[7 * i:7 * i + 7] for i, p in enumerate(P6)}
    case("F-3_flip_start_returned", "F-3",
         "F-3 decision: a Flip start card is returned, the pile reshuffled and another card "
         "turned up; the round stays on the light side and ann plays first",
         players=P6, hands=h6, start="RF/O4", actions=[],
         expect={"round": 1, "side": "light", "turn": "ann", "direction": 1, "pending": None,
                 "hands": h6, "draw_pile": 112 - 42 - 1, **ok(0)})


SECTIONS = (f1, f2, f3)
