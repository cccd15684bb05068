"""A server's standings: leaderboard pages, a player's statistics, forgetting a player.

Thin over the `StatsStore`: it checks what a command or a button asks for (a button's
`custom_id` may come from an older version of the bot) and knows the current month on the bot's
clock. Every read names its guild, so nothing of one server is ever shown in another.
"""

from __future__ import annotations

import re

from bot.clock import Clock
from bot.engine import SUPPORTED_PRESETS
from bot.storage import (
    ALL_TIME,
    ANY_PRESET,
    BOARDS,
    Forgotten,
    LeaderboardPage,
    PlayerStats,
    StatsStore,
)
from bot.storage.stats import PER_PAGE, month_of

from .errors import Refusal

_MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")
MAX_PAGE = 99_999


class Standings:
    def __init__(self, repo: StatsStore, clock: Clock) -> None:
        self._repo = repo
        self._clock = clock

    def this_month(self) -> str:
        """The UTC month of now, as the monthly boards name it ("YYYY-MM")."""
        return month_of(self._clock.now())

    async def page(self, guild_id: int, *, board: str, period: str, preset: str,
                   page: int = 0) -> LeaderboardPage:
        if (board not in BOARDS or not (period == ALL_TIME or _MONTH.fullmatch(period))
                or preset not in (ANY_PRESET, *SUPPORTED_PRESETS) or not 0 <= page <= MAX_PAGE):
            raise Refusal("leaderboard.stale")
        return await self._repo.leaderboard(guild_id, board=board, period=period, preset=preset,
                                            page=page, per_page=PER_PAGE)

    async def stats(self, guild_id: int, user_id: int,
                    preset: str = ANY_PRESET) -> PlayerStats | None:
        if preset not in (ANY_PRESET, *SUPPORTED_PRESETS):
            raise Refusal("error.bad_option", value=preset)
        return await self._repo.player_stats(guild_id, user_id, preset=preset)

    async def forget(self, user_id: int) -> Forgotten:
        return await self._repo.forget_user(user_id)
