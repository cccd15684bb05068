"""The bot's own lines in a table's log (bot/services/notes.py): kept beside the engine's events
in the saved form they always had, read back as typed notes, never as engine events; a line no
kind reads is left out of what is shown, not fatal."""

from __future__ import annotations

from bot.engine import Event, EventType
from bot.services.games import GameManager
from bot.services.lobbies import LobbyService
from bot.services.notes import Note, NoteKind
from bot.services.session import Session
from bot.storage import MemoryStorage

from .test_game_manager import draw, started, turn_of


async def test_notes_are_kept_between_events_and_read_back_typed(
        lobbies: LobbyService, manager: GameManager, storage: MemoryStorage) -> None:
    session = await started(lobbies, manager)
    player = str(turn_of(session))
    session.note(Note(NoteKind.AI_TOOK_OVER, player))
    assert session.recent[-1] == {"type": "ai_took_over", "by": player}  # the saved form
    await manager.act(session.game_id, int(player), draw)
    record = await storage.games.load(session.game_id)
    assert record is not None
    history = Session.from_record(record).history()
    note = next(i for i, e in enumerate(history) if isinstance(e, Note))
    assert history[note] == Note(NoteKind.AI_TOOK_OVER, player)
    after = history[note + 1]
    assert isinstance(after, Event) and after.type is EventType.DREW
    assert all(e.type != "ai_took_over" for e in session.recent_events())


def test_a_line_no_release_wrote_is_left_out() -> None:
    assert Note.from_dict({"type": "drew", "by": "1"}) is None  # an engine event, not a note
    assert Note.from_dict({"type": "seat_reclaimed", "by": "1"}) == (
        Note(NoteKind.SEAT_RECLAIMED, "1"))


async def test_an_unknown_line_does_not_stop_the_table(
        lobbies: LobbyService, manager: GameManager) -> None:
    session = await started(lobbies, manager)
    before = session.history()
    session.recent.append({"type": "a_line_of_a_later_release", "by": "1"})
    assert session.history() == before


async def test_the_log_is_read_as_it_is_now_after_lines_change(
        lobbies: LobbyService, manager: GameManager) -> None:
    # Each saved line is parsed once (the table reads the log at every move): a line replaced,
    # dropped or restored from a save still reads as what `recent` holds now.
    session = await started(lobbies, manager)
    player = str(turn_of(session))
    before = session.history()
    session.recent[-1] = Note(NoteKind.TIMED_OUT, player).to_dict()
    assert session.history() == [*before[:-1], Note(NoteKind.TIMED_OUT, player)]
    del session.recent[:1]
    assert session.history() == [*before[1:-1], Note(NoteKind.TIMED_OUT, player)]
    session.recent = [dict(line) for line in session.recent]  # equal lines, new dicts
    assert session.history() == [*before[1:-1], Note(NoteKind.TIMED_OUT, player)]
