"""The leaderboard's buttons and the forget-me confirmation, as dynamic items: everything a click
needs is in its `custom_id`, so they work after a restart (docs/DISCORD-FACTS.md).

- `uno:lb:<board>:<period>:<preset>:<page>:<tag>` a leaderboard page to show: board `wins`,
  `points` or `rating`; period `all` or a month `YYYY-MM` (the month the message shows, so paging
  an old message stays in its month); preset `any` or a preset; page from 0. The one-letter tag
  keeps two buttons that lead to the same page distinct (Discord refuses equal ids);
- `uno:fm:<user>` the confirmation of `/uno forget-me`, valid for that user only.
"""

from __future__ import annotations

import re

import discord

from bot.engine import Preset
from bot.interactions import Interaction
from bot.render.text import tr
from bot.storage import ANY_PRESET, Board, LeaderboardPage, Period

from .context import handlers
from .items import Button, UnoItem
from .layout import Controls

Style = discord.ButtonStyle


class LeaderboardButton(
        UnoItem[Button],
        template=r"uno:lb:(?P<board>[a-z]{1,8}):(?P<period>all|[0-9]{4}-[0-9]{2}):"
                 r"(?P<preset>[a-z_]{1,16}):(?P<page>[0-9]{1,6}):(?P<tag>[a-z])"):
    """A page of a board. `preset` None: every preset together (`any` in the id). An id naming
    a board, a preset or a month this bot does not know is answered as a stale board."""

    stale = "leaderboard.stale"

    def __init__(self, board: Board, period: Period, preset: Preset | None, page: int, tag: str,
                 *, label: str = "", style: Style = Style.secondary, disabled: bool = False,
                 row: int | None = None) -> None:
        custom_id = f"uno:lb:{board}:{period.key}:{preset or ANY_PRESET}:{page}:{tag}"
        super().__init__(discord.ui.Button(label=label or board, style=style, disabled=disabled,
                                           custom_id=custom_id, row=row))
        self.board, self.period, self.preset, self.page = board, period, preset, page

    @classmethod
    def from_match(cls, match: re.Match[str]) -> LeaderboardButton:
        preset = None if match["preset"] == ANY_PRESET else Preset(match["preset"])
        return cls(Board(match["board"]), Period.read(match["period"]), preset,
                   int(match["page"]), match["tag"])

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).scoring.leaderboard_button(
            interaction, self.board, self.period, self.preset, self.page)


class ForgetButton(UnoItem[Button], template=r"uno:fm:(?P<user>[0-9]{1,20})"):
    def __init__(self, user_id: int, *, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or "forget", style=Style.danger,
                                           custom_id=f"uno:fm:{user_id}"))
        self.user_id = user_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ForgetButton:
        return cls(int(match["user"]))

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).scoring.forget_button(interaction, self.user_id)


SCORING_ITEMS = (LeaderboardButton, ForgetButton)


def leaderboard_view(page: LeaderboardPage, locale: str, *, period: Period,
                     preset: Preset | None, this_month: Period) -> Controls:
    """◀ ▶ through the pages; a button per board; This month / All time (not for the rating,
    which is all-time). `period` and `preset` are what was asked for, kept when the board
    changes even though the rating board ignores them."""
    view = Controls()
    board = Board(page.board)
    view.add_item(LeaderboardButton(board, period, preset, max(page.page - 1, 0), "p",
                                    label=tr(locale, "leaderboard.button.previous"),
                                    disabled=page.page == 0, row=0))
    view.add_item(LeaderboardButton(board, period, preset, page.page + 1, "n",
                                    label=tr(locale, "leaderboard.button.next"),
                                    disabled=page.page >= page.pages - 1, row=0))
    for other in Board:
        current = other is board
        view.add_item(LeaderboardButton(other, period, preset, 0, "b",
                                        label=tr(locale, f"leaderboard.board.{other}"),
                                        style=Style.primary if current else Style.secondary,
                                        disabled=current, row=1))
    if board is not Board.RATING:
        monthly = period.month is not None
        view.add_item(LeaderboardButton(
            board, Period() if monthly else this_month, preset, 0, "m", row=1,
            label=tr(locale, "leaderboard.button.all_time" if monthly
                     else "leaderboard.button.this_month")))
    return view


def forget_view(user_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(user_id, label=tr(locale, "forget.button")))
    return view
