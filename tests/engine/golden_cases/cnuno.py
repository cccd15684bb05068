"""Golden cases of the CNUNO preset, N-1..N-6.

Deck sizes and the readings followed where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    accept,
    case,
    catch,
    challenge,
    draw,
    drew,
    ev,
    ok,
    play,
    refused,
    without,
)

# ================================================================ N-1 .. N-6 (preset cnuno)

CN = {"preset": "cnuno"}


def n1() -> None:
    h = {"ann": ["RS", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["RS", "YS", "Y2", "G6", "B4", "BR", "G5"],
         "cid": A3["cid"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    case("N-1_skip_waits", "N-1",
         "N-1: a Skip waits for its victim's answer (pending `skip`)",
         **kw, actions=[play("ann", "RS")],
         expect={"turn": "bob", "top": "RS",
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"}, **ok(1)})
    case("N-1_accept_takes_skip", "N-1",
         "N-1: bob accepts the skip: he loses his turn and cid plays",
         **kw, actions=[play("ann", "RS"), accept("bob")],
         expect={"turn": "cid", "pending": None, "hands": {"bob": h["bob"]}, **ok(2)},
         events=[ev("skipped", by="bob")])
    case("N-1_identical_skip_deflects", "N-1",
         "N-1: bob deflects with an identical RS: the skip passes to cid",
         **kw, actions=[play("ann", "RS"), play("bob", "RS")],
         expect={"turn": "cid", "top": "RS", "hands": {"bob": without(h["bob"], "RS")},
                 "pending": {"kind": "skip", "victim": "cid", "by": "bob"}, **ok(2)})
    case("N-1_deflected_skip_accepted", "N-1",
         "N-1: cid accepts the deflected skip: he loses his turn and ann plays",
         **kw, actions=[play("ann", "RS"), play("bob", "RS"), accept("cid")],
         expect={"turn": "ann", "pending": None, **ok(3)},
         events=[ev("played", by="bob", card="RS"), ev("skipped", by="cid")])
    case("N-1_other_colour_skip_refused", "N-1",
         "N-1: only a Skip of the same colour deflects: bob's YS is refused",
         **kw, actions=[play("ann", "RS"), play("bob", "YS")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]},
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("N-1_draw_refused_while_skip_pends", "N-1",
         "N-1: while a skip is pending, `draw` is no answer (only accept or an identical Skip)",
         **kw, actions=[play("ann", "RS"), draw("bob")],
         expect={"turn": "bob", "draw_pile": 86, "hands": {"bob": h["bob"]},
                 **refused(1, "not_allowed_now")})
    case("N-1_start_skip_applies_at_once", "N-1",
         "N-1/C-3: a start-card Skip applies at once: ann is skipped, nothing is pending",
         players=P3, hands=A3, start="GS", rules=CN, actions=[],
         expect={"turn": "bob", "pending": None, "top": "GS", **ok(0)},
         events=[ev("start_card", card="GS"), ev("skipped", by="ann")])


def n2() -> None:
    h = {"ann": ["R+2", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["G+2", "W+4", "Y2", "G6", "B4", "BR", "G5"],
         "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    two = ["B1", "B3"]
    case("N-2_draw_two_waits", "N-2",
         "N-2: a Draw Two waits for its victim's answer (pending `draw`, 2)",
         **kw, actions=[play("ann", "R+2")],
         expect={"turn": "bob", "pending": {"kind": "draw", "amount": 2, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("N-2_deflect_any_colour_no_sum", "N-2",
         "N-2: bob deflects with a G+2 (any colour): cid now faces 2, not 4",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2", "color": "G",
                 "pending": {"kind": "draw", "amount": 2, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("N-2_last_of_chain_draws_two", "N-2",
         "N-2: cid, last of the chain, draws 2 and loses his turn; ann plays",
         **kw, then=two, actions=[play("ann", "R+2"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "pending": None, "draw_pile": 84,
                 "hands": {"cid": h["cid"] + two, "bob": without(h["bob"], "G+2")}, **ok(3)},
         events=[*drew("cid", two), ev("skipped", by="cid")])
    case("N-2_chain_of_three", "N-2",
         "N-2: ann's R+2, bob's G+2, cid's Y+2: ann draws 2 (penalties do not add up) and bob "
         "plays",
         **kw, then=two,
         actions=[play("ann", "R+2"), play("bob", "G+2"), play("cid", "Y+2"), accept("ann")],
         expect={"turn": "bob", "top": "Y+2", "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(h["ann"], "R+2") + two}, **ok(4)},
         events=[*drew("ann", two), ev("skipped", by="ann")])
    case("N-2_accept", "N-2",
         "N-2: bob accepts: he draws 2 and loses his turn",
         **kw, then=two, actions=[play("ann", "R+2"), accept("bob")],
         expect={"turn": "cid", "pending": None, "hands": {"bob": h["bob"] + two}, **ok(2)})
    case("N-2_wild_draw_four_is_no_answer", "N-2",
         "N-2: only a Draw Two deflects a Draw Two: bob's Wild Draw Four is refused",
         **kw, actions=[play("ann", "R+2"), play("bob", "W+4", "G")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]}, **refused(1, "not_allowed_now")})
    case("N-2_start_draw_two_applies_at_once", "N-2",
         "N-2/C-4: a start card's penalty never waits: ann draws 2 at once and is skipped",
         **{**kw, "hands": A3, "start": "B+2"}, then=two, actions=[],
         expect={"turn": "bob", "pending": None, "hands": {"ann": A3["ann"] + two}, **ok(0)})


def n3() -> None:
    h = {"ann": ["RR", "GR", "Y5", "B2", "R7", "W", "Y1"],
         "bob": A3["bob"],
         "cid": ["YR", "R9", "Y7", "G1", "B6", "B5", "Y+2"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    case("N-3_two_reverses_cancel", "N-3",
         "N-3: ann's Reverse and cid's Reverse: two cancel, clockwise again, ann plays",
         **kw, actions=[play("ann", "RR"), play("cid", "YR")],
         expect={"turn": "ann", "direction": 1, "top": "YR", **ok(2)},
         events=[ev("reversed", amount=-1), ev("reversed", amount=1)])
    case("N-3_three_reverses_reverse", "N-3",
         "N-3: a third Reverse (ann's GR) reverses: counter-clockwise, cid plays",
         **kw, actions=[play("ann", "RR"), play("cid", "YR"), play("ann", "GR")],
         expect={"turn": "cid", "direction": -1, "top": "GR", **ok(3)})
    j = {"ann": ["RR", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["RR", "Y2", "G6", "B4", "GS", "B8", "G5"],
         "cid": A3["cid"],
         "dan": ["R6", "Y6", "G2", "B3", "Y3", "G4", "B1"]}
    case("N-3_reverse_jumped_in", "N-3",
         "N-3: bob jumps in with an identical RR on ann's: the two cancel, and play continues "
         "from bob clockwise (cid)",
         players=P4, hands=j, start="R3", rules=CN, actions=[play("ann", "RR"),
                                                             play("bob", "RR")],
         expect={"turn": "cid", "direction": 1, "top": "RR", **ok(2)})


def n4() -> None:
    h = {"ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"],
         "bob": ["G+2", "R+2", "Y2", "G6", "B4", "BR", "G5"],
         "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    two = ["B1", "B3"]
    case("N-4_wild_draw_four_pending_is_challenge", "N-4",
         "N-4: a Wild Draw Four waits as a challenge decision (amount 4)",
         **kw, actions=[play("ann", "W+4", "G")],
         expect={"turn": "bob", "pending": {"kind": "challenge", "amount": 4, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("N-4_deflect_with_draw_two_of_named_colour", "N-4",
         "N-4: bob deflects with a Draw Two of the named colour (G+2): cid now faces 2",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2",
                 "pending": {"kind": "draw", "amount": 2, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("N-4_last_of_chain_draws_two", "N-4",
         "N-4: cid accepts: he draws 2 (not 4) and loses his turn",
         **kw, then=two, actions=[play("ann", "W+4", "G"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "pending": None, "draw_pile": 84,
                 "hands": {"cid": h["cid"] + two}, **ok(3)},
         events=[*drew("cid", two), ev("skipped", by="cid")])
    case("N-4_chain_follows_n2", "N-4",
         "N-4/N-2: cid deflects on with a Draw Two of any colour (Y+2): ann draws 2",
         **kw, then=two,
         actions=[play("ann", "W+4", "G"), play("bob", "G+2"), play("cid", "Y+2"), draw("ann")],
         expect={"turn": "bob", "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(h["ann"], "W+4") + two}, **ok(4)})
    case("N-4_other_colour_refused", "N-4",
         "N-4: only a Draw Two of the newly named colour deflects: bob's R+2 is refused",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "R+2")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]},
                 "pending": {"kind": "challenge", "amount": 4, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})


def n5() -> None:
    four = ["B1", "B3", "G8", "G9"]
    six = [*four, "Y8", "Y9"]
    guilty = {**A3, "ann": ["R7", "W+4", "G2", "Y4", "B6", "G7", "Y9"]}
    kw: dict[str, Any] = {"players": P3, "hands": guilty, "start": "R3", "rules": CN,
                          "then": six}
    back = without(guilty["ann"], "W+4") + ["W+4"] + four
    case("N-5_guilty_returns_card", "N-5",
         "N-5: ann held red: on bob's challenge the Wild Draw Four goes back into her hand, she "
         "draws 4, R3 and red stand again and bob plays normally",
         **kw, actions=[play("ann", "W+4", "G"), challenge("bob")],
         expect={"turn": "bob", "top": "R3", "color": "R", "pending": None, "draw_pile": 82,
                 "hands": {"ann": back, "bob": A3["bob"]}, **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("ann", four)])
    case("N-5_guilty_next_turn_skipped", "N-5",
         "N-5: ann's next turn is skipped: after bob and cid play, play passes over her to bob",
         **kw, actions=[play("ann", "W+4", "G"), challenge("bob"), play("bob", "R8"),
                        play("cid", "R9")],
         expect={"turn": "bob", "top": "R9", "hands": {"ann": back}, **ok(4)},
         events=[ev("played", by="cid", card="R9"), ev("skipped", by="ann")])
    inn = {**A3, "ann": ["G3", "W+4", "W", "Y4", "B6", "G7", "Y9"]}
    case("N-5_innocent_challenger_draws_six", "N-5",
         "N-5: ann held no red: bob's challenge fails, he draws 4 plus 2 and loses his turn",
         **{**kw, "hands": inn}, actions=[play("ann", "W+4", "G"), challenge("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "pending": None, "draw_pile": 80,
                 "hands": {"ann": without(inn["ann"], "W+4"), "bob": A3["bob"] + six}, **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", six),
                 ev("skipped", by="bob")])


def n6() -> None:
    h = {"ann": ["R2", "R3", "R4", "R5", "R6", "R7", "G7"],
         "bob": ["R8", "R9", "R8", "R9", "R5", "Y2", "G3"]}
    pre = [play("ann", "R2"), play("bob", "R8"), play("ann", "R3"), play("bob", "R9"),
           play("ann", "R4"), play("bob", "R8"), play("ann", "R5"), play("bob", "R9"),
           play("ann", "R6"), play("bob", "R5")]
    kw: dict[str, Any] = {"players": P2, "hands": h, "start": "R1", "rules": CN,
                          "then": ["B9", "B2", "B3"]}
    case("N-6_catch_costs_two", "N-6",
         "N-6/C-5: ann plays her next-to-last card without calling UNO; bob reminds her "
         "(catch): she draws 2",
         **kw, actions=[*pre, play("ann", "R7"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 91, "hands": {"ann": ["G7", "B9", "B2"],
                                                            "bob": ["Y2", "G3"]}, **ok(12)},
         events=[ev("caught", by="bob", target="ann"), *drew("ann", ["B9", "B2"])])
    case("N-6_call_with_play", "N-6",
         "N-6/C-5: ann calls UNO with her next-to-last card: she cannot be caught",
         **kw, actions=[*pre, play("ann", "R7", uno=True), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"]},
                 **refused(11, "not_allowed_now")},
         events=[ev("uno_called", by="ann")])
    case("N-6_window_closes", "N-6",
         "N-6/C-5.2: once bob has drawn (the window closes) ann can no longer be caught",
         **kw, actions=[*pre, play("ann", "R7"), draw("bob"), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 92, "hands": {"ann": ["G7"],
                                                            "bob": ["Y2", "G3", "B9"]},
                 **refused(12, "not_allowed_now")})


SECTIONS = (n1, n2, n3, n4, n5, n6)
