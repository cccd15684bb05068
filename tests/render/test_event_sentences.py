"""The table log's sentences (bot/render/events.py).

Random seeded games under several rule sets produce every kind of event the engine emits; each
is rendered in every language for the public table and for its player with a strict translator,
so a missing key or placeholder fails here rather than at a table. The same games check that the
public lines never name a card only one player may see. Hand-written events pin the catalogue
text each one gives (key and parameters, through drivers/catalogue.py) and the merging
`describe_all` does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.engine import (
    Card,
    Color,
    ErrorCode,
    Event,
    EventReason,
    EventType,
    Game,
    IllegalAction,
    RuleSet,
    card,
)
from bot.i18n import Translator
from bot.render.events import describe, describe_all, escape_name
from bot.render.faces import Faces, face_of
from drivers.catalogue import LOCALES, card_name, card_names, colour, en
from tests.engine.support import Habits, random_action

# Short names for the closed words these tables of events are written in.
T, R, C = EventType, EventReason, Color

PLAYERS = ("1", "2", "3", "4", "5")
NAMES = {"1": "Ann", "2": "Bob", "3": "Cid", "4": "Dee"}  # "5" has no name: shown as its id
GAMES_PER_RULE_SET = 20
STEPS_PER_GAME = 300

RULE_SETS: dict[str, tuple[str, dict[str, Any]]] = {
    "classic": ("classic", {"target_score": 60, "false_uno_penalty": True}),
    "cnuno": ("cnuno", {"target_score": 60}),
    "flip": ("flip", {"target_score": 60}),
    "house_stacking": ("classic", {
        "stacking": True, "stack_mixed": True, "jump_in": True, "seven_zero": True,
        "silence": "twos", "uno_slap": True, "false_uno_penalty": True,
        "draw_until_playable": True, "draw_cap": 3, "lazy_scoring": True,
        "draw_ten_blanks": True}),
    "house_stages": ("classic", {
        "swap_on_five": True, "colours_around": True, "reverse_bounce": True,
        "seven_stages": True, "silence": "wilds", "false_uno_penalty": True,
        "target_score": 60}),
    "flip_house": ("flip", {
        "jump_in": True, "seven_zero": True, "swap_on_five": True, "uno_slap": True,
        "silence": "twos", "penalty_scoring": True, "play_to_last": True, "target_score": 60}),
    # M: knockouts, Discard All, the Roulette, start cards passed over (M-2.3).
    "no_mercy": ("no_mercy", {"jump_in": True, "silence": "wilds", "false_uno_penalty": True,
                              "target_score": 300}),
}

# Events every run must produce (the rest depend on luck and are counted below).
CORE_TYPES = {
    "drew_for_dealer", "dealer_chosen", "round_started", "dealt", "start_card", "played",
    "drew", "passed", "skipped", "reversed", "color_chosen", "accepted", "challenged",
    "hand_shown", "uno_called", "caught", "false_uno", "round_won", "match_won", "left",
    "flipped", "hands_passed", "hands_swapped", "swap_offered", "swapped", "swap_received",
    "swap_declined", "slapped", "slap_closed", "silence_started", "silence_broken",
    "silence_ended", "slap_lost", "stage_cleared", "went_out", "round_lost", "penalty_points",
    "card_returned", "reshuffled",
}
# Of the 41 types the engine emits; the other two (start_card_returned, penalty_dropped) need a
# Wild Draw Four turned up at the start, or a player leaving while a penalty waits on them.
MIN_TYPES_SEEN = 40
PRIVATE_TYPES = ("dealt", "drew", "swap_offered", "swap_received", "hand_shown")


@pytest.fixture(scope="module")
def tr() -> Translator:
    """Strict: a missing key or placeholder raises instead of being logged."""
    return Translator(strict=True)


# ---------------------------------------------------------------------------- random games


@dataclass
class Played:
    """The event batches of every random game, one per `Game.start` or `apply`."""

    batches: list[list[Event]] = field(default_factory=list)

    def events(self) -> Iterator[Event]:
        for batch in self.batches:
            yield from batch


# Players here also call UNO when it may not be due, forget to call it, answer a waiting penalty
# by a challenge as often as by accepting it, and let a slap time out: more kinds of events.
HABITS = Habits(leave=0.004, false_uno=0.01, slap_timeouts=True, take_penalty=0.5,
                answer_either=True, forget_uno=0.5)


def _play(preset: str, options: dict[str, Any], seed: int, played: Played) -> None:
    rng = random.Random(seed)
    players = PLAYERS[:rng.randint(2, len(PLAYERS))]
    game, events = Game.start(players, RuleSet.build(preset, options), seed=seed)
    played.batches.append(events)
    for _ in range(STEPS_PER_GAME):
        if game.match_winner is not None:
            break
        try:
            played.batches.append(game.apply(random_action(game, rng, HABITS)))
        except IllegalAction as exc:  # only the random UNO calls may be refused
            assert exc.code is ErrorCode.NOT_ALLOWED_NOW


@pytest.fixture(scope="module")
def played() -> Played:
    out = Played()
    for number, (preset, options) in enumerate(RULE_SETS.values()):
        for game in range(GAMES_PER_RULE_SET):
            _play(preset, options, seed=number * 1000 + game, played=out)
    return out


def _assert_sentence(line: str) -> None:
    assert line.strip(), "an empty line"
    assert not line.startswith(("event.", "you.")), f"a raw key: {line}"
    assert "{" not in line and "}" not in line, f"an unfilled placeholder: {line}"


def test_every_event_renders_in_every_language(played: Played, tr: Translator) -> None:
    distinct = set(played.events())  # the same play by the same player reads the same
    seen = {event.type for event in distinct}
    for event in distinct:
        for locale in LOCALES:
            hidden = _names(_cards_of(event), tr, locale) if _owner(event) else set()
            for viewer in {None, event.by, event.target}:
                line = describe(event, NAMES, viewer=viewer, locale=locale, translator=tr)
                if line is None:
                    continue
                _assert_sentence(line)
                if viewer != _owner(event):
                    assert not any(name in line for name in hidden), line
    missing = CORE_TYPES - seen
    assert not missing, f"the random games never produced {sorted(missing)}"
    assert len(seen) >= MIN_TYPES_SEEN, f"only {len(seen)} event types: {sorted(seen)}"


def _owner(event: Event) -> str | None:
    """Who may see the cards of a private event (None: it has none)."""
    if event.type == "hand_shown":
        return event.target
    return event.by if event.type in PRIVATE_TYPES else None


def _names(cards: Iterable[Card], tr: Translator, locale: str) -> set[str]:
    return {tr.card(c, locale=locale) for c in cards}


def _cards_of(event: Event) -> tuple[Card, ...]:
    return (*(event.cards or ()), *(() if event.card is None else (event.card,)))


def _secret_names(batch: list[Event], tr: Translator, locale: str) -> set[str]:
    """The names of the batch's private cards that the table may not read in it: a card the
    table also sees in the batch, or whose name is part of one it sees ("Wild" in "Wild Draw
    Four"), proves nothing."""
    private: set[str] = set()
    public: set[str] = set()
    for event in batch:
        (private if _owner(event) else public).update(_names(_cards_of(event), tr, locale))
    return {name for name in private if not any(name in shown for shown in public)}


def test_the_table_never_reads_a_private_card(played: Played, tr: Translator) -> None:
    secrets = 0
    for number, batch in enumerate(played.batches):
        locale = LOCALES[number % len(LOCALES)]  # each language reads half of the batches
        private = any(_owner(event) for event in batch)
        secret = _secret_names(batch, tr, locale) if private else set()
        secrets += len(secret)
        for line in describe_all(batch, NAMES, viewer=None, locale=locale, translator=tr):
            _assert_sentence(line)
            leaked = [name for name in secret if name in line]
            assert not leaked, f"{line!r} names {leaked}"
    assert secrets > 5_000


def test_each_player_reads_their_own_cards(played: Played, tr: Translator) -> None:
    """The converse, batch by batch: every private card is named in its owner's log."""
    for number, batch in enumerate(played.batches):
        locale = LOCALES[(number + 1) % len(LOCALES)]  # the other half
        owned: dict[str, set[str]] = {}
        for event in batch:
            owner = _owner(event)
            if owner is not None:
                owned.setdefault(owner, set()).update(_names(_cards_of(event), tr, locale))
        for owner, cards in owned.items():
            lines = describe_all(batch, NAMES, viewer=owner, locale=locale, translator=tr)
            for line in lines:
                _assert_sentence(line)
            text = "\n".join(lines)
            assert all(name in text for name in cards), f"{owner} misses some of {cards}"


# ---------------------------------------------------------------------------- exact sentences


def _en(event: Event, tr: Translator, viewer: str | None = None) -> str | None:
    return describe(event, NAMES, viewer=viewer, locale="en", translator=tr)


def _all(events: list[Event], tr: Translator, viewer: str | None = None,
         locale: str = "en") -> list[str]:
    return describe_all(events, NAMES, viewer=viewer, locale=locale, translator=tr)


def test_played_cards(tr: Translator) -> None:
    assert _en(Event(T.PLAYED, "1", card=card("R7")), tr) == (
        en("event.played", player="Ann", card=card_name("R7")))
    assert _en(Event(T.PLAYED, "1", card=card("W+4"), color=C.GREEN), tr) == (
        en("event.played_wild", player="Ann", card=card_name("W+4"),
            color=colour("G", in_text=True)))
    assert _en(Event(T.PLAYED, "2", card=card("B+2"), reason=R.JUMP_IN), tr) == (
        en("event.jumped_in", player="Bob", card=card_name("B+2")))
    assert _en(Event(T.PLAYED, "2", card=card("W"), color=C.YELLOW, reason=R.JUMP_IN), tr) == (
        en("event.jumped_in_wild", player="Bob", card=card_name("W"),
            color=colour("Y", in_text=True)))


def test_a_ukrainian_sentence(tr: Translator) -> None:
    event = Event(T.PLAYED, "1", card=card("R7"))
    assert describe(event, NAMES, viewer=None, locale="uk", translator=tr) == (
        "Ann ходить: Червона 7.")
    assert _all([Event(T.DREW, "1", card=card("R7"), reason=R.PENALTY),
                 Event(T.DREW, "1", card=card("B3"), reason=R.PENALTY),
                 Event(T.SKIPPED, "1")], tr, locale="uk") == ["Ann бере 2 карти й пропускає хід."]


def test_a_drawn_card_is_named_to_its_drawer_only(tr: Translator) -> None:
    drew = Event(T.DREW, "1", card=card("R7"), reason=R.TURN)
    assert _en(drew, tr) == en("event.drew", player="Ann", count=1)
    assert _en(drew, tr, viewer="2") == en("event.drew", player="Ann", count=1)
    assert _en(drew, tr, viewer="1") == en("you.drew", cards=card_names("R7"))


def test_two_cards_drawn_and_a_skip_make_one_line(tr: Translator) -> None:
    batch = [Event(T.PLAYED, "1", card=card("G+2")),
             Event(T.DREW, "2", card=card("R7"), reason=R.PENALTY),
             Event(T.RESHUFFLED, amount=40),
             Event(T.DREW, "2", card=card("B3"), reason=R.PENALTY),
             Event(T.SKIPPED, "2")]
    assert _all(batch, tr) == [
        en("event.played", player="Ann", card=card_name("G+2")),
        en("event.drew_and_skipped", player="Bob", count=2),
        en("event.reshuffled", count=40),
    ]
    # The drawer sees their cards; the skip stays its own line rather than mixing "You" and "Bob".
    assert _all(batch, tr, viewer="2") == [
        en("event.played", player="Ann", card=card_name("G+2")),
        en("you.drew", cards=card_names("R7", "B3")),
        en("event.reshuffled", count=40),
        en("event.skipped", player="Bob"),
    ]


def test_an_announced_draw_is_not_repeated(tr: Translator) -> None:
    batch = [Event(T.CAUGHT, "1", target="2"),
             Event(T.DREW, "2", card=card("R7"), reason=R.CAUGHT),
             Event(T.DREW, "2", card=card("Y1"), reason=R.CAUGHT)]
    assert _all(batch, tr) == [en("event.caught", player="Ann", target="Bob", count=2)]
    assert _all(batch, tr, viewer="2") == [en("event.caught", player="Ann", target="Bob", count=2),
                                           en("you.drew", cards=card_names("R7", "Y1"))]
    # The piles ran short: the table is told what was really drawn.
    assert _all([Event(T.FALSE_UNO, "3"), Event(T.DREW, "3", card=card("R1"),
                                                reason=R.FALSE_UNO)], tr) == [
        en("event.false_uno", player="Cid", count=1)]
    assert _en(Event(T.FALSE_UNO, "3"), tr) == en("event.false_uno", player="Cid", count=4)


def test_accepted_penalties(tr: Translator) -> None:
    draws = [Event(T.DREW, "2", card=card(c), reason=R.PENALTY) for c in ("R1", "R2", "G3", "W")]
    assert _all([Event(T.ACCEPTED, "2", amount=4), *draws, Event(T.SKIPPED, "2")], tr) == [
        en("event.accepted_draw", player="Bob", count=4)]
    assert _all([Event(T.ACCEPTED, "2", amount=4), *draws, Event(T.SKIPPED, "2")], tr,
                viewer="2") == [en("event.accepted_draw", player="Bob", count=4),
                                en("you.drew", cards=card_names("R1", "R2", "G3", "W"))]
    assert _all([Event(T.ACCEPTED, "2"), Event(T.SKIPPED, "2")], tr) == [
        en("event.accepted_skip", player="Bob")]
    assert _en(Event(T.ACCEPTED, "2"), tr) == en("event.accepted", player="Bob")


def test_private_cards_and_their_public_lines(tr: Translator) -> None:
    deal = [Event(T.DEALT, p, card=card(c)) for p, c in (("1", "R7"), ("2", "B1"), ("1", "W"))]
    assert _all(deal, tr) == []
    assert _all(deal, tr, viewer="1") == [en("you.dealt", cards=card_names("R7", "W"))]
    received = Event(T.SWAP_RECEIVED, "1", card=card("Y5"))
    assert _en(received, tr) is None
    assert _en(received, tr, viewer="1") == en("you.swap_received", card=card_name("Y5"))
    offered = Event(T.SWAP_OFFERED, "1", target="2", card=card("Y5"))
    assert _en(offered, tr) == en("event.swap_offered", player="Ann", target="Bob")
    assert _en(offered, tr, viewer="2") == en("event.swap_offered", player="Ann", target="Bob")
    assert _en(offered, tr, viewer="1") == (
        en("you.swap_offered", card=card_name("Y5"), target="Bob"))
    shown = Event(T.HAND_SHOWN, "2", target="1", cards=(card("R1"), card("G+2")))
    assert _en(shown, tr) == en("event.hand_shown", player="Bob", target="Ann")
    assert _en(shown, tr, viewer="2") == en("event.hand_shown", player="Bob", target="Ann")
    assert _en(shown, tr, viewer="1") == (
        en("you.hand_shown", player="Bob", cards=card_names("R1", "G+2")))


def test_variants_chosen_from_the_event(tr: Translator) -> None:
    assert _en(Event(T.REVERSED, "1", amount=-1), tr) == (
        en("event.reversed", player="Ann", direction=en("direction.counterclockwise")))
    assert _en(Event(T.REVERSED, "1", amount=1), tr) == (
        en("event.reversed", player="Ann", direction=en("direction.clockwise")))
    assert _en(Event(T.REVERSED, amount=-1), tr) == (
        en("event.reversed_start", direction=en("direction.counterclockwise")))
    assert _en(Event(T.COLOR_CHOSEN, "1", color=C.BLUE, reason=R.LEFT), tr) == (
        en("event.color_chosen_left", player="Ann", color=colour("B", in_text=True)))
    assert _en(Event(T.ROUND_WON, "1", amount=35), tr) == (
        en("event.round_won", player="Ann", count=35))
    assert _en(Event(T.ROUND_WON, "1", amount=0), tr) == (
        en("event.round_won_no_points", player="Ann"))
    assert _en(Event(T.ROUND_WON, "1", amount=0, reason=R.FORFEIT), tr) == (
        en("event.round_won_forfeit", player="Ann"))
    assert _en(Event(T.MATCH_WON, "1", amount=1), tr) == (
        en("event.match_won", player="Ann", count=1))
    assert _en(Event(T.CHALLENGED, "1", target="2", card=card("W+4"), reason=R.GUILTY), tr) == (
        en("event.challenged_guilty", player="Ann", target="Bob", card=card_name("W+4")))
    assert _en(Event(T.PASSED, "1", reason=R.NOTHING_TO_DRAW), tr) == (
        en("event.passed_nothing_to_draw", player="Ann"))
    assert _en(Event(T.ROUND_STARTED, "2", amount=3), tr) == (
        en("event.round_started", round=3, player="Bob"))
    assert _en(Event(T.WENT_OUT, "2", amount=2), tr) == en("event.went_out", player="Bob", place=2)


def test_no_mercy_sentences(tr: Translator) -> None:
    """M-2.3, M-5.4, M-10, M-12.2, M-16.1: the No Mercy events' own sentences."""
    assert _en(Event(T.START_CARD, card=card("RS"), ignored=True), tr) == (
        en("event.start_card_ignored", card=card_name("RS")))
    assert _en(Event(T.START_CARD, card=card("R3")), tr) == (
        en("event.start_card", card=card_name("R3")))
    assert _en(Event(T.KNOCKED_OUT, "3", amount=25), tr) == (
        en("event.knocked_out", player="Cid", count=25))
    assert _en(Event(T.DISCARDED_ALL, "1", card=card("RDA"), cards=(card("R7"), card("R+2"))),
               tr) == en("event.discarded_all", player="Ann", card=card_name("RDA"),
                         cards=card_names("R7", "R+2"))
    assert _en(Event(T.DISCARDED_ALL, "1", card=card("GDA"), cards=()), tr) == (
        en("event.discarded_all_none", player="Ann", card=card_name("GDA")))
    assert _en(Event(T.ROUND_WON, "2", amount=250, reason=R.KNOCKOUT), tr) == (
        en("event.round_won_knockout", player="Bob", count=250))
    assert _en(Event(T.COLOR_CHOSEN, "2", color=C.GREEN, reason=R.KNOCKED_OUT), tr) == (
        en("event.color_chosen_knocked_out", player="Bob", color=colour("G", in_text=True)))
    assert card_name("WR+4") == "Wild Reverse Draw Four" and card_name("Y+4") == (
        "Yellow Draw Four")


def test_names_come_from_the_mapping_and_are_escaped(tr: Translator) -> None:
    assert _en(Event(T.UNO_CALLED, "5"), tr) == (  # no display name: the id
        en("event.uno_called", player="5"))
    names = {"1": "**Ann**", "2": "_Bob_"}
    line = describe(Event(T.HANDS_SWAPPED, "1", target="2"), names, viewer=None, locale="en",
                    translator=tr)
    assert line == en("event.hands_swapped", player="\\*\\*Ann\\*\\*", target="\\_Bob\\_")


@pytest.mark.parametrize(("name", "escaped"), [
    ("Ann", "Ann"),
    ("Олена Коваль", "Олена Коваль"),
    ("**bold**", r"\*\*bold\*\*"),
    ("__under__", r"\_\_under\_\_"),
    ("~~gone~~", r"\~\~gone\~\~"),
    ("`code`", r"\`code\`"),
    ("||spoiler||", r"\|\|spoiler\|\|"),
    ("> quote", r"\> quote"),
    ("# Big", r"\# Big"),
    ("[x](https://e.xyz)", r"\[x\](https://e.xyz)"),
    ("<@123>", r"\<@123\>"),
    ("back\\", "back\\\\"),  # else it would undo the escape of whatever follows the name
    (r"\*", r"\\\*"),
])
def test_escape_name(name: str, escaped: str) -> None:
    assert escape_name(name) == escaped


def test_a_sentence_said_again_follows_the_names_faces_and_language() -> None:
    # Sentences are remembered (the table says its last lines at every move): a renamed player,
    # the cards' faces and the reader's language still change the line.
    red7 = Card.parse("R7")
    event = Event(EventType.PLAYED, by="1", card=red7)
    first = describe_all([event], {"1": "Ann"}, viewer=None, locale="en")
    assert describe_all([event], {"1": "Ann"}, viewer=None, locale="en") == first
    assert "Ann" in first[0]
    assert "Bob" in describe_all([event], {"1": "Bob"}, viewer=None, locale="en")[0]
    faces = Faces({face_of(red7, colorblind=False).key: ("uno_r7", 123)})
    faced = describe_all([event], {"1": "Ann"}, viewer=None, locale="en", faces=faces)
    assert "<:uno_r7:123>" in faced[0] and "<:" not in first[0]
    assert describe_all([event], {"1": "Ann"}, viewer=None, locale="uk") != first
