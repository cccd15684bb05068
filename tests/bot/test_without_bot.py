"""Games where the bot is not a member (issue 30), through the fake Discord: a group DM and a
server that never invited the bot, reached through Ann's own install of the app. Everything
goes through interactions: the fake fails the test on any bot-token call into these channels
(403, 50001 Missing Access)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.fake_discord.request_gate import DROPPED
from bot.fake_discord.users import SeenMessage
from bot.fake_discord.world import Channel
from bot.render.pictures import TABLE_FILE
from bot.render.table import waiting_player
from bot.ui.items import RulesSelect, read_id
from drivers.catalogue import en
from tests.fake_discord import VirtualUser

from .harness import Driver, Harness

TOKEN_LIFETIME = 15 * 60.0


async def _everywhere(harness: Harness) -> None:
    """Global commands, as in production (a development guild's are offered only there)."""
    harness.settings_overrides["dev_guild_id"] = None
    await harness.restart()


async def _ann_and_bob_in_a_group_dm(harness: Harness) -> tuple[Channel, list[VirtualUser]]:
    """Ann and Bob, each with the app installed, in a group DM of theirs (the bot is not in it)."""
    await _everywhere(harness)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    for user in (ann, bob):
        harness.fake.install_for(user.member)
    group: Channel = harness.fake.add_group_dm("pair", [ann.member, bob.member])
    return group, [u.in_channel(group) for u in (ann, bob)]


async def _lobby_and_start(harness: Harness, users: list[VirtualUser]) -> Any:
    """The first user opens a lobby, the others join with its button, the first starts it."""
    host, *others = users
    lobby = (await host.slash("uno create")).response
    assert lobby is not None and not lobby.ephemeral
    assert en("anywhere.limits") in lobby.text
    for user in others:
        await user.click(lobby.id, en("button.join"))
    assert all(user.name in host.message(lobby.id).text for user in others)
    table = (await host.click(lobby.id, en("button.start"))).response
    assert table is not None and table.id != lobby.id
    assert harness.bot is not None
    session = harness.bot.games.in_channel(host.channel.id if host.channel else 0)
    assert session is not None and session.tokens
    await harness.fake.wait_for(lambda: session.message_id == table.id)
    return session


async def _hand(user: VirtualUser, session: Any) -> SeenMessage:
    """My hand on the table: the click's answer updates the table, the hand follows it."""
    handle = await user.click(session.message_id, en("button.hand"))
    assert handle.response is not None and handle.response.id == session.message_id
    # The hand follows the answer (a turn ping may be a follow-up of this click as well).
    await handle.fake.wait_for(lambda: any(m.ephemeral for m in handle.followups))
    return next(m for m in handle.followups if m.ephemeral)


async def _play_round(harness: Harness, users: list[VirtualUser], session: Any,
                      *, expire_after: int | None = None) -> None:
    driver = Driver(harness, users, seed=7)
    by_id = {str(u.id): u for u in users}
    for step in range(600):
        if session.game.round_over:
            return
        if step == expire_after:  # everyone's tokens run out: the next click catches up
            await harness.settle()
            await harness.pause(0.3)  # the open hands' edits land first (not mid-request)
            harness.clock.advance(TOKEN_LIFETIME + 60)
            assert harness.bot is not None
            assert not harness.bot.token_tables.reachable(session.game_id)
        waiting = waiting_player(session)
        user = by_id.get(waiting or "")
        assert user is not None
        hand = await _hand(user, session)
        if waiting_player(session) != waiting:
            continue
        await driver._act_in_hand(user, hand)
    raise AssertionError("the round did not end")


async def test_three_people_play_a_round_in_a_group_dm(harness: Harness) -> None:
    await _everywhere(harness)
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    harness.fake.install_for(ann.member)  # only Ann has the app; Bob and Cid click its buttons
    group: Channel = harness.fake.add_group_dm("friends", [ann.member, bob.member, cid.member])
    users = [u.in_channel(group) for u in (ann, bob, cid)]
    session = await _lobby_and_start(harness, users)
    await _play_round(harness, users, session, expire_after=6)
    await harness.fake.wait_for(lambda: en("button.next_round") in users[1].message(
        session.message_id).labels())
    # Turn pings came as follow-ups of the table's tokens; each was deleted when its turn
    # ended, unless its token had expired by then (the one from before the 15 minutes), and
    # the round's last may still be on its way out.
    ping = en("table.your_move", mention="\0").split("\0")[1]
    pings = [m for m in harness.fake.messages.values()
             if m.channel_id == group.id and ping in str(m.payload.get("content"))]
    assert len(pings) > 3
    assert len([m for m in pings if not m.deleted]) <= 2
    # The round is recorded in the group DM's own place: its leaderboard names the winner.
    winner = session.names[session.game.players[session.game.round_winner]]
    board = (await users[0].slash("uno leaderboard", board="points")).response
    assert board is not None and not board.ephemeral and winner in board.text


async def test_a_game_in_a_server_without_the_bot(harness: Harness) -> None:
    await _everywhere(harness)
    elsewhere = harness.fake.add_guild("Friends' server", has_bot=False)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    for user in (ann, bob):
        harness.fake.join(user.member, elsewhere)
    harness.fake.install_for(ann.member)
    users = [u.in_channel(elsewhere.channels[0]) for u in (ann, bob)]
    session = await _lobby_and_start(harness, users)
    before = session.version
    waiting = next(u for u in users if str(u.id) == waiting_player(session))
    await Driver(harness, users, seed=1)._act_in_hand(waiting, await _hand(waiting, session))
    await harness.fake.wait_for(lambda: session.version > before)
    # After a restart the game is back; the next click on its table brings it up to date.
    await harness.restart()
    assert harness.bot is not None
    session = harness.bot.games.in_channel(elsewhere.channels[0].id)
    assert session is not None and session.tokens
    waiting = next(u for u in users if str(u.id) == waiting_player(session))
    assert session.message_id is not None
    table_edits = waiting.message(session.message_id).edits
    hand = await _hand(waiting, session)
    assert waiting.message(session.message_id).edits > table_edits  # the click's answer
    before = session.version
    await Driver(harness, users, seed=2)._act_in_hand(waiting, hand)
    await harness.fake.wait_for(lambda: session.version > before)
    # The bot never got this server (no GUILD_CREATE): it is not a member.
    assert harness.bot is not None and harness.bot.get_guild(elsewhere.id) is None


async def test_silence_is_refused_where_the_bot_cannot_see_messages(harness: Harness) -> None:
    await _everywhere(harness)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    harness.fake.install_for(ann.member)
    group = harness.fake.add_group_dm("pair", [ann.member, bob.member])
    host = ann.in_channel(group)
    lobby = (await host.slash("uno create")).response
    assert lobby is not None
    menu = next(s for s in lobby.selects()
                if isinstance(item := read_id(s["custom_id"]), RulesSelect)
                and item.group == "silence")
    handle = await host.choose(lobby, "twos", custom_id=menu["custom_id"])
    assert handle.response is not None and handle.response.ephemeral
    assert handle.response.text == en("anywhere.no_silence")


async def test_a_command_that_needs_the_bots_server_says_what_works_here(
        harness: Harness) -> None:
    await _everywhere(harness)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    harness.fake.install_for(ann.member)
    group = harness.fake.add_group_dm("pair", [ann.member, bob.member])
    answer = (await ann.in_channel(group).slash("uno rules")).response
    assert answer is not None and answer.ephemeral
    assert answer.text == en("error.not_here", commands=(
        "/uno create, /uno end, /uno help, /uno leaderboard, /uno leave, /uno settings, /uno solo, "
        "/uno stats"))


async def test_uno_is_declared_for_both_installs_and_every_context(harness: Harness) -> None:
    """The payload Discord got (held to its OpenAPI spec by the fake): installable to servers
    and users, usable in servers, the bot's DM and group DMs."""
    await _everywhere(harness)
    [uno] = [c for c in harness.fake.global_commands if c["name"] == "uno"]
    assert sorted(uno["integration_types"]) == [0, 1]
    assert sorted(uno["contexts"]) == [0, 1, 2]


async def test_a_table_reached_through_tokens_shows_its_picture(harness: Harness) -> None:
    await _everywhere(harness)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    harness.fake.install_for(ann.member)
    group: Channel = harness.fake.add_group_dm("pair", [ann.member, bob.member])
    users = [u.in_channel(group) for u in (ann, bob)]
    session = await _lobby_and_start(harness, users)

    def picture() -> str | None:  # the attachment the table's picture is, if it shows one
        table = users[1].message(session.message_id)
        files = {a["filename"]: str(a["id"]) for a in table.attachments}
        shown = [url.removeprefix("attachment://") for url in table.pictures]
        assert all(name in files for name in shown), (shown, files)
        return files[TABLE_FILE] if shown == [TABLE_FILE] else None

    await harness.fake.wait_for(lambda: picture() is not None)  # as a server's table
    first = picture()
    waiting = next(u for u in users if str(u.id) == waiting_player(session))
    hand = await _hand(waiting, session)
    assert picture() == first  # the click's answer keeps the picture the table has
    before = session.version
    await Driver(harness, users, seed=1)._act_in_hand(waiting, hand)
    await harness.fake.wait_for(lambda: session.version > before)
    await harness.fake.wait_for(lambda: picture() not in (None, first))  # the move's picture


MANAGE_GUILD = 1 << 5


async def test_uno_end_in_a_server_without_the_bot_needs_the_host_or_manage_server(
        harness: Harness) -> None:
    await _everywhere(harness)
    elsewhere = harness.fake.add_guild("Friends' server", has_bot=False)
    ann, bob, mod = harness.user("Ann"), harness.user("Bob"), harness.user("Mod")
    admins = harness.fake.add_role("Admins", MANAGE_GUILD, guild=elsewhere)
    for user in (ann, bob):
        harness.fake.join(user.member, elsewhere)
    harness.fake.join(mod.member, elsewhere, roles=[admins])
    for user in (ann, bob, mod):  # a command comes through its user's own install
        harness.fake.install_for(user.member)
    users = [u.in_channel(elsewhere.channels[0]) for u in (ann, bob, mod)]
    session = await _lobby_and_start(harness, users[:2])
    table_id: int = session.message_id
    await _hand(users[0], session)  # a click: its token reaches the table for 15 minutes
    # Bob neither hosts nor manages the server: refused, privately, and the game goes on.
    refused = (await users[1].slash("uno end")).response
    assert refused is not None and refused.ephemeral
    assert refused.text == en("anywhere.end_refused")
    assert harness.bot is not None
    assert harness.bot.games.in_channel(elsewhere.channels[0].id) is session
    # Manage Server, as the interaction's member permissions say: the game ends, and its
    # table says who ended it, without buttons, through the newest token.
    done = (await users[2].slash("uno end")).response
    assert done is not None and done.ephemeral and done.text == en("lobby.game_ended")
    assert harness.bot.games.in_channel(elsewhere.channels[0].id) is None
    ended = en("table.ended", player=mod.name)
    await harness.fake.wait_for(lambda: ended in users[0].message(table_id).text)
    assert users[0].message(table_id).buttons() == []
    assert _bot_token_calls(harness, elsewhere.channels[0].id) == []


async def test_the_host_ends_a_game_in_a_group_dm_and_an_old_table_retires(
        harness: Harness) -> None:
    group, users = await _ann_and_bob_in_a_group_dm(harness)
    session = await _lobby_and_start(harness, users)
    refused = (await users[1].slash("uno end")).response  # no permissions in a group DM
    assert refused is not None and refused.text == en("anywhere.end_refused")
    # A quarter of an hour without a click: no token reaches the table any more.
    await harness.settle()
    harness.clock.advance(TOKEN_LIFETIME + 60)
    done = (await users[0].slash("uno end")).response
    assert done is not None and done.text == en("lobby.game_ended")
    await harness.settle()
    assert harness.bot is not None and harness.bot.games.in_channel(group.id) is None
    # The next click on the old table takes its buttons off (the game is gone).
    table = users[1].message(session.message_id)
    assert table.buttons() != []
    await users[1].click(table.id, custom_id=table.buttons()[0]["custom_id"])
    assert users[1].message(session.message_id).buttons() == []
    assert _bot_token_calls(harness, group.id) == []


async def test_the_host_ends_a_lobby_in_a_group_dm_through_its_token(harness: Harness) -> None:
    group, users = await _ann_and_bob_in_a_group_dm(harness)
    lobby = (await users[0].slash("uno create")).response
    assert lobby is not None and not lobby.ephemeral
    await users[1].click(lobby.id, en("button.join"))
    refused = (await users[1].slash("uno end")).response  # not the host, no permissions here
    assert refused is not None and refused.ephemeral and refused.text == en("error.host_only")
    assert harness.bot is not None and await harness.bot.lobbies.get(group.id) is not None
    done = (await users[0].slash("uno end")).response
    assert done is not None and done.ephemeral and done.text == en("lobby.lobby_ended")
    # The lobby's message says so, without buttons, through the token of the command that
    # opened it; the group is free for a new lobby.
    closed = en("lobby.closed_by", player="Ann")
    await harness.fake.wait_for(lambda: closed in users[1].message(lobby.id).text)
    assert users[1].message(lobby.id).buttons() == []
    assert await harness.bot.lobbies.get(group.id) is None
    second = (await users[1].slash("uno create")).response
    assert second is not None and second.id != lobby.id and not second.ephemeral
    assert _bot_token_calls(harness, group.id) == []


def _bot_token_calls(harness: Harness, channel_id: int) -> list[str]:
    return [r.path for r in harness.fake.requests if r.route.startswith("/channels/")
            and str(channel_id) in r.path]


def _pings_of(harness: Harness, channel_id: int, user: VirtualUser) -> list[Any]:
    """The turn pings (follow-ups) mentioning `user` in the channel, not deleted."""
    ping = en("table.your_move", mention=f"<@{user.id}>")
    return [m for m in harness.fake.messages.values() if m.channel_id == channel_id
            and str(m.payload.get("content")) == ping and not m.deleted]


async def _friends_server(harness: Harness) -> tuple[list[VirtualUser], int]:
    """Ann (an admin there) and Bob in a server without the bot, where Ann installed the app:
    the two as users of its channel, and the channel's id."""
    await _everywhere(harness)
    elsewhere = harness.fake.add_guild("Friends' server", has_bot=False)
    admins = harness.fake.add_role("Admins", MANAGE_GUILD, guild=elsewhere)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    harness.fake.join(ann.member, elsewhere, roles=[admins])
    harness.fake.join(bob.member, elsewhere)
    harness.fake.install_for(ann.member)
    return [u.in_channel(elsewhere.channels[0]) for u in (ann, bob)], elsewhere.channels[0].id


async def _one_move(harness: Harness, users: list[VirtualUser], session: Any, *,
                    seed: int) -> VirtualUser:
    """The player the table waits for makes a move from their hand; the one awaited next."""
    waiting = next(u for u in users if str(u.id) == waiting_player(session))
    before = session.version
    await Driver(harness, users, seed=seed)._act_in_hand(waiting, await _hand(waiting, session))
    await harness.fake.wait_for(lambda: session.version > before)
    await harness.settle()
    return next(u for u in users if str(u.id) == waiting_player(session))


@pytest.mark.parametrize("seed", [11, 1], ids=["the move hands the turn on",
                                          "the mover draws and keeps the turn"])
async def test_token_pings_wait_as_the_servers_turn_ping_setting_says(
        harness: Harness, seed: int) -> None:
    users, channel = await _friends_server(harness)
    await users[0].slash("uno settings", turn_ping="after-60")
    assert harness.bot is not None
    # Two deals: in seed 11's the move hands the turn on; in seed 1's its player draws and keeps
    # the turn, and their wait counts from that draw (the table's first post announced them).
    harness.bot.games.new_seed = lambda: seed
    session = await _lobby_and_start(harness, users)
    # A move: the next player is awaited, but not pinged before a minute of waiting.
    awaited = await _one_move(harness, users, session, seed=1)
    assert _pings_of(harness, channel, awaited) == []
    harness.clock.advance(30)
    await harness.settle()
    assert _pings_of(harness, channel, awaited) == []
    harness.clock.advance(31)  # a minute since the move: the ping, through the newest token
    await harness.fake.wait_for(lambda: len(_pings_of(harness, channel, awaited)) == 1)
    # Never: nobody is pinged, however long they wait.
    await users[0].slash("uno settings", turn_ping="never")
    # The ping of before may stay (a drawn card can keep the turn with its player): no new one.
    earlier = {m.id for u in users for m in _pings_of(harness, channel, u)}
    await _one_move(harness, users, session, seed=2)  # the awaited player's move
    harness.clock.advance(120)
    await harness.settle()
    assert [m for u in users for m in _pings_of(harness, channel, u) if m.id not in earlier] == []


async def test_a_token_ping_whose_connection_drops_is_let_go(harness: Harness) -> None:
    """Where the bot is not a member, a turn ping is a follow-up through the newest token:
    when Discord's connection drops under it (discord.py passes that on as aiohttp's error),
    that ping is let go like a refused one; the bot logs no error (the fixture checks) and the
    game goes on."""
    users, channel = await _friends_server(harness)
    assert harness.bot is not None
    harness.bot.games.new_seed = lambda: 11  # the move hands the turn on
    session = await _lobby_and_start(harness, users)
    awaited = await _one_move(harness, users, session, seed=1)
    seen = len(harness.fake.requests)
    harness.fake.drop_next("POST", "/webhooks/{application_id}/{token}")
    harness.clock.advance(61)  # past any server's ping delay
    await harness.fake.wait_for(lambda: DROPPED in [r.status for r in
                                                    harness.fake.requests[seen:]])
    await harness.settle()
    assert _pings_of(harness, channel, awaited) == []
    await _one_move(harness, users, session, seed=2)  # the game goes on
