"""Count the branches on the variant outside the variant modules (issue 35).

Usage, from the repository root::

    python benchmarks/variant_branches.py [--quiet] [--root DIR]

(`--root`: another checkout, e.g. one made with `git worktree add` at an older commit.)

A variant (a preset that changes the game itself: UNO Flip, No Mercy) should hold its behaviour
in its own class; every place elsewhere that asks "which variant is this?" is a branch counted
here. Found with `ast`, in bot/ and cogs/:

    preset name   a comparison with a preset's name: `rules.preset == "flip"`, `preset in
                  ("flip", ...)`, `preset is Preset.NO_MERCY`
    isinstance    `isinstance(x, C)` where C is a variant's class (its game or its card class)
    flag          a test of a flag only one variant has (`game.no_mercy`, `view.flip`) in an
                  `if`, a conditional expression, `and`/`or`/`not` or a comparison
    VARIANTS.get  the old registry lookup with a silent default
    identity      a game class compared with a game's or a preset's class: `type(game) is
                  FlipGame`, `variant_of(preset) is Game`

Not counted: the variant modules themselves (the game classes and their registry), where the
variant is the subject. Printed: each branch as path:line, its kind and its source line, then
the totals per area (engine, ai, render, ui, services, cogs, other), and the lookup tables keyed
by preset names (informational: a table is data, but it names the variants).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PRESET_NAMES = frozenset({"classic", "cnuno", "flip", "no_mercy"})
PRESET_MEMBERS = frozenset(name.upper() for name in PRESET_NAMES)
PRESET_TYPES = frozenset({"Preset"})  # the closed type's name: `Preset.FLIP` is a preset name
VARIANT_CLASSES = frozenset({"FlipGame", "NoMercyGame", "FlipCard"})
VARIANT_FLAGS = frozenset({"flip", "no_mercy"})
GAME_CLASSES = VARIANT_CLASSES | {"Game"}
CLASS_OF = frozenset({"type", "variant_of"})  # calls that give a game's or a preset's class
# Where the variants live: their classes and registry (the variant is the subject there).
VARIANT_MODULES = frozenset({
    "bot/engine/_game.py", "bot/engine/_flip.py", "bot/engine/_nomercy.py",
    "bot/engine/_variants.py",
})
AREAS = (("bot/engine/", "engine"), ("bot/ai/", "ai"), ("bot/render/", "render"),
         ("bot/ui/", "ui"), ("bot/services/", "services"), ("cogs/", "cogs"), ("", "other"))


@dataclass(frozen=True)
class Branch:
    path: str
    line: int
    kind: str
    source: str

    @property
    def area(self) -> str:
        return next(name for prefix, name in AREAS if self.path.startswith(prefix))


def _names_preset(node: ast.expr) -> bool:
    """A preset's name: the string, or a member of the closed preset type."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in PRESET_NAMES
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id in PRESET_TYPES and node.attr in PRESET_MEMBERS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_preset(e) for e in node.elts)
    return False


def _class_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _isinstance_variant(node: ast.Call) -> bool:
    if not (isinstance(node.func, ast.Name) and node.func.id == "isinstance"
            and len(node.args) == 2):
        return False
    kinds = node.args[1]
    options = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return any(_class_name(k) in VARIANT_CLASSES for k in options)


def _compares_classes(node: ast.Compare) -> bool:
    """`type(game) is FlipGame`, `variant_of(preset) is Game` and the like."""
    sides = [node.left, *node.comparators]
    of_class = any(isinstance(s, ast.Call) and isinstance(s.func, ast.Name)
                   and s.func.id in CLASS_OF for s in sides)
    return of_class and any(_class_name(s) in GAME_CLASSES for s in sides)


def _flag_reads(test: ast.expr) -> list[ast.Attribute]:
    """The variant flags read in a test, not descending into calls' arguments or lambdas."""
    found: list[ast.Attribute] = []
    stack: list[ast.AST] = [test]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Attribute) and node.attr in VARIANT_FLAGS and isinstance(
                node.ctx, ast.Load):
            found.append(node)
        elif isinstance(node, ast.BoolOp | ast.UnaryOp | ast.Compare):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _tests(tree: ast.AST) -> list[ast.expr]:
    """Every expression whose truth decides something."""
    tests: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert):
            tests.append(node.test)
        elif isinstance(node, ast.comprehension):
            tests.extend(node.ifs)
        elif isinstance(node, ast.BoolOp):
            tests.extend(node.values)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            tests.append(node.operand)
    return tests


def branches_in(path: Path, rel: str) -> tuple[list[Branch], list[Branch]]:
    """The branches of one module, and its lookup tables keyed by preset names."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text, filename=rel)
    found: dict[tuple[int, str], Branch] = {}
    tables: list[Branch] = []

    def add(node: ast.AST, kind: str, into: dict[tuple[int, str], Branch] = found) -> None:
        line = getattr(node, "lineno", 0)
        into.setdefault((line, kind), Branch(rel, line, kind, lines[line - 1].strip()))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
                _names_preset(side) for side in (node.left, *node.comparators)):
            add(node, "preset name")
        elif isinstance(node, ast.Compare) and _compares_classes(node):
            add(node, "identity")
        elif isinstance(node, ast.Call):
            if _isinstance_variant(node):
                add(node, "isinstance")
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr == "get"
                    and isinstance(func.value, ast.Name) and func.value.id == "VARIANTS"):
                add(node, "VARIANTS.get")
        elif isinstance(node, ast.Dict) and sum(
                k is not None and _names_preset(k) for k in node.keys) >= 2:
            line = node.lineno
            tables.append(Branch(rel, line, "table", lines[line - 1].strip()))
    for test in _tests(tree):
        for read in _flag_reads(test):
            add(read, "flag")
    return sorted(found.values(), key=lambda b: (b.line, b.kind)), tables


def scan(root: Path = ROOT) -> tuple[list[Branch], list[Branch], list[Branch]]:
    """Branches outside the variant modules, those inside them, and the preset-keyed tables."""
    outside: list[Branch] = []
    inside: list[Branch] = []
    tables: list[Branch] = []
    files = sorted([*root.joinpath("bot").rglob("*.py"), *root.joinpath("cogs").rglob("*.py")])
    for path in files:
        rel = path.relative_to(root).as_posix()
        if "/fake_discord/" in rel or "/playground/" in rel:
            continue  # test doubles and the developer's playground, not the bot
        found, keyed = branches_in(path, rel)
        (inside if rel in VARIANT_MODULES else outside).extend(found)
        tables.extend(keyed)
    return outside, inside, tables


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quiet", action="store_true", help="print the totals only")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to read")
    args = parser.parse_args(argv)
    outside, inside, tables = scan(args.root)
    if not args.quiet:
        for branch in outside:
            print(f"{branch.path}:{branch.line}  [{branch.kind}]  {branch.source}")
        if tables:
            print("\nlookup tables keyed by preset names (not counted):")
            for table in tables:
                print(f"  {table.path}:{table.line}  {table.source}")
    per_area = Counter(b.area for b in outside)
    print(f"\nbranches on the variant outside the variant modules: {len(outside)}")
    for _, area in AREAS:
        print(f"  {area:9} {per_area.get(area, 0)}")
    kinds = Counter(b.kind for b in outside)
    print("  by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    print(f"inside the variant modules (not counted): {len(inside)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
