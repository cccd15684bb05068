"""The fonts a player's name may need, by script, and which characters each one has.

DejaVu Sans (shipped) draws Latin, Greek, Cyrillic and most symbols; for the other scripts the
whole Noto font of the system is used where one is installed (Debian's fonts-noto-core and
fonts-noto-cjk, which CI's .ci/run installs), else the small subset shipped in `fonts/`
(docs/make_font_subsets.py; Arabic, Hebrew, Devanagari, Thai, and kana, common kanji and Hangul).
Colour emoji come from the system's Noto Color Emoji (fonts-noto-color-emoji) only: 10 MB is too
much to ship, and where it is missing the emoji are left out of the name (names.py).

Which characters a font has is read from its cmap (`read_cmap`: formats 4 and 12, which every font
here uses; tests/render/test_names.py compares it with fontTools'), once per process and only
when a name needs that font.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().with_name("fonts")
# Where Debian (and Fedora, Arch) put the Noto fonts.
SYSTEM_DIRS = (Path("/usr/share/fonts/truetype/noto"), Path("/usr/share/fonts/opentype/noto"),
               Path("/usr/share/fonts/noto"), Path("/usr/share/fonts/noto-cjk"),
               Path("/usr/share/fonts/google-noto"), Path("/usr/share/fonts/google-noto-cjk"),
               Path("/usr/share/fonts/google-noto-color-emoji-fonts"))
EMOJI_SIZE = 109  # Noto Color Emoji is a bitmap font: FreeType opens it at this size only


@dataclass(frozen=True)
class FontFace:
    """One font file (`index`: the font inside a collection) and the blocks it is preferred
    for: a character of those blocks goes to this font before DejaVu."""

    name: str
    path: Path
    index: int = 0
    blocks: tuple[tuple[int, int], ...] = ()
    emoji: bool = False
    shaped: bool = False  # its script needs complex shaping (joining, reordering, marks)
    bundled: bool = field(default=False, compare=False)

    @cached_property
    def cmap(self) -> frozenset[int]:
        return read_cmap(self.path, self.index)

    def prefers(self, codepoint: int) -> bool:
        return any(low <= codepoint <= high for low, high in self.blocks)


ARABIC = ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF),
          (0xFE70, 0xFEFF))
HEBREW = ((0x0590, 0x05FF), (0xFB1D, 0xFB4F))
DEVANAGARI = ((0x0900, 0x097F), (0xA8E0, 0xA8FF))
THAI = ((0x0E00, 0x0E7F),)
CJK = ((0x1100, 0x11FF), (0x2E80, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF),
       (0xFF00, 0xFFEF))
RTL_BLOCKS = ARABIC + HEBREW

# name, the system's file (and index in a collection), the shipped subset, blocks, shaped
_SCRIPTS: tuple[tuple[str, str, int, str, tuple[tuple[int, int], ...], bool], ...] = (
    ("arabic", "NotoSansArabic-Bold.ttf", 0, "NotoSansArabic-Bold-subset.ttf", ARABIC, True),
    ("hebrew", "NotoSansHebrew-Bold.ttf", 0, "NotoSansHebrew-Bold-subset.ttf", HEBREW, True),
    ("devanagari", "NotoSansDevanagari-Bold.ttf", 0, "NotoSansDevanagari-Bold-subset.ttf",
     DEVANAGARI, True),
    ("thai", "NotoSansThai-Bold.ttf", 0, "NotoSansThai-Bold-subset.ttf", THAI, True),
    ("cjk", "NotoSansCJK-Bold.ttc", 0, "NotoSansCJKjp-Bold-subset.otf", CJK, False),
)


def _system(filename: str, dirs: Sequence[Path]) -> Path | None:
    return next((d / filename for d in dirs if (d / filename).is_file()), None)


@cache
def faces(system_dirs: tuple[Path, ...] = SYSTEM_DIRS) -> tuple[FontFace, ...]:
    """The name fonts in the order they are tried: DejaVu, each script's font, colour emoji."""
    found = [FontFace("dejavu", FONT_DIR / "DejaVuSans-Bold.ttf", bundled=True)]
    for name, filename, index, shipped, blocks, shaped in _SCRIPTS:
        system = _system(filename, system_dirs)
        found.append(FontFace(name, system, index, blocks, shaped=shaped) if system else
                     FontFace(name, FONT_DIR / shipped, 0, blocks, shaped=shaped, bundled=True))
    emoji = _system("NotoColorEmoji.ttf", system_dirs)
    if emoji is not None and _opens_in_colour(emoji):
        found.append(FontFace("emoji", emoji, emoji=True))
    return tuple(found)


def _opens_in_colour(path: Path) -> bool:
    """Whether this Pillow's FreeType draws the bitmap emoji (needs its PNG support)."""
    try:
        font = ImageFont.truetype(str(path), EMOJI_SIZE)
        probe = Image.new("RGBA", (EMOJI_SIZE * 2, EMOJI_SIZE * 2))
        ImageDraw.Draw(probe).text((0, 0), "\U0001F98A", font=font, embedded_color=True)
    except (OSError, ValueError):
        return False
    colours = probe.convert("RGB").getcolors(maxcolors=1 << 16) or []
    return len(colours) > 2  # a fox in colour, not a blank or a one-colour mask


# The cmap subtables in fontTools' order of preference (getBestCmap): Unicode full repertoire
# first, then the Basic Multilingual Plane.
_PREFERRED = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def read_cmap(path: Path, index: int = 0) -> frozenset[int]:
    """The code points a font maps to a glyph: its best Unicode cmap subtable (format 4 or 12),
    of the `index`-th font of a collection (.ttc)."""
    data = path.read_bytes()
    base = struct.unpack_from(">I", data, 12 + 4 * index)[0] if data[:4] == b"ttcf" else 0
    (tables,) = struct.unpack_from(">H", data, base + 4)
    cmap = next(offset for tag, _, offset, _ in (struct.unpack_from(">4sIII", data,
                                                                   base + 12 + 16 * i)
                                                for i in range(tables)) if tag == b"cmap")
    _, count = struct.unpack_from(">HH", data, cmap)
    subtables = dict(((platform, encoding), cmap + offset) for platform, encoding, offset in
                     (struct.unpack_from(">HHI", data, cmap + 4 + 8 * i) for i in range(count)))
    for key in _PREFERRED:
        at = subtables.get(key)
        if at is None:
            continue
        kind = struct.unpack_from(">H", data, at)[0]
        if kind == 12:
            return _format_12(data, at)
        if kind == 4:
            return _format_4(data, at)
    return frozenset()


def _format_12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    points: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        points.update(range(start + (glyph == 0), end + 1))  # glyph 0 is .notdef
    return frozenset(points)


def _format_4(data: bytes, at: int) -> frozenset[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    offsets_at = at + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, offsets_at)
    points: set[int] = set()
    for i, (start, end, delta, offset) in enumerate(zip(starts, ends, deltas, offsets,
                                                        strict=True)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:
                (glyph,) = struct.unpack_from(">H", data, offsets_at + 2 * i + offset
                                              + 2 * (code - start))
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            if glyph:
                points.add(code)
    return frozenset(points)
