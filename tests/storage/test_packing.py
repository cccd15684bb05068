"""A packed document (a running game's state and meta, saved at every move) is the standard
JSON encoding, compressed: orjson writes it when it can write the same data (json otherwise), the
same text but for the spelling of a float's exponent."""

from __future__ import annotations

import zlib
from base64 import b64decode
from typing import Any

import pytest

from bot.storage._json import PACKED, encode, pack, unpack


def _text(packed: str) -> str:
    assert packed.startswith(PACKED)
    return zlib.decompress(b64decode(packed[len(PACKED):])).decode()


@pytest.mark.parametrize("data", [
    {"b": 1, "a": [1, 2.5, None, True], "names": {"2": "Zoë 🃏", "1": "Ann \"A\""}},
    {"timeouts": {1: 2}, "at": 1733328000.123456, "last": 0.1 + 0.2},
    {"snowflake": 2**70, "x": "y"},  # past 64 bits: orjson cannot, json can
    {"nan": float("nan"), "inf": [float("inf")], "ok": None},  # json writes NaN, orjson null
], ids=["plain", "non-string keys and floats", "big integer", "not finite"])
def test_packed_text_is_the_standard_encoding(data: dict[str, Any]) -> None:
    packed = pack(data)
    assert _text(packed) == encode(data)
    assert encode(unpack(packed)) == encode(data)


def test_floats_in_exponent_form_read_back_the_same() -> None:
    # orjson spells 1e-07 as 1e-7: the same number, and the same text for the same data.
    data = {"tiny": 1e-7, "big": 1e16, "third": 1 / 3}
    assert unpack(pack(data)) == data
    assert pack(dict(reversed(data.items()))) == pack(data)
