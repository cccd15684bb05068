"""Golden cases of UNO Flip F-4..F-7: the Flip, the light actions, the dark actions, the
wild cards.

Readings taken where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.flip_common import (
    A3,
    A3_THEN,
    F3,
    F3_AFTER,
    F3_THEN,
    FLIP,
    case,
)
from tests.engine.golden_dsl import (
    CASES,
    P2,
    P3,
    TEN,
    act,
    color,
    draw,
    drew,
    ev,
    ok,
    play,
    refused,
    without,
)
from tests.engine.support import (
    dk,
    pick,
)

# ================================================================ F-4 the Flip

def f4() -> None:
    kw: dict[str, Any] = {"players": P3, "hands": F3, "start": "R3/T7", "then": F3_THEN,
                          "after_flip": F3_AFTER}
    ann = without(F3["ann"], "RF/P3")
    case("F-4_flip_to_dark", "F-4",
         "F-4: ann's Flip turns everything: the discard pile's former bottom card (the start "
         "card R3/T7) is the new top, showing T7; side dark; bob plays next",
         **kw, actions=[FLIP],
         expect={"side": "dark", "top": "T7", "color": "T", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 90, "hands": {**F3, "ann": ann}, **ok(1)},
         events=[ev("played", by="ann", card="RF/P3"), ev("flipped", by="ann")])
    case("F-4_match_new_top_face", "F-4",
         "F-4: matching continues against the new top face: bob's R8/T4 is teal on T7",
         **kw, actions=[FLIP, play("bob", "R8/T4")],
         expect={"side": "dark", "top": "T4", "color": "T", "turn": "cid",
                 "hands": {"bob": without(F3["bob"], "R8/T4")}, **ok(2)},
         events=[ev("flipped", by="ann"), ev("played", by="bob", card="R8/T4")])
    case("F-4_old_face_does_not_match", "F-4",
         "F-4: hands turn too: bob's R9/O1 (whose light face matched R3) now shows O1, which "
         "does not match T7",
         **kw, actions=[FLIP, play("bob", "R9/O1")],
         expect={"side": "dark", "top": "T7", "turn": "bob", "hands": {"bob": F3["bob"]},
                 **refused(1, "card_does_not_match")})
    case("F-4_draw_pile_reversed", "F-4",
         "F-4: the draw pile is turned over, its order reversed: bob then cid draw the deck's "
         "last two cards, G9/O2 then B9/V1 (unplayable on T7: each turn passes)",
         **kw, actions=[FLIP, draw("bob"), draw("cid")],
         expect={"side": "dark", "top": "T7", "turn": "ann", "draw_pile": 88,
                 "hands": {"bob": F3["bob"] + ["G9/O2"], "cid": F3["cid"] + ["B9/V1"]},
                 **ok(3)},
         events=[ev("drew", by="bob", card="G9/O2"), ev("drew", by="cid", card="B9/V1")])
    case("F-4_flip_back_to_light", "F-4",
         "F-4: cid's teal Flip (Y7/TF) turns everything back: the pile's bottom card, ann's "
         "RF/P3, is the new top showing RF (its action is not carried out); the draw pile is in "
         "its first order again: ann draws Y9/P6 (unplayable on RF)",
         **kw, actions=[FLIP, play("bob", "R8/T4"), play("cid", "Y7/TF"), draw("ann")],
         expect={"side": "light", "top": "RF", "color": "R", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 89,
                 "hands": {"ann": ann + ["Y9/P6"], "bob": without(F3["bob"], "R8/T4"),
                           "cid": without(F3["cid"], "Y7/TF")}, **ok(4)},
         events=[ev("flipped", by="ann"), ev("played", by="cid", card="Y7/TF"),
                 ev("flipped", by="cid"), ev("drew", by="ann", card="Y9/P6")])
    case("F-4_flip_back_then_match_light", "F-4",
         "F-4: after the Flip back the top is RF: ann's red Skip matches it by colour and skips "
         "bob",
         **kw, actions=[FLIP, play("bob", "R8/T4"), play("cid", "Y7/TF"), play("ann", "RS/PR")],
         expect={"side": "light", "top": "RS", "color": "R", "turn": "cid",
                 "hands": {"ann": without(ann, "RS/PR")}, **ok(4)},
         events=[ev("played", by="ann", card="RS/PR"), ev("skipped", by="bob")])
    wild = {**kw, "start": "R3/W"}
    case("F-4_new_top_wild_waits_for_flipper", "F-4",
         "F-4 decision: the new top face is a Wild (R3/W): ann, who played the Flip, must name "
         "the colour",
         **wild, actions=[FLIP],
         expect={"side": "dark", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **ok(1)},
         events=[ev("flipped", by="ann")])
    case("F-4_new_top_wild_colour_named", "F-4",
         "F-4 decision: ann names orange for the new top Wild; bob plays next",
         **wild, actions=[FLIP, color("ann", "O")],
         expect={"side": "dark", "top": "W", "color": "O", "turn": "bob", "pending": None,
                 **ok(2)},
         events=[ev("flipped", by="ann"), ev("color_chosen", by="ann", color="O")])
    case("F-4_new_top_wild_draw_colour_not_carried_out", "F-4",
         "F-4 decision: the new top face is a Wild Draw Colour (R3/WDC): ann names violet, its "
         "action is not carried out: nobody draws, bob plays",
         **{**kw, "start": "R3/WDC"}, actions=[FLIP, color("ann", "V")],
         expect={"side": "dark", "top": "WDC", "color": "V", "turn": "bob", "pending": None,
                 "draw_pile": 90, "hands": {**F3, "ann": ann}, **ok(2)},
         events=[ev("flipped", by="ann"), ev("color_chosen", by="ann", color="V")])
    case("F-4_new_top_draw_five_not_carried_out", "F-4",
         "F-4 decision: the new top face is a Draw Five (R3/T+5): bob does not draw; he plays "
         "R8/T4 on it (teal)",
         **{**kw, "start": "R3/T+5"}, actions=[FLIP, play("bob", "R8/T4")],
         expect={"side": "dark", "top": "T4", "color": "T", "turn": "cid", "pending": None,
                 "draw_pile": 90, "hands": {**F3, "ann": ann, "bob": without(F3["bob"], "R8/T4")},
                 **ok(2)},
         events=[ev("flipped", by="ann"), ev("played", by="bob", card="R8/T4")])


# ================================================================ F-5 light actions

def f5() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3/T7", "then": A3_THEN}
    case("F-5_draw_one", "F-5",
         "F-5: Draw One: bob draws 1 at once and loses his turn",
         **kw, actions=[play("ann", "R+1/O+5")],
         expect={"side": "light", "top": "R+1", "color": "R", "turn": "cid", "pending": None,
                 "draw_pile": 89, "hands": {"ann": without(a["ann"], "R+1/O+5"),
                                            "bob": a["bob"] + ["G8/O3"]}, **ok(1)},
         events=[ev("played", by="ann", card="R+1/O+5"), ev("drew", by="bob", card="G8/O3"),
                 ev("skipped", by="bob")])
    case("F-5_draw_one_on_draw_one", "F-5",
         "F-5/C-4.1: a Draw One matches a Draw One by symbol: cid's Y+1 makes ann draw 1",
         **kw, actions=[play("ann", "R+1/O+5"), play("cid", "Y+1/OR")],
         expect={"top": "Y+1", "color": "Y", "turn": "bob", "draw_pile": 88,
                 "hands": {"ann": without(a["ann"], "R+1/O+5") + ["B8/V2"],
                           "bob": a["bob"] + ["G8/O3"], "cid": without(a["cid"], "Y+1/OR")},
                 **ok(2)},
         events=[ev("skipped", by="bob"), ev("played", by="cid", card="Y+1/OR"),
                 ev("drew", by="ann", card="B8/V2"), ev("skipped", by="ann")])
    case("F-5_skip", "F-5", "F-5/C-4: Skip: bob loses his turn, cid plays",
         **kw, actions=[play("ann", "RS/PR")],
         expect={"top": "RS", "color": "R", "turn": "cid", "direction": 1,
                 "hands": {"bob": a["bob"]}, **ok(1)},
         events=[ev("played", by="ann", card="RS/PR"), ev("skipped", by="bob")])
    rev = {**a, "ann": ["RR/P2", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"]}
    case("F-5_reverse", "F-5",
         "F-5/C-4: Reverse: play goes counter-clockwise, ann -> cid -> bob",
         players=P3, hands=rev, start="R3/T7", actions=[play("ann", "RR/P2"),
                                                        play("cid", "R9/O1")],
         expect={"direction": -1, "turn": "bob", "top": "R9", "side": "light",
                 "hands": {"ann": without(rev["ann"], "RR/P2"), "bob": a["bob"],
                           "cid": without(a["cid"], "R9/O1")}, **ok(2)},
         events=[ev("played", by="ann", card="RR/P2"), ev("reversed"),
                 ev("played", by="cid", card="R9/O1")])
    rev2 = {"ann": ["RR/P2", "R7/O4", "Y5/V6", "B2/T1", "G3/O6", "Y1/V9", "B1/P7"],
            "bob": a["bob"]}
    case("F-5_reverse_two_players", "F-5",
         "F-5: with two players a Reverse acts as a Skip: the direction flips and ann plays again",
         players=P2, hands=rev2, start="R3/T7", actions=[play("ann", "RR/P2"),
                                                         play("ann", "R7/O4")],
         expect={"direction": -1, "turn": "bob", "top": "R7", "draw_pile": 97,
                 "hands": {"ann": ["Y5/V6", "B2/T1", "G3/O6", "Y1/V9", "B1/P7"],
                           "bob": a["bob"]}, **ok(2)},
         events=[ev("played", by="ann", card="RR/P2"), ev("reversed"),
                 ev("played", by="ann", card="R7/O4")])
    # Wild Draw Two. ann holds no red: G3 matches R3 by number only, W is wild.
    inno = {**a, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "G7/T3", "Y9/O6"]}
    guilty = {**a, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "R7/P2", "Y9/O6"]}
    wkw: dict[str, Any] = {"players": P3, "start": "R3/T7", "then": A3_THEN}
    w2 = play("ann", "W+2/P1", "B")
    case("F-5_wild_draw_two_waits", "F-5",
         "F-5: a Wild Draw Two names the colour and waits for bob's decision (amount 2)",
         **wkw, hands=inno, actions=[w2],
         expect={"top": "W+2", "color": "B", "turn": "bob", "draw_pile": 90,
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 2},
                 "hands": {"bob": a["bob"]}, **ok(1)},
         events=[ev("played", by="ann", card="W+2/P1", color="B")])
    two, four = A3_THEN[:2], A3_THEN[:4]
    case("F-5_wild_draw_two_accepted", "F-5",
         "F-5: bob accepts the Wild Draw Two: he draws 2 and loses his turn",
         **wkw, hands=inno, actions=[w2, act("bob", "accept")],
         expect={"top": "W+2", "color": "B", "turn": "cid", "pending": None, "draw_pile": 88,
                 "hands": {"ann": without(inno["ann"], "W+2/P1"), "bob": a["bob"] + two},
                 **ok(2)},
         events=[ev("accepted", by="bob"), *drew("bob", two), ev("skipped", by="bob")])
    case("F-5_wild_draw_two_accepted_by_draw", "F-5",
         "F-5/REPLAY.md: `draw` accepts the pending Wild Draw Two: bob draws 2, loses his turn",
         **wkw, hands=inno, actions=[w2, draw("bob")],
         expect={"turn": "cid", "pending": None, "draw_pile": 88,
                 "hands": {"bob": a["bob"] + two}, **ok(2)},
         events=[*drew("bob", two), ev("skipped", by="bob")])
    case("F-5_wild_draw_two_innocent", "F-5",
         "F-5: ann held no red (G3 matches by number only): bob's challenge fails, he draws 4 "
         "and loses his turn",
         **wkw, hands=inno, actions=[w2, act("bob", "challenge")],
         expect={"top": "W+2", "color": "B", "turn": "cid", "pending": None, "draw_pile": 86,
                 "hands": {"ann": without(inno["ann"], "W+2/P1"), "bob": a["bob"] + four},
                 **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", four),
                 ev("skipped", by="bob")])
    case("F-5_wild_draw_two_guilty", "F-5",
         "F-5: ann held red (R7) when she played the Wild Draw Two: bob's challenge makes her "
         "draw 2; bob draws nothing and plays; blue stands",
         **wkw, hands=guilty, actions=[w2, act("bob", "challenge")],
         expect={"top": "W+2", "color": "B", "turn": "bob", "pending": None, "draw_pile": 88,
                 "hands": {"ann": without(guilty["ann"], "W+2/P1") + two, "bob": a["bob"]},
                 **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("ann", two)])


# ================================================================ F-6 dark actions

def f6() -> None:
    h = {"ann": F3["ann"],
         "bob": ["R8/T+5", "Y2/TSA", "G6/TR", "B4/V3", "GS/T8", "BR/O9", "G5/V8"],
         "cid": ["R9/O1", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/P6", "B5/P9"]}
    ann = without(h["ann"], "RF/P3")
    five = ["G9/O2", "B9/V1", "Y9/O3", "G8/P1", "B8/V2"]
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3/T7", "after_flip": five}
    case("F-6_draw_five", "F-6",
         "F-6: Draw Five: cid draws 5 at once (from the turned-over pile) and loses his turn",
         **kw, actions=[FLIP, play("bob", "R8/T+5")],
         expect={"side": "dark", "top": "T+5", "color": "T", "turn": "ann", "pending": None,
                 "draw_pile": 85, "hands": {"ann": ann, "bob": without(h["bob"], "R8/T+5"),
                                            "cid": h["cid"] + five}, **ok(2)},
         events=[ev("played", by="bob", card="R8/T+5"), *drew("cid", five),
                 ev("skipped", by="cid")])
    case("F-6_skip_everyone", "F-6",
         "F-6: Skip Everyone: cid and ann are skipped; bob plays again at once",
         **kw, actions=[FLIP, play("bob", "Y2/TSA")],
         expect={"side": "dark", "top": "TSA", "color": "T", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 90,
                 "hands": {"ann": ann, "cid": h["cid"]}, **ok(2)},
         events=[ev("played", by="bob", card="Y2/TSA")])
    case("F-6_skip_everyone_then_plays", "F-6",
         "F-6: after his Skip Everyone bob plays again (T8), then cid plays",
         **kw, actions=[FLIP, play("bob", "Y2/TSA"), play("bob", "GS/T8")],
         expect={"side": "dark", "top": "T8", "turn": "cid",
                 "hands": {"bob": without(h["bob"], "Y2/TSA", "GS/T8")}, **ok(3)},
         events=[ev("played", by="bob", card="Y2/TSA"), ev("played", by="bob", card="GS/T8")])
    case("F-6_reverse", "F-6",
         "F-6: Reverse as C-4: after bob's teal Reverse play goes counter-clockwise, bob -> ann "
         "-> cid",
         **kw, actions=[FLIP, play("bob", "G6/TR"), play("ann", "B2/T1")],
         expect={"side": "dark", "direction": -1, "top": "T1", "turn": "cid",
                 "hands": {"ann": without(ann, "B2/T1"), "bob": without(h["bob"], "G6/TR")},
                 **ok(3)},
         events=[ev("played", by="bob", card="G6/TR"), ev("reversed"),
                 ev("played", by="ann", card="B2/T1")])
    h2 = {"ann": ["RF/P3", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
          "bob": h["bob"]}
    case("F-6_reverse_two_players", "F-6",
         "F-6/C-4: with two players the dark Reverse acts as a Skip: bob plays again",
         players=P2, hands=h2, start="R3/T7", after_flip=five,
         actions=[FLIP, play("bob", "G6/TR"), play("bob", "GS/T8")],
         expect={"side": "dark", "direction": -1, "top": "T8", "turn": "ann", "draw_pile": 97,
                 "hands": {"ann": without(h2["ann"], "RF/P3"),
                           "bob": without(h["bob"], "G6/TR", "GS/T8")}, **ok(3)},
         events=[ev("played", by="bob", card="G6/TR"), ev("reversed"),
                 ev("played", by="bob", card="GS/T8")])
    # Wild Draw Colour. bob holds no teal (innocent); the pile after the Flip brings P2, a Wild,
    # a Wild Draw Colour (wilds do not count), then O3, the first orange; then two more.
    bob_i = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/P8", "BR/O9", "G5/V8"]
    bob_g = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/T8", "BR/O9", "G5/V8"]
    pile = ["G9/P2", "B9/W", "Y9/WDC", "G8/O3", "B8/V2", "G7/P4"]
    until = pile[:4]
    wk: dict[str, Any] = {"players": P3, "start": "R3/T7", "after_flip": pile}
    hi = {**h, "bob": bob_i}
    hg = {**h, "bob": bob_g}
    wdc = play("bob", "B4/WDC", "O")
    case("F-6_wild_draw_colour_waits", "F-6",
         "F-6: a Wild Draw Colour names a dark colour and waits for cid's decision (amount "
         "\"until_color\")",
         **wk, hands=hi, actions=[FLIP, wdc],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "cid", "draw_pile": 90,
                 "pending": {"kind": "challenge", "by": "bob", "victim": "cid",
                             "amount": "until_color"}, "hands": {"cid": h["cid"]}, **ok(2)},
         events=[ev("played", by="bob", card="B4/WDC", color="O")])
    case("F-6_wild_draw_colour_accepted", "F-6",
         "F-6: cid accepts: he draws until a card whose active face is orange (P2, W, WDC: wilds "
         "do not count; O3 stops it) and loses his turn",
         **wk, hands=hi, actions=[FLIP, wdc, act("cid", "accept")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "ann", "pending": None,
                 "draw_pile": 86, "hands": {"bob": without(bob_i, "B4/WDC"),
                                            "cid": h["cid"] + until}, **ok(3)},
         events=[ev("accepted", by="cid"), *drew("cid", until), ev("skipped", by="cid")])
    case("F-6_wild_draw_colour_innocent", "F-6",
         "F-6: bob held no teal: cid's challenge fails; he draws until orange (4 cards) and then "
         "2 more, and loses his turn",
         **wk, hands=hi, actions=[FLIP, wdc, act("cid", "challenge")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "ann", "pending": None,
                 "draw_pile": 84, "hands": {"bob": without(bob_i, "B4/WDC"),
                                            "cid": h["cid"] + pile}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"), *drew("cid", pile),
                 ev("skipped", by="cid")])
    case("F-6_wild_draw_colour_guilty", "F-6",
         "F-6: bob held teal (T8) when he played the Wild Draw Colour: cid's challenge makes bob "
         "draw until orange (4 cards); cid draws nothing and plays; orange stands",
         **wk, hands=hg, actions=[FLIP, wdc, act("cid", "challenge")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "cid", "pending": None,
                 "draw_pile": 86, "hands": {"bob": without(bob_g, "B4/WDC") + until,
                                            "cid": h["cid"]}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"), *drew("bob", until)])
    # The piles run out: ten players hold all 26 orange cards; the 41 cards of the draw pile and
    # the 2 discards under the Wild Draw Colour (the start card and the Flip) have no orange face.
    start = "R3/T7"
    flip_card = "RF/P3"
    wdc_card = "B4/WDC"
    used = [start, flip_card, wdc_card]
    no_orange = pick(41, used, lambda d: not d.startswith("O"))
    full = case("F-6_wild_draw_colour_piles_run_out", "F-6",
                "F-6: no card of the pile nor of the rebuilt pile is orange: cid draws all 41, "
                "then the 2 discards under the top (C-7), and the drawing stops; he loses his "
                "turn",
                players=TEN, hands={"ann": [flip_card], "bob": [wdc_card]}, start=start,
                after_flip=no_orange,
                actions=[play("ann", flip_card), play("bob", wdc_card, "O"), act("cid", "accept")],
                expect={"side": "dark", "top": "WDC", "color": "O", "turn": "dan",
                        "pending": None, "draw_pile": 0, **ok(3)},
                events=[ev("accepted", by="cid"), *drew("cid", no_orange)])
    assert sum(dk(c).startswith("O") for p in TEN for c in full[p]) == 26
    CASES["F-6_wild_draw_colour_piles_run_out"]["expect"]["hands"] = {
        p: [c for c in full[p] if c not in (flip_card, wdc_card)] for p in TEN if p != "cid"}


# ================================================================ F-7 wild

def f7() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3/T7"}
    case("F-7_light_wild_names_light_colour", "F-7",
         "F-7: a Wild on the light side names a light colour (green)",
         **kw, actions=[play("ann", "W/V9", "G")],
         expect={"side": "light", "top": "W", "color": "G", "turn": "bob",
                 "hands": {"ann": without(a["ann"], "W/V9")}, **ok(1)},
         events=[ev("played", by="ann", card="W/V9", color="G")])
    case("F-7_light_wild_dark_colour_refused", "F-7",
         "F-7: on the light side a Wild cannot name a dark colour (pink)",
         **kw, actions=[play("ann", "W/V9", "P")],
         expect={"side": "light", "top": "R3", "color": "R", "turn": "ann",
                 "hands": {"ann": a["ann"]}, **refused(0, "color_required")})
    case("F-7_wild_without_colour_refused", "F-7",
         "F-7: a Wild played without a colour is refused",
         **kw, actions=[play("ann", "W/V9")],
         expect={"top": "R3", "turn": "ann", **refused(0, "color_required")})
    h = {**F3, "bob": ["R8/T4", "Y2/W", "G6/O9", "B4/WDC", "GS/TSA", "BR/PF", "R9/O1"]}
    dk_kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3/T7", "then": F3_THEN,
                             "after_flip": F3_AFTER}
    case("F-7_dark_wild_names_dark_colour", "F-7",
         "F-7: a Wild on the dark side names a dark colour (violet)",
         **dk_kw, actions=[FLIP, play("bob", "Y2/W", "V")],
         expect={"side": "dark", "top": "W", "color": "V", "turn": "cid",
                 "hands": {"bob": without(h["bob"], "Y2/W")}, **ok(2)},
         events=[ev("played", by="bob", card="Y2/W", color="V")])
    case("F-7_dark_wild_light_colour_refused", "F-7",
         "F-7: on the dark side a Wild cannot name a light colour (red)",
         **dk_kw, actions=[FLIP, play("bob", "Y2/W", "R")],
         expect={"side": "dark", "top": "T7", "color": "T", "turn": "bob",
                 "hands": {"bob": h["bob"]}, **refused(1, "color_required")})
    case("F-7_wild_draw_colour_light_colour_refused", "F-7",
         "F-7/F-6: a Wild Draw Colour names a dark colour: yellow is refused",
         **dk_kw, actions=[FLIP, play("bob", "B4/WDC", "Y")],
         expect={"side": "dark", "top": "T7", "turn": "bob", "pending": None,
                 "hands": {"bob": h["bob"]}, **refused(1, "color_required")})
    case("F-7_flip_to_wild_light_colour_refused", "F-7",
         "F-7/F-4: after a Flip to a Wild the colour ann names must be a dark one: red is "
         "refused, pink is taken",
         **{**dk_kw, "start": "R3/W"}, actions=[FLIP, color("ann", "R"), color("ann", "P")],
         expect={"side": "dark", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **refused(1, "color_required")})
    case("F-7_wild_start_dark_colour_refused", "F-7",
         "F-7/F-3: a Wild start card's colour is a light one: ann naming teal is refused",
         **{**kw, "start": "W/T5"}, actions=[color("ann", "T")],
         expect={"side": "light", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **refused(0, "color_required")})


SECTIONS = (f4, f5, f6, f7)
