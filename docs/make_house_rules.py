"""Write docs/HOUSE-RULES.md from the English catalogue: `python3 docs/make_house_rules.py`.

The names and descriptions players see in the lobby's rules editor and under the table's Rules
button are the keys `option.<name>.name` and `option.<name>.description` of
bot/i18n/locales/en.json; this page is made from them alone, so it cannot drift from the bot.
tests/test_docs.py fails when the committed page differs from what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "bot" / "i18n" / "locales" / "en.json"
PAGE = ROOT / "docs" / "HOUSE-RULES.md"


def render(catalogue: dict[str, object]) -> str:
    """The page, in the catalogue's order of options."""
    options = catalogue["option"]
    assert isinstance(options, dict)
    lines = [
        "# House rules and options",
        "",
        "<!-- Written by docs/make_house_rules.py from bot/i18n/locales/en.json: edit those, then",
        "     run `python3 docs/make_house_rules.py`. -->",
        "",
        "The host of a lobby switches these on in the lobby's rules editor before pressing",
        "**Start**; **Rules** on the table lists those in force. docs/RULES.md states each rule",
        "exactly (sections H and N).",
        "",
    ]
    for option in options.values():
        lines.append(f"- **{option['name']}**: {option['description']}")
    return "\n".join(lines) + "\n"


def main() -> int:
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    PAGE.write_text(render(catalogue), encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
