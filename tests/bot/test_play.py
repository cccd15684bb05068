"""Playing through buttons: what users see on the table and in their hands.

Deals are rigged with a stacked deck (tests.engine.support) so each rule-visible effect of
RULES.md section C happens on cue; everything else goes through the real bot and the fake Discord.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.engine import dump
from bot.fake_discord.users import SeenMessage, texts_of
from drivers.catalogue import card_name, colour, colour_label, en, en_part, label, tr
from drivers.screen import (
    SHOWN_HAND,
    hand_text,
    last_ephemeral,
    open_hand,
    ping_of,
    table_after,
    title_of,
    uno_seat,
)
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game


async def test_play_a_card_edits_the_table_in_place(harness: Harness,
                                                    players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    assert en("hand.your_move") in hand_text(hand)
    assert [b["label"] for b in hand.buttons() if b["style"] == 3] == [label("R7")]  # C-4
    await ann.click(hand, "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert en("event.played", player="Ann", card=card_name("R7")) in text
    assert en("table.top", card=label("R7")) in text
    assert en("table.your_move", mention=bob.mention) == ping_of(bob.message(session.message_id))
    # One table message, edited: no new public message per move.
    tables = [m for m in cid.public_messages() if "round" in title_of(m)]
    assert len(tables) == 1
    # The hand refreshed after its owner's action.
    assert en("hand.waiting", player="Bob") in hand_text(ann.message(hand.id))


async def test_skip_reverse_and_draw_two_are_seen_on_the_table(
        harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["RS", "R+2", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["R9", "B1", "B2", "B3", "B4", "B6", "B7"],
                                 cid: ["RR", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]},
              start="R5", dealer=cid)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Skip")  # C-7.1
    text = await table_after(harness, ann, session)
    assert en("event.skipped", player="Bob") in text and en("table.turn", player="Cid") in text
    await cid.click(await open_hand(harness, cid, session), "🟥 Red Reverse")  # C-7.2
    text = await table_after(harness, ann, session)
    assert en("direction.counterclockwise") in text and en("table.turn", player="Bob") in text
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 9")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Draw Two")  # C-7.3
    text = await table_after(harness, ann, session)
    assert en("event.drew_and_skipped", player="Cid", count=2) in text
    assert en("table.turn", player="Bob") in text
    assert len(session.game.hands[2]) == 6 + 2


async def test_wild_asks_for_a_colour_in_the_hand(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    ann, bob, _ = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["W", "G3"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild")
    picking = ann.message(hand.id)
    assert en_part("hand.pick_color") in hand_text(picking)
    assert {colour_label(c) for c in "RYGB"} <= set(picking.labels())
    assert harness.bot is not None
    assert harness.bot.tables.current(session)  # nothing played yet
    await ann.click(picking, "🟦 Blue")  # C-7.4
    text = await table_after(harness, bob, session)
    assert en("table.color", color=colour("B")) in text
    assert en("event.played_wild", player="Ann", card=card_name("W"),
              color=colour("B", in_text=True)) in text


async def _wild_draw_four(harness: Harness, players: list[VirtualUser],
                          ann_hand: list[str]) -> tuple[Any, SeenMessage]:
    ann, bob, _ = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ann_hand}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    table = bob.message(session.message_id)
    await harness.fake.wait_for(lambda: en("button.challenge") in table.labels(), timeout=3)
    return session, table


async def test_wild_draw_four_accepted(harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session, table = await _wild_draw_four(harness, players, ["W+4", "G3", "B4"])
    # C-6: the decision is Bob's; anyone else pressing it is refused privately.
    await cid.click(table, en("button.accept"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    await bob.click(table, en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.accepted_draw", player="Bob", count=4) in text
    assert en("table.turn", player="Cid") in text


async def test_wild_draw_four_challenged_guilty(harness: Harness,
                                                players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    # Ann holds a red card matching the pile: her Wild Draw Four was illegal (C-6).
    session, table = await _wild_draw_four(harness, players,
                                           ["W+4", "R3", "B4", "G4", "B6", "Y9", "Y2"])
    await bob.click(table, en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_guilty", player="Bob", target="Ann",
              card=card_name("W+4")) in text
    # Only Bob was shown Ann's hand, privately (a follow-up to his click).
    await harness.fake.wait_for(lambda: any(SHOWN_HAND in m.content for m in bob.ephemerals()))
    shown = [m.content for m in bob.ephemerals() if SHOWN_HAND in m.content]
    assert shown and card_name("R3") in shown[-1]
    assert not any(SHOWN_HAND in m.content for m in cid.messages() + ann.public_messages())
    assert len(session.game.hands[0]) == 6 + 4  # C-6: the culprit draws the 4


async def test_wild_draw_four_challenged_innocent(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session, table = await _wild_draw_four(harness, players,
                                           ["W+4", "G3", "B4", "G4", "B6", "Y9", "Y2"])
    await bob.click(table, en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_innocent", player="Bob", target="Ann",
              card=card_name("W+4")) in text
    assert len(session.game.hands[1]) == 7 + 6  # C-6: 4 + 2 more


async def test_uno_call_with_the_next_to_last_card(harness: Harness,
                                                   players: list[VirtualUser]) -> None:
    ann, bob, _ = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5", dealer=players[2])
    session.game.hands[0][:] = session.game.hands[0][:2]  # down to her next-to-last card
    hand = await open_hand(harness, ann, session)
    assert en("button.play_uno", card=label("R7")) in hand.labels()
    await ann.click(hand, "🟥 Red 7 + UNO!")  # C-5
    text = await table_after(harness, bob, session)
    assert en("event.uno_called", player="Ann") in text and uno_seat("Ann") in text


async def test_catch_a_player_who_forgot_uno(harness: Harness,
                                             players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5")
    session.game.hands[0][:] = session.game.hands[0][:2]
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")  # no call
    table = cid.message(session.message_id)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    await cid.click(table, en("button.catch"))  # C-5: +2 for Ann
    text = await table_after(harness, bob, session)
    assert en("event.caught", player="Cid", target="Ann", count=2) in text
    assert en_part("table.player", player="Ann", count=3) in text
    assert table.button(en("button.catch")).get("disabled")


async def test_catch_is_refused_after_the_window(harness: Harness,
                                                 players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8"]}, start="R5")
    session.game.hands[0][:] = session.game.hands[0][:2]
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = cid.message(session.message_id)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    # Cid's screen still shows the table of before Bob's move, which closes the window.
    await harness.hold_back_table_edit(bob.click(await open_hand(harness, bob, session),
                                                 "🟥 Red 8"))
    await cid.click(table, en("button.catch"))  # the stale-but-enabled button checks the state
    assert last_ephemeral(cid) == en("error.nobody_to_catch")
    assert len(session.game.hands[0]) == 1


async def test_errors_are_private_localized_and_change_nothing(
        harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    olga = harness.user("Olga", locale="uk")
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8"]}, start="R5")
    before = dump(session.game)
    bob_hand = await open_hand(harness, bob, session)
    await bob.click(bob_hand, "🟥 Red 8")  # not his turn: the hand says why
    assert last_ephemeral(bob) == en("why.not_your_turn")
    ann_hand = await open_hand(harness, ann, session)
    await ann.click(ann_hand, "🟩 Green 3")  # does not match: C-4 cited
    assert last_ephemeral(ann) == en("why.no_match", color=colour("R"), top=card_name("R5"))
    await olga.click(olga.message(session.message_id),
                     en("button.hand"))  # a spectator, in Ukrainian
    assert last_ephemeral(olga) == tr("uk", "error.not_in_game")
    assert dump(session.game) == before
    assert not any(m.ephemeral for m in cid.messages())
    # An older hand is switched off once a newer one is opened (issue 37: its buttons are
    # gone, so they change nothing; tests/bot/test_live_hands.py has the older hand whose
    # token had expired, which is answered with the hand as it is now).
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    after = dump(session.game)
    await harness.fake.wait_for(lambda: en("hand.superseded") in hand_text(ann_hand), timeout=3)
    assert not ann_hand.buttons() and en("hand.your_move") not in hand_text(ann_hand)
    assert dump(session.game) == after


async def test_double_click_applies_once(harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, _ = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "R9", "G3"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    version = session.game.version
    clicks = await asyncio.gather(*(ann.click(hand, "🟥 Red 7", wait=False) for _ in range(2)))
    for handle in clicks:
        await handle.wait_acknowledged()
    assert session.game.version == version + 1
    # The second click found the turn gone to Bob: its answer was the hand as it is now.
    shown = [*hand.stored.history, hand.payload]
    assert any(en("hand.replaced") in "\n".join(texts_of(p)) for p in shown)


async def test_catch_race_has_one_winner(harness: Harness, players: list[VirtualUser]) -> None:
    ann, bob, cid = players
    session = await start_game(harness, players)
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5")
    session.game.hands[0][:] = session.game.hands[0][:2]
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = cid.message(session.message_id)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    handles = await asyncio.gather(bob.click(table, en("button.catch"), wait=False),
                                   cid.click(table, en("button.catch"), wait=False))
    for handle in handles:
        await handle.wait_acknowledged()
    assert len(session.game.hands[0]) == 3  # caught once: +2
    refused = [u for u in (bob, cid)
               if any(m.content == en("error.nobody_to_catch") for m in u.ephemerals())]
    assert len(refused) == 1
