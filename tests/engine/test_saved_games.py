"""Games saved by earlier versions of the engine still load and continue identically.

`saved/format3.json` was written by the engine of commit 6fd6d15 (save format 3), before the
engine's state became one declared dataclass: for several rule sets (Flip saved dark side up) it
holds a game saved mid-round, the actions that followed with the events each produced, and the
game saved again at the end. Loading the old save here and applying the same actions must give
the same events and the same final save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action, dump, load

SAVED = json.loads((Path(__file__).parent / "saved" / "format3.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = SAVED["cases"]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['preset']}-{'+'.join(c['options'])}")
def test_a_format_3_save_loads_and_continues_identically(case: dict[str, Any]) -> None:
    game = load(case["saved"])
    assert dump(game) == case["saved"]
    for step in case["continued"]:
        events = game.apply(Action.from_dict(step["action"]))
        assert [e.to_dict() for e in events] == step["events"], step["action"]
    assert dump(game) == case["final"]


def test_the_saved_games_cover_flip_dark_side_and_a_pending_decision() -> None:
    assert any(c["saved"]["side"] == "dark" for c in CASES)
    assert any(c["saved"]["pending"] is not None for c in CASES)
    assert all(c["saved"]["format"] == 3 for c in CASES)
