"""What a match's record counts from the engine's events (bot/services/tally.py): missed UNO
calls (C-5), challenges won and lost by both sides (C-6), colours named, the order of leaving
(C-10) and the round's points; and that it survives a save."""

from __future__ import annotations

from bot.engine import Color, Event, EventReason, EventType
from bot.services.tally import Tally

# Short names for the closed words these tables of events are written in.
T, R, C = EventType, EventReason, Color


def test_the_tally_counts_what_the_record_needs() -> None:
    tally = Tally()
    tally.observe([
        Event(T.ROUND_STARTED),
        Event(T.CAUGHT, by="a", target="b"),  # b missed the call (C-5)
        Event(T.CHALLENGED, by="c", target="a", reason=R.GUILTY),  # a's W+4 was illegal
        Event(T.CHALLENGED, by="b", target="a", reason=R.INNOCENT),
        Event(T.PLAYED, by="a", color=C.RED),
        Event(T.COLOR_CHOSEN, by="a", color=C.RED),
        Event(T.COLOR_CHOSEN, by="c", color=C.BLUE, reason=R.LEFT),  # named for a leaver: no
        Event(T.LEFT, by="c"), Event(T.LEFT, by="c"),
        Event(T.ROUND_WON, by="a", amount=42),
    ])
    assert tally.uno_missed == {"b": 1}
    assert tally.challenges_won == {"c": 1, "a": 1}
    assert tally.challenges_lost == {"a": 1, "b": 1}
    assert tally.colors == {"a": {"R": 2}}
    assert tally.left == ["c"]
    assert tally.round_points == {"a": 42}
    tally.observe([Event(T.ROUND_STARTED)])
    assert tally.round_points == {}  # a new round counts its own points


def test_no_colours_are_counted_when_wilds_name_none() -> None:
    """H-9 (colours around): a wild names no colour, so none is counted."""
    tally = Tally()
    tally.observe([Event(T.PLAYED, by="a", color=C.GREEN)], colors_named=False)
    assert tally.colors == {}


def test_the_tally_survives_a_save() -> None:
    tally = Tally()
    tally.observe([Event(T.CAUGHT, by="a", target="b"), Event(T.PLAYED, by="a", color=C.YELLOW),
                   Event(T.LEFT, by="b"), Event(T.ROUND_WON, by="a", amount=7)])
    tally.recorded_round = 3
    assert Tally.from_dict(tally.to_dict()) == tally
    assert Tally.from_dict({}) == Tally()
