"""Leaderboard pages and a player's statistics as embeds."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.rating import MIN_RATED_MATCHES
from bot.storage import (
    AI_ROW_LEVELS,
    ALL_TIME,
    ANY_PRESET,
    LeaderboardEntry,
    LeaderboardPage,
    PlayerStats,
    TournamentEntry,
)

from .events import escape_name
from .shown import Shown
from .text import COLOR_MARKS, NEUTRAL, color_name, tr

GOLD = 0xF1C40F


def decimal(value: float, locale: str, digits: int = 1) -> str:
    """A number with the locale's decimal mark (English 12.5, Ukrainian 12,5)."""
    text = f"{value:.{digits}f}".replace("-", "−")
    return text.replace(".", tr(locale, "stats.decimal_mark"))


def period_label(period: str, locale: str) -> str:
    if period == ALL_TIME:
        return tr(locale, "leaderboard.period.all")
    year, month = period.split("-")
    return tr(locale, "leaderboard.period.month", month=tr(locale, f"leaderboard.month.{month}"),
              year=year)


def preset_label(preset: str, locale: str) -> str:
    return tr(locale, "leaderboard.any_preset" if preset == ANY_PRESET
              else f"preset.{preset}.name")


def _player(entry_name: str, user_id: int, locale: str) -> str:
    level = AI_ROW_LEVELS.get(user_id)
    if level is not None:  # every AI player of a level together (issue #19)
        return tr(locale, "leaderboard.ai_row", level=tr(locale, f"button.ai_{level}"))
    return escape_name(entry_name) if entry_name else f"<@{user_id}>"


def _row(entry: LeaderboardEntry, board: str, locale: str) -> str:
    player = _player(entry.name, entry.user_id, locale)
    if board == "wins":
        return tr(locale, "leaderboard.row.wins", place=entry.place, player=player,
                  wins=tr(locale, "leaderboard.wins", count=entry.wins),
                  matches=tr(locale, "leaderboard.matches", count=entry.matches))
    if board == "points":
        return tr(locale, "leaderboard.row.points", place=entry.place, player=player,
                  points=tr(locale, "count.points", count=entry.points))
    return tr(locale, "leaderboard.row.rating", place=entry.place, player=player,
              rating=decimal(entry.rating, locale),
              matches=tr(locale, "leaderboard.matches", count=entry.rated))


def render_leaderboard(page: LeaderboardPage, locale: str) -> Shown:
    board = tr(locale, f"leaderboard.board.{page.board}")
    lines = [_row(entry, page.board, locale) for entry in page.entries]
    if not lines:
        lines = [tr(locale, "leaderboard.empty")]
    if page.board == "rating":
        lines += ["", tr(locale, "leaderboard.rating_note", count=MIN_RATED_MATCHES)]
    if page.board == "rating" or any(e.user_id in AI_ROW_LEVELS for e in page.entries):
        lines += ["", tr(locale, "leaderboard.ai_note")]
    return Shown(title=tr(locale, "leaderboard.title", board=board), colour=GOLD,
                 text="\n".join(lines),
                 footer=tr(locale, "leaderboard.footer", page=page.page + 1, pages=page.pages,
                           period=period_label(page.period, locale),
                           preset=preset_label(page.preset, locale)))


def render_stats(stats: PlayerStats, name: str, locale: str, *,
                 preset: str = ANY_PRESET,
                 tournaments: Sequence[TournamentEntry] = ()) -> discord.Embed:
    """`name`: the member's current name (the stored one is the last they played under);
    `preset`: the rule set whose matches the counters count (named under the title)."""
    dash = tr(locale, "stats.none_yet")
    embed = discord.Embed(title=tr(locale, "stats.title", player=escape_name(name)),
                          color=NEUTRAL, description=preset_label(preset, locale))

    def field(key: str, value: object) -> None:
        embed.add_field(name=tr(locale, f"stats.{key}"), value=str(value), inline=True)

    field("matches", stats.matches)
    field("wins", stats.wins)
    rate = stats.win_rate
    field("win_rate", dash if rate is None else tr(locale, "stats.percent",
                                                   percent=round(rate * 100)))
    average = stats.average_points
    field("average_points", dash if average is None else decimal(average, locale))
    field("uno_missed", stats.uno_missed)
    field("challenges", tr(locale, "stats.challenges_value", won=stats.challenges_won,
                           lost=stats.challenges_lost))
    color = stats.favourite_color()
    field("favourite_color", dash if color is None
          else f"{COLOR_MARKS.get(color, '')} {color_name(color, locale)}".strip())
    if stats.rank is not None:
        field("rating", tr(locale, "stats.rating_value", rating=decimal(stats.rating, locale),
                           place=stats.rank))
    else:
        field("rating", tr(locale, "stats.unranked", count=MIN_RATED_MATCHES - stats.rated))
    field("rounds_won", stats.rounds_won)
    if stats.forfeits:
        field("forfeits", stats.forfeits)
    if stats.rounds_lost:
        field("rounds_lost", stats.rounds_lost)
    penalty = stats.average_penalty
    if penalty is not None:
        field("average_penalty", decimal(penalty, locale))
    if tournaments:  # issue 31: their finished tournaments here, newest first
        embed.add_field(name=tr(locale, "stats.tournaments"), inline=False, value="\n".join(
            tr(locale, "stats.tournament_line", place=t.place, players=t.players,
               name=escape_name(t.name), points=t.points) for t in tournaments))
    embed.set_footer(text=tr(locale, "stats.footer"))
    return embed
