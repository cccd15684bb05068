"""The module order of a run without timings (tests/conftest.py's KNOWN_LONG): a module renamed
or removed there would silently lose its early place."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import KNOWN_LONG

ROOT = Path(__file__).resolve().parents[1]


def test_the_known_long_modules_exist_each_once() -> None:
    assert [m for m in KNOWN_LONG if not (ROOT / m).is_file()] == []
    assert len(set(KNOWN_LONG)) == len(KNOWN_LONG)
