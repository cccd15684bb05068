"""Issue 37: a hand names the decision in front of its player, not "Your move!": a challenge
(C-6), a No Mercy stack to take or raise (M-6), the Roulette's colour (M-8), and the player a
7 swaps hands with (M-9) instead of "Choose a colour"."""

from __future__ import annotations

from drivers.catalogue import colour_label, en, label, tr
from drivers.screen import hand_text, open_hand
from tests.engine.golden_cases.nomercy_common import NM3
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game
from .test_no_mercy_rules import no_mercy_game, press


async def test_c6_the_victim_of_a_wild_draw_four_is_asked_to_challenge_or_accept(
        harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, _ = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["W+4", "G3", "B4"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, label("W+4"))
    assert en("hand.pick_color", card=label("W+4")) in hand_text(ann.message(hand.id))
    await ann.click(ann.message(hand.id), colour_label("G"))
    text = hand_text(await open_hand(harness, bob, session))
    assert en("hand.decide.challenge", by="Ann", card=label("W+4")) in text
    assert en("hand.your_move") not in text


async def test_m6_a_stack_to_take_names_its_total_and_the_lowest_answer(
        harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, _ = players
    session = await no_mercy_game(harness, players, NM3)
    await press(harness, ann, session, "R+2")
    text = hand_text(await open_hand(harness, bob, session))
    assert en("hand.decide.draw_min", count=2, min=2) in text
    assert en("hand.your_move") not in text


async def test_m8_the_roulettes_victim_is_asked_for_its_colour_in_their_language(
        harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob", locale="uk"), harness.user("Cid")
    hands = {**NM3, "ann": ["WCR", *NM3["ann"][1:]]}
    session = await no_mercy_game(harness, [ann, bob, cid], hands, then=("R1", "Y2", "G4"))
    await press(harness, ann, session, "WCR")
    text = hand_text(await open_hand(harness, bob, session))
    assert tr("uk", "hand.decide.roulette") in text
    assert tr("uk", "hand.your_move") not in text


async def test_m9_a_seven_asks_whom_to_swap_hands_with(harness: Harness,
                                                       players: list[VirtualUser]) -> None:
    ann, _, _ = players
    session = await no_mercy_game(harness, players, NM3)
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, label("R7"))
    text = hand_text(ann.message(hand.id))
    assert en("hand.pick_swap_hands", card=label("R7")) in text
    assert en("hand.pick_color", card=label("R7")) not in text
    assert en("button.to_player", player="Bob") in ann.message(hand.id).labels()
