"""The table and the hand are Components V2 messages (issue 21 item 2): within Discord's limits
for the largest table and hand the bot can show, and a table posted before the layout is
converted by the bot's next edit (or, if Discord refuses that, posted anew)."""

from __future__ import annotations

from typing import Any

from bot.fake_discord.limits import (
    ACTION_ROW,
    BUTTONS_PER_ROW_MAX,
    COMPONENTS_V2_MAX,
    FLAG_COMPONENTS_V2,
    TEXT_DISPLAYS_MAX,
    check_message,
)
from bot.fake_discord.users import SeenMessage, components_of
from bot.outlets.table_pens import PenSource
from bot.render.table import render_table
from drivers.catalogue import en, en_part, label
from drivers.screen import footer_of, open_hand, table_after, table_of, title_of, trim
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

TABLE_ROUTE = "/channels/{channel_id}/messages/{message_id}"


def within_limits(message: SeenMessage) -> dict[str, int]:
    """Checks a message as Discord would take it, by the fake's own validator and by each
    limit spelt out; returns its figures."""
    assert message.v2 and message.content == "" and message.embeds == []
    assert check_message(message.payload) == []
    everything = components_of(message.payload)
    rows = [c for c in everything if c["type"] == ACTION_ROW]
    text = sum(len(t) for t in message.texts)
    assert len(everything) <= COMPONENTS_V2_MAX
    assert all(1 <= len(row["components"]) <= BUTTONS_PER_ROW_MAX for row in rows)
    assert text <= TEXT_DISPLAYS_MAX
    return {"components": len(everything), "text": text, "buttons": len(message.buttons())}


def _players(harness: Harness, count: int) -> list[VirtualUser]:
    # Discord's longest names (32 characters): the most text a seat's line can take.
    return [harness.user(f"Player {i:02d} with a rather long nam") for i in range(count)]


async def test_a_ten_seat_table_mid_game_and_at_its_round_end_fits_a_v2_message(
        harness: Harness) -> None:
    """Classic with ten seats (No Mercy stops at six): every seat's line, the log, the buttons;
    then the round's end, which lays nine hands down (C-8) beside the totals."""
    users = _players(harness, 10)
    first, last = users[0], users[-1]
    session = await start_game(harness, users, rules={"play": "jump_in"})
    await rig(harness, session, {first: ["R7"]}, start="R5", dealer=last)
    trim(session, first, 1)  # late in the round: one card left
    text = await table_after(harness, last, session)
    table = table_of(last, session)
    await harness.fake.wait_for(lambda: bool(table.pictures), timeout=3)
    figures = within_limits(table)
    assert all(user.name in text for user in users)  # every seat, readable without the picture
    assert table.pictures == ["attachment://table.png"] and table.accent is not None
    assert figures["buttons"] >= 6  # My hand, UNO!, Catch!, Rules, Jump in, Watch
    await first.click(await open_hand(harness, first, session), label("R7"))
    text = await table_after(harness, last, session)
    within_limits(table)
    assert en("table.revealed") in text and en("table.totals") in text
    # Each other seat: in Players, in the totals, and its hand laid down.
    assert all(text.count(user.name) >= 3 for user in users[1:]), text


async def test_a_thirty_card_hand_pages_within_the_v2_limits(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {}, start="R5", dealer=bob)
    game = session.game
    while len(game.hands[0]) < 30 or len(set(game.hands[0])) <= 20:  # two pages of cards
        game.hands[0].append(game.draw_pile.pop())
    hand = await open_hand(harness, ann, session)
    first = within_limits(hand)
    assert first["buttons"] <= 25 and "▶" in hand.labels()
    assert en_part("hand.page", page=1) in footer_of(hand)
    assert hand.pictures == ["attachment://hand.png"]
    await ann.click(hand, "▶")
    hand = ann.message(hand.id)
    within_limits(hand)
    assert en_part("hand.page", page=2) in footer_of(hand)


def _as_posted_before(harness: Harness, session: Any) -> int:
    """Make the table what the release before this layout posted: the ping as content, the
    table as an embed, its buttons in plain rows, no V2 flag."""
    stored = harness.fake.messages[session.message_id]
    text = render_table(session)
    rows = [c for c in components_of(stored.payload) if c["type"] == ACTION_ROW]
    shown = text.shown
    embed = {"title": shown.title, "description": shown.text, "color": shown.colour,
             "fields": [{"name": s.name, "value": s.text, "inline": False}
                        for s in shown.sections],
             "footer": {"text": shown.footer}}
    stored.payload.update(content=text.content, embeds=[embed], components=rows, flags=0)
    return int(stored.id)


async def test_a_table_posted_before_the_v2_layout_is_converted_by_the_next_edit(
        harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3", "G4"]}, start="R5", dealer=bob)
    await table_after(harness, bob, session)
    old = _as_posted_before(harness, session)
    table = bob.message(old)
    assert not table.v2 and table.embeds and table.content
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert session.message_id == old  # the same message, edited
    assert table.v2 and table.content == "" and table.embeds == []
    assert en("table.your_move", mention=bob.mention) in text
    within_limits(table)


async def test_a_table_discord_will_not_convert_is_posted_anew(harness: Harness) -> None:
    # A table of the release before was posted by another process: no click's token of this
    # one reaches it (issue 29), so the bot token's edit is the one refused.
    assert harness.bot is not None
    harness.bot.tables.pens = PenSource.NONE
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3", "G4"]}, start="R5", dealer=bob)
    await table_after(harness, bob, session)
    old = _as_posted_before(harness, session)
    harness.fake.fail_next("PATCH", TABLE_ROUTE, status=400, code=50035,
                           message="Invalid Form Body")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await harness.fake.wait_for(lambda: session.message_id not in (old, None), timeout=3)
    text = await table_after(harness, bob, session)
    table = table_of(bob, session)
    assert table.v2 and title_of(table) == en("table.title", round=1)
    assert en("table.your_move", mention=bob.mention) in text
    assert harness.fake.messages[old].deleted  # one table in the channel
    assert harness.bot is not None
    saved = await harness.bot.games._repo.load(session.game_id)
    assert saved is not None and saved.message_id == session.message_id
    assert int(harness.fake.messages[session.message_id].payload["flags"]) & FLAG_COMPONENTS_V2


async def test_a_game_running_across_the_update_converts_its_table(harness: Harness) -> None:
    """As at a deploy: the new bot restores the saved game, whose table the release before
    posted; the table is edited into the V2 layout in place, its picture kept."""
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3", "G4"]}, start="R5", dealer=bob)
    await table_after(harness, bob, session)
    await harness.fake.wait_for(lambda: bool(table_of(bob, session).attachments), timeout=3)
    await harness.settle()
    old = _as_posted_before(harness, session)
    bot = await harness.restart()
    restored = bot.games.get(session.game_id)
    assert restored is not None and restored.message_id == old
    await ann.click(await open_hand(harness, ann, restored), "🟥 Red 7")
    text = await table_after(harness, bob, restored)
    table = bob.message(old)
    assert restored.message_id == old and table.v2 and table.embeds == []
    assert en("table.your_move", mention=bob.mention) in text
    assert table.pictures == ["attachment://table.png"] and table.attachments
    within_limits(table)
