"""Rule sets as data (RULES.md section P): a named preset plus options.

House rules plug in here as options read by the one game loop, never as forks of it; a preset
that changes the cards themselves (Flip) is also a variant of the game (`bot.engine.VARIANTS`).
`SUPPORTED` says which options the engine plays today; a rule set that asks for anything else is
refused at setup with a clear message, rather than silently played by other rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
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
_DEFAULTS = Options()

PRESETS: dict[str, Options] = {
    "classic": _DEFAULTS,
    "cnuno": replace(
        _DEFAULTS,
        jump_in=True,
        deflect_skip=True,
        deflect_draw_two=True,
        reverse_chain=True,
        wild_four_deflect=True,
        wild_four_challenge_returns=True,
    ),
    "flip": _DEFAULTS,
    "no_mercy": replace(_DEFAULTS, target_score=1000),  # M-13.2
}

# What the engine plays today.
SUPPORTED_PRESETS = frozenset({"classic", "cnuno", "flip", "no_mercy"})
SUPPORTED_OPTIONS = frozenset(OPTION_NAMES)

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


def _is_on(options: Options, name: str) -> bool:
    value = getattr(options, name)
    return value != getattr(_DEFAULTS, name) if name in ("target_score", "draw_cap") else (
        value not in (False, "off"))


@dataclass(frozen=True, slots=True)
class RuleSet:
    preset: str
    options: Options

    @classmethod
    def classic(cls, **overrides: Any) -> RuleSet:
        return cls.build("classic", overrides)

    @classmethod
    def build(cls, preset: str, overrides: Mapping[str, Any] | None = None) -> RuleSet:
        """Validate and build; raises RulesError naming the offending option(s)."""
        if preset not in PRESETS:
            raise RulesError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
        values = asdict(PRESETS[preset])
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
        preset = spec.get("preset", "classic")
        if preset == "no_mercy" and "draw_cap" in options:
            # M-16.12: any draw_cap at all is refused (M-4 draws until playable, uncapped).
            raise RulesError("option 'draw_cap' cannot be used with preset 'no_mercy'")
        return cls.build(preset, options)

    def enabled(self) -> list[str]:
        """The options that differ from the classic defaults, for display and logs."""
        return [name for name in OPTION_NAMES if _is_on(self.options, name)]

    def to_dict(self) -> dict[str, Any]:
        options = {name: value.value if isinstance(value, StrEnum) else value
                   for name, value in asdict(self.options).items()}
        return {"preset": self.preset, "options": options}

    def _check_combinations(self) -> None:
        on = set(self.enabled())
        if self.preset == "no_mercy":
            refused = [name for name in REFUSED_IN_NO_MERCY if name in on]
            if refused:
                raise RulesError(f"option(s) {', '.join(map(repr, refused))} cannot be used "
                                 "with preset 'no_mercy'")
        if self.preset == "flip":
            for name in REFUSED_IN_FLIP:
                if name in on:
                    raise RulesError(f"option {name!r} cannot be used with preset 'flip'")
        for a, b in CONFLICTS:
            if a in on and b in on:
                raise RulesError(f"options {a!r} and {b!r} cannot be combined")
        if self.options.stack_mixed and not self.options.stacking:
            # Decision: H-4 calls it a sub-option of stacking; alone it would mean nothing.
            raise RulesError("option 'stack_mixed' needs 'stacking'")

    def _check_supported(self) -> None:
        if self.preset not in SUPPORTED_PRESETS:
            raise RulesError(f"preset {self.preset!r} is not supported by this engine yet")
        missing = [name for name in self.enabled() if name not in SUPPORTED_OPTIONS]
        if missing:
            raise RulesError(f"option(s) not supported by this engine yet: {', '.join(missing)}")


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
