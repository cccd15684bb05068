"""Golden cases of the house rules H-1..H-3: draw until playable, jump-in, seven-zero.

Deck sizes and the readings followed where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    CHAIN3_CID_DRAWS,
    S2_BOB,
    S2_PREFIX,
    chain3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    accept,
    case,
    catch,
    draw,
    drew,
    ev,
    ok,
    opts,
    pass_,
    play,
    points,
    refused,
    without,
)

# ================================================================ H-1 draw until playable

def h1() -> None:
    a = A3
    r = opts(draw_until_playable=True)
    unpl = ["B9", "G8", "Y6"]  # none red, none a 3, none wild: unplayable on R3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3", "rules": r}
    case("H-1_draws_until_playable_then_plays", "H-1",
         "H-1: ann draws B9, G8, Y6 (unplayable on R3) and R5, the first playable card, then "
         "plays it",
         **kw, then=[*unpl, "R5"], actions=[draw("ann"), play("ann", "R5")],
         expect={"turn": "bob", "top": "R5", "color": "R", "draw_pile": 82, "pending": None,
                 "hands": {"ann": a["ann"] + unpl, "bob": a["bob"]}, **ok(2)},
         events=[*drew("ann", [*unpl, "R5"]), ev("played", by="ann", card="R5")])
    case("H-1_stops_at_first_playable", "H-1",
         "H-1: the drawing stops at the first playable card (R5); ann then decides, and may not "
         "draw again",
         **kw, then=[*unpl, "R5", "R6"], actions=[draw("ann"), draw("ann")],
         expect={"turn": "ann", "top": "R3", "draw_pile": 82,
                 "hands": {"ann": a["ann"] + unpl + ["R5"]}, **refused(1, "not_allowed_now")},
         events=drew("ann", [*unpl, "R5"]))
    case("H-1_keeps_playable_card", "H-1",
         "H-1: ann keeps the playable R5 she drew last and passes; bob plays next",
         **kw, then=[*unpl, "R5"], actions=[draw("ann"), pass_("ann")],
         expect={"turn": "bob", "top": "R3", "draw_pile": 82,
                 "hands": {"ann": a["ann"] + unpl + ["R5"]}, **ok(2)},
         events=[*drew("ann", [*unpl, "R5"]), ev("passed", by="ann")])
    case("H-1_wild_is_playable", "H-1",
         "H-1: a drawn Wild is playable: ann stops after B9, W and plays the Wild",
         **kw, then=["B9", "W", "R5"], actions=[draw("ann"), play("ann", "W", "G")],
         expect={"turn": "bob", "top": "W", "color": "G", "draw_pile": 84,
                 "hands": {"ann": a["ann"] + ["B9"]}, **ok(2)},
         events=[*drew("ann", ["B9", "W"]), ev("played", by="ann", card="W")])
    ten = ["B9", "G8", "Y6", "B8", "G9", "Y8", "B7", "G7", "Y9", "G4"]
    case("H-1_default_cap_ten", "H-1",
         "H-1: draw_cap defaults to 10: ann draws 10 unplayable cards and the turn passes (the "
         "playable R5 under them stays in the pile)",
         **kw, then=[*ten, "R5"], actions=[draw("ann"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "draw_pile": 76,
                 "hands": {"ann": a["ann"] + ten, "bob": without(a["bob"], "R8")}, **ok(2)},
         events=[*drew("ann", ten), ev("played", by="bob", card="R8")])
    case("H-1_draw_cap_option", "H-1",
         "H-1: with draw_cap 3, ann draws B9, G8, Y6, reaches the cap without a playable card, "
         "and the turn passes to bob",
         **{**kw, "rules": opts(draw_until_playable=True, draw_cap=3)},
         then=[*unpl, "R5"], actions=[draw("ann"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "draw_pile": 83,
                 "hands": {"ann": a["ann"] + unpl, "bob": without(a["bob"], "R8")}, **ok(2)},
         events=[*drew("ann", unpl), ev("played", by="bob", card="R8")])
    case("H-1_cap_reached_on_playable_card", "H-1",
         "H-1: with draw_cap 3, the third card drawn (R5) is playable: ann may still play it",
         **{**kw, "rules": opts(draw_until_playable=True, draw_cap=3)},
         then=["B9", "G8", "R5"], actions=[draw("ann"), play("ann", "R5")],
         expect={"turn": "bob", "top": "R5", "draw_pile": 83,
                 "hands": {"ann": a["ann"] + ["B9", "G8"]}, **ok(2)},
         events=[*drew("ann", ["B9", "G8", "R5"]), ev("played", by="ann", card="R5")])


# ================================================================ H-2 jump-in

J3 = {
    "ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W"],
    "bob": ["R8", "Y2", "G6", "B4", "RS", "R+2", "G5"],
    "cid": ["R7", "Y7", "G1", "B6", "W", "YR", "R9"],
}


def h2() -> None:
    j = J3
    r = opts(jump_in=True)
    kw: dict[str, Any] = {"players": P3, "hands": j, "start": "R3", "rules": r}
    case("H-2_same_colour_and_number", "H-2",
         "H-2: cid jumps in with an R7 on ann's R7; bob, in between, loses his turn and play "
         "continues from cid (ann next), so bob's R8 is out of turn",
         **kw, actions=[play("ann", "R7"), play("cid", "R7"), play("bob", "R8")],
         expect={"turn": "ann", "top": "R7", "color": "R", "direction": 1, "draw_pile": 86,
                 "hands": {"ann": without(j["ann"], "R7"), "bob": j["bob"],
                           "cid": without(j["cid"], "R7")}, **refused(2, "not_your_turn")},
         events=[ev("played", by="ann", card="R7"), ev("played", by="cid", card="R7")])
    case("H-2_same_colour_and_symbol", "H-2",
         "H-2: ann's Skip skips bob; bob jumps in with the identical RS; play continues from bob "
         "and his Skip skips cid: ann plays next",
         **kw, actions=[play("ann", "RS"), play("bob", "RS")],
         expect={"turn": "ann", "top": "RS", "color": "R",
                 "hands": {"ann": without(j["ann"], "RS"), "bob": without(j["bob"], "RS"),
                           "cid": j["cid"]}, **ok(2)},
         events=[ev("played", by="ann", card="RS"), ev("skipped", by="bob"),
                 ev("played", by="bob", card="RS"), ev("skipped", by="cid")])
    case("H-2_plain_wild_on_plain_wild", "H-2",
         "H-2: a plain Wild may jump in on a plain Wild: cid names blue; bob loses his turn",
         **kw, actions=[play("ann", "W", "G"), play("cid", "W", "B")],
         expect={"turn": "ann", "top": "W", "color": "B", "pending": None,
                 "hands": {"ann": without(j["ann"], "W"), "cid": without(j["cid"], "W")},
                 **ok(2)},
         events=[ev("played", by="ann", card="W", color="G"),
                 ev("played", by="cid", card="W", color="B")])
    case("H-2_wild_jump_in_needs_colour", "H-2",
         "H-2: a Wild jumped in on a Wild still names a colour: without one it is refused",
         **kw, actions=[play("ann", "W", "G"), play("cid", "W")],
         expect={"turn": "bob", "top": "W", "color": "G", "hands": {"cid": j["cid"]},
                 **refused(1, "color_required")})
    case("H-2_same_colour_other_number_refused", "H-2",
         "H-2: R9 is not identical to R7: cid acting out of turn is refused",
         **kw, actions=[play("ann", "R7"), play("cid", "R9")],
         expect={"turn": "bob", "top": "R7", "hands": {"cid": j["cid"]},
                 **refused(1, "not_your_turn")})
    case("H-2_same_number_other_colour_refused", "H-2",
         "H-2: Y7 is not identical to R7: cid acting out of turn is refused",
         **kw, actions=[play("ann", "R7"), play("cid", "Y7")],
         expect={"turn": "bob", "top": "R7", "hands": {"cid": j["cid"]},
                 **refused(1, "not_your_turn")})
    case("H-2_not_on_start_card", "H-2",
         "H-2: no jump-in on the start card of a round: cid's R9 on the start R9 is refused",
         players=P3, hands=j, start="R9", rules=r, actions=[play("cid", "R9")],
         expect={"turn": "ann", "top": "R9", "hands": j, "draw_pile": 86,
                 **refused(0, "not_your_turn")})
    w4 = {**j, "ann": ["G3", "Y5", "B2", "RS", "R+2", "W+4", "W+4"]}
    four = ["B1", "B3", "G8", "G9"]
    case("H-2_wild_draw_four_never_jumps_in", "H-2",
         "H-2: a Wild Draw Four never jumps in: after bob accepted ann's, her second Wild Draw "
         "Four on cid's turn is refused",
         players=P3, hands=w4, start="R3", rules=r, then=four,
         actions=[play("ann", "W+4", "G"), accept("bob"), play("ann", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "pending": None,
                 "hands": {"ann": ["G3", "Y5", "B2", "RS", "R+2", "W+4"],
                           "bob": j["bob"] + four}, **refused(2, "not_your_turn")})
    st = {"ann": ["R+2", "G3", "Y5", "B2", "RS", "R7", "W"],
          "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
          "cid": ["R+2", "Y7", "G1", "B6", "W", "YR", "R9"]}
    case("H-2_not_while_draw_pending", "H-2",
         "H-2 (with H-4 stacking): no jump-in while a stack answer is pending: cid's identical "
         "R+2 is refused while the table waits for bob",
         players=P3, hands=st, start="R3", rules=opts(jump_in=True, stacking=True),
         actions=[play("ann", "R+2"), play("cid", "R+2")],
         expect={"turn": "bob", "top": "R+2",
                 "pending": {"kind": "draw", "amount": 2, "victim": "bob", "by": "ann"},
                 "hands": {"cid": st["cid"], "bob": st["bob"]}, **refused(1, "not_your_turn")})
    five = {"ann": ["R5", "G3", "Y4", "B2", "RS", "R7", "W"],
            "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
            "cid": ["R5", "Y7", "G1", "B6", "W", "YR", "R9"]}
    case("H-2_not_while_swap_pending", "H-2",
         "H-2 (with H-6 swap_on_five): no jump-in while a swap is pending: cid's identical R5 is "
         "refused",
         players=P3, hands=five, start="R3", rules=opts(jump_in=True, swap_on_five=True),
         actions=[play("ann", "R5"), play("cid", "R5")],
         expect={"turn": "ann", "top": "R5",
                 "pending": {"kind": "swap", "by": "ann", "target": None},
                 "hands": {"cid": five["cid"]}, **refused(1, "not_your_turn")})
    own = {**j, "ann": ["R7", "R7", "G3", "Y5", "B2", "R+2", "W"],
           "cid": ["R1", "Y7", "G1", "B6", "W", "YR", "R9"]}
    case("H-2_jump_in_on_own_card", "H-2",
         "H-2: ann plays two identical R7s one after the other; play continues from her (bob)",
         players=P3, hands=own, start="R3", rules=r,
         actions=[play("ann", "R7"), play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "direction": 1,
                 "hands": {"ann": ["G3", "Y5", "B2", "R+2", "W"]}, **ok(2)},
         events=[ev("played", by="ann", card="R7"), ev("played", by="ann", card="R7")])
    case("H-2_next_player_acts_first", "H-2",
         "H-2: bob plays R8 before ann's second R7 reaches the table; her R7 is no longer "
         "identical to the top card and is refused",
         players=P3, hands=own, start="R3", rules=r,
         actions=[play("ann", "R7"), play("bob", "R8"), play("ann", "R7")],
         expect={"turn": "cid", "top": "R8",
                 "hands": {"ann": ["R7", "G3", "Y5", "B2", "R+2", "W"]},
                 **refused(2, "not_your_turn")})
    race = {"ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W"],
            "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
            "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"],
            "dan": ["R7", "Y1", "G2", "B3", "Y4", "G4", "B1"]}
    case("H-2_race_first_valid_action_wins", "H-2",
         "H-2: race: bob's R8 reaches the table before dan's jump-in R7, which then is no longer "
         "identical to the top card",
         players=P4, hands=race, start="R3", rules=r,
         actions=[play("ann", "R7"), play("bob", "R8"), play("dan", "R7")],
         expect={"turn": "cid", "top": "R8", "draw_pile": 79, "hands": {"dan": race["dan"]},
                 **refused(2, "not_your_turn")})
    wilds = {"ann": ["W", "G3", "Y5", "B2", "RS", "R+2", "R7"],
             "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
             "cid": ["W", "Y7", "G1", "B6", "Y+2", "YR", "B5"],
             "dan": ["W", "Y1", "G2", "B3", "Y4", "G4", "B1"]}
    case("H-2_second_identical_card_jumps_again", "H-2",
         "H-2: after dan's Wild jumped in on ann's, cid's Wild is identical to the new top card "
         "and jumps in too: play continues from cid (dan next), colour blue",
         players=P4, hands=wilds, start="R3", rules=r,
         actions=[play("ann", "W", "G"), play("dan", "W", "R"), play("cid", "W", "B")],
         expect={"turn": "dan", "top": "W", "color": "B",
                 "hands": {"ann": without(wilds["ann"], "W"), "bob": wilds["bob"],
                           "cid": without(wilds["cid"], "W"),
                           "dan": without(wilds["dan"], "W")}, **ok(3)},
         events=[ev("played", by="ann", card="W"), ev("played", by="dan", card="W"),
                 ev("played", by="cid", card="W")])
    jd = {"ann": ["R7", "G3", "Y5", "B2", "RS", "R+2", "W"],
          "bob": ["Y8", "Y2", "G6", "B4", "GS", "BR", "G5"],
          "cid": ["R7", "Y7", "G1", "B6", "W", "YR", "R9"]}
    case("H-2_jump_in_ends_drawn_card_decision", "H-2",
         "H-2: bob draws a playable R2 and is deciding; cid's jump-in ends bob's turn (he keeps "
         "the R2) and ann plays next",
         players=P3, hands=jd, start="R3", rules=r, then=["R2"],
         actions=[play("ann", "R7"), draw("bob"), play("cid", "R7"), play("bob", "R2")],
         expect={"turn": "ann", "top": "R7", "draw_pile": 85, "pending": None,
                 "hands": {"bob": jd["bob"] + ["R2"], "cid": without(jd["cid"], "R7")},
                 **refused(3, "not_your_turn")},
         events=[ev("drew", by="bob", card="R2"), ev("played", by="cid", card="R7")])
    d2 = ["G8", "B9", "Y6", "B8"]
    case("H-2_draw_two_on_applied_draw_two", "H-2",
         "H-2: ann's Draw Two applies at once (bob draws 2, cid's turn); bob jumps in with the "
         "identical R+2, which hits cid, the player after him: cid draws 2 and ann plays",
         **kw, then=d2, actions=[play("ann", "R+2"), play("bob", "R+2")],
         expect={"turn": "ann", "top": "R+2", "draw_pile": 82, "pending": None,
                 "hands": {"bob": without(j["bob"], "R+2") + d2[:2], "cid": j["cid"] + d2[2:]},
                 **ok(2)},
         events=[ev("played", by="ann", card="R+2"), *drew("bob", d2[:2]),
                 ev("skipped", by="bob"), ev("played", by="bob", card="R+2"),
                 *drew("cid", d2[2:]), ev("skipped", by="cid")])
    up = {"ann": ["RS", "YS", "GS", "BS", "RS", "R7", "G7"],
          "bob": ["R8", "Y2", "G3", "B4", "Y5", "G6", "B2"],
          "cid": ["R7", "Y7", "G1", "B6", "B5", "Y+2", "YR"]}
    pre = [*chain3(["RS", "YS", "GS", "BS", "RS"]), draw("cid")]
    case("H-2_jump_in_closes_uno_window", "H-2",
         "H-2/C-5.2: ann plays her next-to-last card without calling UNO; cid's jump-in closes "
         "the window, so bob can no longer catch her",
         players=P3, hands=up, start="R1", rules=r, then=CHAIN3_CID_DRAWS,
         actions=[*pre, play("ann", "R7"), play("cid", "R7"), catch("bob", "ann")],
         expect={"turn": "ann", "top": "R7", "draw_pile": 81,
                 "hands": {"ann": ["G7"], "bob": up["bob"],
                           "cid": without(up["cid"], "R7") + CHAIN3_CID_DRAWS[:5]},
                 **refused(12, "not_allowed_now")})


# ================================================================ H-3 seven-zero

Z3 = {
    "ann": ["R0", "R7", "G3", "Y5", "B2", "RR", "W"],
    "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"],
    "cid": ["R9", "Y7", "G1", "B6", "Y+2", "Y0", "B5"],
}


def h3() -> None:
    z = Z3
    r = opts(seven_zero=True)
    kw: dict[str, Any] = {"players": P3, "hands": z, "start": "R3", "rules": r}
    case("H-3_zero_passes_hands_clockwise", "H-3",
         "H-3: ann plays R0: every hand passes to the next player clockwise (ann's to bob, bob's "
         "to cid, cid's to ann), each keeping its order",
         **kw, actions=[play("ann", "R0")],
         expect={"turn": "bob", "top": "R0", "direction": 1, "draw_pile": 86,
                 "hands": {"ann": z["cid"], "bob": without(z["ann"], "R0"), "cid": z["bob"]},
                 **ok(1)},
         events=[ev("played", by="ann", card="R0"), ev("hands_passed")])
    ccw = {"ann": ["RR", "R7", "G3", "Y5", "B2", "RS", "W"],
           "bob": z["bob"],
           "cid": ["R0", "Y7", "G1", "B6", "Y+2", "YR", "B5"]}
    case("H-3_zero_passes_hands_counter_clockwise", "H-3",
         "H-3: after ann's Reverse, cid plays R0: hands pass counter-clockwise (cid's to bob, "
         "bob's to ann, ann's to cid)",
         **{**kw, "hands": ccw}, actions=[play("ann", "RR"), play("cid", "R0")],
         expect={"turn": "bob", "top": "R0", "direction": -1,
                 "hands": {"ann": ccw["bob"], "bob": without(ccw["cid"], "R0"),
                           "cid": without(ccw["ann"], "RR")}, **ok(2)},
         events=[ev("played", by="cid", card="R0"), ev("hands_passed")])
    case("H-3_seven_swaps_with_target", "H-3",
         "H-3: ann plays R7 naming cid: ann and cid swap hands; bob's hand stays; bob plays next",
         **kw, actions=[play("ann", "R7", target="cid")],
         expect={"turn": "bob", "top": "R7", "draw_pile": 86,
                 "hands": {"ann": z["cid"], "bob": z["bob"], "cid": without(z["ann"], "R7")},
                 **ok(1)},
         events=[ev("played", by="ann", card="R7"),
                 ev("hands_swapped", by="ann", target="cid")])
    for suffix, target, title in (
            ("missing", None, "a 7 that is not the last card needs a target"),
            ("self", "ann", "ann cannot swap with herself"),
            ("unknown", "zed", "zed is not a player")):
        case(f"H-3_seven_target_{suffix}", "H-3", f"H-3: {title}: invalid_target",
             **kw, actions=[play("ann", "R7", target=target)],
             expect={"turn": "ann", "top": "R3", "hands": z, "draw_pile": 86,
                     **refused(0, "invalid_target")})
    bob_left = without(S2_BOB, "R8")
    for card, target in (("R0", None), ("R7", None), ("R7", "bob")):
        name = {("R0", None): "H-3_last_card_zero_no_effect",
                ("R7", None): "H-3_last_card_seven_without_target",
                ("R7", "bob"): "H-3_last_card_seven_with_target_no_swap"}[(card, target)]
        what = "a 0" if card == "R0" else (
            "a 7 with no target" if target is None else "a 7 naming bob")
        case(name, "H-3",
             f"H-3/C-8.1: ann's last card is {what}: no hands move; she wins the round and bob's "
             "hand is counted",
             players=P2, hands={"ann": ["RS", "YS", "GS", "BS", "RS", "R2", card], "bob": S2_BOB},
             start="R1", rules=r,
             actions=[*S2_PREFIX, play("ann", "R2", uno=True), play("bob", "R8"),
                      play("ann", card, target=target)],
             expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "draw_pile": 93,
                     "hands": {"ann": [], "bob": bob_left},
                     "scores": {"ann": points(bob_left), "bob": 0}, **ok(8)},
             events=[ev("played", by="ann", card=card), ev("round_won", by="ann")])
    one = {"ann": ["R2", "B7", "Y3", "G4", "Y6", "G8", "Y9"],
           "bob": ["RS", "YS", "GS", "YS", "BS", "B5", "B6"]}
    case("H-3_swap_down_to_one_card_owes_no_uno", "H-3",
         "H-3/C-9: ann swaps her five cards for bob's last one with a B7: a hand that comes down "
         "to one card by a swap owes no UNO call, so bob cannot catch her",
         players=P2, hands=one, start="R1", rules=r,
         actions=[play("ann", "R2"), *[play("bob", c) for c in ["RS", "YS", "GS", "YS", "BS"]],
                  play("bob", "B5", uno=True), play("ann", "B7", target="bob"),
                  catch("bob", "ann")],
         expect={"turn": "bob", "top": "B7", "draw_pile": 93,
                 "hands": {"ann": ["B6"], "bob": ["Y3", "G4", "Y6", "G8", "Y9"]},
                 **refused(8, "not_allowed_now")},
         events=[ev("uno_called", by="bob"), ev("hands_swapped", by="ann", target="bob")])


SECTIONS = (h1, h2, h3)
