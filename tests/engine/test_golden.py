"""Golden replay files (tests/engine/golden/): the classic rules C-1..C-10, the house rules
H-1..H-14, the CNUNO rules N-1..N-6, UNO Flip F-1..F-9, the presets of section P and REPLAY.md's
contract.

Each golden file holds a REPLAY.md input (`replay`), a subset of the expected output (`expect`:
objects are matched on the keys given, lists and scalars exactly) and optionally `expect_events`,
partial events that must appear in the output's `events` in that order. The files are written by
tests/engine/make_golden.py (the cases are in tests/engine/golden_cases/) from RULES.md and
REPLAY.md, never from the engine's output; test_golden_files_are_what_their_generator_writes
keeps the committed files and the cases in step.

Also here: the command line of `python -m bot.engine.replay`, malformed files (exit 2), and the
C-9 views (`player_view`, `Event.visible_to`), which the referee's output cannot show.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action, Card, Game, RuleSet, player_view
from bot.engine.events import Event
from bot.engine.replay import run
from tests.engine.support import GOLDEN, golden, no_mercy_counts

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(GOLDEN.glob("*.json"))
RULE_ID = re.compile(
    r"^(C-([1-9]|10)|H-([1-9]|1[0-4])|N-[1-6]|F-[1-9]|M-([1-9]|1[0-6])|P|REPLAY)$")
REPLAY_KEYS = {"rules", "players", "dealer", "seed", "deck", "actions"}


def _classic_deck_counts(draw_ten_blanks: bool = False) -> Counter[str]:
    """C-1, counted from the rules text: per colour one 0, two each of 1-9, Skip, Reverse and
    Draw Two; four Wild and four Wild Draw Four (H-10: plus four Draw Ten blanks, 112 cards)."""
    counts: Counter[str] = Counter()
    for color in "RYGB":
        counts[color + "0"] = 1
        for rank in [*map(str, range(1, 10)), "S", "R", "+2"]:
            counts[color + rank] = 2
    counts["W"] = 4
    counts["W+4"] = 4
    if draw_ten_blanks:
        counts["W+10"] = 4
    return counts


def _flip_face_counts() -> tuple[Counter[str], Counter[str]]:
    """F-1, counted from the rules text: the light faces (per colour R Y G B two each of 1-9,
    Draw One, Reverse, Skip, Flip; four Wild, four Wild Draw Two) and the dark faces (per colour
    P T O V two each of 1-9, Draw Five, Reverse, Skip Everyone, Flip; four Wild, four Wild Draw
    Colour), 112 each."""
    light: Counter[str] = Counter()
    dark: Counter[str] = Counter()
    for color in "RYGB":
        for rank in [*map(str, range(1, 10)), "+1", "R", "S", "F"]:
            light[color + rank] = 2
    for color in "PTOV":
        for rank in [*map(str, range(1, 10)), "+5", "R", "SA", "F"]:
            dark[color + rank] = 2
    light.update({"W": 4, "W+2": 4})
    dark.update({"W": 4, "WDC": 4})
    return light, dark


def _is_flip(rules: Any) -> bool:
    """Whether a replay's `rules` name the flip preset (by name or as an object)."""
    return rules == "flip" or (isinstance(rules, dict) and rules.get("preset") == "flip")


def _assert_flip_deck(deck: list[str]) -> None:
    """REPLAY.md: a Flip deck holds the 112 light faces and the 112 dark faces of F-1, each card
    written `light/dark`, paired in any way."""
    assert len(deck) == 112
    assert all(isinstance(c, str) and c.count("/") == 1 for c in deck)
    light, dark = _flip_face_counts()
    assert Counter(c.split("/")[0] for c in deck) == light
    assert Counter(c.split("/")[1] for c in deck) == dark


def _is_no_mercy(rules: Any) -> bool:
    return rules == "no_mercy" or (isinstance(rules, dict) and rules.get("preset") == "no_mercy")


def _draw_ten_blanks(rules: Any) -> bool:
    """Whether a replay's `rules` switch H-10 on (no preset does; only an option can)."""
    return isinstance(rules, dict) and rules.get("options", {}).get("draw_ten_blanks") is True


# ---------------------------------------------------------------- matching

def _mismatches(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Objects: only the keys given are checked (recursively); lists and scalars: exactly."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or 'result'}: expected an object, got {actual!r}"]
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing")
            else:
                out += _mismatches(value, actual[key], f"{where}.{key}")
        return out
    if expected != actual or type(expected) is not type(actual):
        return [f"{where}: expected {expected!r}, got {actual!r}"]
    return []


def _event_matches(partial: dict[str, Any], event: dict[str, Any]) -> bool:
    return all(key in event and event[key] == value for key, value in partial.items())


def _missing_events(expected: list[dict[str, Any]], events: list[dict[str, Any]]
                    ) -> list[dict[str, Any]]:
    """The expected partial events not found, in order, as a subsequence of `events`."""
    i = 0
    for event in events:
        if i < len(expected) and _event_matches(expected[i], event):
            i += 1
    return expected[i:]


# ---------------------------------------------------------------- the golden files

def test_the_golden_folder_is_not_empty() -> None:
    assert len(FILES) >= 11


def test_golden_files_are_what_their_generator_writes(tmp_path: Path) -> None:
    """The committed files are byte for byte what tests/engine/make_golden.py writes now: a case
    edited without regenerating, or a file edited by hand, fails here."""
    from tests.engine.golden_cases import build
    from tests.engine.golden_dsl import write

    write(build(), tmp_path)
    fresh = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    committed = {p.name: p.read_bytes() for p in FILES}
    assert sorted(fresh) == sorted(committed), "regenerate: python -m tests.engine.make_golden"
    stale = [name for name in sorted(fresh) if fresh[name] != committed[name]]
    assert not stale, f"regenerate (python -m tests.engine.make_golden): {stale}"


def test_every_classic_rule_and_the_error_codes_have_golden_files() -> None:
    rules = Counter(golden(path.stem)["rule"] for path in FILES)
    for rule in [f"C-{n}" for n in range(1, 11)] + ["REPLAY"]:
        assert rules[rule] >= 1, f"no golden file for {rule}"


def test_every_house_and_cnuno_rule_and_the_presets_have_golden_files() -> None:
    """H-1..H-14, N-1..N-6 (RULES.md) and section P each have at least one golden file."""
    rules = Counter(golden(path.stem)["rule"] for path in FILES)
    ids = [f"H-{n}" for n in range(1, 15)] + [f"N-{n}" for n in range(1, 7)] + ["P"]
    missing = [rule for rule in ids if rules[rule] < 1]
    assert not missing, f"no golden file for {', '.join(missing)}"


def test_every_flip_rule_has_golden_files() -> None:
    """F-1..F-9 (RULES.md, UNO Flip) each have at least one golden file, played with the flip
    preset."""
    cases = [golden(path.stem) for path in FILES]
    rules = Counter(case["rule"] for case in cases)
    missing = [f"F-{n}" for n in range(1, 10) if rules[f"F-{n}"] < 1]
    assert not missing, f"no golden file for {', '.join(missing)}"
    for case in cases:
        if case["rule"].startswith("F-"):
            assert _is_flip(case["replay"]["rules"]), case["title"]


def test_every_no_mercy_rule_has_golden_files() -> None:
    """M-1..M-16 (RULES.md, UNO Show 'Em No Mercy) each have at least one golden file, played
    with the no_mercy preset."""
    cases = [golden(path.stem) for path in FILES]
    rules = Counter(case["rule"] for case in cases)
    missing = [f"M-{n}" for n in range(1, 17) if rules[f"M-{n}"] < 1]
    assert not missing, f"no golden file for {', '.join(missing)}"
    for case in cases:
        if case["rule"].startswith("M-"):
            assert _is_no_mercy(case["replay"]["rules"]), case["title"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_file_is_a_valid_replay(path: Path) -> None:
    """The `replay` object is exactly what an outside tool would pass (REPLAY.md, Input)."""
    case = golden(path.stem)
    assert set(case) <= {"rule", "title", "replay", "expect", "expect_events"}
    assert RULE_ID.match(case["rule"]), case["rule"]
    assert path.name.startswith(case["rule"] + "_")
    assert isinstance(case["title"], str) and case["title"]
    replay = case["replay"]
    assert set(replay) <= REPLAY_KEYS and {"players", "actions"} <= set(replay)
    players = replay["players"]
    assert 2 <= len(players) <= 10 and len(set(players)) == len(players)
    if _is_flip(replay.get("rules")):
        _assert_flip_deck(replay["deck"])
    elif _is_no_mercy(replay.get("rules")):
        assert Counter(replay["deck"]) == no_mercy_counts()  # M-1
        assert len(players) <= 6  # M-2.1
    else:
        assert Counter(replay["deck"]) == _classic_deck_counts(
            _draw_ten_blanks(replay.get("rules")))
    for action in replay["actions"]:
        assert isinstance(action["by"], str) and isinstance(action["do"], str)
    assert isinstance(case["expect"], dict) and case["expect"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def testgolden(path: Path) -> None:
    case = golden(path.stem)
    result = run(case["replay"])
    problems = _mismatches(case["expect"], result)
    missing = _missing_events(case.get("expect_events", []), result["events"])
    if missing:
        problems.append(f"events: not found in order from {missing[0]} "
                        f"({len(missing)} of {len(case.get('expect_events', []))} missing)")
    assert not problems, f"{case['rule']} — {case['title']}\n" + "\n".join(problems) + (
        f"\nerror: {result['error']}")


# ---------------------------------------------------------------- the command line

def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.engine.replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", ["C-6_guilty", "REPLAY_not_your_turn"])
def test_command_line_prints_the_result_of_run(name: str, tmp_path: Path) -> None:
    """REPLAY.md: exit 0 when the file was read (even with an illegal action), one JSON object."""
    replay = golden(name)["replay"]
    file = tmp_path / "replay.json"
    file.write_text(json.dumps(replay), encoding="utf-8")
    proc = _cli(file)
    assert proc.returncode == 0, proc.stderr
    decoder = json.JSONDecoder()
    text = proc.stdout.strip()
    output, end = decoder.raw_decode(text)
    assert end == len(text), "stdout must hold exactly one JSON object"
    assert isinstance(output, dict)
    assert output == json.loads(json.dumps(run(replay)))


def _valid() -> dict[str, Any]:
    return {"rules": "classic", "players": ["ann", "bob"], "seed": 1, "actions": []}


def _deck() -> list[str]:
    return list(_classic_deck_counts().elements())


def _with(**changes: Any) -> str:
    return json.dumps({**_valid(), **changes})


MALFORMED = {
    "bad_json": ('{"rules": "classic", "players": ["ann", "bob"', []),
    "not_an_object": ("[1, 2]", []),
    "unknown_option": (_with(rules={"preset": "classic", "options": {"stackin": True}}),
                       ["stackin"]),
    "unknown_preset": (_with(rules="chess"), ["chess"]),
    "bad_option_value": (_with(rules={"preset": "classic", "options": {"target_score": "x"}}),
                         ["target_score"]),
    "refused_combination": (
        _with(rules={"preset": "classic",
                     "options": {"stacking": True, "deflect_draw_two": True}}),
        ["stacking", "deflect_draw_two"]),
    "refused_combination_scoring": (
        _with(rules={"preset": "classic",
                     "options": {"lazy_scoring": True, "penalty_scoring": True}}),
        ["lazy_scoring", "penalty_scoring"]),
    "deck_missing_a_card": (_with(deck=_deck()[1:]), []),
    "deck_with_an_extra_card": (_with(deck=[*_deck(), "R5"]), []),
    "deck_second_r0_instead_of_r1": (
        _with(deck=["R0" if c == "R1" and i == _deck().index("R1") else c
                    for i, c in enumerate(_deck())]), []),
    "deck_card_not_in_notation": (_with(deck=["R10" if c == "R1" and i == _deck().index("R1")
                                              else c for i, c in enumerate(_deck())]), []),
    "deck_draw_ten_without_option": (_with(deck=[*_deck()[1:], "W+10"]), []),
    "action_card_not_in_notation": (
        _with(actions=[{"by": "ann", "do": "play", "card": "X9"}]), []),
    "one_player": (_with(players=["ann"]), []),
    "no_players": (_with(players=[]), []),
    "eleven_players": (_with(players=[f"p{i}" for i in range(11)]), []),
    "duplicate_players": (_with(players=["ann", "bob", "ann"]), []),
    # M-2.1, section P, M-16.12, REPLAY.md's No Mercy input
    "no_mercy_seven_players": (_with(rules="no_mercy", players=[f"p{i}" for i in range(7)]),
                               ["no_mercy"]),
    "no_mercy_stacking_on": (_with(rules={"preset": "no_mercy", "options": {"stacking": True}}),
                             ["stacking"]),
    "no_mercy_seven_zero_on": (
        _with(rules={"preset": "no_mercy", "options": {"seven_zero": True}}), ["seven_zero"]),
    "no_mercy_draw_cap_given": (
        _with(rules={"preset": "no_mercy", "options": {"draw_cap": 10}}), ["draw_cap"]),
    "no_mercy_colours_around_on": (
        _with(rules={"preset": "no_mercy", "options": {"colours_around": True}}),
        ["colours_around"]),
    "no_mercy_classic_deck": (_with(rules="no_mercy", deck=_deck()), []),
    "no_mercy_deck_with_a_wild": (
        _with(rules="no_mercy", deck=[*list(no_mercy_counts().elements())[1:], "W"]), []),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_file_exits_2_with_one_line(name: str, tmp_path: Path) -> None:
    """REPLAY.md: a malformed file exits 2 with a one-line message on stderr."""
    text, words = MALFORMED[name]
    file = tmp_path / "replay.json"
    file.write_text(text, encoding="utf-8")
    proc = _cli(file)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    message = proc.stderr.rstrip("\n")
    assert message and "\n" not in message, proc.stderr
    assert proc.stdout == ""
    for word in words:
        assert word in message, message


def test_the_valid_base_of_the_malformed_files_runs(tmp_path: Path) -> None:
    """So that each malformed case above fails for its own fault only."""
    file = tmp_path / "replay.json"
    file.write_text(json.dumps({**_valid(), "deck": _deck()}), encoding="utf-8")
    proc = _cli(file)
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------- C-9 views

def _replay_game(replay: dict[str, Any]) -> tuple[Game, list[Event]]:
    """The golden replay through the engine's API, to look at what each player may see."""
    players = replay["players"]
    game, events = Game.start(players, RuleSet.from_spec(replay.get("rules", "classic")),
                              seed=replay.get("seed", 0),
                              dealer=replay.get("dealer", players[-1]),
                              deck=[Card.parse(c) for c in replay["deck"]])
    for action in replay["actions"]:
        events += game.apply(Action.from_dict(action))
    return game, events


def _codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def test_c9_each_player_sees_own_hand_and_every_hand_size() -> None:
    """C-9: a player sees their own hand and never another's; hand sizes are public."""
    case = golden("C-9_drawn_card_is_private")
    game, _ = _replay_game(case["replay"])
    hands = case["expect"]["hands"]
    for name in ("ann", "bob", "cid"):
        view = player_view(game, name)
        assert _codes(view.hand) == hands[name]
        assert tuple(view.hand_sizes) == (8, 7, 7)
        assert view.draw_pile == 85
    spectator = player_view(game, None)
    assert tuple(spectator.hand) == ()
    assert tuple(spectator.hand_sizes) == (8, 7, 7)
    assert player_view(game, "bob").drawn is None and player_view(game, "cid").drawn is None


def test_c9_drawn_and_dealt_cards_are_seen_by_their_receiver_only() -> None:
    case = golden("C-9_drawn_card_is_private")
    _, events = _replay_game(case["replay"])
    drew = [e for e in events if e.type == "drew"]
    assert len(drew) == 1 and drew[0].by == "ann"
    assert drew[0].visible_to("ann").card == Card.parse("B9")
    for other in ("bob", "cid", None):
        seen = drew[0].visible_to(other)
        assert seen.card is None and seen.by == "ann"  # who drew is public, not the card
    dealt = [e for e in events if e.type == "dealt"]
    assert {e.by for e in dealt} == {"ann", "bob", "cid"}
    for e in dealt:  # (whatever the event's shape: a `card`, or `cards`)
        own = e.visible_to(e.by)
        assert own.card is not None or own.cards
        for other in ("ann", "bob", "cid", None):
            if other != e.by:
                seen = e.visible_to(other)
                assert seen.card is None and not seen.cards and seen.by == e.by
    start = next(e for e in events if e.type == "start_card")
    assert start.visible_to("bob") == start and start.visible_to(None) == start


def test_c9_challenge_shows_the_hand_to_the_challenger_alone_once() -> None:
    """C-6/C-9: the challenged hand is shown privately to the challenger, once."""
    case = golden("C-9_challenge_shows_hand_once")
    game, events = _replay_game(case["replay"])
    shown = [e for e in events if e.type == "hand_shown"]
    assert len(shown) == 1
    expected = ["R7", "G2", "Y4", "B6", "G7", "Y9"]
    assert _codes(shown[0].visible_to("bob").cards) == expected
    assert shown[0].visible_to("cid").cards is None
    assert shown[0].visible_to(None).cards is None
    played = next(e for e in events if e.type == "played")
    assert played.visible_to("cid") == played  # a played card is public
    # After the challenge, views still show only their own hand (the showing was once).
    assert _codes(player_view(game, "bob").hand) == ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"]
    assert tuple(player_view(game, "cid").hand_sizes) == (10, 7, 7)


def test_c9_a_waiting_challenge_reveals_nothing_about_guilt() -> None:
    """C-4 'When a penalty waits' / C-9: the victim's view is the same whether guilty or not."""
    guilty = dict(golden("C-6_guilty")["replay"])
    innocent = dict(golden("C-6_innocent")["replay"])
    guilty["actions"] = guilty["actions"][:1]
    innocent["actions"] = [{"by": "ann", "do": "play", "card": "W+4", "color": "G"}]
    views = []
    for replay in (guilty, innocent):
        game, _ = _replay_game(replay)
        view = player_view(game, "bob")
        assert view.pending is not None
        views.append((view.pending, view.turn, view.color, tuple(view.hand_sizes)))
    assert views[0] == views[1]
    assert views[0][0].kind == "challenge" and views[0][0].victim == "bob"
    assert views[0][0].amount == 4


def test_the_readme_example_replay_plays() -> None:
    """The README's replay command works on the example it names (C-6, guilty)."""
    out = subprocess.run([sys.executable, "-m", "bot.engine.replay",
                          str(ROOT / "examples" / "wild_draw_four_challenge.json")],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["error"] is None and result["applied"] == 2 and result["turn"] == "bob"
