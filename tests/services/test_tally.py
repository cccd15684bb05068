"""What a match's record counts from the engine's events (bot/services/tally.py): missed UNO
calls (C-5), challenges won and lost by both sides (C-6), colours named, the order of leaving
(C-10) and the round's points; and that it survives a save."""

from __future__ import annotations

from bot.engine import Event
from bot.services.tally import Tally


def test_the_tally_counts_what_the_record_needs() -> None:
    tally = Tally()
    tally.observe([
        Event("round_started"),
        Event("caught", by="a", target="b"),  # b missed the call (C-5)
        Event("challenged", by="c", target="a", reason="guilty"),  # a's W+4 was illegal
        Event("challenged", by="b", target="a", reason="innocent"),
        Event("played", by="a", color="R"),
        Event("color_chosen", by="a", color="R"),
        Event("color_chosen", by="c", color="B", reason="left"),  # named for a leaver: no
        Event("left", by="c"), Event("left", by="c"),
        Event("round_won", by="a", amount=42),
    ])
    assert tally.uno_missed == {"b": 1}
    assert tally.challenges_won == {"c": 1, "a": 1}
    assert tally.challenges_lost == {"a": 1, "b": 1}
    assert tally.colors == {"a": {"R": 2}}
    assert tally.left == ["c"]
    assert tally.round_points == {"a": 42}
    tally.observe([Event("round_started")])
    assert tally.round_points == {}  # a new round counts its own points


def test_no_colours_are_counted_when_wilds_name_none() -> None:
    """H-9 (colours around): a wild names no colour, so none is counted."""
    tally = Tally()
    tally.observe([Event("played", by="a", color="G")], colors_named=False)
    assert tally.colors == {}


def test_the_tally_survives_a_save() -> None:
    tally = Tally()
    tally.observe([Event("caught", by="a", target="b"), Event("played", by="a", color="Y"),
                   Event("left", by="b"), Event("round_won", by="a", amount=7)])
    tally.recorded_round = 3
    assert Tally.from_dict(tally.to_dict()) == tally
    assert Tally.from_dict({}) == Tally()
