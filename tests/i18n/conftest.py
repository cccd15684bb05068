"""Fixtures for the i18n tests: a strict translator over the packaged locale files."""

from __future__ import annotations

import pytest

from bot.i18n import Translator


@pytest.fixture(scope="session")
def tr() -> Translator:
    """Strict: a missing key or placeholder raises instead of being logged."""
    return Translator(strict=True)
