"""The game manager on in-memory storage and a hand-moved clock: apply → save → show, refusals
that change nothing, a failed save undone, the turn timer (C-11), abandoned games, restarts."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.engine import Action, ActionType
from bot.fake_discord.clock import FakeClock
from bot.services.errors import Refusal
from bot.services.games import ABANDONED_AFTER, TIMEOUTS_BEFORE_REMOVAL, GameManager
from bot.services.lobbies import LobbyService
from bot.services.session import Session
from bot.services.timers import Timers
from bot.storage import MemoryStorage

from .conftest import Outlets, settle

ANN, BOB = 101, 202
CHANNEL, GUILD = 7, 1


async def started(lobbies: LobbyService, manager: GameManager, *, turn_timer: int = 0,
                  target: int | None = None, seed: int = 5) -> Session:
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                         preset="classic", turn_timer=turn_timer, target=target)
    await lobbies.join(CHANNEL, BOB, "Bob")
    lobby = await lobbies.check_start(CHANNEL, ANN)
    session = await manager.start(lobby, locale="en", seed=seed)
    lobbies.started(CHANNEL)
    return session


def turn_of(session: Session) -> int:
    turn = session.view().turn
    assert turn is not None
    return int(turn)


def draw(_: Session, player: str) -> Action:
    return Action(player, ActionType.DRAW)


async def test_a_started_game_is_saved_in_place_of_its_lobby(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage) -> None:
    session = await started(lobbies, manager)
    record = await storage.games.by_channel(CHANNEL)
    assert record is not None and record.game_id == session.game_id
    assert record.version == session.version
    assert await storage.lobbies.get(CHANNEL) is None
    assert manager.in_channel(CHANNEL) is session and manager.get(session.game_id) is session
    assert session.names == {str(ANN): "Ann", str(BOB): "Bob"}


async def test_an_action_is_saved_then_announced(lobbies: LobbyService, manager: GameManager,
                                             storage: MemoryStorage, outlets: Outlets) -> None:
    session = await started(lobbies, manager)
    before = session.version
    outcome = await manager.act(session.game_id, turn_of(session), draw)
    assert outcome.action.type is ActionType.DRAW and outcome.events
    assert session.version == before + 1
    record = await storage.games.load(session.game_id)
    assert record is not None and record.version == session.version
    await settle()
    assert outlets.shown[-1] == session.version  # its notice, once saved


async def test_refusals_change_nothing(lobbies: LobbyService, manager: GameManager,
                                       storage: MemoryStorage) -> None:
    session = await started(lobbies, manager)
    version = session.version
    waiting = turn_of(session)
    other = ANN if waiting == BOB else BOB
    with pytest.raises(Refusal) as stale:
        await manager.act(session.game_id, waiting, draw, version=version - 1)
    assert stale.value.key == "error.stale_button"
    with pytest.raises(Refusal) as stranger:
        await manager.act(session.game_id, 999, draw)
    assert stranger.value.key == "error.not_in_game"
    with pytest.raises(Refusal) as early:  # C-2: not their turn
        await manager.act(session.game_id, other, draw)
    assert early.value.key == "error.not_your_turn"
    with pytest.raises(Refusal) as gone:
        await manager.act("feedbeef", waiting, draw)
    assert gone.value.key == "error.game_over"
    record = await storage.games.load(session.game_id)
    assert session.version == version and record is not None and record.version == version


async def test_a_failed_save_is_undone_and_refused(lobbies: LobbyService, manager: GameManager,
                                                   storage: MemoryStorage,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    session = await started(lobbies, manager)
    version, hands = session.version, session.view().hand_sizes

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.games, "update", broken)
    with pytest.raises(Refusal) as refused:
        await manager.act(session.game_id, turn_of(session), draw)
    assert refused.value.key == "error.save_failed"
    assert session.version == version and session.view().hand_sizes == hands


async def test_the_turn_timer_acts_for_an_idle_player_and_removes_them_after_three(
        lobbies: LobbyService, manager: GameManager, clock: FakeClock) -> None:
    """C-11: at the deadline the bot draws (and passes) for the player; three timeouts in a row
    and the player is removed (C-10), which ends a two-player game."""
    session = await started(lobbies, manager, turn_timer=30)
    idle = turn_of(session)
    for timeouts in range(1, TIMEOUTS_BEFORE_REMOVAL + 1):
        if session.finished:
            break
        if turn_of(session) != idle:  # the other player moves at once
            await manager.act(session.game_id, turn_of(session), draw)
            if turn_of(session) != idle:
                await manager.act(session.game_id, turn_of(session),
                                  lambda _, p: Action(p, ActionType.PASS))
        version = session.version
        clock.advance(30)
        await settle()
        assert session.version > version, f"timeout {timeouts} did not act"
        assert any(e.get("type") == "timed_out" and e.get("by") == str(idle)
                   for e in session.recent)
    assert any(e.get("type") == "removed_idle" for e in session.recent)
    assert session.player(idle) is None


async def test_an_abandoned_game_is_ended_and_its_table_says_so(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        clock: FakeClock, outlets: Outlets) -> None:
    session = await started(lobbies, manager)  # no turn timer: only abandonment ends it
    clock.advance(ABANDONED_AFTER)
    await settle()
    assert outlets.abandoned_games == [session.game_id]
    assert manager.in_channel(CHANNEL) is None
    assert await storage.games.by_channel(CHANNEL) is None


async def test_a_restarted_manager_finds_the_game_as_saved(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        clock: FakeClock, timers: Timers, outlets: Outlets) -> None:
    session = await started(lobbies, manager, turn_timer=30)
    await manager.act(session.game_id, turn_of(session), draw)
    again = GameManager(MemoryStorage(storage.db, clock=clock.now).games, clock, timers)
    [restored] = await again.restore()
    assert restored.game_id == session.game_id and restored.version == session.version
    assert restored.view().hand_sizes == session.view().hand_sizes
    assert restored.recent == session.recent and restored.names == session.names
    assert timers.scheduled(("game", session.game_id))  # its timer is armed again


async def test_a_second_game_in_a_channel_is_refused(lobbies: LobbyService,
                                                     manager: GameManager) -> None:
    session = await started(lobbies, manager)
    with pytest.raises(Refusal) as busy:
        await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                             preset="classic", turn_timer=0)
    assert busy.value.key == "lobby.busy_game"
    assert manager.in_channel(CHANNEL) is session


async def test_a_failed_save_restores_everything_the_move_changed(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The host leaving (C-10) passes the host on; if that move cannot be saved, the host is
    the old one again, and so is every other saved field (meta and state alike)."""
    cid = 303
    await lobbies.create(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                         preset="classic", turn_timer=0)
    await lobbies.join(CHANNEL, BOB, "Bob")
    await lobbies.join(CHANNEL, cid, "Cid")
    session = await manager.start(await lobbies.check_start(CHANNEL, ANN), locale="en", seed=3)
    meta, state = copy.deepcopy(session.meta()), copy.deepcopy(session.state())

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.games, "update", broken)
    with pytest.raises(Refusal):
        await manager.act(session.game_id, ANN, lambda _, p: Action(p, ActionType.LEAVE))
    assert session.host == str(ANN) and session.player(ANN) == str(ANN)
    assert session.meta() == meta and session.state() == state


async def test_an_older_control_acts_while_its_players_decision_context_holds(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage) -> None:
    """Issue 18: a hand's control carries the game version and the player's context mark (the
    version at which who is awaited, the pending decision or the drawn card last changed). An
    older version acts while the mark holds; once the context changed it is out of date; an id
    without a mark (an older release's) acts at its own version only; after a reload the marks
    start again at the version then (nothing older acts)."""
    session = await started(lobbies, manager)
    waiting = turn_of(session)
    player = str(waiting)
    version, mark = session.version, session.context(player)
    session.game.version += 1  # a move that left the waiting player's decision as it was
    session.remember([])
    assert session.context(player) == mark
    with pytest.raises(Refusal) as unmarked:
        await manager.act(session.game_id, waiting, draw, version=version)
    assert unmarked.value.key == "error.stale_button"
    await manager.act(session.game_id, waiting, draw, version=version, context=mark)
    assert session.version == version + 2
    if session.view().turn == player:  # the drawn card may be played: pass it up
        await manager.act(session.game_id, waiting,
                          lambda _, p: Action(p, ActionType.PASS))
    assert session.view().turn != player and session.context(player) != mark
    with pytest.raises(Refusal) as stale:
        await manager.act(session.game_id, waiting, draw, version=version, context=mark)
    assert stale.value.key == "error.stale_button"
    record = await storage.games.load(session.game_id)
    assert record is not None
    reloaded = Session.from_record(record)
    assert reloaded.context(player) == reloaded.version


async def test_a_clean_stop_lets_a_move_under_way_save_and_refuses_the_next(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop waits for the move whose save is under way (the database closes after it: a
    restart once lost such a move to 'the database is closed'), and refuses later ones with a
    message that says why, changing nothing."""
    import asyncio

    session = await started(lobbies, manager)
    saving, release = asyncio.Event(), asyncio.Event()
    update = storage.games.update

    async def slow(*args: Any, **kwargs: Any) -> None:
        saving.set()
        await release.wait()
        await update(*args, **kwargs)

    monkeypatch.setattr(storage.games, "update", slow)
    first = asyncio.create_task(manager.act(session.game_id, turn_of(session), draw))
    await saving.wait()
    stop = asyncio.create_task(manager.stop(5.0))
    await settle()
    assert not stop.done()  # waits for the save under way
    release.set()
    await stop
    assert first.done() and first.result().events
    saved = await storage.games.load(session.game_id)
    assert saved is not None and saved.version == session.version
    version = session.version
    with pytest.raises(Refusal) as refused:
        await manager.act(session.game_id, turn_of(session), draw)
    assert refused.value.key == "error.restarting"
    assert session.version == version
