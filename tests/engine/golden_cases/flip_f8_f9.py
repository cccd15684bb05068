"""Golden cases of UNO Flip F-8 (UNO, the draw pile, the end of a round) and F-9 (scoring,
with F-9's card values).
"""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.flip_common import (
    D2_AFTER,
    D2_ANN,
    D2_BOB,
    D2_BOB_END,
    D2_PLAYS,
    S2_BOB,
    S2_SKIPS,
    S2_THEN,
    case,
    points,
    skips,
)
from tests.engine.golden_dsl import (
    CASES,
    P2,
    TEN,
    act,
    catch,
    draw,
    drew,
    ev,
    ok,
    play,
    refused,
)
from tests.engine.support import (
    pick,
)

# ================================================================ F-8 UNO, draw pile, end of round

def f8() -> None:
    s2 = {"ann": [*S2_SKIPS, "Y5/P7"], "bob": S2_BOB}
    kw: dict[str, Any] = {"players": P2, "hands": s2, "start": "R3/T7", "then": S2_THEN}
    case("F-8_catch", "F-8",
         "F-8/C-5: ann plays her next-to-last card without calling UNO; bob catches her: she "
         "draws 2",
         **kw, actions=[*skips(uno_at=None), catch("bob", "ann")],
         expect={"side": "light", "turn": "ann", "draw_pile": 95,
                 "hands": {"ann": ["Y5/P7", *S2_THEN], "bob": S2_BOB}, **ok(7)},
         events=[ev("caught", by="bob", target="ann"), *drew("ann", S2_THEN)])
    case("F-8_call_with_play", "F-8",
         "F-8/C-5: ann calls UNO with her next-to-last card: she cannot be caught",
         **kw, actions=[*skips(), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 97, "hands": {"ann": ["Y5/P7"]},
                 **refused(6, "not_allowed_now")},
         events=[ev("played", by="ann", card="YS/P6"), ev("uno_called", by="ann")])
    dark = {"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB}
    no_call = [*D2_PLAYS[:-1], play("ann", "R7/PSA"), catch("bob", "ann")]
    case("F-8_catch_on_dark_side", "F-8",
         "F-8/C-5: on the dark side too: ann's next-to-last card without a call, bob catches "
         "her; she draws 2 from the turned-over pile",
         players=P2, hands=dark, start="R3/T7", after_flip=D2_AFTER, actions=no_call,
         expect={"side": "dark", "turn": "ann", "draw_pile": 94,
                 "hands": {"ann": ["Y8/P5", "B1/V3", "G2/O6"]}, **ok(len(no_call))},
         events=[ev("caught", by="bob", target="ann"), *drew("ann", ["B1/V3", "G2/O6"])])
    last_flip = {"ann": [*S2_SKIPS, "YF/P7"], "bob": S2_BOB}
    case("F-8_last_card_flip_has_no_effect", "F-8",
         "F-8/C-8.1: ann goes out with a Flip: it has no effect, the round ends on the light "
         "side and bob's cards count by their light faces (151)",
         players=P2, hands=last_flip, start="R3/T7", then=S2_THEN,
         actions=[*skips(), play("ann", "YF/P7")],
         expect={"side": "light", "turn": None, "round_winner": "ann", "finished": ["ann"],
                 "top": "YF", "hands": {"ann": [], "bob": S2_BOB},
                 "scores": {"ann": 151, "bob": 0}, "draw_pile": 97, **ok(7)},
         events=[ev("played", by="ann", card="YF/P7"), ev("round_won", by="ann", amount=151)])
    last_d1 = {"ann": [*S2_SKIPS, "Y+1/P7"], "bob": S2_BOB}
    case("F-8_last_card_draw_one", "F-8",
         "F-8/C-8.1: ann's last card is a Draw One: bob draws 1 (G4, 4 points) before the count",
         players=P2, hands=last_d1, start="R3/T7", then=S2_THEN,
         actions=[*skips(), play("ann", "Y+1/P7")],
         expect={"turn": None, "round_winner": "ann", "hands": {"ann": [],
                                                               "bob": S2_BOB + ["G4/V5"]},
                 "scores": {"ann": 155, "bob": 0}, "draw_pile": 96, **ok(7)},
         events=[ev("drew", by="bob", card="G4/V5"), ev("round_won", by="ann", amount=155)])
    last_wdc = {"ann": [*D2_ANN, "Y8/WDC"], "bob": D2_BOB}
    pre = [*D2_PLAYS, play("ann", "Y8/WDC", "O")]
    wkw: dict[str, Any] = {"players": P2, "hands": last_wdc, "start": "R3/T7",
                           "after_flip": D2_AFTER}
    case("F-8_last_wild_draw_colour_waits", "F-8",
         "F-8/C-8.1: a last Wild Draw Colour still waits for bob's decision",
         **wkw, actions=pre,
         expect={"side": "dark", "turn": "bob", "round_winner": None, "finished": [],
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob",
                             "amount": "until_color"},
                 "hands": {"ann": [], "bob": D2_BOB_END}, **ok(len(pre))})
    acc = D2_BOB_END + ["B1/V3", "G2/O6"]
    case("F-8_last_wild_draw_colour_accepted", "F-8",
         "F-8/C-8.1: bob accepts ann's last Wild Draw Colour (orange): he draws V3 and O6, then "
         "the round is counted by the dark faces (200 + 3 + 6)",
         **wkw, actions=[*pre, act("bob", "accept")],
         expect={"side": "dark", "turn": None, "round_winner": "ann", "pending": None,
                 "hands": {"ann": [], "bob": acc}, "scores": {"ann": 209, "bob": 0},
                 **ok(len(pre) + 1)},
         events=[ev("accepted", by="bob"), *drew("bob", ["B1/V3", "G2/O6"]),
                 ev("round_won", by="ann", amount=209)])
    assert points(acc, "dark") == 209
    chal = D2_BOB_END + D2_AFTER[1:]
    assert points(chal, "dark") == 200 + 3 + 6 + 4 + 9 == 222
    case("F-8_last_wild_draw_colour_challenged", "F-8",
         "F-8/C-8.1: a last Wild Draw Colour is always legal: bob's challenge costs him the "
         "draw until orange and 2 more, before the count (222)",
         **wkw, actions=[*pre, act("bob", "challenge")],
         expect={"side": "dark", "turn": None, "round_winner": "ann", "pending": None,
                 "hands": {"ann": [], "bob": chal}, "scores": {"ann": 222, "bob": 0},
                 **ok(len(pre) + 1)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", D2_AFTER[1:]),
                 ev("round_won", by="ann", amount=222)])
    # The draw pile is rebuilt on the dark side: ten players, ann flips (RF/T3 on R3; the top
    # turns to T7), then everyone draws until the 41 cards are gone (none playable on T7: no
    # teal, no 7, no wild); the next draw rebuilds the pile from the one discard under the top,
    # RF/T3, which keeps its active (dark) face: cid draws it as T3 and plays it on T7.
    start, flip_card = "R3/T7", "RF/T3"
    pile = pick(41, [start, flip_card],
                lambda d: not d.startswith("T") and d[1:] != "7" and d not in ("W", "WDC"))
    drawers = [TEN[(1 + i) % 10] for i in range(41)]
    actions = [play("ann", flip_card), *[draw(p) for p in drawers], draw("cid"),
               play("cid", "T3")]
    full = case("F-8_rebuilt_pile_keeps_active_face", "F-8",
                "F-8: the draw pile rebuilt from the discards keeps the active face: cid draws "
                "RF/T3 from it as T3 (dark) and plays it on T7",
                players=TEN, hands={"ann": [flip_card]}, start=start, after_flip=pile,
                actions=actions,
                expect={"side": "dark", "top": "T3", "color": "T", "turn": "dan",
                        "draw_pile": 0, "pending": None, **ok(len(actions))},
                events=[ev("drew", by="bob", card=pile[-1]), ev("drew", by="cid",
                                                                card=flip_card),
                        ev("played", by="cid", card=flip_card)])
    assert drawers[-1] == "bob"
    hands = {p: [c for c in full[p] if c != flip_card] for p in TEN}
    for p, c in zip(drawers, pile, strict=True):
        hands[p].append(c)
    CASES["F-8_rebuilt_pile_keeps_active_face"]["expect"]["hands"] = hands
    CASES["F-8_rebuilt_pile_keeps_active_face"]["expect"]["round_winner"] = None


# ================================================================ F-9 scoring

def f9() -> None:
    s2 = {"ann": [*S2_SKIPS, "Y5/P7"], "bob": S2_BOB}
    kw: dict[str, Any] = {"players": P2, "hands": s2, "start": "R3/T7", "then": S2_THEN}
    light = [*skips(), play("ann", "Y5/P7")]
    case("F-9_light_faces_score", "F-9",
         "F-9: the round ends on the light side: bob's cards score by their light faces: Draw "
         "One 10, Reverse 20, Flip 20, Wild 40, Wild Draw Two 50, numbers face value (151, not "
         "the dark faces' 173)",
         **kw, actions=light,
         expect={"side": "light", "turn": None, "round_winner": "ann", "finished": ["ann"],
                 "match_winner": None, "hands": {"ann": [], "bob": S2_BOB},
                 "scores": {"ann": 151, "bob": 0}, **ok(7)},
         events=[ev("uno_called", by="ann"), ev("played", by="ann", card="Y5/P7"),
                 ev("round_won", by="ann", amount=151)])
    dark = {"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB}
    dplays = [*D2_PLAYS, play("ann", "Y8/P5")]
    case("F-9_dark_faces_score", "F-9",
         "F-9: the round ends on the dark side: bob's cards score by their dark faces: Draw "
         "Five 20, Reverse 20, Flip 20, Skip Everyone 30, Wild 40, Wild Draw Colour 60, numbers "
         "face value (200, not the light faces' 155)",
         players=P2, hands=dark, start="R3/T7", after_flip=D2_AFTER, actions=dplays,
         expect={"side": "dark", "top": "P5", "turn": None, "round_winner": "ann",
                 "finished": ["ann"], "hands": {"ann": [], "bob": D2_BOB_END},
                 "scores": {"ann": 200, "bob": 0}, **ok(len(dplays))},
         events=[ev("flipped", by="ann"), ev("drew", by="bob", card="G1/O2"),
                 ev("uno_called", by="ann"), ev("played", by="ann", card="Y8/P5"),
                 ev("round_won", by="ann", amount=200)])
    case("F-9_match_won_at_target", "F-9",
         "F-9/C-8.3: with target_score 150, ann's 151 wins the match",
         **kw, rules={"preset": "flip", "options": {"target_score": 150}},
         actions=[*light, act("bob", "next_round")],
         expect={"round": 1, "round_winner": "ann", "match_winner": "ann",
                 "scores": {"ann": 151, "bob": 0}, **refused(7, "not_allowed_now")},
         events=[ev("round_won", by="ann", amount=151), ev("match_won", by="ann")])
    case("F-9_match_goes_on_below_target", "F-9",
         "F-9: match to 500 as C-8: 200 points are not enough, next_round deals round 2",
         players=P2, hands=dark, start="R3/T7", after_flip=D2_AFTER,
         actions=[*dplays, act("ann", "next_round")],
         expect={"round": 2, "round_winner": None, "match_winner": None,
                 "scores": {"ann": 200, "bob": 0}, **ok(len(dplays) + 1)})


SECTIONS = (f8, f9)
