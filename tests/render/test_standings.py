"""The leaderboard's rows of AI players (issue #19): one per level, named with the robot mark and
the level in every language, never as a mention, with the note that AIs are not rated."""

from __future__ import annotations

import pytest

from bot.i18n import get_translator
from bot.render.standings import render_leaderboard
from bot.storage import AI_BOARD_ROWS, LeaderboardEntry, LeaderboardPage
from drivers.catalogue import LOCALES


def _page(board: str, *user_ids: int) -> LeaderboardPage:
    entries = tuple(LeaderboardEntry(place=i + 1, user_id=user, name="" if user < 0 else "Ann",
                                     matches=3, wins=1, points=40, rating=0.0, rated=0)
                    for i, user in enumerate(user_ids))
    return LeaderboardPage(1, board, "all", "any", 0, 1, len(entries), entries)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("board", ["wins", "points"])
def test_each_ai_level_has_a_marked_row_and_the_note(locale: str, board: str) -> None:
    tr = get_translator()
    page = _page(board, *AI_BOARD_ROWS.values(), 7)
    rows = str(render_leaderboard(page, locale).text).split("\n")
    for row, level in zip(rows, AI_BOARD_ROWS, strict=False):
        assert tr.translate(locale, "leaderboard.ai_row",
                            level=tr.translate(locale, f"button.ai_{level}")) in row
        assert "🤖" in row and "<@" not in row
    assert "Ann" in rows[len(AI_BOARD_ROWS)]
    assert rows[-1] == tr.translate(locale, "leaderboard.ai_note")


def test_the_note_shows_only_beside_ai_rows_and_on_the_rating_board() -> None:
    note = get_translator().translate("en", "leaderboard.ai_note")
    assert note not in str(render_leaderboard(_page("wins", 7), "en").text)
    assert note in str(render_leaderboard(_page("rating", 7), "en").text)
