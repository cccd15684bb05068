"""The bot's seams seen from outside: ids of messages posted before an upgrade keep working, an id
no item reads is answered, and a failure in a command or a click gets the user an answer."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.engine import card
from bot.fake_discord.limits import FLAG_EPHEMERAL
from bot.fake_discord.users import Stranger
from drivers.catalogue import en
from drivers.screen import open_hand
from tests.fake_discord import SeenMessage, VirtualUser

from .harness import Harness
from .harness import red_seven_for_ann as dealt


async def post_buttons(h: Harness, session: Any, custom_ids: list[str]) -> SeenMessage:
    """A message of the bot's in the game's channel with buttons carrying exactly these ids,
    as an older release of the bot posted them (no item of today's builds them)."""
    assert h.bot is not None
    view = discord.ui.View(timeout=None)
    for number, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"b{number}", custom_id=custom_id))
    channel = h.bot.get_partial_messageable(session.channel_id, guild_id=session.guild_id)
    message = await channel.send("an older message", view=view)
    view.stop()  # the message is only a carrier of ids: today's items must answer its clicks
    return SeenMessage(h.fake.messages[message.id])


def as_hand_of(h: Harness, message: SeenMessage, user: VirtualUser) -> SeenMessage:
    """Make a carrier message private to `user`, as a hand answered to them was (the fake keeps
    its messages as Discord holds them; an older hand cannot be posted any other way)."""
    stored = h.fake.messages[message.id]
    stored.visible_to = user.id
    stored.payload["flags"] |= FLAG_EPHEMERAL
    return SeenMessage(stored)


async def test_ids_posted_by_the_previous_release_still_act(harness: Harness) -> None:
    """The formats of ids on messages already posted: a table button, a card, Draw, a page."""
    ann, bob, session = await dealt(harness)
    gid, version = session.game_id, session.game.version
    # The table as posted: My hand opens the hand (the table's id is its game's table).
    table = harness.fake.messages[session.message_id]
    assert f"uno:t:{gid}:hand" in [b["custom_id"] for b in SeenMessage(table).buttons()]
    hand = (await ann.click(SeenMessage(table), custom_id=f"uno:t:{gid}:hand")).response
    assert hand is not None and hand.ephemeral and hand.v2
    # Hands as an older release posted them (each answer redraws the hand it is on): a card
    # and a page arrow.
    card_id, page_id = (f"uno:c:{gid}:{version}:act:play:R7:-:-:-",
                        f"uno:c:{gid}:{version}:page:0:next")
    old = as_hand_of(harness, await post_buttons(harness, session, [card_id]), ann)
    await ann.click(old, custom_id=card_id)
    assert session.game.discard[-1] is card("R7") and session.game.version > version
    # The page arrow names an older version: a hand is redrawn whatever the version.
    old = as_hand_of(harness, await post_buttons(harness, session, [page_id]), ann)
    page = (await ann.click(old, custom_id=page_id)).response
    assert page is not None and page.v2


@pytest.mark.parametrize("suffix", [
    "dance",                    # a control this release does not know
    "act:play:R7:-:-",          # a part missing
    "act:play:ZZ:-:-:-",        # a card that does not exist
    "color:R:extra",            # a part too many
])
async def test_an_id_no_item_reads_is_answered_as_out_of_date(harness: Harness,
                                                             suffix: str) -> None:
    ann, bob, session = await dealt(harness)
    custom_id = f"uno:c:{session.game_id}:{session.game.version}:{suffix}"
    old = await post_buttons(harness, session, [custom_id])
    version = session.game.version
    answer = (await ann.click(old, custom_id=custom_id)).response
    assert answer is not None and answer.ephemeral
    assert answer.content == en("error.stale_button")
    assert session.game.version == version


async def test_a_non_ascii_digit_is_refused_not_read(harness: Harness) -> None:
    """`int("٣")` is 3 in Python; an id is read with ASCII digits only."""
    ann, bob, session = await dealt(harness)
    arabic = str(session.game.version).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    custom_id = f"uno:c:{session.game_id}:{arabic}:draw"
    old = await post_buttons(harness, session, [custom_id])
    version = session.game.version
    answer = (await ann.click(old, custom_id=custom_id)).response
    assert answer is not None and answer.content == en("error.stale_button")
    assert session.game.version == version


async def test_a_failing_click_is_answered_with_an_apology(harness: Harness,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob, session = await dealt(harness)
    hand = await open_hand(harness, ann, session)
    assert harness.bot is not None

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(harness.bot.games, "act", broken)
    answer = (await ann.click(hand, "Draw")).response
    assert answer is not None and answer.ephemeral
    assert answer.content == en("error.unexpected")
    assert any("a bug" in e for e in harness.session.take_bot_errors())


async def test_a_failing_command_is_answered_with_an_apology(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    ann = harness.user("Ann")
    assert harness.bot is not None

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(harness.bot.lobbies, "get", broken)
    answer = (await ann.slash("uno rules")).response
    assert answer is not None and answer.ephemeral
    assert answer.content == en("error.unexpected")
    assert any("a bug" in e for e in harness.session.take_bot_errors())


async def test_a_member_option_naming_a_stranger_is_refused(harness: Harness) -> None:
    """Discord resolves a user who left the server as a user without a member: discord.py's
    transformer fails before the command runs, and that failure is answered too."""
    ann = harness.user("Ann")
    await ann.slash("uno create")
    stranger = Stranger(id=999_000_111, name="*Gone*")
    answer = (await ann.slash("uno kick", player=stranger)).response
    assert answer is not None and answer.ephemeral
    assert answer.content == en("error.bad_option", value=r"\*Gone\*")
