"""Golden cases of REPLAY.md's error codes: each refused action, and the state it leaves."""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.common import (
    A3,
    D2_ACTIONS,
    D2_ANN,
    D2_BOB,
    D2_POINTS,
    D2_THEN,
    S2_ANN,
    S2_BOB,
    S2_PREFIX,
)
from tests.engine.golden_dsl import (
    P2,
    P3,
    act,
    case,
    catch,
    draw,
    err,
    pass_,
    play,
    without,
)

# ================================================================ REPLAY.md error codes

def errors() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3"}

    def e(name: str, title: str, actions: list[dict[str, Any]], index: int, code: str,
          **more: Any) -> None:
        extra = more.pop("expect", {})
        setup = {**kw, **more}
        if index == 0:  # the state is the one before the refused action: the deal as it was
            players = setup["players"]
            extra = {"turn": players[0], "hands": setup["hands"],
                     "draw_pile": 108 - 7 * len(players) - 1, "top": setup["start"], **extra}
        case(f"REPLAY_{name}", "REPLAY", f"REPLAY.md error codes: {title}",
             **setup, actions=actions,
             expect={"applied": index, "error": err(index, code), **extra})

    e("unknown_player", "`by` is not a player", [draw("zed")], 0, "unknown_player",
      expect={"turn": "ann", "hands": a, "draw_pile": 86})
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    e("unknown_player_before_round_over", "unknown_player comes before round_over",
      [*D2_ACTIONS, play("zed", "R1")], 7, "unknown_player",
      players=P2, hands=d2, start="R1", then=D2_THEN,
      expect={"round_winner": "ann", "scores": {"ann": D2_POINTS, "bob": 0}})
    e("round_over_before_not_your_turn",
      "round_over comes before not_your_turn and card_not_in_hand",
      [*D2_ACTIONS, play("bob", "B5")], 7, "round_over",
      players=P2, hands=d2, start="R1", then=D2_THEN,
      expect={"round_winner": "ann", "hands": {"bob": D2_BOB + D2_THEN[:4]}})
    e("not_your_turn", "bob plays his matching R8 on ann's turn", [play("bob", "R8")], 0,
      "not_your_turn", expect={"turn": "ann", "hands": a, "top": "R3"})
    e("not_your_turn_before_card_not_in_hand",
      "bob plays B0, which he does not hold, on ann's turn", [play("bob", "B0")], 0,
      "not_your_turn")
    e("not_your_turn_draw", "bob draws on ann's turn", [draw("bob")], 0, "not_your_turn",
      expect={"draw_pile": 86, "hands": a})
    e("not_your_turn_before_not_allowed_now_challenge",
      "bob challenges on ann's turn with nothing to challenge: not_your_turn comes first",
      [act("bob", "challenge")], 0, "not_your_turn")
    e("not_your_turn_before_not_allowed_now_accept",
      "bob accepts on ann's turn with nothing to accept: not_your_turn comes first",
      [act("bob", "accept")], 0, "not_your_turn")
    e("not_your_turn_before_not_allowed_now_pass",
      "bob passes on ann's turn: not_your_turn comes first", [pass_("bob")], 0, "not_your_turn")
    w4 = {**a, "ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"]}
    e("not_your_turn_challenge_of_another", "cid challenges the Wild Draw Four played on bob",
      [play("ann", "W+4", "G"), act("cid", "challenge")], 1, "not_your_turn", hands=w4,
      expect={"pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 4},
              "turn": "bob", "draw_pile": 86, "hands": {"bob": a["bob"], "cid": a["cid"]}})
    e("not_your_turn_play_while_challenge_waits",
      "ann plays while the table waits for bob's decision",
      [play("ann", "W+4", "G"), play("ann", "G3")], 1, "not_your_turn", hands=w4,
      expect={"turn": "bob", "top": "W+4", "hands": {"ann": without(w4["ann"], "W+4")}})
    e("not_your_turn_colour", "bob names the start Wild's colour that ann must name",
      [act("bob", "color", color="G")], 0, "not_your_turn", start="W",
      expect={"pending": {"kind": "color", "by": "ann"}, "turn": "ann"})
    e("card_not_in_hand", "ann plays R5, which matches but is not in her hand",
      [play("ann", "R5")], 0, "card_not_in_hand", expect={"hands": a, "top": "R3"})
    e("card_not_in_hand_before_card_does_not_match",
      "ann plays B0: not in her hand and not matching", [play("ann", "B0")], 0,
      "card_not_in_hand")
    e("card_not_in_hand_before_not_allowed_now",
      "after drawing a playable R9, ann plays B0, which she does not hold",
      [draw("ann"), play("ann", "B0")], 1, "card_not_in_hand", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_pass_before_draw", "ann passes before drawing", [pass_("ann")], 0,
      "not_allowed_now", expect={"turn": "ann"})
    e("not_allowed_now_challenge_nothing", "ann challenges with nothing to challenge",
      [act("ann", "challenge")], 0, "not_allowed_now")
    e("not_allowed_now_draw_twice", "ann draws a playable R9, then draws again",
      [draw("ann"), draw("ann")], 1, "not_allowed_now", then=["R9", "R2"],
      expect={"draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_catch_nobody", "bob catches ann, who owes no call",
      [catch("bob", "ann")], 0, "not_allowed_now", expect={"hands": a})
    e("not_allowed_now_before_invalid_target",
      "a catch without target while nobody may be caught", [catch("bob", None)], 0,
      "not_allowed_now")
    e("not_allowed_now_before_card_does_not_match",
      "after drawing a playable R9, ann plays her B2, which does not match either",
      [draw("ann"), play("ann", "B2")], 1, "not_allowed_now", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_before_color_required",
      "after drawing a playable R9, ann plays her Wild without a colour",
      [draw("ann"), play("ann", "W")], 1, "not_allowed_now", then=["R9"],
      expect={"turn": "ann", "top": "R3", "draw_pile": 85, "hands": {"ann": a["ann"] + ["R9"]}})
    e("not_allowed_now_play_instead_of_answer",
      "bob plays a card instead of answering the Wild Draw Four",
      [play("ann", "W+4", "G"), play("bob", "G6")], 1, "not_allowed_now", hands=w4,
      expect={"turn": "bob", "hands": {"bob": a["bob"]}})
    e("not_allowed_now_colour_without_wild", "ann names a colour nobody asked for",
      [act("ann", "color", color="G")], 0, "not_allowed_now", expect={"color": "R"})
    e("not_allowed_now_next_round_during_round", "next_round while the round is played",
      [act("ann", "next_round")], 0, "not_allowed_now", expect={"round": 1})
    e("not_allowed_now_slap_without_uno_slap", "a slap when H-8 is off",
      [act("bob", "slap")], 0, "not_allowed_now")
    e("color_required_missing", "ann plays her Wild without a colour", [play("ann", "W")], 0,
      "color_required", expect={"hands": a, "top": "R3"})
    e("color_required_not_a_colour", "ann names P (a Flip colour) with her Wild",
      [play("ann", "W", "P")], 0, "color_required")
    e("color_required_start_wild", "ann names X for the start Wild",
      [act("ann", "color", color="X")], 0, "color_required", start="W",
      expect={"pending": {"kind": "color", "by": "ann"}})
    s2 = {"ann": S2_ANN, "bob": S2_BOB}
    pre = [*S2_PREFIX, play("ann", "R7")]
    e("invalid_target_missing", "bob catches without naming anyone while ann may be caught",
      [*pre, catch("bob", None)], 6, "invalid_target", players=P2, hands=s2, start="R1",
      expect={"hands": {"ann": ["G7"]}})
    e("invalid_target_unknown", "bob catches zed", [*pre, catch("bob", "zed")], 6,
      "invalid_target", players=P2, hands=s2, start="R1",
      expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"], "bob": S2_BOB}})
    e("invalid_target_self", "bob catches himself while ann may be caught",
      [*pre, catch("bob", "bob")], 6, "invalid_target", players=P2, hands=s2, start="R1",
      expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"], "bob": S2_BOB}})
    case("REPLAY_speak_accepted", "REPLAY",
         "REPLAY.md: `speak` is accepted and without effect when no silence is on",
         players=P3, hands=a, start="R3", actions=[act("bob", "speak"), play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "applied": 2, "error": None, "draw_pile": 86,
                 "hands": {"ann": without(a["ann"], "R7"), "bob": a["bob"]}})


SECTIONS = (errors,)
