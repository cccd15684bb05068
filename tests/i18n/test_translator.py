"""The translator's behaviour: plurals, fallback, failures, locale mapping and the ContextVar."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from bot.i18n import (
    MissingKeyError,
    MissingPlaceholderError,
    Translator,
    get_locale,
    normalize_locale,
    plural_category,
    use_locale,
)
from bot.i18n.translator import LocaleFileError


def write_locales(folder: Path, **files: object) -> Path:
    for code, data in files.items():
        (folder / f"{code}.json").write_text(json.dumps(data, ensure_ascii=False),
                                             encoding="utf-8")
    return folder


# ------------------------------------------------------------------ plurals


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 карт"), (1, "1 карта"), (2, "2 карти"), (4, "4 карти"), (5, "5 карт"),
    (11, "11 карт"), (12, "12 карт"), (14, "14 карт"), (21, "21 карта"), (22, "22 карти"),
    (25, "25 карт"), (101, "101 карта"), (111, "111 карт"), (1.5, "1.5 карти"),
])
def test_ukrainian_plural_forms(tr: Translator, count: float, expected: str) -> None:
    assert tr.translate("uk", "count.cards", count=count) == expected


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 cards"), (1, "1 card"), (2, "2 cards"), (21, "21 cards"), (1.0, "1.0 cards"),
])
def test_english_plural_forms(tr: Translator, count: float, expected: str) -> None:
    assert tr.translate("en", "count.cards", count=count) == expected


def test_cldr_rules_for_the_four_languages() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    for language in ("uk", "ru", "be"):
        got = [plural_category(language, n) for n in (1, 2, 5, 11, 12, 21, 22, 100, 111)]
        assert got == ["one", "few", "many", "many", "many", "one", "few", "many", "many"]
    assert plural_category("uk", 1.5) == "other"
    assert plural_category("be", 21.0) == "one"  # Belarusian counts n, not the digits shown
    assert plural_category("xx", 1) == "other"  # no rule: the one form every message has


@pytest.mark.parametrize(("language", "one", "many", "other"), [
    ("de", 1, None, 2), ("tr", 1, None, 0), ("es", 1, 1_000_000, 2), ("fr", 0, 1_000_000, 2),
    ("pt", 0, 1_000_000, 2), ("it", 1, 1_000_000, 2), ("pl", 1, 5, 1.5), ("ja", None, None, 1),
])
def test_cldr_rules_of_the_new_languages(language: str, one: int | None, many: int | None,
                                         other: float) -> None:
    """Babel's CLDR: French and Brazilian Portuguese count 0 as `one`, Romance `many` is for
    millions, Polish `many` for 5-21, Japanese has no forms but `other`."""
    if one is not None:
        assert plural_category(language, one) == "one"
    if many is not None:
        assert plural_category(language, many) == "many"
    assert plural_category(language, other) == "other"
    assert plural_category("pl", 22) == "few" and plural_category("pl", 12) == "many"


def test_event_sentences_in_both_languages(tr: Translator) -> None:
    with use_locale("en"):
        assert tr.t("event.drew_and_skipped", player="Ann", count=4) == (
            "Ann drew 4 cards and was skipped.")
        assert tr.t("event.caught", player="Ann", target="Bo", count=2) == (
            "Ann caught Bo without UNO: +2.")
        assert tr.t("event.played", player="Ann", card=tr.card("G+2")) == (
            "Ann played Green Draw Two.")
    with use_locale("uk"):
        assert tr.t("event.drew_and_skipped", player="Оля", count=4) == (
            "Оля бере 4 карти й пропускає хід.")
        assert tr.t("event.penalty_points", player="Оля", count=21) == (
            "Оля отримує 21 штрафне очко.")
        assert tr.t("event.played_wild", player="Оля", card=tr.card("W"),
                    color=tr.color("B", in_text=True)) == (
            "Оля ходить: Замов колір. Тепер колір — синій.")


# ------------------------------------------------------------------ fallback and failures


def test_a_key_missing_from_a_locale_falls_back_to_english_logged_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = write_locales(tmp_path, en={"a": "A", "b": "B {x}"}, uk={"a": "А"})
    tr = Translator(folder)
    with caplog.at_level(logging.WARNING, logger="bot.i18n.translator"):
        assert tr.translate("uk", "a") == "А"
        assert tr.translate("uk", "b", x=1) == "B 1"
        assert tr.translate("uk", "b", x=2) == "B 2"
    assert len([r for r in caplog.records if "uk:b" in r.getMessage()]) == 1


def test_fallback_plural_uses_the_english_rule(tmp_path: Path) -> None:
    folder = write_locales(tmp_path, en={"n": {"one": "one", "other": "{count} many"}}, uk={})
    assert Translator(folder).translate("uk", "n", count=1) == "one"


def test_a_missing_placeholder_raises_when_strict(tr: Translator) -> None:
    with pytest.raises(MissingPlaceholderError):
        tr.translate("en", "event.played", player="Ann")
    with pytest.raises(MissingPlaceholderError):
        tr.translate("uk", "count.cards")  # a plural message needs its count
    with pytest.raises(MissingKeyError):
        tr.translate("en", "no.such.key")


def test_at_runtime_a_bad_message_shows_the_key_and_logs(
        caplog: pytest.LogCaptureFixture) -> None:
    tr = Translator()
    with caplog.at_level(logging.ERROR, logger="bot.i18n.translator"):
        assert tr.translate("en", "event.played", player="Ann") == "event.played"
        assert tr.translate("uk", "count.cards") == "count.cards"
        assert tr.translate("en", "no.such.key") == "no.such.key"
    assert len(caplog.records) == 3


def test_broken_locale_files_are_refused_at_load(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": "{0} positional"}', encoding="utf-8")
    with pytest.raises(LocaleFileError):
        Translator(tmp_path)
    (tmp_path / "en.json").write_text('{"a": 3}', encoding="utf-8")
    with pytest.raises(LocaleFileError):
        Translator(tmp_path)
    (tmp_path / "en.json").write_text('{"a": ', encoding="utf-8")
    with pytest.raises(LocaleFileError):
        Translator(tmp_path)


# ------------------------------------------------------------------ locale mapping


@pytest.mark.parametrize(("value", "expected"), [
    ("en-US", "en"), ("en-GB", "en"), ("uk", "uk"), ("ru", "ru"), ("be", "be"),
    ("be-BY", "be"), ("ru_RU", "ru"), ("UK", "uk"), ("de", "de"), ("pt-BR", "pt"),
    ("es-ES", "es"), ("es-419", "es"), ("ja", "ja"), ("sv-SE", None), ("zh-CN", None),
    ("", None), (None, None),
])
def test_normalize_locale(value: str | None, expected: str | None) -> None:
    assert normalize_locale(value) == expected


def test_discord_locale_enum_is_understood() -> None:
    discord = pytest.importorskip("discord")
    assert normalize_locale(discord.Locale.ukrainian) == "uk"
    assert normalize_locale(discord.Locale.american_english) == "en"


def test_resolve_serves_only_loaded_locales(tr: Translator, tmp_path: Path) -> None:
    assert tr.resolve("uk") == "uk"
    assert tr.resolve("en-GB") == "en"
    assert tr.resolve("sv-SE") == "en"
    if "ru" not in tr.locales:
        assert tr.resolve("ru") == "en"
    four = Translator(write_locales(tmp_path, en={"a": "A"}, uk={"a": "А"}, ru={"a": "А"},
                                    be={"a": "А"}))
    assert [four.resolve(x) for x in ("en-US", "uk", "ru", "be")] == ["en", "uk", "ru", "be"]


# ------------------------------------------------------------------ the current locale


def test_use_locale_sets_and_restores(tr: Translator) -> None:
    assert get_locale() == "en"
    with use_locale("uk") as code:
        assert code == "uk"
        assert tr.t("error.not_your_turn") == "Зараз не ваш хід."
        with use_locale("en-US"):
            assert tr.t("error.not_your_turn") == "It's not your turn."
        assert get_locale() == "uk"
    assert get_locale() == "en"
    with use_locale("xx"):
        assert get_locale() == "en"


async def test_locale_does_not_leak_between_concurrent_tasks(tr: Translator) -> None:
    both_inside = asyncio.Barrier(2)
    seen: dict[str, list[str]] = {"en": [], "uk": []}

    async def answer(locale: str) -> None:
        with use_locale(locale):
            await both_inside.wait()  # the other task has set its own locale by now
            for _ in range(5):
                seen[locale].append(tr.t("error.card_not_in_hand"))
                await asyncio.sleep(0)

    async def child_sets_its_own() -> str:
        with use_locale("en"):
            await asyncio.sleep(0)
            return get_locale()

    await asyncio.gather(answer("uk"), answer("en"))
    assert set(seen["uk"]) == {"У вас немає цієї карти."}
    assert set(seen["en"]) == {"You don't hold that card."}
    assert get_locale() == "en"
    with use_locale("uk"):
        assert await asyncio.create_task(child_sets_its_own()) == "en"
        assert get_locale() == "uk"  # the child task's change stayed in the child
