"""Players' names drawn legibly in any script: each character in a font that has it
(fontfiles.py), complex scripts shaped, colour emoji where Pillow can draw them.

A name is cut into runs, each drawn in one font. With libraqm (Pillow's `Layout.RAQM`, with
FriBiDi and HarfBuzz) a run is shaped and ordered as its script needs: Arabic letters join,
Devanagari's vowel signs go round their consonant, right-to-left runs read right to left. Without
it, a readable fallback: Arabic letters take their joined forms from Unicode's presentation forms
and right-to-left runs are reversed. A character no font has is left out (never a box); an emoji
where colour emoji cannot be drawn likewise.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont, features

from .fontfiles import EMOJI_SIZE, RTL_BLOCKS, FontFace, faces

RGB = tuple[int, int, int]
# Characters that belong to the character before them: joiners, variation selectors, skin tones,
# emoji tags, a keycap.
_ATTACHED = frozenset({0x200C, 0x200D, 0xFE0E, 0xFE0F, 0x20E3, *range(0x1F3FB, 0x1F400),
                       *range(0xE0020, 0xE0080)})
_TEXT_SYMBOLS = (0x2190, 0x2BFF)  # arrows and symbols: emoji only when FE0F asks for it


@cache
def shaping() -> bool:
    """Whether Pillow has libraqm with FriBiDi: shaping and right-to-left order."""
    return bool(features.check("raqm") and features.check("fribidi"))


@dataclass(frozen=True)
class Run:
    text: str
    face: FontFace
    rtl: bool


def _is_rtl(codepoint: int) -> bool:
    return any(low <= codepoint <= high for low, high in RTL_BLOCKS)


def _wants_emoji(text: str, i: int) -> bool:
    cp = ord(text[i])
    if cp >= 0x1F000:
        return True
    follows = text[i + 1] if i + 1 < len(text) else ""
    return _TEXT_SYMBOLS[0] <= cp <= _TEXT_SYMBOLS[1] and follows == "\uFE0F"


def _face_for(text: str, i: int, current: FontFace | None,
              fonts: Sequence[FontFace]) -> FontFace | None:
    cp = ord(text[i])
    if _wants_emoji(text, i):
        emoji = next((f for f in fonts if f.emoji and cp in f.cmap), None)
        if emoji is not None:
            return emoji
    preferred = [f for f in fonts if f.prefers(cp)]
    if current is not None and not preferred and cp in current.cmap and (
            not current.emoji or cp in _ATTACHED):
        return current  # spaces, digits and punctuation stay in the run they are in
    return next((f for f in (*preferred, *fonts) if not f.emoji and cp in f.cmap), None)


def runs(text: str, fonts: Sequence[FontFace] | None = None) -> list[Run]:
    """`text` cut into runs of one font each, in reading order; characters no font has are
    left out."""
    if fonts is None:  # the bot's own fonts: a name's runs are the same at every plate
        return list(_runs_in_own_fonts(text))
    return _runs(text, fonts)


@lru_cache(maxsize=2048)
def _runs_in_own_fonts(text: str) -> tuple[Run, ...]:
    """A table's picture draws its players' names at every move, each character's font looked
    up among a dozen (about half of a plate's cost, issue 29): kept per name."""
    return tuple(_runs(text, faces()))


def _runs(text: str, fonts: Sequence[FontFace]) -> list[Run]:
    out: list[Run] = []
    current: FontFace | None = None
    for i, char in enumerate(text):
        attached = ord(char) in _ATTACHED or unicodedata.category(char) in ("Mn", "Me")
        if attached and current is not None:
            if ord(char) not in current.cmap:
                continue  # a joiner or a mark its letter's font lacks: nothing, not a box
            face: FontFace | None = current
        else:
            face = _face_for(text, i, current, fonts)
        if face is None:
            continue
        if out and face == current:
            out[-1] = Run(out[-1].text + char, face, out[-1].rtl or _is_rtl(ord(char)))
        else:
            out.append(Run(char, face, _is_rtl(ord(char))))
        current = face
    return _trimmed(out)


def _trimmed(parts: list[Run]) -> list[Run]:
    """Without the spaces a left-out character leaves at the ends ("🦊 Fox" without emoji)."""
    if parts:
        parts[0] = Run(parts[0].text.lstrip(), parts[0].face, parts[0].rtl)
        parts[-1] = Run(parts[-1].text.rstrip(), parts[-1].face, parts[-1].rtl)
    return [run for run in parts if run.text]


def visual_order(parts: list[Run]) -> list[Run]:
    """Runs left to right: a name that starts in a right-to-left script is read from the
    right, so its runs are laid out in reverse."""
    strong = (unicodedata.bidirectional(c) for run in parts for c in run.text)
    first = next((kind for kind in strong if kind in ("L", "R", "AL")), "L")
    return parts[::-1] if first != "L" else parts


# ---------------------------------------------------------------------------- without libraqm


@cache
def _arabic_forms() -> dict[tuple[str, str], str]:
    """(letter, "isolated"|"final"|"initial"|"medial") -> its presentation form, from Unicode's
    decompositions of the Arabic Presentation Forms-B block."""
    forms: dict[tuple[str, str], str] = {}
    for cp in range(0xFE70, 0xFEFF):
        tag, _, base = unicodedata.decomposition(chr(cp)).partition(" ")
        if tag in ("<isolated>", "<final>", "<initial>", "<medial>") and " " not in base:
            forms[(chr(int(base, 16)), tag.strip("<>"))] = chr(cp)
    return forms


def _joined_arabic(text: str) -> str:
    """Each Arabic letter in the form its neighbours call for (dual-joining letters have an
    initial form; the others join only to the letter before them)."""
    forms = _arabic_forms()

    def dual(ch: str) -> bool:
        return (ch, "initial") in forms

    def joins(ch: str) -> bool:
        return (ch, "isolated") in forms

    letters = [c for c in text if unicodedata.category(c) not in ("Mn", "Me")]
    out, at = [], 0
    for char in text:
        if unicodedata.category(char) in ("Mn", "Me") or not joins(char):
            out.append(char)
            continue
        before = letters[at - 1] if at > 0 else ""
        after = letters[at + 1] if at + 1 < len(letters) else ""
        at += 1
        prev_joins = bool(before) and dual(before)
        next_joins = dual(char) and bool(after) and joins(after)
        form = ("medial" if prev_joins and next_joins else "final" if prev_joins
                else "initial" if next_joins else "isolated")
        out.append(forms.get((char, form), forms.get((char, "isolated"), char)))
    return "".join(out)


def _as_drawn(run: Run) -> str:
    """What to hand Pillow for a run: as it is with libraqm; otherwise joined and reversed."""
    if shaping() or not run.rtl:
        return run.text
    return _joined_arabic(run.text)[::-1]


# ---------------------------------------------------------------------------- measuring, drawing


@lru_cache(maxsize=64)
def _font(face: FontFace, size: int) -> ImageFont.FreeTypeFont:
    layout = (ImageFont.Layout.RAQM if shaping() and (face.shaped or face.emoji)
              else ImageFont.Layout.BASIC)
    return ImageFont.truetype(str(face.path), EMOJI_SIZE if face.emoji else size,
                              index=face.index, layout_engine=layout)


def _run_width(run: Run, size: int) -> float:
    font = _font(run.face, size)
    width = font.getlength(_as_drawn(run))
    return width * _emoji_scale(size) if run.face.emoji else width


def _emoji_scale(size: int) -> float:
    return size * 1.05 / EMOJI_SIZE


def name_width(text: str, size: int) -> float:
    return sum(_run_width(run, size) for run in runs(text))


@lru_cache(maxsize=2048)
def fit_name(text: str, width: float, size: int) -> str:
    """`text` cut with an ellipsis to fit `width` px (whole characters with their marks)."""
    if name_width(text, size) <= width:
        return text
    while text and name_width(text + "…", size) > width:
        text = text[:-1]
        while text and (ord(text[-1]) in _ATTACHED or unicodedata.category(text[-1]) == "Mn"):
            text = text[:-1]
    return text + "…"


def draw_name(img: Image.Image, xy: tuple[float, float], text: str, size: int,
              fill: RGB) -> float:
    """Draw `text` with its left end at x, its middle at y; returns the width drawn."""
    x, middle = xy
    ascent, descent = _font(faces()[0], size).getmetrics()
    baseline = middle + (ascent - descent) / 2
    draw = ImageDraw.Draw(img)
    start = x
    for run in visual_order(runs(text)):
        if run.face.emoji:
            x += _paste_emoji(img, run, (x, middle), size)
            continue
        draw.text((x, baseline), _as_drawn(run), font=_font(run.face, size), fill=fill,
                  anchor="ls")
        x += _run_width(run, size)
    if x == start:  # nothing drawable at all: a mark instead of an empty plate
        draw.text((x, baseline), "?", font=_font(faces()[0], size), fill=fill, anchor="ls")
        x += _font(faces()[0], size).getlength("?")
    return x - start


def _paste_emoji(img: Image.Image, run: Run, xy: tuple[float, float], size: int) -> float:
    """A colour emoji run, scaled to the text's size, its middle at y; returns its width."""
    small = _emoji_picture(run.face, run.text, size)
    if small is None:
        return _run_width(run, size)
    x, middle = xy
    at = (round(x), round(middle - small.height / 2))
    if img.mode == "RGBA":
        img.alpha_composite(small, at)
    else:
        img.paste(small, at, small)
    return float(small.width)


@lru_cache(maxsize=256)
def _emoji_picture(face: FontFace, text: str, size: int) -> Image.Image | None:
    """Emoji drawn at the bitmap font's own size, then scaled (the same few recur on a busy
    bot's tables, so they are kept; nothing draws on the kept pictures)."""
    font = _font(face, size)
    width = max(1, round(font.getlength(text)))
    big = Image.new("RGBA", (width, round(EMOJI_SIZE * 1.25)))
    ImageDraw.Draw(big).text((0, 0), text, font=font, embedded_color=True)
    box = big.getbbox()
    if box is None:
        return None
    scale = _emoji_scale(size)
    glyphs = big.crop((0, box[1], width, box[3]))
    return glyphs.resize((max(1, round(width * scale)), max(1, round(glyphs.height * scale))),
                         Image.Resampling.LANCZOS)


# Names in ten scripts (Latin, Greek, Cyrillic, Japanese, Korean, Devanagari, Thai, Arabic,
# Hebrew, emoji with a ZWJ sequence): the preview page's table of them and the tests draw these.
SAMPLE_NAMES = ("Łukasz Żółć", "Ζωή", "Оля", "さくら 佐藤", "김민준", "अनु", "สมชาย", "محمد",
                "דוד", "🦊 Fox 👨‍👩‍👧")
