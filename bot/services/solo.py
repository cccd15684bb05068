"""A solo game (issue 30): one person against AI players, dealt at once, without a lobby.

Its seats are those a lobby would have (the player first, then the AI players of the level
asked, each with its name and stars); it is keyed by a channel of its own, one per player
(`solo_channel`), so it never takes a server channel's one game, and the player has one solo
game at a time (asking again shows it again).
"""

from __future__ import annotations

from bot.engine import SUPPORTED_PRESETS
from bot.storage import LobbyRecord

from .errors import Refusal
from .lobbies import TARGET_SCORES, max_players
from .seats import LEVEL_DIGITS, ai_display_name, ai_user_id

DEFAULT_AIS = 3
MAX_AIS = 9


def solo_channel(user_id: int) -> int:
    """The key of a player's solo game where a game's channel goes: negative, so no channel's
    id (a snowflake) is ever one."""
    return -user_id


def solo_table(*, guild_id: int, user_id: int, name: str, ais: int, level: str, preset: str,
               target: int | None, now: float) -> LobbyRecord:
    """The seats and rules of a new solo game, as the lobby the game manager deals from."""
    if preset not in SUPPORTED_PRESETS:
        raise Refusal("lobby.preset_unsupported", preset=preset)
    if level not in LEVEL_DIGITS:
        raise Refusal("error.stale_button")
    most = max_players(preset) - 1
    if not 1 <= ais <= min(MAX_AIS, most):
        raise Refusal("solo.bad_count", max=min(MAX_AIS, most))
    options: dict[str, object] = {}
    if target is not None:
        low, high = TARGET_SCORES
        if not low <= target <= high:
            raise Refusal("lobby.bad_target", min=low, max=high)
        options["target_score"] = target
    seats = [user_id, *(ai_user_id(n, level) for n in range(1, ais + 1))]
    names = {user_id: name, **{ai_user_id(n, level): ai_display_name(n, level)
                               for n in range(1, ais + 1)}}
    return LobbyRecord(guild_id=guild_id, channel_id=solo_channel(user_id), host_id=user_id,
                       preset=preset, options=options, turn_timer=0, player_ids=tuple(seats),
                       names=names, created_at=now, expires_at=now, message_id=None)
