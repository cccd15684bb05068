"""CLDR plural categories, from Babel's copy of CLDR (`plurals.xml`), for every language.

A plural message in a locale file holds one template per category its language uses, no more and
no fewer: `one`/`other` in English, German and Turkish; `one`/`many`/`other` in Spanish,
Portuguese, French and Italian (`many` is for millions: «1 000 000 de cartes»); `one`/`few`/
`many`/`other` in Ukrainian, Russian, Belarusian and Polish; only `other` in Japanese.

A number is judged as it is shown (`str()`): an int has no fraction digits, a float always has
some (1.0 shows as "1.0", so CLDR's v = 1 and English says "1.0 cards"). Babel is given the
number as a Decimal spelled that way, since it would otherwise read 1.0 as the integer 1.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from babel.core import Locale, UnknownLocaleError
from babel.plural import PluralRule

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

Number = int | float


@cache
def _rule(language: str) -> PluralRule | None:
    """Babel's rule for a locale code (`pt` is Brazilian Portuguese in CLDR), None if unknown."""
    try:
        return Locale.parse(language.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        return None


def _as_shown(n: Number) -> int | Decimal:
    return n if isinstance(n, int) else Decimal(repr(n))


def plural_category(language: str, n: Number) -> str:
    """The CLDR category of `n` in `language` (`other` for a language CLDR does not know)."""
    rule = _rule(language)
    return rule(_as_shown(n)) if rule is not None else "other"


def categories(language: str) -> frozenset[str]:
    """The categories every plural message of `language` must provide: its rule's, and `other`."""
    rule = _rule(language)
    return frozenset({"other", *(rule.tags if rule is not None else ())})
