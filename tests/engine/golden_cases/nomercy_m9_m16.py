"""Golden cases of UNO Show 'Em No Mercy M-9..M-16 and its section P rules: sevens and zeros,
the Mercy rule, the UNO call, winning, scoring, leaving, how the C rules apply, the edge-case
decisions, and the options that combine with the preset.

Every expected value is worked out by hand from docs/RULES.md section M and docs/REPLAY.md's
"No Mercy" part; readings taken where they leave room are listed in __init__.py.
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.nomercy_common import (
    KO_ACTIONS,
    KO_ANN,
    KO_BOB,
    KO_DRAWN,
    KO_HANDS,
    KO_THEN,
    NM3,
    NM3_BOB_POINTS,
    NM3_CID_POINTS,
    SKIPS6,
    UNPLAYABLE,
    skips,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    P4,
    act,
    catch,
    challenge,
    color,
    draw,
    ev,
    nm_case,
    ok,
    opts,
    play,
    refused,
    speak,
    without,
)

ANN, BOB, CID = NM3["ann"], NM3["bob"], NM3["cid"]
KW: dict[str, Any] = {"players": P3, "hands": NM3, "start": "R3"}
KO: dict[str, Any] = {"players": P3, "hands": KO_HANDS, "start": "R3", "then": KO_THEN}
KO_LEFT = {"ann": KO_ANN[1:], "bob": KO_BOB[1:], "cid": []}  # the hands after the knockout


# ================================================================ M-9 sevens and zeros

def m9() -> None:
    nm_case("M-9_seven_swap", "M-9",
            "M-9.1: ann's 7 swaps her hand with cid's (her choice); bob plays next",
            **KW, actions=[play("ann", "R7", target="cid")],
            expect={"turn": "bob", "top": "R7",
                    "hands": {"ann": CID, "bob": BOB, "cid": without(ANN, "R7")}, **ok(1)},
            events=[ev("hands_swapped", by="ann", target="cid")])
    nm_case("M-9_seven_needs_target", "M-9",
            "M-9.1, REPLAY.md: with two other players a 7 needs a target (invalid_target)",
            **KW, actions=[play("ann", "R7")], expect={**refused(0, "invalid_target")})
    nm_case("M-9_seven_self_target", "M-9",
            "M-9.1: a 7 aimed at its own player is invalid_target",
            **KW, actions=[play("ann", "R7", target="ann")],
            expect={**refused(0, "invalid_target")})
    nm_case("M-9_seven_unknown_target", "M-9",
            "M-9.1: a 7 aimed at nobody at the table is invalid_target",
            **KW, actions=[play("ann", "R7", target="zed")],
            expect={**refused(0, "invalid_target")})
    nm_case("M-9_seven_two_players_target_omitted", "M-9",
            "M-9.1, M-16.6: with one other active player the target may be omitted",
            players=P2, hands={"ann": ANN, "bob": BOB}, start="R3",
            actions=[play("ann", "R7")],
            expect={"turn": "bob", "hands": {"ann": BOB, "bob": without(ANN, "R7")}, **ok(1)})
    ann = ["R0", *ANN[1:]]
    nm_case("M-9_zero_passes_hands", "M-9",
            "M-9.2: ann's 0: every hand moves on clockwise (ann's to bob, bob's to cid, cid's "
            "to ann); bob plays next",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "R0")],
            expect={"turn": "bob", "top": "R0",
                    "hands": {"ann": CID, "bob": ann[1:], "cid": BOB}, **ok(1)},
            events=[ev("hands_passed", by="ann")])
    nm_case("M-9_no_seven_zero_option_needed", "M-9",
            "M-9 (always on), section P: seven_zero may not be switched on; an explicit false "
            "is accepted and the 7 still swaps",
            **KW, rules=opts("no_mercy", seven_zero=False),
            actions=[play("ann", "R7", target="bob")],
            expect={"hands": {"ann": BOB, "bob": without(ANN, "R7")}, **ok(1)})


# ================================================================ M-10 the Mercy rule

def m10() -> None:
    nm_case("M-10_knockout_taking_penalty", "M-10",
            "M-10.1–3, M-6.6: cid takes 20; at the 18th card he holds 25 and is knocked out: "
            "his hand is set aside, the last 2 cards are not drawn, ann plays next",
            **KO, actions=KO_ACTIONS,
            expect={"turn": "ann", "pending": None, "knocked_out": ["cid"], "finished": [],
                    "hands": KO_LEFT, "draw_pile": 146 - 18, "top": "W+10", "color": "R",
                    "round_winner": None, **ok(3)},
            events=[ev("accepted", by="cid"),
                    *[ev("drew", by="cid", card=c, reason="penalty") for c in KO_DRAWN],
                    ev("knocked_out", by="cid", count=25)])
    nm_case("M-10_knocked_out_passed_over", "M-10",
            "M-10.4, M (active player): with cid out, two players remain: ann's Skip skips bob "
            "and ann plays again",
            **KO, actions=[*KO_ACTIONS, play("ann", "RS")],
            expect={"turn": "ann", **ok(4)}, events=[ev("skipped", by="bob")])
    nm_case("M-10_knocked_out_takes_no_turn", "M-10",
            "M-10.4, REPLAY.md: a knocked-out player's turn actions are not_your_turn",
            **KO, actions=[*KO_ACTIONS, draw("cid")],
            expect={**refused(3, "not_your_turn")})
    nm_case("M-10_knocked_out_may_not_call_uno", "M-10",
            "M-10.4, M-16.5: a knocked-out player's speak is accepted (no effect); their uno is "
            "not_allowed_now",
            **KO, actions=[*KO_ACTIONS, speak("cid"), act("cid", "uno")],
            expect={**refused(4, "not_allowed_now")})
    nm_case("M-10_seven_target_knocked_out", "M-10",
            "M-10.4, M-16.1: a knocked-out player is not a 7 target (invalid_target)",
            **KO, actions=[*KO_ACTIONS, play("ann", "R7", target="cid")],
            expect={**refused(3, "invalid_target")})
    ann0 = ["W+10", "R0", "G3", "Y5", "B2", "RS", "R+2"]
    nm_case("M-10_zero_passes_over_knocked_out", "M-10",
            "M-9.2, M-10.4: with cid out, ann's 0 passes her hand to bob and bob's to her",
            players=P3, hands={"ann": ann0, "bob": KO_BOB, "cid": CID}, start="R3",
            then=KO_THEN, actions=[*KO_ACTIONS, play("ann", "R0")],
            expect={"turn": "bob", "hands": {"ann": KO_BOB[1:], "bob": ann0[2:], "cid": []},
                    **ok(4)})
    then = [*UNPLAYABLE[:17], "R5"]
    nm_case("M-10_knockout_drawing_until_playable", "M-10",
            "M-4.2, M-10.1, M-16.10: ann draws 17 unplayable cards and then R5, her 25th card: "
            "playable, but the Mercy check comes first: she is knocked out; bob plays",
            **KW, then=then, actions=[draw("ann")],
            expect={"turn": "bob", "pending": None, "knocked_out": ["ann"],
                    "hands": {"ann": [], "bob": BOB, "cid": CID}, "draw_pile": 146 - 18,
                    **ok(1)},
            events=[ev("drew", by="ann", card="R5", reason="turn"),
                    ev("knocked_out", by="ann", count=25)])
    ann2 = ["W+10", "R7", "G3", "Y5", "B2", "RS", "R+2"]
    bob2 = ["W+10", "Y2", "G6", "B4", "GS", "BR", "G+2"]
    nm_case("M-10_last_active_player_wins", "M-10",
            "M-10.5, M-12.2, M-16.3: two players; ann takes 20 and is knocked out at her 19th "
            "card: bob, the last active player, wins with 250 (M-13.1); target 1000 not reached",
            players=P2, hands={"ann": ann2, "bob": bob2}, start="R3", then=KO_THEN,
            actions=[play("ann", "W+10", "R"), play("bob", "W+10", "R"), draw("ann")],
            expect={"round_winner": "bob", "finished": ["bob"], "knocked_out": ["ann"],
                    "turn": None, "pending": None, "scores": {"ann": 0, "bob": 250},
                    "match_winner": None, "hands": {"ann": [], "bob": bob2[1:]},
                    "draw_pile": 153 - 19, **ok(3)},
            events=[ev("knocked_out", by="ann", count=25),
                    ev("round_won", by="bob", amount=250, reason="knockout")])
    ann = ["WCR", *ANN[1:]]
    then = [*UNPLAYABLE[:17], "B3"]  # 17 cards that are not blue, then a blue one
    nm_case("M-10_knockout_ends_roulette_reveal", "M-10",
            "M-8.2, M-10.3, M-16.10: bob names blue and turns up 18 cards; the 18th (B3, blue) "
            "is his 25th: he is knocked out and the reveal ends; cid plays on blue",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3", then=then,
            actions=[play("ann", "WCR"), color("bob", "B")],
            expect={"turn": "cid", "color": "B", "knocked_out": ["bob"], "pending": None,
                    "hands": {"bob": []}, "draw_pile": 146 - 18, **ok(2)},
            events=[ev("drew", by="bob", card="B3", reason="roulette"),
                    ev("knocked_out", by="bob", count=25)])


# ================================================================ M-11 UNO call

def m11() -> None:
    ann = ["RDA", "R7", "R9", "R+2", "RS", "R4", "G3"]
    hands = {"ann": ann, "bob": BOB, "cid": CID}
    nm_case("M-11_discard_all_to_one_card_calls", "M-11",
            "M-11.1: a Discard All that sheds ann's hand down to G3 makes the call due; she "
            "calls it with the play, so bob's catch is not_allowed_now",
            players=P3, hands=hands, start="R3",
            actions=[play("ann", "RDA", uno=True), catch("bob", "ann")],
            expect={"hands": {"ann": ["G3"]}, **refused(1, "not_allowed_now")},
            events=[ev("discarded_all", by="ann"), ev("uno_called", by="ann")])
    nm_case("M-11_discard_all_to_one_card_caught", "M-11",
            "M-11.1, C-5: without the call bob catches ann, who draws 2",
            players=P3, hands=hands, start="R3", then=["Y9", "B8"],
            actions=[play("ann", "RDA"), catch("bob", "ann")],
            expect={"hands": {"ann": ["G3", "Y9", "B8"]}, "turn": "bob", **ok(2)},
            events=[ev("caught", by="bob", target="ann"),
                    ev("drew", by="ann", card="Y9", reason="caught")])
    ann7 = ["RS", "RS", "RS", "YS", "YS", "Y7", "G5"]
    bob1 = ["B4", "Y2", "G6", "R8", "GS", "BR", "G+2"]
    nm_case("M-11_seven_swap_owes_no_call", "M-11",
            "M-11.1: ann plays a 7 as her next-to-last card and swaps with bob: she then holds "
            "bob's 7 cards, so no call is due and bob cannot catch her",
            players=P2, hands={"ann": ann7, "bob": bob1}, start="R3",
            actions=[*skips(5), play("ann", "Y7"), catch("bob", "ann")],
            expect={"hands": {"ann": bob1, "bob": ["G5"]}, **refused(6, "not_allowed_now")})


# ================================================================ M-12 winning a round

def m12() -> None:
    last = {"ann": [*SKIPS6, "Y+2"], "bob": BOB}
    nm_case("M-12_last_draw_card_has_no_effect", "M-12",
            "M-12.1: ann's last card is a Draw Two: she wins at once, bob draws nothing and "
            "ann scores his 80",
            players=P2, hands=last, start="R3",
            actions=[*skips(6, uno_at=5), play("ann", "Y+2")],
            expect={"round_winner": "ann", "finished": ["ann"], "pending": None, "turn": None,
                    "hands": {"ann": [], "bob": BOB}, "draw_pile": 153,
                    "scores": {"ann": NM3_BOB_POINTS, "bob": 0}, **ok(7)},
            events=[ev("played", by="ann", card="Y+2"),
                    ev("round_won", by="ann", amount=NM3_BOB_POINTS)])
    ann = ["RS", "RS", "RS", "YS", "YS", "Y9", "W+10"]
    bob = ["Y+2", "Y2", "G6", "B4", "GS", "BR", "G+2"]
    nm_case("M-12_last_card_ends_pending_total", "M-12",
            "M-12.1: ann answers bob's Draw Two with her last card, a W+10: the pending total "
            "vanishes; bob draws nothing; green (named) is current",
            players=P2, hands={"ann": ann, "bob": bob}, start="R3",
            actions=[*skips(5), play("ann", "Y9", uno=True), play("bob", "Y+2"),
                     play("ann", "W+10", "G")],
            expect={"round_winner": "ann", "pending": None, "color": "G",
                    "hands": {"ann": [], "bob": bob[1:]},
                    "scores": {"ann": 2 + 6 + 4 + 20 + 20 + 20, "bob": 0}, **ok(8)})
    wcr = {"ann": [*SKIPS6, "WCR"], "bob": BOB}
    nm_case("M-12_last_roulette_needs_colour", "M-12",
            "M-16.6 (Decision: a last wild still needs a colour, the Roulette included): "
            "ann's last WCR without a colour is color_required",
            players=P2, hands=wcr, start="R3", actions=[*skips(6, uno_at=5), play("ann", "WCR")],
            expect={"hands": {"ann": ["WCR"]}, **refused(6, "color_required")})
    nm_case("M-12_last_roulette_no_effect", "M-12",
            "M-12.1, M-16.6: ann's last WCR names blue: she wins; there is no Roulette for bob",
            players=P2, hands=wcr, start="R3",
            actions=[*skips(6, uno_at=5), play("ann", "WCR", "B")],
            expect={"round_winner": "ann", "color": "B", "pending": None, "turn": None,
                    "hands": {"bob": BOB}, **ok(7)})
    seven = {"ann": [*SKIPS6, "Y7"], "bob": BOB}
    nm_case("M-12_last_seven_no_swap", "M-12",
            "M-12.1, M-16.6: ann's last card is a 7 with a target: the target is ignored, "
            "nobody swaps, ann wins",
            players=P2, hands=seven, start="R3",
            actions=[*skips(6, uno_at=5), play("ann", "Y7", target="bob")],
            expect={"round_winner": "ann", "hands": {"ann": [], "bob": BOB}, **ok(7)})


# ================================================================ M-13 scoring

def m13() -> None:
    ann = ["W+10", "RDA", "R1", "R2", "R4", "R5", "R6"]
    hands = {"ann": ann, "bob": KO_BOB, "cid": CID}
    bob_points = 2 + 6 + 4 + 20 + 20 + 20  # KO_BOB after its W+10: 72
    kw: dict[str, Any] = {"players": P3, "hands": hands, "start": "R3", "then": KO_THEN}
    nm_case("M-13_knockout_bonus", "M-13",
            "M-13.1: cid is knocked out; ann's Discard All then empties her hand: she scores "
            "bob's 72 and 250 for cid's knockout (his set-aside cards count nothing)",
            **kw, actions=[*KO_ACTIONS, play("ann", "RDA")],
            expect={"round_winner": "ann", "finished": ["ann"], "knocked_out": ["cid"],
                    "scores": {"ann": bob_points + 250, "bob": 0, "cid": 0},
                    "match_winner": None, **ok(4)},
            events=[ev("round_won", by="ann", amount=bob_points + 250)])
    nm_case("M-13_target_reached", "M-13",
            "M-13.2, C-8.3: with target_score 300 ann's 322 wins the match",
            **kw, rules=opts("no_mercy", target_score=300),
            actions=[*KO_ACTIONS, play("ann", "RDA")],
            expect={"match_winner": "ann", **ok(4)},
            events=[ev("match_won", by="ann", amount=322)])
    nm_case("M-13_lazy_first_knocked_out_loses", "M-13",
            "M-13.4: under H-7 no points are scored and cid, the first knocked out, loses",
            **kw, rules=opts("no_mercy", lazy_scoring=True),
            actions=[*KO_ACTIONS, play("ann", "RDA")],
            expect={"round_winner": "ann", "scores": {"ann": 0, "bob": 0, "cid": 0},
                    "match_winner": None, **ok(4)},
            events=[ev("round_won", by="ann", amount=0), ev("round_lost", by="cid")])
    nm_case("M-13_lazy_next_round", "M-13",
            "M-13.4, H-7, M-16.12: cid (the loser) deals round 2 and ann (the winner) plays "
            "first; every seated player is dealt in again (M-10.4)",
            **kw, rules=opts("no_mercy", lazy_scoring=True), seed=5,
            actions=[*KO_ACTIONS, play("ann", "RDA"), act("bob", "next_round")],
            expect={"round": 2, "turn": "ann", "knocked_out": [], "round_winner": None,
                    **ok(5)},
            events=[ev("round_started", by="cid", amount=2)])
    nm_case("M-13_scores_other_active_hands", "M-13",
            "M-13.1: ann goes out with a Discard All, nobody knocked out: she scores bob's and "
            "cid's hands",
            players=P3, hands={"ann": ["RDA", "R7", "R9", "R+2", "RS", "R4", "R8"], "bob": BOB,
                               "cid": CID}, start="R3", actions=[play("ann", "RDA")],
            expect={"scores": {"ann": NM3_BOB_POINTS + NM3_CID_POINTS, "bob": 0, "cid": 0},
                    "knocked_out": [], **ok(1)})


# ================================================================ M-14 leaving

def m14() -> None:
    ann = ["WCR", *ANN[1:]]
    nm_case("M-14_leave_owing_roulette_colour", "M-14",
            "M-14.2, M-16.1: bob leaves owing the Roulette colour: it is named for him (green, "
            "the colour he held most), nothing is revealed, cid plays",
            players=P3, hands={"ann": ann, "bob": BOB, "cid": CID}, start="R3",
            actions=[play("ann", "WCR"), act("bob", "leave")],
            expect={"turn": "cid", "color": "G", "pending": None, "hands": {"bob": []},
                    "draw_pile": 146 + 7, **ok(2)},
            events=[ev("left", by="bob"), ev("color_chosen", by="bob", color="G",
                                             reason="left")])
    nm_case("M-14_leave_own_penalty_stays", "M-14",
            "M-16.1: ann leaves while her Draw Two waits for bob: the penalty stays with him; "
            "he takes it and cid plays",
            **KW, then=["Y9", "B8"],
            actions=[play("ann", "R+2"), act("ann", "leave"), draw("bob")],
            expect={"turn": "cid", "pending": None, "hands": {"ann": [], "bob": BOB + ["Y9",
                                                                                     "B8"]},
                    **ok(3)})
    nm_case("M-14_leave_penalty_stays_pending", "M-14",
            "M-16.1: after ann leaves, the pending Draw Two still shows ann as its player",
            **KW, actions=[play("ann", "R+2"), act("ann", "leave")],
            expect={"turn": "bob", "pending": {"kind": "draw", "by": "ann", "victim": "bob",
                                               "amount": 2, "min": 2}, **ok(2)})
    nm_case("M-14_leave_victim_penalty_dropped", "M-14",
            "C-10, M-14.2: bob leaves while ann's Draw Two waits for him: it is dropped, cid "
            "plays",
            **KW, actions=[play("ann", "R+2"), act("bob", "leave")],
            expect={"turn": "cid", "pending": None, **ok(2)})
    then = ["Y9", "R5"]
    nm_case("M-14_leave_with_card_to_play", "M-14",
            "M-14.2: ann leaves with a drawn card to play: it goes with her hand to the draw "
            "pile; bob plays",
            **KW, then=then, actions=[draw("ann"), act("ann", "leave")],
            expect={"turn": "bob", "pending": None, "hands": {"ann": []},
                    "draw_pile": 146 - 2 + 9, **ok(2)})
    nm_case("M-14_leave_others_knocked_out", "M-14",
            "M-14.2, M-16.3: cid is knocked out, then bob leaves: ann, the one active player, "
            "wins the round (not the match by forfeit); bob is not scored (M-13.3)",
            **KO, actions=[*KO_ACTIONS, act("bob", "leave")],
            expect={"round_winner": "ann", "finished": ["ann"], "knocked_out": ["cid"],
                    "match_winner": None, "scores": {"ann": 250, "bob": 0, "cid": 0},
                    **ok(4)},
            events=[ev("left", by="bob"), ev("round_won", by="ann", amount=250,
                                             reason="knockout")])
    nm_case("M-14_leave_last_seated_forfeit", "M-14",
            "M-14.2, C-10: in two players, bob leaving leaves one seated player: ann wins the "
            "round and the match by forfeit",
            players=P2, hands={"ann": ANN, "bob": BOB}, start="R3",
            actions=[act("bob", "leave")],
            expect={"round_winner": "ann", "match_winner": "ann", **ok(1)},
            events=[ev("round_won", by="ann", amount=0, reason="forfeit")])


# ================================================================ M-15 the C rules

def m15() -> None:
    nm_case("M-15_challenge_never", "M-15",
            "M-15 (C-6 does not apply): a challenge of a Draw Two is not_allowed_now",
            **KW, actions=[play("ann", "R+2"), challenge("bob")],
            expect={**refused(1, "not_allowed_now")})
    nm_case("M-15_catch_applies", "M-15",
            "M-15, C-5: ann's sixth Skip leaves her one card without the call; bob catches her "
            "and she draws 2",
            players=P2, hands={"ann": [*SKIPS6, "G5"], "bob": BOB}, start="R3",
            then=["Y9", "B8"], actions=[*skips(6), catch("bob", "ann")],
            expect={"turn": "ann", "hands": {"ann": ["G5", "Y9", "B8"]}, **ok(7)},
            events=[ev("caught", by="bob", target="ann")])
    nm_case("M-15_dealer_passes_clockwise", "M-15",
            "M-15 (C-3.1 applies): after round 1 (dealt by cid) ann deals round 2 and bob "
            "plays first",
            players=P3, hands={"ann": ["RDA", "R7", "R9", "R+2", "RS", "R4", "R8"], "bob": BOB,
                               "cid": CID}, start="R3", seed=3,
            actions=[play("ann", "RDA"), act("cid", "next_round")],
            expect={"round": 2, "turn": "bob", "scores": {"ann": 148, "bob": 0, "cid": 0},
                    **ok(2)},
            events=[ev("round_started", by="ann", amount=2)])


# ================================================================ M-16 edge cases

def m16() -> None:
    nm_case("M-16_window_closes_when_owner_draws", "M-16",
            "M-16.2: ann's window stays open into her next turn (two-player Skip) but closes "
            "when she draws: bob's catch is then not_allowed_now",
            players=P2, hands={"ann": [*SKIPS6, "G5"], "bob": BOB}, start="R3",
            then=["Y1"], actions=[*skips(6), draw("ann"), catch("bob", "ann")],
            expect={"hands": {"ann": ["G5", "Y1"]}, **refused(7, "not_allowed_now")})
    ann = ["RS", "RS", "RS", "YS", "YS", "WCR", "G5"]
    nm_case("M-16_roulette_colour_closes_window", "M-16",
            "M-16.2: ann plays WCR as her next-to-last card without calling; bob's colour "
            "closes her window (like accept), so his catch is not_allowed_now",
            players=P2, hands={"ann": ann, "bob": BOB}, start="R3", then=["Y1"],
            actions=[*skips(5), play("ann", "WCR"), color("bob", "Y"), catch("bob", "ann")],
            expect={"turn": "ann", "hands": {"ann": ["G5"], "bob": BOB + ["Y1"]},
                    **refused(7, "not_allowed_now")})
    bob = ["WR+4", "Y2", "G6", "B4", "GS", "BR", "G+2"]
    nm_case("M-16_reverse_draw_four_victim_seated_before", "M-16",
            "M-16.7: in four players bob's WR+4 aims at ann, seated before him",
            players=P4, hands={"ann": ANN, "bob": bob}, start="R3",
            actions=[play("ann", "G3"), play("bob", "WR+4", "B")],
            expect={"turn": "ann", "direction": -1,
                    "pending": {"kind": "draw", "by": "bob", "victim": "ann", "amount": 4,
                                "min": 4}, **ok(2)})
    nm_case("M-16_reverse_chain_accepted", "M-16",
            "M-16.12: reverse_chain is accepted under no_mercy and changes nothing",
            players=P3, hands={"ann": ["RR", *ANN[1:]], "bob": BOB, "cid": CID}, start="R3",
            rules=opts("no_mercy", reverse_chain=True), actions=[play("ann", "RR")],
            expect={"turn": "cid", "direction": -1, **ok(1)})
    ann = ["W+10", "W+6", "WCR", "G3", "Y5", "B2", "RS"]
    bob = ["Y2", "G6", "B4", "GS", "BR", "G+2", "B7"]
    cid = ["R9", "R8", "G1", "Y7", "Y+4", "YR", "G5"]
    blues = [c for n in "135689" for c in (f"B{n}", f"B{n}")]
    then = [*blues[:10], *blues[10:], "Y1", "Y1", "Y3", "Y3", "Y4", "Y4"]
    nm_case("M-16_knocked_out_owing_roulette_colour", "M-16",
            "M-16.1, M-16.10, C-5.4: bob (23 cards) owes the Roulette colour and calls UNO "
            "falsely: at the 2nd of the 4 cards he holds 25 and is knocked out; the colour is "
            "named for him (blue, the colour he held most), nothing is revealed, cid plays",
            players=P3, hands={"ann": ann, "bob": bob, "cid": cid}, start="R3", then=then,
            rules=opts("no_mercy", false_uno_penalty=True),
            actions=[play("ann", "W+10", "R"), draw("bob"), play("cid", "R9"),
                     play("ann", "W+6", "R"), draw("bob"), play("cid", "R8"),
                     play("ann", "WCR"), act("bob", "uno")],
            expect={"turn": "cid", "color": "B", "pending": None, "knocked_out": ["bob"],
                    "hands": {"bob": []}, "draw_pile": 146 - 18, **ok(8)},
            events=[ev("false_uno", by="bob"), ev("drew", by="bob", card="Y4", reason="false_uno"),
                    ev("knocked_out", by="bob", count=25),
                    ev("color_chosen", by="bob", color="B", reason="knocked_out")])
    nm_case("M-16_knocked_out_catch_refused", "M-16",
            "M-16.5: a knocked-out player's catch is not_allowed_now",
            **KO, actions=[*KO_ACTIONS, catch("cid", "ann")],
            expect={**refused(3, "not_allowed_now")})


# ================================================================ P

def p_no_mercy() -> None:
    cid = ["G3", "Y7", "G1", "B6", "Y+4", "YR", "B5"]
    hands = {"ann": ANN, "bob": BOB, "cid": cid}
    jump = opts("no_mercy", jump_in=True)
    nm_case("P_no_mercy_jump_in", "P",
            "P: jump_in may be switched on with no_mercy: cid jumps in with the identical G3 "
            "and ann plays next",
            players=P3, hands=hands, start="R3", rules=jump,
            actions=[play("ann", "G3"), play("cid", "G3")],
            expect={"turn": "ann", "top": "G3", "hands": {"cid": cid[1:]}, **ok(2)},
            events=[ev("played", by="cid", card="G3", reason="jump_in")])
    nm_case("P_no_mercy_no_jump_in_on_penalty", "P",
            "P: no jump-in while a penalty waits: cid's identical R+2 is not_your_turn",
            players=P3, hands={"ann": ANN, "bob": BOB, "cid": ["R+2", *cid[1:]]},
            start="R3", rules=jump, actions=[play("ann", "R+2"), play("cid", "R+2")],
            expect={**refused(1, "not_your_turn")})
    ann6 = ["W+6", "R7", "G3", "Y5", "B2", "RS", "W+6"]
    nm_case("P_no_mercy_no_jump_in_on_wild", "P",
            "P: a wild card never jumps in: after bob takes ann's W+6, ann's second W+6 out of "
            "turn is not_your_turn",
            players=P3, hands={"ann": ann6, "bob": BOB, "cid": cid}, start="R3", rules=jump,
            then=["Y9", "Y8", "B9", "B8", "Y6", "Y4"],
            actions=[play("ann", "W+6", "G"), draw("bob"), play("ann", "W+6", "G")],
            expect={"turn": "cid", **refused(2, "not_your_turn")})
    nm_case("P_no_mercy_explicit_false_accepted", "P",
            "P: an explicit false for a refused option is accepted and changes nothing",
            **KW, rules=opts("no_mercy", stacking=False, draw_until_playable=False,
                             colours_around=False, play_to_last=False),
            actions=[play("ann", "R+2"), play("bob", "G+2")],
            expect={"pending": {"kind": "draw", "victim": "cid", "amount": 4}, **ok(2)})
    nm_case("P_no_mercy_target_default", "P",
            "P, M-13.2: no_mercy's target_score is 1000 unless given: 148 wins no match",
            players=P3, hands={"ann": ["RDA", "R7", "R9", "R+2", "RS", "R4", "R8"], "bob": BOB,
                               "cid": CID}, start="R3", actions=[play("ann", "RDA")],
            expect={"match_winner": None, "scores": {"ann": 148, "bob": 0, "cid": 0}, **ok(1)})


SECTIONS = (m9, m10, m11, m12, m13, m14, m15, m16, p_no_mercy)
