"""CLDR plural categories for the bot's languages, small enough to read.

A plural message in a locale file holds one template per category its language uses
(`one`/`other` in English; `one`/`few`/`many`/`other` in Ukrainian, Russian and Belarusian).
Rules follow CLDR's `plurals.xml`: `i` is the integer part, `v` the number of visible fraction
digits (a float 1.0 shows as "1.0", so v = 1), `n` the absolute value.
"""

from __future__ import annotations

from collections.abc import Callable

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

Number = int | float


def _operands(n: Number) -> tuple[float, int, int]:
    """CLDR's n, i and v for a number shown with `str()`."""
    if isinstance(n, int):
        return float(abs(n)), abs(n), 0
    text = repr(abs(n))
    fraction = text.partition(".")[2] if "e" not in text else ""
    return abs(n), int(abs(n)), len(fraction)


def _english(n: Number) -> str:
    _, i, v = _operands(n)
    return "one" if i == 1 and v == 0 else "other"


def _east_slavic_iv(n: Number) -> str:
    """Ukrainian and Russian: decided by the integer's last digits; fractions are `other`."""
    _, i, v = _operands(n)
    if v != 0:
        return "other"
    if i % 10 == 1 and i % 100 != 11:
        return "one"
    if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
        return "few"
    return "many"


def _belarusian(n: Number) -> str:
    """Belarusian uses n itself, so 21.0 is `one` and 1.5 is `other`."""
    value, _, _ = _operands(n)
    if not value.is_integer():
        return "other"
    whole = int(value)
    if whole % 10 == 1 and whole % 100 != 11:
        return "one"
    if 2 <= whole % 10 <= 4 and not 12 <= whole % 100 <= 14:
        return "few"
    return "many"


_RULES: dict[str, Callable[[Number], str]] = {
    "en": _english,
    "uk": _east_slavic_iv,
    "ru": _east_slavic_iv,
    "be": _belarusian,
}

_CATEGORIES: dict[str, frozenset[str]] = {
    "en": frozenset({"one", "other"}),
    "uk": frozenset({"one", "few", "many", "other"}),
    "ru": frozenset({"one", "few", "many", "other"}),
    "be": frozenset({"one", "few", "many", "other"}),
}


def plural_category(language: str, n: Number) -> str:
    """The CLDR category of `n` in `language` (`other` for a language without a rule here)."""
    rule = _RULES.get(language)
    return rule(n) if rule is not None else "other"


def categories(language: str) -> frozenset[str]:
    """The categories every plural message of `language` must provide."""
    return _CATEGORIES.get(language, frozenset({"other"}))
