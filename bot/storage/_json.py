"""One JSON encoding for stored documents: compact and key-sorted, so equal data is equal text."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def encode(data: Mapping[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("a stored JSON document must be an object")
    return value
