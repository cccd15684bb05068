"""Who sits in a seat: a Discord user or an AI player (issue #19).

The engine names a user's seat by their Discord id as a string; an AI player's seat is named
`ai:<number><level digit>` (`ai:13`: the first AI of the table, hard; 4 is expert), which has a
letter in it and so can never be a Discord id. Where storage needs an integer (lobby seats,
records), an AI is the negative of that number (-13): negative ids are never Discord users, and
those from -1 to -10 stay the anonymous seats of forget-me, so an AI id is always -11 or below. On
the leaderboards an AI's results go to its level's row (-20, -30, -40, -50: ending in 0, no table's
AI id).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage import AI_LEVELS

from .notes import Note, NoteKind

if TYPE_CHECKING:
    from .session import Session

AI_PREFIX = "ai:"
# The boards add up AIs per level by this digit (`bot.storage.records.board_row`).
LEVEL_DIGITS = {level: digit for digit, level in enumerate(AI_LEVELS, start=1)}
_LEVELS = {digit: level for level, digit in LEVEL_DIGITS.items()}
# Names need no translation; the stars say the level in every language.
AI_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Margaret", "Claude", "Ken")


STAND_IN_LEVEL = "normal"  # who plays on for a person: a fair player, not a shark


def take_over(session: Session, player: str, *, allowed: bool) -> bool:
    """Issue 19: where `allowed` (the server's setting, or a tournament table's host letting AIs
    play for no-shows), an AI plays `player`'s seat from now on (the hand, the score and the
    seat stay theirs: no C-10 leave). False: nothing changed."""
    if is_ai(player) or player in session.stand_ins or not allowed:
        return False
    session.stand_ins[player] = STAND_IN_LEVEL
    session.note(Note(NoteKind.AI_TOOK_OVER, player))
    return True


def is_ai(player: str) -> bool:
    return player.startswith(AI_PREFIX)


def is_ai_user(user_id: int) -> bool:
    return user_id <= -11


def ai_user_id(number: int, level: str) -> int:
    """The lobby's id of its `number`-th AI player (1, 2, ...) of that level."""
    return -(number * 10 + LEVEL_DIGITS[level])


def ai_number(user_id: int) -> int:
    """Which AI of its table (1, 2, ...) a lobby id names."""
    return -user_id // 10


def player_name(user_id: int) -> str:
    """The engine's name of the seat of a lobby id."""
    return f"{AI_PREFIX}{-user_id}" if is_ai_user(user_id) else str(user_id)


def record_id(player: str) -> int:
    """The integer a record keeps for an engine player name."""
    return -int(player[len(AI_PREFIX):]) if is_ai(player) else int(player)


def level_of(player: str) -> str:
    """easy, normal, hard or expert, for an AI player's engine name."""
    return _LEVELS[int(player[len(AI_PREFIX):]) % 10]


def ai_display_name(number: int, level: str) -> str:
    """🤖, a name, and one to four stars for easy, normal, hard, expert."""
    return f"🤖 {AI_NAMES[(number - 1) % len(AI_NAMES)]} {'★' * LEVEL_DIGITS[level]}"
