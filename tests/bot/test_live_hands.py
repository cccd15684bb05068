"""Hands that stay current (issue 18): an open hand is edited in place through its interaction
token when its owner's situation changes, merged unless it is their turn; a button of an older
hand acts while its meaning holds, and a changed one is answered with the hand as it is now; a
minute before its token expires the hand offers Refresh, and past the expiry nothing is tried.

Deals are rigged (Ann plays first); time moves with the harness clock, never by sleeping."""

from __future__ import annotations

import gc
import logging
from typing import Any

import pytest

from bot.fake_discord.request_gate import DROPPED
from bot.fake_discord.users import SeenMessage
from bot.outlets.live_hands import EXPIRY_NOTICE, MERGE_GAP
from bot.outlets.table_pens import PenSource
from bot.ui.answers import TOKEN_LIFETIME
from bot.ui.items import PlayButton
from drivers.catalogue import card_name, en, label
from drivers.controls import stamp
from drivers.screen import hand_cards, hand_text, open_hand, seat, size, table_of, trim
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

GREEN = 3  # a playable card's button style
HAND_EDIT = "/webhooks/{application_id}/{token}/messages/{message_id}"  # through its token


def shows(hand: SeenMessage, key: str, **params: object) -> bool:
    return en(key, **params) in hand_text(hand)


async def test_a_hand_turns_live_at_its_turn_and_its_older_button_acts_while_it_means_the_same(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Cid opens his hand while Ann plays: when Bob's move makes it Cid's turn, the hand is
    edited in place at once, without Cid clicking. Ann then catches Bob's missing UNO (C-5): the
    game moves on but Cid's decision is the same (his turn, nothing pending, nothing drawn), so
    his hand is not edited, and its button, now of an older version, still plays his card."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B1"], cid: ["R9", "G5"]},
              start="R5")
    trim(session, bob, 2)
    cid_hand = await open_hand(harness, cid, session)
    assert shows(cid_hand, "hand.waiting", player="Ann")
    edits = cid_hand.edits
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await bob.click(await open_hand(harness, bob, session), label("R8"))  # no UNO call
    await harness.fake.wait_for(lambda: shows(cid_hand, "hand.your_move"), timeout=3)
    assert cid_hand.edits > edits and cid_hand.button(label("R9"))["style"] == GREEN
    assert cid_hand.attachments  # the same cards: the picture it had is kept
    old = cid_hand.button(label("R9"))["custom_id"]
    table = table_of(ann, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    edits = cid_hand.edits
    await ann.click(table, en("button.catch"))
    assert size(session, bob) == 3
    await harness.settle()
    older_card = PlayButton.parse(old)
    assert older_card is not None and older_card.version != session.game.version
    assert cid_hand.edits == edits and cid_hand.button(custom_id=old)  # nothing to show anew
    await cid.click(cid_hand, custom_id=old)
    assert session.game.discard[-1].code == "R9"
    assert "R9" not in [c.code for c in session.game.hands[seat(session, cid)]]
    assert shows(cid_hand, "hand.waiting", player="Ann")


async def test_a_hand_replaced_by_a_newer_one_is_switched_off(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Ann presses My hand twice: the older hand is edited through its own token to say a
    newer one replaced it, with no picture and no buttons, so it can neither act nor claim
    "Your move!" later."""
    ann, _, _ = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R2", "G3"]}, start="R5")
    older = await open_hand(harness, ann, session)
    newer = await open_hand(harness, ann, session)
    await harness.fake.wait_for(lambda: shows(older, "hand.superseded"), timeout=3)
    assert not older.buttons() and not older.attachments
    assert not shows(older, "hand.your_move")
    await ann.click(newer, label("R7"))
    assert shows(newer, "hand.waiting", player="Bob")


async def test_a_hand_whose_switching_off_loses_its_connection_leaves_no_error_behind(
        harness: Harness, players: list[VirtualUser], caplog: pytest.LogCaptureFixture) -> None:
    """Discord's connection drops while the older hand is being switched off (discord.py passes
    the disconnect on as aiohttp's error rather than retrying): nothing more is tried, the
    background edit ends quietly instead of leaving a task whose exception nobody retrieves,
    and the newer hand plays."""
    ann, _, _ = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R2", "G3"]}, start="R5")
    older = await open_hand(harness, ann, session)
    await harness.settle()
    seen = len(harness.fake.requests)
    harness.fake.drop_next("PATCH", HAND_EDIT)
    newer = await open_hand(harness, ann, session)
    await harness.fake.wait_for(
        lambda: DROPPED in [r.status for r in harness.fake.requests[seen:]], timeout=3)
    await harness.settle()
    assert older.buttons()  # the switch-off never reached Discord
    gc.collect()  # a task left with an exception says so when it is collected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    await ann.click(newer, label("R7"))
    assert shows(newer, "hand.waiting", player="Bob")


async def test_a_live_edit_that_loses_its_connection_is_made_at_the_next_change(
        harness: Harness, players: list[VirtualUser], caplog: pytest.LogCaptureFixture) -> None:
    """Cid's open hand is edited live as Ann and Bob play. The connection drops under the edit
    after Ann's move (discord.py passes that on as aiohttp's error): the hand's task ends
    quietly instead of with an exception nobody retrieves, and Bob's move, which makes it
    Cid's turn, edits the hand."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B1"], cid: ["R9", "G5"]},
              start="R5")
    assert harness.bot is not None
    harness.bot.tables.pens = PenSource.NONE  # the table by the bot token: a token's edit is Cid's
    cid_hand = await open_hand(harness, cid, session)
    ann_hand = await open_hand(harness, ann, session)
    await harness.settle()
    seen = len(harness.fake.requests)
    harness.fake.drop_next("PATCH", HAND_EDIT)
    await ann.click(ann_hand, label("R7"))
    harness.clock.advance(MERGE_GAP)  # Cid's hand (not his turn) is edited after the gap
    await harness.fake.wait_for(
        lambda: DROPPED in [r.status for r in harness.fake.requests[seen:]], timeout=3)
    await harness.settle()
    assert shows(cid_hand, "hand.waiting", player="Ann")  # the edit did not land
    gc.collect()  # a task left with an exception says so when it is collected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    await bob.click(await open_hand(harness, bob, session), label("R8"))
    await harness.fake.wait_for(lambda: shows(cid_hand, "hand.your_move"), timeout=3)


async def two_hands_the_older_past_its_token(
        harness: Harness, players: list[VirtualUser]) -> tuple[Any, SeenMessage, SeenMessage]:
    """Ann (R7, R2, G3 on a red 5) opens her hand, and again once its token has expired (so
    the older one could not be switched off)."""
    ann = players[0]
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R2", "G3"]}, start="R5")
    older = await open_hand(harness, ann, session)
    # The table's edits for the deal land first: one still in flight through the Start answer's
    # token when the clock jumps would reach Discord past that token's 15 minutes.
    await harness.settle()
    harness.clock.advance(TOKEN_LIFETIME + 1)
    return session, older, await open_hand(harness, ann, session)


async def test_an_older_hand_past_its_token_acts_and_switches_the_newer_off(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Ann's older hand outlived its token, so it could not be switched off when she opened a
    newer one: its card still plays while its meaning holds, and then that older message is
    her hand, so the newer one, which would go on saying "Your move!", is switched off."""
    ann = players[0]
    session, older, newer = await two_hands_the_older_past_its_token(harness, players)
    await harness.pause(0.2)
    assert label("R7") in older.labels()  # nothing could edit it any more
    await ann.click(older, label("R7"))
    assert session.game.discard[-1].code == "R7"
    assert shows(older, "hand.waiting", player="Bob")
    await harness.fake.wait_for(lambda: shows(newer, "hand.superseded"), timeout=3)
    assert not newer.buttons() and not shows(newer, "hand.your_move")


async def test_an_older_hand_whose_meaning_changed_is_answered_with_the_hand_now(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Ann's older hand (past its token, so still showing its buttons) and a newer one: she
    plays from the newer, and the turn is Bob's. A card of the older hand is refused, nothing
    changes, and that same answer shows her hand as it is now."""
    ann = players[0]
    session, older, newer = await two_hands_the_older_past_its_token(harness, players)
    await ann.click(newer, label("R7"))
    version = session.game.version
    handle = await ann.click(older, label("R2"))
    assert session.game.version == version
    assert handle.response is not None and handle.response.id == older.id
    assert shows(older, "hand.replaced") and shows(older, "hand.waiting", player="Bob")
    assert label("R7") not in older.labels()
    stamps = [stamp(b) for b in older.buttons()]
    assert all(s is not None and s[0] == version and s[1] is not None for s in stamps)


async def four_at_seven_zero(harness: Harness, users: list[VirtualUser]) -> Any:
    """H-3: every 0 passes each hand on to the next player."""
    session = await start_game(harness, users, rules={"play": ["seven_zero"]}, turn_timer=0)
    ann, bob, cid, dan = users
    await rig(harness, session, {ann: ["R0", "G0", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["B1", "B2", "B3", "B4", "B6", "B7", "B8"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"],
                                 dan: ["R1", "R2", "R3", "R4", "R6", "R8", "R9"]}, start="R5")
    return session


async def test_two_quick_moves_make_one_edit_of_a_hand_that_waits(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Dan's cards change twice in a moment (Ann's 0, then Bob's 0: H-3), while it is not his
    turn: his hand is edited once, when MERGE_GAP has passed since it was last shown, with the
    cards he holds by then (Bob's)."""
    ann, bob, _ = players
    dan = harness.user("Dan")
    users = [*players, dan]
    session = await four_at_seven_zero(harness, users)
    dan_hand = await open_hand(harness, dan, session)
    edits, picture = dan_hand.edits, dan_hand.attachments[0]["id"]
    await ann.click(await open_hand(harness, ann, session), label("R0"))
    await bob.click(await open_hand(harness, bob, session), label("G0"))
    assert "B8" in [c.code for c in session.game.hands[seat(session, dan)]]
    await harness.settle()
    await harness.pause(0.2)  # the bot may not edit it yet: the hand waits for the merge gap
    assert dan_hand.edits == edits and card_name("R9") in hand_cards(dan_hand)
    harness.clock.advance(MERGE_GAP)
    await harness.fake.wait_for(lambda: card_name("B8") in hand_cards(dan_hand), timeout=3)
    await harness.pause(0.2)
    assert dan_hand.edits == edits + 1
    assert [a["id"] for a in dan_hand.attachments] not in ([], [picture])  # his new cards'
    assert shows(dan_hand, "hand.waiting", player="Cid")


async def test_a_hand_offers_refresh_before_its_token_expires_and_is_left_alone_after(
        harness: Harness, players: list[VirtualUser]) -> None:
    """A minute before its 15 minutes end, Bob's hand says it will stop updating and offers
    Refresh; Refresh gives it a new token (the notice goes). A hand whose token has expired is
    never edited again (the fake Discord would report the refused request)."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R2", "G3"], bob: ["R8", "B1"], cid: ["R9"]},
              start="R5")
    bob_hand = await open_hand(harness, bob, session)
    cid_hand = await open_hand(harness, cid, session)
    harness.clock.advance(TOKEN_LIFETIME - EXPIRY_NOTICE + 1)
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.expiring")
                                and shows(cid_hand, "hand.expiring"), timeout=3)
    await bob.click(bob_hand, en("button.refresh"))
    assert not shows(bob_hand, "hand.expiring") and en("button.refresh") not in bob_hand.labels()
    # What the refresh set going lands before the minute passes: time never jumps past a
    # request in flight (one sent at 14 minutes would arrive after 15).
    await harness.settle()
    harness.clock.advance(EXPIRY_NOTICE)  # Cid's token is gone; Bob's refreshed one is not
    edits = cid_hand.edits
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.your_move"), timeout=3)
    await bob.click(bob_hand, label("R8"))  # Cid's turn begins: his hand would show it at once
    await harness.settle()
    harness.clock.advance(MERGE_GAP)
    await harness.pause(0.2)
    assert cid_hand.edits == edits and shows(cid_hand, "hand.waiting", player="Ann")


async def test_while_the_bot_is_busy_a_hand_with_only_the_tables_news_waits_for_its_turn(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Issue 29: while the event loop is busy (bot/outlets/pressure.py), Cid's hand, which only
    shows the table's news (Ann's card, Bob's turn) and offers him nothing to do, is not edited
    past MERGE_GAP; Bob's turn notice goes at once; once Bob has played, it is Cid's turn and his
    hand is edited at once, with the cards on the table by then."""
    harness.loop_pressure = True
    await harness.restart()
    assert harness.bot is not None
    await harness.bot.pressure.close()  # no probe: the test says how busy the loop is
    harness.bot.pressure.busy = True
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B1"], cid: ["R9", "G5"]},
              start="R5")
    bob_hand = await open_hand(harness, bob, session)
    cid_hand = await open_hand(harness, cid, session)
    edits = cid_hand.edits
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.your_move"), timeout=3)
    harness.clock.advance(MERGE_GAP + 1)
    await harness.settle()
    await harness.pause(0.2)
    assert cid_hand.edits == edits and shows(cid_hand, "hand.waiting", player="Ann")
    await bob.click(bob_hand, label("R8"))
    await harness.fake.wait_for(lambda: shows(cid_hand, "hand.your_move"), timeout=3)
    assert cid_hand.edits == edits + 1  # one edit, at his turn
    harness.bot.pressure.busy = False  # calm again: the news waits MERGE_GAP only
    await cid.click(cid_hand, label("R9"))  # Ann's turn: Bob's hand has only the news
    harness.clock.advance(MERGE_GAP + 1)
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.waiting", player="Ann"), timeout=3)
