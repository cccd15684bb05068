"""The import graph of the bot's own modules (`bot/`, `cogs/`), read with `ast` from the source
files: who imports whom, and the circles in it (issue 35). Every import counts, those under
`if TYPE_CHECKING:` and those inside functions too: importing a module back only for its type
still ties the two together for a reader. Used by tests/test_architecture.py (no circle) and
benchmarks/architecture.py (the figures); not by the running bot."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs")
# Not the bot's code: the Discord API spec the fake reads ships as data under bot/fake_discord.
SKIPPED = ("discord-api-spec",)

Graph = dict[str, set[str]]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imported(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> set[str]:
    """The known modules `tree` imports; `from package import name` counts the submodule
    `package.name` when there is one, else the package."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node)
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                     for alias in node.names]
        else:
            continue
        for name in names:
            while name and name not in known:  # `import bot.engine.cards` names its module
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def import_graph(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> Graph:
    files = {module_name(path, root): path for package in packages
             for path in sorted((root / package).rglob("*.py"))
             if not any(skip in path.parts for skip in SKIPPED)}
    known = set(files)
    return {module: _imported(module, path.name == "__init__.py",
                              ast.parse(path.read_text(encoding="utf-8")), known)
            for module, path in files.items()}


def cycles(graph: Graph) -> list[list[str]]:
    """The import circles: each strongly connected group of two or more modules, sorted
    (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for child in edges:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return sorted(found)
