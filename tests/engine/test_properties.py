"""Property-based tests of the classic rules engine over random legal games (RULES.md section C).

Every example plays several complete matches for 2 to 10 players, driven by a `random.Random`
seeded by hypothesis, choosing among the legal actions of the player the table waits for, and
mixing in what other players may do at any time: UNO calls and catches (C-5), false UNO calls
under `false_uno_penalty` (C-5.4) and, in some examples, players leaving (C-10). After every
action the invariants below are checked:

1. the 108 cards of C-1 are all accounted for (hands + draw pile + discard pile);
2. until the round is over the table waits for someone who has something to do (C-4); then
   `next_round` is available until the match is won (C-8.3);
3. every match ends within a generous action cap;
4. `dump`/`load` at any point continues identically (REPLAY.md: the same file, the same result);
5. a player's view and the events as they see them never show another player's cards (C-9);
6. illegal actions raise `IllegalAction` with a REPLAY.md code and leave the state untouched;
7. the same seed and the same actions give the same events;
and every listed legal action is accepted by `apply`.

The whole module runs in a few seconds per test; `GAMES_PLAYED` counts the matches it plays
with their rounds and actions (shown with `pytest -s`).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from bot.engine import (
    Action,
    ActionType,
    Card,
    ErrorCode,
    Event,
    Game,
    IllegalAction,
    RuleSet,
    classic_deck,
    dump,
    load,
    player_view,
)

NAMES = ("ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal", "ivy", "jon")
DECK = Counter(classic_deck())  # C-1: the 108 cards
DISTINCT_CARDS = tuple(dict.fromkeys(classic_deck()))  # the 54 different faces
COLORS = ("R", "Y", "G", "B")
BAD_COLORS = (None, "", "X", "P", "r", "W")  # no colour, or not one of R, Y, G, B (C-4.2)
# A cap no real match comes near (uniformly random play averages some 13,000 actions for a
# 2-player match to 500, and ~20,000 at most in our samples): reaching it means a game that does
# not end (invariant 3).
MAX_ACTIONS = 200_000

TURN_TYPES = frozenset({ActionType.PLAY, ActionType.DRAW, ActionType.PASS, ActionType.COLOR,
                        ActionType.CHALLENGE, ActionType.ACCEPT})
ANY_TIME_TYPES = frozenset({ActionType.UNO, ActionType.CATCH})  # C-5: not bound to the turn
# Events whose card(s) only their receiver may see (C-9), and those whose card is on the table
# for all to see. Any other event carrying a card would be a leak to review.
PRIVATE_CARD_EVENTS = frozenset({"dealt", "drew"})
PUBLIC_CARD_EVENTS = frozenset({"played", "start_card", "start_card_returned", "challenged",
                                "drew_for_dealer"})
EVENT_FIELDS = ("type", "by", "target", "color", "amount", "reason")
VIEW_FIELDS = ("player", "rules", "round", "players", "active", "dealer", "hand", "hand_sizes",
               "top", "color", "direction", "turn", "pending", "drawn", "uno_called", "uno_owed",
               "draw_pile", "scores", "round_winner", "match_winner", "legal_actions")

# Every example is several whole matches: no deadline, and no shrinking (a smaller seed is no
# simpler game; a failure names the matches to replay: `Spec(...).family(n)`).
FAST: dict[str, Any] = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
        "phases": (Phase.explicit, Phase.reuse, Phase.generate)}

GAMES_PLAYED = 0
ROUNDS_PLAYED = 0
ACTIONS_DRIVEN = 0
COVERED: Counter[str] = Counter()  # what the checks met, for `pytest -s`


def teardown_module() -> None:
    print(f"\n{__name__}: {GAMES_PLAYED} matches ({ROUNDS_PLAYED} rounds) played, "
          f"{ACTIONS_DRIVEN} actions driven")
    for what, count in sorted(COVERED.items()):
        print(f"  {what}: {count}")


# ---------------------------------------------------------------------------- random games


@dataclass(frozen=True)
class Style:
    """How the random players behave (all choices stay legal)."""

    play_bias: float = 0.0  # chance of picking a card play when one is listed (else uniform)
    hoard_wilds: bool = False  # play wild cards last, so rounds often end on one (C-8.1)
    forget_uno: float = 0.0  # chance of playing one's next-to-last card without calling UNO
    meddle: float = 0.0  # chance per step that a random player makes a listed call or catch (C-5)
    false_calls: float = 0.0  # chance per step of an UNO call that is not due (C-5.4, option on)
    leave: float = 0.0  # chance per step that a random player leaves (C-10)


@dataclass(frozen=True)
class Spec:
    """One match: everything needed to replay it (shown by hypothesis when a test fails)."""

    seed: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    style: Style = Style()
    dealer: int | None = None  # None: C-3.1 draw for the dealer
    stacked: bool = False  # start from an explicit deck (REPLAY.md `deck`) instead of the seed

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.players]

    def start(self, *, replay: bool = False) -> tuple[Game, list[Event]]:
        global GAMES_PLAYED
        GAMES_PLAYED += not replay
        names = self.names
        dealer = None if self.dealer is None else names[self.dealer % self.players]
        deck = None
        if self.stacked:
            deck = classic_deck()
            random.Random(self.seed ^ 0xDEC).shuffle(deck)
        return Game.start(names, RuleSet.classic(**self.options), seed=self.seed, dealer=dealer,
                          deck=deck)

    def family(self, size: int, *, same_style: bool = False) -> list[Spec]:
        """`size` matches under the same rules: this one, then others with their own seed and
        table size, whose players mostly play a card when they can (so a long, uniformly random
        match stays one of a kind) unless `same_style`. Hypothesis shows them all when a test
        fails."""
        rng = random.Random(self.seed)
        matches = [self]
        for _ in range(size - 1):
            style = self.style if same_style else dataclasses.replace(
                self.style, play_bias=rng.choice([0.95, 0.95, 0.8]))
            matches.append(dataclasses.replace(self, seed=rng.getrandbits(32),
                                               players=rng.randint(2, 10), style=style))
        return matches

    def driver(self) -> random.Random:
        """The players' random choices: a generator of its own, never the engine's."""
        return random.Random(self.seed * 7919 + 17)


@st.composite
def specs(draw: st.DrawFn, *, full_matches: bool = False) -> Spec:
    """A random match. Classic rules, alone or with C-5.4's `false_uno_penalty`, and mostly a
    small `target_score` (C-8.3) so that matches of several rounds are played quickly; with
    `full_matches`, now and then the full match to 500.

    Players who choose uniformly among their legal actions draw as often as they play, so their
    rounds are long (a thousand actions, many reshuffles, C-7): those matches (one in twenty)
    get a target of at most 40 (one or two rounds). The others mostly play a card when they can.
    """
    players = draw(st.integers(2, 10))
    play_bias = draw(st.sampled_from([*[0.95] * 16, 0.8, 0.8, 0.6, 0.0]))
    options: dict[str, Any] = {}
    if play_bias == 0.0:
        options["target_score"] = draw(st.integers(1, 40))
    elif not (full_matches and draw(st.integers(0, 9)) == 0):
        options["target_score"] = draw(st.integers(1, 120))
    if draw(st.booleans()):
        options["false_uno_penalty"] = draw(st.booleans())
    style = Style(
        play_bias=play_bias,
        hoard_wilds=draw(st.booleans()),
        forget_uno=draw(st.sampled_from([0.0, 0.5, 1.0])),
        meddle=draw(st.sampled_from([0.0, 0.1, 0.5])),
        false_calls=draw(st.sampled_from([0.0, 0.01])),
        leave=draw(st.sampled_from([0.0, 0.005])),
    )
    return Spec(
        seed=draw(st.integers(0, 2**32 - 1)),
        players=players,
        options=options,
        style=style,
        dealer=draw(st.none() | st.integers(0, 9)),
        stacked=draw(st.booleans()),
    )


def choose(game: Game, rng: random.Random, style: Style) -> Action:
    """A random legal action: mostly the waiting player's, sometimes another player's call."""
    names = game.players
    active = [name for seat, name in enumerate(names) if game.active[seat]]
    if game.round_winner is not None:
        return Action(rng.choice(active), ActionType.NEXT_ROUND)  # any player may deal on
    if style.leave and len(active) > 1:
        # C-10: players leave most often when something waits on the table (a challenge, a
        # colour, an UNO window, a drawn card), where leaving has the most to settle.
        tense = game.pending is not None or game.uno_owed is not None or game.drawn is not None
        if rng.random() < style.leave * (30 if tense else 1):
            leaver = rng.choice(active)
            if tense and rng.random() < 0.5:  # the one the table waits on, or who made it wait
                pending = game.pending
                seats = [game.waiting_for, pending.by if pending else game.uno_owed]
                seat = rng.choice([s for s in seats if s is not None])
                leaver = names[seat]
            return Action(leaver, ActionType.LEAVE)
    if style.meddle and rng.random() < style.meddle:
        name = rng.choice(active)
        calls = [a for a in game.legal_actions(name) if a.type in ANY_TIME_TYPES]
        if calls:
            return rng.choice(calls)
    if (style.false_calls and game.rules.options.false_uno_penalty
            and rng.random() < style.false_calls):
        name = rng.choice(active)
        seat = names.index(name)
        # C-5.4: a call that is not due costs 4. (A repeated call, which RULES.md does not
        # single out, is left alone.)
        if not (seat in game.uno_called and len(game.hands[seat]) == 1):
            return Action(name, ActionType.UNO)
    waiting = game.waiting_for
    assert waiting is not None  # a live game always waits for someone
    legal = game.legal_actions(names[waiting])
    if style.play_bias and rng.random() < style.play_bias:
        plays = [a for a in legal if a.type is ActionType.PLAY]
        if plays and style.hoard_wilds:
            plays = [a for a in plays if a.card is not None and not a.card.is_wild] or plays
        if plays:
            legal = plays
    action = rng.choice(legal)
    if action.uno and style.forget_uno and rng.random() < style.forget_uno:
        action = dataclasses.replace(action, uno=False)  # C-5.1: forgetting the call is legal
    return action


def actions_of(game: Game, rng: random.Random, style: Style) -> Iterator[Action]:
    """The actions of one match, to apply by the caller, until a player wins it (invariant 3)."""
    global ACTIONS_DRIVEN, ROUNDS_PLAYED
    for _ in range(MAX_ACTIONS):
        if game.match_winner is not None:
            ROUNDS_PLAYED += game.round
            return
        ACTIONS_DRIVEN += 1
        yield choose(game, rng, style)
    raise AssertionError(f"no match winner after {MAX_ACTIONS} actions (C-8.3)")


# ---------------------------------------------------------------------------- shared checks


def assert_cards_conserved(game: Game) -> None:
    """C-1: hands + draw pile + discard pile are exactly the 108 cards."""
    seen: Counter[Card] = Counter(chain(game.draw_pile, game.discard, *game.hands))
    # dict equality: Counter's own == is written in Python, and this runs after every action.
    assert dict.__eq__(seen, DECK), f"cards gained {seen - DECK}, lost {DECK - seen}"


def assert_table_waits(game: Game) -> None:
    """C-4/C-8: someone always has something to do until the match is won."""
    names = game.players
    if game.round_winner is None:
        seat = game.waiting_for
        assert seat is not None, "the round is on but the table waits for nobody"
        assert game.active[seat], "the table waits for a player who left (C-10)"
        legal = game.legal_actions(names[seat])
        assert legal, f"{names[seat]} is waited for but has no legal action"
        assert any(a.type in TURN_TYPES for a in legal), (
            f"{names[seat]} is waited for but may only {[a.type.value for a in legal]}")
        assert game.discard, "the discard pile is empty"
        assert game.color is not None or (game.pending is not None
                                          and game.pending.kind == "color")
        # C-8.1: a player who is out ends the round, once a last Wild Draw Four's challenge
        # decision is settled.
        for s, hand in enumerate(game.hands):
            if game.active[s] and not hand:
                assert (game.pending is not None and game.pending.kind == "challenge"
                        and game.pending.by == s), (
                    f"{names[s]} has no cards left but the round goes on")
    else:
        assert game.waiting_for is None
        for s, name in enumerate(names):
            if not game.active[s]:
                continue
            legal = game.legal_actions(name)
            if game.match_winner is None:
                assert [a.type for a in legal] == [ActionType.NEXT_ROUND], legal
            else:
                assert legal == [], legal


def step(game: Game, action: Action) -> list[Event]:
    """Apply a legal action and check invariants 1 and 2 after it."""
    events = game.apply(action)
    assert_cards_conserved(game)
    assert_table_waits(game)
    return events


def twin(game: Game) -> Game:
    """A copy through JSON, as a saved game is: dump is JSON data and loads back exactly."""
    data = dump(game)
    text = json.dumps(data)
    assert json.loads(text) == data, "dump(game) does not survive a JSON round trip"
    copy = load(json.loads(text))
    assert dump(copy) == data, "load(dump(game)) dumps differently"
    return copy


# ---------------------------------------------------------------------------- 1, 2, 3


@settings(max_examples=60, **FAST)
@given(specs(full_matches=True).map(lambda s: s.family(8)))
# C-8.1 with C-10: a player's last card is a Wild Draw Four and its victim leaves before
# deciding; the penalty is dropped, so the player who went out must win the round (round 1 of
# this match is played from a deck shuffled by the test itself, not by the engine).
@example([Spec(seed=9136, players=3, options={"target_score": 500}, dealer=0, stacked=True,
               style=Style(play_bias=0.95, hoard_wilds=True, leave=0.005))])
def test_cards_conserved_table_waits_and_every_match_ends(games: list[Spec]) -> None:
    """C-1 (108 cards always all there), C-4/C-8 (someone is always waited for and can act;
    after a round `next_round` until the match is won), C-8.3 (every match ends), C-10."""
    for spec in games:
        game, _ = spec.start()
        rng = spec.driver()
        assert_cards_conserved(game)
        assert_table_waits(game)
        for action in actions_of(game, rng, spec.style):
            step(game, action)
        assert game.round_winner is not None and game.match_winner == game.round_winner
        with pytest.raises(IllegalAction) as refused:
            game.apply(Action(spec.names[game.match_winner], ActionType.NEXT_ROUND))
        assert refused.value.code is ErrorCode.NOT_ALLOWED_NOW  # C-8.3: the match is over


@settings(max_examples=6, **FAST)
@given(st.builds(Spec, seed=st.integers(0, 2**32 - 1), players=st.integers(2, 10))
       .map(lambda s: s.family(4, same_style=True)))
def test_uniformly_random_full_matches_end(games: list[Spec]) -> None:
    """C-8.3: a classic match to 500, every player choosing uniformly among their legal actions
    (drawing as often as playing), ends well within the cap; C-1 holds at each round's end."""
    for spec in games:
        game, _ = spec.start()
        rng = spec.driver()
        for action in actions_of(game, rng, spec.style):
            events = game.apply(action)
            if game.round_winner is not None or any(e.type == "reshuffled" for e in events):
                assert_cards_conserved(game)
        assert game.match_winner is not None and game.scores[game.match_winner] >= 500


# ---------------------------------------------------------------------------- 4


@settings(max_examples=50, **FAST)
@given(specs().map(lambda s: s.family(6)),
       st.floats(0.005, 0.05))
def test_dump_load_continues_identically(games: list[Spec], reload_rate: float) -> None:
    """REPLAY.md / serialize: at any point `load(dump(g))` (through JSON) is the same game: the
    same next actions give the same events, dumps and legal actions, including the random state
    across reshuffles (C-7) and new rounds (C-3: a fresh shuffle)."""
    for spec in games:
        game, _ = spec.start()
        rng = spec.driver()
        copy: Game | None = twin(game)  # the first copy lives until it has crossed a shuffle
        crossed = 0
        for action in actions_of(game, rng, spec.style):
            if copy is None and rng.random() < reload_rate:
                copy = twin(game)
                crossed = 0
            events = step(game, action)
            if copy is None:
                continue
            assert copy.apply(action) == events, f"{spec}: events differ after reload"
            waiting = game.waiting_for
            if waiting is not None:
                name = game.players[waiting]
                assert copy.legal_actions(name) == game.legal_actions(name)
            shuffled = any(e.type in ("reshuffled", "round_started") for e in events)
            if shuffled or rng.random() < 0.1:  # (a dump per action would be slow)
                assert dump(copy) == dump(game), f"{spec}: state differs after reload"
            if shuffled:
                COVERED["reloaded game crossed a shuffle"] += 1
                crossed += 1
                if crossed >= 2:
                    copy = None  # crossed shuffles and went on identically: take a new one later
        if copy is not None:
            assert dump(copy) == dump(game)


# ---------------------------------------------------------------------------- 5


def _fields(obj: Any) -> dict[str, Any]:
    """The fields of a view (or of its snapshot) as a dict, whatever its class."""
    if hasattr(obj, "snapshot"):
        obj = obj.snapshot()
    if hasattr(obj, "_asdict"):
        return dict(obj._asdict())
    if dataclasses.is_dataclass(obj):
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    return {name: getattr(obj, name) for name in VIEW_FIELDS}


_NO_CARDS = (str, int, float, Enum, RuleSet, type(None))  # a rule set is options only


def _cards_in(value: Any, path: str, out: list[tuple[str, Card]]) -> None:
    """Every card reachable from `value`, with where it was found."""
    if isinstance(value, Card):
        out.append((path, value))
    elif isinstance(value, Action):
        if value.card is not None:
            out.append((f"{path}.card", value.card))
    elif isinstance(value, _NO_CARDS):
        return
    elif isinstance(value, dict):
        for key, item in value.items():
            _cards_in(item, f"{path}.{key}", out)
    elif hasattr(value, "_asdict"):
        _cards_in(dict(value._asdict()), path, out)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for i, item in enumerate(value):
            if not isinstance(item, _NO_CARDS):
                _cards_in(item, f"{path}[{i}]", out)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), f"{path}.{f.name}", out)
    else:
        raise AssertionError(f"unexpected {type(value).__name__} in a view at {path}")


def assert_view_private(game: Game, viewer: str | None) -> None:
    """C-9: the view holds the viewer's own hand, other hands only as sizes, and no other card
    than the viewer's own and the discard top."""
    view = player_view(game, viewer)
    seat = None if viewer is None else game.players.index(viewer)
    own = tuple(game.hands[seat]) if seat is not None else ()
    assert tuple(view.hand) == own
    assert tuple(view.hand_sizes) == tuple(len(h) for h in game.hands)
    assert view.top is game.discard[-1]
    assert view.draw_pile == len(game.draw_pile)
    if seat is None:
        assert tuple(view.legal_actions) == ()
        assert view.drawn is None
    else:
        assert viewer is not None
        assert list(view.legal_actions) == game.legal_actions(viewer)
        assert view.drawn is None or (game.turn == seat and view.drawn in own)
    found: list[tuple[str, Card]] = []
    for name, value in _fields(view).items():
        if name not in ("hand", "top"):
            _cards_in(value, name, found)
    for where, card in found:
        assert card in own, f"{viewer}'s view shows {card} at {where}, not in their hand"


def hide_other_cards(data: dict[str, Any], seat: int | None, rng: random.Random) -> dict[str, Any]:
    """The same saved game with every card `seat` cannot see dealt anew: other hands (same sizes)
    and the draw pile. A player who drew a playable card keeps it (C-4.4)."""
    data = json.loads(json.dumps(data))
    hands = data["hands"]
    hidden = [s for s in range(len(hands)) if s != seat]
    kept = {}
    if data["drawn"] is not None and data["turn"] in hidden:
        hands[data["turn"]].remove(data["drawn"])
        kept[data["turn"]] = data["drawn"]
    pool = [c for s in hidden for c in hands[s]] + data["draw_pile"]
    rng.shuffle(pool)
    for s in hidden:
        size = len(hands[s])
        hands[s], pool = pool[:size], pool[size:]
        if s in kept:
            hands[s].append(kept[s])
    data["draw_pile"] = pool
    return data


def assert_events_private(events: list[Event], names: tuple[str, ...],
                          hands_before: list[list[Card]] | None) -> None:
    """C-9 for events: drawn and dealt cards reach their receiver only; a hand shown on a
    challenge (C-6) reaches the challenger only; everything else is public."""
    viewers: list[str | None] = [*names, None]
    for i, event in enumerate(events):
        kind = event.type
        if kind in PRIVATE_CARD_EVENTS:
            assert event.by in names, event
            for viewer in viewers:
                seen = event.visible_to(viewer)
                if viewer == event.by:
                    assert seen == event
                    continue
                assert seen.card is None and seen.cards is None, (event, viewer)
                assert "card" not in seen.to_dict() and "cards" not in seen.to_dict()
                for name in EVENT_FIELDS:
                    assert getattr(seen, name) == getattr(event, name), (event, viewer, name)
        elif kind == "hand_shown":
            # C-6: shown by the challenged player to the challenger, as it was when challenged.
            challenged = events[i - 1]
            assert challenged.type == "challenged"
            assert (challenged.by, challenged.target) == (event.target, event.by)
            assert hands_before is not None and event.cards is not None and event.by is not None
            assert list(event.cards) == hands_before[names.index(event.by)]
            assert event.card is None
            COVERED["hand shown to the challenger only"] += 1
            for viewer in viewers:
                seen = event.visible_to(viewer)
                if viewer == event.target:
                    assert seen == event
                    continue
                assert seen.cards is None, (event, viewer)
                assert "cards" not in seen.to_dict()
                for name in EVENT_FIELDS:
                    assert getattr(seen, name) == getattr(event, name), (event, viewer, name)
        else:
            assert event.cards is None, event
            assert event.card is None or kind in PUBLIC_CARD_EVENTS, (
                f"{kind} shows {event.card} to everyone")
            for viewer in viewers:
                assert event.visible_to(viewer) == event, (event, viewer)


@settings(max_examples=50, **FAST)
@given(specs().map(lambda s: s.family(6)),
       st.floats(0.05, 0.3))
def test_views_and_events_show_only_ones_own_cards(games: list[Spec], rate: float) -> None:
    """C-9: a player's view holds their own hand and only the sizes of the others (spectators:
    no hand at all); events hide other players' drawn and dealt cards, and show a challenged
    hand (C-6) to the challenger alone. Re-dealing every card the viewer cannot see changes
    nothing in their view."""
    for spec in games:
        game, events = spec.start()
        rng = spec.driver()
        names = game.players
        assert_events_private(events, names, None)
        viewers: list[str | None] = [*names, None]
        for action in actions_of(game, rng, spec.style):
            hands_before = ([list(h) for h in game.hands]
                            if action.type is ActionType.CHALLENGE else None)
            events = step(game, action)
            assert_events_private(events, names, hands_before)
            if rng.random() < rate:
                waiting = game.waiting_for
                for viewer in {rng.choice(names), None,
                               names[waiting] if waiting is not None else None}:
                    assert_view_private(game, viewer)
            if rng.random() < rate / 4:
                viewer = rng.choice(viewers)
                seat = None if viewer is None else names.index(viewer)
                other = load(hide_other_cards(dump(game), seat, rng))
                assert_cards_conserved(other)
                assert _fields(player_view(other, viewer)) == _fields(player_view(game, viewer))
                COVERED["view unchanged by re-dealing hidden cards"] += 1


# ---------------------------------------------------------------------------- 6


def illegal_actions(game: Game, rng: random.Random) -> list[tuple[Action, frozenset[ErrorCode]]]:
    """Actions the rules refuse right now, each with the REPLAY.md code(s) it may be refused
    with (the first that applies, in REPLAY.md's order)."""
    E = ErrorCode
    names = game.players
    active = [n for s, n in enumerate(names) if game.active[s]]
    out: list[tuple[Action, frozenset[ErrorCode]]] = []

    def add(action: Action, *codes: ErrorCode) -> None:
        out.append((action, frozenset(codes)))

    def any_card() -> Card:
        return rng.choice(DISTINCT_CARDS)

    anyone = rng.choice(active)
    add(Action("nobody", rng.choice(list(ActionType)), any_card(), rng.choice(COLORS),
               rng.choice(names)), E.UNKNOWN_PLAYER)
    if game.round_winner is not None:
        kind = rng.choice([t for t in ActionType if t is not ActionType.NEXT_ROUND])
        add(Action(anyone, kind, any_card(), rng.choice(COLORS), rng.choice(names)),
            E.ROUND_OVER)
        add(Action.play(anyone, any_card(), rng.choice(COLORS)), E.ROUND_OVER)
        if game.match_winner is not None:
            add(Action(anyone, ActionType.NEXT_ROUND), E.NOT_ALLOWED_NOW)  # C-8.3
        return out
    add(Action(anyone, ActionType.NEXT_ROUND), E.NOT_ALLOWED_NOW)  # the round is still on
    assert game.waiting_for is not None
    waiting = names[game.waiting_for]
    pending = game.pending
    hand = game.hands[game.waiting_for]

    # C-4: only the player waited for acts on the turn (no jump-in in classic).
    others = [n for n in active if n != waiting]
    if others:
        other = rng.choice(others)
        other_hand = game.hands[names.index(other)]
        if other_hand:
            add(Action.play(other, rng.choice(other_hand), rng.choice(COLORS)), E.NOT_YOUR_TURN)
        add(Action.play(other, any_card(), rng.choice(COLORS)), E.NOT_YOUR_TURN)
        add(Action(other, ActionType.DRAW), E.NOT_YOUR_TURN)
        add(Action(other, ActionType.PASS), E.NOT_YOUR_TURN)
        add(Action(other, ActionType.COLOR, color=rng.choice(COLORS)), E.NOT_YOUR_TURN)
        for kind in (ActionType.CHALLENGE, ActionType.ACCEPT):
            # C-6: only the victim decides; with nothing to challenge either, REPLAY.md's order
            # puts not_your_turn before not_allowed_now.
            add(Action(other, kind), E.NOT_YOUR_TURN)

    # The waiting player, with the wrong action for the moment.
    missing = [c for c in DISTINCT_CARDS if c not in hand]
    add(Action.play(waiting, rng.choice(missing), rng.choice(COLORS)), E.CARD_NOT_IN_HAND)
    if pending is not None:
        if hand:
            add(Action.play(waiting, rng.choice(hand), rng.choice(COLORS)), E.NOT_ALLOWED_NOW)
        add(Action(waiting, ActionType.PASS), E.NOT_ALLOWED_NOW)
        if pending.kind == "color":  # C-3.3: a start-card Wild waits for its colour
            for kind in (ActionType.CHALLENGE, ActionType.ACCEPT, ActionType.DRAW):
                add(Action(waiting, kind), E.NOT_ALLOWED_NOW)
            add(Action(waiting, ActionType.COLOR, color=rng.choice(BAD_COLORS)),
                E.COLOR_REQUIRED)
        else:  # C-6: challenge or accept
            add(Action(waiting, ActionType.COLOR, color=rng.choice(COLORS)), E.NOT_ALLOWED_NOW)
    else:
        for kind in (ActionType.CHALLENGE, ActionType.ACCEPT):
            add(Action(waiting, kind), E.NOT_ALLOWED_NOW)
        add(Action(waiting, ActionType.COLOR, color=rng.choice(COLORS)), E.NOT_ALLOWED_NOW)
        top, color = game.discard[-1], game.color
        wilds = [c for c in hand if c.is_wild]
        if game.drawn is None:
            add(Action(waiting, ActionType.PASS), E.NOT_ALLOWED_NOW)  # C-4.4: pass after a draw
            unmatched = [c for c in hand if not c.is_wild and c.color is not color
                         and c.rank is not top.rank]
            if unmatched:  # C-4.1
                add(Action.play(waiting, rng.choice(unmatched)), E.CARD_DOES_NOT_MATCH)
            if wilds:  # C-4.2: a wild card names a colour
                add(Action.play(waiting, rng.choice(wilds), rng.choice(BAD_COLORS)),
                    E.COLOR_REQUIRED)
        else:
            add(Action(waiting, ActionType.DRAW), E.NOT_ALLOWED_NOW)  # one draw per turn
            rest = [c for c in hand if c is not game.drawn]
            if rest:  # C-4.4: that card only
                add(Action.play(waiting, rng.choice(rest), rng.choice(COLORS)),
                    E.NOT_ALLOWED_NOW)
            if game.drawn.is_wild:
                add(Action.play(waiting, game.drawn, rng.choice(BAD_COLORS)), E.COLOR_REQUIRED)

    # C-5: catches and calls.
    catcher = rng.choice(active)
    owed = game.uno_owed
    if owed is None:
        add(Action(catcher, ActionType.CATCH, target=rng.choice(names)), E.NOT_ALLOWED_NOW)
    elif names[owed] == catcher:
        add(Action(catcher, ActionType.CATCH, target=rng.choice(names)), E.NOT_ALLOWED_NOW)
    else:
        add(Action(catcher, ActionType.CATCH, target=rng.choice([None, "nobody", catcher])),
            E.INVALID_TARGET)
        innocent = [n for n in names if n not in (catcher, names[owed])]
        if innocent:
            add(Action(catcher, ActionType.CATCH, target=rng.choice(innocent)),
                E.NOT_ALLOWED_NOW)
    caller = rng.choice(active)
    seat = names.index(caller)
    if owed != seat and not game.rules.options.false_uno_penalty:
        add(Action(caller, ActionType.UNO), E.NOT_ALLOWED_NOW)  # C-5.4: refused, changes nothing
    # House-rule actions have no meaning under classic rules.
    for kind in (ActionType.SWAP, ActionType.SLAP, ActionType.SLAP_TIMEOUT):
        add(Action(rng.choice(active), kind, any_card(), target=rng.choice(names)),
            E.NOT_ALLOWED_NOW, E.NOT_YOUR_TURN)
    return out


def random_action(game: Game, rng: random.Random) -> Action:
    """Any action at all, legal or not (for the fuzzing half of invariant 6)."""
    return Action(
        rng.choice([*game.players, "nobody"]),
        rng.choice(list(ActionType)),
        rng.choice([None, *DISTINCT_CARDS]),
        rng.choice([*COLORS, *BAD_COLORS]),
        rng.choice([None, "nobody", *game.players]),
        rng.random() < 0.5,
    )


@settings(max_examples=50, **FAST)
@given(specs().map(lambda s: s.family(6)),
       st.floats(0.05, 0.3))
def test_illegal_actions_change_nothing(games: list[Spec], rate: float) -> None:
    """REPLAY.md codes: an action the rules refuse raises IllegalAction with its code and leaves
    the game exactly as it was (C-4 turn order, C-4.1-4 plays and draws, C-5 calls and catches,
    C-6 challenges, C-8.3 rounds and match); any other action at all either is refused the same
    way or keeps the 108 cards (C-1)."""
    for spec in games:
        game, _ = spec.start()
        rng = spec.driver()
        for action in actions_of(game, rng, spec.style):
            if game.round_winner is not None or rng.random() < rate:
                before = dump(game)
                candidates = illegal_actions(game, rng)
                tried = rng.sample(candidates, min(3, len(candidates)))
                for bad, codes in tried:
                    try:
                        game.apply(bad)
                    except IllegalAction as refused:
                        assert isinstance(refused.code, ErrorCode)
                        assert refused.code in codes, (bad, refused.code, codes)
                        COVERED[f"refused {bad.type.value}: {refused.code.value}"] += 1
                    else:
                        raise AssertionError(f"{bad} was accepted (expected {set(codes)})")
                if dump(game) != before:  # find the culprit, one by one on fresh copies
                    for bad, _ in tried:
                        copy = load(before)
                        with pytest.raises(IllegalAction):
                            copy.apply(bad)
                        assert dump(copy) == before, f"{bad} was refused but changed the game"
                    raise AssertionError(f"{tried} were refused but changed the game")
                if rng.random() < 0.5:
                    copy = load(before)
                    anything = random_action(copy, rng)
                    try:
                        copy.apply(anything)
                    except IllegalAction as refused:
                        assert isinstance(refused.code, ErrorCode)
                        assert dump(copy) == before, f"{anything} was refused but changed it"
                    else:
                        assert_cards_conserved(copy)
            step(game, action)


# ---------------------------------------------------------------------------- 7


@settings(max_examples=60, **FAST)
@given(specs().map(lambda s: s.family(8)))
def test_same_seed_and_actions_give_same_events(games: list[Spec]) -> None:
    """REPLAY.md: the same seed (or deck) and the same actions give the same events and state,
    also when the actions and events go through their JSON form."""
    for spec in games:
        game, first_events = spec.start()
        rng = spec.driver()
        log = [*first_events]
        actions = []
        for action in actions_of(game, rng, spec.style):
            actions.append(action)
            log += step(game, action)
        again, replayed = spec.start(replay=True)
        for action in actions:
            replayed += again.apply(Action.from_dict(json.loads(json.dumps(action.to_dict()))))
        assert replayed == log
        assert dump(again) == dump(game)
        assert [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in log] == log


# ---------------------------------------------------------------------------- legal actions


@settings(max_examples=50, **FAST)
@given(specs().map(lambda s: s.family(6)),
       st.floats(0.03, 0.15))
def test_every_listed_legal_action_is_accepted(games: list[Spec], rate: float) -> None:
    """Every action `legal_actions` lists is accepted by `apply` (tried on a loaded copy), keeps
    the 108 cards (C-1), and lists no duplicates; players the table does not wait for are
    offered only UNO calls and catches (C-4: no jump-in in classic; C-5)."""
    for spec in games:
        game, _ = spec.start()
        rng = spec.driver()
        for action in actions_of(game, rng, spec.style):
            if rng.random() < rate:
                data = dump(game)
                waiting = game.waiting_for
                for seat, name in enumerate(game.players):
                    legal = game.legal_actions(name)
                    assert len(set(legal)) == len(legal), legal
                    if seat != waiting and game.round_winner is None:
                        assert all(a.type in ANY_TIME_TYPES for a in legal), (name, legal)
                    for listed in legal:
                        copy = load(data)
                        try:
                            copy.apply(listed)
                        except IllegalAction as refused:
                            raise AssertionError(
                                f"{spec}: listed {listed} refused: {refused}") from refused
                        assert_cards_conserved(copy)
            step(game, action)
