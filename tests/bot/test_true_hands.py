"""Issue 37: every open hand, at every moment its player could look at it, shows what is true
now or only what stays true; turn pings go when their turn ends, for any reason.

Deals are rigged (Ann plays first); time moves with the harness clock, never by sleeping."""

from __future__ import annotations

from typing import Any

from bot.engine import FlipCard
from bot.fake_discord.users import SeenMessage
from bot.outlets.live_hands import EXPIRY_NOTICE, LAST_EDIT, MERGE_GAP
from bot.render.images import hand_image
from bot.ui.answers import TOKEN_LIFETIME
from drivers.catalogue import colour, colour_label, en, label
from drivers.screen import hand_text, open_hand, seat, table_after, table_of, trim
from tests.engine.golden_cases.flip_common import F3, F3_AFTER, F3_THEN
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game
from .test_flip_rules import flip_game
from .test_pings import pings


def shows(hand: SeenMessage, key: str, **params: object) -> bool:
    return en(key, **params) in hand_text(hand)


async def shows_after_the_gap(harness: Harness, hand: SeenMessage, key: str,
                              **params: object) -> None:
    """Once the moves made have landed and the merge gap has passed, `hand` shows `key`."""
    await harness.settle()
    harness.clock.advance(MERGE_GAP)
    await harness.fake.wait_for(lambda: shows(hand, key, **params), timeout=3)


def picture(harness: Harness, hand: SeenMessage) -> bytes:
    [attachment] = hand.attachments
    return bytes(harness.fake.files[int(attachment["id"])])


async def test_a_waiting_hand_names_the_top_card_and_the_player_awaited_now(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Cid's hand waits while Ann plays: its top card and whom it waits for follow (merged),
    although nothing of Cid's own changed."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B1"], cid: ["R9", "G5"]},
              start="R5")
    cid_hand = await open_hand(harness, cid, session)
    assert shows(cid_hand, "table.top", card=label("R5"))
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await shows_after_the_gap(harness, cid_hand, "table.top", card=label("R7"))
    assert shows(cid_hand, "hand.waiting", player="Bob")
    assert not shows(cid_hand, "hand.waiting", player="Ann")


async def test_a_waiting_hand_follows_the_colour_chosen_and_the_moves_after_it(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Issue 34: after others' moves (a Wild whose colour is chosen, then another card), Cid's
    waiting hand names the top card and colour of now, within the merge gap, not of before."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["W", "G3"], bob: ["B8", "R1"], cid: ["R9", "G5"]},
              start="R5")
    cid_hand = await open_hand(harness, cid, session)
    assert shows(cid_hand, "table.color", color=colour("R"))
    picking = await ann.click(await open_hand(harness, ann, session), label("W"))
    assert picking.response is not None
    await ann.click(ann.message(picking.response.id), colour_label("B"))
    await shows_after_the_gap(harness, cid_hand, "table.color", color=colour("B"))
    assert shows(cid_hand, "table.top", card=label("W"))
    await bob.click(await open_hand(harness, bob, session), label("B8"))
    await shows_after_the_gap(harness, cid_hand, "table.top", card=label("B8"))
    assert shows(cid_hand, "table.color", color=colour("B"))
    assert not shows(cid_hand, "table.top", card=label("W"))


async def test_f4_a_flip_turns_the_pictures_of_the_open_hands(
        harness: Harness, players: list[VirtualUser]) -> None:
    """F-4: Ann's Flip turns every hand to its dark side; Cid's open hand, waiting, gets the
    picture of his dark faces with its text, not only its buttons."""
    ann, _, cid = players
    session = await flip_game(harness, players, F3, start="R3/T7", then=F3_THEN,
                              after_flip=F3_AFTER)
    cid_hand = await open_hand(harness, cid, session)
    light = session.game.hands[seat(session, cid)]
    assert picture(harness, cid_hand) == hand_image(light)
    ann_hand = await open_hand(harness, ann, session)
    await ann.click(ann_hand, "🟥 Red Flip")
    await harness.settle()
    harness.clock.advance(MERGE_GAP)
    dark = tuple(session.game.hands[seat(session, cid)])
    assert all(c.face is c.dark for c in dark if isinstance(c, FlipCard))
    await harness.fake.wait_for(lambda: picture(harness, cid_hand) == hand_image(dark),
                                timeout=3)
    assert shows(cid_hand, "table.top", card=label("T7"))


async def test_a_hand_is_switched_off_just_before_its_token_expires(
        harness: Harness, players: list[VirtualUser]) -> None:
    """The last edit its token allows leaves Bob's hand with what stays true: it stopped
    updating, and Refresh, which shows his hand as it is now."""
    _, bob, _ = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {bob: ["R8", "B1"]}, start="R5")
    bob_hand = await open_hand(harness, bob, session)
    harness.clock.advance(TOKEN_LIFETIME - EXPIRY_NOTICE + 1)
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.expiring"), timeout=3)
    harness.clock.advance(EXPIRY_NOTICE - LAST_EDIT)
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.stopped"), timeout=3)
    assert bob_hand.labels() == [en("button.refresh")] and not bob_hand.attachments
    assert not shows(bob_hand, "hand.waiting", player="Ann")
    await bob.click(bob_hand, en("button.refresh"))
    assert shows(bob_hand, "hand.waiting", player="Ann") and label("R8") in bob_hand.labels()


async def test_uno_end_switches_the_open_hands_off_and_takes_the_ping(
        harness: Harness) -> None:
    """`/uno end`: Bob's open hand no longer says "Waiting for Ann.", and Ann's ping goes."""
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob, cid = harness.user("Bob"), harness.user("Cid")
    await ann.slash("uno settings", turn_ping="always")
    session = await start_game(harness, [ann, bob, cid], turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5", dealer=cid)
    bob_hand = await open_hand(harness, bob, session)
    await harness.fake.wait_for(lambda: len(pings(cid, harness)) == 1, timeout=3)
    [ping] = pings(cid, harness)
    await ann.slash("uno end")
    await harness.fake.wait_for(lambda: shows(bob_hand, "hand.game_over"), timeout=3)
    assert not bob_hand.buttons() and not shows(bob_hand, "hand.waiting", player="Ann")
    await harness.fake.wait_for(lambda: harness.fake.messages[ping.id].deleted, timeout=3)


async def test_the_match_end_switches_the_losers_hands_off(harness: Harness,
                                                           players: list[VirtualUser]) -> None:
    """Ann goes out and her points reach the target: Bob's and Cid's open hands say the game
    is over instead of "Waiting for Ann."."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0, target=50)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["W", "W+4"], cid: ["W", "B1"]},
              start="R5")
    trim(session, ann, 1)
    hands = [await open_hand(harness, user, session) for user in (bob, cid)]
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    assert session.finished
    await harness.fake.wait_for(lambda: all(shows(h, "hand.game_over") for h in hands),
                                timeout=3)
    for hand in hands:
        assert not hand.buttons() and not shows(hand, "hand.waiting", player="Ann")


PING_AFTER = 30  # the default: seconds of waiting before the ping


async def _pinged(harness: Harness, turn_ping: str | None = None, turn_timer: int = 0,
                  ) -> tuple[list[VirtualUser], Any, SeenMessage]:
    """Ann, Bob, Cid; Ann, first to play, has been pinged (after PING_AFTER, by default)."""
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob, cid = harness.user("Bob"), harness.user("Cid")
    if turn_ping is not None:
        await ann.slash("uno settings", turn_ping=turn_ping)
    session = await start_game(harness, [ann, bob, cid], turn_timer=turn_timer)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B3"], cid: ["R9", "Y3"]},
              start="R5", dealer=cid)
    await table_after(harness, cid, session)
    if turn_ping is None:
        harness.clock.advance(PING_AFTER)
    # Pinged at once, whoever the deal made first may have had a ping before the deal was
    # rigged: it goes, and Ann's stays alone.
    await harness.fake.wait_for(lambda: [p.content for p in pings(cid, harness)] == [
        en("table.your_move", mention=ann.mention)], timeout=3)
    [ping] = pings(cid, harness)
    return [ann, bob, cid], session, ping


async def test_a_ping_goes_when_its_turn_ends_not_when_the_next_one_comes(
        harness: Harness) -> None:
    """Pings after 30 s: Ann's goes as soon as she moves, although Bob's is not due yet."""
    (ann, _, cid), session, ping = await _pinged(harness)
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await harness.fake.wait_for(lambda: harness.fake.messages[ping.id].deleted, timeout=3)
    assert pings(cid, harness) == []


async def test_a_ping_goes_when_its_turn_times_out(harness: Harness) -> None:
    """C-11: Ann's turn ends by the timer; her ping goes with it."""
    (ann, _, cid), session, ping = await _pinged(harness, turn_timer=60)
    version = session.game.version
    harness.clock.advance(60 - PING_AFTER)
    await harness.fake.wait_for(lambda: harness.fake.messages[ping.id].deleted, timeout=3)
    assert session.game.version > version and session.timeouts.get(str(ann.id)) == 1
    assert pings(cid, harness) == []


async def test_a_ping_goes_when_the_round_ends(harness: Harness) -> None:
    """Ann, pinged at once, goes out: the round is over, nobody is awaited, her ping goes."""
    (ann, _, cid), session, ping = await _pinged(harness, "always")
    trim(session, ann, 1)
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    assert session.game.round_over
    await harness.fake.wait_for(lambda: harness.fake.messages[ping.id].deleted, timeout=3)
    await harness.pause(0.2)
    assert pings(cid, harness) == []


async def test_the_round_end_stays_readable_after_next_round(harness: Harness,
                                                             players: list[VirtualUser]) -> None:
    """C-8: the round's end lays every hand down with its points. Next round does not turn that
    message into the new round: it keeps the reveal, without its buttons, and the new round is
    a table message of its own (the game's table from then on)."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["W", "G4"]}, start="R5")
    trim(session, ann, 1)
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    await table_after(harness, cid, session)
    reveal = table_of(cid, session)
    await harness.fake.wait_for(lambda: en("button.next_round") in reveal.labels(), timeout=3)
    revealed = reveal.text
    assert en("table.revealed") in revealed
    await cid.click(reveal, en("button.next_round"))
    assert session.message_id != reveal.id and session.game.round == 2
    assert not reveal.buttons() and reveal.text == revealed
    text = await table_after(harness, ann, session)
    assert en("table.title", round=2) in text
    assert en("button.hand") in table_of(ann, session).labels()


async def test_a_player_who_leaves_has_their_open_hand_switched_off(
        harness: Harness, players: list[VirtualUser]) -> None:
    """C-10: Bob leaves; his open hand no longer offers his cards or waits for Ann."""
    _, bob, _ = players
    session = await start_game(harness, players, turn_timer=0)
    bob_hand = await open_hand(harness, bob, session)
    await bob.slash("uno leave")
    await harness.fake.wait_for(lambda: shows(bob_hand, "error.left_game"), timeout=3)
    assert not bob_hand.buttons() and not bob_hand.attachments
