"""UNO Flip through the buttons: RULES.md F-1 … F-9, as virtual users see them on the
public table and in their private hands, and a whole Flip match played to its end.

Deals are rigged with the Flip decks of the golden files (tests/engine/golden_cases/): each
card is `light/dark`; with three players Ann plays first and Cid deals, with two Bob deals. Every
expected outcome is read from RULES.md (and the cards' written faces), never from the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.fake_discord.users import SeenMessage
from bot.ui.items import PickButton, PlayButton
from drivers.catalogue import (
    card_name,
    card_names,
    card_names_labelled,
    colour,
    colour_label,
    en,
    en_part,
    label,
)
from drivers.controls import is_play, item_of
from drivers.screen import (
    footer_of,
    hand_cards,
    hand_text,
    last_ephemeral,
    open_hand,
    size,
    table_after,
    table_of,
    table_text,
    title_of,
)
from tests.engine.golden_cases.flip_common import (
    A3,
    A3_THEN,
    D2_AFTER,
    D2_ANN,
    D2_BOB,
    F3,
    F3_AFTER,
    F3_THEN,
    S2_BOB,
    S2_SKIPS,
    S2_THEN,
)
from tests.engine.support import dark_faces, light_faces
from tests.fake_discord import VirtualUser

from .harness import Driver, Harness, redeal, rig_flip, start_game
from .test_matches import assert_no_hand_in_public

LIGHT_PICKS = [colour_label(c) for c in "RYGB"]
DARK_PICKS = [colour_label(c) for c in "PTOV"]


@pytest.fixture
def pair(harness: Harness) -> list[VirtualUser]:
    return [harness.user("Ann"), harness.user("Bob")]


def by_user(users: list[VirtualUser], hands: dict[str, list[str]]) -> dict[VirtualUser, list[str]]:
    """The golden files' hands ("ann", "bob", "cid") for the virtual users of those names."""
    return {u: list(hands[u.name.lower()]) for u in users if u.name.lower() in hands}


async def flip_game(harness: Harness, users: list[VirtualUser], hands: dict[str, list[str]],
                    start: str, then: list[str] | tuple[str, ...] = (),
                    after_flip: list[str] | tuple[str, ...] = (), **create: Any) -> Any:
    session = await start_game(harness, users, preset="flip", **create)
    await rig_flip(harness, session, by_user(users, hands), start=start, then=tuple(then),
                   after_flip=tuple(after_flip))
    return session




def backs_of(text: str, name: str) -> str:
    """The table's F-2 line under a player: the inactive faces of their hand."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line[2:].startswith(f"{name} — "))
    below = lines[at + 1]
    assert below.startswith("  ↳ "), below
    return below[4:]


def backs(*labels: str) -> str:
    return en("table.backs", cards=", ".join(labels))




def cards_field(hand: SeenMessage) -> str:
    return hand_cards(hand)  # the buttons name the cards (the hand lists them on pages only)


async def play(harness: Harness, user: VirtualUser, session: Any, label: str,
               code: str | None = None, uno: bool = False) -> SeenMessage:
    """Open the hand and press a card (or Draw); the hand as it was answered. Cards with the
    same active face look alike (F-2: their other faces are the others' to see): `code`
    (`light/dark`) says which one is pressed, its label is checked."""
    hand = await open_hand(harness, user, session)
    if code is None:
        await user.click(hand, label)
    else:
        button = next(b for b in hand.buttons()
                      if isinstance(played := item_of(b), PlayButton) and played.action.card
                      and (played.action.card.code, played.action.uno) == (code, uno))
        assert button["label"] == label
        await user.click(hand, custom_id=button["custom_id"])
    return user.message(hand.id)


async def play_wild(harness: Harness, user: VirtualUser, session: Any, label: str,
                    colour: str) -> list[str]:
    """Press a wild card and then a colour; return the colours the picker offered."""
    picking = await play(harness, user, session, label)
    offered = [b["label"] for b in picking.buttons() if is_play(b)]
    await user.click(picking, colour)
    return offered


async def wait_label(harness: Harness, user: VirtualUser, session: Any, label: str) -> None:
    table = table_of(user, session)
    await harness.fake.wait_for(lambda: label in table.labels(), timeout=3)


# ---------------------------------------------------------------------------- F-1


async def test_f1_light_side_deck_of_112_and_light_dark_card_buttons(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-1: 112 double-sided cards (three hands of 7 and the start card leave 90); the round
    starts on the light side; a card's button names it `light/dark`, its label the light face."""
    ann, bob, _ = players
    session = await flip_game(harness, players, A3, start="R3/T7")
    text = await table_after(harness, bob, session)
    assert en("table.side.light") in text and en("table.draw_pile", count=90) in text
    assert en("table.top", card=label("R3")) in text
    assert en("preset.flip.name") in footer_of(table_of(bob, session))
    hand = await open_hand(harness, ann, session)
    assert cards_field(hand) == ("🟥 Red 7, 🟩 Green 3, 🟨 Yellow 5, 🟦 Blue 2, 🟥 Red Skip, "
                                 "🟥 Red Draw One, ⬛ Wild")
    items = {b["label"]: item_of(b) for b in hand.buttons()}
    codes = {name: item.action.card.code for name, item in items.items()
             if isinstance(item, PlayButton) and item.action.card is not None}
    assert codes[label("R7")] == "R7/P2" and codes[label("R+1")] == "R+1/O+5"
    wild = items[label("W")]
    assert isinstance(wild, PickButton) and wild.card.code == "W/V9"  # which colour?


# ---------------------------------------------------------------------------- F-2


async def test_f2_table_shows_inactive_faces_of_hands_and_draw_pile(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-2: the table shows the inactive (dark) face of every card in every hand, and of the
    draw pile's top (Y9/P6); each player's own hand shows the active faces only. After the Flip
    the inactive faces are the light ones and the pile's top is the deck's former bottom, G9/O2."""
    ann, bob, cid = players
    session = await flip_game(harness, players, F3, start="R3/T7", then=F3_THEN,
                              after_flip=F3_AFTER)
    text = await table_after(harness, cid, session)
    assert backs_of(text, "Ann") == backs(
        label("P3"), label("O4"), label("V6"), label("T1"), label("PR"),
        label("O+5"), label("V9"))
    assert backs_of(text, "Bob") == backs(
        label("T4"), label("P8"), label("O9"), label("V3"), label("TSA"),
        label("PF"), label("O1"))
    assert backs_of(text, "Cid") == backs(
        label("V8"), label("TF"), label("P5"), label("V4"), label("OR"),
        label("TR"), label("P9"))
    assert en("table.draw_pile_back", card=label("P6")) in text
    own = cards_field(await open_hand(harness, bob, session))
    assert own == ("🟥 Red 8, 🟨 Yellow 2, 🟩 Green 6, 🟦 Blue 4, 🟩 Green Skip, 🟦 Blue Reverse, "
                   "🟥 Red 9")
    await play(harness, ann, session, "🟥 Red Flip")
    text = await table_after(harness, cid, session)
    assert en("table.side.dark") in text
    assert backs_of(text, "Ann") == backs(
        label("G3"), label("Y5"), label("B2"), label("RS"), label("R+1"), label("W"))
    assert backs_of(text, "Bob") == backs(
        label("R8"), label("Y2"), label("G6"), label("B4"), label("GS"), label("BR"),
        label("R9"))
    assert en("table.draw_pile_back", card=label("G9")) in text
    # The hands turned with the table: each owner now holds the dark faces.
    assert cards_field(await open_hand(harness, ann, session)) == (
        card_names_labelled("O4", "V6", "T1", "PR", "O+5", "V9"))
    assert cards_field(await open_hand(harness, cid, session)) == (
        "🟪 Violet 8, 🩵 Teal Flip, 🩷 Pink 5, 🟪 Violet 4, 🟧 Orange Reverse, 🩵 Teal Reverse, "
        "🩷 Pink 9")


# ---------------------------------------------------------------------------- F-3


async def test_f3_draw_one_start_card(harness: Harness, players: list[VirtualUser]) -> None:
    """F-3: a Draw One start card: Ann, left of the dealer, draws 1 and is skipped."""
    ann, bob, _ = players
    session = await flip_game(harness, players, A3, start="R+1/V7", then=["G8/O3"])
    text = await table_after(harness, bob, session)
    assert en("event.start_card", card=card_name("R+1")) in text
    assert en("event.drew_and_skipped", player="Ann", count=1) in text
    assert en("table.turn", player="Bob") in text
    assert label("G8") in cards_field(await open_hand(harness, ann, session))
    assert size(session, ann) == 8


async def test_f3_wild_draw_two_start_card_names_a_colour_and_nobody_draws(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-3: a Wild Draw Two start card: Ann names the colour (a light one), nobody draws, and
    she plays."""
    ann, bob, cid = players
    session = await flip_game(harness, players, A3, start="W+2/P7")
    text = await table_after(harness, bob, session)
    assert en("table.pending.color", player="Ann") in text
    await wait_label(harness, ann, session, "🟨 Yellow")
    table = table_of(ann, session)
    assert [b for b in LIGHT_PICKS if b in table.labels()] == LIGHT_PICKS
    assert not any(b in table.labels() for b in DARK_PICKS)
    await cid.click(table, "🟨 Yellow")  # the choice is Ann's
    assert last_ephemeral(cid) == en("error.not_your_turn")
    await ann.click(table, "🟨 Yellow")
    text = await table_after(harness, bob, session)
    assert en("table.color", color=colour("Y")) in text and en("table.turn", player="Ann") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (7, 7, 7)
    await play(harness, ann, session, "🟨 Yellow 5")
    assert en("table.turn", player="Bob") in await table_after(harness, bob, session)


async def test_f3_flip_start_card_is_returned(harness: Harness,
                                              players: list[VirtualUser]) -> None:
    """F-3 decision: a Flip start card is returned, the pile reshuffled and another card turned
    up; the round stays on the light side."""
    _, bob, _ = players
    session = await flip_game(harness, players, A3, start="RF/O4")
    text = await table_after(harness, bob, session)
    assert en("event.start_card_returned", card=card_name("RF")) in text
    assert en("table.side.light") in text
    assert en("rank.F") not in text.split(en_part("table.top"))[1].split("\n")[0]


# ---------------------------------------------------------------------------- F-4


async def test_f4_flip_turns_the_piles_and_every_hand(harness: Harness,
                                                      players: list[VirtualUser]) -> None:
    """F-4: Ann's Flip turns the discard pile (the start card R3/T7 is the new top, as T7), the
    draw pile and the hands; matching goes on against the dark face: Bob's R8/T4 is Teal 4,
    his R9/O1 (Red 9 matched Red 3) is Orange 1 and no longer matches. Cid's teal Flip turns
    everything back: the new top is Ann's Flip, as Red Flip (its action not carried out), and
    the draw pile is in its first order again (Ann draws Y9/P6)."""
    ann, bob, cid = players
    session = await flip_game(harness, players, F3, start="R3/T7", then=F3_THEN,
                              after_flip=F3_AFTER)
    await play(harness, ann, session, "🟥 Red Flip")
    text = await table_after(harness, cid, session)
    assert en("event.flipped", player="Ann") in text
    assert en("table.top", card=label("T7")) in text
    assert en("table.color", color=colour("T")) in text
    assert en("table.side.dark") in text and en("table.turn", player="Bob") in text
    hand = await open_hand(harness, bob, session)
    assert hand.button(label("T4"))["style"] == 3
    assert hand.button(label("O1"))["style"] == 2
    await bob.click(hand, "🟧 Orange 1")  # why not? it is checked against the dark face
    assert last_ephemeral(bob) == en("why.no_match", color=colour("T"), top=card_name("T7"))
    await bob.click(hand, "🩵 Teal 4")
    assert en("event.played", player="Bob", card=card_name("T4")) in await table_after(harness, ann,
                                                                                       session)
    await play(harness, cid, session, "🩵 Teal Flip")
    text = await table_after(harness, ann, session)
    assert en("event.flipped", player="Cid") in text
    assert en("table.top", card=label("RF")) in text
    assert en("table.color", color=colour("R")) in text
    assert en("table.side.light") in text and en("table.turn", player="Ann") in text
    assert en("table.draw_pile_back", card=label("P6")) in text
    drawn = await play(harness, ann, session, en("button.draw"))
    assert en("you.drew", cards=card_names("Y9")) in hand_text(drawn)
    assert en("table.turn", player="Bob") in await table_after(harness, cid,
                                                               session)  # not playable: passes


async def test_f4_new_top_wild_is_named_by_the_flipper_in_a_dark_colour(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-4 decision: the new top face is a Wild (R3/W): Ann, who played the Flip, names the
    colour, one of the dark side's (F-7)."""
    ann, bob, _ = players
    session = await flip_game(harness, players, F3, start="R3/W", then=F3_THEN,
                              after_flip=F3_AFTER)
    await play(harness, ann, session, "🟥 Red Flip")
    text = await table_after(harness, bob, session)
    assert en("table.top", card=label("W")) in text
    assert en("table.pending.color", player="Ann") in text
    await wait_label(harness, ann, session, "🟧 Orange")
    table = table_of(ann, session)
    assert [b for b in DARK_PICKS if b in table.labels()] == DARK_PICKS
    assert not any(b in table.labels() for b in LIGHT_PICKS)
    await ann.click(table, "🟧 Orange")
    text = await table_after(harness, bob, session)
    assert en("event.color_chosen", player="Ann", color=colour("O", in_text=True)) in text
    assert en("table.color", color=colour("O")) in text
    assert en("table.turn", player="Bob") in text


# ---------------------------------------------------------------------------- F-5


async def test_f5_draw_one(harness: Harness, players: list[VirtualUser]) -> None:
    """F-5: Draw One: Bob draws 1 at once and loses his turn."""
    ann, bob, cid = players
    session = await flip_game(harness, players, A3, start="R3/T7", then=A3_THEN)
    await play(harness, ann, session, "🟥 Red Draw One")
    text = await table_after(harness, cid, session)
    assert en("event.drew_and_skipped", player="Bob", count=1) in text
    assert en("table.turn", player="Cid") in text
    assert label("G8") in cards_field(await open_hand(harness, bob, session))


async def test_f5_reverse_with_two_players_acts_as_skip(harness: Harness,
                                                        pair: list[VirtualUser]) -> None:
    """F-5: Reverse as C-4: with two players it also skips Bob; Ann plays again."""
    ann, bob = pair
    hands = {"ann": ["RR/P2", "R7/O4", "Y5/V6", "B2/T1", "G3/O6", "Y1/V9", "B1/P7"],
             "bob": A3["bob"]}
    session = await flip_game(harness, pair, hands, start="R3/T7")
    await play(harness, ann, session, "🟥 Red Reverse")
    text = await table_after(harness, bob, session)
    assert en("table.direction.counter") in text and en("table.turn", player="Ann") in text
    await play(harness, ann, session, "🟥 Red 7")
    assert en("table.turn", player="Bob") in await table_after(harness, bob, session)


INNOCENT = {**A3, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "G7/T3", "Y9/O6"]}
GUILTY = {**A3, "ann": ["G3/O4", "W+2/P1", "W/V9", "Y5/V6", "B2/T1", "R7/P2", "Y9/O6"]}


async def _wild_draw_two(harness: Harness, players: list[VirtualUser],
                         hands: dict[str, list[str]]) -> Any:
    ann, bob, cid = players
    session = await flip_game(harness, players, hands, start="R3/T7", then=A3_THEN)
    offered = await play_wild(harness, ann, session, "⬛ Wild Draw Two", "🟦 Blue")
    assert offered == LIGHT_PICKS  # F-7: a light colour
    text = await table_after(harness, cid, session)
    assert en("table.pending.challenge", player="Bob", by="Ann", card=card_name("W+2")) in text
    assert card_name("W+4") not in text
    await wait_label(harness, bob, session, en("button.challenge"))
    return session


async def test_f5_wild_draw_two_accepted(harness: Harness, players: list[VirtualUser]) -> None:
    """F-5: Bob accepts the Wild Draw Two: he draws 2 and loses his turn."""
    _, bob, cid = players
    session = await _wild_draw_two(harness, players, INNOCENT)
    await bob.click(table_of(bob, session), en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("event.accepted_draw", player="Bob", count=2) in text
    assert en("table.turn", player="Cid") in text
    assert size(session, bob) == 9


async def test_f5_wild_draw_two_challenged_innocent(harness: Harness,
                                                    players: list[VirtualUser]) -> None:
    """F-5: Ann held no red (Green 3 matches by number only): Bob draws 4 and loses his turn."""
    ann, bob, cid = players
    session = await _wild_draw_two(harness, players, INNOCENT)
    await bob.click(table_of(bob, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_innocent", player="Bob", target="Ann",
              card=card_name("W+2")) in text
    assert en("table.turn", player="Cid") in text
    assert en("table.color", color=colour("B")) in text
    assert (size(session, ann), size(session, bob)) == (6, 11)


async def test_f5_wild_draw_two_challenged_guilty(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """F-5: Ann held red (Red 7): she draws 2; Bob draws nothing and plays; blue stands. Only
    Bob sees her hand."""
    ann, bob, cid = players
    session = await _wild_draw_two(harness, players, GUILTY)
    await bob.click(table_of(bob, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_guilty", player="Bob", target="Ann",
              card=card_name("W+2")) in text
    assert en("table.turn", player="Bob") in text
    assert en("table.color", color=colour("B")) in text
    assert (size(session, ann), size(session, bob)) == (8, 7)
    await harness.fake.wait_for(lambda: any(  # a private follow-up to the challenger
        en_part("you.hand_shown", player="Ann") in m.content and card_name("R7") in m.content
        for m in bob.ephemerals()), timeout=3)
    assert not any(en_part("you.hand_shown", player="Ann") in m.content
               for m in cid.messages())


# ---------------------------------------------------------------------------- F-6

DARK = {"ann": F3["ann"],
        "bob": ["R8/T+5", "Y2/TSA", "G6/TR", "B4/V3", "GS/T8", "BR/O9", "G5/V8"],
        "cid": ["R9/O1", "Y7/T2", "G1/P5", "B6/V4", "Y+1/OR", "YR/P6", "B5/P9"]}
FIVE = ["G9/O2", "B9/V1", "Y9/O3", "G8/P1", "B8/V2"]


async def _dark(harness: Harness, players: list[VirtualUser], hands: dict[str, list[str]],
                after_flip: list[str]) -> Any:
    ann, _, cid = players
    session = await flip_game(harness, players, hands, start="R3/T7", after_flip=after_flip)
    await play(harness, ann, session, "🟥 Red Flip")
    assert en("table.side.dark") in await table_after(harness, cid, session)
    return session


async def test_f6_draw_five(harness: Harness, players: list[VirtualUser]) -> None:
    """F-6: Draw Five: Cid draws 5 at once from the turned-over pile and loses his turn."""
    _, bob, cid = players
    session = await _dark(harness, players, DARK, FIVE)
    await play(harness, bob, session, "🩵 Teal Draw Five")
    text = await table_after(harness, cid, session)
    assert en("event.drew_and_skipped", player="Cid", count=5) in text
    assert en("table.turn", player="Ann") in text
    hand = cards_field(await open_hand(harness, cid, session))
    assert hand.endswith(card_names_labelled("O2", "V1", "O3", "P1", "V2"))


async def test_f6_skip_everyone(harness: Harness, players: list[VirtualUser]) -> None:
    """F-6: Skip Everyone: Cid and Ann are skipped; Bob plays again at once, then Cid."""
    _, bob, cid = players
    session = await _dark(harness, players, DARK, FIVE)
    await play(harness, bob, session, "🩵 Teal Skip Everyone")
    text = await table_after(harness, cid, session)
    assert en("event.skipped", player="Cid") in text and en("event.skipped", player="Ann") in text
    assert en("table.turn", player="Bob") in text
    await play(harness, bob, session, "🩵 Teal 8")
    assert en("table.turn", player="Cid") in await table_after(harness, cid, session)


async def test_f6_dark_reverse(harness: Harness, players: list[VirtualUser]) -> None:
    """F-6: Reverse as C-4: after Bob's Teal Reverse play goes Bob -> Ann -> Cid."""
    ann, bob, cid = players
    session = await _dark(harness, players, DARK, FIVE)
    await play(harness, bob, session, "🩵 Teal Reverse")
    text = await table_after(harness, cid, session)
    assert en("table.direction.counter") in text and en("table.turn", player="Ann") in text
    await play(harness, ann, session, "🩵 Teal 1")
    assert en("table.turn", player="Cid") in await table_after(harness, cid, session)


WDC_PILE = ["G9/P2", "B9/W", "Y9/WDC", "G8/O3", "B8/V2", "G7/P4"]
BOB_INNOCENT = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/P8", "BR/O9", "G5/V8"]
BOB_GUILTY = ["R8/P+5", "Y2/OSA", "G6/VR", "B4/WDC", "GS/T8", "BR/O9", "G5/V8"]


async def _wild_draw_colour(harness: Harness, players: list[VirtualUser],
                            bob_hand: list[str]) -> Any:
    _, bob, cid = players
    session = await _dark(harness, players, {**DARK, "bob": bob_hand}, WDC_PILE)
    offered = await play_wild(harness, bob, session, "⬛ Wild Draw Colour", "🟧 Orange")
    assert offered == DARK_PICKS  # F-7: a dark colour
    text = await table_after(harness, cid, session)
    assert en("table.pending.challenge", player="Cid", by="Bob",
              card=card_name("WDC")) in text
    assert en("table.color", color=colour("O")) in text
    await wait_label(harness, cid, session, en("button.challenge"))
    return session


async def test_f6_wild_draw_colour_accepted(harness: Harness,
                                            players: list[VirtualUser]) -> None:
    """F-6: Cid draws until a card whose active face is orange (Pink 2, Wild, Wild Draw Colour:
    wilds do not count; Orange 3 stops it) and loses his turn."""
    _, _, cid = players
    session = await _wild_draw_colour(harness, players, BOB_INNOCENT)
    await cid.click(table_of(cid, session), en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("event.accepted_draw", player="Cid", count=4) in text
    assert en("table.turn", player="Ann") in text
    hand = cards_field(await open_hand(harness, cid, session))
    assert hand.endswith(card_names_labelled("P2", "W", "WDC", "O3"))


async def test_f6_wild_draw_colour_challenged_innocent(harness: Harness,
                                                       players: list[VirtualUser]) -> None:
    """F-6: Bob held no teal: Cid draws until orange (4 cards) and then 2 more, and loses his
    turn."""
    _, _, cid = players
    session = await _wild_draw_colour(harness, players, BOB_INNOCENT)
    await cid.click(table_of(cid, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_innocent", player="Cid", target="Bob",
              card=card_name("WDC")) in text
    assert en("table.turn", player="Ann") in text
    assert size(session, cid) == 7 + 6


async def test_f6_wild_draw_colour_challenged_guilty(harness: Harness,
                                                     players: list[VirtualUser]) -> None:
    """F-6: Bob held teal (Teal 8): he draws until orange (4 cards); Cid draws nothing and
    plays; orange stands."""
    _, bob, cid = players
    session = await _wild_draw_colour(harness, players, BOB_GUILTY)
    await cid.click(table_of(cid, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_guilty", player="Cid", target="Bob",
              card=card_name("WDC")) in text
    assert en("table.turn", player="Cid") in text
    assert en("table.color", color=colour("O")) in text
    assert (size(session, bob), size(session, cid)) == (6 + 4, 7)


async def test_f6_wild_draw_colour_stops_when_the_piles_run_out(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-6/C-7: given a draw pile of three cards with no orange (Pink 2, Wild, Wild Draw Colour)
    and two discards under the top (Pink 3, Teal 7), Cid draws those five, then the drawing
    stops; he loses his turn."""
    _, _, cid = players
    session = await _wild_draw_colour(harness, players, BOB_INNOCENT)
    game = session.game
    async with session.lock:
        del game.draw_pile[:-3]  # given: only the next three cards are left
    await cid.click(table_of(cid, session), en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("event.accepted_draw", player="Cid", count=5) in text
    assert en("table.turn", player="Ann") in text
    assert en("table.draw_pile", count=0) in text
    hand = cards_field(await open_hand(harness, cid, session))
    assert hand.endswith(card_names_labelled("P2", "W", "WDC", "P3", "T7")) or (
        hand.endswith(card_names_labelled("P2", "W", "WDC", "T7", "P3")))


# ---------------------------------------------------------------------------- F-7


async def test_f7_light_wild_names_a_light_colour(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """F-7: on the light side Ann's Wild (W/V9) offers the four light colours only."""
    ann, _, cid = players
    session = await flip_game(harness, players, A3, start="R3/T7")
    assert await play_wild(harness, ann, session, label("W"), colour_label("G")) == LIGHT_PICKS
    text = await table_after(harness, cid, session)
    assert en("event.played_wild", player="Ann", card=card_name("W"),
              color=colour("G", in_text=True)) in text
    assert en("table.color", color=colour("G")) in text


async def test_f7_dark_wild_names_a_dark_colour(harness: Harness,
                                                players: list[VirtualUser]) -> None:
    """F-7: on the dark side Bob's Wild (Y2/W) offers the four dark colours only."""
    _, bob, cid = players
    hands = {**F3, "bob": ["R8/T4", "Y2/W", "G6/O9", "B4/WDC", "GS/TSA", "BR/PF", "R9/O1"]}
    session = await _dark(harness, players, hands, F3_AFTER)
    assert await play_wild(harness, bob, session, label("W"), colour_label("V")) == DARK_PICKS
    text = await table_after(harness, cid, session)
    assert en("event.played_wild", player="Bob", card=card_name("W"),
              color=colour("V", in_text=True)) in text
    assert en("table.color", color=colour("V")) in text and en("table.turn", player="Cid") in text


# ---------------------------------------------------------------------------- F-8 / F-9

SKIP_LABELS = ["🟥 Red Skip", "🟨 Yellow Skip", "🟩 Green Skip", "🟦 Blue Skip", "🟥 Red Skip"]


async def _light_run(harness: Harness, ann: VirtualUser, session: Any) -> None:
    """Two players, light side: Ann plays five Skips (each skips Bob) and her sixth, the
    next-to-last card, with the UNO call."""
    for button, code in zip(SKIP_LABELS, S2_SKIPS, strict=False):
        await play(harness, ann, session, button, code)
    await play(harness, ann, session, "🟨 Yellow Skip + UNO!", S2_SKIPS[5], uno=True)


DARK_SKIPS = ["🩵 Teal Skip Everyone", "🟧 Orange Skip Everyone", "🟪 Violet Skip Everyone",
              "🩵 Teal Skip Everyone"]


async def _dark_run(harness: Harness, ann: VirtualUser, bob: VirtualUser, session: Any, *,
                    uno: bool = True) -> None:
    """Two players: Ann flips (Red Flip on Red 3; the top turns to Teal 7), Bob draws Orange 2
    (G1/O2, unplayable), Ann plays four Skip Everyone and her fifth, next-to-last card."""
    await play(harness, ann, session, "🟥 Red Flip")
    drawn = await play(harness, bob, session, en("button.draw"))
    assert en("you.drew", cards=card_names("O2")) in hand_text(drawn)
    for button, code in zip(DARK_SKIPS, D2_ANN[1:], strict=False):
        await play(harness, ann, session, button, code)
    await play(harness, ann, session, "🩷 Pink Skip Everyone" + (" + UNO!" if uno else ""),
               D2_ANN[5], uno=uno)


async def test_f8_uno_caught_on_the_dark_side(harness: Harness, pair: list[VirtualUser]) -> None:
    """F-8/C-5: on the dark side too: Ann plays her next-to-last card without the call (a Skip
    Everyone, so the table waits for her and the window stays open); Bob catches her: +2 from
    the turned-over pile."""
    ann, bob = pair
    session = await flip_game(harness, pair, {"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB},
                              start="R3/T7", after_flip=D2_AFTER)
    await _dark_run(harness, ann, bob, session, uno=False)
    table = table_of(bob, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    await bob.click(table, en("button.catch"))
    text = await table_after(harness, bob, session)
    assert en("event.caught", player="Bob", target="Ann", count=2) in text
    assert en_part("table.player", player="Ann", count=3) in text
    assert cards_field(await open_hand(harness, ann, session)) == (
        card_names_labelled("P5", "V3", "O6"))


async def test_f8_rebuilt_draw_pile_keeps_the_active_face(harness: Harness,
                                                          players: list[VirtualUser]) -> None:
    """F-8/C-7: on the dark side, with the draw pile used up, Bob's draw rebuilds it from the
    discards under the top: the cards keep their active (dark) face."""
    _, bob, cid = players
    session = await _dark(harness, players, F3, F3_AFTER)
    game = session.game
    async with session.lock:  # given: every card of the draw pile already lies on the discards
        game.discard[0:0] = game.draw_pile
        game.draw_pile.clear()
    drawn = await play(harness, bob, session, en("button.draw"))
    text = await table_after(harness, cid, session)
    assert en("event.reshuffled", count=91) in text
    assert en("table.draw_pile", count=90) in text and en("table.side.dark") in text
    card = game.hands[game.players.index(str(bob.id))][-1]
    assert card.dark_up and card.face is card.dark  # drawn dark side up, as it lay
    assert en("you.drew", cards=text_label(card.face).split(" ", 1)[1]) in hand_text(drawn)
    top = game.draw_pile[-1]
    assert en("table.draw_pile_back", card=text_label(top.light)) in text


def text_label(card: Any) -> str:
    from bot.render.text import card_label

    return card_label(card, "en")


async def test_f8_last_card_flip_has_no_effect(harness: Harness,
                                               pair: list[VirtualUser]) -> None:
    """F-8/C-8.1: Ann goes out with a Flip: it has no effect; the round ends on the light side
    and Bob's cards count by their light faces (151, F-9)."""
    ann, bob = pair
    session = await flip_game(harness, pair, {"ann": [*S2_SKIPS, "YF/P7"], "bob": S2_BOB},
                              start="R3/T7", then=S2_THEN)
    await _light_run(harness, ann, session)
    await play(harness, ann, session, "🟨 Yellow Flip")
    text = await table_after(harness, bob, session)
    assert en("table.side.light") in text and en("event.round_won", player="Ann", count=151) in text
    assert en("event.flipped", player="").strip() not in text  # nobody flipped


async def test_f9_round_ends_on_the_light_side_light_faces_score(
        harness: Harness, pair: list[VirtualUser]) -> None:
    """F-9: Bob's cards score by their light faces: Draw One 10, Reverse 20, Flip 20, Wild 40,
    Wild Draw Two 50, numbers face value: 151 (not the dark faces' 173)."""
    ann, bob = pair
    session = await flip_game(harness, pair, {"ann": [*S2_SKIPS, "Y5/P7"], "bob": S2_BOB},
                              start="R3/T7", then=S2_THEN)
    await _light_run(harness, ann, session)
    await play(harness, ann, session, "🟨 Yellow 5")
    text = await table_after(harness, bob, session)
    assert en("event.round_won", player="Ann", count=151) in text
    assert en("table.round_points_line", player="Ann", count=151, total=151) in text
    await wait_label(harness, bob, session, en("button.next_round"))


async def test_f9_round_ends_on_the_dark_side_dark_faces_score_next_round_is_light(
        harness: Harness, pair: list[VirtualUser]) -> None:
    """F-9: the round ends on the dark side: Bob's cards score by their dark faces: Draw Five
    20, Reverse 20, Flip 20, Skip Everyone 30, Wild 40, Wild Draw Colour 60, numbers: 200 (not
    the light faces' 155). F-1: the next round starts on the light side again."""
    ann, bob = pair
    session = await flip_game(harness, pair, {"ann": [*D2_ANN, "Y8/P5"], "bob": D2_BOB},
                              start="R3/T7", after_flip=D2_AFTER)
    await _dark_run(harness, ann, bob, session)
    await play(harness, ann, session, "🩷 Pink 5")
    text = await table_after(harness, bob, session)
    assert en("table.side.dark") in text and en("event.round_won", player="Ann", count=200) in text
    await wait_label(harness, bob, session, en("button.next_round"))
    await bob.click(table_of(bob, session), en("button.next_round"))
    text = await table_after(harness, bob, session)
    assert en("table.title", round=2) in text and en("table.side.light") in text
    assert en("table.player", player="Ann", count=7, points=200) in text
    assert en("event.played", player="Ann",
              card=card_name("P5")) in text  # the last round's log still names the dark faces


async def test_f9_match_won_at_the_target(harness: Harness, pair: list[VirtualUser]) -> None:
    """F-9/C-8.3: with a target of 150, Ann's 151 wins the match; the final table says so,
    lays Bob's hand down with each card's F-9 points (the face up), and offers only Rematch and
    Rules."""
    ann, bob = pair
    session = await flip_game(harness, pair, {"ann": [*S2_SKIPS, "Y5/P7"], "bob": S2_BOB},
                              start="R3/T7", then=S2_THEN, target=150)
    await _light_run(harness, ann, session)
    await play(harness, ann, session, "🟨 Yellow 5")
    text = await table_after(harness, bob, session)
    assert en("table.match_over", player="Ann") in text
    assert en("event.match_won", player="Ann", count=151) in text
    rematch = [en("button.rematch"), en("button.rules")]
    await harness.fake.wait_for(lambda: table_of(bob, session).labels() == rematch, timeout=3)
    held = session.view().revealed_hands[1]
    assert sum(c.points for c in held) == 151  # what Ann scored (F-9)
    cards = ", ".join(f"{text_label(c)} ({c.points})" for c in held)
    assert en("table.reveal_line", player="Bob", count=151, cards=cards) in table_text(
        table_of(bob, session))


# ---------------------------------------------------------------------------- a whole match


async def test_f_full_flip_match_played_to_the_end_through_buttons(harness: Harness) -> None:
    """F-1 … F-9: a whole Flip match (target 50) played through the buttons by three virtual
    users. Each time the table turns (F-4) or a round starts (F-1), the public table shows the
    side in play and (F-2) the inactive face of every card in every hand and of the draw pile's
    top; the final table names the winner and offers only Rematch and Rules."""
    users = [harness.user(f"Player{i}") for i in range(3)]
    session = await start_game(harness, users, preset="flip", target=50, turn_timer=0)
    # A shuffled deck of our own (faces paired at random, F-1), so the match is the same at
    # every run: the game's random source and the players' choices are seeded as well.
    rng = random.Random(MATCH_SEED)
    dark = dark_faces()
    rng.shuffle(dark)
    deck = [f"{a}/{b}" for a, b in zip(light_faces(), dark, strict=True)]
    rng.shuffle(deck)
    await redeal(harness, session, deck, dealer=str(users[-1].id))
    driver = Driver(harness, users, seed=MATCH_SEED)
    side, turns, sides = "light", 0, set()
    while await driver.step():
        game = session.game
        if game.side != side and not game.round_over:
            turns += 1
            sides.add(game.side)
            text = await table_showing(harness, users[0], session, en(f"table.side.{game.side}"))
            for seat, hand in enumerate(game.hands):
                if hand:
                    shown = [text_label(c.back) for c in hand[:8]]
                    assert backs_of(text, session.names[game.players[seat]]).startswith(
                        en("table.backs", cards=", ".join(shown)))
            if game.draw_pile:
                assert en("table.draw_pile_back",
                          card=text_label(game.draw_pile[-1].back)) in text
        side = game.side
        assert driver.clicks < 5000
    assert turns >= 2 and sides == {"light", "dark"}  # turned to dark and back again
    game = session.game
    assert game.match_winner is not None and max(game.scores) >= 50
    table = table_of(users[0], session)
    name = session.names[game.players[game.match_winner]]
    title = en("table.match_over", player=name)
    await harness.fake.wait_for(lambda: title_of(table) == title, timeout=3)
    assert table.labels() == [en("button.rematch"), en("button.rules")]
    text = table_text(table)
    assert en(f"table.side.{game.side}") in text
    assert en("preset.flip.name") in footer_of(table)
    assert en("event.match_won", player=name, count=game.scores[game.match_winner]) in text
    assert assert_no_hand_in_public(harness) >= 3




async def table_showing(harness: Harness, user: VirtualUser, session: Any, line: str) -> str:
    """The table text once the merged edit of the game's current version has landed."""
    table, version = table_of(user, session), session.game.version
    assert harness.bot is not None
    tables = harness.bot.tables
    await harness.fake.wait_for(lambda: tables.current(session) and session.version == version
                                and line in table_text(table), timeout=3)
    return table_text(table)


MATCH_SEED = 5  # a short match (80 clicks) in which the table turns dark and back
