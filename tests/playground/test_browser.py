"""The playground in a real browser (headless Chromium over the DevTools protocol): two people
open a lobby, join, start, and the first one plays a card from the hand only they can see.
A screenshot of the table is saved as artifacts/playground-table.png."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest

from bot.playground.browser import Page, chromium, find_chromium
from bot.playground.playground import Playground
from tests.bot.harness import Harness, rig
from tests.catalogue import card_name, en, label

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "artifacts" / "playground-table.png"

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="Chromium is not installed (apt-get install chromium; .ci/run installs it)")


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    started = Playground(tmp_path / "playground.db", card_emoji=False)
    await started.start()
    yield started
    await started.stop()


def js(value: Any) -> str:
    return json.dumps(value)


async def press(page: Page, label: str, *, within: str = "#messages") -> None:
    """Click the last enabled button with this label, as the mouse would."""
    seen = await page.evaluate(f"""(() => {{
        const all = [...document.querySelectorAll({js(within + ' button[data-custom-id]')})];
        const found = all.filter(
            b => b.querySelector('.label')?.textContent === {js(label)} && !b.disabled);
        if (found.length) found[found.length - 1].click();
        return found.length ? true
            : all.map(b => b.textContent.trim() + (b.disabled ? " (off)" : ""));
    }})()""")
    assert seen is True, f"no enabled {label!r} button on the page; buttons: {seen}"


async def play_as(page: Page, person_id: int) -> None:
    await page.evaluate(f"document.querySelector('.person[data-user-id=\"{person_id}\"]').click()")
    await page.wait_for(f"document.querySelector('.person.active')?.dataset.userId === "
                        f"{js(str(person_id))}")


def message_text(message_id: str) -> str:
    return (f"(document.querySelector('article[data-message-id=\"{message_id}\"]')"
            f"?.textContent ?? '')")


async def test_two_people_play_a_card_in_the_browser(playground: Playground) -> None:
    ann, bob = list(playground.people.values())[:2]
    assert playground.bot is not None
    async with chromium(playground.url, height=1500) as page:
        await page.wait_for("document.querySelectorAll('#command option').length > 5")
        # Ann (the first person, who the page starts as) opens a lobby with /uno create.
        assert await page.evaluate("document.getElementById('command').value") == "uno create"
        await page.evaluate("document.getElementById('send').click()")
        await page.wait_for(f"[...document.querySelectorAll('#messages button')]"
                            f".some(b => b.textContent.trim() === {js(en('button.join'))})")
        assert "Ann used /uno create" in await page.evaluate(
            "document.querySelector('#messages article').textContent")

        await play_as(page, bob.id)
        await press(page, en("button.join"))
        await page.wait_for("document.querySelector('#messages article .embed')"
                            ".textContent.includes('Bob')")
        await play_as(page, ann.id)
        await press(page, en("button.start"))
        await page.wait_for(f"[...document.querySelectorAll('#messages button')]"
                            f".some(b => b.textContent.trim() === {js(en('button.hand'))})")

        # The deal is fixed (as the bot tests fix it) so Ann, who moves first, holds a Red 7.
        session = playground.bot.games.in_channel(playground.fake.home.channels[0].id)
        assert session is not None
        await rig(cast(Harness, playground), session,
                  {ann: ["R7", "G3", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5")
        table = str(session.message_id)
        await page.wait_for(f"{message_text(table)}.includes({js(card_name('R5'))})")
        assert card_name("R7") not in await page.evaluate(message_text(table))

        await press(page, en("button.hand"))
        hand = await page.wait_for(
            "document.querySelector('article[data-ephemeral=\"true\"] button.style-3')"
            "?.closest('article').dataset.messageId")
        assert "Only you can see this" in await page.evaluate(message_text(hand))
        await press(page, label("R7"), within=f"article[data-message-id=\"{hand}\"]")
        # The table changed for everyone: Red 7 is on the discard pile now.
        await page.wait_for(f"{message_text(table)}.includes({js(card_name('R7'))})")
        await page.evaluate(f"document.querySelector('article[data-message-id=\"{table}\"]')"
                            ".scrollIntoView({block: 'start'})")
        await page.screenshot(SCREENSHOT)

        # The hand is Ann's alone: Bob sees the table, not her hand; Ann sees it again.
        await play_as(page, bob.id)
        await page.wait_for(f"{message_text(table)}.includes({js(card_name('R7'))})")
        assert not await page.evaluate(
            f"!!document.querySelector('article[data-message-id=\"{hand}\"]')")
        await play_as(page, ann.id)
        await page.wait_for(f"!!document.querySelector('article[data-message-id=\"{hand}\"]')")
    assert playground.problems() == []
    assert SCREENSHOT.stat().st_size > 10_000
