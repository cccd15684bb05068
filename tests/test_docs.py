"""The repository's documents stand alone: docs/ holds the rules, the replay contract, Discord's
limits and the style guide, the same as the shared copies when those are beside the clone, and
the player-facing house-rules page is what its script writes from the catalogue."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize("name", ["RULES.md", "REPLAY.md", "DISCORD-FACTS.md", "STYLE.md"])
def test_docs_copy_is_the_shared_one(name: str) -> None:
    """docs/ holds copies of ../shared/ (the source of truth), byte for byte: the rules, the
    replay contract, Discord's limits and the style the code cites; refresh with
    `cp ../shared/{RULES,REPLAY,STYLE}.md docs/`, and DISCORD-FACTS.md above the marker of the
    facts found here (see below)."""
    if not (SHARED / name).is_file():
        pytest.skip(f"no {SHARED / name} beside this clone: nothing to compare docs/{name} with")
    ours, theirs = (DOCS / name).read_bytes(), (SHARED / name).read_bytes()
    if name == "DISCORD-FACTS.md":
        # Facts the project found itself (each with its source) follow the shared text under
        # one marker, so copying ../shared over never loses them and they never hide a change.
        ours = ours.split(FOUND_HERE.encode(), 1)[0].rstrip(b"\n") + b"\n"
    assert ours == theirs, f"docs/{name} differs from {SHARED / name}: copy it again"


FOUND_HERE = "\n<!-- Facts found by this project, with their sources -->\n"


def test_facts_found_here_follow_the_shared_text_under_one_marker() -> None:
    """The project's own Discord facts sit below the marker; with no facts, no marker."""
    text = (DOCS / "DISCORD-FACTS.md").read_text(encoding="utf-8")
    assert text.count(FOUND_HERE) <= 1
    if FOUND_HERE in text:
        assert text.split(FOUND_HERE, 1)[1].strip(), "a marker with nothing below it"


def test_house_rules_page_is_what_its_script_writes() -> None:
    spec = importlib.util.spec_from_file_location("make_house_rules",
                                                  DOCS / "make_house_rules.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    written = script.pages()
    # One page per locale file: English as HOUSE-RULES.md, the others as HOUSE-RULES.<code>.md.
    locales = {p.stem for p in script.LOCALES.glob("*.json")}
    assert set(written) == {script.page_path(code) for code in locales}
    assert {p.name for p in DOCS.glob("HOUSE-RULES*.md")} == {p.name for p in written}
    for path, text in written.items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name}: run `python3 docs/make_house_rules.py`")
    english = json.loads(script.CATALOGUE.read_text(encoding="utf-8"))
    assert all(f"**{option['name']}**" in written[script.PAGE]
               for option in english["option"].values())
