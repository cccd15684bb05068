"""Write the golden replay files of the house rules (H-1..H-14), the CNUNO rules (N-1..N-6) and the
presets of section P: `python -m tests.engine.make_golden_house`.

As in make_golden.py, every expected value below is written by hand from shared/RULES.md and
shared/REPLAY.md; this script never runs the engine. It builds the stacked decks with
`support.stacked_deck` (the 112-card deck when `draw_ten_blanks` is on) so that each file carries
its whole deck, and counts card points with C-8.2's values (a Draw Ten scores 50, H-10).

Only the files named H-*, N-* and P_* are (re)written here; make_golden.py writes the others.

Conventions: the dealer is the last player listed unless a case says otherwise, so the first
listed plays first; 2 players leave 108 - 14 - 1 = 93 cards in the draw pile, 3 players 86,
4 players 79 (112-card deck: 97, 90, 83).

Lead's fixed interpretations followed here: a Wild Draw Four's pending kind is `challenge` even
when stacking, bouncing or deflecting is also possible; `draw` by the victim of a pending
draw/challenge accepts it; `draw` while an N-1 skip is pending is not_allowed_now; under H-12
`finished` does not list the last player left holding cards; a hand that comes down to one card by
a 0/7 swap owes no UNO call; under H-3 a 7 with no target (when not the last card) is
invalid_target.

Rounds after the first are dealt by the engine's seeded shuffle (REPLAY.md: `deck` is the deck
before the first deal only). The H-7 files that look at round 2 pick their `seed` so that round 2's
start card is of the kind the case needs; those start cards were read once from the committed
classic engine's shuffle (the shuffle is not a house rule: with the deck given and the dealer
named, round 1 draws nothing from the random source, so round 2's deck is the first shuffle of the
seed). They are listed in ROUND2_START below and asserted in the files' events.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from tests.engine.make_golden import (
    A3,
    CHAIN3_CID_DRAWS,
    D2_ACTIONS,
    D2_ANN,
    D2_BOB,
    D2_POINTS,
    D2_THEN,
    GOLDEN,
    P2,
    P3,
    P4,
    S2_BOB,
    S2_PREFIX,
    S2_THEN,
    SC_ACTIONS,
    SC_ANN,
    SC_BOB,
    SC_CID,
    _fmt,
    act,
    catch,
    chain3,
    draw,
    err,
    ev,
    pass_,
    points,
)
from tests.engine.support import stacked_deck

CASES: dict[str, dict[str, Any]] = {}

# Round 2's start card for three players by seed (see the module docstring).
ROUND2_START = {0: "G7", 1: "YR", 9: "BS", 47: "B+2", 52: "W"}


# ---------------------------------------------------------------- helpers

def play(by: str, card: str, color: str | None = None, *, uno: bool = False,
         target: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"by": by, "do": "play", "card": card}
    if color is not None:
        out["color"] = color
    if target is not None:
        out["target"] = target
    if uno:
        out["uno"] = True
    return out


def accept(by: str) -> dict[str, Any]:
    return act(by, "accept")


def challenge(by: str) -> dict[str, Any]:
    return act(by, "challenge")


def speak(by: str) -> dict[str, Any]:
    return act(by, "speak")


def slap(by: str) -> dict[str, Any]:
    return act(by, "slap")


def swap(by: str, target: str, card: str) -> dict[str, Any]:
    return act(by, "swap", target=target, card=card)


def opts(preset: str = "classic", **options: Any) -> dict[str, Any]:
    return {"preset": preset, "options": options}


def without(hand: list[str], *cards: str) -> list[str]:
    """The hand after the named cards leave it. A card held twice may be named only if both
    copies leave (otherwise which copy left, and so the order, would be ambiguous)."""
    out = list(hand)
    for c in cards:
        assert c in out, f"{c} not in {hand}"
        out.remove(c)
    for c in cards:
        assert c not in out, f"ambiguous: {c} still in {out}"
    return out


def ten_on(rules: Any) -> bool:
    return isinstance(rules, dict) and bool(rules.get("options", {}).get("draw_ten_blanks"))


def case(name: str, rule: str, title: str, *, players: list[str], hands: dict[str, list[str]],
         start: str, actions: list[dict[str, Any]], expect: dict[str, Any],
         then: list[str] | tuple[str, ...] = (), dealer: str | None = None,
         rules: Any = "classic", seed: int | None = None,
         events: list[dict[str, Any]] | None = None) -> None:
    assert name not in CASES, name
    assert name.startswith(rule + "_"), name
    for p in players:
        assert len(hands.get(p, [])) in (0, 7), (name, p)
    replay: dict[str, Any] = {"rules": rules, "players": players}
    if dealer is not None:
        replay["dealer"] = dealer
    if seed is not None:
        replay["seed"] = seed
    deck_hands: dict[str, Sequence[str]] = dict(hands)
    replay["deck"] = stacked_deck(players, deck_hands, start, then, dealer=dealer,
                                  draw_ten_blanks=ten_on(rules))
    replay["actions"] = actions
    data: dict[str, Any] = {"rule": rule, "title": title, "replay": replay, "expect": expect}
    if events:
        data["expect_events"] = events
    CASES[name] = data


def ok(applied: int) -> dict[str, Any]:
    return {"applied": applied, "error": None}


def refused(index: int, code: str) -> dict[str, Any]:
    return {"applied": index, "error": err(index, code)}


def drew(by: str, cards: list[str]) -> list[dict[str, Any]]:
    return [ev("drew", by=by, card=c) for c in cards]


def chain(player: str, drawer: str, cards: list[str], uno_at: int | None = None,
          draw_after_last: bool = False) -> list[dict[str, Any]]:
    """`player` plays each card (Skips that skip the player between them), `drawer` draws after
    each but the last (and after the last too with draw_after_last)."""
    out: list[dict[str, Any]] = []
    for i, c in enumerate(cards):
        out.append(play(player, c, uno=(i == uno_at)))
        if i < len(cards) - 1 or draw_after_last:
            out.append(draw(drawer))
    return out


P5 = ["ann", "bob", "cid", "dan", "eve"]

# The C-8 scoring round (make_golden): ann goes out with seven Skips, cid draws six cards.
SC_HANDS = {"ann": SC_ANN, "bob": SC_BOB, "cid": SC_CID}
SC_BOB_POINTS = points(SC_BOB)  # 152
SC_CID_POINTS = points(SC_CID + CHAIN3_CID_DRAWS)  # 175
assert (SC_BOB_POINTS, SC_CID_POINTS) == (152, 175)


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


# ================================================================ H-4 stacking

K3 = {
    "ann": ["R+2", "W+4", "G3", "Y5", "B2", "RS", "R7"],
    "bob": ["G+2", "B+2", "W+4", "Y2", "G6", "B4", "G5"],  # holds green: G+2, G6, G5
    "cid": ["R9", "Y7", "G1", "B6", "YR", "B5", "Y4"],  # no Draw Two, no Wild Draw Four
}
EIGHT = ["B1", "B3", "G8", "G9", "Y8", "Y9", "B7", "G7"]
TEN = [*EIGHT, "Y6", "B8"]


def h4() -> None:
    k = K3
    r = opts(stacking=True)
    mixed = opts(stacking=True, stack_mixed=True)
    kw: dict[str, Any] = {"players": P3, "hands": k, "start": "R3", "rules": r}
    case("H-4_draw_two_waits_for_answer", "H-4",
         "H-4/C-4: with stacking a Draw Two waits for its victim's answer: pending `draw`",
         **kw, actions=[play("ann", "R+2")],
         expect={"turn": "bob", "top": "R+2", "draw_pile": 86, "hands": {"bob": k["bob"]},
                 "pending": {"kind": "draw", "amount": 2, "victim": "bob", "by": "ann"},
                 **ok(1)})
    case("H-4_stacked_sum_pending", "H-4",
         "H-4: bob stacks a Draw Two: the penalties add up and pass on to cid (amount 4)",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2", "color": "G", "draw_pile": 86,
                 "pending": {"kind": "draw", "amount": 4, "victim": "cid", "by": "bob"},
                 "hands": {"bob": without(k["bob"], "G+2"), "cid": k["cid"]}, **ok(2)})
    case("H-4_two_draw_twos_third_draws_four", "H-4",
         "H-4: two Draw Twos: cid, who cannot stack, draws 4 and loses his turn; ann plays",
         **kw, then=EIGHT, actions=[play("ann", "R+2"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "top": "G+2", "color": "G", "draw_pile": 82, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT[:4]}, **ok(3)},
         events=[*drew("cid", EIGHT[:4]), ev("skipped", by="cid")])
    four = {"ann": ["R+2", "G3", "Y5", "B2", "RS", "R7", "W"],
            "bob": ["G+2", "Y2", "G6", "B4", "GS", "BR", "G5"],
            "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"],
            "dan": ["B+2", "Y1", "G2", "B3", "Y4", "G4", "B1"]}
    case("H-4_four_draw_twos_eight", "H-4",
         "H-4: four Draw Twos in a row: ann, the fifth in line, draws 8 and loses her turn",
         players=P4, hands=four, start="R3", rules=r, then=[*EIGHT[1:], "R2"],
         actions=[play("ann", "R+2"), play("bob", "G+2"), play("cid", "Y+2"),
                  play("dan", "B+2"), accept("ann")],
         expect={"turn": "bob", "top": "B+2", "color": "B", "draw_pile": 71, "pending": None,
                 "hands": {"ann": without(four["ann"], "R+2") + [*EIGHT[1:], "R2"]}, **ok(5)},
         events=[ev("played", by="dan", card="B+2"), *drew("ann", [*EIGHT[1:], "R2"]),
                 ev("skipped", by="ann")])
    case("H-4_will_not_stack_draws", "H-4",
         "H-4: bob could stack but draws: he takes the 2 and loses his turn",
         **kw, then=EIGHT, actions=[play("ann", "R+2"), draw("bob")],
         expect={"turn": "cid", "top": "R+2", "draw_pile": 84, "pending": None,
                 "hands": {"bob": k["bob"] + EIGHT[:2]}, **ok(2)},
         events=[*drew("bob", EIGHT[:2]), ev("skipped", by="bob")])
    case("H-4_one_card_per_turn", "H-4",
         "H-4: one card per turn: after stacking G+2, bob's B+2 is out of turn",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2"), play("bob", "B+2")],
         expect={"turn": "cid", "top": "G+2",
                 "pending": {"kind": "draw", "amount": 4, "victim": "cid", "by": "bob"},
                 "hands": {"bob": without(k["bob"], "G+2")}, **refused(2, "not_your_turn")})
    case("H-4_wild_draw_fours_pending_eight", "H-4",
         "H-4: a Wild Draw Four on a Wild Draw Four: the pending challenge decision is cid's, "
         "for the whole sum 8; bob's yellow stands",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "Y", "draw_pile": 86,
                 "pending": {"kind": "challenge", "amount": 8, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("H-4_wild_draw_fours_accepted", "H-4",
         "H-4: cid accepts the two Wild Draw Fours: he draws 8 and loses his turn; the last "
         "named colour (yellow) stands",
         **kw, then=EIGHT, actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"),
                                    accept("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 78, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT}, **ok(3)},
         events=[*drew("cid", EIGHT), ev("skipped", by="cid")])
    case("H-4_draw_two_not_on_wild_draw_four", "H-4",
         "H-4: only a Wild Draw Four stacks on a Wild Draw Four: bob's G+2 is not an answer",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "G+2")],
         expect={"turn": "bob", "top": "W+4", "hands": {"bob": k["bob"]},
                 "pending": {"kind": "challenge", "amount": 4, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("H-4_mixed_refused_without_stack_mixed", "H-4",
         "H-4: without stack_mixed a Wild Draw Four cannot be stacked on a Draw Two",
         **kw, actions=[play("ann", "R+2"), play("bob", "W+4", "Y")],
         expect={"turn": "bob", "top": "R+2", "hands": {"bob": k["bob"]},
                 "pending": {"kind": "draw", "amount": 2, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("H-4_stack_mixed_pending", "H-4",
         "H-4 stack_mixed: bob stacks a Wild Draw Four on ann's Draw Two: cid's challenge "
         "decision covers the sum 6",
         **{**kw, "rules": mixed}, actions=[play("ann", "R+2"), play("bob", "W+4", "Y")],
         expect={"turn": "cid", "top": "W+4", "color": "Y",
                 "pending": {"kind": "challenge", "amount": 6, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("H-4_stack_mixed_accepted", "H-4",
         "H-4 stack_mixed: cid accepts: he draws 6 and loses his turn",
         **{**kw, "rules": mixed}, then=EIGHT,
         actions=[play("ann", "R+2"), play("bob", "W+4", "Y"), accept("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 80, "pending": None,
                 "hands": {"cid": k["cid"] + EIGHT[:6]}, **ok(3)},
         events=[*drew("cid", EIGHT[:6]), ev("skipped", by="cid")])
    shown = without(k["bob"], "W+4")
    case("H-4_chain_challenge_guilty", "H-4",
         "H-4/C-6: cid challenges bob's Wild Draw Four, the last of a chain of two: bob held "
         "green (the colour before it), so he draws the whole sum 8; cid then plays normally",
         **kw, then=EIGHT,
         actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"), challenge("cid"),
                  play("cid", "Y7")],
         expect={"turn": "ann", "top": "Y7", "color": "Y", "draw_pile": 78, "pending": None,
                 "hands": {"bob": shown + EIGHT, "cid": without(k["cid"], "Y7")}, **ok(4)},
         events=[ev("challenged", by="cid", target="bob"),
                 ev("hand_shown", by="bob", target="cid", cards=shown), *drew("bob", EIGHT),
                 ev("played", by="cid", card="Y7")])
    inn = {**k, "bob": ["B+2", "W+4", "Y2", "B4", "R8", "Y3", "R6"]}  # no green card
    case("H-4_chain_challenge_innocent", "H-4",
         "H-4/C-6: bob held no green: cid's challenge fails, he draws the sum plus 2 (10) and "
         "loses his turn",
         **{**kw, "hands": inn}, then=TEN,
         actions=[play("ann", "W+4", "G"), play("bob", "W+4", "Y"), challenge("cid")],
         expect={"turn": "ann", "top": "W+4", "color": "Y", "draw_pile": 76, "pending": None,
                 "hands": {"bob": without(inn["bob"], "W+4"), "cid": k["cid"] + TEN}, **ok(3)},
         events=[ev("challenged", by="cid", target="bob"),
                 ev("hand_shown", by="bob", target="cid", cards=without(inn["bob"], "W+4")),
                 *drew("cid", TEN), ev("skipped", by="cid")])
    d2 = {"ann": D2_ANN, "bob": D2_BOB}
    case("H-4_last_card_draw_two_not_stacked", "H-4",
         "H-4/C-8.1: ann's next-to-last Draw Two waits (bob draws 2); her last card, a Draw Two, "
         "cannot be stacked: bob draws 2 at once and the round ends",
         players=P2, hands=d2, start="R1", then=D2_THEN, rules=r,
         actions=[*D2_ACTIONS[:6], draw("bob"), D2_ACTIONS[6]],
         expect={"turn": None, "round_winner": "ann", "finished": ["ann"], "pending": None,
                 "hands": {"ann": [], "bob": D2_BOB + D2_THEN[:4]}, "draw_pile": 89,
                 "scores": {"ann": D2_POINTS, "bob": 0}, **ok(8)},
         events=[ev("played", by="ann", card="B+2"), *drew("bob", D2_THEN[:2]),
                 ev("played", by="ann", card="R+2"), *drew("bob", D2_THEN[2:4]),
                 ev("round_won", by="ann", amount=D2_POINTS)])


# ================================================================ H-5 silence

S3 = {
    "ann": ["R2", "G3", "Y5", "B2", "RS", "W", "R7"],
    "bob": ["R8", "Y2", "G6", "B4", "W+4", "BR", "G5"],  # R8: red held under a Wild Draw Four
    "cid": ["R9", "Y7", "G1", "B6", "Y+2", "YR", "B5"],
}


def h5() -> None:
    s = S3
    twos = opts(silence="twos")
    wilds = opts(silence="wilds")
    kw: dict[str, Any] = {"players": P3, "hands": s, "start": "R3", "rules": twos}
    pen = ["G8", "B9", "Y6", "B8", "G9", "Y8"]
    case("H-5_speak_after_two_draws_two", "H-5",
         "H-5 twos: after ann's R2, bob posts a message: he draws 2 and the silence ends, so "
         "cid's message then costs nothing",
         **kw, then=pen, actions=[play("ann", "R2"), speak("bob"), speak("cid")],
         expect={"turn": "bob", "top": "R2", "draw_pile": 84,
                 "hands": {"bob": s["bob"] + pen[:2], "cid": s["cid"]}, **ok(3)},
         events=drew("bob", pen[:2]))
    case("H-5_silence_lasts_until_turn_returns", "H-5",
         "H-5 twos: the silence lasts until the turn comes back to ann: cid speaking after bob's "
         "play draws 2",
         **kw, then=pen, actions=[play("ann", "R2"), play("bob", "R8"), speak("cid")],
         expect={"turn": "cid", "top": "R8", "draw_pile": 84,
                 "hands": {"cid": s["cid"] + pen[:2]}, **ok(3)},
         events=drew("cid", pen[:2]))
    case("H-5_silence_ends_when_turn_returns", "H-5",
         "H-5 twos: once the turn is back with ann the silence is over: bob's message costs "
         "nothing",
         **kw, then=pen, actions=[play("ann", "R2"), play("bob", "R8"), play("cid", "R9"),
                                  speak("bob")],
         expect={"turn": "ann", "top": "R9", "draw_pile": 86,
                 "hands": {"bob": without(s["bob"], "R8")}, **ok(4)})
    case("H-5_speak_without_silence", "H-5",
         "H-5 twos: with no silence on, a message has no effect",
         **kw, then=pen, actions=[speak("bob"), play("ann", "R7"), speak("cid")],
         expect={"turn": "bob", "top": "R7", "draw_pile": 86,
                 "hands": {"bob": s["bob"], "cid": s["cid"]}, **ok(3)})
    shown = without(s["bob"], "W+4")
    case("H-5_buttons_do_not_break_silence", "H-5",
         "H-5 twos: cid's challenge (a button) does not break the silence after ann's R2: bob is "
         "guilty and draws 4, then his message breaks the silence and he draws 2 more",
         **kw, then=pen,
         actions=[play("ann", "R2"), play("bob", "W+4", "G"), challenge("cid"), speak("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "draw_pile": 80, "pending": None,
                 "hands": {"bob": shown + pen, "cid": s["cid"]}, **ok(4)},
         events=[ev("challenged", by="cid", target="bob"), *drew("bob", pen)])
    case("H-5_silent_wilds_speak_draws_two", "H-5",
         "H-5 wilds: after ann's Wild naming green, the silence lasts while green stands: cid's "
         "message after bob's G6 costs him 2",
         **{**kw, "rules": wilds}, then=pen,
         actions=[play("ann", "W", "G"), play("bob", "G6"), speak("cid")],
         expect={"turn": "cid", "top": "G6", "color": "G", "draw_pile": 84,
                 "hands": {"cid": s["cid"] + pen[:2]}, **ok(3)},
         events=drew("cid", pen[:2]))
    case("H-5_silent_wilds_end_on_colour_change", "H-5",
         "H-5 wilds: cid's B6 changes the colour, which ends the silence: ann's message costs "
         "nothing",
         **{**kw, "rules": wilds}, then=pen,
         actions=[play("ann", "W", "G"), play("bob", "G6"), play("cid", "B6"), speak("ann")],
         expect={"turn": "ann", "top": "B6", "color": "B", "draw_pile": 86,
                 "hands": {"ann": without(s["ann"], "W")}, **ok(4)})
    case("H-5_silent_wilds_ignores_twos", "H-5",
         "H-5 wilds: a 2 starts no silence when the option is `wilds`",
         **{**kw, "rules": wilds}, then=pen, actions=[play("ann", "R2"), speak("bob")],
         expect={"turn": "bob", "draw_pile": 86, "hands": {"bob": s["bob"]}, **ok(2)})


# ================================================================ H-6 swap on five

F3 = {
    "ann": ["R5", "G3", "Y4", "B2", "RS", "R+2", "W"],
    "bob": A3["bob"],
    "cid": A3["cid"],
}


def h6() -> None:
    f = F3
    r = opts(swap_on_five=True)
    kw: dict[str, Any] = {"players": P3, "hands": f, "start": "R3", "rules": r}
    case("H-6_five_waits_for_swap", "H-6",
         "H-6: after ann's R5 the table waits for her swap decision (pending `swap`, no target "
         "yet)",
         **kw, actions=[play("ann", "R5")],
         expect={"turn": "ann", "top": "R5", "pending": {"kind": "swap", "by": "ann",
                                                         "target": None}, **ok(1)})
    case("H-6_offer_waits_for_target", "H-6",
         "H-6: ann offers G3 to cid; the table waits for cid to name his card",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "G3")],
         expect={"turn": "cid", "top": "R5",
                 "pending": {"kind": "swap", "by": "ann", "target": "cid"},
                 "hands": {"ann": without(f["ann"], "R5"), "cid": f["cid"]}, **ok(2)})
    case("H-6_swap_completed", "H-6",
         "H-6: cid answers with Y7: the two cards change hands (each newest last) and bob plays "
         "next",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "G3"), swap("cid", "ann", "Y7")],
         expect={"turn": "bob", "top": "R5", "pending": None, "draw_pile": 86,
                 "hands": {"ann": without(f["ann"], "R5", "G3") + ["Y7"], "bob": f["bob"],
                           "cid": without(f["cid"], "Y7") + ["G3"]}, **ok(3)},
         events=[ev("played", by="ann", card="R5"), ev("swapped", by="ann", target="cid")])
    case("H-6_decline_with_pass", "H-6",
         "H-6: ann declines the swap with `pass`; bob plays next",
         **kw, actions=[play("ann", "R5"), pass_("ann"), play("bob", "R8")],
         expect={"turn": "cid", "top": "R8", "pending": None,
                 "hands": {"ann": without(f["ann"], "R5"), "cid": f["cid"]}, **ok(3)})
    case("H-6_offer_card_not_in_hand", "H-6",
         "H-6: ann offers B9, which she does not hold",
         **kw, actions=[play("ann", "R5"), swap("ann", "cid", "B9")],
         expect={"turn": "ann", "pending": {"kind": "swap", "by": "ann", "target": None},
                 **refused(1, "card_not_in_hand")})
    case("H-6_offer_to_self", "H-6",
         "H-6: ann cannot swap with herself",
         **kw, actions=[play("ann", "R5"), swap("ann", "ann", "G3")],
         expect={"turn": "ann", "pending": {"kind": "swap", "by": "ann", "target": None},
                 **refused(1, "invalid_target")})
    bob_left = without(S2_BOB, "R8")
    case("H-6_last_card_five_no_swap", "H-6",
         "H-6/C-8.1: ann's last card is a 5: no swap; she wins the round",
         players=P2, hands={"ann": ["RS", "YS", "GS", "BS", "RS", "R2", "R5"], "bob": S2_BOB},
         start="R1", rules=r,
         actions=[*S2_PREFIX, play("ann", "R2", uno=True), play("bob", "R8"), play("ann", "R5")],
         expect={"turn": None, "pending": None, "round_winner": "ann", "finished": ["ann"],
                 "hands": {"ann": [], "bob": bob_left},
                 "scores": {"ann": points(bob_left), "bob": 0}, **ok(8)})


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


# ================================================================ N-1 .. N-6 (preset cnuno)

CN = {"preset": "cnuno"}


def n1() -> None:
    h = {"ann": ["RS", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["RS", "YS", "Y2", "G6", "B4", "BR", "G5"],
         "cid": A3["cid"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    case("N-1_skip_waits", "N-1",
         "N-1: a Skip waits for its victim's answer (pending `skip`)",
         **kw, actions=[play("ann", "RS")],
         expect={"turn": "bob", "top": "RS",
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"}, **ok(1)})
    case("N-1_accept_takes_skip", "N-1",
         "N-1: bob accepts the skip: he loses his turn and cid plays",
         **kw, actions=[play("ann", "RS"), accept("bob")],
         expect={"turn": "cid", "pending": None, "hands": {"bob": h["bob"]}, **ok(2)},
         events=[ev("skipped", by="bob")])
    case("N-1_identical_skip_deflects", "N-1",
         "N-1: bob deflects with an identical RS: the skip passes to cid",
         **kw, actions=[play("ann", "RS"), play("bob", "RS")],
         expect={"turn": "cid", "top": "RS", "hands": {"bob": without(h["bob"], "RS")},
                 "pending": {"kind": "skip", "victim": "cid", "by": "bob"}, **ok(2)})
    case("N-1_deflected_skip_accepted", "N-1",
         "N-1: cid accepts the deflected skip: he loses his turn and ann plays",
         **kw, actions=[play("ann", "RS"), play("bob", "RS"), accept("cid")],
         expect={"turn": "ann", "pending": None, **ok(3)},
         events=[ev("played", by="bob", card="RS"), ev("skipped", by="cid")])
    case("N-1_other_colour_skip_refused", "N-1",
         "N-1: only a Skip of the same colour deflects: bob's YS is refused",
         **kw, actions=[play("ann", "RS"), play("bob", "YS")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]},
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})
    case("N-1_draw_refused_while_skip_pends", "N-1",
         "N-1: while a skip is pending, `draw` is no answer (only accept or an identical Skip)",
         **kw, actions=[play("ann", "RS"), draw("bob")],
         expect={"turn": "bob", "draw_pile": 86, "hands": {"bob": h["bob"]},
                 **refused(1, "not_allowed_now")})
    case("N-1_start_skip_applies_at_once", "N-1",
         "N-1/C-3: a start-card Skip applies at once: ann is skipped, nothing is pending",
         players=P3, hands=A3, start="GS", rules=CN, actions=[],
         expect={"turn": "bob", "pending": None, "top": "GS", **ok(0)},
         events=[ev("start_card", card="GS"), ev("skipped", by="ann")])


def n2() -> None:
    h = {"ann": ["R+2", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["G+2", "W+4", "Y2", "G6", "B4", "BR", "G5"],
         "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    two = ["B1", "B3"]
    case("N-2_draw_two_waits", "N-2",
         "N-2: a Draw Two waits for its victim's answer (pending `draw`, 2)",
         **kw, actions=[play("ann", "R+2")],
         expect={"turn": "bob", "pending": {"kind": "draw", "amount": 2, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("N-2_deflect_any_colour_no_sum", "N-2",
         "N-2: bob deflects with a G+2 (any colour): cid now faces 2, not 4",
         **kw, actions=[play("ann", "R+2"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2", "color": "G",
                 "pending": {"kind": "draw", "amount": 2, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("N-2_last_of_chain_draws_two", "N-2",
         "N-2: cid, last of the chain, draws 2 and loses his turn; ann plays",
         **kw, then=two, actions=[play("ann", "R+2"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "pending": None, "draw_pile": 84,
                 "hands": {"cid": h["cid"] + two, "bob": without(h["bob"], "G+2")}, **ok(3)},
         events=[*drew("cid", two), ev("skipped", by="cid")])
    case("N-2_chain_of_three", "N-2",
         "N-2: ann's R+2, bob's G+2, cid's Y+2: ann draws 2 (penalties do not add up) and bob "
         "plays",
         **kw, then=two,
         actions=[play("ann", "R+2"), play("bob", "G+2"), play("cid", "Y+2"), accept("ann")],
         expect={"turn": "bob", "top": "Y+2", "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(h["ann"], "R+2") + two}, **ok(4)},
         events=[*drew("ann", two), ev("skipped", by="ann")])
    case("N-2_accept", "N-2",
         "N-2: bob accepts: he draws 2 and loses his turn",
         **kw, then=two, actions=[play("ann", "R+2"), accept("bob")],
         expect={"turn": "cid", "pending": None, "hands": {"bob": h["bob"] + two}, **ok(2)})
    case("N-2_wild_draw_four_is_no_answer", "N-2",
         "N-2: only a Draw Two deflects a Draw Two: bob's Wild Draw Four is refused",
         **kw, actions=[play("ann", "R+2"), play("bob", "W+4", "G")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]}, **refused(1, "not_allowed_now")})
    case("N-2_start_draw_two_applies_at_once", "N-2",
         "N-2/C-4: a start card's penalty never waits: ann draws 2 at once and is skipped",
         **{**kw, "hands": A3, "start": "B+2"}, then=two, actions=[],
         expect={"turn": "bob", "pending": None, "hands": {"ann": A3["ann"] + two}, **ok(0)})


def n3() -> None:
    h = {"ann": ["RR", "GR", "Y5", "B2", "R7", "W", "Y1"],
         "bob": A3["bob"],
         "cid": ["YR", "R9", "Y7", "G1", "B6", "B5", "Y+2"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    case("N-3_two_reverses_cancel", "N-3",
         "N-3: ann's Reverse and cid's Reverse: two cancel, clockwise again, ann plays",
         **kw, actions=[play("ann", "RR"), play("cid", "YR")],
         expect={"turn": "ann", "direction": 1, "top": "YR", **ok(2)},
         events=[ev("reversed", amount=-1), ev("reversed", amount=1)])
    case("N-3_three_reverses_reverse", "N-3",
         "N-3: a third Reverse (ann's GR) reverses: counter-clockwise, cid plays",
         **kw, actions=[play("ann", "RR"), play("cid", "YR"), play("ann", "GR")],
         expect={"turn": "cid", "direction": -1, "top": "GR", **ok(3)})
    j = {"ann": ["RR", "G3", "Y5", "B2", "R7", "W", "Y1"],
         "bob": ["RR", "Y2", "G6", "B4", "GS", "B8", "G5"],
         "cid": A3["cid"],
         "dan": ["R6", "Y6", "G2", "B3", "Y3", "G4", "B1"]}
    case("N-3_reverse_jumped_in", "N-3",
         "N-3: bob jumps in with an identical RR on ann's: the two cancel, and play continues "
         "from bob clockwise (cid)",
         players=P4, hands=j, start="R3", rules=CN, actions=[play("ann", "RR"),
                                                             play("bob", "RR")],
         expect={"turn": "cid", "direction": 1, "top": "RR", **ok(2)})


def n4() -> None:
    h = {"ann": ["W+4", "G3", "Y5", "B2", "RS", "R+2", "W"],
         "bob": ["G+2", "R+2", "Y2", "G6", "B4", "BR", "G5"],
         "cid": ["Y+2", "R9", "Y7", "G1", "B6", "YR", "B5"]}
    kw: dict[str, Any] = {"players": P3, "hands": h, "start": "R3", "rules": CN}
    two = ["B1", "B3"]
    case("N-4_wild_draw_four_pending_is_challenge", "N-4",
         "N-4: a Wild Draw Four waits as a challenge decision (amount 4)",
         **kw, actions=[play("ann", "W+4", "G")],
         expect={"turn": "bob", "pending": {"kind": "challenge", "amount": 4, "victim": "bob",
                                            "by": "ann"}, **ok(1)})
    case("N-4_deflect_with_draw_two_of_named_colour", "N-4",
         "N-4: bob deflects with a Draw Two of the named colour (G+2): cid now faces 2",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "G+2")],
         expect={"turn": "cid", "top": "G+2",
                 "pending": {"kind": "draw", "amount": 2, "victim": "cid", "by": "bob"},
                 **ok(2)})
    case("N-4_last_of_chain_draws_two", "N-4",
         "N-4: cid accepts: he draws 2 (not 4) and loses his turn",
         **kw, then=two, actions=[play("ann", "W+4", "G"), play("bob", "G+2"), draw("cid")],
         expect={"turn": "ann", "pending": None, "draw_pile": 84,
                 "hands": {"cid": h["cid"] + two}, **ok(3)},
         events=[*drew("cid", two), ev("skipped", by="cid")])
    case("N-4_chain_follows_n2", "N-4",
         "N-4/N-2: cid deflects on with a Draw Two of any colour (Y+2): ann draws 2",
         **kw, then=two,
         actions=[play("ann", "W+4", "G"), play("bob", "G+2"), play("cid", "Y+2"), draw("ann")],
         expect={"turn": "bob", "pending": None, "draw_pile": 84,
                 "hands": {"ann": without(h["ann"], "W+4") + two}, **ok(4)})
    case("N-4_other_colour_refused", "N-4",
         "N-4: only a Draw Two of the newly named colour deflects: bob's R+2 is refused",
         **kw, actions=[play("ann", "W+4", "G"), play("bob", "R+2")],
         expect={"turn": "bob", "hands": {"bob": h["bob"]},
                 "pending": {"kind": "challenge", "amount": 4, "victim": "bob", "by": "ann"},
                 **refused(1, "not_allowed_now")})


def n5() -> None:
    four = ["B1", "B3", "G8", "G9"]
    six = [*four, "Y8", "Y9"]
    guilty = {**A3, "ann": ["R7", "W+4", "G2", "Y4", "B6", "G7", "Y9"]}
    kw: dict[str, Any] = {"players": P3, "hands": guilty, "start": "R3", "rules": CN,
                          "then": six}
    back = without(guilty["ann"], "W+4") + ["W+4"] + four
    case("N-5_guilty_returns_card", "N-5",
         "N-5: ann held red: on bob's challenge the Wild Draw Four goes back into her hand, she "
         "draws 4, R3 and red stand again and bob plays normally",
         **kw, actions=[play("ann", "W+4", "G"), challenge("bob")],
         expect={"turn": "bob", "top": "R3", "color": "R", "pending": None, "draw_pile": 82,
                 "hands": {"ann": back, "bob": A3["bob"]}, **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("ann", four)])
    case("N-5_guilty_next_turn_skipped", "N-5",
         "N-5: ann's next turn is skipped: after bob and cid play, play passes over her to bob",
         **kw, actions=[play("ann", "W+4", "G"), challenge("bob"), play("bob", "R8"),
                        play("cid", "R9")],
         expect={"turn": "bob", "top": "R9", "hands": {"ann": back}, **ok(4)},
         events=[ev("played", by="cid", card="R9"), ev("skipped", by="ann")])
    inn = {**A3, "ann": ["G3", "W+4", "W", "Y4", "B6", "G7", "Y9"]}
    case("N-5_innocent_challenger_draws_six", "N-5",
         "N-5: ann held no red: bob's challenge fails, he draws 4 plus 2 and loses his turn",
         **{**kw, "hands": inn}, actions=[play("ann", "W+4", "G"), challenge("bob")],
         expect={"turn": "cid", "top": "W+4", "color": "G", "pending": None, "draw_pile": 80,
                 "hands": {"ann": without(inn["ann"], "W+4"), "bob": A3["bob"] + six}, **ok(2)},
         events=[ev("challenged", by="bob", target="ann"), *drew("bob", six),
                 ev("skipped", by="bob")])


def n6() -> None:
    h = {"ann": ["R2", "R3", "R4", "R5", "R6", "R7", "G7"],
         "bob": ["R8", "R9", "R8", "R9", "R5", "Y2", "G3"]}
    pre = [play("ann", "R2"), play("bob", "R8"), play("ann", "R3"), play("bob", "R9"),
           play("ann", "R4"), play("bob", "R8"), play("ann", "R5"), play("bob", "R9"),
           play("ann", "R6"), play("bob", "R5")]
    kw: dict[str, Any] = {"players": P2, "hands": h, "start": "R1", "rules": CN,
                          "then": ["B9", "B2", "B3"]}
    case("N-6_catch_costs_two", "N-6",
         "N-6/C-5: ann plays her next-to-last card without calling UNO; bob reminds her "
         "(catch): she draws 2",
         **kw, actions=[*pre, play("ann", "R7"), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 91, "hands": {"ann": ["G7", "B9", "B2"],
                                                            "bob": ["Y2", "G3"]}, **ok(12)},
         events=[ev("caught", by="bob", target="ann"), *drew("ann", ["B9", "B2"])])
    case("N-6_call_with_play", "N-6",
         "N-6/C-5: ann calls UNO with her next-to-last card: she cannot be caught",
         **kw, actions=[*pre, play("ann", "R7", uno=True), catch("bob", "ann")],
         expect={"turn": "bob", "draw_pile": 93, "hands": {"ann": ["G7"]},
                 **refused(11, "not_allowed_now")},
         events=[ev("uno_called", by="ann")])
    case("N-6_window_closes", "N-6",
         "N-6/C-5.2: once bob has drawn (the window closes) ann can no longer be caught",
         **kw, actions=[*pre, play("ann", "R7"), draw("bob"), catch("bob", "ann")],
         expect={"turn": "ann", "draw_pile": 92, "hands": {"ann": ["G7"],
                                                            "bob": ["Y2", "G3", "B9"]},
                 **refused(12, "not_allowed_now")})


# ================================================================ P presets

def p() -> None:
    kw: dict[str, Any] = {"players": P3, "hands": J3, "start": "R3"}
    case("P_cnuno_by_name", "P",
         "P: `\"rules\": \"cnuno\"` names the preset: jump-in (cid's R7) and N-1 (ann's Skip "
         "waits for bob) are in force",
         **kw, rules="cnuno",
         actions=[play("ann", "R7"), play("cid", "R7"), play("ann", "RS")],
         expect={"turn": "bob", "top": "RS",
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"}, **ok(3)})
    case("P_cnuno_preset_object", "P",
         "P: `{\"preset\": \"cnuno\"}` is the same preset",
         **kw, rules={"preset": "cnuno"},
         actions=[play("ann", "R7"), play("cid", "R7"), play("ann", "RS")],
         expect={"turn": "bob", "pending": {"kind": "skip", "victim": "bob", "by": "ann"},
                 **ok(3)})
    case("P_cnuno_option_override", "P",
         "P/REPLAY.md: an option given overrides the preset's value: cnuno without jump_in "
         "refuses cid's R7",
         **kw, rules=opts("cnuno", jump_in=False),
         actions=[play("ann", "R7"), play("cid", "R7")],
         expect={"turn": "bob", **refused(1, "not_your_turn")})
    case("P_house_option_in_cnuno", "P",
         "P: an H option can be switched on in the cnuno preset: seven_zero's 0 passes hands",
         players=P3, hands=Z3, start="R3", rules=opts("cnuno", seven_zero=True),
         actions=[play("ann", "R0")],
         expect={"turn": "bob", "hands": {"ann": Z3["cid"], "bob": without(Z3["ann"], "R0"),
                                          "cid": Z3["bob"]}, **ok(1)})
    case("P_classic_ignores_house_rules", "P",
         "P: the classic preset is C only: cid's identical R7 out of turn is refused",
         **kw, rules="classic", actions=[play("ann", "R7"), play("cid", "R7")],
         expect={"turn": "bob", **refused(1, "not_your_turn")})


# ================================================================ writing

def build() -> dict[str, dict[str, Any]]:
    for section in (h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14,
                    n1, n2, n3, n4, n5, n6, p):
        section()
    return CASES


def _ours(name: str) -> bool:
    return name.startswith(("H-", "N-", "P_"))


def main() -> int:
    build()
    GOLDEN.mkdir(exist_ok=True)
    for old in GOLDEN.glob("*.json"):
        if _ours(old.name):
            old.unlink()
    for name, data in CASES.items():
        assert _ours(name), name
        (GOLDEN / f"{name}.json").write_text(_fmt(data, 0) + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} golden files to {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
