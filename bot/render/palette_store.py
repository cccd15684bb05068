"""The pictures' palette, kept on disk between processes.

Choosing the 256 colours of the pictures (images._palette: a median cut over a sheet of sample
pictures) costs about half a second of CPU, and every process that draws pays it: the bot, each
of its picture workers, every restart, every test process and bot process of the suite. The
palette depends only on the sheet's pixels (the faces, fonts and art of this checkout) and on
Pillow's algorithm, so it is stored under a digest of both, and a process that finds it reads it
instead (a few ms). The store is a cache: when it cannot be read or written, the palette is
chosen as before.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import PIL
from PIL import Image

_NAME = "uno-bot"


def _folder() -> Path | None:
    """$XDG_CACHE_HOME/uno-bot or ~/.cache/uno-bot (None where there is no home)."""
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return Path(base) / _NAME if base else Path.home() / ".cache" / _NAME
    except (RuntimeError, KeyError):
        return None


def _key(sheet: Image.Image) -> str:
    digest = hashlib.sha256(f"{PIL.__version__} {sheet.mode} {sheet.size}".encode())
    digest.update(sheet.tobytes())
    return digest.hexdigest()[:32]


def stored_palette(sheet: Image.Image,
                   choose: Callable[[Image.Image], Image.Image]) -> Image.Image:
    """`choose(sheet)` (a "P" image whose palette the pictures are mapped to), or the palette it
    gave for the same sheet in an earlier process."""
    folder = _folder()
    path = folder / f"palette-{_key(sheet)}.rgb" if folder is not None else None
    if path is not None:
        try:
            colours = path.read_bytes()
        except OSError:
            colours = b""
        if colours and len(colours) % 3 == 0:
            palette = Image.new("P", (1, 1))
            palette.putpalette(colours, "RGB")
            return palette
    chosen = choose(sheet)
    if path is not None:
        _store(path, bytes(chosen.getpalette("RGB") or []))
    return chosen


def _store(path: Path, colours: bytes) -> None:
    """Written whole or not at all: another process may be reading or writing it too."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(colours)
        os.replace(out.name, path)
    except OSError:
        pass
