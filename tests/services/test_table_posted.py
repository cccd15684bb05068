"""When the table message was posted (issue 36: a table near an hour old is posted anew): the
time is saved with the game, tied to its message id, and a reload never takes a table for
younger than it is."""

from __future__ import annotations

import dataclasses

from bot.fake_discord.clock import FakeClock
from bot.services.games import GameManager
from bot.services.lobbies import LobbyService
from bot.services.session import Session
from bot.storage import MemoryStorage
from bot.storage._json import pack

from .test_game_manager import draw, started, turn_of


async def _reloaded(storage: MemoryStorage, session: Session, **meta: object) -> Session:
    record = await storage.games.load(session.game_id)
    assert record is not None
    if meta:  # the save as an older release (or a hand) wrote it
        saved = {k: v for k, v in record.meta_data().items() if k not in meta}
        saved.update({k: v for k, v in meta.items() if v is not None})
        record = dataclasses.replace(record, meta=pack(saved))
    return Session.from_record(record)


async def test_the_posting_time_is_saved_with_its_message(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage,
        clock: FakeClock) -> None:
    session = await started(lobbies, manager)
    clock.advance(60)
    await manager.set_message(session, 555, posted_at=clock.now())
    posted = session.table_posted_at
    assert posted == clock.now()
    # The id is saved at once, the time with the next save: a reload before it takes the last
    # action's time, which is earlier (the table would move early, never late).
    early = await _reloaded(storage, session)
    assert early.message_id == 555 and early.table_posted_at == session.last_action_at < posted
    clock.advance(60)
    await manager.act(session.game_id, turn_of(session), draw)
    assert (await _reloaded(storage, session)).table_posted_at == posted
    # A save of before the time was kept: the match's start bounds it.
    older = await _reloaded(storage, session, table=None)
    assert older.table_posted_at == session.started_at < posted


async def test_set_message_without_a_time_takes_now(
        lobbies: LobbyService, manager: GameManager, clock: FakeClock) -> None:
    session = await started(lobbies, manager)
    clock.advance(30)
    await manager.set_message(session, 777)
    assert session.table_posted_at == clock.now()
