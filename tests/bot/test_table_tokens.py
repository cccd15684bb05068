"""Tables edited through interaction tokens (issue 29): the answer that posted a table, and each
click on it answered by updating it, may edit the table through its token for 15 minutes
(docs/DISCORD-FACTS.md, "Which edits of the public table an interaction token may make"), so
such edits spend none of the bot token's 50 requests a second; past them, or when Discord
refuses the token, the bot token edits the table, each table waiting for its share of the
request budget, and then one edit shows everything the table missed."""

from __future__ import annotations

import gc
import logging
from typing import Any

import pytest

from bot.fake_discord.api import UPDATE_MESSAGE
from bot.fake_discord.request_gate import DROPPED
from bot.outlets import table_pens
from bot.outlets.table_pens import PenSource
from drivers.catalogue import card_name, en
from drivers.screen import open_hand, table_after, table_of, trim
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

TABLE_EDIT = "/channels/{channel_id}/messages/{message_id}"
TOKEN_EDIT = "/webhooks/{application_id}/{token}/messages/{message_id}"
FOLLOW_UP = "/webhooks/{application_id}/{token}"  # a new message through a token
PING_AFTER = 30.0  # seconds a player is awaited before their ping (the servers' default)


def bot_token_requests(h: Harness) -> int:
    """Requests the bot made with its own token so far, as the fake counts them."""
    return h.fake.bot_requests.figures().total


def played(player: str, code: str) -> str:
    return en("event.played", player=player, card=card_name(code))


async def _game(h: Harness) -> tuple[VirtualUser, VirtualUser, Any]:
    """Ann and Bob, Ann to move; no turn pings, so only the table could spend the bot token."""
    ann, bob = h.user("Ann", permissions=["manage_guild"]), h.user("Bob")
    await ann.slash("uno settings", turn_ping="never")
    session = await start_game(h, [ann, bob], turn_timer=0)
    await rig(h, session, {ann: ["R7", "R3", "G4"], bob: ["R8", "R9", "B4"]}, start="R5",
              dealer=bob)
    await table_after(h, bob, session)
    await h.settle()
    return ann, bob, session


async def test_a_click_on_the_table_gives_it_a_token_that_edits_it_for_15_minutes(
        harness: Harness) -> None:
    h = harness
    ann, bob, session = await _game(h)
    # The table is the answer to Start: that answer's token edits it.
    before = bot_token_requests(h)
    await ann.click(await open_hand(h, ann, session), "🟥 Red 7")
    assert played("Ann", "R7") in await table_after(h, bob, session)
    await h.settle()
    assert bot_token_requests(h) == before
    # Past its 15 minutes that token is not used any more: the bot token edits the table.
    h.clock.advance(15 * 60)
    await bob.click(await open_hand(h, bob, session), "🟥 Red 8")
    await table_after(h, ann, session)
    assert bot_token_requests(h) > before
    trim(session, ann, 2)
    await ann.click(await open_hand(h, ann, session), "🟥 Red 3")
    await table_after(h, bob, session)
    # Ann calls UNO! on the table: the click's answer updates the table, and from now on the
    # click's token edits it.
    called = await ann.click(table_of(ann, session), en("button.uno"))
    assert called.record.ack_type == UPDATE_MESSAGE
    await h.settle()
    before, seen = bot_token_requests(h), len(h.fake.requests)
    await bob.click(await open_hand(h, bob, session), "🟥 Red 9")
    assert played("Bob", "R9") in await table_after(h, ann, session)
    await h.settle()
    assert bot_token_requests(h) == before
    through = [r for r in h.fake.requests[seen:] if r.method == "PATCH"
               and r.route == TOKEN_EDIT and r.path.endswith(f"{called.record.token}"
                                                             "/messages/@original")]
    assert through and all(r.status == 200 for r in through)


async def test_a_token_discord_refuses_falls_back_to_the_bot_token(harness: Harness) -> None:
    h = harness
    ann, bob, session = await _game(h)
    # Discord lets go of the Start answer's token earlier than the bot counts on: its edit is
    # refused (401, 50027), and the bot token edits the table instead, at once.
    h.fake.token_lifetime = 60.0
    h.clock.advance(61)
    before, seen = bot_token_requests(h), len(h.fake.requests)
    await ann.click(await open_hand(h, ann, session), "🟥 Red 7")
    assert played("Ann", "R7") in await table_after(h, bob, session)
    await h.settle()
    assert bot_token_requests(h) > before
    refused = [r for r in h.fake.requests[seen:] if r.route == TOKEN_EDIT and r.status == 401]
    edited = [r for r in h.fake.requests[seen:] if r.route == TABLE_EDIT and r.status == 200]
    assert refused and edited
    assert {v.code for v in h.fake.take_violations()} == {50027}
    # The refused token is dropped: the next edit goes with the bot token without trying it.
    seen = len(h.fake.requests)
    await bob.click(await open_hand(h, bob, session), "🟥 Red 8")
    await table_after(h, ann, session)
    await h.settle()
    assert not [r for r in h.fake.requests[seen:] if r.route == TOKEN_EDIT and r.status == 401]


async def test_under_a_short_budget_a_table_catches_up_in_one_edit(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    assert h.bot is not None
    h.bot.tables.pens = PenSource.NONE  # no token reaches the table: the bot token edits it
    ann, bob, session = await _game(h)
    # A budget of one request a second, of which table edits may use a twentieth: the table
    # may be edited once every 20 s.
    h.bot.budget.rate = 1.0
    monkeypatch.setattr(table_pens, "TABLE_SHARE", 0.05)
    seen = len(h.fake.requests)
    await ann.click(await open_hand(h, ann, session), "🟥 Red 7")
    await bob.click(await open_hand(h, bob, session), "🟥 Red 8")
    await ann.click(await open_hand(h, ann, session), "🟥 Red 3")

    def table_edits() -> list[Any]:
        return [r for r in h.fake.requests[seen:]
                if r.method == "PATCH" and r.route == TABLE_EDIT
                and r.path.endswith(f"/{session.message_id}")]

    assert table_edits() == []  # the table waits for its share of the budget
    h.clock.advance(20)
    text = await table_after(h, bob, session)
    assert len(table_edits()) == 1  # one edit brought all three moves
    assert all(played(who, code) in text
               for who, code in (("Ann", "R7"), ("Bob", "R8"), ("Ann", "R3")))


async def ann_awaited(h: Harness) -> tuple[VirtualUser, VirtualUser, Any]:
    """Ann and Bob's game (rigged: Ann plays R7 first), its table shown and settled: Ann is
    awaited, and her ping comes PING_AFTER later, through the table's token."""
    ann, bob = h.user("Ann"), h.user("Bob")
    session = await start_game(h, [ann, bob], turn_timer=0)
    await rig(h, session, {ann: ["R7", "R3", "G4"], bob: ["R8", "R9", "B4"]}, start="R5",
              dealer=bob)
    await table_after(h, bob, session)
    await h.settle()
    return ann, bob, session


async def test_a_turn_ping_is_a_follow_up_of_the_tables_token(harness: Harness) -> None:
    """A ping is a new message (its mention notifies): through the table's token it is a
    follow-up of that interaction, posted and deleted without the bot token."""
    h = harness
    ann, bob, session = await ann_awaited(h)
    before, seen = bot_token_requests(h), len(h.fake.requests)
    suffix = en("table.your_move", mention="")

    def pings() -> list[Any]:
        return [m for m in bob.public_messages() if m.content.endswith(suffix)]

    h.clock.advance(PING_AFTER)  # the server's default: Ann has been awaited long enough
    await h.fake.wait_for(lambda: [m.content for m in pings()] == [
        en("table.your_move", mention=ann.mention)], timeout=3)
    [first] = pings()
    await ann.click(await open_hand(h, ann, session), "🟥 Red 7")
    await h.fake.wait_for(lambda: h.fake.messages[first.id].deleted, timeout=3)
    h.clock.advance(PING_AFTER)
    await h.fake.wait_for(lambda: [m.content for m in pings()] == [
        en("table.your_move", mention=bob.mention)], timeout=3)
    await h.settle()
    assert bot_token_requests(h) == before
    routes = {(r.method, r.route) for r in h.fake.requests[seen:]}
    assert {("POST", "/webhooks/{application_id}/{token}"), ("DELETE", TOKEN_EDIT)} <= routes


async def test_a_ping_whose_follow_up_loses_its_connection_is_posted_with_the_bot_token(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Discord's connection drops under the ping's follow-up through the table's token
    (discord.py passes a dropped connection on as aiohttp's error): the ping is posted with the
    bot token instead, as when the token is refused, and nothing is logged as an error."""
    h = harness
    ann, bob, session = await ann_awaited(h)
    seen = len(h.fake.requests)
    h.fake.drop_next("POST", FOLLOW_UP)
    h.clock.advance(PING_AFTER)
    suffix = en("table.your_move", mention="")
    await h.fake.wait_for(lambda: [m.content for m in bob.public_messages()
                                   if m.content.endswith(suffix)] == [
        en("table.your_move", mention=ann.mention)], timeout=3)
    sent = [(r.method, r.route, r.status) for r in h.fake.requests[seen:]]
    assert ("POST", FOLLOW_UP, DROPPED) in sent
    assert ("POST", "/channels/{channel_id}/messages", 200) in sent
    gc.collect()  # a task left with an exception says so when it is collected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_a_ping_whose_deletion_loses_its_connection_is_deleted_with_the_bot_token(
        harness: Harness) -> None:
    """The ping is a follow-up of the table's token; when its turn ends the connection drops
    under its deletion through that token, twice (aiohttp itself tries a DELETE on a reused
    connection once more): the bot token deletes it instead."""
    h = harness
    ann, bob, session = await ann_awaited(h)
    h.clock.advance(PING_AFTER)
    suffix = en("table.your_move", mention="")
    await h.fake.wait_for(lambda: any(m.content.endswith(suffix)
                                      for m in bob.public_messages()), timeout=3)
    [ping] = [m for m in bob.public_messages() if m.content.endswith(suffix)]
    seen = len(h.fake.requests)
    h.fake.drop_next("DELETE", TOKEN_EDIT, times=2)
    await ann.click(await open_hand(h, ann, session), "🟥 Red 7")
    await h.fake.wait_for(lambda: h.fake.messages[ping.id].deleted, timeout=3)
    sent = [(r.method, r.route, r.status) for r in h.fake.requests[seen:]]
    assert sent.count(("DELETE", TOKEN_EDIT, DROPPED)) == 2
    assert ("DELETE", TABLE_EDIT, 204) in sent
