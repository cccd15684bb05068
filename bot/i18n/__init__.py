"""Localization: locale files and the translator (see translator.py for the file format)."""

from __future__ import annotations

from .plurals import plural_category
from .translator import (
    DEFAULT_LOCALE,
    KNOWN_LOCALES,
    LocaleFileError,
    MissingKeyError,
    MissingPlaceholderError,
    TranslationError,
    Translator,
    get_locale,
    get_translator,
    normalize_locale,
    reset_locale,
    set_locale,
    t,
    use_locale,
)

__all__ = [
    "DEFAULT_LOCALE",
    "KNOWN_LOCALES",
    "LocaleFileError",
    "MissingKeyError",
    "MissingPlaceholderError",
    "TranslationError",
    "Translator",
    "get_locale",
    "get_translator",
    "normalize_locale",
    "plural_category",
    "reset_locale",
    "set_locale",
    "t",
    "use_locale",
]
