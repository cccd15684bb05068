"""Golden cases of the house rules H-7..H-9: lazy scoring, the UNO slap, colours around.

Deck sizes and the readings followed where RULES.md leaves room: see __init__.py.

Rounds after the first are dealt by the engine's seeded shuffle (REPLAY.md: `deck` is the deck
before the first deal only). The H-7 files that look at round 2 pick their `seed` so that round 2's
start card is of the kind the case needs; those start cards were read once from the classic
engine's shuffle (the shuffle is not a house rule: with the deck given and the dealer named, round
1 draws nothing from the random source, so round 2's deck is the first shuffle of the seed). They
are listed in ROUND2_START below and asserted in the files' events.

"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    CHAIN3_CID_DRAWS,
    S2_BOB,
    S2_PREFIX,
    S2_THEN,
    SC_ACTIONS,
    SC_ANN,
    chain,
    chain3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    act,
    case,
    challenge,
    draw,
    drew,
    ev,
    ok,
    opts,
    play,
    points,
    refused,
    slap,
    speak,
    without,
)

# Round 2's start card for three players by seed (see the module docstring).
ROUND2_START = {0: "G7", 1: "YR", 9: "BS", 47: "B+2", 52: "W"}
# ================================================================ H-7 lazy scoring

LZ = {"ann": SC_ANN,
      "bob": ["W", "W+4", "W", "W+4", "R+2", "GR", "W"],  # 290: the most points
      "cid": ["BS", "Y+2", "BR", "R9", "G2", "B3", "B4"]}  # 78 + 51 drawn = 129
assert points(LZ["bob"]) == 290 and points(LZ["cid"] + CHAIN3_CID_DRAWS) == 129


def h7() -> None:
    r = opts(lazy_scoring=True)
    kw: dict[str, Any] = {"players": P3, "hands": LZ, "start": "R1", "then": CHAIN3_CID_DRAWS,
                          "rules": r}
    zero = {"ann": 0, "bob": 0, "cid": 0}
    case("H-7_scores_stay_zero", "H-7",
         "H-7: ann goes out first and wins the round; no points are scored and nobody wins a "
         "match",
         **kw, actions=SC_ACTIONS,
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "scores": zero,
                 "match_winner": None, **ok(13)},
         events=[ev("round_won", by="ann")])
    case("H-7_no_match_won_past_target", "H-7",
         "H-7: even with target_score 100 (ann's round is worth far more) no match is won and "
         "next_round deals round 2",
         **{**kw, "rules": opts(lazy_scoring=True, target_score=100)}, seed=0,
         actions=[*SC_ACTIONS, act("cid", "next_round")],
         expect={"round": 2, "scores": zero, "match_winner": None, "round_winner": None,
                 **ok(14)},
         events=[ev("round_won", by="ann"), ev("round_started", amount=2)])
    deal = [ev("dealt", by="cid"), ev("dealt", by="ann"), ev("dealt", by="bob")]
    case("H-7_loser_deals_winner_plays_first", "H-7",
         "H-7: bob, left holding the most points (290 against cid's 129), deals round 2 (the "
         "deal starts with cid); ann, the winner, plays first (start card G7, seed 0)",
         **kw, seed=0, actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "turn": "ann", "direction": 1, "pending": None, "scores": zero,
                 "color": "G", "top": ROUND2_START[0], **ok(14)},
         events=[ev("round_won", by="ann"), ev("round_started", by="bob", amount=2), *deal,
                 ev("start_card", card=ROUND2_START[0])])
    case("H-7_reverse_start_card", "H-7",
         "H-7: a Reverse start card (YR, seed 1) makes the winner, ann, play first, "
         "counter-clockwise",
         **kw, seed=1, actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "turn": "ann", "direction": -1, "top": ROUND2_START[1],
                 "color": "Y", **ok(14)},
         events=[ev("round_started", by="bob", amount=2), ev("start_card", card=ROUND2_START[1])])
    case("H-7_skip_start_card", "H-7",
         "H-7: a Skip start card (BS, seed 9) skips the winner, ann, who would play first; bob "
         "(next clockwise) plays",
         **kw, seed=9, actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "turn": "bob", "direction": 1, "top": ROUND2_START[9], **ok(14)},
         events=[ev("round_started", by="bob", amount=2), ev("start_card", card=ROUND2_START[9]),
                 ev("skipped", by="ann")])
    case("H-7_draw_two_start_card", "H-7",
         "H-7: a Draw Two start card (B+2, seed 47): the winner, ann, draws 2 and is skipped; "
         "bob plays",
         **kw, seed=47, actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "turn": "bob", "direction": 1, "top": ROUND2_START[47],
                 "pending": None, "draw_pile": 86 - 2, **ok(14)},
         events=[ev("round_started", by="bob", amount=2),
                 ev("start_card", card=ROUND2_START[47]), ev("drew", by="ann"),
                 ev("drew", by="ann"), ev("skipped", by="ann")])
    case("H-7_wild_start_card", "H-7",
         "H-7: a Wild start card (seed 52): the winner, ann, names the colour",
         **kw, seed=52, actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 2, "turn": "ann", "top": "W",
                 "pending": {"kind": "color", "by": "ann"}, **ok(14)},
         events=[ev("round_started", by="bob", amount=2), ev("start_card", card="W")])
    # bob (dealer ann, so bob plays first) goes out with seven Skips while ann draws; ann and cid
    # are left holding 61 points each.
    tie = {"bob": SC_ANN,
           "ann": ["R1", "Y1", "G1", "B1", "R2", "Y2", "G2"],  # 10 + 51 drawn = 61
           "cid": ["W", "R4", "Y3", "G2", "B1", "R1", "R0"]}  # 61
    assert points(tie["ann"] + CHAIN3_CID_DRAWS) == points(tie["cid"]) == 61
    case("H-7_loser_tie_earliest_after_winner", "H-7",
         "H-7: ann and cid tie with 61 points each: the earliest seat clockwise after the "
         "winner bob, cid, loses and deals round 2; bob plays first (start card G7, seed 0)",
         players=P3, dealer="ann", hands=tie, start="R6", then=CHAIN3_CID_DRAWS, rules=r, seed=0,
         actions=[*chain("bob", "ann", SC_ANN, uno_at=5), act("ann", "next_round")],
         expect={"round": 2, "turn": "bob", "direction": 1, "scores": zero,
                 "top": ROUND2_START[0], **ok(14)},
         events=[ev("round_won", by="bob"), ev("round_started", by="cid", amount=2),
                 ev("dealt", by="ann"), ev("dealt", by="bob"), ev("dealt", by="cid"),
                 ev("start_card", card=ROUND2_START[0])])


# ================================================================ H-8 UNO slap

UP3 = {"ann": ["RS", "YS", "GS", "BS", "RS", "R7", "G7"],
       "bob": ["R8", "Y2", "G3", "B4", "Y5", "G6", "B2"],
       "cid": ["R9", "Y7", "G1", "B6", "B5", "Y+2", "YR"]}
UP3_PRE = [*chain3(["RS", "YS", "GS", "BS", "RS"]), draw("cid")]  # 10 actions; ann holds R7 G7
UP3_DRAWN = CHAIN3_CID_DRAWS[:5]


def h8() -> None:
    u = UP3
    r = opts(uno_slap=True)
    two = ["B7", "G4", "B7", "G4"]  # either order of two draws of 2 gives the same hands
    kw: dict[str, Any] = {"players": P3, "hands": u, "start": "R1", "then": UP3_DRAWN + two,
                          "rules": r}
    cid_now = u["cid"] + UP3_DRAWN
    case("H-8_uno_call_opens_slap", "H-8",
         "H-8: ann calls UNO with her next-to-last card: play waits for bob and cid to slap; "
         "`turn` names bob, next to play",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True)],
         expect={"turn": "bob", "top": "R7", "draw_pile": 81,
                 "pending": {"kind": "slap", "by": "ann", "waiting": ["bob", "cid"]},
                 "hands": {"ann": ["G7"], "bob": u["bob"], "cid": cid_now}, **ok(11)},
         events=[ev("played", by="ann", card="R7"), ev("uno_called", by="ann")])
    case("H-8_uno_call_after_play_opens_slap", "H-8",
         "H-8: an UNO call made right after the play opens the slap window too",
         **kw, actions=[*UP3_PRE, play("ann", "R7"), act("ann", "uno")],
         expect={"turn": "bob", "pending": {"kind": "slap", "by": "ann",
                                            "waiting": ["bob", "cid"]}, **ok(12)},
         events=[ev("uno_called", by="ann")])
    case("H-8_last_to_slap_draws_two", "H-8",
         "H-8: bob slaps; cid, the last one, draws 2 and play goes on with bob",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True), slap("bob"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "pending": None, "draw_pile": 79,
                 "hands": {"ann": ["G7"], "bob": without(u["bob"], "R8"),
                           "cid": cid_now + two[:2]}, **ok(13)},
         events=[ev("slapped", by="bob"), *drew("cid", two[:2]),
                 ev("played", by="bob", card="R8")])
    case("H-8_turn_actions_wait", "H-8",
         "H-8: while the slap window is open bob, whose turn is next, may not play",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True), play("bob", "R8")],
         expect={"turn": "bob", "top": "R7", "hands": {"bob": u["bob"]},
                 "pending": {"kind": "slap", "by": "ann", "waiting": ["bob", "cid"]},
                 **refused(11, "not_allowed_now")})
    case("H-8_draw_waits", "H-8",
         "H-8: while the slap window is open bob may not draw either",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True), draw("bob")],
         expect={"turn": "bob", "draw_pile": 81, "hands": {"bob": u["bob"]},
                 **refused(11, "not_allowed_now")})
    case("H-8_speak_stays_possible", "H-8",
         "H-8: `speak` stays possible while the window is open (and changes nothing here)",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True), speak("cid")],
         expect={"turn": "bob", "draw_pile": 81,
                 "pending": {"kind": "slap", "by": "ann", "waiting": ["bob", "cid"]},
                 **ok(12)})
    case("H-8_timeout_everyone_unslapped_draws", "H-8",
         "H-8: nobody slapped when the window's time runs out: bob and cid draw 2 each; bob plays",
         **kw, actions=[*UP3_PRE, play("ann", "R7", uno=True), act("ann", "slap_timeout")],
         expect={"turn": "bob", "pending": None, "draw_pile": 77,
                 "hands": {"ann": ["G7"], "bob": u["bob"] + two[:2], "cid": cid_now + two[2:]},
                 **ok(12)})
    case("H-8_slap_without_window", "H-8",
         "H-8: a slap with no UNO call to answer is refused",
         **kw, actions=[slap("bob")],
         expect={"turn": "ann", "hands": u, **refused(0, "not_allowed_now")})
    # Four players: ann's five Skips each skip bob; cid and dan draw after each.
    u4 = {**u, "dan": ["R6", "Y6", "G2", "B3", "Y3", "GR", "BR"]}
    draws4 = ["Y9", "G9", "B9", "G8", "Y8", "B8", "Y4", "G4", "B7", "Y1"]
    pre4: list[dict[str, Any]] = []
    for c in ["RS", "YS", "GS", "BS", "RS"]:
        pre4 += [play("ann", c), draw("cid"), draw("dan")]
    slap4 = ["R4", "G5", "R4", "G5"]
    kw4: dict[str, Any] = {"players": P4, "hands": u4, "start": "R1", "then": draws4 + slap4,
                           "rules": r}
    cid4 = u4["cid"] + draws4[0::2]
    dan4 = u4["dan"] + draws4[1::2]
    case("H-8_waiting_list_shrinks", "H-8",
         "H-8: four players: after bob's slap the window waits for cid and dan",
         **kw4, actions=[*pre4, play("ann", "R7", uno=True), slap("bob")],
         expect={"turn": "bob", "draw_pile": 69,
                 "pending": {"kind": "slap", "by": "ann", "waiting": ["cid", "dan"]},
                 "hands": {"ann": ["G7"], "cid": cid4, "dan": dan4}, **ok(17)},
         events=[ev("slapped", by="bob")])
    case("H-8_four_players_last_draws", "H-8",
         "H-8: four players: bob and dan slap; cid, the last one, draws 2",
         **kw4, actions=[*pre4, play("ann", "R7", uno=True), slap("bob"), slap("dan")],
         expect={"turn": "bob", "pending": None, "draw_pile": 67,
                 "hands": {"bob": u4["bob"], "cid": cid4 + slap4[:2], "dan": dan4}, **ok(18)},
         events=[ev("slapped", by="bob"), ev("slapped", by="dan"), *drew("cid", slap4[:2])])
    case("H-8_timeout_after_partial_slaps", "H-8",
         "H-8: four players: only bob slapped when the time ran out: cid and dan draw 2 each",
         **kw4, actions=[*pre4, play("ann", "R7", uno=True), slap("bob"),
                         act("bob", "slap_timeout")],
         expect={"turn": "bob", "pending": None, "draw_pile": 65,
                 "hands": {"bob": u4["bob"], "cid": cid4 + slap4[:2], "dan": dan4 + slap4[2:]},
                 **ok(18)})
    case("H-8_two_players_slap_closes_window", "H-8",
         "H-8: with two players bob's slap closes the window without penalty",
         players=P2, hands={"ann": ["RS", "YS", "GS", "BS", "RS", "R7", "G7"], "bob": S2_BOB},
         start="R1", then=S2_THEN, rules=r,
         actions=[*S2_PREFIX, play("ann", "R7", uno=True), slap("bob"), play("bob", "R8")],
         expect={"turn": "ann", "top": "R8", "pending": None, "draw_pile": 93,
                 "hands": {"ann": ["G7"], "bob": without(S2_BOB, "R8")}, **ok(8)},
         events=[ev("uno_called", by="ann"), ev("slapped", by="bob"),
                 ev("played", by="bob", card="R8")])
    w4 = {**u, "ann": ["RS", "YS", "GS", "BS", "RS", "W+4", "G7"]}
    six = ["B1", "B3", "Y2", "Y3", "R2", "R3"]
    kww: dict[str, Any] = {**kw, "hands": w4, "then": UP3_DRAWN + two[:2] + six}
    case("H-8_challenge_waits_for_slap", "H-8",
         "H-8: ann's next-to-last card is a Wild Draw Four with an UNO call: bob's challenge "
         "waits until the slap window closes",
         **kww, actions=[*UP3_PRE, play("ann", "W+4", "G", uno=True), challenge("bob")],
         expect={"turn": "bob", "top": "W+4", "hands": {"bob": u["bob"], "ann": ["G7"]},
                 "pending": {"kind": "slap", "by": "ann", "waiting": ["bob", "cid"]},
                 **refused(11, "not_allowed_now")})
    case("H-8_challenge_after_slap", "H-8",
         "H-8: once bob slapped (cid draws 2) the challenge decision is bob's; ann held no red, "
         "so his challenge fails: he draws 6 and cid plays",
         **kww, actions=[*UP3_PRE, play("ann", "W+4", "G", uno=True), slap("bob"),
                         challenge("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "pending": None, "draw_pile": 73,
                 "hands": {"ann": ["G7"], "bob": u["bob"] + six, "cid": cid_now + two[:2]},
                 **ok(13)},
         events=[ev("slapped", by="bob"), *drew("cid", two[:2]),
                 ev("challenged", by="bob", target="ann"), *drew("bob", six),
                 ev("skipped", by="bob")])
    case("H-8_challenge_pending_after_slap", "H-8",
         "H-8: when the slap window closes, the Wild Draw Four's challenge decision waits for bob",
         **kww, actions=[*UP3_PRE, play("ann", "W+4", "G", uno=True), slap("bob")],
         expect={"turn": "bob", "top": "W+4",
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 4},
                 **ok(12)})


# ================================================================ H-9 colours around

def h9() -> None:
    r = opts(colours_around=True)
    c9 = {"ann": ["W", "W", "G3", "Y5", "B2", "RR", "R7"],
          "bob": ["W", "Y2", "G6", "B4", "GS", "BR", "G5"],
          "cid": ["W", "Y7", "G1", "B6", "Y+2", "YR", "B5"]}
    kw: dict[str, Any] = {"players": P3, "hands": c9, "start": "R3", "rules": r}
    case("H-9_wild_moves_colour_clockwise", "H-9",
         "H-9: a Wild names no colour: red moves on to blue (clockwise play)",
         **kw, actions=[play("ann", "W")],
         expect={"turn": "bob", "top": "W", "color": "B", "pending": None, **ok(1)})
    case("H-9_colour_given_is_ignored", "H-9",
         "H-9: a colour given with the Wild (yellow) is ignored: red moves on to blue",
         **kw, actions=[play("ann", "W", "Y")],
         expect={"turn": "bob", "top": "W", "color": "B", **ok(1)})
    case("H-9_around_the_circle", "H-9",
         "H-9: four Wilds clockwise: red -> blue -> green -> yellow -> red",
         **kw, actions=[play("ann", "W"), play("bob", "W"), play("cid", "W"), play("ann", "W")],
         expect={"turn": "bob", "top": "W", "color": "R",
                 "hands": {"ann": ["G3", "Y5", "B2", "RR", "R7"]}, **ok(4)})
    case("H-9_three_wilds_reach_yellow", "H-9",
         "H-9: three Wilds clockwise from red: blue, green, yellow",
         **kw, actions=[play("ann", "W"), play("bob", "W"), play("cid", "W")],
         expect={"turn": "ann", "color": "Y", **ok(3)})
    case("H-9_counter_clockwise", "H-9",
         "H-9: after ann's Reverse, cid's Wild moves red the other way round, to yellow",
         **kw, actions=[play("ann", "RR"), play("cid", "W")],
         expect={"turn": "bob", "direction": -1, "top": "W", "color": "Y", **ok(2)})
    case("H-9_start_wild_still_named", "H-9",
         "H-9/C-3: a start-card Wild is still named by the player left of the dealer",
         **{**kw, "start": "W", "hands": A3},
         actions=[act("ann", "color", color="G"), play("ann", "G3")],
         expect={"turn": "bob", "top": "G3", "color": "G", **ok(2)},
         events=[ev("start_card", card="W"), ev("color_chosen", by="ann", color="G")])
    six = ["B1", "B3", "G8", "G9", "Y8", "Y9"]
    inn = {**c9, "ann": ["W+4", "G3", "Y5", "B2", "GS", "W", "Y1"]}  # no red
    case("H-9_wild_draw_four_judged_on_colour_before", "H-9",
         "H-9: ann's Wild Draw Four moves red to blue; its legality is judged on red, which she "
         "did not hold: bob's challenge fails, he draws 6",
         **{**kw, "hands": inn}, then=six, actions=[play("ann", "W+4"), challenge("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "B", "pending": None, "draw_pile": 80,
                 "hands": {"bob": c9["bob"] + six}, **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", six)])
    gu = {**c9, "ann": ["W+4", "G3", "Y5", "B2", "GS", "W", "R7"]}  # holds red
    case("H-9_wild_draw_four_guilty", "H-9",
         "H-9: ann held red (R7) under her Wild Draw Four: guilty, she draws 4; blue stands and "
         "bob plays",
         **{**kw, "hands": gu}, then=six, actions=[play("ann", "W+4"), challenge("bob")],
         expect={"turn": "bob", "top": "W+4", "color": "B", "pending": None, "draw_pile": 82,
                 "hands": {"ann": without(gu["ann"], "W+4") + six[:4], "bob": c9["bob"]},
                 **ok(2)})


SECTIONS = (h7, h8, h9)
