"""One JSON encoding for stored documents: compact and key-sorted, so equal data is equal text.

A running game is saved after every move, so its two documents (the engine state and the
manager's meta) are also `pack`ed: zlib-compressed and base64-encoded, about a third of their
size (a routine save of a four-player game is 1.6 KB instead of 4.8), still text in every
database, still equal text for equal data. `unpack` reads both forms, so rows written before
packing load as they are."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Mapping
from typing import Any


def encode(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a stored JSON document must be an object")
    return value


PACKED = "z:"  # how a packed document begins (a JSON document begins with "{")


def pack(data: Mapping[str, Any]) -> str:
    return PACKED + base64.b64encode(zlib.compress(encode(data).encode(), 6)).decode("ascii")


def unpack(text: str) -> dict[str, Any]:
    if text.startswith(PACKED):
        text = zlib.decompress(base64.b64decode(text[len(PACKED):])).decode()
    return decode(text)
