"""The playground in a real browser (Debian's headless Chromium, driven by Playwright): two people
open a lobby, join, start, and the first one plays a card from the hand only they can see.
A screenshot of the table is saved as artifacts/playground-table.png."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import pytest

from bot.playground.browser import chromium, find_chromium, wait_for
from bot.playground.playground import Playground
from drivers.catalogue import card_name, en, label
from tests.bot.harness import Harness, rig

from .fingers import deal, js, play_as, press

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "artifacts" / "playground-table.png"
PHONE_SCREENSHOT = ROOT / "artifacts" / "playground-table-phone.png"

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="Chromium is not installed (apt-get install chromium; .ci/run installs it)")


@pytest.fixture
async def playground(tmp_path: Path) -> AsyncIterator[Playground]:
    started = Playground(tmp_path / "playground.db", card_emoji=False)
    await started.start()
    yield started
    await started.stop()


def message_text(message_id: str) -> str:
    return (f"(document.querySelector('article[data-message-id=\"{message_id}\"]')"
            f"?.textContent ?? '')")


@pytest.mark.parametrize("width", [1440, 390], ids=["desktop", "phone"])
async def test_two_people_play_a_card_in_the_browser(playground: Playground, width: int) -> None:
    """At a desktop's width, and at a phone's (issue 34: the people panel is a drawer there)."""
    ann, bob = list(playground.people.values())[:2]
    assert playground.bot is not None
    async with chromium(playground.url, width=width, height=1500) as page:
        await deal(page, ann, bob)  # Ann (whom the page starts as) opens the lobby
        assert "Ann used /uno create" in await page.evaluate(
            "document.querySelector('#messages article').textContent")

        # The deal is fixed (as the bot tests fix it) so Ann, who moves first, holds a Red 7.
        session = playground.bot.games.in_channel(playground.fake.home.channels[0].id)
        assert session is not None
        await rig(cast(Harness, playground), session,
                  {ann: ["R7", "G3", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5")
        table = str(session.message_id)
        await wait_for(page, f"{message_text(table)}.includes({js(card_name('R5'))})")
        assert card_name("R7") not in await page.evaluate(message_text(table))

        await press(page, en("button.hand"))
        hand = await wait_for(
            page, "document.querySelector('article[data-ephemeral=\"true\"] button.style-3')"
                  "?.closest('article').dataset.messageId")
        assert "Only you can see this" in await page.evaluate(message_text(hand))
        await press(page, label("R7"), within=f"article[data-message-id=\"{hand}\"]")
        # The table changed for everyone: Red 7 is on the discard pile now.
        await wait_for(page, f"{message_text(table)}.includes({js(card_name('R7'))})")
        await page.evaluate(f"document.querySelector('article[data-message-id=\"{table}\"]')"
                            ".scrollIntoView({block: 'start'})")
        await page.screenshot(path=SCREENSHOT if width > 390 else PHONE_SCREENSHOT)

        # The hand is Ann's alone: Bob sees the table, not her hand; Ann sees it again.
        await play_as(page, bob.id)
        await wait_for(page, f"{message_text(table)}.includes({js(card_name('R7'))})")
        assert not await page.evaluate(
            f"!!document.querySelector('article[data-message-id=\"{hand}\"]')")
        await play_as(page, ann.id)
        await wait_for(page, f"!!document.querySelector('article[data-message-id=\"{hand}\"]')")
    assert playground.problems() == []
    assert (SCREENSHOT if width > 390 else PHONE_SCREENSHOT).stat().st_size > 10_000


# --- Components V2 ---------------------------------------------------------------------------

FLAG_COMPONENTS_V2 = 1 << 15
RED = 0xE53935


def png(width: int, height: int, colour: str) -> bytes:
    from io import BytesIO

    from PIL import Image

    out = BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "PNG")
    return out.getvalue()


async def post_as_bot(playground: Playground, path: str, *, json_body: dict[str, Any] | None = None,
                      form: Any = None) -> dict[str, Any]:
    """A REST call of the bot's, straight to the fake Discord (which validates it)."""
    import aiohttp

    fake = playground.fake
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:
        async with http.post(f"{fake.base_url}/api/v10{path}", json=json_body,
                             data=form) as answer:
            body: dict[str, Any] = await answer.json()
            assert answer.ok, body
            return body


async def test_a_components_v2_message_is_drawn(playground: Playground) -> None:
    """A hand-built V2 message (the payload discord.py's LayoutView sends) posted by the bot:
    a container with an accent colour, text displays in Discord's markdown with an app emoji,
    a media gallery of the message's own picture, a separator, a section with a button and an
    action row; and a spoiler container with a thumbnail and a file. No content, no embeds."""
    import base64

    import aiohttp

    fake = playground.fake
    face = await post_as_bot(playground, f"/applications/{fake.application_id}/emojis", json_body={
        "name": "red_seven",
        "image": "data:image/png;base64," + base64.b64encode(png(40, 60, "red")).decode()})
    payload = {"flags": FLAG_COMPONENTS_V2,
               "attachments": [{"id": 0, "filename": "table.png"},
                               {"id": 1, "filename": "notes.txt"}],
               "components": [{"type": 17, "accent_color": RED, "components": [
                   {"type": 10, "content": f"## UNO — round 2\n**Turn:** Ann <:red_seven:"
                                           f"{face['id']}>\n- Ann — 3 cards\n- Bob — 5 cards"},
                   {"type": 12, "items": [{"media": {"url": "attachment://table.png"},
                                           "description": "The table"}]},
                   {"type": 14, "divider": True, "spacing": 2},
                   {"type": 9, "components": [{"type": 10, "content": "-# Classic · 500"}],
                    "accessory": {"type": 2, "style": 2, "label": "Rules",
                                  "custom_id": "v2:rules"}},
                   {"type": 1, "components": [{"type": 2, "style": 1, "label": "My hand",
                                               "custom_id": "v2:hand"},
                                              # As discord.py sends a card's face: the id is
                                              # a number (issue 37: the page gets a string).
                                              {"type": 2, "style": 3, "label": "1 · Red 7",
                                               "custom_id": "v2:card", "emoji": {
                                                   "name": "red_seven",
                                                   "id": int(face["id"])}}]}]},
                   # Hidden until clicked: a section with a thumbnail, and a file.
                   {"type": 17, "spoiler": True, "components": [
                       {"type": 9, "components": [{"type": 10, "content": "Bob's hand"}],
                        "accessory": {"type": 11, "media": {"url": "attachment://table.png"}}},
                       {"type": 13, "file": {"url": "attachment://notes.txt"}}]}]}
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", png(320, 200, "green"), filename="table.png",
                   content_type="image/png")
    form.add_field("files[1]", b"Red 7, Blue 2", filename="notes.txt", content_type="text/plain")
    posted = await post_as_bot(playground, f"/channels/{fake.home.channels[0].id}/messages",
                               form=form)
    article = f"article[data-message-id=\"{posted['id']}\"]"
    async with chromium(playground.url, height=1000) as page:
        await wait_for(page, f"document.querySelector({js(article + ' .v2-gallery img')})"
                             "?.complete")
        await wait_for(page, f"document.querySelector({js(article + ' .row img.emoji')})"
                             "?.complete")
        drawn = await page.evaluate(f"""(() => {{
            const m = document.querySelector({js(article)});
            const q = (s) => m.querySelector(s);
            const hidden = q('.v2-container.spoiler-container');
            const blurred = getComputedStyle(hidden.firstElementChild).filter;
            hidden.click();
            return {{
                spoiler: [blurred, getComputedStyle(hidden.firstElementChild).filter],
                thumbnail: hidden.querySelector('.v2-accessory .v2-thumbnail img').naturalWidth,
                file: hidden.querySelector('.v2-file a')?.textContent,
                v2: m.dataset.v2,
                accent: getComputedStyle(q('.v2-container')).borderLeftColor,
                heading: q('.v2-container h2')?.textContent,
                bold: q('.v2-text strong')?.textContent,
                items: [...m.querySelectorAll('.list-item')].map(i => i.textContent),
                emoji: q('.v2-text img.emoji')?.naturalWidth,
                gallery: q('.v2-gallery img').naturalWidth,
                separators: m.querySelectorAll('.v2-separator.divider.spacing-2').length,
                subtext: q('.v2-section .subtext')?.textContent,
                accessory: q('.v2-section .v2-accessory button')?.textContent,
                row: [...m.querySelectorAll('.v2-container > .row button')]
                    .map(b => b.textContent),
                buttonEmoji: q('.v2-container > .row button img.emoji')?.naturalWidth,
                loose: m.querySelectorAll('img.attachment').length,
            }};
        }})()""")
        await page.evaluate(f"document.querySelector({js(article)}).scrollIntoView()")
        await page.locator(article).screenshot(path=ROOT / "artifacts" / "playground-v2.png")
    assert drawn == {
        "spoiler": ["blur(24px)", "none"],  # blurred until clicked, as Discord hides it
        "thumbnail": 320, "file": "notes.txt",
        "v2": "true", "accent": "rgb(229, 57, 53)", "heading": "UNO — round 2", "bold": "Turn:",
        "items": ["•Ann — 3 cards", "•Bob — 5 cards"],
        "emoji": 40,  # the app emoji's own picture, from the fake's CDN
        "gallery": 320,  # attachment://table.png is the message's own upload
        "separators": 1, "subtext": "Classic · 500", "accessory": "Rules",
        "row": ["My hand", "1 · Red 7"],
        "buttonEmoji": 40,  # the card's face on its button: its id reached the page whole
        "loose": 0,  # the picture is shown once, in its gallery
    }
    assert playground.problems() == []
