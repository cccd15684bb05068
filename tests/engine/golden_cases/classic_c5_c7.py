"""Golden cases of the classic rules C-5..C-7: the UNO call and catch, the Wild Draw Four
challenge, the draw pile.

Deck sizes: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    CHAIN3_CID_DRAWS,
    S2_ANN,
    S2_BOB,
    S2_PREFIX,
    S2_THEN,
    chain3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    TEN,
    act,
    case,
    catch,
    draw,
    err,
    ev,
    pass_,
    play,
    points,
    without,
)

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


SECTIONS = (c5, c6, c7)
