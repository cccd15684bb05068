"""What the repositories return: plain frozen values, so callers never see rows or SQL."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class LobbyRecord:
    """A channel's lobby as stored; `player_ids` are in join order (the host is one of them)."""

    guild_id: int
    channel_id: int
    host_id: int
    preset: str
    options: Mapping[str, Any]
    turn_timer: int
    player_ids: tuple[int, ...]
    names: Mapping[int, str]  # the name each player joined with ('' if unknown)
    created_at: float
    expires_at: float
    message_id: int | None


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A channel's game as stored. `state` is the engine dump as JSON text, kept verbatim so the
    reload is exact; `data()` parses it for `bot.engine.load`."""

    game_id: str
    guild_id: int
    channel_id: int
    state: str
    version: int
    message_id: int | None
    turn_deadline: float | None
    finished: bool
    updated_at: float
    meta: str = "{}"  # the game manager's JSON beside the engine state

    def meta_data(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.meta)
        return parsed

    def data(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.state)
        return parsed


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    """One player's totals in a guild: points from rounds, rounds won and matches won."""

    user_id: int
    points: int
    rounds_won: int
    matches_won: int
