"""The gate for every locale file present (issue 32): the same keys and placeholders as English,
the plural categories CLDR gives its language (asked of Babel here, not of the bot's code), and
Discord's limits on what the file's texts become (descriptions, choices, labels, options), so a
translation that does not fit is caught before Discord refuses it. Elsewhere over every locale
(drivers.catalogue.LOCALES): card names on a hand's buttons (tests/render/test_phone.py) and a
ten-player round end in one message (tests/render/test_table_limits.py)."""

from __future__ import annotations

import re

import discord
import pytest
from babel.core import Locale

from bot.engine import all_cards
from bot.engine.rules import OPTION_NAMES
from bot.i18n import KNOWN_LOCALES, Translator, get_translator
from bot.i18n.commands import DISCORD_LOCALES
from bot.i18n.translator import LOCALES_DIR, message_placeholders
from bot.storage import LobbyRecord
from cogs.lobby_view import lobby_view
from drivers.catalogue import LOCALES

# docs/DISCORD-FACTS.md: application commands and message components.
DESCRIPTION_MAX = 100  # a command's or an option's description, a choice's name
LABEL_MAX = 80  # a button's label
OPTION_MAX = 100  # a select option's label and description
PLACEHOLDER_MAX = 150  # a select menu's placeholder
NAME_MAX = 32  # a Discord display name: the longest {player}
OTHERS = [code for code in LOCALES if code != "en"]


def _babel_categories(code: str) -> set[str]:
    return {"other", *Locale.parse(code).plural_form.tags}


def _filled(tr: Translator, locale: str, key: str) -> list[str]:
    """Every form of a message with its placeholders as long as they get: a 32-character name,
    the locale's longest card name, a two-digit number."""
    message = tr.message(locale, key)
    assert message is not None, key
    longest_card = max((tr.card(c, locale=locale) for c in all_cards()), key=len)
    forms = [message] if isinstance(message, str) else list(message.values())
    params = {name: "W" * NAME_MAX if name in ("player", "target") else
              longest_card if name == "card" else "99" for name in message_placeholders(message)}
    return [form.format(**params) for form in forms]


def test_every_locale_file_is_a_known_language_and_loaded(tr: Translator) -> None:
    files = {p.stem for p in LOCALES_DIR.glob("*.json")}
    assert files <= set(KNOWN_LOCALES) and files == set(tr.locales) == set(LOCALES)


@pytest.mark.parametrize("locale", OTHERS)
def test_exactly_the_english_keys(tr: Translator, locale: str) -> None:
    english, other = tr.keys("en"), tr.keys(locale)
    assert sorted(english - other) == [], f"missing in {locale}.json"
    assert sorted(other - english) == [], f"only in {locale}.json"


@pytest.mark.parametrize("locale", OTHERS)
def test_the_same_placeholders_as_english(tr: Translator, locale: str) -> None:
    problems = []
    for key in sorted(tr.keys(locale) & tr.keys("en")):
        mine, english = tr.message(locale, key), tr.message("en", key)
        assert mine is not None and english is not None
        if message_placeholders(mine) != message_placeholders(english):
            problems.append(f"{key}: {sorted(message_placeholders(mine))}, English has "
                            f"{sorted(message_placeholders(english))}")
    assert problems == []


@pytest.mark.parametrize("locale", LOCALES)
def test_plural_messages_have_exactly_the_categories_cldr_gives(tr: Translator,
                                                                 locale: str) -> None:
    wanted, problems = _babel_categories(locale), []
    for key in sorted(tr.keys(locale)):
        mine, english = tr.message(locale, key), tr.message("en", key)
        if isinstance(mine, dict) != isinstance(english, dict):
            problems.append(f"{key}: a plural message in one of {locale} and en only")
        elif isinstance(mine, dict) and set(mine) != wanted:
            problems.append(f"{key}: {sorted(mine)}, CLDR's {locale} has {sorted(wanted)}")
    assert problems == []
    assert tr.required_plural_forms(locale) == wanted


def test_babel_gives_the_categories_the_glossary_states() -> None:
    """The categories the translators were given (GLOSSARY.md), as Babel 2.19 has them."""
    assert {code: len(_babel_categories(code)) for code in KNOWN_LOCALES} == {
        "en": 2, "de": 2, "tr": 2, "es": 3, "pt": 3, "fr": 3, "it": 3,
        "uk": 4, "ru": 4, "be": 4, "pl": 4, "ja": 1}


@pytest.mark.parametrize("locale", LOCALES)
def test_command_descriptions_and_choices_fit(tr: Translator, locale: str) -> None:
    long = [(key, len(text)) for key in tr.keys(locale)
            if key.startswith("command.") and (key.endswith(".description")
                                                or key.startswith("command.choice."))
            for text in _filled(tr, locale, key) if not 1 <= len(text) <= DESCRIPTION_MAX]
    assert long == []


@pytest.mark.parametrize("locale", LOCALES)
def test_button_labels_fit(tr: Translator, locale: str) -> None:
    long = [(key, text) for key in tr.keys(locale) if key.startswith("button.")
            for text in _filled(tr, locale, key) if not 1 <= len(text) <= LABEL_MAX]
    assert long == []


@pytest.mark.parametrize("preset", ["classic", "flip", "no_mercy"])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_lobby_menus_fit(locale: str, preset: str) -> None:
    """The lobby's buttons and house-rule menus as built: a rule's name whole, its description
    cut at a word's end (the whole text is in docs/HOUSE-RULES.md), placeholders whole."""
    lobby = LobbyRecord(guild_id=1, channel_id=2, host_id=3, preset=preset, options={},
                        turn_timer=60, player_ids=(3, -11), names={3: "W" * NAME_MAX},  # -11: an AI
                        created_at=0.0, expires_at=0.0, message_id=None)
    # The items as Discord gets them: a dynamic item's button or select (the check once read
    # the wrappers, which are neither, and so checked nothing).
    items = [getattr(item, "item", item) for row in lobby_view(lobby, locale).rows()
             for item in row.children]
    assert len(items) >= 8
    problems = []
    for item in items:
        if isinstance(item, discord.ui.Button):
            problems += [item.label] if not 1 <= len(item.label or "") <= LABEL_MAX else []
        elif isinstance(item, discord.ui.Select):
            problems += [item.placeholder] if not 1 <= len(item.placeholder or "") <= \
                PLACEHOLDER_MAX else []
            for option in item.options:
                if not 1 <= len(option.label) <= OPTION_MAX or len(
                        option.description or "") > OPTION_MAX:
                    problems.append(option.label)
                if option.description and option.description.endswith("…"):
                    whole = get_translator().translate(locale, f"option.{option.value}.description")
                    assert whole.startswith(option.description[:-1].rstrip()), option.value
                if option.value in OPTION_NAMES:
                    assert option.label == get_translator().translate(
                        locale, f"option.{option.value}.name")
    assert problems == []


@pytest.mark.parametrize("locale", LOCALES)
def test_command_texts_are_never_names(tr: Translator, locale: str) -> None:
    """Command and option names stay English (bot/i18n/commands.py): no locale file holds one,
    so nothing localizes a name outside Discord's 1-32 lowercase characters."""
    assert [k for k in tr.keys(locale) if k.startswith("command.") and k.endswith(".name")] == []


OWN_NAMES = {"en": "English", "uk": "Українська", "ru": "Русский", "be": "Беларуская",
             "es": "Español", "pt": "Português (Brasil)", "de": "Deutsch", "fr": "Français",
             "pl": "Polski", "tr": "Türkçe", "it": "Italiano", "ja": "日本語"}


@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_names_itself(tr: Translator, locale: str) -> None:
    """`language.name` is what /uno settings and the playground offer: the reader's own word."""
    assert tr.translate(locale, "language.name") == OWN_NAMES[locale]


def test_every_discord_locale_of_a_language_reads_its_file() -> None:
    served = {locale.value: code for locale, code in DISCORD_LOCALES.items()}
    assert served["es-ES"] == served["es-419"] == "es" and served["pt-BR"] == "pt"
    assert set(served.values()) == set(KNOWN_LOCALES) - {"en", "be"}
    assert all(re.fullmatch(r"[a-z]{2}(-[A-Z]{2}|-419)?", value) for value in served)
