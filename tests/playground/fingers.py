"""Pressing things on the playground's page as a person does: on screen, not covered, the side
panels opened as drawers where the page is as narrow as a phone (issue 34)."""

from __future__ import annotations

import json
from typing import Any

from bot.playground.browser import Page


def js(value: Any) -> str:
    return json.dumps(value)


# Press an element as a finger would: only if it is on screen and nothing covers it there.
TAP = """((target, across) => {
    if (!target) return 'missing';
    const box = target.getBoundingClientRect();
    const x = box.left + box.width * across, y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight)
        return 'off screen';
    const top = document.elementFromPoint(x, y);
    if (!target.contains(top)) return 'covered by ' + (top?.id || top?.className);
    target.click();
    return 'pressed';
})"""


async def tap(page: Page, selector: str, *, across: float = 0.5) -> None:
    """Tap the element `selector` finds, `across` its width."""
    hit = await page.evaluate(f"{TAP}(document.querySelector({js(selector)}), {across})")
    assert hit == "pressed", f"{selector}: {hit}"


async def play_as(page: Page, person_id: int) -> None:
    """Pick the person in the people panel (on a phone, opened first as a drawer)."""
    if await page.evaluate("getComputedStyle(document.getElementById('open-people'))"
                           ".display !== 'none'"):
        await tap(page, "#open-people")
    await page.wait_for("(() => { const b = document.getElementById('people-panel')"
                        ".getBoundingClientRect(); return b.right <= innerWidth + 1 &&"
                        " b.left >= innerWidth - b.width - 1; })()")
    await tap(page, f".person[data-user-id=\"{person_id}\"]")
    await page.wait_for(f"document.querySelector('.person.active')?.dataset.userId === "
                        f"{js(str(person_id))}")
    await page.wait_for("document.getElementById('scrim').hidden")


async def press(page: Page, label: str, within: str = "#messages") -> None:
    """Scroll to the last enabled button with this label and tap it."""
    hit = await page.evaluate(f"""(() => {{
        const all = [...document.querySelectorAll({js(within + ' button[data-custom-id]')})];
        const found = all.filter(b => b.querySelector('.label')?.textContent === {js(label)}
                                      && !b.disabled).pop();
        found?.scrollIntoView({{block: 'center'}});
        return {TAP}(found, 0.5);
    }})()""")
    assert hit == "pressed", f"{label!r}: {hit}"
