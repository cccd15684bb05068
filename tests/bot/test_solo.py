"""`/uno solo` through the fake Discord (issue 30): a match against AI players in the bot's DM,
to its end, with a restart and an expired token on the way; privately in a server channel;
its results in the player's own stats, unrated."""

from __future__ import annotations

import random
from typing import Any

from bot.fake_discord.users import SeenMessage
from bot.rating import NEW_PLAYER
from bot.render.pictures import HAND_FILE, TABLE_FILE
from bot.render.table import waiting_player
from bot.services.results import OWN_STATS
from bot.services.solo import solo_channel
from bot.storage import StatsRepository
from bot.ui.controls import TableControl
from drivers.catalogue import en
from drivers.controls import is_colour, is_pick, is_play, table_control
from tests.fake_discord import VirtualUser

from .harness import Harness

TOKEN_LIFETIME = 15 * 60.0


def _everywhere(harness: Harness) -> None:
    """Commands synced globally, as a bot in production: a development guild's commands are
    not offered in DMs."""
    harness.settings_overrides["dev_guild_id"] = None


def _choice(message: SeenMessage, rng: random.Random) -> dict[str, Any] | None:
    """A legal control of the solo message: Next round, a colour, a playable card, Pass or
    Draw, as a player would pick."""
    buttons = [b for b in message.buttons() if not b.get("disabled")]
    nexts = [b for b in buttons if table_control(b) is TableControl.NEXT]
    for group in (nexts, [b for b in buttons if is_colour(b)], [b for b in buttons if b.get(
            "label") in (en("button.challenge"), en("button.accept"))],
                  [b for b in buttons if b.get("style") in (3, 4) and table_control(b) is None]):
        if group:
            return rng.choice(group)
    for label in (en("button.pass"), en("button.draw")):
        found = [b for b in buttons if b.get("label") == label]
        if found:
            return found[0]
    # A message no token has kept current (after a restart, or 15 minutes on): any of its
    # buttons brings it up to date.
    return rng.choice(buttons) if buttons else None


async def _play(harness: Harness, user: VirtualUser, message_id: int, session: Any,
                rng: random.Random, *, until: Any, limit: int = 400) -> None:
    """Click legal controls on the solo message until `until()`; after each click the AI
    players move and the message follows through the click's token."""
    for _ in range(limit):
        if until():
            return
        await harness.fake.wait_for(
            lambda: session.finished or session.game.round_over  # noqa: B023
            or waiting_player(session) == str(user.id), timeout=5)
        await harness.settle()
        if until():
            return
        message = user.message(message_id)
        choice = _choice(message, rng)
        assert choice is not None, message.text
        handle = await user.click(message, custom_id=choice["custom_id"])
        assert handle.acknowledged
        if is_pick(choice):
            picked = user.message(message_id)
            colour = rng.choice([b for b in picked.buttons() if is_play(b)])
            await user.click(picked, custom_id=colour["custom_id"])
    raise AssertionError("the solo game did not get there")


def _solo_requests_with_bot_token(harness: Harness, channel_id: int) -> list[str]:
    return [r.path for r in harness.fake.requests if r.route.startswith("/channels/")
            and str(channel_id) in r.path]


async def test_a_solo_match_in_the_bots_dm_to_its_end_with_a_restart(
        harness: Harness) -> None:
    _everywhere(harness)
    await harness.restart()
    ann = harness.user("Ann")
    harness.fake.install_for(ann.member)
    dm = ann.in_channel(harness.fake.bot_dm(ann.member))
    handle = await dm.slash("uno solo", ais=2, level="easy", target=50)
    message = handle.response
    assert message is not None and not message.ephemeral  # the player's own DM
    bot = harness.bot
    assert bot is not None
    session = bot.games.in_channel(solo_channel(ann.id))
    assert session is not None and session.solo
    assert session.game.players == (str(ann.id), "ai:11", "ai:21")
    rng = random.Random(4)
    # A few moves, then the bot restarts: the game is back, and the next click catches up.
    start = session.version
    await _play(harness, dm, message.id, session, rng,
                until=lambda: session.version >= start + 6)
    await harness.restart()
    bot = harness.bot
    assert bot is not None
    session = bot.games.in_channel(solo_channel(ann.id))
    assert session is not None and session.solo and session.version >= start + 6
    # A quarter of an hour and more goes by: no token reaches the message any more.
    harness.clock.advance(TOKEN_LIFETIME + 60)
    assert not bot.token_tables.reachable(session.game_id)
    await _play(harness, dm, message.id, session, rng, until=lambda: session.finished,
                limit=2000)
    # The last move (maybe an AI's) is saved, then shown through the newest token.
    await harness.fake.wait_for(lambda: en("solo.again") in dm.message(message.id).text)
    # Everything went through interactions: the bot's token never touched the DM.
    assert _solo_requests_with_bot_token(harness, dm.channel.id if dm.channel else 0) == []
    stats = StatsRepository(bot.db, clock=bot.clock.now)
    mine = await stats.player_stats(OWN_STATS, ann.id)
    assert mine is not None and mine.matches == 1
    # People are rated only against people (issue 19): the skill is a new player's still.
    assert (mine.mu, mine.sigma) == (NEW_PLAYER.mu, NEW_PLAYER.sigma)


async def test_solo_in_a_server_channel_is_private_and_asking_again_shows_it(
        harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    handle = await ann.slash("uno solo", ais=1)
    message = handle.response
    assert message is not None and message.ephemeral
    assert bob.messages() == []  # nothing in the channel for anyone else
    assert harness.bot is not None
    assert harness.bot.games.in_channel(harness.fake.channel.id) is None  # the channel is free
    again = (await ann.slash("uno solo", ais=5)).response
    assert again is not None and again.ephemeral and en("solo.resumed") in again.text
    session = harness.bot.games.in_channel(solo_channel(ann.id))
    assert session is not None and len(session.game.players) == 2  # the options changed nothing


async def test_leaving_a_solo_game_in_the_dm_ends_it(harness: Harness) -> None:
    _everywhere(harness)
    await harness.restart()
    ann = harness.user("Ann")
    dm = ann.in_channel(harness.fake.bot_dm(ann.member))
    await dm.slash("uno solo")
    assert harness.bot is not None
    assert harness.bot.games.in_channel(solo_channel(ann.id)) is not None
    answer = (await dm.slash("uno leave")).response
    assert answer is not None and answer.text == en("lobby.game_ended")
    assert harness.bot.games.in_channel(solo_channel(ann.id)) is None


def _shown_files(message: SeenMessage) -> dict[str, str]:
    """The pictures the message shows, by file name, with their attachments' ids: a picture
    shown must be an attachment of the message."""
    files = {a["filename"]: str(a["id"]) for a in message.attachments}
    shown = [url.removeprefix("attachment://") for url in message.pictures]
    assert all(name in files for name in shown), (shown, files)
    return {name: files[name] for name in shown}


async def test_the_solo_message_shows_the_table_and_hand_pictures(harness: Harness) -> None:
    _everywhere(harness)
    await harness.restart()
    ann = harness.user("Ann")
    harness.fake.install_for(ann.member)
    dm = ann.in_channel(harness.fake.bot_dm(ann.member))
    message = (await dm.slash("uno solo", ais=1, level="easy")).response
    assert message is not None
    # The answer's token attaches the pictures a server's table and hand show.
    await harness.fake.wait_for(
        lambda: set(_shown_files(dm.message(message.id))) == {TABLE_FILE, HAND_FILE})
    first = _shown_files(dm.message(message.id))
    bot = harness.bot
    assert bot is not None
    session = bot.games.in_channel(solo_channel(ann.id))
    assert session is not None
    start = session.version
    await _play(harness, dm, message.id, session, random.Random(3),
                until=lambda: session.version >= start + 2)
    await harness.settle()
    # The game moved on: its pictures are new attachments, shown in place of the old ones.
    await harness.fake.wait_for(
        lambda: _shown_files(dm.message(message.id)).get(TABLE_FILE) not in (
            None, first[TABLE_FILE]))
    assert set(_shown_files(dm.message(message.id))) <= {TABLE_FILE, HAND_FILE}
