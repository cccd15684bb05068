"""Write every golden replay file of tests/engine/golden/: `python -m tests.engine.make_golden`.

The cases live in tests/engine/golden_cases/ (one module per group of rule sections), written in
the small language of tests/engine/golden_dsl.py. Every expected value there is written by hand
from docs/RULES.md and docs/REPLAY.md; nothing runs the engine. tests/engine/test_golden.py checks
that the committed files are exactly what this script writes.

`python -m tests.engine.make_golden DIR` writes into DIR instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.engine.golden_cases import build
from tests.engine.golden_dsl import write
from tests.engine.support import GOLDEN


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else GOLDEN
    cases = build()
    write(cases, target)
    print(f"wrote {len(cases)} golden files to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
