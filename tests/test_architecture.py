"""No import circle among the bot's modules (issue 35; docs/STYLE.md: data flows one way).

The graph is read with `ast` (bot/import_graph.py) and counts every import, those under
`if TYPE_CHECKING:` and inside functions too: importing a module back only for its type still
makes the two one knot for whoever reads or changes them."""

from __future__ import annotations

from pathlib import Path

from bot.import_graph import cycles, import_graph

# Circles other work of issue 35 removes; listed so that any new circle fails now, and so that
# one removed makes this list fail too (and be cut).
KNOWN: set[frozenset[str]] = set()  # none left


def test_the_graph_sees_the_imports_it_must_count() -> None:
    graph = import_graph()
    assert "bot.services.games" in graph["bot.client"]  # a plain import
    assert "bot.ui.items" in graph["bot.ui.errors"]  # a relative one
    assert "bot.client" in graph["cogs.play"]  # one under TYPE_CHECKING


def test_a_circle_is_found_however_it_is_imported() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_an_import_inside_a_function_or_for_a_type_counts(tmp_path: Path) -> None:
    package = tmp_path / "bot"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def later():\n    from bot import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from .a import later\n")
    (package / "c.py").write_text("import bot.a\n")
    graph = import_graph(tmp_path, ("bot",))
    assert graph["bot.c"] == {"bot.a"}
    assert cycles(graph) == [["bot.a", "bot.b"]]


def test_no_import_circle_but_the_known_ones() -> None:
    found = {frozenset(circle) for circle in cycles(import_graph())}
    assert found - KNOWN == set(), f"new import circles: {sorted(map(sorted, found - KNOWN))}"
    gone = sorted(map(sorted, KNOWN - found))
    assert not gone, f"removed: cut them from KNOWN: {gone}"
