"""Players' names in any script on the table picture (issue 32): every character drawn from a
font whose cmap has it (read here with fontTools, apart from the code that chose the font),
complex scripts shaped, colour emoji or nothing, never a box."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from bot.engine import Game, RuleSet
from bot.render import fontfiles, images, names
from bot.render.pictures import table_picture
from bot.services.session import Session

NAMES = list(names.SAMPLE_NAMES)  # ten scripts
EMOJI = frozenset("🦊👨👩👧\u200d")
BUNDLED = fontfiles.faces((Path("/nowhere"),))


@cache
def cmap(path: Path, index: int) -> frozenset[int]:
    font = TTFont(path, fontNumber=index, lazy=True)
    return frozenset(font["cmap"].getBestCmap())


def _session(players: list[str]) -> Session:
    ids = [str(10**17 + i) for i in range(len(players))]
    game, events = Game.start(ids, RuleSet.classic(), seed=1)
    session = Session(game_id="0123abcd", guild_id=1, channel_id=2, game=game,
                      names=dict(zip(ids, players, strict=True)), locale="en", turn_timer=90,
                      host=ids[0])
    session.remember(events)
    return session


def _missing(text: str, fonts: tuple[fontfiles.FontFace, ...]) -> list[str]:
    """The characters of `text` not drawn, or drawn from a font without them."""
    parts = names.runs(text, fonts)
    drawn = "".join(run.text for run in parts)
    problems = [f"{c!r} left out" for c in text if c not in drawn and c != " "]
    for run in parts:
        problems += [f"{c!r} not in {run.face.path.name}" for c in run.text
                     if ord(c) not in cmap(run.face.path, run.face.index)]
    return problems


@pytest.fixture
def table_in_ten_scripts(monkeypatch: pytest.MonkeyPatch) -> Image.Image:
    images.clear_caches()
    drawn = images._table_picture(table_picture(_session(NAMES)), False)
    return drawn


def test_a_table_of_ten_scripts_has_every_glyph(table_in_ten_scripts: Image.Image) -> None:
    fonts = fontfiles.faces()
    emoji = any(f.emoji for f in fonts)
    problems = [(name, p) for name in NAMES
                for p in _missing(name, fonts) if emoji or not any(c in p for c in EMOJI)]
    assert problems == []
    # Each script went to its own font (DejaVu keeps Latin, Greek and Cyrillic).
    used = {run.face.name for name in NAMES for run in names.runs(name)}
    assert used >= {"dejavu", "cjk", "devanagari", "thai", "arabic", "hebrew"}
    assert ("emoji" in used) == emoji
    assert table_in_ten_scripts.size == images.table_size(table_picture(_session(NAMES)))


def test_the_shipped_subsets_alone_draw_every_script_but_emoji() -> None:
    """A machine without Debian's Noto fonts (`python3 dev.py run` anywhere) still draws them."""
    assert all(face.bundled and face.path.is_file() for face in BUNDLED)
    assert not any(face.emoji for face in BUNDLED)
    for name in NAMES:
        assert [p for p in _missing(name, BUNDLED) if not any(c in p for c in EMOJI)] == []
    # The emoji are left out, with the space they leave at the name's end.
    assert [(r.text, r.face.name) for r in names.runs("🦊 Fox", BUNDLED)] == [("Fox", "dejavu")]


@pytest.mark.parametrize("face", [*fontfiles.faces(), *BUNDLED], ids=lambda f: f.path.name)
def test_the_bots_cmap_reader_agrees_with_fonttools(face: fontfiles.FontFace) -> None:
    assert face.cmap == cmap(face.path, face.index)


def test_a_names_runs_are_kept_and_each_caller_gets_its_own_list() -> None:
    """Every table picture draws its players' names again (issue 29): their runs are looked up
    once per name, and what a caller does with its list never changes the next one's."""
    name = "🦊 Fox さくら محمد"
    fresh = names._runs(name, fontfiles.faces())
    first = names.runs(name)
    assert first == fresh and len(fresh) > 1
    first.clear()
    assert names.runs(name) == fresh
    assert names._runs_in_own_fonts.cache_info().hits >= 1
    # Other fonts than the bot's own are looked up anew, never served from that cache.
    latin_only = fontfiles.faces()[:1]
    assert names.runs(name, latin_only) == names._runs(name, latin_only) != fresh


def test_a_mark_its_letters_font_lacks_is_left_out_not_drawn_as_a_box() -> None:
    """A keycap (U+20E3) after a digit DejaVu draws, and an acute accent after a Thai letter:
    neither font has the mark, so it is left out rather than drawn as .notdef."""
    dejavu, thai = BUNDLED[0], next(f for f in BUNDLED if f.name == "thai")
    assert 0x20E3 not in dejavu.cmap and 0x0301 not in thai.cmap
    assert [(r.text, r.face.name) for r in names.runs("1\u20e3 Ann", BUNDLED)] == [
        ("1 Ann", "dejavu")]
    assert [(r.text, r.face.name) for r in names.runs("\u0e01\u0301", BUNDLED)] == [
        ("\u0e01", "thai")]


def test_a_name_no_font_has_is_a_question_mark_not_boxes() -> None:
    phoenician = "\U00010900\U00010901"
    assert names.runs(phoenician) == []
    img = Image.new("RGB", (100, 40))
    assert names.draw_name(img, (5, 20), phoenician, 20, (255, 255, 255)) > 0
    assert img.getbbox() is not None


def test_arabic_joins_without_libraqm_too() -> None:
    """The fallback picks each letter's joined form: م initial, ح and م medial, د final, then
    reverses the run for its left-to-right drawing."""
    assert names._joined_arabic("محمد") == "\ufee3\ufea4\ufee4\ufeaa"
    run = names.runs("محمد")[0]
    assert run.rtl
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(names, "shaping", lambda: False)
        assert names._as_drawn(run) == "\ufeaa\ufee4\ufea4\ufee3"


@pytest.mark.skipif(not names.shaping(), reason="this Pillow has no libraqm with FriBiDi")
def test_with_libraqm_arabic_is_shaped_not_drawn_letter_by_letter() -> None:
    """Drawn by libraqm, the word looks like its joined forms right to left, not like its
    letters drawn apart left to right (what Layout.BASIC did)."""
    run = names.runs("محمد")[0]
    font = names._font(run.face, 40)
    assert font.layout_engine == ImageFont.Layout.RAQM
    basic = ImageFont.truetype(str(run.face.path), 40, layout_engine=ImageFont.Layout.BASIC)

    def drawn(text: str, with_font: ImageFont.FreeTypeFont) -> Image.Image:
        img = Image.new("L", (200, 80))
        ImageDraw.Draw(img).text((10, 60), text, font=with_font, fill=255, anchor="ls")
        return img

    def difference(a: Image.Image, b: Image.Image) -> int:
        return round(sum(ImageStat.Stat(ImageChops.difference(a, b)).sum))

    shaped = drawn("محمد", font)
    assert difference(shaped, drawn("\ufeaa\ufee4\ufea4\ufee3", basic)) * 5 < difference(
        shaped, drawn("محمد", basic))


def test_a_right_to_left_name_reads_from_the_right() -> None:
    assert [r.text for r in names.visual_order(names.runs("محمد Ali"))] == ["Ali", "محمد "]
    assert [r.text for r in names.visual_order(names.runs("Ali محمد"))] == ["Ali ", "محمد"]


def test_a_long_name_is_cut_whole_characters_at_a_time() -> None:
    cut = names.fit_name("สมชาย" * 10, 120, 20)
    assert cut.endswith("…") and names.name_width(cut, 20) <= 120
    assert names.fit_name("Ann", 120, 20) == "Ann"
