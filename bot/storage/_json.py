"""One JSON encoding for stored documents: compact and key-sorted, so equal data is equal text.

A running game is saved after every move, so its two documents (the engine state and the
manager's meta) are also `pack`ed: zlib-compressed and base64-encoded, about a third of their
size (a routine save of a four-player game is 1.6 KB instead of 4.8), still text in every
database, still equal text for equal data. `unpack` reads both forms, so rows written before
packing load as they are."""

from __future__ import annotations

import base64
import json
import math
import zlib
from collections.abc import Mapping
from typing import Any

import orjson

# orjson writes the same compact, key-sorted text as `encode` (non-string keys as strings, as
# json does; a float's exponent spelt 1e-7, not 1e-07) in a tenth of the time: a game's two
# documents are packed at every move.
_ORJSON = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def encode(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a stored JSON document must be an object")
    return value


PACKED = "z:"  # how a packed document begins (a JSON document begins with "{")


def pack(data: Mapping[str, Any]) -> str:
    return PACKED + base64.b64encode(zlib.compress(_encoded(data), 6)).decode("ascii")


def _encoded(data: Mapping[str, Any]) -> bytes:
    """`encode(data)` as UTF-8; by orjson, unless it cannot write the data as json does (an
    integer past 64 bits, a float that is not finite: json writes NaN, orjson null)."""
    try:
        text = orjson.dumps(data, option=_ORJSON)
    except TypeError:  # orjson.JSONEncodeError is one
        return encode(data).encode()
    if b"null" in text and _not_finite(data):
        return encode(data).encode()
    return text


def _not_finite(value: Any) -> bool:
    """Whether a float in `value` is NaN or infinite. It runs at every save (a game's meta
    always holds a null) over every value: a loop over a stack, the usual types first."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is int or item is None:
            continue
        if kind is dict:
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif isinstance(item, float):
            if not math.isfinite(item):
                return True
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def unpack(text: str) -> dict[str, Any]:
    if text.startswith(PACKED):
        text = zlib.decompress(base64.b64decode(text[len(PACKED):])).decode()
    return decode(text)
