"""The engine's shape (issue 15): declared state, closed vocabularies, variants, public surface."""

from __future__ import annotations

import ast
import importlib
import random
from dataclasses import fields
from pathlib import Path

import pytest

import bot.engine
from bot.engine import (
    PRESET_RULES,
    Action,
    ActionType,
    Event,
    EventReason,
    EventType,
    FlipCard,
    FlipGame,
    Game,
    NoMercyGame,
    PendingKind,
    Preset,
    RulesError,
    RuleSet,
    Side,
    dump,
    load,
    player_view,
    variant_of,
)
from bot.engine.cards import flip_card, flip_faces

PLAYERS = ("Ann", "Bob", "Cid")


def _play(game: Game, steps: int, seed: int = 1) -> list[Event]:
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(steps):
        if game.round_over:
            if game.match_winner is not None:
                break
            events += game.apply(Action(game.players[0], ActionType.NEXT_ROUND))
            continue
        assert game.waiting_for is not None
        name = game.players[game.waiting_for]
        legal = [a for a in player_view(game, name).legal_actions
                 if a.type is not ActionType.SLAP_TIMEOUT] or list(
            player_view(game, name).legal_actions)
        events += game.apply(rng.choice(legal))
    return events


def test_the_preset_picks_the_variant() -> None:
    assert {p: variant_of(p) for p in Preset} == {
        Preset.CLASSIC: Game, Preset.CNUNO: Game, Preset.FLIP: FlipGame,
        Preset.NO_MERCY: NoMercyGame}
    assert set(PRESET_RULES) == set(Preset)  # every preset has its rule-set entry
    no_mercy, _ = Game.start(PLAYERS, RuleSet.build("no_mercy"), seed=1)
    assert type(no_mercy) is NoMercyGame and no_mercy.no_mercy and not no_mercy.flip
    assert type(load(dump(no_mercy))) is NoMercyGame
    classic, _ = Game.start(PLAYERS, RuleSet.classic(), seed=1)
    flip, _ = Game.start(PLAYERS, RuleSet.build("flip"), seed=1)
    assert type(classic) is Game and not classic.flip
    assert type(flip) is FlipGame and flip.flip
    assert type(load(dump(flip))) is FlipGame
    assert type(load(dump(classic))) is Game
    assert type(FlipGame.start(PLAYERS, RuleSet.classic(), seed=1)[0]) is Game  # preset decides


def test_an_unknown_preset_is_an_error_never_classic() -> None:
    """Section P: the presets are a closed set; a name outside it is refused wherever it comes
    from: a rule set, a game's creation, a saved game."""
    classic = RuleSet.classic().options
    for make in (lambda: RuleSet.build("house"), lambda: RuleSet("house", classic),  # type: ignore[arg-type]
                 lambda: variant_of("house"), lambda: RuleSet.from_spec({"preset": "house"})):
        with pytest.raises(RulesError, match="unknown preset 'house'"):
            make()
    game, _ = Game.start(PLAYERS, RuleSet.classic(), seed=1)
    saved = dump(game)
    saved["rules"] = {**saved["rules"], "preset": "house"}
    with pytest.raises(RulesError, match="unknown preset 'house'"):
        load(saved)
    assert RuleSet.build("flip").preset is Preset.FLIP and RuleSet.build("flip").preset == "flip"
    assert dump(game)["rules"]["preset"] == "classic" and type(dump(game)["rules"]["preset"]) is str


def test_every_declared_field_is_saved_and_nothing_else() -> None:
    game, _ = Game.start(PLAYERS, RuleSet.build("flip"), seed=3)
    saved = {f.name for f in fields(game) if f.metadata["codec"] is not None}
    derived = {f.name for f in fields(game) if f.metadata["codec"] is None}
    # A field saved only when not empty (No Mercy's knocked_out) is left out while empty.
    omitted = {f.name for f in fields(game) if f.metadata.get("omit_empty")}
    assert omitted == {"knocked_out"}
    assert set(dump(game)) == (saved - omitted) | {"format"}
    game.knocked_out.append(0)
    assert set(dump(game)) == saved | {"format"}
    assert derived == {"options", "_seat"}
    assert set(vars(game)) == saved | derived  # no attribute outside the declarations


def test_a_new_deal_starts_every_round_field_afresh() -> None:
    game, _ = Game.start(PLAYERS, RuleSet.build("flip"), seed=5)
    rng = random.Random(5)
    while not game.round_over:
        assert game.waiting_for is not None
        name = game.players[game.waiting_for]
        game.apply(rng.choice(player_view(game, name).legal_actions))
    scores = list(game.scores)
    game.apply(Action(game.players[0], ActionType.NEXT_ROUND))
    assert game.round == 2 and game.scores == scores  # the match's fields carry on
    assert not game.round_over and game.round_winner is None and game.finished == []
    assert game.side is Side.LIGHT and game.slap is None and game.silence is None
    assert game.in_round == game.active and game.stages == [7, 7, 7]
    assert all(len(h) >= 7 for h in game.hands)  # seven each (a start Draw One adds one)


def test_closed_vocabularies_are_enums_equal_to_their_strings() -> None:
    game, events = Game.start(PLAYERS, RuleSet.build("flip"), seed=2)
    events += _play(game, 300, seed=2)
    assert all(isinstance(e.type, EventType) for e in events)
    # The enums compare equal to the strings of the replay files (checked at run time: for
    # the type checker an enum member and a string literal never overlap).
    words: list[object] = [EventType.PLAYED, PendingKind.COLOR, Side.DARK]
    assert words == ["played", "color", "dark"] and isinstance(game.side, Side)
    assert all(type(e.to_dict()["type"]) is str for e in events)
    reasons = [e.reason for e in events if e.reason is not None]
    assert reasons and all(isinstance(r, EventReason | Side) for r in reasons)


def test_flip_cards_are_interned_with_their_twin() -> None:
    light, dark = flip_faces()
    up = flip_card(light[0], dark[5])
    assert isinstance(up, FlipCard) and not up.dark_up
    assert up.turned is up.twin is flip_card(light[0], dark[5], dark_up=True)
    assert up.turned.turned is up


def test_the_public_surface_and_the_old_module_paths() -> None:
    for name in bot.engine.__all__:
        assert getattr(bot.engine, name) is not None
    old_paths = {"game": ["Game"], "view": ["player_view", "PlayerView"],
                 "serialize": ["dump", "load"], "timeouts": ["timeout_action"],
                 "state": ["Pending", "PendingKind"]}
    for module, names in old_paths.items():
        imported = importlib.import_module(f"bot.engine.{module}")
        for name in names:
            assert getattr(imported, name) is getattr(bot.engine, name)


def test_the_engines_modules_import_one_way() -> None:
    """Issue 34: no import circle among the engine's modules, counting the imports made only for
    the type checker (`_legal` reads the game through a Protocol, not through `_game`)."""
    folder = Path(bot.engine.__file__).parent
    imports: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found.update([node.module.split(".")[0]] if node.module
                             else [a.name for a in node.names])
        imports[path.stem] = found - {"__init__"}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for other in sorted(imports.get(module, ())):
            visit(other, (*path, module))
        done.add(module)

    for module in sorted(imports):
        if module != "__init__":
            visit(module, ())
    assert "_game" not in imports["_legal"] and "_legal" in imports["_game"]
