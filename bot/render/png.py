"""Palette pictures as PNG files, compressed by zlib-ng (issue 29).

Every move draws a hand picture in the bot's process and, at a table's pause, a table picture in
a worker, and compressing them was most of their cost: Pillow compresses with the system's
zlib, which on this project's hosts (Debian's 1.2.13) took 0.94 ms for a table's 615 KB of
pixels at level 1, where zlib-ng takes 0.23 ms at level 2 and the file comes out smaller (16.5
against 20.2 KB). Pillow cannot be handed another compressor, so this module writes the file
itself: a palette PNG is four chunks around the pixels (PNG specification, 3rd edition, 11.2),
and Pillow still does everything else (drawing, pasting, mapping to the palette). The tests
decode every kind of picture with Pillow and compare it pixel for pixel.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image
from zlib_ng import zlib_ng

LEVEL = 2  # zlib-ng's level 2 was both faster and smaller than zlib's level 1 on our pictures
SIGNATURE = b"\x89PNG\r\n\x1a\n"
_NO_FILTER = 0  # each row's filter type byte: None (flat art gains nothing from the others)


def palette_png(img: Image.Image) -> bytes:
    """`img` (mode "P", no transparency) as a PNG file of one byte a pixel."""
    if img.mode != "P" or "transparency" in img.info:
        raise ValueError(f"a palette picture without transparency, not {img.mode} {img.info}")
    width, height = img.size
    palette = img.getpalette() or []
    # Each row of the file begins with its filter type: the picture pasted one column to the
    # right of a column of zeros gives exactly those bytes, in C (a join over the rows costs
    # more than the compression saved).
    framed = Image.new("P", (width + 1, height), _NO_FILTER)
    framed.paste(img, (1, 0))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette colour
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", bytes(palette)),
                     _chunk(b"IDAT", zlib_ng.compress(framed.tobytes(), LEVEL)),
                     _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(data, zlib.crc32(kind)))
