"""Golden cases of UNO Show 'Em No Mercy M-1..M-8: the deck, set-up, matching, the turn (draw
until playable), coloured actions, stacking, the Wild Reverse Draw Four and the Roulette.

Every expected value is worked out by hand from docs/RULES.md section M and docs/REPLAY.md's
"No Mercy" part; readings taken where they leave room are listed in __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.nomercy_common import NM3, UNPLAYABLE
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    P6,
    accept,
    act,
    challenge,
    color,
    draw,
    ev,
    nm_case,
    ok,
    pass_,
    play,
    refused,
    without,
)

ANN, BOB, CID = NM3["ann"], NM3["bob"], NM3["cid"]
KW: dict[str, Any] = {"players": P3, "hands": NM3, "start": "R3"}


def _with(hand: list[str], old: str, new: str) -> list[str]:
    """The hand with `old` replaced by `new` in the same place."""
    out = list(hand)
    out[out.index(old)] = new
    return out


# ================================================================ M-1 deck, M-2 set-up

def m1_m2() -> None:
    nm_case("M-1_deck_of_168_dealt", "M-1",
            "M-1: the 168-card deck deals 7 each to three players and the start card; 146 "
            "cards stay in the draw pile; nobody is knocked out",
            **KW, actions=[],
            expect={"round": 1, "side": "light", "turn": "ann", "direction": 1, "top": "R3",
                    "color": "R", "hands": NM3, "draw_pile": 146, "pending": None,
                    "round_winner": None, "scores": {"ann": 0, "bob": 0, "cid": 0},
                    "match_winner": None, "finished": [], "knocked_out": [], **ok(0)},
            events=[ev("start_card", card="R3")])
    nm_case("M-1_six_players_pile", "M-1",
            "M-1, M-2.1: six players (the most) leave 168 - 42 - 1 = 125 cards in the pile",
            players=P6, hands={}, start="R3", actions=[],
            expect={"turn": "ann", "draw_pile": 125, "knocked_out": [], **ok(0)})
    starts = ["RS", "RR", "R+2", "WCR", "W+10", "Y+4", "BSA", "GDA", "WR+4", "W+6", "G5"]
    nm_case("M-2_start_card_past_actions", "M-2",
            "M-2.3: cards are turned up until a number card (G5); the action and wild cards "
            "before it stay under it with no effect: ann plays first, clockwise, nobody draws",
            players=P3, hands=NM3, start=starts, actions=[],
            expect={"top": "G5", "color": "G", "turn": "ann", "direction": 1, "pending": None,
                    "hands": NM3, "draw_pile": 168 - 21 - len(starts), **ok(0)},
            events=[*[ev("start_card", card=c, ignored=True) for c in starts[:-1]],
                    ev("start_card", card="G5")])
    nm_case("M-2_start_zero_no_effect", "M-2",
            "M-2.3: a start 0 has no effect: no hands are passed",
            players=P3, hands=NM3, start="B0", actions=[],
            expect={"top": "B0", "color": "B", "turn": "ann", "hands": NM3, **ok(0)})
    nm_case("M-2_start_seven_no_effect", "M-2",
            "M-2.3: a start 7 has no effect: nobody swaps, ann simply plays first",
            players=P3, hands=NM3, start="G7", actions=[play("ann", "G3")],
            expect={"top": "G3", "turn": "bob", "hands": {"ann": without(ANN, "G3")}, **ok(1)})
    nm_case("M-2_dealer_given", "M-2",
            "M-2.2, C-3: with ann dealing, bob (left of the dealer) is dealt first and plays "
            "first",
            **KW, dealer="ann", actions=[],
            expect={"turn": "bob", "hands": NM3, "draw_pile": 146, **ok(0)})


# ================================================================ M-3 matching

def m3() -> None:
    ann8 = _with(ANN, "R7", "R8")
    nm_case("M-3_play_by_colour", "M-3",
            "M-3.1: ann's R8 matches the current colour red",
            players=P3, hands={"ann": ann8, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "R8")],
            expect={"top": "R8", "color": "R", "turn": "bob",
                    "hands": {"ann": without(ann8, "R8")}, **ok(1)})
    nm_case("M-3_play_by_number", "M-3",
            "M-3.1: ann's G3 matches the number; green is now current",
            **KW, actions=[play("ann", "G3")],
            expect={"top": "G3", "color": "G", "turn": "bob", **ok(1)})
    nm_case("M-3_card_does_not_match", "M-3",
            "M-3.1: ann's Y5 matches neither colour nor number",
            **KW, actions=[play("ann", "Y5")],
            expect={"top": "R3", "turn": "ann", "hands": NM3, **refused(0, "card_does_not_match")})
    nm_case("M-3_wild_any_time", "M-3",
            "M-3.2–3: ann plays W+6 while holding red cards, naming blue; no restriction",
            **KW, actions=[play("ann", "W+6", "B")],
            expect={"top": "W+6", "color": "B", "turn": "bob",
                    "pending": {"kind": "draw", "by": "ann", "victim": "bob", "amount": 6,
                                "min": 6}, **ok(1)},
            events=[ev("played", by="ann", card="W+6", color="B")])
    nm_case("M-3_wild_needs_colour", "M-3",
            "M-3.3, REPLAY.md: a W+6 without a colour is color_required",
            **KW, actions=[play("ann", "W+6")],
            expect={"top": "R3", "hands": NM3, **refused(0, "color_required")})
    nm_case("M-3_wild_colour_must_be_classic", "M-3",
            "M-3.3: the colour named is one of R, Y, G, B (a Flip colour is color_required)",
            **KW, actions=[play("ann", "W+6", "P")],
            expect={**refused(0, "color_required")})
    nm_case("M-3_no_challenge", "M-3",
            "M-3.2: there is no challenge in No Mercy: bob's challenge of the W+6 is "
            "not_allowed_now",
            **KW, actions=[play("ann", "W+6", "B"), challenge("bob")],
            expect={"turn": "bob", "pending": {"kind": "draw", "victim": "bob", "amount": 6},
                    **refused(1, "not_allowed_now")})
    ann = ["WR+4", *ANN[1:]]
    bob = ["Y+4", *BOB[1:]]
    then = ["B1", "B3", "Y3", "Y6"]
    nm_case("M-3_wild_top_matched_by_colour_only", "M-3",
            "M-3.1: ann's WR+4 names green (cid takes 4, bob plays next counter-clockwise); "
            "bob's Y+4 does not match the WR+4 by symbol",
            players=P3, hands={"ann": ann, "bob": bob, "cid": CID}, start="R3", then=then,
            actions=[play("ann", "WR+4", "G"), draw("cid"), play("bob", "Y+4")],
            expect={"top": "WR+4", "color": "G", "turn": "bob", "direction": -1,
                    "pending": None, "hands": {"bob": bob, "cid": CID + then},
                    **refused(2, "card_does_not_match")})
    nm_case("M-3_roulette_names_no_colour", "M-3",
            "M-3.3, M-8.1, REPLAY.md: a colour given with WCR is ignored: no colour is current "
            "until bob, its victim, names one",
            players=P3, hands={"ann": _with(ANN, "W+6", "WCR"), "bob": BOB, "cid": CID},
            start="R3", actions=[play("ann", "WCR", "G")],
            expect={"top": "WCR", "color": None, "turn": "bob",
                    "pending": {"kind": "roulette", "by": "ann", "victim": "bob"}, **ok(1)})


# ================================================================ M-4 a turn

def m4() -> None:
    then = ["Y9", "G8", "B7", "R5"]
    nm_case("M-4_draw_until_playable", "M-4",
            "M-4.2 (Decision: drawing allowed while holding a playable card): ann draws Y9, "
            "G8, B7 (unplayable) and R5 (red): R5 must now be played",
            **KW, then=then, actions=[draw("ann")],
            expect={"turn": "ann", "hands": {"ann": ANN + then}, "draw_pile": 142,
                    "pending": {"kind": "must_play", "by": "ann", "card": "R5"}, **ok(1)},
            events=[ev("drew", by="ann", card=c, reason="turn") for c in then])
    nm_case("M-4_play_drawn_card", "M-4",
            "M-4.2: ann plays the drawn R5; bob is next",
            **KW, then=then, actions=[draw("ann"), play("ann", "R5")],
            expect={"top": "R5", "turn": "bob", "pending": None,
                    "hands": {"ann": ANN + then[:3]}, **ok(2)})
    nm_case("M-4_drawn_card_and_no_other", "M-4",
            "M-4.2: after drawing, ann may not play R7 instead of the drawn R5",
            **KW, then=then, actions=[draw("ann"), play("ann", "R7")],
            expect={"turn": "ann", "pending": {"kind": "must_play", "card": "R5"},
                    **refused(1, "not_allowed_now")})
    nm_case("M-4_drawn_card_may_not_be_kept", "M-4",
            "M-4.2, REPLAY.md: the drawn card may not be kept: pass is not_allowed_now",
            **KW, then=then, actions=[draw("ann"), pass_("ann")],
            expect={"turn": "ann", **refused(1, "not_allowed_now")})
    nm_case("M-4_no_pass", "M-4",
            "REPLAY.md: pass is not_allowed_now in No Mercy (nothing to keep, no H-6 offer)",
            **KW, actions=[pass_("ann")], expect={**refused(0, "not_allowed_now")})
    nm_case("M-4_pass_out_of_turn", "M-4",
            "REPLAY.md: a pass from a player the table is not waiting for is not_your_turn",
            **KW, actions=[pass_("bob")], expect={**refused(0, "not_your_turn")})
    nm_case("M-4_drawn_wild_card", "M-4",
            "M-4.2, M-3.2: a drawn wild card is playable: ann draws Y9 then W+10 and plays it, "
            "naming yellow",
            **KW, then=["Y9", "W+10"], actions=[draw("ann"), play("ann", "W+10", "Y")],
            expect={"top": "W+10", "color": "Y", "turn": "bob", "hands": {"ann": ANN + ["Y9"]},
                    "pending": {"kind": "draw", "by": "ann", "victim": "bob", "amount": 10,
                                "min": 10}, **ok(2)})
    nm_case("M-4_draw_long", "M-4",
            "M-4.2: the drawing goes on as long as it must: 12 unplayable cards, then R1",
            **KW, then=[*UNPLAYABLE[:12], "R1"], actions=[draw("ann")],
            expect={"hands": {"ann": ANN + UNPLAYABLE[:12] + ["R1"]}, "knocked_out": [],
                    "pending": {"kind": "must_play", "by": "ann", "card": "R1"}, **ok(1)})


# ================================================================ M-5 coloured actions

def m5() -> None:
    nm_case("M-5_skip", "M-5",
            "M-5.1: ann's Skip skips bob; cid plays",
            **KW, actions=[play("ann", "RS")],
            expect={"turn": "cid", "top": "RS", **ok(1)}, events=[ev("skipped", by="bob")])
    nm_case("M-5_skip_two_players", "M-5",
            "M-5.1: with two players ann plays again",
            players=P2, hands={"ann": ANN, "bob": BOB}, start="R3",
            actions=[play("ann", "RS")], expect={"turn": "ann", **ok(1)},
            events=[ev("skipped", by="bob")])
    ann = _with(ANN, "R7", "RR")
    nm_case("M-5_reverse", "M-5",
            "M-5.2: ann's Reverse turns play counter-clockwise: cid plays",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "RR")], expect={"turn": "cid", "direction": -1, **ok(1)},
            events=[ev("reversed", by="ann")])
    nm_case("M-5_reverse_two_players", "M-5",
            "M-5.2: with two players a Reverse acts as a Skip",
            players=P2, hands={"ann": ann, "bob": BOB}, start="R3",
            actions=[play("ann", "RR")], expect={"turn": "ann", "direction": -1, **ok(1)})
    ann = _with(ANN, "R7", "RSA")
    nm_case("M-5_skip_everyone", "M-5",
            "M-5.3: Skip Everyone skips bob, cid and dan; ann plays again; direction unchanged",
            players=P4, hands={"ann": ann}, start="R3", actions=[play("ann", "RSA")],
            expect={"turn": "ann", "direction": 1, "top": "RSA", **ok(1)},
            events=[ev("skipped", by="bob"), ev("skipped", by="cid"), ev("skipped", by="dan")])
    nm_case("M-5_skip_everyone_then_again", "M-5",
            "M-5.3: ann's extra turn is a whole turn: her Skip then skips bob; cid plays",
            players=P4, hands={"ann": ann}, start="R3",
            actions=[play("ann", "RSA"), play("ann", "RS")],
            expect={"turn": "cid", "top": "RS", **ok(2)})
    ann = ["RDA", "R7", "G3", "R9", "WCR", "B2", "R+2"]
    bob = ["GDA", "G7", "Y2", "B4", "GS", "BR", "Y8"]
    cid = ["R8", "Y7", "G1", "B6", "Y+4", "YR", "B5"]
    dk: dict[str, Any] = {"players": P3, "hands": {"ann": ann, "bob": bob, "cid": cid},
                          "start": "R3"}
    nm_case("M-5_discard_all", "M-5",
            "M-5.4: ann's Discard All takes every other red card of her hand under it, in hand "
            "order; the WCR (no colour) stays; red is current; bob plays",
            **dk, actions=[play("ann", "RDA")],
            expect={"top": "RDA", "color": "R", "turn": "bob", "draw_pile": 146,
                    "hands": {"ann": ["G3", "WCR", "B2"]}, **ok(1)},
            events=[ev("played", by="ann", card="RDA"),
                    ev("discarded_all", by="ann", card="RDA", cards=["R7", "R9", "R+2"])])
    nm_case("M-5_discard_all_on_discard_all", "M-5",
            "M-5.4: bob's green Discard All is played on ann's red one (same symbol) and buries "
            "bob's G7 and GS",
            **dk, actions=[play("ann", "RDA"), play("bob", "GDA")],
            expect={"top": "GDA", "color": "G", "turn": "cid",
                    "hands": {"bob": ["Y2", "B4", "BR", "Y8"]}, **ok(2)},
            events=[ev("discarded_all", by="bob", card="GDA", cards=["G7", "GS"])])
    nm_case("M-5_discard_all_alone_of_its_colour", "M-5",
            "M-5.4: a Discard All with no other card of its colour in the hand buries nothing "
            "(its event lists no cards); red is current, bob plays",
            players=P3, hands={"ann": ["RDA", "G3", "Y5", "B2", "WCR", "GS", "W+6"], "bob": BOB,
                               "cid": CID}, start="R3", actions=[play("ann", "RDA")],
            expect={"top": "RDA", "color": "R", "turn": "bob",
                    "hands": {"ann": ["G3", "Y5", "B2", "WCR", "GS", "W+6"]}, **ok(1)},
            events=[ev("discarded_all", by="ann", card="RDA", cards=[])])
    ann_all = ["RDA", "R7", "R9", "R+2", "RS", "R4", "R8"]
    nm_case("M-5_discard_all_goes_out", "M-5",
            "M-5.4, M-12.1: a Discard All that buries the rest of the hand takes ann out: she "
            "wins the round and scores bob's 80 and cid's 68 (M-13.1)",
            players=P3, hands={"ann": ann_all, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "RDA")],
            expect={"round_winner": "ann", "finished": ["ann"], "turn": None, "pending": None,
                    "hands": {"ann": [], "bob": BOB, "cid": CID},
                    "scores": {"ann": 148, "bob": 0, "cid": 0}, "match_winner": None, **ok(1)},
            events=[ev("discarded_all", by="ann", cards=ann_all[1:]),
                    ev("round_won", by="ann", amount=148)])
    nm_case("M-5_draw_two_waits", "M-5",
            "M-5.5, M-6.1: a Draw Two's penalty waits for bob whatever he holds",
            **KW, actions=[play("ann", "R+2")],
            expect={"turn": "bob", "pending": {"kind": "draw", "by": "ann", "victim": "bob",
                                               "amount": 2, "min": 2}, **ok(1)})
    ann = _with(ANN, "R7", "R+4")
    nm_case("M-5_draw_four_coloured", "M-5",
            "M-5.5: the coloured Draw Four: bob must answer a +4 (red stays current)",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "R+4")],
            expect={"turn": "bob", "color": "R", "top": "R+4",
                    "pending": {"kind": "draw", "by": "ann", "victim": "bob", "amount": 4,
                                "min": 4}, **ok(1)})


# ================================================================ M-6 penalties and stacking

def m6() -> None:
    nm_case("M-6_take_penalty", "M-6",
            "M-6.2: bob takes the Draw Two (draw): he draws 2, one at a time, loses his turn and "
            "does not then draw until playable; cid plays",
            **KW, then=["Y9", "G8"], actions=[play("ann", "R+2"), draw("bob")],
            expect={"turn": "cid", "pending": None, "hands": {"bob": BOB + ["Y9", "G8"]},
                    "draw_pile": 144, **ok(2)},
            events=[ev("accepted", by="bob"), *[ev("drew", by="bob", card=c, reason="penalty")
                                                 for c in ["Y9", "G8"]],
                    ev("skipped", by="bob")])
    nm_case("M-6_accept_takes_penalty", "M-6",
            "M-6.2, REPLAY.md: accept takes the penalty as draw does",
            **KW, then=["Y9", "G8"], actions=[play("ann", "R+2"), accept("bob")],
            expect={"turn": "cid", "hands": {"bob": BOB + ["Y9", "G8"]}, **ok(2)})
    nm_case("M-6_stack_any_colour", "M-6",
            "M-6.2–3, M-6.5: bob stacks his green Draw Two on ann's red one: 4 pass on to cid; "
            "green is current",
            **KW, actions=[play("ann", "R+2"), play("bob", "G+2")],
            expect={"turn": "cid", "color": "G", "top": "G+2",
                    "pending": {"kind": "draw", "by": "bob", "victim": "cid", "amount": 4,
                                "min": 2}, **ok(2)})
    bob = _with(BOB, "BR", "W+6")
    cid = _with(CID, "Y+4", "W+10")
    then = ["Y1", "Y3", "Y4", "Y6", "Y8", "Y9", "G2", "G4", "G5", "G7", "G8", "G9", "B1", "B3",
            "B7", "B8", "B9", "R1"]
    nm_case("M-6_stack_by_last_value_and_take", "M-6",
            "M-6.2: W+6 on +2 (min 6 after it), W+10 on W+6 (min 10): ann takes 18 and holds 24 "
            "cards, one short of the Mercy limit (M-10.1); yellow, the last named, stands",
            players=P3, hands={"ann": ANN, "bob": bob, "cid": cid}, start="R3", then=then,
            actions=[play("ann", "R+2"), play("bob", "W+6", "B"), play("cid", "W+10", "Y"),
                     draw("ann")],
            expect={"turn": "bob", "color": "Y", "top": "W+10", "pending": None,
                    "hands": {"ann": without(ANN, "R+2") + then}, "knocked_out": [],
                    "draw_pile": 146 - 18, **ok(4)})
    nm_case("M-6_running_total_and_minimum", "M-6",
            "M-6.2–3: after +2 and W+6 the total is 8 and the lowest answer is 6",
            players=P3, hands={"ann": ANN, "bob": bob, "cid": cid}, start="R3",
            actions=[play("ann", "R+2"), play("bob", "W+6", "B")],
            expect={"turn": "cid", "color": "B",
                    "pending": {"kind": "draw", "by": "bob", "victim": "cid", "amount": 8,
                                "min": 6}, **ok(2)})
    ann = _with(ANN, "R7", "R+4")
    nm_case("M-6_lower_value_refused", "M-6",
            "M-6.2, M-6.4: a Draw Two may not be stacked on a Draw Four",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "R+4"), play("bob", "G+2")],
            expect={"turn": "bob", "pending": {"kind": "draw", "victim": "bob", "amount": 4},
                    **refused(1, "not_allowed_now")})
    nm_case("M-6_only_draw_cards_answer", "M-6",
            "M-6.4: while a penalty waits, bob may not play a Skip (not_allowed_now)",
            **KW, actions=[play("ann", "R+2"), play("bob", "GS")],
            expect={**refused(1, "not_allowed_now")})
    bob_wr = _with(BOB, "BR", "WR+4")
    nm_case("M-6_reverse_draw_four_on_draw_four", "M-6",
            "M-6.2: WR+4 (4) may be stacked on a +4 (4); M-7.2: it turns back to ann with 8",
            players=P3, hands={"ann": ann, "bob": bob_wr, "cid": CID}, start="R3",
            actions=[play("ann", "R+4"), play("bob", "WR+4", "G")],
            expect={"turn": "ann", "direction": -1, "color": "G",
                    "pending": {"kind": "draw", "by": "bob", "victim": "ann", "amount": 8,
                                "min": 4}, **ok(2)})
    ann10 = _with(ANN, "R7", "W+10")
    bob10 = _with(BOB, "BR", "W+10")
    nm_case("M-6_ten_on_ten", "M-6",
            "M-6.2: a W+10 may be stacked on a W+10: 20 for cid",
            players=P3, hands={"ann": ann10, "bob": bob10, "cid": CID}, start="R3",
            actions=[play("ann", "W+10", "R"), play("bob", "W+10", "B")],
            expect={"turn": "cid", "color": "B",
                    "pending": {"kind": "draw", "by": "bob", "victim": "cid", "amount": 20,
                                "min": 10}, **ok(2)})
    nm_case("M-6_colour_stands_after_taking", "M-6",
            "M-6.5: once cid takes 4, ann matches the green of bob's Draw Two",
            **KW, then=["Y9", "Y8", "B9", "B8"],
            actions=[play("ann", "R+2"), play("bob", "G+2"), draw("cid"), play("ann", "G3")],
            expect={"turn": "bob", "top": "G3", "color": "G",
                    "hands": {"cid": CID + ["Y9", "Y8", "B9", "B8"]}, **ok(4)})


# ================================================================ M-7 Wild Reverse Draw Four

def m7() -> None:
    ann = _with(ANN, "R7", "WR+4")
    kw: dict[str, Any] = {"players": P3, "hands": {"ann": ann, "bob": BOB, "cid": CID},
                          "start": "R3"}
    nm_case("M-7_three_players", "M-7",
            "M-7.1, M-16.7: ann's WR+4 names green, turns play counter-clockwise and hits cid, "
            "seated before her",
            **kw, actions=[play("ann", "WR+4", "G")],
            expect={"turn": "cid", "direction": -1, "color": "G",
                    "pending": {"kind": "draw", "by": "ann", "victim": "cid", "amount": 4,
                                "min": 4}, **ok(1)},
            events=[ev("played", by="ann", card="WR+4", color="G"), ev("reversed", by="ann")])
    then = ["Y9", "Y8", "B9", "B8"]
    nm_case("M-7_taken_play_goes_on", "M-7",
            "M-7.1, M-6.2: cid takes 4; play goes on counter-clockwise with bob",
            **kw, then=then, actions=[play("ann", "WR+4", "G"), draw("cid")],
            expect={"turn": "bob", "direction": -1, "pending": None,
                    "hands": {"cid": CID + then}, **ok(2)})
    bob = _with(BOB, "BR", "WR+4")
    nm_case("M-7_stack_answer_turns_back", "M-7",
            "M-7.2: bob answers ann's Draw Two with a WR+4: 6 turn back to ann",
            players=P3, hands={"ann": ANN, "bob": bob, "cid": CID}, start="R3",
            actions=[play("ann", "R+2"), play("bob", "WR+4", "Y")],
            expect={"turn": "ann", "direction": -1, "color": "Y",
                    "pending": {"kind": "draw", "by": "bob", "victim": "ann", "amount": 6,
                                "min": 4}, **ok(2)})
    ann2 = ["WR+4", "W+6", "G3", "Y5", "B2", "RS", "R+2"]
    k2: dict[str, Any] = {"players": P2, "hands": {"ann": ann2, "bob": BOB}, "start": "R3"}
    nm_case("M-7_two_players_own_victim", "M-7",
            "M-7.3: with two players the direction changes, bob is skipped and ann herself is "
            "the victim of the +4",
            **k2, actions=[play("ann", "WR+4", "B")],
            expect={"turn": "ann", "direction": -1, "color": "B",
                    "pending": {"kind": "draw", "by": "ann", "victim": "ann", "amount": 4,
                                "min": 4}, **ok(1)},
            events=[ev("reversed", by="ann"), ev("skipped", by="bob")])
    nm_case("M-7_two_players_take", "M-7",
            "M-7.3: ann takes her own 4; play goes on with bob",
            **k2, then=then, actions=[play("ann", "WR+4", "B"), draw("ann")],
            expect={"turn": "bob", "pending": None, "hands": {"ann": ann2[1:] + then},
                    **ok(2)})
    nm_case("M-7_two_players_stack_on_own", "M-7",
            "M-7.3: ann stacks a W+6 on her own WR+4: 10 go to bob",
            **k2, actions=[play("ann", "WR+4", "B"), play("ann", "W+6", "Y")],
            expect={"turn": "bob", "color": "Y",
                    "pending": {"kind": "draw", "by": "ann", "victim": "bob", "amount": 10,
                                "min": 6}, **ok(2)})


# ================================================================ M-8 Wild Color Roulette

def m8() -> None:
    ann = _with(ANN, "W+6", "WCR")
    kw: dict[str, Any] = {"players": P3, "hands": {"ann": ann, "bob": BOB, "cid": CID},
                          "start": "R3"}
    nm_case("M-8_roulette_waits_for_victim", "M-8",
            "M-8.1: after ann's WCR the table waits for bob to name a colour",
            **kw, actions=[play("ann", "WCR")],
            expect={"turn": "bob", "color": None, "top": "WCR",
                    "pending": {"kind": "roulette", "by": "ann", "victim": "bob"}, **ok(1)})
    then = ["R1", "W+6", "Y2", "G4"]
    nm_case("M-8_roulette_reveal", "M-8",
            "M-8.2–3: bob names green and turns up R1, W+6 (a wild never counts; kept), Y2 and "
            "G4 into his hand; he loses his turn; cid plays on green",
            **kw, then=then, actions=[play("ann", "WCR"), color("bob", "G")],
            expect={"turn": "cid", "color": "G", "top": "WCR", "pending": None,
                    "hands": {"bob": BOB + then}, "draw_pile": 142, **ok(2)},
            events=[ev("color_chosen", by="bob", color="G"),
                    *[ev("drew", by="bob", card=c, reason="roulette") for c in then],
                    ev("skipped", by="bob")])
    nm_case("M-8_roulette_first_card_of_colour", "M-8",
            "M-8.2: a first card of the named colour ends the reveal at once",
            **kw, then=["G4"], actions=[play("ann", "WCR"), color("bob", "G")],
            expect={"turn": "cid", "hands": {"bob": BOB + ["G4"]}, **ok(2)})
    nm_case("M-8_roulette_not_by_drawing", "M-8",
            "M-8.1: the victim can answer only by naming a colour: draw is not_allowed_now",
            **kw, actions=[play("ann", "WCR"), draw("bob")],
            expect={"turn": "bob", **refused(1, "not_allowed_now")})
    nm_case("M-8_roulette_not_by_accepting", "M-8",
            "M-8.1: accept is not_allowed_now",
            **kw, actions=[play("ann", "WCR"), accept("bob")],
            expect={**refused(1, "not_allowed_now")})
    nm_case("M-8_roulette_not_stacked_on", "M-8",
            "M-8.1: the Roulette is not a draw card: bob's Draw Two does not answer it",
            **kw, actions=[play("ann", "WCR"), play("bob", "G+2")],
            expect={**refused(1, "not_allowed_now")})
    nm_case("M-8_roulette_colour_out_of_turn", "M-8",
            "M-8.1: only the victim names the colour: cid's is not_your_turn",
            **kw, actions=[play("ann", "WCR"), color("cid", "G")],
            expect={**refused(1, "not_your_turn")})
    nm_case("M-8_roulette_classic_colour", "M-8",
            "M-8.1: the colour is R, Y, G or B: violet is color_required",
            **kw, actions=[play("ann", "WCR"), color("bob", "V")],
            expect={**refused(1, "color_required")})
    bob = _with(BOB, "BR", "WCR")
    nm_case("M-8_roulette_not_while_penalty", "M-8",
            "M-8.1, M-6.4: a Roulette cannot be played while a penalty waits",
            players=P3, hands={"ann": ANN, "bob": bob, "cid": CID}, start="R3",
            actions=[play("ann", "R+2"), play("bob", "WCR")],
            expect={**refused(1, "not_allowed_now")})
    nm_case("M-8_colour_when_nothing_to_name", "M-8",
            "REPLAY.md: color with no Roulette waiting is not_allowed_now",
            **kw, actions=[act("ann", "color", color="G")],
            expect={**refused(0, "not_allowed_now")})


SECTIONS = (m1_m2, m3, m4, m5, m6, m7, m8)
