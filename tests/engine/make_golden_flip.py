"""Write the golden replay files of UNO Flip (RULES.md F-1..F-9): `python -m
tests.engine.make_golden_flip`.

As in make_golden.py, every expected value below is written by hand from shared/RULES.md and
shared/REPLAY.md; this script never runs the engine. It builds the Flip decks itself (F-1: 112
double-sided cards written `light/dark`, the light faces and the dark faces paired in any way) so
that each file carries its whole deck, and counts card points with F-9's values.

Only the files named F-* are (re)written here; make_golden.py and make_golden_house.py write the
others.

Conventions: the dealer is the last player listed, so the first listed plays first; 2 players
leave 112 - 14 - 1 = 97 cards in the draw pile, 3 players 90, 6 players 69, 10 players 41.

Decks (`flip_deck`): the dealt hands, the start card, `then` (the next cards of the draw pile in
drawing order, drawn before any Flip), the rest of the deck paired in a fixed order, and last
`after_flip` reversed: F-4 turns the draw pile over (its order reverses), so after the first Flip
the cards come in `after_flip` order.

Readings taken where RULES.md leaves room (see also the titles):
- F-3: after a Wild Draw Two start card the player left of the dealer names the colour and then
  plays (as after a Wild start card, C-3), nobody draws.
- F-4: after a Flip the turn passes on as after a number card (the Flip itself skips nobody); the
  new top card's action is never carried out, whatever it is (Draw Five, a Flip, a wild draw).
- F-6: when the piles run out during a Wild Draw Colour draw, the victim still loses the turn.
- F-1/P: the Flip files for section P's "H options that make sense in Flip" (jump_in, seven_zero
  with only the 7) are filed under F-1 (Flip has no 0), since P_* files belong to
  make_golden_house.py; a jump-in card is identical on both faces, so no reading of "identical"
  is needed.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tests.engine.make_golden import GOLDEN, _fmt, act, catch, draw, err, ev
from tests.engine.make_golden_house import play

CASES: dict[str, dict[str, Any]] = {}

P2 = ["ann", "bob"]
P3 = ["ann", "bob", "cid"]
P6 = ["ann", "bob", "cid", "dan", "eve", "fay"]
TEN = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon"]


# ---------------------------------------------------------------- F-1 faces, counted from the text

LIGHT_RANKS = [*"123456789", "+1", "R", "S", "F"]
DARK_RANKS = [*"123456789", "+5", "R", "SA", "F"]


def light_faces() -> list[str]:
    """F-1: per colour R Y G B two each of 1-9, +1, R, S, F; four W and four W+2 (112)."""
    out = [c + r for c in "RYGB" for r in LIGHT_RANKS for _ in range(2)]
    return out + ["W"] * 4 + ["W+2"] * 4


def dark_faces() -> list[str]:
    """F-1: per colour P T O V two each of 1-9, +5, R, SA, F; four W and four WDC (112)."""
    out = [c + r for c in "PTOV" for r in DARK_RANKS for _ in range(2)]
    return out + ["W"] * 4 + ["WDC"] * 4


assert len(light_faces()) == len(dark_faces()) == 112


def lt(card: str) -> str:
    return card.split("/")[0]


def dk(card: str) -> str:
    return card.split("/")[1]


def _remaining(used: Sequence[str]) -> tuple[list[str], list[str]]:
    """The light and dark faces not in `used`, each in the fixed order of light_faces()."""
    lights = Counter(light_faces())
    darks = Counter(dark_faces())
    for c in used:
        lights[lt(c)] -= 1
        darks[dk(c)] -= 1
        if lights[lt(c)] < 0 or darks[dk(c)] < 0:
            raise ValueError(f"the Flip deck has no more {c}")
    ls = [f for f in dict.fromkeys(light_faces()) for _ in range(lights[f])]
    ds = [f for f in dict.fromkeys(dark_faces()) for _ in range(darks[f])]
    return ls, ds


def pick(n: int, used: Sequence[str], dark_ok: Callable[[str], bool]) -> list[str]:
    """`n` cards not in `used` whose dark face passes `dark_ok` (fixed order; light faces taken
    from the end of the list, so that the number cards at its start stay for the hands)."""
    ls, ds = _remaining(used)
    ds = [d for d in ds if dark_ok(d)]
    assert len(ds) >= n and len(ls) >= n
    return [f"{lf}/{d}" for lf, d in zip(reversed(ls[-n:]), ds[:n], strict=True)]


def flip_deck(players: Sequence[str], hands: Mapping[str, Sequence[str]], start: str,
              then: Sequence[str] = (), after_flip: Sequence[str] = (),
              dealer: str | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """A full Flip deck (top of the draw pile first) and the hands it deals.

    Hands shorter than 7 are filled from the rest of the deck (its light and dark faces paired in
    the fixed order of light_faces()/dark_faces()). `then` come right after the start card;
    `after_flip` are the last cards of the deck, reversed, so that they are drawn in that order
    once a Flip has turned the draw pile over.
    """
    dealer = players[-1] if dealer is None else dealer
    d = players.index(dealer)
    order = [players[(d + 1 + i) % len(players)] for i in range(len(players))]
    explicit = [c for p in players for c in hands.get(p, ())] + [start, *then, *after_flip]
    ls, ds = _remaining(explicit)
    rest = iter([f"{lf}/{d}" for lf, d in zip(ls, ds, strict=True)])
    full = {p: list(hands.get(p, ())) for p in players}
    for p in players:
        assert len(full[p]) <= 7, p
        while len(full[p]) < 7:
            full[p].append(next(rest))
    deck = [full[p][r] for r in range(7) for p in order]
    deck += [start, *then, *rest, *reversed(after_flip)]
    assert len(deck) == 112
    assert Counter(map(lt, deck)) == Counter(light_faces())
    assert Counter(map(dk, deck)) == Counter(dark_faces())
    return deck, full


# ---------------------------------------------------------------- F-9 points

def light_points(face: str) -> int:
    """F-9, light faces: numbers face value; Draw One 10; Reverse, Skip, Flip 20; Wild 40; Wild
    Draw Two 50."""
    if face == "W":
        return 40
    if face == "W+2":
        return 50
    rank = face[1:]
    if rank == "+1":
        return 10
    if rank in ("R", "S", "F"):
        return 20
    return int(rank)


def dark_points(face: str) -> int:
    """F-9, dark faces: numbers face value; Draw Five 20; Reverse, Flip 20; Skip Everyone 30;
    Wild 40; Wild Draw Colour 60."""
    if face == "W":
        return 40
    if face == "WDC":
        return 60
    rank = face[1:]
    if rank in ("+5", "R", "F"):
        return 20
    if rank == "SA":
        return 30
    return int(rank)


def points(cards: Sequence[str], side: str) -> int:
    if side == "light":
        return sum(light_points(lt(c)) for c in cards)
    return sum(dark_points(dk(c)) for c in cards)


# ---------------------------------------------------------------- actions and cases

def color(by: str, c: str) -> dict[str, Any]:
    return act(by, "color", color=c)


def without(hand: Sequence[str], *cards: str) -> list[str]:
    out = list(hand)
    for c in cards:
        assert c in out, f"{c} not in {hand}"
        out.remove(c)
    return out


def ok(applied: int) -> dict[str, Any]:
    return {"applied": applied, "error": None}


def refused(index: int, code: str) -> dict[str, Any]:
    return {"applied": index, "error": err(index, code)}


def drew(by: str, cards: Sequence[str]) -> list[dict[str, Any]]:
    return [ev("drew", by=by, card=c) for c in cards]


def case(name: str, rule: str, title: str, *, players: list[str], hands: dict[str, list[str]],
         start: str, actions: list[dict[str, Any]], expect: dict[str, Any],
         then: Sequence[str] = (), after_flip: Sequence[str] = (), dealer: str | None = None,
         rules: Any = "flip", seed: int | None = None,
         events: list[dict[str, Any]] | None = None) -> dict[str, list[str]]:
    """Record one golden file; return the hands its deck deals (filled ones included)."""
    assert name not in CASES, name
    assert name.startswith(rule + "_"), name
    replay: dict[str, Any] = {"rules": rules, "players": players}
    if dealer is not None:
        replay["dealer"] = dealer
    if seed is not None:
        replay["seed"] = seed
    deck, full = flip_deck(players, hands, start, then, after_flip, dealer)
    replay["deck"] = deck
    replay["actions"] = actions
    data: dict[str, Any] = {"rule": rule, "title": title, "replay": replay, "expect": expect}
    if events:
        data["expect_events"] = events
    CASES[name] = data
    return full


# ---------------------------------------------------------------- shared set-ups

# Three players (dealer cid, ann first), start R3/T7. Light side: ann may play R7, G3 (number),
# RS, R+1, W. Every face in the hands is distinct.
A3 = {
    "ann": ["R7/P2", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
    "bob": ["R8/T4", "Y2/P8", "G6/O9", "B4/V3", "GS/TSA", "BR/PF", "G5/V8"],
    "cid": ["R9/O1", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"],
}
A3_THEN = ["G8/O3", "B8/V2", "Y8/P4", "G9/O2"]

# Three players for the Flip: ann opens with RF/P3 (red on R3). After it the top is T7 (teal);
# bob holds R8/T4 (teal) and R9/O1 (its light face matched R3, its dark face does not match T7);
# cid holds Y7/TF, a teal Flip back to light.
F3 = {
    "ann": ["RF/P3", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
    "bob": ["R8/T4", "Y2/P8", "G6/O9", "B4/V3", "GS/TSA", "BR/PF", "R9/O1"],
    "cid": ["G5/V8", "Y7/TF", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"],
}
F3_THEN = ["Y9/P6"]
F3_AFTER = ["G9/O2", "B9/V1"]
FLIP = play("ann", "RF/P3")

# Two players (dealer bob, ann first), start R3/T7: ann plays five Skips (each skips bob in
# two-player play), the sixth is her next-to-last card.
S2_SKIPS = ["RS/P1", "YS/P2", "GS/P3", "BS/P4", "RS/P5", "YS/P6"]
S2_BOB = ["R+1/TSA", "YR/O3", "GF/WDC", "W/P8", "W+2/V2", "B9/OSA", "G2/W"]
S2_THEN = ["G4/V5", "B3/V6"]
assert points(S2_BOB, "light") == 10 + 20 + 20 + 40 + 50 + 9 + 2 == 151
assert points(S2_BOB, "dark") == 30 + 3 + 60 + 8 + 2 + 30 + 40 == 173


def skips(uno_at: int | None = 5) -> list[dict[str, Any]]:
    return [play("ann", c, uno=(i == uno_at)) for i, c in enumerate(S2_SKIPS)]


# Two players on the dark side: ann flips (RF/P1 on R3; the top turns to T7), bob draws G1/O2
# (unplayable on T7), then ann plays five Skip Everyone (each lets her play again) and her last
# card.
D2_ANN = ["RF/P1", "Y4/TSA", "B4/OSA", "G6/VSA", "B7/TSA", "R7/PSA"]
D2_BOB = ["R+1/P+5", "YS/OR", "GR/VF", "B5/PSA", "W/WDC", "W+2/W", "G9/O8"]
D2_AFTER = ["G1/O2", "B1/V3", "G2/O6", "Y1/P4", "Y2/T9"]
D2_PLAYS = [play("ann", "RF/P1"), draw("bob")] + [
    play("ann", c, uno=(c == "R7/PSA")) for c in D2_ANN[1:]]
D2_BOB_END = D2_BOB + ["G1/O2"]
assert points(D2_BOB_END, "dark") == 20 + 20 + 20 + 30 + 60 + 40 + 8 + 2 == 200
assert points(D2_BOB_END, "light") == 10 + 20 + 20 + 5 + 40 + 50 + 9 + 1 == 155


# ================================================================ F-1 deck and notation

def f1() -> None:
    hands = {
        "ann": ["R5/T+5", "W+2/OSA", "W/WDC", "W+2/W", "RF/PF", "Y+1/V+5", "G9/O1"],
        "bob": ["R1/P1", "Y2/T2", "G3/O3", "B4/V4", "RR/TR", "YS/PSA", "B+1/O+5"],
        "cid": ["G7/V7", "B8/P8", "W/T6", "Y6/WDC", "GF/VF", "BS/OR",
                "R2/P9"],
    }
    exp = {"round": 1, "side": "light", "hands": hands, "draw_pile": 90, "top": "B6",
           "color": "B", "turn": "ann", "direction": 1, "pending": None,
           "scores": dict.fromkeys(P3, 0), "round_winner": None, "match_winner": None,
           "finished": [], **ok(0)}
    case("F-1_deck_of_112_dealt", "F-1",
         "F-1: a 112-card Flip deck, faces paired in any way (R5/T+5, W+2/OSA, W/WDC ...); three "
         "hands of 7 and the start card leave 90; the round starts on the light side, `top` is "
         "the active face alone, `hands` are written light/dark",
         players=P3, hands=hands, start="B6/O7", actions=[], expect=exp)
    case("F-1_rules_preset_object", "F-1",
         "F-1/REPLAY.md: `{\"preset\": \"flip\"}` is the Flip preset as well",
         players=P3, hands=hands, start="B6/O7", actions=[], rules={"preset": "flip"},
         expect=exp)
    case("F-1_two_players_pile", "F-1",
         "F-1: two hands of 7 and the start card leave 97 of the 112 cards in the draw pile",
         players=P2, hands={}, start="G4/V2", actions=[],
         expect={"side": "light", "draw_pile": 97, "top": "G4", "color": "G", "turn": "ann",
                 **ok(0)})
    case("F-1_ten_players_pile", "F-1",
         "F-1: ten hands of 7 and the start card leave 41 of the 112 cards in the draw pile",
         players=TEN, hands={}, start="Y4/T8", actions=[],
         expect={"side": "light", "draw_pile": 41, "top": "Y4", "color": "Y", "turn": "ann",
                 **ok(0)})
    first = {**A3, "ann": ["R7/P2", "G3/O4", "R7/V9", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]}
    case("F-1_play_by_active_face_takes_first", "F-1",
         "REPLAY.md: `card` may be the active face alone: ann's `R7` is the first R7 in her hand "
         "(R7/P2), her R7/V9 stays; the event names the card light/dark",
         players=P3, hands=first, start="R3/T7", actions=[play("ann", "R7")],
         expect={"turn": "bob", "top": "R7", "color": "R", "side": "light",
                 "hands": {"ann": ["G3/O4", "R7/V9", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]},
                 **ok(1)},
         events=[ev("played", by="ann", card="R7/P2")])
    case("F-1_play_by_full_notation", "F-1",
         "REPLAY.md: `card` written light/dark names that very card: ann plays her second R7 "
         "(R7/V9), R7/P2 stays",
         players=P3, hands=first, start="R3/T7", actions=[play("ann", "R7/V9")],
         expect={"turn": "bob", "top": "R7", "color": "R",
                 "hands": {"ann": ["R7/P2", "G3/O4", "B2/T1", "RS/PR", "R+1/O+5", "W/V6"]},
                 **ok(1)},
         events=[ev("played", by="ann", card="R7/V9")])
    drawn = {**A3, "ann": ["R5/P1", "G3/O4", "Y5/V6", "B2/T1", "Y4/PR", "G+1/O+5", "B7/V9"]}
    case("F-1_play_drawn_card_by_face", "F-1",
         "REPLAY.md: after a draw, the active face alone names the drawn card: ann holds R5/P1, "
         "draws R5/O6 and plays `R5`: the drawn R5/O6 is played, R5/P1 stays",
         players=P3, hands=drawn, start="R3/T7", then=["R5/O6"],
         actions=[draw("ann"), play("ann", "R5")],
         expect={"turn": "bob", "top": "R5", "color": "R", "draw_pile": 89,
                 "hands": {"ann": drawn["ann"]}, **ok(2)},
         events=[ev("drew", by="ann", card="R5/O6"), ev("played", by="ann", card="R5/O6")])
    case("F-1_play_by_dark_face", "F-1",
         "REPLAY.md: on the dark side the active face alone is the dark face: bob plays `T4` "
         "(R8/T4) on T7; `top` is T4",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER,
         actions=[FLIP, play("bob", "T4")],
         expect={"side": "dark", "turn": "cid", "top": "T4", "color": "T",
                 "hands": {"bob": without(F3["bob"], "R8/T4")}, **ok(2)},
         events=[ev("played", by="bob", card="R8/T4")])
    case("F-1_inactive_face_alone_is_not_a_card_in_hand", "F-1",
         "REPLAY.md: on the light side the active face alone is the light face: naming "
         "ann's inactive face P2 (of R7/P2) finds no card whose active face is P2",
         players=P3, hands=A3, start="R3/T7", actions=[play("ann", "P2")],
         expect={"turn": "ann", "top": "R3", "hands": {"ann": A3["ann"]},
                 **refused(0, "card_not_in_hand")})
    # Each round starts on the light side: the dark round of F-9, then next_round.
    case("F-1_each_round_starts_light", "F-1",
         "F-1: each round starts on the light side: round 1 ends on the dark side, round 2 is "
         "dealt light side up",
         players=P2, hands={"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB}, start="R3/T7",
         after_flip=D2_AFTER, actions=[*D2_PLAYS, play("ann", "Y8/P5"), act("bob", "next_round")],
         expect={"round": 2, "side": "light", "round_winner": None, "finished": [],
                 "scores": {"ann": 200, "bob": 0}, **ok(len(D2_PLAYS) + 2)},
         events=[ev("round_won", by="ann", amount=200)])
    # P: H options that make sense in Flip are accepted.
    jump = {**A3, "cid": ["R7/P2", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/TR", "B5/P9"]}
    case("F-1_P_jump_in_in_flip", "F-1",
         "P/H-2: jump_in is accepted in Flip: cid's R7/P2, identical (both faces) to ann's, "
         "jumps in; play continues from cid (bob loses his turn)",
         players=P3, hands=jump, start="R3/T7", rules={"preset": "flip",
                                                       "options": {"jump_in": True}},
         actions=[play("ann", "R7/P2"), play("cid", "R7/P2")],
         expect={"turn": "ann", "top": "R7", "color": "R", "side": "light",
                 "hands": {"ann": without(jump["ann"], "R7/P2"), "bob": jump["bob"],
                           "cid": without(jump["cid"], "R7/P2")}, **ok(2)},
         events=[ev("played", by="ann", card="R7/P2"), ev("played", by="cid", card="R7/P2")])
    case("F-1_P_seven_zero_seven_in_flip", "F-1",
         "P/H-3: seven_zero is accepted in Flip (Flip has no 0, only the 7 acts): ann's R7 "
         "swaps hands with cid",
         players=P3, hands=A3, start="R3/T7", rules={"preset": "flip",
                                                     "options": {"seven_zero": True}},
         actions=[play("ann", "R7/P2", target="cid")],
         expect={"turn": "bob", "top": "R7", "side": "light",
                 "hands": {"ann": A3["cid"], "bob": A3["bob"],
                           "cid": without(A3["ann"], "R7/P2")}, **ok(1)},
         events=[ev("played", by="ann", card="R7/P2")])


# ================================================================ F-2 what is visible

def f2() -> None:
    case("F-2_inactive_faces_dealt", "F-2",
         "F-2: on the light side each player sees the dark faces of the other hands and of the "
         "draw pile's top card (Y9/P6: P6) (test_flip_view checks the views)",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER, actions=[],
         expect={"side": "light", "hands": F3, "draw_pile": 90, "top": "R3", **ok(0)})
    case("F-2_inactive_faces_after_flip", "F-2",
         "F-2: after the Flip each player sees the light faces of the other hands and of the "
         "draw pile's new top card (G9/O2: G9) (test_flip_view checks the views)",
         players=P3, hands=F3, start="R3/T7", then=F3_THEN, after_flip=F3_AFTER, actions=[FLIP],
         expect={"side": "dark", "hands": {**F3, "ann": without(F3["ann"], "RF/P3")},
                 "draw_pile": 90, "top": "T7", **ok(1)})


# ================================================================ F-3 setup

def f3() -> None:
    base = {"round": 1, "side": "light", "direction": 1, "pending": None, "draw_pile": 90,
            "hands": A3}
    kw: dict[str, Any] = {"players": P3, "hands": A3}
    case("F-3_number_start", "F-3",
         "F-3/C-3: a number start card sets the colour; ann, left of the dealer (cid), plays",
         **kw, start="G4/V2", actions=[], expect={**base, "turn": "ann", "top": "G4",
                                                  "color": "G", **ok(0)})
    case("F-3_draw_one_start", "F-3",
         "F-3: a Draw One start card: ann, left of the dealer, draws 1 and is skipped",
         **kw, start="R+1/V7", then=["G8/O3"], actions=[],
         expect={**base, "turn": "bob", "top": "R+1", "color": "R", "draw_pile": 89,
                 "hands": {**A3, "ann": A3["ann"] + ["G8/O3"]}, **ok(0)},
         events=[ev("drew", by="ann", card="G8/O3"), ev("skipped", by="ann")])
    case("F-3_skip_start", "F-3",
         "F-3/C-3: a Skip start card skips ann, left of the dealer",
         **kw, start="BS/T9", actions=[],
         expect={**base, "turn": "bob", "top": "BS", "color": "B", **ok(0)},
         events=[ev("skipped", by="ann")])
    case("F-3_reverse_start", "F-3",
         "F-3/C-3: a Reverse start card: the dealer (cid) plays first, counter-clockwise (then "
         "bob)",
         **kw, start="BR/O7", actions=[play("cid", "B5/P9")],
         expect={**base, "turn": "bob", "direction": -1, "top": "B5", "color": "B",
                 "hands": {**A3, "cid": without(A3["cid"], "B5/P9")}, **ok(1)},
         events=[ev("played", by="cid", card="B5/P9")])
    case("F-3_wild_start_waits_for_colour", "F-3",
         "F-3: a Wild start card: the table waits for ann (left of the dealer) to name the "
         "colour",
         **kw, start="W/T5", actions=[],
         expect={**base, "turn": "ann", "top": "W", "pending": {"kind": "color", "by": "ann"},
                 **ok(0)})
    case("F-3_wild_start", "F-3",
         "F-3: a Wild start card: ann names green, then plays G3",
         **kw, start="W/T5", actions=[color("ann", "G"), play("ann", "G3/O4")],
         expect={**base, "turn": "bob", "top": "G3", "color": "G",
                 "hands": {**A3, "ann": without(A3["ann"], "G3/O4")}, **ok(2)},
         events=[ev("color_chosen", by="ann", color="G"), ev("played", by="ann", card="G3/O4")])
    case("F-3_wild_draw_two_start_waits_for_colour", "F-3",
         "F-3: a Wild Draw Two start card: the table waits for ann to name the colour; nobody "
         "draws",
         **kw, start="W+2/P7", actions=[],
         expect={**base, "turn": "ann", "top": "W+2", "pending": {"kind": "color", "by": "ann"},
                 **ok(0)})
    case("F-3_wild_draw_two_start", "F-3",
         "F-3: a Wild Draw Two start card: ann names yellow, nobody draws, and ann plays (reading: "
         "as after a Wild start card)",
         **kw, start="W+2/P7", actions=[color("ann", "Y"), play("ann", "Y5/V6")],
         expect={**base, "turn": "bob", "top": "Y5", "color": "Y",
                 "hands": {**A3, "ann": without(A3["ann"], "Y5/V6")}, **ok(2)},
         events=[ev("color_chosen", by="ann", color="Y"), ev("played", by="ann", card="Y5/V6")])
    # Every light action card but the start Flip is held, so whatever the reshuffle turns up
    # next is a number card (or the Flip again, returned again): nobody draws or is skipped.
    actions_l = ([c + r for r in ("+1", "S", "R", "F") for c in "RYGB" for _ in range(2)]
                 + ["W"] * 4 + ["W+2"] * 4)
    actions_l.remove("RF")
    lights = actions_l + ["R1", "Y1", "G1"]
    darks = [c + r for c in "PT" for r in "123456789" for _ in range(2)] + ["O1", "O1", "O2",
                                                                            "O2", "O3", "O3"]
    assert len(lights) == len(darks) == 42
    cards = [f"{a}/{b}" for a, b in zip(lights, darks, strict=True)]
    h6 = {p: cards[7 * i:7 * i + 7] for i, p in enumerate(P6)}
    case("F-3_flip_start_returned", "F-3",
         "F-3 decision: a Flip start card is returned, the pile reshuffled and another card "
         "turned up; the round stays on the light side and ann plays first",
         players=P6, hands=h6, start="RF/O4", actions=[],
         expect={"round": 1, "side": "light", "turn": "ann", "direction": 1, "pending": None,
                 "hands": h6, "draw_pile": 112 - 42 - 1, **ok(0)})


# ================================================================ F-4 the Flip

def f4() -> None:
    kw: dict[str, Any] = {"players": P3, "hands": F3, "start": "R3/T7", "then": F3_THEN,
                          "after_flip": F3_AFTER}
    ann = without(F3["ann"], "RF/P3")
    case("F-4_flip_to_dark", "F-4",
         "F-4: ann's Flip turns everything: the discard pile's former bottom card (the start "
         "card R3/T7) is the new top, showing T7; side dark; bob plays next",
         **kw, actions=[FLIP],
         expect={"side": "dark", "top": "T7", "color": "T", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 90, "hands": {**F3, "ann": ann}, **ok(1)},
         events=[ev("played", by="ann", card="RF/P3"), ev("flipped", by="ann")])
    case("F-4_match_new_top_face", "F-4",
         "F-4: matching continues against the new top face: bob's R8/T4 is teal on T7",
         **kw, actions=[FLIP, play("bob", "R8/T4")],
         expect={"side": "dark", "top": "T4", "color": "T", "turn": "cid",
                 "hands": {"bob": without(F3["bob"], "R8/T4")}, **ok(2)},
         events=[ev("flipped", by="ann"), ev("played", by="bob", card="R8/T4")])
    case("F-4_old_face_does_not_match", "F-4",
         "F-4: hands turn too: bob's R9/O1 (whose light face matched R3) now shows O1, which "
         "does not match T7",
         **kw, actions=[FLIP, play("bob", "R9/O1")],
         expect={"side": "dark", "top": "T7", "turn": "bob", "hands": {"bob": F3["bob"]},
                 **refused(1, "card_does_not_match")})
    case("F-4_draw_pile_reversed", "F-4",
         "F-4: the draw pile is turned over, its order reversed: bob then cid draw the deck's "
         "last two cards, G9/O2 then B9/V1 (unplayable on T7: each turn passes)",
         **kw, actions=[FLIP, draw("bob"), draw("cid")],
         expect={"side": "dark", "top": "T7", "turn": "ann", "draw_pile": 88,
                 "hands": {"bob": F3["bob"] + ["G9/O2"], "cid": F3["cid"] + ["B9/V1"]},
                 **ok(3)},
         events=[ev("drew", by="bob", card="G9/O2"), ev("drew", by="cid", card="B9/V1")])
    case("F-4_flip_back_to_light", "F-4",
         "F-4: cid's teal Flip (Y7/TF) turns everything back: the pile's bottom card, ann's "
         "RF/P3, is the new top showing RF (its action is not carried out); the draw pile is in "
         "its first order again: ann draws Y9/P6 (unplayable on RF)",
         **kw, actions=[FLIP, play("bob", "R8/T4"), play("cid", "Y7/TF"), draw("ann")],
         expect={"side": "light", "top": "RF", "color": "R", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 89,
                 "hands": {"ann": ann + ["Y9/P6"], "bob": without(F3["bob"], "R8/T4"),
                           "cid": without(F3["cid"], "Y7/TF")}, **ok(4)},
         events=[ev("flipped", by="ann"), ev("played", by="cid", card="Y7/TF"),
                 ev("flipped", by="cid"), ev("drew", by="ann", card="Y9/P6")])
    case("F-4_flip_back_then_match_light", "F-4",
         "F-4: after the Flip back the top is RF: ann's red Skip matches it by colour and skips "
         "bob",
         **kw, actions=[FLIP, play("bob", "R8/T4"), play("cid", "Y7/TF"), play("ann", "RS/PR")],
         expect={"side": "light", "top": "RS", "color": "R", "turn": "cid",
                 "hands": {"ann": without(ann, "RS/PR")}, **ok(4)},
         events=[ev("played", by="ann", card="RS/PR"), ev("skipped", by="bob")])
    wild = {**kw, "start": "R3/W"}
    case("F-4_new_top_wild_waits_for_flipper", "F-4",
         "F-4 decision: the new top face is a Wild (R3/W): ann, who played the Flip, must name "
         "the colour",
         **wild, actions=[FLIP],
         expect={"side": "dark", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **ok(1)},
         events=[ev("flipped", by="ann")])
    case("F-4_new_top_wild_colour_named", "F-4",
         "F-4 decision: ann names orange for the new top Wild; bob plays next",
         **wild, actions=[FLIP, color("ann", "O")],
         expect={"side": "dark", "top": "W", "color": "O", "turn": "bob", "pending": None,
                 **ok(2)},
         events=[ev("flipped", by="ann"), ev("color_chosen", by="ann", color="O")])
    case("F-4_new_top_wild_draw_colour_not_carried_out", "F-4",
         "F-4 decision: the new top face is a Wild Draw Colour (R3/WDC): ann names violet, its "
         "action is not carried out: nobody draws, bob plays",
         **{**kw, "start": "R3/WDC"}, actions=[FLIP, color("ann", "V")],
         expect={"side": "dark", "top": "WDC", "color": "V", "turn": "bob", "pending": None,
                 "draw_pile": 90, "hands": {**F3, "ann": ann}, **ok(2)},
         events=[ev("flipped", by="ann"), ev("color_chosen", by="ann", color="V")])
    case("F-4_new_top_draw_five_not_carried_out", "F-4",
         "F-4 decision: the new top face is a Draw Five (R3/T+5): bob does not draw; he plays "
         "R8/T4 on it (teal)",
         **{**kw, "start": "R3/T+5"}, actions=[FLIP, play("bob", "R8/T4")],
         expect={"side": "dark", "top": "T4", "color": "T", "turn": "cid", "pending": None,
                 "draw_pile": 90, "hands": {**F3, "ann": ann, "bob": without(F3["bob"], "R8/T4")},
                 **ok(2)},
         events=[ev("flipped", by="ann"), ev("played", by="bob", card="R8/T4")])


# ================================================================ F-5 light actions

def f5() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3/T7", "then": A3_THEN}
    case("F-5_draw_one", "F-5",
         "F-5: Draw One: bob draws 1 at once and loses his turn",
         **kw, actions=[play("ann", "R+1/O+5")],
         expect={"side": "light", "top": "R+1", "color": "R", "turn": "cid", "pending": None,
                 "draw_pile": 89, "hands": {"ann": without(a["ann"], "R+1/O+5"),
                                            "bob": a["bob"] + ["G8/O3"]}, **ok(1)},
         events=[ev("played", by="ann", card="R+1/O+5"), ev("drew", by="bob", card="G8/O3"),
                 ev("skipped", by="bob")])
    case("F-5_draw_one_on_draw_one", "F-5",
         "F-5/C-4.1: a Draw One matches a Draw One by symbol: cid's Y+1 makes ann draw 1",
         **kw, actions=[play("ann", "R+1/O+5"), play("cid", "Y+1/OR")],
         expect={"top": "Y+1", "color": "Y", "turn": "bob", "draw_pile": 88,
                 "hands": {"ann": without(a["ann"], "R+1/O+5") + ["B8/V2"],
                           "bob": a["bob"] + ["G8/O3"], "cid": without(a["cid"], "Y+1/OR")},
                 **ok(2)},
         events=[ev("skipped", by="bob"), ev("played", by="cid", card="Y+1/OR"),
                 ev("drew", by="ann", card="B8/V2"), ev("skipped", by="ann")])
    case("F-5_skip", "F-5", "F-5/C-4: Skip: bob loses his turn, cid plays",
         **kw, actions=[play("ann", "RS/PR")],
         expect={"top": "RS", "color": "R", "turn": "cid", "direction": 1,
                 "hands": {"bob": a["bob"]}, **ok(1)},
         events=[ev("played", by="ann", card="RS/PR"), ev("skipped", by="bob")])
    rev = {**a, "ann": ["RR/P2", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"]}
    case("F-5_reverse", "F-5",
         "F-5/C-4: Reverse: play goes counter-clockwise, ann -> cid -> bob",
         players=P3, hands=rev, start="R3/T7", actions=[play("ann", "RR/P2"),
                                                        play("cid", "R9/O1")],
         expect={"direction": -1, "turn": "bob", "top": "R9", "side": "light",
                 "hands": {"ann": without(rev["ann"], "RR/P2"), "bob": a["bob"],
                           "cid": without(a["cid"], "R9/O1")}, **ok(2)},
         events=[ev("played", by="ann", card="RR/P2"), ev("reversed"),
                 ev("played", by="cid", card="R9/O1")])
    rev2 = {"ann": ["RR/P2", "R7/O4", "Y5/V6", "B2/T1", "G3/O6", "Y1/V9", "B1/P7"],
            "bob": a["bob"]}
    case("F-5_reverse_two_players", "F-5",
         "F-5: with two players a Reverse acts as a Skip: the direction flips and ann plays again",
         players=P2, hands=rev2, start="R3/T7", actions=[play("ann", "RR/P2"),
                                                         play("ann", "R7/O4")],
         expect={"direction": -1, "turn": "bob", "top": "R7", "draw_pile": 97,
                 "hands": {"ann": ["Y5/V6", "B2/T1", "G3/O6", "Y1/V9", "B1/P7"],
                           "bob": a["bob"]}, **ok(2)},
         events=[ev("played", by="ann", card="RR/P2"), ev("reversed"),
                 ev("played", by="ann", card="R7/O4")])
    # Wild Draw Two. ann holds no red: G3 matches R3 by number only, W is wild.
    inno = {**a, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "G7/T3", "Y9/O6"]}
    guilty = {**a, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "R7/P2", "Y9/O6"]}
    wkw: dict[str, Any] = {"players": P3, "start": "R3/T7", "then": A3_THEN}
    w2 = play("ann", "W+2/P1", "B")
    case("F-5_wild_draw_two_waits", "F-5",
         "F-5: a Wild Draw Two names the colour and waits for bob's decision (amount 2)",
         **wkw, hands=inno, actions=[w2],
         expect={"top": "W+2", "color": "B", "turn": "bob", "draw_pile": 90,
                 "pending": {"kind": "challenge", "by": "ann", "victim": "bob", "amount": 2},
                 "hands": {"bob": a["bob"]}, **ok(1)},
         events=[ev("played", by="ann", card="W+2/P1", color="B")])
    two, four = A3_THEN[:2], A3_THEN[:4]
    case("F-5_wild_draw_two_accepted", "F-5",
         "F-5: bob accepts the Wild Draw Two: he draws 2 and loses his turn",
         **wkw, hands=inno, actions=[w2, act("bob", "accept")],
         expect={"top": "W+2", "color": "B", "turn": "cid", "pending": None, "draw_pile": 88,
                 "hands": {"ann": without(inno["ann"], "W+2/P1"), "bob": a["bob"] + two},
                 **ok(2)},
         events=[ev("accepted", by="bob"), *drew("bob", two), ev("skipped", by="bob")])
    case("F-5_wild_draw_two_accepted_by_draw", "F-5",
         "F-5/REPLAY.md: `draw` accepts the pending Wild Draw Two: bob draws 2, loses his turn",
         **wkw, hands=inno, actions=[w2, draw("bob")],
         expect={"turn": "cid", "pending": None, "draw_pile": 88,
                 "hands": {"bob": a["bob"] + two}, **ok(2)},
         events=[*drew("bob", two), ev("skipped", by="bob")])
    case("F-5_wild_draw_two_innocent", "F-5",
         "F-5: ann held no red (G3 matches by number only): bob's challenge fails, he draws 4 "
         "and loses his turn",
         **wkw, hands=inno, actions=[w2, act("bob", "challenge")],
         expect={"top": "W+2", "color": "B", "turn": "cid", "pending": None, "draw_pile": 86,
                 "hands": {"ann": without(inno["ann"], "W+2/P1"), "bob": a["bob"] + four},
                 **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", four),
                 ev("skipped", by="bob")])
    case("F-5_wild_draw_two_guilty", "F-5",
         "F-5: ann held red (R7) when she played the Wild Draw Two: bob's challenge makes her "
         "draw 2; bob draws nothing and plays; blue stands",
         **wkw, hands=guilty, actions=[w2, act("bob", "challenge")],
         expect={"top": "W+2", "color": "B", "turn": "bob", "pending": None, "draw_pile": 88,
                 "hands": {"ann": without(guilty["ann"], "W+2/P1") + two, "bob": a["bob"]},
                 **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("ann", two)])


# ================================================================ F-6 dark actions

def f6() -> None:
    h = {"ann": F3["ann"],
         "bob": ["R8/T+5", "Y2/TSA", "G6/TR", "B4/V3", "GS/T8", "BR/O9", "G5/V8"],
         "cid": ["R9/O1", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/P6", "B5/P9"]}
    ann = without(h["ann"], "RF/P3")
    five = ["G9/O2", "B9/V1", "Y9/O3", "G8/P1", "B8/V2"]
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3/T7", "after_flip": five}
    case("F-6_draw_five", "F-6",
         "F-6: Draw Five: cid draws 5 at once (from the turned-over pile) and loses his turn",
         **kw, actions=[FLIP, play("bob", "R8/T+5")],
         expect={"side": "dark", "top": "T+5", "color": "T", "turn": "ann", "pending": None,
                 "draw_pile": 85, "hands": {"ann": ann, "bob": without(h["bob"], "R8/T+5"),
                                            "cid": h["cid"] + five}, **ok(2)},
         events=[ev("played", by="bob", card="R8/T+5"), *drew("cid", five),
                 ev("skipped", by="cid")])
    case("F-6_skip_everyone", "F-6",
         "F-6: Skip Everyone: cid and ann are skipped; bob plays again at once",
         **kw, actions=[FLIP, play("bob", "Y2/TSA")],
         expect={"side": "dark", "top": "TSA", "color": "T", "turn": "bob", "direction": 1,
                 "pending": None, "draw_pile": 90,
                 "hands": {"ann": ann, "cid": h["cid"]}, **ok(2)},
         events=[ev("played", by="bob", card="Y2/TSA")])
    case("F-6_skip_everyone_then_plays", "F-6",
         "F-6: after his Skip Everyone bob plays again (T8), then cid plays",
         **kw, actions=[FLIP, play("bob", "Y2/TSA"), play("bob", "GS/T8")],
         expect={"side": "dark", "top": "T8", "turn": "cid",
                 "hands": {"bob": without(h["bob"], "Y2/TSA", "GS/T8")}, **ok(3)},
         events=[ev("played", by="bob", card="Y2/TSA"), ev("played", by="bob", card="GS/T8")])
    case("F-6_reverse", "F-6",
         "F-6: Reverse as C-4: after bob's teal Reverse play goes counter-clockwise, bob -> ann "
         "-> cid",
         **kw, actions=[FLIP, play("bob", "G6/TR"), play("ann", "B2/T1")],
         expect={"side": "dark", "direction": -1, "top": "T1", "turn": "cid",
                 "hands": {"ann": without(ann, "B2/T1"), "bob": without(h["bob"], "G6/TR")},
                 **ok(3)},
         events=[ev("played", by="bob", card="G6/TR"), ev("reversed"),
                 ev("played", by="ann", card="B2/T1")])
    h2 = {"ann": ["RF/P3", "G3/O4", "Y5/V6", "B2/T1", "RS/PR", "R+1/O+5", "W/V9"],
          "bob": h["bob"]}
    case("F-6_reverse_two_players", "F-6",
         "F-6/C-4: with two players the dark Reverse acts as a Skip: bob plays again",
         players=P2, hands=h2, start="R3/T7", after_flip=five,
         actions=[FLIP, play("bob", "G6/TR"), play("bob", "GS/T8")],
         expect={"side": "dark", "direction": -1, "top": "T8", "turn": "ann", "draw_pile": 97,
                 "hands": {"ann": without(h2["ann"], "RF/P3"),
                           "bob": without(h["bob"], "G6/TR", "GS/T8")}, **ok(3)},
         events=[ev("played", by="bob", card="G6/TR"), ev("reversed"),
                 ev("played", by="bob", card="GS/T8")])
    # Wild Draw Colour. bob holds no teal (innocent); the pile after the Flip brings P2, a Wild,
    # a Wild Draw Colour (wilds do not count), then O3, the first orange; then two more.
    bob_i = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/P8", "BR/O9", "G5/V8"]
    bob_g = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/T8", "BR/O9", "G5/V8"]
    pile = ["G9/P2", "B9/W", "Y9/WDC", "G8/O3", "B8/V2", "G7/P4"]
    until = pile[:4]
    wk: dict[str, Any] = {"players": P3, "start": "R3/T7", "after_flip": pile}
    hi = {**h, "bob": bob_i}
    hg = {**h, "bob": bob_g}
    wdc = play("bob", "B4/WDC", "O")
    case("F-6_wild_draw_colour_waits", "F-6",
         "F-6: a Wild Draw Colour names a dark colour and waits for cid's decision (amount "
         "\"until_color\")",
         **wk, hands=hi, actions=[FLIP, wdc],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "cid", "draw_pile": 90,
                 "pending": {"kind": "challenge", "by": "bob", "victim": "cid",
                             "amount": "until_color"}, "hands": {"cid": h["cid"]}, **ok(2)},
         events=[ev("played", by="bob", card="B4/WDC", color="O")])
    case("F-6_wild_draw_colour_accepted", "F-6",
         "F-6: cid accepts: he draws until a card whose active face is orange (P2, W, WDC: wilds "
         "do not count; O3 stops it) and loses his turn",
         **wk, hands=hi, actions=[FLIP, wdc, act("cid", "accept")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "ann", "pending": None,
                 "draw_pile": 86, "hands": {"bob": without(bob_i, "B4/WDC"),
                                            "cid": h["cid"] + until}, **ok(3)},
         events=[ev("accepted", by="cid"), *drew("cid", until), ev("skipped", by="cid")])
    case("F-6_wild_draw_colour_innocent", "F-6",
         "F-6: bob held no teal: cid's challenge fails; he draws until orange (4 cards) and then "
         "2 more, and loses his turn",
         **wk, hands=hi, actions=[FLIP, wdc, act("cid", "challenge")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "ann", "pending": None,
                 "draw_pile": 84, "hands": {"bob": without(bob_i, "B4/WDC"),
                                            "cid": h["cid"] + pile}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"), *drew("cid", pile),
                 ev("skipped", by="cid")])
    case("F-6_wild_draw_colour_guilty", "F-6",
         "F-6: bob held teal (T8) when he played the Wild Draw Colour: cid's challenge makes bob "
         "draw until orange (4 cards); cid draws nothing and plays; orange stands",
         **wk, hands=hg, actions=[FLIP, wdc, act("cid", "challenge")],
         expect={"side": "dark", "top": "WDC", "color": "O", "turn": "cid", "pending": None,
                 "draw_pile": 86, "hands": {"bob": without(bob_g, "B4/WDC") + until,
                                            "cid": h["cid"]}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"), *drew("bob", until)])
    # The piles run out: ten players hold all 26 orange cards; the 41 cards of the draw pile and
    # the 2 discards under the Wild Draw Colour (the start card and the Flip) have no orange face.
    start = "R3/T7"
    flip_card = "RF/P3"
    wdc_card = "B4/WDC"
    used = [start, flip_card, wdc_card]
    no_orange = pick(41, used, lambda d: not d.startswith("O"))
    full = case("F-6_wild_draw_colour_piles_run_out", "F-6",
                "F-6: no card of the pile nor of the rebuilt pile is orange: cid draws all 41, "
                "then the 2 discards under the top (C-7), and the drawing stops; he loses his "
                "turn",
                players=TEN, hands={"ann": [flip_card], "bob": [wdc_card]}, start=start,
                after_flip=no_orange,
                actions=[play("ann", flip_card), play("bob", wdc_card, "O"), act("cid", "accept")],
                expect={"side": "dark", "top": "WDC", "color": "O", "turn": "dan",
                        "pending": None, "draw_pile": 0, **ok(3)},
                events=[ev("accepted", by="cid"), *drew("cid", no_orange)])
    assert sum(dk(c).startswith("O") for p in TEN for c in full[p]) == 26
    CASES["F-6_wild_draw_colour_piles_run_out"]["expect"]["hands"] = {
        p: [c for c in full[p] if c not in (flip_card, wdc_card)] for p in TEN if p != "cid"}


# ================================================================ F-7 wild

def f7() -> None:
    a = A3
    kw: dict[str, Any] = {"players": P3, "hands": a, "start": "R3/T7"}
    case("F-7_light_wild_names_light_colour", "F-7",
         "F-7: a Wild on the light side names a light colour (green)",
         **kw, actions=[play("ann", "W/V9", "G")],
         expect={"side": "light", "top": "W", "color": "G", "turn": "bob",
                 "hands": {"ann": without(a["ann"], "W/V9")}, **ok(1)},
         events=[ev("played", by="ann", card="W/V9", color="G")])
    case("F-7_light_wild_dark_colour_refused", "F-7",
         "F-7: on the light side a Wild cannot name a dark colour (pink)",
         **kw, actions=[play("ann", "W/V9", "P")],
         expect={"side": "light", "top": "R3", "color": "R", "turn": "ann",
                 "hands": {"ann": a["ann"]}, **refused(0, "color_required")})
    case("F-7_wild_without_colour_refused", "F-7",
         "F-7: a Wild played without a colour is refused",
         **kw, actions=[play("ann", "W/V9")],
         expect={"top": "R3", "turn": "ann", **refused(0, "color_required")})
    h = {**F3, "bob": ["R8/T4", "Y2/W", "G6/O9", "B4/WDC", "GS/TSA", "BR/PF", "R9/O1"]}
    dk_kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3/T7", "then": F3_THEN,
                             "after_flip": F3_AFTER}
    case("F-7_dark_wild_names_dark_colour", "F-7",
         "F-7: a Wild on the dark side names a dark colour (violet)",
         **dk_kw, actions=[FLIP, play("bob", "Y2/W", "V")],
         expect={"side": "dark", "top": "W", "color": "V", "turn": "cid",
                 "hands": {"bob": without(h["bob"], "Y2/W")}, **ok(2)},
         events=[ev("played", by="bob", card="Y2/W", color="V")])
    case("F-7_dark_wild_light_colour_refused", "F-7",
         "F-7: on the dark side a Wild cannot name a light colour (red)",
         **dk_kw, actions=[FLIP, play("bob", "Y2/W", "R")],
         expect={"side": "dark", "top": "T7", "color": "T", "turn": "bob",
                 "hands": {"bob": h["bob"]}, **refused(1, "color_required")})
    case("F-7_wild_draw_colour_light_colour_refused", "F-7",
         "F-7/F-6: a Wild Draw Colour names a dark colour: yellow is refused",
         **dk_kw, actions=[FLIP, play("bob", "B4/WDC", "Y")],
         expect={"side": "dark", "top": "T7", "turn": "bob", "pending": None,
                 "hands": {"bob": h["bob"]}, **refused(1, "color_required")})
    case("F-7_flip_to_wild_light_colour_refused", "F-7",
         "F-7/F-4: after a Flip to a Wild the colour ann names must be a dark one: red is "
         "refused, pink is taken",
         **{**dk_kw, "start": "R3/W"}, actions=[FLIP, color("ann", "R"), color("ann", "P")],
         expect={"side": "dark", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **refused(1, "color_required")})
    case("F-7_wild_start_dark_colour_refused", "F-7",
         "F-7/F-3: a Wild start card's colour is a light one: ann naming teal is refused",
         **{**kw, "start": "W/T5"}, actions=[color("ann", "T")],
         expect={"side": "light", "top": "W", "turn": "ann",
                 "pending": {"kind": "color", "by": "ann"}, **refused(0, "color_required")})


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


# ================================================================ writing

def build() -> dict[str, dict[str, Any]]:
    for section in (f1, f2, f3, f4, f5, f6, f7, f8, f9):
        section()
    return CASES


def _ours(name: str) -> bool:
    return name.startswith("F-")


def main() -> int:
    build()
    GOLDEN.mkdir(exist_ok=True)
    for old in GOLDEN.glob("F-*.json"):
        old.unlink()
    for name, data in CASES.items():
        assert _ours(name), name
        (GOLDEN / f"{name}.json").write_text(_fmt(data, 0) + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} golden files to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
