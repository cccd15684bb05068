"""Lobbies end to end, through the fake Discord, asserting what the users see.

Every test runs the real bot (drivers/harness.py) against the offline fake Discord; the fixture
also fails a test when Discord would have refused a call, an interaction was not acknowledged
within 3 s, or the bot logged an error. Texts are compared with the translator's output, so a
reworded locale string does not break the tests but a wrong key or a wrong language does.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.fake_discord.users import components_of
from bot.fake_discord.world import StoredMessage, snowflake
from bot.i18n import get_translator
from bot.services.lobbies import LOBBY_IDLE_SECONDS, MIN_PLAYERS, TARGET_SCORES
from bot.ui.controls import LobbyControl
from bot.ui.items import LobbyButton, RulesSelect, read_id
from drivers.catalogue import en, tr
from drivers.screen import (
    body_of,
    footer_of,
    ping_of,
    players_of,
    section_of,
    sections_of,
    title_of,
)
from tests.fake_discord import InteractionHandle, SeenMessage, VirtualUser

from .harness import Harness

COMMANDS_ROUTE = "/applications/{application_id}/guilds/{guild_id}/commands"
MESSAGE_ROUTE = "/channels/{channel_id}/messages/{message_id}"
TABLE_SIZE = 10  # 2 to 10 players at a table


# -- reading what users see


def description(message: SeenMessage) -> str:
    assert message.v2, f"{message!r} is not a V2 message"
    return body_of(message)


def seats(message: SeenMessage, locale: str = "en") -> list[str]:
    """The lobby's player list as shown, one line a seat ("1. Ann (host)"); the field's title
    must count them."""
    name, text = sections_of(message)[-1]
    lines = text.splitlines()
    assert name == tr(locale, "lobby.players", count=len(lines), max=TABLE_SIZE)
    return lines


def seat_lines(*names: str, host: str | None = None, locale: str = "en") -> list[str]:
    host = names[0] if host is None else host
    suffix = f" ({tr(locale, 'lobby.host')})"
    return [f"{i}. {n}{suffix if n == host else ''}" for i, n in enumerate(names, start=1)]


def is_open(message: SeenMessage) -> bool:
    return message.labels() == [en("button.join"), en("button.leave"), en("button.start"),
                                en("button.add_ai")]


def reply(handle: InteractionHandle) -> str:
    """The text of the ephemeral answer to an interaction."""
    response = handle.response
    assert response is not None, "the interaction got no reply"
    assert response.ephemeral, f"the reply {response!r} is public"
    return response.content


def link_to(harness: Harness, message_id: int) -> str:
    fake = harness.fake
    return f"https://discord.com/channels/{fake.guild_id}/{fake.channel.id}/{message_id}"


async def until(harness: Harness, predicate: Any, timeout: float = 3.0) -> Any:
    return await harness.fake.wait_for(predicate, timeout=timeout)


# -- acting


async def open_lobby(harness: Harness, host: VirtualUser, **options: Any) -> SeenMessage:
    """`/uno create`; returns the public lobby message once the bot has recorded it (so a
    command's edit of the lobby message that follows cannot race the recording)."""
    handle = await host.slash("uno create", **options)
    lobby = handle.response
    assert lobby is not None and not lobby.ephemeral
    assert harness.bot is not None
    for _ in range(100):
        record = await harness.bot.lobbies.get(harness.fake.channel.id)
        if record is not None and record.message_id == lobby.id:
            return lobby
        await harness.pause(0.01)
    raise AssertionError("the bot never recorded its lobby message")


async def lobby_with(harness: Harness, host: VirtualUser,
                     *joiners: VirtualUser) -> SeenMessage:
    lobby = await open_lobby(harness, host)
    for user in joiners:
        await user.click(lobby, en("button.join"))
    assert seats(lobby) == seat_lines(host.name, *(u.name for u in joiners))
    return lobby


async def press_start(harness: Harness, host: VirtualUser, lobby: SeenMessage) -> SeenMessage:
    """Start by the lobby's Start button; returns the table once the lobby says it started."""
    handle = await host.click(lobby, en("button.start"))
    table = handle.response
    assert table is not None and not table.ephemeral and table.id != lobby.id
    await until(harness, lambda: description(lobby) == en("lobby.started"))
    return table


def lobby_message_copy(harness: Harness, lobby: SeenMessage, channel_id: int) -> SeenMessage:
    """Another bot message in this channel with the lobby's buttons, naming `channel_id` in their
    custom_ids: a lobby message of another channel, or an older one of this channel whose closing
    edit was lost. (Discord only sends the custom_id of a component that is on the clicked
    message, so the buttons must really be on a message.)"""
    payload = copy.deepcopy(lobby.payload)
    payload["id"] = str(snowflake())
    for control in components_of(payload):
        if "custom_id" in control:
            item = read_id(control["custom_id"])
            if isinstance(item, LobbyButton):
                control["custom_id"] = LobbyButton(item.what, channel_id).custom_id
            else:
                assert isinstance(item, RulesSelect)
                control["custom_id"] = RulesSelect(item.group, channel_id).custom_id
    stored = StoredMessage(payload)
    harness.fake.messages[stored.id] = stored
    return SeenMessage(stored)


# ------------------------------------------------------------------------------------------------
# 1. The happy paths


async def test_create_posts_a_public_lobby_with_join_leave_start(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann, preset="classic", turn_timer=60)

    seen = bob.message(lobby.id)  # public: another member sees it too
    assert not seen.ephemeral and is_open(seen)
    assert title_of(seen) == en("lobby.title")
    assert description(seen) == en("lobby.description", host=ann.mention)
    rules, timer, _ = sections_of(seen)
    assert rules[0] == en("lobby.rules")
    assert rules[1].startswith(f"**{en('preset.classic.name')}**")
    assert timer == (en("lobby.turn_timer"), en("table.timer", seconds=60))
    assert seats(seen) == seat_lines("Ann")
    assert footer_of(seen) == en("lobby.expiry", minutes=LOBBY_IDLE_SECONDS // 60)
    assert [b["custom_id"] for b in seen.buttons()] == [
        LobbyButton(what, harness.fake.channel.id).custom_id
        for what in (LobbyControl.JOIN, LobbyControl.LEAVE, LobbyControl.START,
                     LobbyControl.ADD_AI)]
    assert bob.ephemerals() == [] and ann.ephemerals() == []


async def test_join_and_leave_by_button_and_by_command(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await open_lobby(harness, ann)

    # A button click answers by editing the lobby message itself: no extra message.
    handle = await bob.click(lobby, en("button.join"))
    assert handle.response is not None and handle.response.id == lobby.id
    assert seats(lobby) == seat_lines("Ann", "Bob")
    assert bob.ephemerals() == []

    # The command answers privately and edits the lobby message through the channel.
    handle = await cid.slash("uno join")
    assert reply(handle) == en("lobby.joined")
    await until(harness, lambda: len(seats(lobby)) == 3)
    assert seats(lobby) == seat_lines("Ann", "Bob", "Cid")

    await bob.click(lobby, en("button.leave"))
    assert seats(lobby) == seat_lines("Ann", "Cid")

    handle = await cid.slash("uno leave")
    assert reply(handle) == en("lobby.left")
    await until(harness, lambda: len(seats(lobby)) == 1)
    assert seats(lobby) == seat_lines("Ann") and is_open(lobby)
    # Everyone sees one public message in all: the lobby.
    assert [m.id for m in ann.public_messages()] == [lobby.id]


async def test_host_kicks_a_player(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob, cid)

    handle = await ann.slash("uno kick", player=bob)
    assert reply(handle) == en("lobby.kicked", player="Bob")
    await until(harness, lambda: len(seats(lobby)) == 2)
    assert seats(lobby) == seat_lines("Ann", "Cid")
    assert bob.ephemerals() == []  # the kicker's reply is private: Bob sees only the lobby

    # Kicking someone who is not seated, or oneself, is refused.
    assert reply(await ann.slash("uno kick", player=bob)) == en("lobby.target_not_joined")
    assert reply(await ann.slash("uno kick", player=ann)) == en("lobby.kick_self")
    assert seats(lobby) == seat_lines("Ann", "Cid")


async def test_start_posts_the_table_and_closes_the_lobby(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    table = await press_start(harness, ann, lobby)

    assert harness.table(bob).id == table.id
    assert title_of(table) == en("table.title", round=1)
    players = players_of(table)
    assert "Ann" in players and "Bob" in players
    assert table.labels()[:3] == [en("button.hand"), en("button.uno"), en("button.catch")]
    # The lobby message now only says the game started: no buttons left to press.
    seen = bob.message(lobby.id)
    assert description(seen) == en("lobby.started") and seen.buttons() == []
    assert title_of(seen) == en("lobby.title")
    assert [m.id for m in bob.public_messages()] == [lobby.id, table.id]


async def test_start_by_command(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    handle = await ann.slash("uno start")
    table = handle.response
    assert table is not None and not table.ephemeral
    assert title_of(table) == en("table.title", round=1)
    await until(harness, lambda: description(lobby) == en("lobby.started"))
    assert lobby.buttons() == []


async def test_host_ends_a_lobby(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    handle = await ann.slash("uno end")
    assert reply(handle) == en("lobby.lobby_ended")
    await until(harness, lambda: description(lobby) == en("lobby.closed_by", player="Ann"))
    assert lobby.buttons() == []
    # The channel is free: joining is refused, a new lobby can be opened.
    assert reply(await bob.slash("uno join")) == en("lobby.none")
    second = await open_lobby(harness, bob)
    assert second.id != lobby.id and is_open(second)
    assert seats(second) == seat_lines("Bob")


async def test_host_ends_a_running_game(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)
    table = await press_start(harness, ann, lobby)

    handle = await ann.slash("uno end")
    assert reply(handle) == en("lobby.game_ended")
    await until(harness, lambda: ping_of(table) == en("table.ended", player="Ann"))
    assert table.buttons() == []
    # The channel is free again.
    second = await open_lobby(harness, bob)
    assert is_open(second) and seats(second) == seat_lines("Bob")


# ------------------------------------------------------------------------------------------------
# 2. Every refusal: ephemeral, in the right words, and changing nothing


async def test_second_create_while_a_lobby_is_open_points_at_it(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann)

    handle = await bob.slash("uno create", preset="cnuno")
    assert reply(handle) == en("lobby.busy_lobby", link=link_to(harness, lobby.id))
    assert [m.id for m in bob.public_messages()] == [lobby.id]
    assert seats(lobby) == seat_lines("Ann") and is_open(lobby)
    assert sections_of(lobby)[0][1].startswith(f"**{en('preset.classic.name')}**")


async def test_second_create_while_a_game_runs_points_at_the_table(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob)
    table = await press_start(harness, ann, lobby)

    handle = await cid.slash("uno create")
    assert reply(handle) == en("lobby.busy_game", link=link_to(harness, table.id))
    assert [m.id for m in cid.public_messages()] == [lobby.id, table.id]


async def test_only_the_host_starts(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    by_button = await bob.click(lobby, en("button.start"))
    assert reply(by_button) == en("error.host_only")
    by_command = await bob.slash("uno start")
    assert reply(by_command) == en("error.host_only")

    assert is_open(lobby) and seats(lobby) == seat_lines("Ann", "Bob")
    assert [m.id for m in ann.public_messages()] == [lobby.id]  # no table


async def test_only_the_host_kicks(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob, cid)

    handle = await bob.slash("uno kick", player=cid)
    assert reply(handle) == en("error.host_only")
    assert seats(lobby) == seat_lines("Ann", "Bob", "Cid")


async def test_start_alone_is_refused(harness: Harness) -> None:
    ann = harness.user("Ann")
    lobby = await open_lobby(harness, ann)

    assert reply(await ann.click(lobby, en("button.start"))) == en("lobby.too_few", min=MIN_PLAYERS)
    assert reply(await ann.slash("uno start")) == en("lobby.too_few", min=MIN_PLAYERS)
    assert is_open(lobby) and [m.id for m in ann.public_messages()] == [lobby.id]


async def test_joining_twice_is_refused(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)
    edits = lobby.edits

    assert reply(await bob.click(lobby, en("button.join"))) == en("lobby.already_joined")
    assert reply(await bob.slash("uno join")) == en("lobby.already_joined")
    assert reply(await ann.click(lobby, en("button.join"))) == en("lobby.already_joined")
    assert seats(lobby) == seat_lines("Ann", "Bob") and lobby.edits == edits


async def test_an_eleventh_player_is_refused(harness: Harness) -> None:
    users = [harness.user(f"P{i}") for i in range(TABLE_SIZE + 1)]
    lobby = await lobby_with(harness, users[0], *users[1:TABLE_SIZE])
    late = users[TABLE_SIZE]

    assert reply(await late.click(lobby, en("button.join"))) == en("lobby.full", max=TABLE_SIZE)
    assert reply(await late.slash("uno join")) == en("lobby.full", max=TABLE_SIZE)
    assert seats(lobby) == seat_lines(*(u.name for u in users[:TABLE_SIZE]))

    # A seat freed is a seat to take.
    await users[5].click(lobby, en("button.leave"))
    await late.click(lobby, en("button.join"))
    assert seats(lobby)[-1] == f"{TABLE_SIZE}. {late.name}"


async def test_joining_while_a_game_runs_is_refused(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob)
    table = await press_start(harness, ann, lobby)

    assert reply(await cid.slash("uno join")) == en("lobby.game_running")
    # Nobody new at the table.
    assert "Cid" not in players_of(table)


async def test_ending_needs_the_host_or_manage_channels(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    mod = harness.user("Mod", permissions=["manage_channels"])
    lobby = await lobby_with(harness, ann, bob)

    assert reply(await bob.slash("uno end")) == en("error.host_only")
    assert reply(await cid.slash("uno join")) == en("lobby.joined")  # still open
    await until(harness, lambda: len(seats(lobby)) == 3)

    handle = await mod.slash("uno end")
    assert reply(handle) == en("lobby.lobby_ended")
    await until(harness, lambda: description(lobby) == en("lobby.closed_by", player="Mod"))
    assert lobby.buttons() == []


async def test_ending_a_game_needs_the_host_or_manage_channels(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    mod = harness.user("Mod", permissions=["manage_channels"])
    lobby = await lobby_with(harness, ann, bob)
    table = await press_start(harness, ann, lobby)

    assert reply(await bob.slash("uno end")) == en("error.host_only")
    assert reply(await cid.slash("uno join")) == en("lobby.game_running")  # still running

    assert reply(await mod.slash("uno end")) == en("lobby.game_ended")
    await until(harness, lambda: ping_of(table) == en("table.ended", player="Mod"))


async def test_a_lobby_button_naming_another_channel_is_refused(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann)
    edits = lobby.edits
    other = snowflake()

    foreign = lobby_message_copy(harness, lobby, other)

    for label, user in ((en("button.join"), bob), (en("button.leave"), ann), (en("button.start"),
                                                                              ann)):
        assert reply(await user.click(foreign, label)) == en("lobby.gone"), label
    assert seats(lobby) == seat_lines("Ann") and lobby.edits == edits


async def test_a_button_naming_a_channel_with_its_own_lobby_acts_nowhere(
        harness: Harness) -> None:
    """Even when the other channel does have a lobby, a click here must not act here (nor
    there): the button does not belong to this channel."""
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await open_lobby(harness, ann)
    other = snowflake()
    assert harness.bot is not None
    await harness.bot.lobbies.create(
        guild_id=harness.fake.guild_id, channel_id=other, host_id=cid.id, host_name="Cid",
        preset="classic", turn_timer=60)

    foreign = lobby_message_copy(harness, lobby, other)

    assert reply(await bob.click(foreign, en("button.join"))) == en("lobby.gone")
    assert seats(lobby) == seat_lines("Ann")
    there = await harness.bot.lobbies.get(other)
    assert there is not None and there.player_ids == (cid.id,)


async def test_a_stale_lobby_message_of_this_channel_is_refused(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann)
    older = lobby_message_copy(harness, lobby, harness.fake.channel.id)
    edits = lobby.edits

    assert reply(await bob.click(older, en("button.join"))) == en("lobby.gone")
    assert reply(await ann.click(older, en("button.start"))) == en("lobby.gone")
    assert seats(lobby) == seat_lines("Ann") and lobby.edits == edits
    assert older.edits == 0


async def test_start_without_a_lobby_is_refused(harness: Harness) -> None:
    ann = harness.user("Ann")
    assert reply(await ann.slash("uno start")) == en("lobby.none")
    assert reply(await ann.slash("uno join")) == en("lobby.none")
    assert reply(await ann.slash("uno leave")) == en("lobby.none")
    assert reply(await ann.slash("uno end")) == en("lobby.none")
    assert ann.public_messages() == []


async def test_leaving_a_lobby_one_is_not_in_is_refused(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann)
    assert reply(await bob.click(lobby, en("button.leave"))) == en("lobby.not_joined")
    assert reply(await bob.slash("uno leave")) == en("lobby.not_joined")
    assert seats(lobby) == seat_lines("Ann")


# ------------------------------------------------------------------------------------------------
# 3. The host passes on, the last one out closes, refusals are private


async def test_the_host_passes_on_when_the_host_leaves(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob, cid)

    await ann.click(lobby, en("button.leave"))
    assert seats(lobby) == seat_lines("Bob", "Cid", host="Bob")
    assert description(lobby) == en("lobby.description", host=bob.mention)

    # The old host has no powers left; the new one has them all.
    await ann.click(lobby, en("button.join"))
    assert reply(await ann.click(lobby, en("button.start"))) == en("error.host_only")
    assert reply(await ann.slash("uno kick", player=cid)) == en("error.host_only")
    table = await press_start(harness, bob, lobby)
    players = players_of(table)
    assert all(name in players for name in ("Ann", "Bob", "Cid"))


async def test_the_host_leaving_by_command_passes_the_host_on(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    assert reply(await ann.slash("uno leave")) == en("lobby.left")
    await until(harness, lambda: len(seats(lobby)) == 1)
    assert seats(lobby) == seat_lines("Bob")
    assert description(lobby) == en("lobby.description", host=bob.mention)


async def test_the_last_player_leaving_by_button_closes_the_lobby(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    await ann.click(lobby, en("button.leave"))
    await bob.click(lobby, en("button.leave"))
    assert description(lobby) == en("lobby.emptied") and lobby.buttons() == []
    assert reply(await ann.slash("uno join")) == en("lobby.none")


async def test_the_last_player_leaving_by_command_closes_the_lobby(harness: Harness) -> None:
    ann = harness.user("Ann")
    lobby = await open_lobby(harness, ann)

    assert reply(await ann.slash("uno leave")) == en("lobby.left")
    await until(harness, lambda: description(lobby) == en("lobby.emptied"))
    assert lobby.buttons() == []
    assert reply(await ann.slash("uno start")) == en("lobby.none")


async def test_a_moderator_kicking_the_last_player_closes_the_lobby(harness: Harness) -> None:
    ann = harness.user("Ann")
    mod = harness.user("Mod", permissions=["manage_channels"])
    lobby = await open_lobby(harness, ann)

    handle = await mod.slash("uno kick", player=ann)
    assert reply(handle) == en("lobby.kicked", player="Ann")
    await until(harness, lambda: description(lobby) == en("lobby.emptied"))
    assert lobby.buttons() == []


async def test_refusals_are_seen_only_by_the_one_who_acted(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob)
    before = {u.name: [m.id for m in u.messages()] for u in (ann, cid)}

    refusals = [
        await bob.click(lobby, en("button.start")),
        await bob.click(lobby, en("button.join")),
        await bob.slash("uno kick", player=ann),
        await bob.slash("uno create"),
        await bob.slash("uno end"),
    ]
    ids = {h.response.id for h in refusals if h.response is not None}
    assert len(ids) == len(refusals)
    assert {m.id for m in bob.ephemerals()} == ids
    for user in (ann, cid):
        seen = [m.id for m in user.messages()]
        assert seen == before[user.name] and not ids & set(seen)


# ------------------------------------------------------------------------------------------------
# 4. Expiry on the fake clock


async def test_an_idle_lobby_expires(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    harness.clock.advance(LOBBY_IDLE_SECONDS + 1)
    await until(harness, lambda: description(lobby) == en("lobby.expired"))
    assert lobby.buttons() == []
    assert reply(await bob.slash("uno join")) == en("lobby.none")
    assert reply(await ann.slash("uno start")) == en("lobby.none")
    # The channel is free for a new lobby.
    assert is_open(await open_lobby(harness, bob))


async def test_activity_keeps_a_lobby_open(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await open_lobby(harness, ann)

    harness.clock.advance(10 * 60)
    await bob.click(lobby, en("button.join"))
    harness.clock.advance(10 * 60)  # 20 minutes after the creation, 10 after the join
    await harness.pause(0.2)
    assert is_open(lobby) and description(lobby) == en("lobby.description", host=ann.mention)
    assert reply(await cid.slash("uno join")) == en("lobby.joined")
    await until(harness, lambda: len(seats(lobby)) == 3)

    # 15 idle minutes after the last activity, it does close.
    harness.clock.advance(LOBBY_IDLE_SECONDS + 1)
    await until(harness, lambda: description(lobby) == en("lobby.expired"))


# ------------------------------------------------------------------------------------------------
# 5. A restart in the middle of a lobby


async def test_a_lobby_survives_a_restart(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    lobby = await lobby_with(harness, ann, bob)

    await harness.restart()

    await cid.click(lobby, en("button.join"))  # the old message's buttons still work
    assert seats(lobby) == seat_lines("Ann", "Bob", "Cid")
    assert reply(await bob.click(lobby, en("button.start"))) == en("error.host_only")
    table = await press_start(harness, ann, lobby)
    assert all(n in players_of(table) for n in ("Ann", "Bob", "Cid"))


async def test_a_lobby_still_expires_after_a_restart(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await lobby_with(harness, ann, bob)

    await harness.restart()
    harness.clock.advance(LOBBY_IDLE_SECONDS + 1)
    await until(harness, lambda: description(lobby) == en("lobby.expired"))
    assert lobby.buttons() == []
    assert reply(await bob.slash("uno join")) == en("lobby.none")


@pytest.mark.parametrize("server_locale", ["en-US", "uk"])
async def test_a_lobby_overdue_during_the_downtime_expires_at_start(
        harness: Harness, server_locale: str) -> None:
    """A lobby that ran out while no bot was running expires as soon as a bot starts again, and
    says so in the server's language."""
    harness.fake.guild_locale = server_locale
    locale = get_translator().resolve(server_locale)
    await harness.restart()
    ann = harness.user("Ann")
    lobby = await open_lobby(harness, ann)
    assert title_of(lobby) == tr(locale, "lobby.title")
    await harness.stop()

    harness.clock.advance(LOBBY_IDLE_SECONDS + 1)  # it ran out while no bot was running
    await harness.start()
    await until(harness, lambda: description(lobby) == tr(locale, "lobby.expired"))
    assert lobby.buttons() == []


# ------------------------------------------------------------------------------------------------
# 6. Each user in their own language; the public lobby in the server's


async def test_refusals_speak_the_users_language(harness: Harness) -> None:
    ann = harness.user("Ann")
    oksana = harness.user("Oksana", locale="uk")
    bob = harness.user("Bob", locale="en-US")
    lobby = await open_lobby(harness, ann)

    assert reply(await oksana.slash("uno join")) == tr("uk", "lobby.joined")
    await bob.click(lobby, en("button.join"))
    assert tr("uk", "lobby.already_joined") != en("lobby.already_joined")
    assert reply(await oksana.click(lobby, en("button.join"))) == tr("uk", "lobby.already_joined")
    assert reply(await bob.click(lobby, en("button.join"))) == en("lobby.already_joined")
    assert reply(await oksana.slash("uno start")) == tr("uk", "error.host_only")
    assert reply(await bob.slash("uno start")) == en("error.host_only")
    # The lobby message is public: it stays in the server's language (English here).
    assert seats(lobby) == seat_lines("Ann", "Oksana", "Bob")
    assert title_of(lobby) == en("lobby.title") and lobby.labels()[0] == en("button.join")


async def test_a_ukrainian_server_gets_a_ukrainian_lobby(harness: Harness) -> None:
    harness.fake.guild_locale = "uk"
    await harness.restart()  # the bot reads the server's language from its guild cache too
    ann, bob = harness.user("Ann"), harness.user("Bob")  # both use an English client

    lobby = await open_lobby(harness, ann)
    assert title_of(lobby) == tr("uk", "lobby.title")
    assert description(lobby) == tr("uk", "lobby.description", host=ann.mention)
    assert lobby.labels() == [tr("uk", f"button.{b}")
                              for b in ("join", "leave", "start", "add_ai")]
    joined = tr("uk", "button.join")
    await bob.click(lobby, joined)
    assert seats(lobby, "uk") == seat_lines("Ann", "Bob", locale="uk")
    # What each user is told privately stays in their own language.
    assert reply(await bob.click(lobby, joined)) == en("lobby.already_joined")

    harness.clock.advance(LOBBY_IDLE_SECONDS + 1)
    await until(harness, lambda: description(lobby) == tr("uk", "lobby.expired"))


# ------------------------------------------------------------------------------------------------
# 7. Rate limits


async def test_a_rate_limited_lobby_edit_is_retried(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    lobby = await open_lobby(harness, ann)
    fake = harness.fake

    fake.inject_429("PATCH", MESSAGE_ROUTE, times=1, retry_after=0.05)
    assert reply(await bob.slash("uno join")) == en("lobby.joined")
    await until(harness, lambda: len(seats(lobby)) == 2)
    assert seats(lobby) == seat_lines("Ann", "Bob")
    statuses = [r.status for r in fake.requests if r.method == "PATCH"
                and r.route == MESSAGE_ROUTE and r.path.endswith(f"/{lobby.id}")]
    assert statuses == [429, 200]


# ------------------------------------------------------------------------------------------------
# 8. Command sync


async def test_commands_are_localized_and_not_synced_again_when_unchanged(
        harness: Harness) -> None:
    fake = harness.fake
    assert harness.bot is not None and harness.bot.synced_now
    puts = [r for r in fake.requests if r.method == "PUT" and r.route == COMMANDS_ROUTE]
    assert len(puts) == 1

    (uno,) = [c for c in fake.guild_commands if c["name"] == "uno"]
    assert uno["description_localizations"]["uk"] == tr("uk", "command.uno.description")
    subcommands = {o["name"]: o for o in uno["options"]}
    assert {"create", "join", "leave", "kick", "start", "end"} <= set(subcommands)
    for name, sub in subcommands.items():
        assert sub["description"] == en(f"command.uno.{name}.description")
        assert sub["description_localizations"]["uk"] == tr("uk",
                                                            f"command.uno.{name}.description")
    kick_player = subcommands["kick"]["options"][0]
    assert kick_player["description_localizations"]["uk"] == tr(
        "uk", "command.uno.kick.player.description")
    # Issue 37: the target's range is told where it is typed, not only in the error.
    target = next(o for o in subcommands["create"]["options"] if o["name"] == "target")
    assert (target["min_value"], target["max_value"]) == TARGET_SCORES
    for locale, text in [("en", target["description"]),
                         ("uk", target["description_localizations"]["uk"])]:
        assert text == tr(locale, "command.uno.create.target.description")
        assert all(f"{bound}" in text for bound in TARGET_SCORES)

    await harness.restart()
    assert not harness.bot.synced_now
    puts = [r for r in fake.requests if r.method == "PUT" and r.route == COMMANDS_ROUTE]
    assert len(puts) == 1
    # The commands Discord already has still work for the new process.
    ann = harness.user("Ann")
    assert is_open(await open_lobby(harness, ann))


# ------------------------------------------------------------------------------------------------
# 9. The rules line names each option fully (issue #18, item 5)


@pytest.mark.parametrize("locale", ["en", "uk"])
async def test_the_silence_menu_names_its_rule_in_the_option_it_shows(harness: Harness,
                                                                       locale: str) -> None:
    """Issue 37: Discord shows a menu's chosen option in place of its placeholder, so the
    fourth menu says "Silence: off", not a bare "Off" (H-5)."""
    if locale != "en":
        harness.fake.guild_locale = locale
        await harness.restart()
    lobby = await open_lobby(harness, harness.user("Ann"))
    menu = next(c for c in components_of(lobby.payload)
                if (item := RulesSelect.parse(str(c.get("custom_id", "")))) is not None
                and item.group == "silence")
    assert [o["label"] for o in menu["options"] if o.get("default")] == [
        tr(locale, "option.silence.full.off")]
    assert all(tr(locale, "option.silence.name") in o["label"] for o in menu["options"])


@pytest.mark.parametrize("locale", ["en", "uk"])
async def test_the_rules_line_names_each_option_fully(harness: Harness, locale: str) -> None:
    """"Silence after a 2", not "Silence": an option that takes a value says which (H-5)."""
    if locale != "en":
        harness.fake.guild_locale = locale
        await harness.restart()
    ann = harness.user("Ann")
    lobby = await open_lobby(harness, ann)
    channel = harness.fake.channel.id
    await ann.choose(lobby, "twos", custom_id=RulesSelect("silence", channel).custom_id)
    await ann.choose(lobby, "jump_in", custom_id=RulesSelect("play", channel).custom_id)
    rules = sections_of(lobby)[0][1]
    house = rules.splitlines()[-1].split(", ")
    assert house == [tr(locale, "option.jump_in.name"), tr(locale, "option.silence.full.twos")]
    assert tr(locale, "option.silence.full.twos") != tr(locale, "option.silence.name")
    await ann.choose(lobby, "wilds", custom_id=RulesSelect("silence", channel).custom_id)
    assert sections_of(lobby)[0][1].endswith(tr(locale, "option.silence.full.wilds"))
    # The Rules summary names it the same way.
    await ann.slash("uno rules")
    summary = section_of(ann.ephemerals()[-1], en("rules.options"))
    assert f"**{tr('en', 'option.silence.full.wilds')}**" in summary
