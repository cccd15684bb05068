"""The lobby service on in-memory storage: seats (2-10), the host's powers, the rules editor's
refusals (section P), the 15-minute idle expiry on the bot's clock, a restart."""

from __future__ import annotations

import pytest

from bot.engine import RulesError
from bot.fake_discord.clock import FakeClock
from bot.services.errors import Refusal
from bot.services.lobbies import (
    LOBBY_IDLE_SECONDS,
    MAX_PLAYERS,
    RULE_GROUPS,
    LobbyService,
    editable_options,
    max_players,
    rules_of,
)
from bot.services.timers import Timers
from bot.storage import MemoryStorage

from .conftest import Outlets, settle

HOST, CHANNEL, GUILD = 100, 7, 1


async def opened(lobbies: LobbyService, preset: str = "classic", **options: object) -> None:
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
                         preset=preset, turn_timer=0, **options)  # type: ignore[arg-type]


async def refused(key: str, coroutine: object) -> None:
    with pytest.raises(Refusal) as refusal:
        await coroutine  # type: ignore[misc]
    assert refusal.value.key == key


async def test_seats_fill_up_to_ten_and_refuse_an_eleventh(lobbies: LobbyService) -> None:
    await opened(lobbies)
    for user in range(1, MAX_PLAYERS):
        await lobbies.join(CHANNEL, user, f"P{user}")
    lobby = await lobbies.require(CHANNEL)
    assert len(lobby.player_ids) == MAX_PLAYERS and lobby.player_ids[0] == HOST
    await refused("lobby.full", lobbies.join(CHANNEL, 99, "Late"))
    await refused("lobby.already_joined", lobbies.join(CHANNEL, 1, "P1"))


async def test_a_no_mercy_table_seats_six_and_refuses_a_seventh(lobbies: LobbyService) -> None:
    """M-2.1: 2 to 6 players (the refusal names the limit)."""
    await opened(lobbies, preset="no_mercy")
    for user in range(1, 6):
        await lobbies.join(CHANNEL, user, f"P{user}")
    with pytest.raises(Refusal) as refusal:
        await lobbies.join(CHANNEL, 99, "Late")
    assert (refusal.value.key, refusal.value.params["max"]) == ("lobby.full", 6)
    assert rules_of(await lobbies.require(CHANNEL)).options.target_score == 1000  # M-13.2


def test_a_lobby_of_an_unknown_preset_is_an_error_not_a_classic_table() -> None:
    """P: a lobby saved with a preset this bot does not know (an older or newer bot's) is
    refused with a clear error, not seated as classic's ten."""
    assert (max_players("classic"), max_players("no_mercy")) == (MAX_PLAYERS, 6)
    with pytest.raises(RulesError, match="unknown preset 'house'"):
        max_players("house")
    # Nor does its rules editor open as classic's (every option offered).
    with pytest.raises(RulesError, match="unknown preset 'house'"):
        editable_options("house", "play")


def test_the_no_mercy_editor_offers_only_what_section_p_allows() -> None:
    """P: the options No Mercy refuses (built in, or in conflict) are not offered at all."""
    offered = {name for group in RULE_GROUPS for name in editable_options("no_mercy", group)}
    assert offered == {"jump_in", "swap_on_five", "uno_slap", "false_uno_penalty",
                       "reverse_chain", "lazy_scoring"}


async def test_the_host_passes_on_and_an_empty_lobby_closes(lobbies: LobbyService) -> None:
    await opened(lobbies)
    await lobbies.join(CHANNEL, 1, "One")
    lobby = await lobbies.leave(CHANNEL, HOST)
    assert lobby is not None and lobby.host_id == 1
    assert await lobbies.leave(CHANNEL, 1) is None
    assert await lobbies.get(CHANNEL) is None


async def test_only_the_host_starts_and_edits_rules_and_two_players_are_needed(
        lobbies: LobbyService) -> None:
    await opened(lobbies)
    await refused("lobby.too_few", lobbies.check_start(CHANNEL, HOST))
    await lobbies.join(CHANNEL, 1, "One")
    await refused("error.host_only", lobbies.check_start(CHANNEL, 1))
    await refused("error.host_only", lobbies.set_rules(CHANNEL, 1, "play", ["jump_in"]))
    lobby = await lobbies.check_start(CHANNEL, HOST)
    assert lobby.player_ids == (HOST, 1)


async def test_the_rules_editor_refuses_what_section_p_forbids(lobbies: LobbyService) -> None:
    await opened(lobbies)
    lobby = await lobbies.set_rules(CHANNEL, HOST, "penalties", ["stacking"])
    assert lobby.options.get("stacking") is True
    # stack_mixed needs stacking (H-4): switching stacking off with it on is refused.
    await refused("lobby.needs", lobbies.set_rules(CHANNEL, HOST, "penalties", ["stack_mixed"]))
    assert (await lobbies.require(CHANNEL)).options.get("stacking") is True


async def test_an_idle_lobby_expires_after_fifteen_minutes(
        lobbies: LobbyService, clock: FakeClock, outlets: Outlets) -> None:
    await opened(lobbies)
    clock.advance(LOBBY_IDLE_SECONDS - 60)
    await lobbies.join(CHANNEL, 1, "One")  # activity: the expiry moves on
    clock.advance(120)
    await settle()
    assert await lobbies.get(CHANNEL) is not None and outlets.expired_lobbies == []
    clock.advance(LOBBY_IDLE_SECONDS)
    await settle()
    assert await lobbies.get(CHANNEL) is None
    assert outlets.expired_lobbies == [CHANNEL]


async def test_a_restart_rearms_the_expiry_of_stored_lobbies(
        lobbies: LobbyService, storage: MemoryStorage, clock: FakeClock, timers: Timers,
        outlets: Outlets) -> None:
    await opened(lobbies)
    await timers.close()  # the process stops: its timers are gone
    again = LobbyService(MemoryStorage(storage.db, clock=clock.now).lobbies, clock,
                         Timers(clock), outlets)
    assert [lobby.channel_id for lobby in await again.restore()] == [CHANNEL]
    clock.advance(LOBBY_IDLE_SECONDS)
    await settle()
    assert outlets.expired_lobbies == [CHANNEL]


async def test_a_match_plays_to_500_unless_the_host_says_otherwise(lobbies: LobbyService) -> None:
    """C-8.3: 500 points win the match; /uno create's target changes it."""
    await opened(lobbies)
    assert rules_of(await lobbies.require(CHANNEL)).options.target_score == 500
    await lobbies.close(CHANNEL)
    await opened(lobbies, target=150)
    assert rules_of(await lobbies.require(CHANNEL)).options.target_score == 150
