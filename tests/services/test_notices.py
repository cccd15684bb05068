"""The game manager is the hub (issue 35): after each saved change it publishes one typed notice
to its subscribers, in the order they subscribed; a change that is not saved is announced to
nobody; one subscriber's failure keeps no other from the change."""

from __future__ import annotations

import pytest

from bot.engine import Action, ActionType
from bot.fake_discord.clock import FakeClock
from bot.services.errors import Refusal
from bot.services.games import ABANDONED_AFTER, GameManager
from bot.services.lobbies import LobbyService
from bot.services.notices import Change, Notice
from bot.services.session import Session
from bot.storage import MemoryStorage

from .test_game_manager import ANN, CHANNEL, draw, started, turn_of


class Heard:
    def __init__(self, manager: GameManager) -> None:
        self.notices: list[Notice] = []
        manager.notices.subscribe(self.notices.append)

    def changes(self) -> list[Change]:
        return [notice.change for notice in self.notices]


async def test_a_start_and_each_action_are_announced_once_saved(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage) -> None:
    heard = Heard(manager)
    session = await started(lobbies, manager)
    outcome = await manager.act(session.game_id, turn_of(session), draw)
    assert heard.changes() == [Change.STARTED, Change.APPLIED]
    applied = heard.notices[-1]
    assert applied.session is session and applied.version == session.version
    assert applied.events == tuple(outcome.events) and applied.events
    record = await storage.games.load(session.game_id)
    assert record is not None and record.version == applied.version  # saved before it


async def test_a_change_not_saved_is_announced_to_nobody(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = await started(lobbies, manager)
    heard = Heard(manager)

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.games, "update", broken)
    with pytest.raises(Refusal):
        await manager.act(session.game_id, turn_of(session), draw)
    with pytest.raises(Refusal):  # refused by the rules: nothing changed either
        await manager.act(session.game_id, turn_of(session),
                          lambda _, player: Action(player, ActionType.PASS))
    assert heard.notices == []


async def test_a_match_won_an_end_and_an_abandoned_game_say_the_game_is_over(
        lobbies: LobbyService, manager: GameManager, clock: FakeClock) -> None:
    session = await started(lobbies, manager, target=50)  # a short match
    heard = Heard(manager)
    for _ in range(5000):
        if session.finished:
            break
        if session.game.round_over:
            await manager.act(session.game_id, ANN, lambda _, p: Action(p, ActionType.NEXT_ROUND))
        else:
            await manager.act(session.game_id, turn_of(session), _any_legal)
    assert heard.changes()[-1] is Change.FINISHED and Change.FINISHED.over
    assert all(not change.over for change in heard.changes()[:-1])
    again = await started(lobbies, manager)
    await manager.end(again)
    assert heard.changes()[-2:] == [Change.STARTED, Change.ENDED]
    third = await started(lobbies, manager)
    clock.advance(ABANDONED_AFTER)
    for _ in range(20):
        await _yield()
    assert heard.notices[-1].change is Change.ABANDONED and heard.notices[-1].session is third
    assert manager.in_channel(CHANNEL) is None


async def test_a_failing_subscriber_keeps_no_other_from_the_change(
        lobbies: LobbyService, manager: GameManager) -> None:
    def broken(notice: Notice) -> None:
        raise RuntimeError("an outlet's bug")

    manager.notices.subscribe(broken)
    heard = Heard(manager)
    session = await started(lobbies, manager)
    await manager.act(session.game_id, turn_of(session), draw)
    assert heard.changes() == [Change.STARTED, Change.APPLIED]


def _any_legal(session: Session, player: str) -> Action:
    """The first legal action, a play before a draw: a short match ends within a few
    thousand."""
    actions = session.game.legal_actions(player)
    plays = [a for a in actions if a.type is ActionType.PLAY]
    return (plays or actions)[0]


async def _yield() -> None:
    import asyncio

    await asyncio.sleep(0)
