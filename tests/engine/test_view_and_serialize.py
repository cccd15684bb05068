"""Unit tests of what a player sees (RULES.md C-9) and of saving a game (`dump`/`load`).

The property tests (test_properties.py) check the same promises over thousands of random games;
these pin them down on small, readable tables built from stacked decks.
"""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import (
    Action,
    ActionType,
    Event,
    Game,
    IllegalAction,
    RuleSet,
    card,
    dump,
    load,
    player_view,
)
from tests.engine.support import stacked_deck

PLAYERS = ("ann", "bob", "cid")  # cid deals, so ann plays first


def cards(*codes: str) -> tuple:
    return tuple(card(c) for c in codes)


def start(hands: dict[str, list[str]], top: str, then: tuple[str, ...] = (), **options):
    deck = [card(c) for c in stacked_deck(PLAYERS, hands, top, then)]
    return Game.start(PLAYERS, RuleSet.classic(**options), seed=5, dealer="cid", deck=deck)


def guilty_wild_draw_four():
    """ann holds R3, so her Wild Draw Four on the red start card is a bluff (C-4.3, C-6)."""
    game, _ = start({"ann": ["W+4", "R3", "G5", "Y7", "B8", "G6", "Y2"]}, "R5")
    game.apply(Action.play("ann", card("W+4"), "G"))
    return game


def saved_copy(game: Game) -> Game:
    data = dump(game)
    text = json.dumps(data)  # a saved game is JSON
    assert json.loads(text) == data
    copy = load(json.loads(text))
    assert dump(copy) == data
    return copy


def step_randomly(game: Game, rng: random.Random, *, call_uno: bool = True) -> list[Event]:
    waiting = game.waiting_for
    name = game.players[waiting] if waiting is not None else game.players[0]
    legal = [a for a in game.legal_actions(name) if a.type is not ActionType.CATCH]
    action = rng.choice(legal)
    if action.uno and not call_uno:
        assert action.card is not None
        action = Action.play(action.by, action.card, action.color)
    return game.apply(action)


# ------------------------------------------------------------------------ views (C-9)


def test_a_view_holds_ones_own_hand_and_only_the_sizes_of_the_others() -> None:
    """C-9: every hand size is public; a player sees their own hand and never another's."""
    game, _ = start({"ann": ["R1", "G2", "Y3", "B4", "R6", "G7", "W"],
                     "bob": ["B9", "B8", "Y8", "G+2", "RS", "YR", "W+4"]}, "R5")
    ann, bob, spectator = (player_view(game, p) for p in ("ann", "bob", None))
    assert tuple(ann.hand) == cards("R1", "G2", "Y3", "B4", "R6", "G7", "W")
    assert tuple(bob.hand) == cards("B9", "B8", "Y8", "G+2", "RS", "YR", "W+4")
    assert tuple(spectator.hand) == ()
    for view in (ann, bob, spectator):
        assert tuple(view.hand_sizes) == (7, 7, 7)
        assert view.top is card("R5")
        assert view.turn == "ann"
        assert view.draw_pile == 108 - 21 - 1
    assert {a.card for a in ann.legal_actions if a.card is not None} <= set(ann.hand)
    assert tuple(bob.legal_actions) == ()  # not bob's turn, nothing to catch (C-4, C-5)
    assert tuple(spectator.legal_actions) == ()


def test_only_the_drawer_sees_the_card_they_may_still_play() -> None:
    """C-4.4 and C-9: the playable card just drawn shows in the drawer's view only."""
    game, _ = start({"ann": ["G1", "G2", "Y3", "Y4", "B6", "B7", "G8"]}, "R5", then=("R9",))
    events = game.apply(Action("ann", ActionType.DRAW))
    assert [(e.type, e.by, e.card) for e in events] == [("drew", "ann", card("R9"))]
    assert player_view(game, "ann").drawn is card("R9")
    assert player_view(game, "bob").drawn is None
    assert player_view(game, None).drawn is None
    assert card("R9") not in player_view(game, "bob").hand
    assert [a.type for a in player_view(game, "ann").legal_actions] == [
        ActionType.PLAY, ActionType.PASS]
    drew = events[0]
    assert drew.visible_to("ann") == drew
    for viewer in ("bob", "cid", None):
        hidden = drew.visible_to(viewer)
        assert hidden.card is None and hidden.by == "ann" and hidden.reason == drew.reason
        assert "card" not in hidden.to_dict()


def test_dealt_cards_reach_their_receiver_only() -> None:
    """C-9: the deal is private; everyone learns only who got cards."""
    _, events = start({}, "R5")
    dealt = [e for e in events if e.type == "dealt"]
    assert {e.by for e in dealt} == set(PLAYERS)
    for event in dealt:
        mine = event.visible_to(event.by)
        assert mine == event and (mine.card is not None or mine.cards)
        for viewer in [*(p for p in PLAYERS if p != event.by), None]:
            seen = event.visible_to(viewer)
            assert seen.card is None and seen.cards is None
            assert seen.by == event.by
            assert "card" not in seen.to_dict() and "cards" not in seen.to_dict()
    start_card = next(e for e in events if e.type == "start_card")
    assert all(start_card.visible_to(v) == start_card for v in [*PLAYERS, None])  # C-3.3


def test_a_pending_challenge_shows_no_verdict() -> None:
    """C-6 and C-9: everyone sees that bob must decide, nobody sees whether ann bluffed."""
    game = guilty_wild_draw_four()
    for viewer in [*PLAYERS, None]:
        pending = player_view(game, viewer).pending
        assert pending is not None
        assert (pending.kind, pending.by, pending.victim, pending.amount) == (
            "challenge", "ann", "bob", 4)
        assert not hasattr(pending, "guilty") and not hasattr(pending, "color_before")
        assert player_view(game, viewer).turn == "bob"
    assert [a.type for a in player_view(game, "bob").legal_actions] == [
        ActionType.CHALLENGE, ActionType.ACCEPT]


def test_the_challenged_hand_is_shown_to_the_challenger_alone() -> None:
    """C-6 / C-9: on a challenge ann's hand is shown to bob only, once; the verdict and the
    penalty are public, the cards ann draws are hers."""
    game = guilty_wild_draw_four()
    events = game.apply(Action("bob", ActionType.CHALLENGE))
    types = [e.type for e in events]
    assert types[:2] == ["challenged", "hand_shown"] and types[2:] == ["drew"] * 4
    challenged, shown = events[0], events[1]
    assert (challenged.by, challenged.target, challenged.reason) == ("bob", "ann", "guilty")
    assert (shown.by, shown.target) == ("ann", "bob")
    assert shown.cards == cards("R3", "G5", "Y7", "B8", "G6", "Y2")
    assert shown.visible_to("bob") == shown
    for viewer in ("ann", "cid", None):
        assert shown.visible_to(viewer).cards is None
        assert "cards" not in shown.visible_to(viewer).to_dict()
        assert challenged.visible_to(viewer) == challenged
    for drew in events[2:]:
        assert drew.by == "ann" and drew.visible_to("ann") == drew
        assert drew.visible_to("bob").card is None  # the show was once, not from now on
    assert types.count("hand_shown") == 1
    assert card("R3") not in player_view(game, "bob").hand
    assert player_view(game, "bob").turn == "bob"  # guilty: bob plays normally (C-6)


def test_an_innocent_challenge_also_shows_the_hand_to_the_challenger_only() -> None:
    """C-6: innocent (no card of the colour before), bob draws 6; ann's hand was shown to him."""
    game, _ = start({"ann": ["W+4", "G3", "G5", "Y7", "B8", "G6", "Y2"]}, "R5")
    game.apply(Action.play("ann", card("W+4"), "B"))
    events = game.apply(Action("bob", ActionType.CHALLENGE))
    assert events[0].reason == "innocent"
    shown = next(e for e in events if e.type == "hand_shown")
    assert shown.visible_to("bob").cards == cards("G3", "G5", "Y7", "B8", "G6", "Y2")
    assert all(shown.visible_to(v).cards is None for v in ("ann", "cid", None))
    assert [e.by for e in events if e.type == "drew"] == ["bob"] * 6


# ------------------------------------------------------------------------ dump / load


def test_dump_is_json_and_loads_back_exactly_in_every_kind_of_moment() -> None:
    """A saved game is JSON and loads back to the same state: a start-card Wild waiting for its
    colour (C-3.3), a challenge (C-6), a drawn card (C-4.4), an UNO window (C-5), a round over
    and a match over (C-8)."""
    colour, _ = start({}, "W")
    assert colour.pending is not None and colour.pending.kind == "color"
    challenge = guilty_wild_draw_four()
    drawn, _ = start({"ann": ["G1", "G2", "Y3", "Y4", "B6", "B7", "G8"]}, "R5", then=("R9",))
    drawn.apply(Action("ann", ActionType.DRAW))
    assert drawn.drawn is card("R9")
    moments = [colour, challenge, drawn]

    rng = random.Random(3)
    game, _ = Game.start(("ann", "bob", "cid", "dee"), RuleSet.classic(target_score=60),
                         seed=11)
    seen = {"uno": False, "round_over": False}
    while game.match_winner is None:
        step_randomly(game, rng, call_uno=False)
        if game.uno_owed is not None and not seen["uno"]:
            seen["uno"] = True
            moments.append(saved_copy(game))
        if game.round_winner is not None and not seen["round_over"]:
            seen["round_over"] = True
            moments.append(saved_copy(game))
    assert all(seen.values())
    moments.append(game)
    for moment in moments:
        copy = saved_copy(moment)
        for name in copy.players:
            assert copy.legal_actions(name) == moment.legal_actions(name)
        assert player_view(copy, None).turn == player_view(moment, None).turn


def test_a_loaded_game_continues_identically_across_a_reshuffle_and_a_new_round() -> None:
    """C-7 and C-3: the random state is saved too, so the reshuffle of the discards and the next
    round's shuffle after a reload are the ones the original game makes."""
    rng = random.Random(8)
    game, _ = Game.start(("ann", "bob"), RuleSet.classic(target_score=300), seed=21)
    while len(game.draw_pile) > 2 or game.round_winner is not None:
        step_randomly(game, rng)
    copy = saved_copy(game)
    crossed: set[str] = set()
    for _ in range(20_000):
        if game.match_winner is not None or crossed == {"reshuffled", "round_started"}:
            break
        waiting = game.waiting_for
        name = game.players[waiting] if waiting is not None else "ann"
        action = rng.choice(game.legal_actions(name))
        events = game.apply(action)
        assert copy.apply(action) == events
        assert dump(copy) == dump(game)
        crossed |= {e.type for e in events} & {"reshuffled", "round_started"}
    assert crossed == {"reshuffled", "round_started"}


def test_the_generator_is_saved_as_its_seed_so_a_routine_save_stays_small() -> None:
    """A save holds the generator's seed and the log of its calls, not its 625-number state:
    a four-player game's save, several rounds in, stays well under 2 KB (the cards and the
    log; written compactly, as the database stores it), and a reload draws exactly what a plain
    `random.Random(seed)` would."""
    rng = random.Random(3)
    game, _ = Game.start(("ann", "bob", "cid", "dan"), RuleSet.classic(), seed=99)
    rounds = 0
    while rounds < 3 and game.match_winner is None:
        rounds += sum(e.type == "round_started" for e in step_randomly(game, rng))
        size = len(json.dumps(dump(game), separators=(",", ":")).encode())
        assert size < 2048, size
    saved = dump(game)["rng"]
    assert set(saved) == {"seed", "calls"} and saved["seed"] == 99
    plain = random.Random(99)
    for kind, count in saved["calls"]:
        for _ in range(count):
            plain.random() if kind == 0 else plain.getrandbits(kind)
    assert saved_copy(game).rng.random() == plain.random()


def test_a_refused_action_changes_no_saved_state() -> None:
    """REPLAY.md: an illegal action raises with its code and leaves the game as it was."""
    game = guilty_wild_draw_four()
    before = dump(game)
    refused = [
        (Action("cid", ActionType.CHALLENGE), "not_your_turn"),  # C-6: bob decides
        (Action.play("bob", card("R5")), "card_not_in_hand"),
        (Action("bob", ActionType.PASS), "not_allowed_now"),
        (Action("ann", ActionType.CATCH, target="bob"), "not_allowed_now"),
        (Action("zed", ActionType.DRAW), "unknown_player"),
        (Action("ann", ActionType.NEXT_ROUND), "not_allowed_now"),
    ]
    for action, code in refused:
        with pytest.raises(IllegalAction) as error:
            game.apply(action)
        assert error.value.code.value == code
        assert dump(game) == before


def test_load_refuses_a_save_of_an_unknown_format() -> None:
    game = guilty_wild_draw_four()
    data = dump(game)
    data["format"] = -1
    with pytest.raises(ValueError):
        load(data)


def test_events_and_actions_survive_their_json_form() -> None:
    """REPLAY.md: events and actions are written as JSON objects and read back unchanged."""
    game = guilty_wild_draw_four()
    events = game.apply(Action("bob", ActionType.CHALLENGE))
    for event in events:
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event
    action = Action.play("bob", card("W"), "Y", uno=True)
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
