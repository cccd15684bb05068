"""The lobby's and the table's buttons say what they do with closed words (bot/ui/controls.py),
and their items alone build and read their custom ids: every id they build reads back to the
same typed fields, ids already posted on Discord read as before, and the cog answers every
table control."""

from __future__ import annotations

import pytest

from bot.engine import Preset, RuleSet
from bot.storage import Board, Period
from bot.ui.controls import (
    DecisionControl,
    LobbyControl,
    MatchControl,
    PageWay,
    TableControl,
    TournamentControl,
)
from bot.ui.items import DecisionButton, LobbyButton, MatchButton, PageButton, TableButton, read_id
from bot.ui.standings import LeaderboardButton
from bot.ui.tournament_items import TournamentButton
from cogs.play import _OPENS_HAND, _TABLE_ACTIONS

CHANNEL = 123456789012345678
GAME = "0123abcd"


@pytest.mark.parametrize("what", list(TableControl))
def test_a_table_button_reads_back_what_it_does(what: TableControl) -> None:
    button = TableButton(GAME, what)
    read = read_id(button.custom_id)
    assert isinstance(read, TableButton) and (read.game_id, read.what) == (GAME, what)
    assert read.what is what  # the member itself, not an equal string


@pytest.mark.parametrize("button", [
    *(LobbyButton(what, CHANNEL) for what in (LobbyControl.JOIN, LobbyControl.LEAVE,
                                              LobbyControl.START, LobbyControl.ADD_AI,
                                              LobbyControl.REMOVE_AI)),
    *(LobbyButton(LobbyControl.AI_LEVEL, CHANNEL, level=level)
      for level in ("easy", "normal", "hard", "expert")),
    LobbyButton(LobbyControl.UNSEAT, CHANNEL, ai_user=-13),
    LobbyButton(LobbyControl.UNSEAT, CHANNEL, ai_user=-104),
], ids=lambda b: b.custom_id.split(":")[2])
def test_a_lobby_button_reads_back_its_level_and_seat(button: LobbyButton) -> None:
    read = LobbyButton.parse(button.custom_id)
    assert read is not None
    assert (read.what, read.channel_id, read.level, read.ai_user) == (
        button.what, CHANNEL, button.level, button.ai_user)


@pytest.mark.parametrize(("posted", "fields"), [
    # Ids as the releases before the typed fields posted them (lobbies and pickers on Discord).
    (f"uno:l:join:{CHANNEL}", (LobbyControl.JOIN, None, None)),
    (f"uno:l:ai_hard:{CHANNEL}", (LobbyControl.AI_LEVEL, "hard", None)),
    (f"uno:l:unseat_24:{CHANNEL}", (LobbyControl.UNSEAT, None, -24)),
])
def test_lobby_ids_already_posted_read_as_before(posted: str,
                                                 fields: tuple[object, ...]) -> None:
    read = LobbyButton.parse(posted)
    assert read is not None and (read.what, read.level, read.ai_user) == fields
    assert read.custom_id == posted  # built again, the same id


@pytest.mark.parametrize("posted", [
    f"uno:l:ai_genius:{CHANNEL}",  # no such level
    f"uno:l:unseat_1:{CHANNEL}",  # an AI's seat has two or three digits
    f"uno:l:ai:{CHANNEL}",  # the word alone, without its level
    f"uno:t:{GAME}:draw",  # not a table control
    f"uno:t:{GAME}:HAND",
])
def test_ids_no_item_reads_stay_unread(posted: str) -> None:
    """(The bot answers such a click as out of date: tests/bot/test_seams.py.)"""
    assert read_id(posted) is None


def test_the_cog_answers_every_table_control() -> None:
    """Rules, Watch and Reclaim are answered on their own; every other control opens the hand
    or acts, and none does both."""
    answered_alone = {TableControl.RULES, TableControl.WATCH, TableControl.RECLAIM}
    assert not set(_OPENS_HAND) & set(_TABLE_ACTIONS)
    assert answered_alone | set(_OPENS_HAND) | set(_TABLE_ACTIONS) == set(TableControl)
    assert not answered_alone & (set(_OPENS_HAND) | set(_TABLE_ACTIONS))


@pytest.mark.parametrize(("what", "extra"), [
    (LobbyControl.AI_LEVEL, {}),  # a level to add is needed
    (LobbyControl.AI_LEVEL, {"level": "genius"}),
    (LobbyControl.UNSEAT, {"ai_user": 13}),  # an AI's lobby id is negative
    (LobbyControl.JOIN, {"level": "easy"}),  # Join takes no level
])
def test_a_lobby_button_is_not_built_with_fields_its_id_cannot_say(
        what: LobbyControl, extra: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        LobbyButton(what, CHANNEL, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize("what", list(MatchControl))
def test_a_final_table_button_reads_back_what_it_does(what: MatchControl) -> None:
    read = read_id(MatchButton(what, GAME, RuleSet.classic(), 60, 1).custom_id)
    assert isinstance(read, MatchButton) and read.what is what
    assert (read.game_id, read.rules, read.turn_timer, read.host_seat) == (
        GAME, RuleSet.classic(), 60, 1)


@pytest.mark.parametrize("what", list(DecisionControl))
def test_a_decision_button_reads_back_its_word_and_where_it_may_be(
        what: DecisionControl) -> None:
    read = read_id(DecisionButton(GAME, 7, what, context=5).custom_id)
    assert isinstance(read, DecisionButton) and read.what is what
    assert (read.version, read.context) == (7, 5)
    # Challenge and Accept are also on the table, for the player who decides.
    assert read.hand_only == (what not in (DecisionControl.CHALLENGE, DecisionControl.ACCEPT))


@pytest.mark.parametrize("way", list(PageWay))
def test_a_page_button_reads_back_its_way(way: PageWay) -> None:
    read = read_id(PageButton(GAME, 7, 2, way).custom_id)
    assert isinstance(read, PageButton) and read.way is way and read.page == 2


@pytest.mark.parametrize("what", list(TournamentControl))
def test_a_sign_up_button_reads_back_what_it_does(what: TournamentControl) -> None:
    read = TournamentButton.parse(TournamentButton(what, "abc123").custom_id)
    assert read is not None and read.what is what and read.tournament_id == "abc123"


@pytest.mark.parametrize(("posted", "fields"), [
    ("uno:lb:wins:all:any:0:p", (Board.WINS, Period(), None, 0)),
    ("uno:lb:rating:2026-11:no_mercy:3:b", (Board.RATING, Period("2026-11"), Preset.NO_MERCY, 3)),
])
def test_leaderboard_ids_already_posted_read_to_typed_fields(
        posted: str, fields: tuple[object, ...]) -> None:
    read = LeaderboardButton.parse(posted)
    assert read is not None and (read.board, read.period, read.preset, read.page) == fields
    assert read.custom_id == posted


@pytest.mark.parametrize("posted", ["uno:lb:wins:all:gone:1:n", "uno:lb:wins:2026-13:any:0:p",
                                    "uno:lb:elo:all:any:0:p"])
def test_a_leaderboard_id_naming_what_this_bot_lacks_is_unreadable(posted: str) -> None:
    """Answered as a stale board (tests/bot/test_scoring.py), never read as something else."""
    with pytest.raises(ValueError):
        LeaderboardButton.parse(posted)
    assert LeaderboardButton.stale == "leaderboard.stale"
