"""Golden cases of the classic rules C-8..C-10: the end of a round and scoring, what each
player sees, a player who leaves.

Deck sizes: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    CHAIN3_CID_DRAWS,
    D2_ACTIONS,
    D2_ANN,
    D2_BOB,
    D2_POINTS,
    D2_THEN,
    SC_ACTIONS,
    SC_ANN,
    SC_BOB,
    SC_CID,
    SC_POINTS,
    chain3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    act,
    case,
    catch,
    draw,
    err,
    ev,
    play,
    points,
    without,
)

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


SECTIONS = (c8, c9, c10)
