"""The lines the bot adds to a table's log itself: the engine knows nothing of timers or AIs.

They are kept in `Session.recent` beside the engine's events (saved as the same small dicts,
`{"type": ..., "by": ...}`), and read back as `Note`s, never as engine events.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class NoteKind(StrEnum):
    """What the bot did; each value is also the key of its line (`table.<kind>`)."""

    TIMED_OUT = "timed_out"  # C-11: the turn timer acted for the player
    REMOVED_IDLE = "removed_idle"  # C-11 → C-10: too many timeouts in a row
    AI_TOOK_OVER = "ai_took_over"  # issue 19: an AI plays the seat
    SEAT_RECLAIMED = "seat_reclaimed"  # issue 19: its player is back


_KINDS: dict[str, NoteKind] = {kind.value: kind for kind in NoteKind}


@dataclass(frozen=True, slots=True)
class Note:
    kind: NoteKind
    by: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": str(self.kind), "by": self.by}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Note | None:
        """The note `to_dict` wrote, or None when `data` is not a note (an engine event)."""
        kind = _KINDS.get(data.get("type", ""))
        return None if kind is None else cls(kind, str(data.get("by", "")))
