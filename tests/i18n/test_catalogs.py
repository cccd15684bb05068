"""Locale files: parity with English, coverage of the engine's codes and events, the glossary."""

from __future__ import annotations

import pytest

from bot.engine.cards import all_cards
from bot.engine.errors import ErrorCode
from bot.engine.events import EventType
from bot.engine.rules import OPTION_NAMES, PRESETS, SILENCE_VALUES
from bot.i18n import Translator
from bot.i18n.translator import LOCALES_DIR, message_placeholders


def emitted_event_types() -> set[str]:
    """Every event type the engine emits: the closed vocabulary of `EventType`."""
    return {t.value for t in EventType}


def test_the_required_locales_are_there(tr: Translator) -> None:
    assert {"en", "uk"} <= set(tr.locales)
    assert tr.locales[0] == "en"
    assert {p.stem for p in LOCALES_DIR.glob("*.json")} == set(tr.locales)
    # Key parity, placeholders, plural categories and Discord's limits: test_locales.py.


def test_every_message_renders_in_every_locale(tr: Translator) -> None:
    for locale in tr.locales:
        for key in tr.keys(locale):
            message = tr.message(locale, key)
            assert message is not None
            params: dict[str, object] = {name: f"<{name}>" for name in
                                         message_placeholders(message)}
            for count in (0, 1, 2, 5, 11, 21, 1.5):
                params["count"] = count
                text = tr.translate(locale, key, **params)
                assert text and "{" not in text and "}" not in text, (locale, key)
                if count != 1 and isinstance(message, dict):
                    assert str(count) in text, (locale, key, count)


def test_every_engine_error_code_has_a_sentence(tr: Translator) -> None:
    for code in ErrorCode:
        assert f"error.{code.value}" in tr.keys("en")
    for extra in ("stale_button", "not_in_game", "host_only"):
        assert f"error.{extra}" in tr.keys("en")


def test_every_engine_event_type_has_a_sentence(tr: Translator) -> None:
    types = emitted_event_types()
    assert len(types) >= 35, "EventType lists too few event types"
    assert {"played", "drew", "caught", "challenged", "match_won"} <= types
    missing = sorted(t for t in types if f"event.{t}" not in tr.keys("en"))
    assert missing == []


def test_private_events_have_a_second_person_sentence(tr: Translator) -> None:
    for kind in ("dealt", "drew", "swap_offered", "swap_received", "hand_shown"):
        assert f"you.{kind}" in tr.keys("en")


def test_every_preset_and_option_has_a_name_and_a_description(tr: Translator) -> None:
    keys = tr.keys("en")
    for preset in PRESETS:
        assert {f"preset.{preset}.name", f"preset.{preset}.description"} <= keys
    for option in OPTION_NAMES:
        assert {f"option.{option}.name", f"option.{option}.description"} <= keys
    for value in SILENCE_VALUES:
        assert f"option.silence.value.{value}" in keys


def test_every_card_has_a_name_in_every_locale(tr: Translator) -> None:
    for locale in tr.locales:
        names = {tr.card(c, locale=locale) for c in all_cards()}
        assert len(names) == len(all_cards()), f"two cards share a name in {locale}"


@pytest.mark.parametrize(("code", "english", "ukrainian"), [
    ("R0", "Red 0", "Червона 0"),
    ("Y7", "Yellow 7", "Жовта 7"),
    ("GS", "Green Skip", "Зелена «Пропусти хід»"),
    ("BR", "Blue Reverse", "Синя «Розворот»"),
    ("R+2", "Red Draw Two", "Червона «Візьми дві»"),
    ("W", "Wild", "Замов колір"),
    ("W+4", "Wild Draw Four", "Замов колір +4"),
    ("W+10", "Draw Ten", "Замов колір +10"),
])
def test_card_names_are_built_from_parts(tr: Translator, code: str, english: str,
                                         ukrainian: str) -> None:
    assert tr.card(code, locale="en") == english
    assert tr.card(code, locale="uk") == ukrainian


def test_glossary_sits_next_to_the_locale_files() -> None:
    assert (LOCALES_DIR / "GLOSSARY.md").is_file()
