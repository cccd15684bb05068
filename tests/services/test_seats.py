"""AI seats' ids (bot/services/seats.py) and what a record keeps of them (issue #19)."""

from __future__ import annotations

import pytest

from bot.engine import Action, Game, card
from bot.rating import NEW_PLAYER
from bot.services.results import round_to_record
from bot.services.seats import (
    LEVEL_DIGITS,
    ai_display_name,
    ai_user_id,
    is_ai,
    is_ai_user,
    level_of,
    player_name,
    record_id,
)
from bot.services.session import Session
from bot.storage import AI_BOARD_ROWS, AI_ROW_LEVELS, MatchResult, MatchSeat
from bot.storage.records import board_row
from bot.storage.totals import rate_in_order


@pytest.mark.parametrize("level", list(LEVEL_DIGITS))
@pytest.mark.parametrize("number", [1, 2, 9, 10])
def test_an_ai_id_goes_round_trip_and_is_never_a_user(number: int, level: str) -> None:
    user_id = ai_user_id(number, level)
    player = player_name(user_id)
    assert is_ai_user(user_id) and is_ai(player) and not player.isdigit()  # never a Discord id
    assert user_id <= -11  # forget-me's anonymous seats are -1 to -10
    assert record_id(player) == user_id and level_of(player) == level
    assert ai_display_name(number, level).startswith("🤖 ")


@pytest.mark.parametrize("level", list(LEVEL_DIGITS))
def test_every_ai_of_a_level_counts_in_its_levels_board_row(level: str) -> None:
    row = AI_BOARD_ROWS[level]
    assert AI_ROW_LEVELS[row] == level and row <= -11  # never a forget-me seat (-1 to -10)
    for number in range(1, 100):
        assert board_row(ai_user_id(number, level)) == row
        assert row not in {ai_user_id(number, other) for other in LEVEL_DIGITS}
    assert board_row(1234) == 1234
    assert [board_row(-seat - 1) for seat in range(10)] == [None] * 10
    assert [board_row(row) for row in AI_BOARD_ROWS.values()] == [None] * len(AI_BOARD_ROWS)


def test_a_person_keeps_their_id() -> None:
    assert player_name(1234) == "1234" and record_id("1234") == 1234
    assert not is_ai("1234") and not is_ai_user(1234)


def test_a_round_record_keeps_the_ai_seats_with_their_ids() -> None:
    game, _ = Game.start(["1234", "ai:12"], seed=1)
    game.hands[0][:] = [card("R1")]
    game.discard.append(card("R5"))
    game.color = game.discard[-1].color
    game.turn, game.pending, game.drawn = 0, None, None
    game.apply(Action.play("1234", card("R1")))
    session = Session(game_id="g", guild_id=1, channel_id=2, game=game,
                      names={"1234": "Ann", "ai:12": "🤖 Ada ★★"}, locale="en", turn_timer=0,
                      host="1234")
    record = round_to_record(session, 10.0)
    assert record is not None and record.winner_id == 1234
    assert {(s.user_id, s.name) for s in record.seats} == {(1234, "Ann"), (-12, "🤖 Ada ★★")}


def test_people_are_rated_only_against_people() -> None:
    """Decision (issue 19): an AI seat is recorded but not rated, so a person's rating moves
    only against the people of the match: a person alone with AIs keeps their rating."""
    seats = (MatchSeat(user_id=-13, seat=0, name="🤖 Ada ★★★", place=1, won=True),
             MatchSeat(user_id=1234, seat=1, name="Ann", place=2, won=False))
    match = MatchResult(game_id="g", guild_id=1, preset="classic", options={},
                        scoring="standard", winner_id=-13, started_at=0.0, finished_at=1.0,
                        rounds=1, forfeit=False, seats=seats)
    ratings = {(1, 1234): (NEW_PLAYER, 0)}
    rate_in_order(ratings, [match])
    assert ratings == {(1, 1234): (NEW_PLAYER, 1)}
