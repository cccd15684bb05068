"""Rule sets as data (RULES.md section P): a named preset plus options.

House rules plug in here as options read by the one game loop, never as forks of it. Presets are
a closed type (`Preset`) with a registry (`PRESET_RULES`); a preset that changes the game itself
(Flip, No Mercy) is also a variant of the game, a class of its own (`bot.engine.variant_of`).
`SUPPORTED` says which options the engine plays today; a rule set that asks for anything else is
refused at setup with a clear message, rather than silently played by other rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .errors import RulesError


class SilenceMode(StrEnum):
    """H-5's option values; a silence in force has the kind that started it (twos or wilds)."""

    OFF = "off"
    TWOS = "twos"
    WILDS = "wilds"


class ScoringMode(StrEnum):
    """How a round is scored: C-8.2 (the winner scores the others), H-7 or H-14."""

    CLASSIC = "classic"
    LAZY = "lazy"  # H-7: no points; the loser deals and the winner plays first
    PENALTY = "penalty"  # H-14: everyone adds their own hand; lowest wins


SILENCE_VALUES = tuple(mode.value for mode in SilenceMode)


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of RULES.md with its classic default. Names are those of REPLAY.md."""

    target_score: int = 500  # C-8.3
    false_uno_penalty: bool = False  # C-5.4
    draw_until_playable: bool = False  # H-1
    draw_cap: int = 10  # H-1
    jump_in: bool = False  # H-2
    seven_zero: bool = False  # H-3
    stacking: bool = False  # H-4
    stack_mixed: bool = False  # H-4
    silence: SilenceMode = SilenceMode.OFF  # H-5
    swap_on_five: bool = False  # H-6
    lazy_scoring: bool = False  # H-7
    uno_slap: bool = False  # H-8
    colours_around: bool = False  # H-9
    draw_ten_blanks: bool = False  # H-10
    reverse_bounce: bool = False  # H-11
    play_to_last: bool = False  # H-12
    seven_stages: bool = False  # H-13
    penalty_scoring: bool = False  # H-14
    deflect_skip: bool = False  # N-1
    deflect_draw_two: bool = False  # N-2
    reverse_chain: bool = False  # N-3
    wild_four_deflect: bool = False  # N-4
    wild_four_challenge_returns: bool = False  # N-5

    @property
    def scoring(self) -> ScoringMode:
        if self.lazy_scoring:
            return ScoringMode.LAZY
        return ScoringMode.PENALTY if self.penalty_scoring else ScoringMode.CLASSIC


OPTION_NAMES = tuple(f.name for f in fields(Options))


def _values(options: Options) -> dict[str, Any]:
    """The options by name: `asdict` without its deep copies (every field is a plain value),
    which cost more than the rest of a save's rules (every saved game dumps its rules)."""
    return {name: getattr(options, name) for name in OPTION_NAMES}
_DEFAULTS = Options()

class Preset(StrEnum):
    """The presets (section P): a closed set. A name outside it is refused wherever it comes
    from (a command, a saved lobby or game, a replay file), never played as classic."""

    CLASSIC = "classic"
    CNUNO = "cnuno"
    FLIP = "flip"
    NO_MERCY = "no_mercy"


_N_OPTIONS = ("deflect_skip", "deflect_draw_two", "wild_four_deflect",
              "wild_four_challenge_returns")

# Section P: pairs refused together in any preset.
CONFLICTS: tuple[tuple[str, str], ...] = (
    ("stacking", "deflect_draw_two"),
    ("lazy_scoring", "penalty_scoring"),
    ("seven_stages", "play_to_last"),
    *((a, b) for a in ("stacking", "reverse_bounce") for b in _N_OPTIONS),
)
# Section P: options refused in Flip (defined for classic cards only).
REFUSED_IN_FLIP = ("draw_ten_blanks", "stacking", "stack_mixed", "reverse_bounce",
                   *_N_OPTIONS, "reverse_chain")
# Section P: options refused in No Mercy when switched on (built in differently, or in conflict
# with its penalties and knockouts). `reverse_chain` is accepted and changes nothing (M-16.12).
REFUSED_IN_NO_MERCY = ("draw_until_playable", "draw_cap", "seven_zero", "stacking",
                       "stack_mixed", "draw_ten_blanks", "reverse_bounce", *_N_OPTIONS,
                       "colours_around", "play_to_last", "seven_stages", "penalty_scoring")


@dataclass(frozen=True, slots=True)
class PresetRules:
    """What a preset is at the level of rule sets: its options' defaults, the options it refuses
    when switched on, and those it refuses as soon as a rule spec names them, even at their
    default value. (What a variant changes in play is its game class's: `bot.engine.Game`.)"""

    defaults: Options
    refused: tuple[str, ...] = ()
    refused_named: tuple[str, ...] = ()


# The registry of presets: every member of `Preset` has its entry (checked below).
PRESET_RULES: Mapping[Preset, PresetRules] = {
    Preset.CLASSIC: PresetRules(_DEFAULTS),
    Preset.CNUNO: PresetRules(replace(
        _DEFAULTS,
        jump_in=True,
        deflect_skip=True,
        deflect_draw_two=True,
        reverse_chain=True,
        wild_four_deflect=True,
        wild_four_challenge_returns=True,
    )),
    Preset.FLIP: PresetRules(_DEFAULTS, refused=REFUSED_IN_FLIP),
    # M-13.2; M-16.12: any draw_cap at all is refused (M-4 draws until playable, uncapped).
    Preset.NO_MERCY: PresetRules(replace(_DEFAULTS, target_score=1000),
                                 refused=REFUSED_IN_NO_MERCY, refused_named=("draw_cap",)),
}
assert set(PRESET_RULES) == set(Preset), "every preset needs its entry"
# Each preset's defaults, by name.
PRESETS: Mapping[str, Options] = {p: r.defaults for p, r in PRESET_RULES.items()}

# What the engine plays today.
SUPPORTED_PRESETS = frozenset(Preset)
SUPPORTED_OPTIONS = frozenset(OPTION_NAMES)


def preset_of(name: str) -> Preset:
    """The preset named `name`; RulesError for any other name."""
    try:
        return Preset(name)
    except ValueError:
        known = ", ".join(p.value for p in Preset)
        raise RulesError(f"unknown preset {name!r} (known: {known})") from None


def _is_on(options: Options, name: str) -> bool:
    value = getattr(options, name)
    return value != getattr(_DEFAULTS, name) if name in ("target_score", "draw_cap") else (
        value not in (False, "off"))


@dataclass(frozen=True, slots=True)
class RuleSet:
    preset: Preset
    options: Options

    def __post_init__(self) -> None:
        # A name given as a string becomes the closed type; an unknown one is refused here,
        # however the rule set was made.
        if type(self.preset) is not Preset:
            object.__setattr__(self, "preset", preset_of(self.preset))

    @classmethod
    def classic(cls, **overrides: Any) -> RuleSet:
        return cls.build("classic", overrides)

    @classmethod
    def build(cls, preset: Preset | str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """Validate and build; raises RulesError naming the offending option(s)."""
        preset = preset_of(preset)
        values = _values(PRESET_RULES[preset].defaults)
        for name, value in (overrides or {}).items():
            if name not in values:
                raise RulesError(f"unknown option {name!r}")
            values[name] = _checked_value(name, value)
        rules = cls(preset, Options(**values))
        rules._check_combinations()
        rules._check_supported()
        return rules

    @classmethod
    def from_spec(cls, spec: Any) -> RuleSet:
        """REPLAY.md's `rules`: a preset name, or {"preset": ..., "options": {...}}."""
        if isinstance(spec, str):
            return cls.build(spec)
        if not isinstance(spec, Mapping):
            raise RulesError("`rules` must be a preset name or an object")
        unknown = set(spec) - {"preset", "options"}
        if unknown:
            raise RulesError(f"unknown key(s) in `rules`: {', '.join(sorted(unknown))}")
        options = spec.get("options", {})
        if not isinstance(options, Mapping):
            raise RulesError("`rules.options` must be an object")
        preset = preset_of(spec.get("preset", Preset.CLASSIC))
        named = [name for name in PRESET_RULES[preset].refused_named if name in options]
        if named:
            raise _refused(named, preset)
        return cls.build(preset, options)

    def enabled(self) -> list[str]:
        """The options that differ from the classic defaults, for display and logs."""
        return [name for name in OPTION_NAMES if _is_on(self.options, name)]

    def to_dict(self) -> dict[str, Any]:
        options = {name: value.value if isinstance(value, StrEnum) else value
                   for name, value in _values(self.options).items()}
        return {"preset": self.preset.value, "options": options}

    def _check_combinations(self) -> None:
        on = set(self.enabled())
        refused = [name for name in PRESET_RULES[self.preset].refused if name in on]
        if refused:
            raise _refused(refused, self.preset)
        for a, b in CONFLICTS:
            if a in on and b in on:
                raise RulesError(f"options {a!r} and {b!r} cannot be combined")
        if self.options.stack_mixed and not self.options.stacking:
            # Decision: H-4 calls it a sub-option of stacking; alone it would mean nothing.
            raise RulesError("option 'stack_mixed' needs 'stacking'")

    def _check_supported(self) -> None:
        missing = [name for name in self.enabled() if name not in SUPPORTED_OPTIONS]
        if missing:
            raise RulesError(f"option(s) not supported by this engine yet: {', '.join(missing)}")


def _refused(names: list[str], preset: Preset) -> RulesError:
    quoted = ", ".join(map(repr, names))
    return RulesError(f"option{'s' if len(names) > 1 else ''} {quoted} cannot be used with "
                      f"preset {preset.value!r}")


def _checked_value(name: str, value: Any) -> Any:
    default = getattr(_DEFAULTS, name)
    if name == "silence":
        if value not in SILENCE_VALUES:
            raise RulesError(f"option 'silence' must be one of {', '.join(SILENCE_VALUES)}")
        return SilenceMode(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesError(f"option {name!r} must be true or false")
        return value
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RulesError(f"option {name!r} must be a whole number of at least 1")
    return value
