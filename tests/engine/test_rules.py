"""Rule sets as data: presets, options and the combinations section P refuses (RULES.md P)."""

from __future__ import annotations

import pytest

from bot.engine import RulesError, RuleSet
from bot.engine.rules import CONFLICTS, OPTION_NAMES, PRESETS, REFUSED_IN_FLIP


def test_classic_defaults() -> None:
    """P / C-8.3 / C-5.4: classic is C alone, matches to 500, no false-call penalty."""
    rules = RuleSet.from_spec("classic")
    assert rules.preset == "classic"
    assert rules.options.target_score == 500
    assert rules.options.false_uno_penalty is False
    assert rules.enabled() == []


def test_overrides_and_short_form_agree() -> None:
    assert RuleSet.from_spec({"preset": "classic"}) == RuleSet.from_spec("classic")
    rules = RuleSet.from_spec({"preset": "classic",
                               "options": {"target_score": 100, "false_uno_penalty": True}})
    assert rules.options.target_score == 100 and rules.options.false_uno_penalty is True
    assert rules.enabled() == ["target_score", "false_uno_penalty"]


def test_cnuno_preset_is_classic_plus_jump_in_and_the_n_options() -> None:
    """P: `cnuno` is classic plus jump_in, N-1, N-2, N-3, N-4, N-5."""
    on = {name for name in OPTION_NAMES if getattr(PRESETS["cnuno"], name) is True}
    assert on == {"jump_in", "deflect_skip", "deflect_draw_two", "reverse_chain",
                  "wild_four_deflect", "wild_four_challenge_returns"}


@pytest.mark.parametrize("spec, words", [
    ("chess", ["chess"]),
    ({"preset": "classic", "options": {"stackin": True}}, ["stackin"]),
    ({"preset": "classic", "options": {"target_score": "500"}}, ["target_score"]),
    ({"preset": "classic", "options": {"target_score": 0}}, ["target_score"]),
    ({"preset": "classic", "options": {"target_score": True}}, ["target_score"]),
    ({"preset": "classic", "options": {"jump_in": 1}}, ["jump_in"]),
    ({"preset": "classic", "options": {"silence": "loud"}}, ["silence"]),
    ({"preset": "classic", "extra": 1}, ["extra"]),
    (["classic"], ["rules"]),
])
def test_bad_specs_are_refused_naming_the_culprit(spec: object, words: list[str]) -> None:
    with pytest.raises(RulesError) as info:
        RuleSet.from_spec(spec)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize("a, b", CONFLICTS)
def test_conflicting_pairs_are_refused_naming_both(a: str, b: str) -> None:
    """P: each refused combination fails at setup with a message that names both options."""
    options = {a: True, b: True}
    with pytest.raises(RulesError) as info:
        RuleSet.build("classic", options)
    assert a in str(info.value) and b in str(info.value)


def test_the_conflict_list_is_section_p() -> None:
    """P: the refused pairs, spelled out once more so an accidental edit of the table fails."""
    n = ["deflect_skip", "deflect_draw_two", "wild_four_deflect", "wild_four_challenge_returns"]
    expected = {("stacking", "deflect_draw_two"), ("lazy_scoring", "penalty_scoring"),
                ("seven_stages", "play_to_last")}
    expected |= {(x, y) for x in ("stacking", "reverse_bounce") for y in n}
    assert set(CONFLICTS) == expected


def test_cnuno_refuses_stacking_and_reverse_bounce() -> None:
    """P: stacking / reverse_bounce conflict with the N options the cnuno preset switches on."""
    for option in ("stacking", "reverse_bounce"):
        with pytest.raises(RulesError) as info:
            RuleSet.build("cnuno", {option: True})
        assert option in str(info.value)


@pytest.mark.parametrize("option", [o for o in REFUSED_IN_FLIP])
def test_flip_refuses_classic_only_options(option: str) -> None:
    """P: draw_ten_blanks, stacking, stack_mixed, reverse_bounce and the N options in Flip."""
    options = {option: True}
    if option == "stack_mixed":
        options["stacking"] = True
    with pytest.raises(RulesError) as info:
        RuleSet.build("flip", options)
    assert option in str(info.value) or "stacking" in str(info.value)
    assert "flip" in str(info.value)


def test_stack_mixed_needs_stacking() -> None:
    """H-4: stack_mixed is a sub-option of stacking."""
    with pytest.raises(RulesError, match="stack_mixed"):
        RuleSet.build("classic", {"stack_mixed": True})


def test_every_preset_is_playable() -> None:
    """P: classic, cnuno and flip by name."""
    for preset in ("classic", "cnuno", "flip"):
        assert RuleSet.build(preset).preset == preset


def test_rule_set_round_trips_through_its_dict() -> None:
    rules = RuleSet.classic(target_score=250, false_uno_penalty=True)
    data = rules.to_dict()
    assert RuleSet.build(data["preset"], data["options"]) == rules
