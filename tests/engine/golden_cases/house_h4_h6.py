"""Golden cases of the house rules H-4..H-6: stacking, silence, swap on five.

Deck sizes and the readings followed where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    D2_ACTIONS,
    D2_ANN,
    D2_BOB,
    D2_POINTS,
    D2_THEN,
    S2_BOB,
    S2_PREFIX,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    accept,
    case,
    challenge,
    draw,
    drew,
    ev,
    ok,
    opts,
    pass_,
    play,
    points,
    refused,
    speak,
    swap,
    without,
)

# ================================================================ H-4 stacking

K3 = {
    "ann": ["R+2", "W+4", "G3", "Y5", "B2", "RS", "R7"],
    "bob": ["G+2", "B+2", "W+4", "Y2", "G6", "B4", "G5"],  # holds green: G+2, G6, G5
    "cid": ["R9", "Y7", "G1", "B6", "YR", "B5", "Y4"],  # no Draw Two, no Wild Draw Four
}
EIGHT = ["B1", "B3", "G8", "G9", "Y8", "Y9", "B7", "G7"]
TEN = [*EIGHT, "Y6", "B8"]


def h4() -> None:
    k = K3
    r = opts(stacking=True)
    mixed = opts(stacking=True, stack_mixed=True)
    kw: dict[str, Any] = {"players": P3, "hands": k, "start": "R3", "rules": r}
    case("H-4_draw_two_waits_for_answer", "H-4",
         "H-4/C-4: with stacking a Draw Two waits for its victim's answer: pending `draw`",
         **kw, actions=[play("ann", "R+2")],
         expect={"turn": "bob", "top": "R+2", "draw_pile": 86, "hands": {"bob": k["bob"]},
                 "pending": {"kind": "draw", "amount": 2, "victim": "bob", "by": "ann"},
                 **ok(1)})
    case("H-4_stacked_sum_pending", "H-4",
         "H-4: bob stacks a Draw Two: the penalties add up and pass on to cid (amount 4)",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2", "color": "G", "draw_pile": 86,
                 "pending": {"kind": "draw", "amount": 4, "victim": "cid", "by": "bob"},
                 "hands": {"bob": without(k["bob"], "G+2"), "cid": k["cid"]}, **ok(2)})
    case("H-4_two_draw_twos_third_draws_four", "H-4",
         "H-4: two Draw Twos: cid, who cannot stack, draws 4 and loses his turn; ann plays",
         **kw, then=EIGHT, actions=[play("ann", "R+2"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "top": "G+2", "color": "G", "draw_pile": 82, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT[:4]}, **ok(3)},
         events=[*drew("cid", EIGHT[:4]), ev("skipped", by="cid")])
    four = {"ann": ["R+2", "G3", "Y5", "B2", "RS", "R7", "W"],
            "bob": ["G+2", "Y2", "G6", "B4", "GS", "BR", "G5"],
            "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"],
            "dan": ["B+2", "Y1", "G2", "B3", "Y4", "G4", "B1"]}
    case("H-4_four_draw_twos_eight", "H-4",
         "H-4: four Draw Twos in a row: ann, the fifth in line, draws 8 and loses her turn",
         players=P4, hands=four, start="R3", rules=r, then=[*EIGHT[1:], "R2"],
         actions=[play("ann", "R+2"), play("bob", "G+2"), play("cid", "Y+2"),
                  play("dan", "B+2"), accept("ann")],
         expect={"turn": "bob", "top": "B+2", "color": "B", "draw_pile": 71, "pending": None,
                 "hands": {"ann": without(four["ann"], "R+2") + [*EIGHT[1:], "R2"]}, **ok(5)},
         events=[ev("played", by="dan", card="B+2"), *drew("ann", [*EIGHT[1:], "R2"]),
                 ev("skipped", by="ann")])
    case("H-4_will_not_stack_draws", "H-4",
         "H-4: bob could stack but draws: he takes the 2 and loses his turn",
         **kw, then=EIGHT, actions=[play("ann", "R+2"), draw("bob")],
         expect={"turn": "cid", "top": "R+2", "draw_pile": 84, "pending": None,
                 "hands": {"bob": k["bob"] + EIGHT[:2]}, **ok(2)},
         events=[*drew("bob", EIGHT[:2]), ev("skipped", by="bob")])
    case("H-4_one_card_per_turn", "H-4",
         "H-4: one card per turn: after stacking G+2, bob's B+2 is out of turn",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2"), play("bob", "B+2")],
         expect={"turn": "cid", "top": "G+2",
                 "pending": {"kind": "draw", "amount": 4, "victim": "cid", "by": "bob"},
                 "hands": {"bob": without(k["bob"], "G+2")}, **refused(2, "not_your_turn")})
    case("H-4_wild_draw_fours_pending_eight", "H-4",
         "H-4: a Wild Draw Four on a Wild Draw Four: the pending challenge decision is cid's, "
         "for the whole sum 8; bob's yellow stands",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "Y", "draw_pile": 86,
                 "pending": {"kind": "challenge", "amount": 8, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("H-4_wild_draw_fours_accepted", "H-4",
         "H-4: cid accepts the two Wild Draw Fours: he draws 8 and loses his turn; the last "
         "named colour (yellow) stands",
         **kw, then=EIGHT, actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"),
                                    accept("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 78, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT}, **ok(3)},
         events=[*drew("cid", EIGHT), ev("skipped", by="cid")])
    case("H-4_draw_two_not_on_wild_draw_four", "H-4",
         "H-4: only a Wild Draw Four stacks on a Wild Draw Four: bob's G+2 is not an answer",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "G+2")],
         expect={"turn": "bob", "top": "W+4", "hands": {"bob": k["bob"]},
                 "pending": {"kind": "challenge", "amount": 4, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("H-4_mixed_refused_without_stack_mixed", "H-4",
         "H-4: without stack_mixed a Wild Draw Four cannot be stacked on a Draw Two",
         **kw, actions=[play("ann", "R+2"), play("bob", "W+4", "Y")],
         expect={"turn": "bob", "top": "R+2", "hands": {"bob": k["bob"]},
                 "pending": {"kind": "draw", "amount": 2, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("H-4_stack_mixed_pending", "H-4",
         "H-4 stack_mixed: bob stacks a Wild Draw Four on ann's Draw Two: cid's challenge "
         "decision covers the sum 6",
         **{**kw, "rules": mixed}, actions=[play("ann", "R+2"), play("bob", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "Y",
                 "pending": {"kind": "challenge", "amount": 6, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("H-4_stack_mixed_accepted", "H-4",
         "H-4 stack_mixed: cid accepts: he draws 6 and loses his turn",
         **{**kw, "rules": mixed}, then=EIGHT,
         actions=[play("ann", "R+2"), play("bob", "W+4", "Y"), accept("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 80, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT[:6]}, **ok(3)},
         events=[*drew("cid", EIGHT[:6]), ev("skipped", by="cid")])
    shown = without(k["bob"], "W+4")
    case("H-4_chain_challenge_guilty", "H-4",
         "H-4/C-6: cid challenges bob's Wild Draw Four, the last of a chain of two: bob held "
         "green (the colour before it), so he draws the whole sum 8; cid then plays normally",
         **kw, then=EIGHT,
         actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"), challenge("cid"),
                  play("cid", "Y7")],
         expect={"turn": "ann", "top": "Y7", "color": "Y", "draw_pile": 78, "pending": None,
                 "hands": {"bob": shown + EIGHT, "cid": without(k["cid"], "Y7")}, **ok(4)},
         events=[ev("challenged", by="cid", target="bob"),
                 ev("hand_shown", by="bob", target="cid", cards=shown), *drew("bob", EIGHT),
                 ev("played", by="cid", card="Y7")])
    inn = {**k, "bob": ["B+2", "W+4", "Y2", "B4", "R8", "Y3", "R6"]}  # no green card
    case("H-4_chain_challenge_innocent", "H-4",
         "H-4/C-6: bob held no green: cid's challenge fails, he draws the sum plus 2 (10) and "
         "loses his turn",
         **{**kw, "hands": inn}, then=TEN,
         actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"), challenge("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 76, "pending": None,
                 "hands": {"bob": without(inn["bob"], "W+4"), "cid": k["cid"] + TEN}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"),
                 ev("hand_shown", by="bob", target="cid", cards=without(inn["bob"], "W+4")),
                 *drew("cid", TEN), ev("skipped", by="cid")])
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    case("H-4_last_card_draw_two_not_stacked", "H-4",
         "H-4/C-8.1: ann's next-to-last Draw Two waits (bob draws 2); her last card, a Draw Two, "
         "cannot be stacked: bob draws 2 at once and the round ends",
         players=P2, hands=d2, start="R1", then=D2_THEN, rules=r,
         actions=[*D2_ACTIONS[:6], draw("bob"), D2_ACTIONS[6]],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "pending": None,
                 "hands": {"ann": [], "bob": D2_BOB + D2_THEN[:4]}, "draw_pile": 89,
                 "scores": {"ann": D2_POINTS, "bob": 0}, **ok(8)},
         events=[ev("played", by="ann", card="B+2"), *drew("bob", D2_THEN[:2]),
                 ev("played", by="ann", card="R+2"), *drew("bob", D2_THEN[2:4]),
                 ev("round_won", by="ann", amount=D2_POINTS)])


# ================================================================ H-5 silence

S3 = {
    "ann": ["R2", "G3", "Y5", "B2", "RS", "W", "R7"],
    "bob": ["R8", "Y2", "G6", "B4", "W+4", "BR", "G5"],  # R8: red held under a Wild Draw Four
    "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"],
}


def h5() -> None:
    s = S3
    twos = opts(silence="twos")
    wilds = opts(silence="wilds")
    kw: dict[str, Any] = {"players": P3, "hands": s, "start": "R3", "rules": twos}
    pen = ["G8", "B9", "Y6", "B8", "G9", "Y8"]
    case("H-5_speak_after_two_draws_two", "H-5",
         "H-5 twos: after ann's R2, bob posts a message: he draws 2 and the silence ends, so "
         "cid's message then costs nothing",
         **kw, then=pen, actions=[play("ann", "R2"), speak("bob"), speak("cid")],
         expect={"turn": "bob", "top": "R2", "draw_pile": 84,
                 "hands": {"bob": s["bob"] + pen[:2], "cid": s["cid"]}, **ok(3)},
         events=drew("bob", pen[:2]))
    case("H-5_silence_lasts_until_turn_returns", "H-5",
         "H-5 twos: the silence lasts until the turn comes back to ann: cid speaking after bob's "
         "play draws 2",
         **kw, then=pen, actions=[play("ann", "R2"), play("bob", "R8"), speak("cid")],
         expect={"turn": "cid", "top": "R8", "draw_pile": 84,
                 "hands": {"cid": s["cid"] + pen[:2]}, **ok(3)},
         events=drew("cid", pen[:2]))
    case("H-5_silence_ends_when_turn_returns", "H-5",
         "H-5 twos: once the turn is back with ann the silence is over: bob's message costs "
         "nothing",
         **kw, then=pen, actions=[play("ann", "R2"), play("bob", "R8"), play("cid", "R9"),
                                  speak("bob")],
         expect={"turn": "ann", "top": "R9", "draw_pile": 86,
                 "hands": {"bob": without(s["bob"], "R8")}, **ok(4)})
    case("H-5_speak_without_silence", "H-5",
         "H-5 twos: with no silence on, a message has no effect",
         **kw, then=pen, actions=[speak("bob"), play("ann", "R7"), speak("cid")],
         expect={"turn": "bob", "top": "R7", "draw_pile": 86,
                 "hands": {"bob": s["bob"], "cid": s["cid"]}, **ok(3)})
    shown = without(s["bob"], "W+4")
    case("H-5_buttons_do_not_break_silence", "H-5",
         "H-5 twos: cid's challenge (a button) does not break the silence after ann's R2: bob is "
         "guilty and draws 4, then his message breaks the silence and he draws 2 more",
         **kw, then=pen,
         actions=[play("ann", "R2"), play("bob", "W+4", "G"), challenge("cid"), speak("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "draw_pile": 80, "pending": None,
                 "hands": {"bob": shown + pen, "cid": s["cid"]}, **ok(4)},
         events=[ev("challenged", by="cid", target="bob"), *drew("bob", pen)])
    case("H-5_silent_wilds_speak_draws_two", "H-5",
         "H-5 wilds: after ann's Wild naming green, the silence lasts while green stands: cid's "
         "message after bob's G6 costs him 2",
         **{**kw, "rules": wilds}, then=pen,
         actions=[play("ann", "W", "G"), play("bob", "G6"), speak("cid")],
         expect={"turn": "cid", "top": "G6", "color": "G", "draw_pile": 84,
                 "hands": {"cid": s["cid"] + pen[:2]}, **ok(3)},
         events=drew("cid", pen[:2]))
    case("H-5_silent_wilds_end_on_colour_change", "H-5",
         "H-5 wilds: cid's B6 changes the colour, which ends the silence: ann's message costs "
         "nothing",
         **{**kw, "rules": wilds}, then=pen,
         actions=[play("ann", "W", "G"), play("bob", "G6"), play("cid", "B6"), speak("ann")],
         expect={"turn": "ann", "top": "B6", "color": "B", "draw_pile": 86,
                 "hands": {"ann": without(s["ann"], "W")}, **ok(4)})
    case("H-5_silent_wilds_ignores_twos", "H-5",
         "H-5 wilds: a 2 starts no silence when the option is `wilds`",
         **{**kw, "rules": wilds}, then=pen, actions=[play("ann", "R2"), speak("bob")],
         expect={"turn": "bob", "draw_pile": 86, "hands": {"bob": s["bob"]}, **ok(2)})


# ================================================================ H-6 swap on five

F3 = {
    "ann": ["R5", "G3", "Y4", "B2", "RS", "R+2", "W"],
    "bob": A3["bob"],
    "cid": A3["cid"],
}


def h6() -> None:
    f = F3
    r = opts(swap_on_five=True)
    kw: dict[str, Any] = {"players": P3, "hands": f, "start": "R3", "rules": r}
    case("H-6_five_waits_for_swap", "H-6",
         "H-6: after ann's R5 the table waits for her swap decision (pending `swap`, no target "
         "yet)",
         **kw, actions=[play("ann", "R5")],
         expect={"turn": "ann", "top": "R5", "pending": {"kind": "swap", "by": "ann",
                                                         "target": None}, **ok(1)})
    case("H-6_offer_waits_for_target", "H-6",
         "H-6: ann offers G3 to cid; the table waits for cid to name his card",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "G3")],
         expect={"turn": "cid", "top": "R5",
                 "pending": {"kind": "swap", "by": "ann", "target": "cid"},
                 "hands": {"ann": without(f["ann"], "R5"), "cid": f["cid"]}, **ok(2)})
    case("H-6_swap_completed", "H-6",
         "H-6: cid answers with Y7: the two cards change hands (each newest last) and bob plays "
         "next",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "G3"), swap("cid", "ann", "Y7")],
         expect={"turn": "bob", "top": "R5", "pending": None, "draw_pile": 86,
                 "hands": {"ann": without(f["ann"], "R5", "G3") + ["Y7"], "bob": f["bob"],
                           "cid": without(f["cid"], "Y7") + ["G3"]}, **ok(3)},
         events=[ev("played", by="ann", card="R5"), ev("swapped", by="ann", target="cid")])
    case("H-6_decline_with_pass", "H-6",
         "H-6: ann declines the swap with `pass`; bob plays next",
         **kw, actions=[play("ann", "R5"), pass_("ann"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "pending": None,
                 "hands": {"ann": without(f["ann"], "R5"), "cid": f["cid"]}, **ok(3)})
    case("H-6_offer_card_not_in_hand", "H-6",
         "H-6: ann offers B9, which she does not hold",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "B9")],
         expect={"turn": "ann", "pending": {"kind": "swap", "by": "ann", "target": None},
                 **refused(1, "card_not_in_hand")})
    case("H-6_offer_to_self", "H-6",
         "H-6: ann cannot swap with herself",
         **kw, actions=[play("ann", "R5"), swap("ann", "ann", "G3")],
         expect={"turn": "ann", "pending": {"kind": "swap", "by": "ann", "target": None},
                 **refused(1, "invalid_target")})
    bob_left = without(S2_BOB, "R8")
    case("H-6_last_card_five_no_swap", "H-6",
         "H-6/C-8.1: ann's last card is a 5: no swap; she wins the round",
         players=P2, hands={"ann": ["RS", "YS", "GS", "BS", "RS", "R2", "R5"], "bob": S2_BOB},
         start="R1", rules=r,
         actions=[*S2_PREFIX, play("ann", "R2", uno=True), play("bob", "R8"), play("ann", "R5")],
         expect={"turn": None, "pending": None, "round_winner": "ann", "finished": ["ann"],
                 "hands": {"ann": [], "bob": bob_left},
                 "scores": {"ann": points(bob_left), "bob": 0}, **ok(8)})


SECTIONS = (h4, h5, h6)
