"""RULES.md section P through the replay tool: presets by name, refused combinations, and the
options stored with the game.

The refused combinations are spelled out here from RULES.md P (not read from the engine's
tables), and each is checked on the command line: REPLAY.md makes a file whose rules P refuses a
malformed file (exit 2, a one-line message naming the options). The presets' golden files are
tests/engine/golden/P_*.json.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Game, RuleSet, dump, load, player_view
from bot.engine.replay import run

ROOT = Path(__file__).resolve().parents[2]

N_PENALTY_ANSWERS = ["deflect_skip", "deflect_draw_two", "wild_four_deflect",
                     "wild_four_challenge_returns"]
CNUNO_ON = {"jump_in", "deflect_skip", "deflect_draw_two", "reverse_chain", "wild_four_deflect",
            "wild_four_challenge_returns"}

# P: "Combinations that conflict are refused when the game is set up, with a clear message".
REFUSED_PAIRS: list[tuple[str, str]] = [
    ("stacking", "deflect_draw_two"),
    ("lazy_scoring", "penalty_scoring"),
    ("seven_stages", "play_to_last"),
    *[(a, b) for a in ("stacking", "reverse_bounce") for b in N_PENALTY_ANSWERS],
]
# P: refused in Flip: H-10, the penalty answers H-4 (with stack_mixed), H-11 and N-1 to N-5.
REFUSED_IN_FLIP = ["draw_ten_blanks", "stacking", "stack_mixed", "reverse_bounce",
                   "deflect_skip", "deflect_draw_two", "reverse_chain", "wild_four_deflect",
                   "wild_four_challenge_returns"]


def _file(rules: Any) -> dict[str, Any]:
    return {"rules": rules, "players": ["ann", "bob", "cid"], "seed": 3, "actions": []}


def _cli(data: dict[str, Any], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    file = tmp_path / "replay.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "bot.engine.replay", str(file)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def _refused_message(data: dict[str, Any], tmp_path: Path) -> str:
    proc = _cli(data, tmp_path)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stdout == ""
    message = proc.stderr.rstrip("\n")
    assert message and "\n" not in message, proc.stderr
    return message


@pytest.mark.parametrize("a, b", REFUSED_PAIRS, ids=lambda x: str(x))
def test_refused_pair_is_a_malformed_file_naming_both(a: str, b: str, tmp_path: Path) -> None:
    """P: each conflicting pair, in either order of the options object."""
    for options in ({a: True, b: True}, {b: True, a: True}):
        message = _refused_message(_file({"preset": "classic", "options": options}), tmp_path)
        assert a in message and b in message, message


@pytest.mark.parametrize("option", ["stacking", "reverse_bounce"])
def test_cnuno_refuses_stacking_and_reverse_bounce(option: str, tmp_path: Path) -> None:
    """P: the cnuno preset switches N-1, N-2, N-4 and N-5 on, which conflict with H-4 and H-11;
    the message names the option and one of the preset's options it conflicts with."""
    message = _refused_message(_file({"preset": "cnuno", "options": {option: True}}), tmp_path)
    assert option in message, message
    assert any(n in message for n in N_PENALTY_ANSWERS), message


@pytest.mark.parametrize("option", REFUSED_IN_FLIP)
def test_flip_refuses_classic_only_options(option: str, tmp_path: Path) -> None:
    """P: in Flip, H-10, H-4 (and its stack_mixed), H-11 and N-1..N-5 are refused; the message
    names the option and the preset."""
    message = _refused_message(_file({"preset": "flip", "options": {option: True}}), tmp_path)
    assert option in message and "flip" in message, message


@pytest.mark.parametrize("options", [
    {"draw_until_playable": True, "seven_zero": True, "swap_on_five": True},
    {"penalty_scoring": True, "play_to_last": True},
    {"lazy_scoring": True, "play_to_last": True},
    {"seven_stages": True, "penalty_scoring": True},
    {"stacking": True, "stack_mixed": True, "draw_ten_blanks": True, "jump_in": True},
    {"uno_slap": True, "silence": "wilds", "colours_around": True},
], ids=lambda o: "+".join(o))
def test_combinations_p_does_not_refuse_are_played(options: dict[str, Any],
                                                   tmp_path: Path) -> None:
    """P: every H option can be switched on unless P refuses the combination."""
    proc = _cli(_file({"preset": "classic", "options": options}), tmp_path)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("options", [
    {"draw_until_playable": True}, {"seven_zero": True}, {"uno_slap": True},
    {"silence": "twos"}, {"lazy_scoring": True}, {"seven_stages": True},
], ids=lambda o: "+".join(o))
def test_house_options_in_cnuno_are_played(options: dict[str, Any], tmp_path: Path) -> None:
    """P: an H option that does not conflict may be switched on in the cnuno preset."""
    proc = _cli(_file({"preset": "cnuno", "options": options}), tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_presets_by_name(tmp_path: Path) -> None:
    """P / REPLAY.md: `"rules": "cnuno"` is short for `{"preset": "cnuno"}` (no overrides)."""
    deck_file = Path(__file__).resolve().parent / "golden" / "P_cnuno_by_name.json"
    replay = json.loads(deck_file.read_text(encoding="utf-8"))["replay"]
    by_name = run({**replay, "rules": "cnuno"})
    as_object = run({**replay, "rules": {"preset": "cnuno"}})
    with_empty_options = run({**replay, "rules": {"preset": "cnuno", "options": {}}})
    assert by_name == as_object == with_empty_options
    assert by_name["error"] is None
    for name in ("classic", "cnuno"):
        assert _cli(_file(name), tmp_path).returncode == 0


def test_cnuno_preset_is_classic_plus_jump_in_and_n1_to_n5() -> None:
    """P: `cnuno` is classic plus jump_in, N-1, N-2, N-3, N-4, N-5 (nothing else)."""
    assert set(RuleSet.from_spec("cnuno").enabled()) == CNUNO_ON
    assert RuleSet.from_spec("classic").enabled() == []


def _game(spec: Any) -> Game:
    game, _ = Game.start(["ann", "bob", "cid"], RuleSet.from_spec(spec), seed=5, dealer="cid")
    return game


@pytest.mark.parametrize("spec", [
    "cnuno",
    {"preset": "cnuno", "options": {"seven_zero": True, "jump_in": False}},
    {"preset": "classic", "options": {"stacking": True, "stack_mixed": True,
                                      "draw_ten_blanks": True, "draw_cap": 4,
                                      "silence": "twos", "target_score": 250}},
], ids=["cnuno", "cnuno_overrides", "classic_house"])
def test_options_are_stored_with_the_game_and_shown(spec: Any) -> None:
    """P: every option is stored with the game (a saved game keeps them) and shown on the table
    (the public view carries the rule set)."""
    rules = RuleSet.from_spec(spec)
    game = _game(spec)
    saved = dump(game)
    assert saved["rules"]["preset"] == rules.preset
    for name in rules.enabled():
        assert saved["rules"]["options"][name] == getattr(rules.options, name)
    assert load(json.loads(json.dumps(saved))).rules == rules
    assert player_view(game, None).rules == rules
    assert player_view(game, "bob").rules == rules


def test_an_option_given_overrides_the_preset() -> None:
    """REPLAY.md: options not given take the preset's values; those given replace them."""
    rules = RuleSet.from_spec({"preset": "cnuno", "options": {"jump_in": False}})
    assert set(rules.enabled()) == CNUNO_ON - {"jump_in"}
