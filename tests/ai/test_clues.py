"""What the others' play gives away (issue #33, `bot.ai.clues`), and the expert's imagined
tables honouring it: a colour named with a wild (C-10), a draw on one's turn (C-7), a wild spent
early (C-4), each forgotten when new unknown cards come in."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

import bot.ai.clues as clues
from bot.ai import ExpertPolicy
from bot.ai.clues import read_clues
from bot.ai.memory import remember
from bot.ai.worlds import Worlds
from bot.engine import (
    ActionType,
    Card,
    Color,
    Event,
    EventReason,
    EventType,
    Game,
    Rank,
    RuleSet,
    card,
    dump,
    load,
)
from bot.sim.bridge import CARD_ID, action_id
from bot.sim.cards import classic_deck_ids

from . import test_isolation as isolation
from .test_policies import PLAYERS, obs_of, table
from .test_worlds_rules import own_decisions

ALL = frozenset(clues.ALL)
D = PLAYERS.index("d")


@pytest.fixture(autouse=True)
def _every_clue(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clues, "KINDS", ALL)


def _dealt(sizes: dict[str, int] | None = None) -> list[Event]:
    """A round's start: 7 cards each (C-3.2) unless told, the start card R3 (C-3.3)."""
    log = [Event(EventType.ROUND_STARTED, by="a", amount=1)]
    for name in PLAYERS:
        log += [Event(EventType.DEALT, by=name)] * (sizes or {}).get(name, 7)
    return [*log, Event(EventType.START_CARD, card=card("R3"))]


def _table(hands: dict[str, list[str]], discard: list[str], color: str) -> Game:
    """`test_policies.table`, with the discards the log shows (top last) out of the pile."""
    game = table(hands, discard[-1], color=color)
    data = dump(game)
    pile = list(data["draw_pile"])
    held = data["hands"]
    for code in discard[:-1]:
        if code in pile:
            pile.remove(code)
        else:  # dealt to a hand the test left free: that hand takes a card of the pile
            hand = next(h for h in held if code in h)
            hand[hand.index(code)] = pile.pop()
    data.update(draw_pile=pile, discard=discard, hands=held)
    return load(data)


def _d_hands(game: Game, log: list[Event], worlds: int = 60) -> Iterator[list[Card]]:
    """Player d's hand in `worlds` tables a's seat imagines, as engine cards."""
    obs = obs_of(game, "a", log)
    imagined = Worlds(obs, remember(obs))
    faces = {i: c for c, i in CARD_ID.items()}
    for seed in range(worlds):
        yield [faces[c] for c in imagined.deal(random.Random(seed)).hands[D]]


def _named_green() -> tuple[Game, list[Event]]:
    """d names green with a wild, keeping 6 cards (green most: G, G, R, Y, B, B)."""
    log = [*_dealt(), Event(EventType.PLAYED, by="d", card=card("W"), color=Color.GREEN)]
    game = _table({"d": ["G1", "G2", "R5", "Y6", "B7", "B8"]}, ["R3", "W"], "G")
    return game, log


def _holds_most(hand: list[Card], color: str) -> bool:
    """C-10's choice: `color` held most, the earlier colours in R, Y, G, B strictly fewer."""
    counts = Counter(c.color.value for c in hand if c.color is not None)
    order = "RYGB"
    return all(counts[c] < counts[color] if order.index(c) < order.index(color)
               else counts[c] <= counts[color] for c in order if c != color)


def test_a_colour_named_with_a_wild_is_the_one_every_world_holds_most() -> None:
    """C-10: the normal level (and most people) name the colour they hold most."""
    game, log = _named_green()
    assert read_clues(obs_of(game, "a", log))["d"].named == "G"
    assert all(_holds_most(hand, "G") for hand in _d_hands(game, log))


def test_without_the_clue_some_worlds_hold_another_colour_most(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, log = _named_green()
    monkeypatch.setattr(clues, "KINDS", frozenset())
    assert not all(_holds_most(hand, "G") for hand in _d_hands(game, log))


def test_cards_played_since_the_naming_count_for_the_named_colour() -> None:
    """After naming green, d played two greens: the 4 cards left may hold more red than green
    (6 cards at the naming: G, G + what is left)."""
    log = [*_dealt(), Event(EventType.PLAYED, by="d", card=card("W"), color=Color.GREEN),
           Event(EventType.PLAYED, by="d", card=card("G4")),
           Event(EventType.PLAYED, by="d", card=card("G9"))]
    game = _table({"d": ["R1", "R2", "Y6", "B7"]}, ["R3", "W", "G4", "G9"], "G")
    clue = read_clues(obs_of(game, "a", log))["d"]
    assert clue.named == "G" and clue.since == Counter({"G": 2})
    hands = list(_d_hands(game, log))
    assert all(_holds_most([*hand, card("G4"), card("G9")], "G") for hand in hands)
    assert any(not _holds_most(hand, "G") for hand in hands)


def test_a_player_who_drew_on_their_turn_holds_nothing_that_played() -> None:
    """C-7/C-4: d drew on a red 3 and passed: no red, no 3 and no wild in d's hand."""
    log = [*_dealt(), Event(EventType.DREW, by="d", reason=EventReason.TURN),
           Event(EventType.PASSED, by="d")]
    game = table({"d": ["G1", "G2", "Y5", "Y6", "B7", "B8", "G9", "Y1"]}, "R3")
    clue = read_clues(obs_of(game, "a", log))["d"]
    assert clue.colors == {"R"} and clue.ranks == {Rank.THREE} and clue.wilds
    for hand in _d_hands(game, log):
        assert not any(c.color is None or c.color is Color.RED or c.rank is Rank.THREE
                       for c in hand)


def test_an_early_wild_means_nothing_coloured_played() -> None:
    """C-4: a wild spent with 7 cards and nobody close to going out: d held no red and no 3
    (the normal level keeps its wilds while a coloured card plays)."""
    game, log = _named_green()
    clue = read_clues(obs_of(game, "a", log))["d"]
    assert clue.colors == {"R"} and clue.ranks == {Rank.THREE}
    for hand in _d_hands(game, log):
        assert not any(c.color is Color.RED or c.rank is Rank.THREE for c in hand)


@pytest.mark.parametrize("sizes", [{"d": 2}, {"b": 2}], ids=["own-two-cards", "threatened"])
def test_a_wild_spent_late_or_under_threat_says_nothing_of_what_played(
        sizes: dict[str, int]) -> None:
    log = [*_dealt(sizes), Event(EventType.PLAYED, by="d", card=card("W"), color=Color.GREEN)]
    clue = read_clues(obs_of(_table({"d": ["G1"]}, ["R3", "W"], "G"), "a", log))["d"]
    assert not clue.colors and not clue.ranks and clue.named == "G"


@pytest.mark.parametrize("reason", [EventReason.PENALTY, EventReason.CAUGHT])
def test_new_cards_end_the_clues(reason: EventReason, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards drawn off one's turn (C-5, C-6's penalty) are unknown: the clues go."""
    monkeypatch.setattr(clues, "KINDS", ALL - {"kept"})
    game, log = _named_green()
    log.append(Event(EventType.DREW, by="d", reason=reason))
    assert "d" not in read_clues(obs_of(game, "a", log))


def test_kept_clues_bind_all_but_the_new_cards() -> None:
    """`kept`: after a penalty card (C-6) the 6 cards held before still lack red and 3s, the
    one drawn may be anything; the colour named is forgotten (the new card may outnumber)."""
    game, log = _named_green()
    log.append(Event(EventType.DREW, by="d", reason=EventReason.PENALTY))
    game = _table({"d": ["G1", "G2", "R5", "Y6", "B7", "B8", "R9"]}, ["R3", "W"], "G")
    clue = read_clues(obs_of(game, "a", log))["d"]
    assert (clue.free, clue.named, clue.colors) == (1, None, {"R"})
    hands = list(_d_hands(game, log))
    assert all(sum(c.color is Color.RED or c.rank is Rank.THREE for c in hand) <= 1
               for hand in hands)
    assert any(c.color is Color.RED or c.rank is Rank.THREE for hand in hands for c in hand)


def test_a_swap_of_hands_ends_the_clues() -> None:
    game, log = _named_green()
    log.append(Event(EventType.HANDS_SWAPPED, by="d", target="b"))
    assert read_clues(obs_of(game, "a", log)) == {}


@pytest.mark.parametrize("seed", range(3))
def test_tables_dealt_on_clues_still_hold_every_card_once(seed: int) -> None:
    """With every clue on, over a normal-level round: every card once (C-1), each hand its
    size, the seat's own legal actions (a clue the unseen cards cannot honour is filled up)."""
    checked = 0
    for obs in own_decisions(RuleSet.classic(), seed, players=4):
        worlds = Worlds(obs, remember(obs))
        imagined = worlds.deal(random.Random(seed))
        cards = [c for h in imagined.hands for c in h] + imagined.pile + imagined.discard
        assert Counter(cards) == Counter(classic_deck_ids())
        assert [len(h) for h in imagined.hands] == list(obs.hand_sizes)
        offered = [action_id(a) for a in obs.legal_actions
                   if a.type not in (ActionType.UNO, ActionType.CATCH)]
        assert list(imagined.legal(obs.seat)) == offered
        checked += any(h is not None for _, _, h in worlds.others)
    assert checked > 5


def test_every_clue_on_the_expert_still_decides_from_its_view_alone() -> None:
    """The no-peeking test (tests/ai/test_isolation.py) with every clue read: rearranging the
    hidden cards consistently with the view changes no seeded decision."""
    isolation.test_rearranging_the_hidden_cards_changes_no_decision(
        "classic", "expert", ExpertPolicy(budget=60))


def _switched_to_yellow() -> tuple[Game, list[Event]]:
    """d, 7 cards and nobody close to going out, leaves red for yellow by a 3 (C-4)."""
    log = [*_dealt(), Event(EventType.PLAYED, by="d", card=card("Y3"))]
    return _table({"d": ["Y1", "G2", "R5", "G6", "B7", "B8"]}, ["R3", "Y3"], "Y"), log


def test_a_colour_left_by_a_number_is_not_held_much_more_than_the_new_one() -> None:
    """The normal level stays in the colour it holds most: after leaving red for yellow, d's
    hand holds at most one red more than yellows."""
    game, log = _switched_to_yellow()
    assert read_clues(obs_of(game, "a", log))["d"].switched == ("R", "Y")
    for hand in _d_hands(game, log):
        counts = Counter(c.color for c in hand)
        assert counts[Color.RED] <= counts[Color.YELLOW] + 1


def test_the_switch_says_nothing_after_the_next_play() -> None:
    game, log = _switched_to_yellow()
    log.append(Event(EventType.PLAYED, by="d", card=card("Y1")))
    game = _table({"d": ["G2", "R5", "G6", "B7", "B8"]}, ["R3", "Y3", "Y1"], "Y")
    assert read_clues(obs_of(game, "a", log))["d"].switched is None


def test_without_the_switch_some_worlds_hold_more_of_the_colour_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, log = _switched_to_yellow()
    monkeypatch.setattr(clues, "KINDS", frozenset())
    assert any(Counter(c.color for c in hand)[Color.RED] >
               Counter(c.color for c in hand)[Color.YELLOW] + 1
               for hand in _d_hands(game, log, worlds=200))
