"""Pressing things on the playground's page as a person does: Playwright's clicks land only on
an element that is on screen, enabled and not covered (they wait for that, else fail), and the
side panels are opened as drawers where the page is as narrow as a phone (issue 34)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.playground.browser import Page, wait_for
from bot.playground.page_needs import Player
from drivers.catalogue import en


def js(value: Any) -> str:
    return json.dumps(value)


async def tap(page: Page, selector: str, *, across: float = 0.5) -> None:
    """Tap the element `selector` finds, `across` its width (where nothing else covers it).

    The page redraws its lists on every poll, so the element found may be replaced by an equal
    one before its box is read: it is looked for again then, for 5 s at most."""
    target = page.locator(selector)
    for _ in range(50):
        box = await target.bounding_box()
        if box is not None:
            break
        await asyncio.sleep(0.1)
    assert box is not None, f"{selector} is not on the page"
    await target.click(position={"x": box["width"] * across, "y": box["height"] / 2})


async def play_as(page: Page, person_id: int) -> None:
    """Pick the person in the people panel (on a phone, opened first as a drawer)."""
    if await page.locator("#open-people").is_visible():
        await tap(page, "#open-people")
    await tap(page, f".person[data-user-id=\"{person_id}\"]")
    await wait_for(page, f"document.querySelector('.person.active')?.dataset.userId === "
                         f"{js(str(person_id))}")
    await wait_for(page, "document.getElementById('scrim').hidden")


async def press(page: Page, label: str, within: str = "#messages") -> None:
    """Tap the last enabled button with this label (scrolled to, as a person would)."""
    buttons = page.locator(f"{within} button[data-custom-id]:not([disabled])").filter(
        has=page.locator(".label").get_by_text(label, exact=True))
    await buttons.last.click()


async def deal(page: Page, host: Player, guest: Player) -> None:
    """`host` (whom the page starts as) opens a lobby with Send, `guest` joins, `host` deals:
    the table's My hand is on the page."""
    await wait_for(page, "document.querySelectorAll('#command option').length > 5")
    assert await page.evaluate("document.getElementById('command').value") == "uno create"
    await tap(page, "#send")
    await wait_for(page, f"[...document.querySelectorAll('#messages button')]"
                         f".some(b => b.textContent.trim() === {js(en('button.join'))})")
    await play_as(page, guest.id)
    await press(page, en("button.join"))
    await wait_for(page, "document.querySelector('#messages article')"
                         f".textContent.includes({js(guest.name)})")
    await play_as(page, host.id)
    await press(page, en("button.start"))
    await wait_for(page, f"[...document.querySelectorAll('#messages button')]"
                         f".some(b => b.textContent.trim() === {js(en('button.hand'))})")
