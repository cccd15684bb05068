"""Golden cases of the house rules H-12 (play to the last), H-13 (seven stages) and H-14.

Deck sizes and the readings followed where RULES.md leaves room: see __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    CHAIN3_CID_DRAWS,
    S2_BOB,
    S2_PREFIX,
    S2_THEN,
    SC_ACTIONS,
    SC_ANN,
    SC_BOB_POINTS,
    SC_CID,
    SC_CID_POINTS,
    SC_HANDS,
    chain3,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    act,
    case,
    draw,
    drew,
    ev,
    ok,
    opts,
    play,
    points,
    refused,
    without,
)

# ================================================================ H-12 play to last, H-14

PL_BOB = ["G+2", "Y+2", "R+2", "B+2", "G+2", "Y+2", "R+2"]
PL_CID = ["R9", "Y7", "G1", "B6", "B5", "YR", "B3"]
PL_HANDS = {"ann": SC_ANN, "bob": PL_BOB, "cid": PL_CID}
PL_D2 = ["R2", "R3", "R4", "R5", "R6", "R7", "R8", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "G2"]
PL_THEN = [*CHAIN3_CID_DRAWS, "B7", *PL_D2]
PL_ANN_OUT = SC_ACTIONS  # 13 actions; ann's last Skip skips bob, cid's turn
PL_REST = [draw("cid"), *[play("bob", c, uno=(i == 5)) for i, c in enumerate(PL_BOB)]]
PL_POINTS = points(PL_BOB) + points(PL_CID + CHAIN3_CID_DRAWS)
PL_CID_END = PL_CID + PL_THEN
assert PL_POINTS == 242


def h12() -> None:
    r = opts(play_to_last=True)
    kw: dict[str, Any] = {"players": P3, "hands": PL_HANDS, "start": "R1", "then": PL_THEN,
                          "rules": r}
    case("H-12_round_goes_on_after_first_out", "H-12",
         "H-12: ann goes out first: she wins the round and scores the other hands at once "
         "(bob 140 + cid 102); her last Skip skips bob and the round goes on with cid",
         **kw, actions=PL_ANN_OUT,
         expect={"turn": "cid", "round_winner": "ann", "finished": ["ann"], "match_winner": None,
                 "scores": {"ann": PL_POINTS, "bob": 0, "cid": 0},
                 "hands": {"ann": [], "bob": PL_BOB, "cid": PL_CID + CHAIN3_CID_DRAWS},
                 **ok(13)},
         events=[ev("played", by="ann", card="GS"), ev("skipped", by="bob"),
                 ev("round_won", by="ann")])
    case("H-12_players_out_are_passed_over", "H-12",
         "H-12: ann, who is out, is passed over: after cid's draw bob plays, and after bob's "
         "Draw Two (cid draws 2, skipped) bob plays again",
         **kw, actions=[*PL_ANN_OUT, *PL_REST[:3]],
         expect={"turn": "bob", "top": "Y+2", "finished": ["ann"],
                 "hands": {"bob": PL_BOB[2:], "cid": PL_CID + PL_THEN[:11]}, **ok(16)},
         events=[ev("drew", by="cid", card="B7"), ev("played", by="bob", card="G+2"),
                 *drew("cid", PL_D2[:2]), ev("skipped", by="cid"),
                 ev("played", by="bob", card="Y+2")])
    case("H-12_round_ends_when_one_holds_cards", "H-12",
         "H-12: bob goes out second (his last Draw Two is drawn first); only cid still holds "
         "cards, so the round ends; ann's points were counted when she went out",
         **kw, actions=[*PL_ANN_OUT, *PL_REST],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann", "bob"],
                 "match_winner": None, "pending": None,
                 "scores": {"ann": PL_POINTS, "bob": 0, "cid": 0},
                 "hands": {"ann": [], "bob": [], "cid": PL_CID_END}, "draw_pile": 86 - 21,
                 **ok(21)},
         events=[ev("round_won", by="ann"), ev("played", by="bob", card="R+2"),
                 *drew("cid", PL_D2[-2:])])
    # ann's last card acts as usual for those still in, but its penalty cannot be stacked and a
    # 0 passes no hands.
    bob = ["G+2", "Y2", "G3", "B4", "Y5", "G6", "B2"]
    out_d2 = {"ann": ["RS", "YS", "GS", "BS", "RS", "YS", "Y+2"], "bob": bob, "cid": SC_CID}
    bob_after = bob + ["R4", "R5"]
    case("H-12_out_card_penalty_not_stacked", "H-12",
         "H-12 with H-4: ann goes out with a Draw Two: bob (holding G+2) cannot stack it, he "
         "draws 2 at once and is skipped; ann's points count those 2 cards; cid plays on",
         players=P3, hands=out_d2, start="R1", then=[*CHAIN3_CID_DRAWS, "R4", "R5"],
         rules=opts(play_to_last=True, stacking=True),
         actions=chain3(out_d2["ann"], uno_at=5),
         expect={"turn": "cid", "pending": None, "round_winner": "ann", "finished": ["ann"],
                 "hands": {"ann": [], "bob": bob_after},
                 "scores": {"ann": points(bob_after) + SC_CID_POINTS, "bob": 0, "cid": 0},
                 **ok(13)},
         events=[ev("played", by="ann", card="Y+2"), *drew("bob", ["R4", "R5"]),
                 ev("skipped", by="bob")])
    out_0 = {"ann": ["RS", "YS", "GS", "BS", "RS", "YS", "Y0"], "bob": bob, "cid": SC_CID}
    case("H-12_out_card_zero_passes_nothing", "H-12",
         "H-12 with H-3: ann goes out with a 0: no hands pass; bob plays next",
         players=P3, hands=out_0, start="R1", then=CHAIN3_CID_DRAWS,
         rules=opts(play_to_last=True, seven_zero=True),
         actions=chain3(out_0["ann"], uno_at=5),
         expect={"turn": "bob", "round_winner": "ann", "finished": ["ann"],
                 "hands": {"ann": [], "bob": bob, "cid": SC_CID + CHAIN3_CID_DRAWS},
                 "scores": {"ann": points(bob) + SC_CID_POINTS, "bob": 0, "cid": 0},
                 **ok(13)},
         events=[ev("played", by="ann", card="Y0"), ev("round_won", by="ann")])
    case("H-12_round_over_refuses_play", "H-12",
         "H-12: once the round has ended, cid may not play on",
         **kw, actions=[*PL_ANN_OUT, *PL_REST, draw("cid")],
         expect={"turn": None, "hands": {"cid": PL_CID_END}, **refused(21, "round_over")})


def h14() -> None:
    r = opts(penalty_scoring=True)
    kw: dict[str, Any] = {"players": P3, "hands": SC_HANDS, "start": "R1",
                          "then": CHAIN3_CID_DRAWS, "rules": r}
    case("H-14_each_adds_own_hand", "H-14",
         "H-14: after the round each player adds the points in their own hand: ann 0, bob 152, "
         "cid 175; below the target the match goes on",
         **kw, actions=SC_ACTIONS,
         expect={"turn": None, "round_winner": "ann", "match_winner": None,
                 "scores": {"ann": 0, "bob": SC_BOB_POINTS, "cid": SC_CID_POINTS}, **ok(13)},
         events=[ev("round_won", by="ann")])
    case("H-14_lowest_total_wins_at_target", "H-14",
         "H-14: with target_score 150, bob's and cid's totals reach it: the lowest total, ann's "
         "0, wins the match",
         **{**kw, "rules": opts(penalty_scoring=True, target_score=150)},
         actions=[*SC_ACTIONS, act("bob", "next_round")],
         expect={"round": 1, "match_winner": "ann",
                 "scores": {"ann": 0, "bob": SC_BOB_POINTS, "cid": SC_CID_POINTS},
                 **refused(13, "not_allowed_now")},
         events=[ev("round_won", by="ann"), ev("match_won", by="ann")])
    # Dealer ann, so bob plays first; bob plays down to four zeros (0 points), ann goes out.
    tie = {"ann": ["R9", "R9", "RS", "YS", "GS", "BS", "RS"],
           "bob": ["R5", "R6", "R7", "R0", "Y0", "G0", "B0"],
           "cid": ["R8", "R8", "R2", "G1", "Y1", "B1", "G2"]}
    cid_draws = ["Y9", "G9", "B9", "Y8"]
    acts = [play("bob", "R5"), play("cid", "R8"), play("ann", "R9"),
            play("bob", "R6"), play("cid", "R8"), play("ann", "R9"),
            play("bob", "R7"), play("cid", "R2"),
            play("ann", "RS"), draw("cid"), play("ann", "YS"), draw("cid"),
            play("ann", "GS"), draw("cid"), play("ann", "BS", uno=True), draw("cid"),
            play("ann", "RS")]
    cid_end = ["G1", "Y1", "B1", "G2", *cid_draws]
    assert points(cid_end) == 40
    case("H-14_tie_goes_to_earliest_seat_after_dealer", "H-14",
         "H-14: ann (out) and bob (four zeros) both total 0 and scored 0 in the round: the tie "
         "goes to the earliest seat after the dealer, ann, so bob wins the match (target 10, "
         "reached by cid's 40)",
         players=P3, dealer="ann", hands=tie, start="R3", then=cid_draws,
         rules=opts(penalty_scoring=True, target_score=10), actions=acts,
         expect={"turn": None, "round_winner": "ann", "match_winner": "bob",
                 "scores": {"ann": 0, "bob": 0, "cid": 40},
                 "hands": {"ann": [], "bob": ["R0", "Y0", "G0", "B0"], "cid": cid_end},
                 **ok(17)},
         events=[ev("round_won", by="ann"), ev("match_won", by="bob")])
    case("H-14_with_play_to_last", "H-14",
         "H-14 with H-12: only the last player's hand is added (cid's); ann and bob add nothing",
         players=P3, hands=PL_HANDS, start="R1", then=PL_THEN,
         rules=opts(penalty_scoring=True, play_to_last=True),
         actions=[*PL_ANN_OUT, *PL_REST],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann", "bob"],
                 "match_winner": None,
                 "scores": {"ann": 0, "bob": 0, "cid": points(PL_CID_END)}, **ok(21)})
    assert points(PL_CID_END) == 167


# ================================================================ H-13 seven stages

ST7 = ["RS", "YS", "GS", "BS", "RS", "YS", "GS"]
ST6 = ["BS", "BR", "RR", "YR", "GR", "BR"]
ST5 = ["RR", "YR", "GR", "G+2", "Y+2"]
ST4 = ["R+2", "B+2", "G+2", "Y+2"]
ST3 = ["R+2", "B+2", "W"]
ST2 = ["W", "W"]
ST1 = ["W"]
ST_BOB = ["R8", "Y2", "G3", "B4", "Y5", "G9", "B9"]
ST_B = ["R2", "R3", "R4", "R5", "R6", "R7", "Y1", "Y3", "Y4", "Y6", "Y7", "G1", "G2", "G4",
        "B1", "B2"]  # bob's 16 cards from the eight Draw Twos, two at a time
ST_THEN = [*ST6, *ST5, *ST_B[0:4], *ST4, *ST_B[4:12], *ST3, *ST_B[12:16], *ST2, "G5", "G6", *ST1,
           "G7"]


def stage(cards: list[str], last_color: str | None = None) -> list[dict[str, Any]]:
    """ann plays a stage hand in order, calling UNO with its next-to-last card (harmless where
    the call is not needed: C-5.4 ignores the flag)."""
    out = []
    for i, c in enumerate(cards):
        color = (last_color if i == len(cards) - 1 else "R") if c == "W" else None
        out.append(play("ann", c, color, uno=(i == len(cards) - 2)))
    return out


def h13() -> None:
    r = opts(seven_stages=True)
    kw: dict[str, Any] = {"players": P2, "hands": {"ann": ST7, "bob": ST_BOB}, "start": "R1",
                          "then": ST_THEN, "rules": r}
    case("H-13_first_hand_emptied_draws_six", "H-13",
         "H-13: ann plays away her first hand of 7 (Skips, so she keeps the turn): play pauses, "
         "she draws 6 and the round goes on",
         **kw, actions=stage(ST7),
         expect={"turn": "ann", "round_winner": None, "finished": [], "top": "GS",
                 "hands": {"ann": ST6, "bob": ST_BOB}, "draw_pile": 87,
                 "scores": {"ann": 0, "bob": 0}, **ok(7)},
         events=[ev("played", by="ann", card="GS"), *drew("ann", ST6)])
    case("H-13_second_hand_draws_five", "H-13",
         "H-13: the next stage hand emptied (6 cards: a Skip and five Reverses, each a Skip with "
         "two players) brings 5",
         **kw, actions=[*stage(ST7), *stage(ST6)],
         expect={"turn": "ann", "round_winner": None, "direction": -1, "top": "BR",
                 "hands": {"ann": ST5, "bob": ST_BOB}, "draw_pile": 82, **ok(13)},
         events=drew("ann", ST5))
    bob_end = ST_BOB + ST_B + ["G5", "G6", "G7"]
    full = [*stage(ST7), *stage(ST6), *stage(ST5), *stage(ST4), *stage(ST3, "R"), draw("bob"),
            *stage(ST2, "R")[:1], draw("bob"), *stage(ST2, "R")[1:], draw("bob"),
            *stage(ST1, "Y")]
    assert len(full) == 31
    case("H-13_final_one_card_hand_wins", "H-13",
         "H-13: ann empties hands of 7, 6, 5, 4, 3 and 2 (drawing 6, 5, 4, 3, 2, 1); playing "
         "away her final one-card hand wins the round, scored as C-8",
         **kw, actions=full,
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "direction": 1,
                 "top": "W", "color": "Y", "draw_pile": 93 - 40,
                 "hands": {"ann": [], "bob": bob_end},
                 "scores": {"ann": points(bob_end), "bob": 0}, **ok(31)},
         events=[*drew("ann", ST1), ev("drew", by="bob", card="G7"),
                 ev("played", by="ann", card="W"), ev("round_won", by="ann",
                                                      amount=points(bob_end))])
    case("H-13_stage_card_zero_swaps_nothing", "H-13",
         "H-13 with H-3: the 0 that empties ann's first hand passes no hands; she draws 6",
         players=P2, hands={"ann": ["RS", "YS", "GS", "BS", "RS", "R2", "R0"], "bob": S2_BOB},
         start="R1", then=S2_THEN, rules=opts(seven_stages=True, seven_zero=True),
         actions=[*S2_PREFIX, play("ann", "R2", uno=True), play("bob", "R8"), play("ann", "R0")],
         expect={"turn": "bob", "top": "R0", "round_winner": None, "draw_pile": 87,
                 "hands": {"ann": S2_THEN, "bob": without(S2_BOB, "R8")}, **ok(8)},
         events=[ev("played", by="ann", card="R0"), *drew("ann", S2_THEN)])


SECTIONS = (h12, h13, h14)
