"""The translator: locale files, named placeholders, plurals and the per-request locale.

Locale files are `locales/<code>.json`, one per language, written as **nested** JSON objects whose
paths become dotted keys (`{"error": {"not_your_turn": "..."}}` is `error.not_your_turn`). A leaf
is either a template string with named placeholders (`"{player} played {card}."`; `{{`/`}}` for
literal braces) or a **plural message**: an object whose keys are CLDR categories and which has
`other` (`{"one": "{count} card", "other": "{count} cards"}`); its form is chosen from the
`count` parameter by the language's rule (`plurals.py`). Card names are built from parts
(`card.color.*`, `rank.*`, `card.number|action|wild`), never listed one by one.

The current locale lives in a `ContextVar`, so each interaction (each asyncio task) has its own;
`use_locale(...)` sets it for a block. A key missing from a locale falls back to English (logged
once). A template whose placeholder is not supplied raises in strict mode (tests) and otherwise
logs and shows the key, so a translation slip never breaks a game.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path
from typing import Any

from bot.engine import Card

from .plurals import PLURAL_CATEGORIES, categories, plural_category

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT_LOCALE = "en"
# The languages the bot is designed for, by their locale file's code; a code is served once its
# file exists. A Discord client locale maps to one by its language part: es-ES and es-419 → es,
# pt-BR → pt (CLDR's `pt` is Brazilian Portuguese). Belarusian has no Discord locale: it is the
# bot's own setting only. README's "Languages" says how to add one.
KNOWN_LOCALES = ("en", "uk", "ru", "be", "es", "pt", "de", "fr", "pl", "tr", "it", "ja")

Message = str | dict[str, str]  # a template, or plural forms by CLDR category

_FORMATTER = string.Formatter()
_current_locale: ContextVar[str] = ContextVar("uno_locale", default=DEFAULT_LOCALE)


class TranslationError(LookupError):
    """A key or a placeholder is missing (raised only by a strict translator)."""


class MissingKeyError(TranslationError):
    pass


class MissingPlaceholderError(TranslationError):
    pass


class LocaleFileError(ValueError):
    """A locale file that cannot be used: bad JSON, a bad template or a bad plural message."""


# ---------------------------------------------------------------------------- locale selection


def normalize_locale(value: object) -> str | None:
    """The known language code for a Discord locale (`en-US`, `es-419`, `pt-BR`,
    `discord.Locale.russian`) or a setting (`be`, `ru_RU`), or None when it is not one of
    KNOWN_LOCALES."""
    raw = getattr(value, "value", value)  # discord.Locale is an Enum whose value is the tag
    if not isinstance(raw, str) or not raw.strip():
        return None
    language = raw.strip().replace("_", "-").split("-", 1)[0].lower()
    return language if language in KNOWN_LOCALES else None


def get_locale() -> str:
    """The locale of the current request (task)."""
    return _current_locale.get()


def set_locale(value: object) -> Token[str]:
    """Set the current locale (unknown values mean English); keep the token to `reset_locale`."""
    return _current_locale.set(normalize_locale(value) or DEFAULT_LOCALE)


def reset_locale(token: Token[str]) -> None:
    _current_locale.reset(token)


@contextmanager
def use_locale(value: object) -> Iterator[str]:
    """Translate in `value`'s locale inside the block (per task: asyncio copies the context)."""
    token = set_locale(value)
    try:
        yield _current_locale.get()
    finally:
        _current_locale.reset(token)


# ---------------------------------------------------------------------------- templates


def placeholders(template: str) -> frozenset[str]:
    """The named placeholders of a template; raises ValueError for positional or dotted ones."""
    names: set[str] = set()
    for _, field, _, _ in _FORMATTER.parse(template):
        if field is None:
            continue
        if not field.isidentifier():
            raise ValueError(f"placeholder {{{field}}} is not a plain name")
        names.add(field)
    return frozenset(names)


def message_placeholders(message: Message) -> frozenset[str]:
    """All placeholders of a message (for a plural one, across its forms)."""
    if isinstance(message, str):
        return placeholders(message)
    return frozenset().union(*(placeholders(form) for form in message.values()))


def _is_plural(node: Mapping[str, Any]) -> bool:
    return "other" in node and set(node) <= PLURAL_CATEGORIES


def _flatten(node: Mapping[str, Any], prefix: str, out: dict[str, Message], source: str) -> None:
    for name, value in node.items():
        key = f"{prefix}{name}"
        if "." in name or not name:
            raise LocaleFileError(f"{source}: key segment {key!r} is empty or has a dot")
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, dict) and _is_plural(value):
            if not all(isinstance(form, str) for form in value.values()):
                raise LocaleFileError(f"{source}: plural {key!r} has a form that is not text")
            out[key] = {str(cat): str(form) for cat, form in value.items()}
        elif isinstance(value, dict):
            _flatten(value, f"{key}.", out, source)
        else:
            raise LocaleFileError(f"{source}: {key!r} is neither text nor an object")
        if key in out:
            try:
                message_placeholders(out[key])
            except ValueError as exc:
                raise LocaleFileError(f"{source}: {key!r}: {exc}") from None


def load_catalog(path: Path) -> dict[str, Message]:
    """One locale file as a flat {dotted key: message} mapping."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise LocaleFileError(f"{path.name}: {exc}") from exc
    if not isinstance(data, dict):
        raise LocaleFileError(f"{path.name}: the top level must be an object")
    out: dict[str, Message] = {}
    _flatten(data, "", out, path.name)
    return out


# ---------------------------------------------------------------------------- the translator


class Translator:
    """Every locale file of a directory, loaded once; thread- and task-safe to read.

    `strict=True` (tests) raises on a missing key or placeholder; the default logs and shows the
    key instead, so a bad string can never stop a game.
    """

    def __init__(self, locales_dir: Path = LOCALES_DIR, *, default: str = DEFAULT_LOCALE,
                 strict: bool = False) -> None:
        self.strict = strict
        self.default = default
        self._catalogs: dict[str, dict[str, Message]] = {}
        for path in sorted(locales_dir.glob("*.json")):
            code = path.stem
            if code not in KNOWN_LOCALES:
                raise LocaleFileError(f"{path.name}: {code!r} is not one of {KNOWN_LOCALES}")
            self._catalogs[code] = load_catalog(path)
        if default not in self._catalogs:
            raise LocaleFileError(f"no {default}.json in {locales_dir}")
        self._reported: set[tuple[str, str]] = set()

    # -- what is loaded

    @property
    def locales(self) -> tuple[str, ...]:
        """The loaded locale codes, default first."""
        return (self.default, *sorted(c for c in self._catalogs if c != self.default))

    def keys(self, locale: str) -> frozenset[str]:
        return frozenset(self._catalogs[locale])

    def message(self, locale: str, key: str) -> Message | None:
        """The raw message of one locale (no fallback), for tests and tools."""
        return self._catalogs[locale].get(key)

    def resolve(self, value: object) -> str:
        """The loaded locale to use for a Discord locale or a setting (English otherwise)."""
        code = normalize_locale(value)
        return code if code is not None and code in self._catalogs else self.default

    # -- translating

    def t(self, key: str, /, **params: object) -> str:
        """`key` in the current locale (see `use_locale`), with named placeholders filled."""
        return self.translate(_current_locale.get(), key, **params)

    def translate(self, locale: str, key: str, /, **params: object) -> str:
        """`key` in `locale`; plural messages choose their form from `count`."""
        code = locale if locale in self._catalogs else self.resolve(locale)
        message = self._catalogs[code].get(key)
        if message is None and code != self.default:
            message = self._catalogs[self.default].get(key)
            if message is not None:
                self._report_once(code, key, "missing, English shown", logging.WARNING)
                code = self.default
        if message is None:
            if self.strict:
                raise MissingKeyError(f"no message {key!r} in {locale} or {self.default}")
            self._report_once(code, key, "missing in every locale", logging.ERROR)
            return key
        template = self._form(code, key, message, params)
        if template is None:
            return key
        try:
            return template.format_map(params)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            if self.strict:
                raise MissingPlaceholderError(
                    f"{code}:{key}: placeholder {exc} not given (got {sorted(params)})") from exc
            self._report_once(code, key, f"placeholder {exc} not given", logging.ERROR)
            return key

    def _form(self, code: str, key: str, message: Message,
              params: Mapping[str, object]) -> str | None:
        if isinstance(message, str):
            return message
        count = params.get("count")
        if not isinstance(count, int | float) or isinstance(count, bool):
            if self.strict:
                raise MissingPlaceholderError(f"{code}:{key}: a plural message needs a count")
            self._report_once(code, key, "plural message without a count", logging.ERROR)
            return None
        return message.get(plural_category(code, count)) or message["other"]

    def _report_once(self, code: str, key: str, problem: str, level: int) -> None:
        """Log a translation problem once per locale and key (a busy table repeats them)."""
        if (code, key) in self._reported:
            return
        self._reported.add((code, key))
        log.log(level, "i18n %s:%s: %s", code, key, problem)

    # -- game vocabulary built from parts

    def card(self, card: Card | str, *, locale: str | None = None) -> str:
        """A card's name (`R7` → "Red 7", `G+2` → "Green Draw Two", `W+4` → "Wild Draw Four")."""
        c = card if isinstance(card, Card) else Card.parse(card)
        code = locale or _current_locale.get()
        rank = self.translate(code, f"rank.{c.rank.value}")
        if c.color is None:
            return self.translate(code, "card.wild", rank=rank)
        color = self.translate(code, f"card.color.{c.color.value}")
        return self.translate(code, "card.number" if c.is_number else "card.action",
                              color=color, rank=rank)

    def cards(self, cards: Iterable[Card | str], *, locale: str | None = None) -> str:
        """Several card names as one list ("Red 7, Wild")."""
        code = locale or _current_locale.get()
        separator = self.translate(code, "card.separator")
        return separator.join(self.card(c, locale=code) for c in cards)

    def color(self, color: str, *, in_text: bool = False, locale: str | None = None) -> str:
        """A colour by its letter (`R`): a label ("Red") or, `in_text`, as inside a sentence."""
        code = locale or _current_locale.get()
        return self.translate(code, f"color.{'text' if in_text else 'name'}.{color}")

    def plural_category(self, count: int | float, *, locale: str | None = None) -> str:
        return plural_category(locale or _current_locale.get(), count)

    def required_plural_forms(self, locale: str) -> frozenset[str]:
        return categories(locale)


@cache
def get_translator() -> Translator:
    """The bot's translator over the packaged locale files (loaded on first use)."""
    return Translator()


def t(key: str, /, **params: object) -> str:
    """Shorthand for `get_translator().t(...)` in the current locale."""
    return get_translator().t(key, **params)
