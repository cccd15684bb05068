"""Write docs/HOUSE-RULES.md and one page per language from the locale files:
`python3 docs/make_house_rules.py`.

The names and descriptions players see in the lobby's rules editor and under the table's Rules
button are the keys `option.<name>.name` and `option.<name>.description` of
bot/i18n/locales/<code>.json; each page is made from them alone (its title and introduction are
`rules.page.*`), so it cannot drift from the bot. English is docs/HOUSE-RULES.md, every other
language docs/HOUSE-RULES.<code>.md. tests/test_docs.py fails when a committed page differs from
what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "bot" / "i18n" / "locales"
CATALOGUE = LOCALES / "en.json"
PAGE = ROOT / "docs" / "HOUSE-RULES.md"


def page_path(code: str) -> Path:
    return PAGE if code == "en" else PAGE.with_name(f"HOUSE-RULES.{code}.md")


def catalogues() -> dict[str, dict[str, object]]:
    """Every locale file, English first."""
    codes = sorted(p.stem for p in LOCALES.glob("*.json"))
    return {code: json.loads((LOCALES / f"{code}.json").read_text(encoding="utf-8"))
            for code in sorted(codes, key=lambda c: c != "en")}


def _languages(codes: dict[str, str], current: str) -> str:
    """The line linking each language's page, by the language's own name."""
    links = [name if code == current else f"[{name}]({page_path(code).name})"
             for code, name in codes.items()]
    return " · ".join(links)


def render(catalogue: dict[str, object], code: str = "en",
           languages: dict[str, str] | None = None) -> str:
    """One language's page, in the catalogue's order of options; `languages` (code -> own
    name) adds the line of links to the other languages' pages."""
    options, rules, buttons = catalogue["option"], catalogue["rules"], catalogue["button"]
    assert isinstance(options, dict) and isinstance(rules, dict) and isinstance(buttons, dict)
    page = rules["page"]
    intro = page["intro"].format(start=buttons["start"], rules=buttons["rules"])
    lines = [
        f"# {page['title']}",
        "",
        f"<!-- Written by docs/make_house_rules.py from bot/i18n/locales/{code}.json: edit that,",
        "     then run `python3 docs/make_house_rules.py`. -->",
        "",
    ]
    if languages:
        lines += [_languages(languages, code), ""]
    lines += [intro, ""]
    for option in options.values():
        lines.append(f"- **{option['name']}**: {option['description']}")
    return "\n".join(lines) + "\n"


def pages() -> dict[Path, str]:
    """Every page this script writes, by its path."""
    every = catalogues()
    names = {code: str(catalogue["language"]["name"])  # type: ignore[index]
             for code, catalogue in every.items()}
    return {page_path(code): render(catalogue, code, names) for code, catalogue in every.items()}


def main() -> int:
    for path, text in pages().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
