"""A small thread-safe LRU of finished PNGs (bot/render/images.py keeps one per process, the
painter one in the bot's process)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable


class PngCache:
    """A small thread-safe LRU of finished PNGs: a hand reopened, or a table re-sent unchanged,
    costs a dictionary lookup (the painter keeps one too, in the bot's process)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._data: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            png = self._data.get(key)
            if png is not None:
                self._data.move_to_end(key)
            return png

    def put(self, key: Hashable, png: bytes) -> None:
        with self._lock:
            self._data[key] = png
            self._data.move_to_end(key)
            while len(self._data) > self._size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
