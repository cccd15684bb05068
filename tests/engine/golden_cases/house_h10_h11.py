"""Golden cases of the house rules H-10 (Draw Ten blanks, the 112-card deck; a Draw Ten
scores 50) and H-11 (reverse bounce).

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
    P5,
    accept,
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
    without,
)

# ================================================================ H-10 Draw Ten blanks

def h10() -> None:
    r = opts(draw_ten_blanks=True)
    t3 = {"ann": ["W+10", "R7", "G3", "Y5", "B2", "RS", "W"], "bob": A3["bob"],
          "cid": A3["cid"]}
    ten = ["B1", "B3", "G8", "G9", "Y8", "Y9", "B7", "G7", "Y6", "B8"]
    kw: dict[str, Any] = {"players": P3, "hands": t3, "start": "R3", "rules": r}
    case("H-10_draw_ten", "H-10",
         "H-10: ann plays a Draw Ten while holding red (playable any time): she names green, bob "
         "draws 10 at once and loses his turn",
         **kw, then=ten, actions=[play("ann", "W+10", "G")],
         expect={"turn": "cid", "top": "W+10", "color": "G", "pending": None, "draw_pile": 80,
                 "hands": {"ann": without(t3["ann"], "W+10"), "bob": A3["bob"] + ten}, **ok(1)},
         events=[ev("played", by="ann", card="W+10", color="G"), *drew("bob", ten),
                 ev("skipped", by="bob")])
    case("H-10_deck_of_112", "H-10",
         "H-10: the deck holds 112 cards: three hands of 7 and the start card leave 90",
         **kw, actions=[],
         expect={"draw_pile": 90, "turn": "ann", "top": "R3", "hands": t3, **ok(0)})
    case("H-10_names_a_colour", "H-10",
         "H-10: a Draw Ten names a colour: without one it is refused",
         **kw, actions=[play("ann", "W+10")],
         expect={"turn": "ann", "hands": t3, **refused(0, "color_required")})
    case("H-10_never_challenged", "H-10",
         "H-10: a Draw Ten is never challenged: it has applied at once, and bob's challenge "
         "comes on cid's turn",
         **kw, then=ten, actions=[play("ann", "W+10", "G"), challenge("bob")],
         expect={"turn": "cid", "pending": None, "hands": {"bob": A3["bob"] + ten},
                 **refused(1, "not_your_turn")})
    hands5 = {
        "ann": ["R+2", "R+2", "Y+2", "Y+2", "G+2", "G+2", "B+2"],
        "bob": ["B+2", "RS", "RS", "YS", "YS", "GS", "GS"],
        "cid": ["BS", "BS", "RR", "RR", "YR", "YR", "GR"],
        "dan": ["GR", "BR", "BR", "W", "W", "W", "W"],
        "eve": ["W+4", "W+4", "W+4", "W+4", "W+10", "W+10", "W+10"],
    }
    case("H-10_start_card_returned", "H-10",
         "H-10/C-3.3: a Draw Ten start card is returned to the draw pile like a Wild Draw Four, "
         "the pile reshuffled and another card turned up (every other action card is held, so "
         "it is a number card)",
         players=P5, hands=hands5, start="W+10", rules=r, actions=[],
         expect={"round": 1, "turn": "ann", "direction": 1, "pending": None, "hands": hands5,
                 "draw_pile": 112 - 35 - 1, **ok(0)},
         events=[ev("start_card", card="W+10"), ev("start_card_returned", card="W+10"),
                 ev("start_card")])
    sc_ann = ["RS", "GS", "YS", "BS", "BR", "B2", "R3"]
    sc_bob = ["W+10", "W", "RR", "G9", "Y0", "B3", "Y7"]
    left = without(sc_bob, "B3")
    assert points(left) == 136
    case("H-10_scores_fifty", "H-10",
         "H-10/C-8.2: a Draw Ten left in a hand scores 50 (bob: 50 + 50 + 20 + 9 + 0 + 7)",
         players=P2, hands={"ann": sc_ann, "bob": sc_bob}, start="R1", rules=r,
         actions=[*[play("ann", c) for c in sc_ann[:5]], play("ann", "B2", uno=True),
                  play("bob", "B3"), play("ann", "R3")],
         expect={"turn": None, "round_winner": "ann", "hands": {"ann": [], "bob": left},
                 "scores": {"ann": 136, "bob": 0}, **ok(8)},
         events=[ev("round_won", by="ann", amount=136)])
    st = {"ann": ["W+10", "R+2", "W+4", "G3", "Y5", "B2", "R7"],
          "bob": ["W+10", "W+4", "G+2", "Y2", "G6", "B4", "G5"], "cid": A3["cid"]}
    twenty = [*ten, "R1", "R2", "R4", "R5", "R6", "Y1", "Y2", "Y3", "Y4", "G1"]
    stk = opts(draw_ten_blanks=True, stacking=True)
    mix = opts(draw_ten_blanks=True, stacking=True, stack_mixed=True)
    kws: dict[str, Any] = {"players": P3, "hands": st, "start": "R3", "rules": stk}
    case("H-10_stacking_pending_draw", "H-10",
         "H-10/H-4: with stacking a Draw Ten waits for its victim's answer (pending `draw`, 10)",
         **kws, actions=[play("ann", "W+10", "G")],
         expect={"turn": "bob", "color": "G",
                 "pending": {"kind": "draw", "amount": 10, "victim": "bob", "by": "ann"},
                 **ok(1)})
    case("H-10_stacking_draw_ten_on_draw_ten", "H-10",
         "H-10/H-4: bob stacks his Draw Ten on ann's: cid draws 20 and loses his turn; bob's "
         "yellow stands",
         **kws, then=twenty,
         actions=[play("ann", "W+10", "G"), play("bob", "W+10", "Y"), draw("cid")],
         expect={"turn": "ann", "top": "W+10", "color": "Y", "pending": None, "draw_pile": 70,
                 "hands": {"cid": A3["cid"] + twenty}, **ok(3)},
         events=[ev("played", by="bob", card="W+10"), *drew("cid", twenty),
                 ev("skipped", by="cid")])
    case("H-10_stacking_not_on_draw_two_without_mixed", "H-10",
         "H-10/H-4: without stack_mixed a Draw Ten stacks only on a Draw Ten, not on a Draw Two",
         **kws, actions=[play("ann", "R+2"), play("bob", "W+10", "Y")],
         expect={"turn": "bob", "pending": {"kind": "draw", "amount": 2, "victim": "bob",
                                            "by": "ann"},
                 "hands": {"bob": st["bob"]}, **refused(1, "not_allowed_now")})
    case("H-10_stacking_wild_four_not_on_draw_ten_without_mixed", "H-10",
         "H-10/H-4: without stack_mixed a Wild Draw Four does not stack on a Draw Ten",
         **kws, actions=[play("ann", "W+10", "G"), play("bob", "W+4", "Y")],
         expect={"turn": "bob", "pending": {"kind": "draw", "amount": 10, "victim": "bob",
                                            "by": "ann"},
                 "hands": {"bob": st["bob"]}, **refused(1, "not_allowed_now")})
    case("H-10_mixed_draw_ten_on_draw_two", "H-10",
         "H-10 stack_mixed: a Draw Ten on a Draw Two: cid must answer 12; accepting, he draws 12",
         **{**kws, "rules": mix}, then=twenty,
         actions=[play("ann", "R+2"), play("bob", "W+10", "Y"), accept("cid")],
         expect={"turn": "ann", "top": "W+10", "color": "Y", "pending": None, "draw_pile": 78,
                 "hands": {"cid": A3["cid"] + twenty[:12]}, **ok(3)},
         events=[*drew("cid", twenty[:12]), ev("skipped", by="cid")])
    case("H-10_mixed_wild_four_on_draw_ten", "H-10",
         "H-10 stack_mixed: a Wild Draw Four on a Draw Ten: cid's challenge decision covers 14",
         **{**kws, "rules": mix}, actions=[play("ann", "W+10", "G"), play("bob", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "Y",
                 "pending": {"kind": "challenge", "amount": 14, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("H-10_mixed_draw_ten_on_wild_four", "H-10",
         "H-10 stack_mixed: a Draw Ten on a Wild Draw Four: cid must answer 14 (a Draw Ten is "
         "never challenged, so the pending kind is `draw`)",
         **{**kws, "rules": mix}, actions=[play("ann", "W+4", "G"), play("bob", "W+10", "Y")],
         expect={"turn": "cid", "top": "W+10", "color": "Y",
                 "pending": {"kind": "draw", "amount": 14, "victim": "cid", "by": "bob"},
                 **ok(2)})


# ================================================================ H-11 reverse bounce

def h11() -> None:
    r = opts(reverse_bounce=True)
    b3 = {"ann": ["R+2", "RR", "W+4", "G3", "Y5", "B2", "R7"],
          "bob": ["RR", "GR", "Y2", "G6", "B4", "BR", "G5"],
          "cid": A3["cid"]}
    kw: dict[str, Any] = {"players": P3, "hands": b3, "start": "R3", "rules": r}
    four = ["B1", "B3", "G8", "G9"]
    case("H-11_draw_two_waits", "H-11",
         "H-11/C-4: with reverse_bounce a Draw Two waits for its victim's answer",
         **kw, actions=[play("ann", "R+2")],
         expect={"turn": "bob", "pending": {"kind": "draw", "amount": 2, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("H-11_bounce_sends_penalty_back", "H-11",
         "H-11: bob plays a red Reverse: the penalty goes back to ann and the direction reverses",
         **kw, actions=[play("ann", "R+2"), play("bob", "RR")],
         expect={"turn": "ann", "top": "RR", "direction": -1,
                 "pending": {"kind": "draw", "amount": 2, "victim": "ann", "by": "bob"},
                 **ok(2)})
    case("H-11_bounced_player_draws", "H-11",
         "H-11: ann draws the bounced 2 and loses her turn; play continues from her "
         "counter-clockwise: cid",
         **kw, then=four, actions=[play("ann", "R+2"), play("bob", "RR"), draw("ann")],
         expect={"turn": "cid", "top": "RR", "direction": -1, "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(b3["ann"], "R+2") + four[:2],
                           "bob": without(b3["bob"], "RR")}, **ok(3)},
         events=[ev("played", by="bob", card="RR"), *drew("ann", four[:2]),
                 ev("skipped", by="ann")])
    case("H-11_bounce_twice", "H-11",
         "H-11: ann bounces it back again with her red Reverse (the direction reverses again); "
         "bob draws 2 and play continues from him clockwise: cid",
         **kw, then=four,
         actions=[play("ann", "R+2"), play("bob", "RR"), play("ann", "RR"), draw("bob")],
         expect={"turn": "cid", "top": "RR", "direction": 1, "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(b3["ann"], "R+2", "RR"),
                           "bob": without(b3["bob"], "RR") + four[:2]}, **ok(4)},
         events=[*drew("bob", four[:2]), ev("skipped", by="bob")])
    case("H-11_wild_draw_four_pending_is_challenge", "H-11",
         "H-11: a Wild Draw Four still waits as a challenge decision (amount 4)",
         **kw, actions=[play("ann", "W+4", "G")],
         expect={"turn": "bob", "pending": {"kind": "challenge", "amount": 4, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("H-11_bounce_wild_draw_four", "H-11",
         "H-11: bob bounces ann's Wild Draw Four with a Reverse of the named colour (GR): ann "
         "draws 4, and cid plays next (counter-clockwise); green stands",
         **kw, then=four, actions=[play("ann", "W+4", "G"), play("bob", "GR"), accept("ann")],
         expect={"turn": "cid", "top": "GR", "color": "G", "direction": -1, "pending": None,
                 "draw_pile": 82, "hands": {"ann": without(b3["ann"], "W+4") + four}, **ok(3)},
         events=[ev("played", by="bob", card="GR"), *drew("ann", four),
                 ev("skipped", by="ann")])
    case("H-11_bounced_wild_draw_four_waits_for_ann", "H-11",
         "H-11: after the bounce the penalty of 4 waits for ann's answer",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "GR")],
         expect={"turn": "ann", "direction": -1, "pending": {"victim": "ann", "amount": 4},
                 **ok(2)})
    case("H-11_reverse_of_other_colour_refused", "H-11",
         "H-11: only a Reverse of the current colour bounces: bob's blue Reverse is refused",
         **kw, actions=[play("ann", "R+2"), play("bob", "BR")],
         expect={"turn": "bob", "direction": 1, "hands": {"bob": b3["bob"]},
                 **refused(1, "not_allowed_now")})


SECTIONS = (h10, h11)
