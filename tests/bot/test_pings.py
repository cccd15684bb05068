"""Turn pings (issue 18 item 2): the player the table waits for gets a new message that mentions
only them (a mention added by an edit notifies nobody), the game's previous ping is deleted, the
server chooses when, and a player may ask for a direct message too."""

from __future__ import annotations

from typing import Any

from drivers.catalogue import en
from drivers.screen import hand_text, open_hand, table_after
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

PING_AFTER = 30  # the default: seconds of waiting before the ping


def pings(user: VirtualUser, harness: Harness) -> list[Any]:
    """The turn pings `user` sees in the channel now (the table's own text is not one)."""
    return [m for m in user.public_messages()
            if not m.embeds and m.content.endswith(en("table.your_move", mention=""))]


def mentions_allowed(harness: Harness, content: str) -> Any:
    """What the bot's post of `content` allowed to notify (posted with the bot token, or as a
    follow-up through the table's token, issue 29)."""
    posted = [r.body for r in harness.fake.requests
              if r.method == "POST" and r.route in ("/channels/{channel_id}/messages",
                                                    "/webhooks/{application_id}/{token}")
              and isinstance(r.body, dict) and r.body.get("content") == content]
    assert posted, f"no post of {content!r}"
    return posted[-1].get("allowed_mentions")


async def _table(harness: Harness, turn_ping: str | None = None,
                 **settings: Any) -> tuple[list[VirtualUser], Any]:
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob, cid = harness.user("Bob"), harness.user("Cid")
    if turn_ping is not None:
        await ann.slash("uno settings", turn_ping=turn_ping)
    for user, options in settings.items():
        await {"bob": bob}[user].slash("uno settings", **options)
    session = await start_game(harness, [ann, bob, cid])
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B3"], cid: ["R9", "Y3"]},
              start="R5", dealer=cid)
    await table_after(harness, cid, session)
    if turn_ping == "always":  # whoever the deal made first was pinged: only Ann's ping stays
        await harness.fake.wait_for(lambda: [p.content for p in pings(cid, harness)] == [
            en("table.your_move", mention=ann.mention)], timeout=3)
    return [ann, bob, cid], session


async def test_each_newly_awaited_player_gets_a_ping_that_replaces_the_last(
        harness: Harness) -> None:
    (ann, bob, cid), session = await _table(harness, "always")
    # The ping of whoever was awaited before the deal was rigged was replaced by Ann's (the
    # table, edited through its Start answer's token, may show the rigged deal first).
    [first] = pings(cid, harness)
    assert mentions_allowed(harness, first.content)["users"] == [ann.id]
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await harness.fake.wait_for(
        lambda: [p.content for p in pings(cid, harness)]
        == [en("table.your_move", mention=bob.mention)], timeout=3)
    assert harness.fake.messages[first.id].deleted  # Ann's ping went with her turn
    assert mentions_allowed(harness, en("table.your_move", mention=bob.mention))["users"] == [
        bob.id]


async def test_by_default_the_ping_comes_after_half_a_minute_of_waiting(
        harness: Harness) -> None:
    (ann, bob, cid), session = await _table(harness)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await table_after(harness, cid, session)
    harness.clock.advance(PING_AFTER - 5)
    await harness.pause(0.2)
    assert pings(cid, harness) == []  # a table at a person's pace costs no pings
    harness.clock.advance(5)
    await harness.fake.wait_for(
        lambda: [p.content for p in pings(cid, harness)]
        == [en("table.your_move", mention=bob.mention)], timeout=3)


async def test_a_server_may_switch_pings_off(harness: Harness) -> None:
    (ann, bob, cid), session = await _table(harness, "never")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await table_after(harness, cid, session)
    harness.clock.advance(10 * PING_AFTER)
    await harness.pause(0.2)
    assert pings(cid, harness) == []


async def test_a_player_may_ask_for_a_direct_message_too(harness: Harness) -> None:
    (ann, bob, cid), session = await _table(harness, "always", bob={"dm_turns": True})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    channel = f"<#{harness.fake.channel.id}>"
    await harness.fake.wait_for(
        lambda: harness.fake.direct_messages.get(bob.id) == [en("ping.dm", channel=channel)],
        timeout=3)
    assert ann.id not in harness.fake.direct_messages  # she did not ask for them


async def test_closed_direct_messages_switch_the_option_off_and_say_so_once(
        harness: Harness) -> None:
    (ann, bob, cid), session = await _table(harness, "always", bob={"dm_turns": True})
    harness.fake.dms_closed.add(bob.id)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    bot = harness.bot
    assert bot is not None
    await harness.fake.wait_for(lambda: not bot.settings.user(bob.id).dm_turns, timeout=3)
    assert en("ping.dms_closed") in hand_text(await open_hand(harness, bob, session))
    assert en("ping.dms_closed") not in hand_text(await open_hand(harness, bob, session))


async def test_a_draw_that_keeps_the_turn_starts_the_wait_for_the_ping_again(
        harness: Harness) -> None:
    """Ann draws a card she may play: still her turn, and her wait counts from the draw, so her
    ping comes half a minute after it, not half a minute after her turn began (she just moved)."""
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await start_game(harness, [ann, bob, cid])
    await rig(harness, session, {ann: ["G7", "G3"], bob: ["R8", "B3"], cid: ["R9", "Y3"]},
              start="R5", then=("R1",), dealer=cid)
    await table_after(harness, cid, session)
    harness.clock.advance(PING_AFTER - 10)
    await harness.pause(0.2)
    before = session.version
    await ann.click(await open_hand(harness, ann, session), "Draw")
    await harness.fake.wait_for(lambda: session.version > before, timeout=3)
    assert session.view().turn == str(ann.id)  # the drawn Red 1 may be played: her turn still
    await table_after(harness, cid, session)
    harness.clock.advance(PING_AFTER - 5)  # 45 s into her turn, 25 s after her draw
    await harness.pause(0.2)
    assert pings(cid, harness) == []
    harness.clock.advance(5)
    await harness.fake.wait_for(
        lambda: [p.content for p in pings(cid, harness)]
        == [en("table.your_move", mention=ann.mention)], timeout=3)
