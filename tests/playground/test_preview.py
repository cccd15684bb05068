"""The preview script (bot/playground/preview.py, `python3 dev.py preview`): the real bot's
lobby, table mid-game, hand with a decision and round's end on one self-contained page, and,
where Chromium is installed, one screenshot of each drawn from it."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.fake_discord.emoji import AppEmojiStore
from bot.i18n import KNOWN_LOCALES
from bot.playground.browser import chromium, find_chromium, wait_for
from bot.playground.preview import KINDS, SCREENSHOTS, Moment, page, shown_emoji
from bot.ui.controls import LobbyControl, TableControl
from bot.ui.items import LobbyButton, PlayButton, TableButton, UnoItem, read_id
from drivers.catalogue import LOCALES, tr

ROOT = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LOCALES_IN_ORDER = [code for code in KNOWN_LOCALES if code in LOCALES]


def preview_data(html: str) -> dict[str, Any]:
    match = re.search(r"const PREVIEW = (.*);\n", html)
    assert match, "the page carries no PREVIEW data"
    data: dict[str, Any] = json.loads(match.group(1).replace("<\\/", "</"))
    return data


def controls(message: dict[str, Any]) -> list[UnoItem[Any]]:
    """Every enabled button, wherever it sits (rows, containers), as the bot's item reads its
    custom id."""
    found, stack = [], list(message["components"])
    while stack:
        item = stack.pop()
        stack.extend(item.get("components") or [])
        if isinstance(item.get("accessory"), dict):
            stack.append(item["accessory"])
        if item.get("type") == 2 and item.get("custom_id") and not item.get("disabled"):
            read = read_id(item["custom_id"])
            assert read is not None, item["custom_id"]
            found.append(read)
    return found


def table_buttons(message: dict[str, Any]) -> list[TableControl]:
    """What the table's own buttons do."""
    return [i.what for i in controls(message) if isinstance(i, TableButton)]


def inlined_pictures(message: dict[str, Any]) -> list[bytes]:
    return [base64.b64decode(a["url"].removeprefix("data:image/png;base64,"))
            for a in message["attachments"] if a["url"].startswith("data:image/png;base64,")]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path | None]:
    """The script run once, as `python3 dev.py preview` runs it (text labels instead of the
    card-face emoji, whose 250 uploads would take seconds; their inlining is tested below)."""
    out = tmp_path_factory.mktemp("preview")
    images = out / "images" if find_chromium() else None
    command = [sys.executable, "-m", "bot.playground.preview", "--out", str(out), "--no-emoji"]
    if images is not None:
        command += ["--screenshots", "--images", str(images)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out / "preview.html", images


def test_the_page_holds_every_kind_of_message_from_the_real_bot(
        built: tuple[Path, Path | None]) -> None:
    html = built[0].read_text(encoding="utf-8")
    # Self-contained: nothing is loaded from the offline Discord (gone once the script ends)
    # or from anywhere else.
    assert "127.0.0.1" not in html and "<link" not in html and "<script src" not in html
    data = preview_data(html)
    moments = {m["kind"]: m for m in data["moments"] if m["language"] == "en"}
    assert list(moments) == list(KINDS)
    lobby, = moments["lobby"]["messages"]
    assert LobbyControl.JOIN in [i.what for i in controls(lobby) if isinstance(i, LobbyButton)]
    table, = moments["table"]["messages"]
    assert TableControl.HAND in table_buttons(table) and not table["ephemeral"]
    hand, = moments["hand"]["messages"]
    # The decision: a wild's colour, one play per colour (bot/ui/items.py's PlayButton ids).
    assert hand["ephemeral"] and moments["hand"]["viewer"] in ("Ann", "Bob", "Cid")
    assert sorted(str(i.action.color) for i in controls(hand) if isinstance(i, PlayButton)) \
        == ["B", "G", "R", "Y"]
    end, = moments["round-end"]["messages"]
    assert end["id"] == table["id"]  # the same table message, edited
    assert TableControl.NEXT in table_buttons(end) and TableControl.HAND not in table_buttons(end)
    for message in (table, end, hand):
        pictures = inlined_pictures(message)
        assert pictures and all(p.startswith(PNG_SIGNATURE) for p in pictures)


def test_every_language_shows_every_kind_in_its_own_words(
        built: tuple[Path, Path | None]) -> None:
    """Help, lobby, table, hand and round end in each of the twelve languages, each in that
    language: its lobby's Join button, its help's title, its table's buttons."""
    data = preview_data(built[0].read_text(encoding="utf-8"))
    assert list(data["languages"]) == list(LOCALES_IN_ORDER)
    shown = [(m["language"], m["kind"]) for m in data["moments"]]
    assert shown == [(code, kind) for code in LOCALES_IN_ORDER for kind in KINDS]
    for moment in data["moments"]:
        code, (message,) = moment["language"], moment["messages"]
        text = json.dumps(message, ensure_ascii=False)
        expected = {"help": "help.title", "lobby": "button.join", "table": "button.hand",
                    "hand": "hand.pick_color", "round-end": "button.next_round"}[moment["kind"]]
        words = tr(code, expected, card="")
        assert words.split(" ")[0].strip(":") in text, (code, moment["kind"], words)
    # The names in ten scripts: a picture of its own.
    (names,) = data["pictures"]
    assert base64.b64decode(names["src"].removeprefix("data:image/png;base64,")).startswith(
        PNG_SIGNATURE)


@pytest.mark.skipif(find_chromium() is None, reason="Chromium is not installed "
                    "(apt-get install chromium; .ci/run installs it)")
async def test_the_page_draws_each_kind_and_its_screenshot_is_saved(
        built: tuple[Path, Path | None]) -> None:
    html, images = built
    assert images is not None
    async with chromium(html.resolve().as_uri(), width=860) as browser:
        await wait_for(browser, "document.body?.dataset.drawn === 'true'")
        drawn = await browser.evaluate("""[...document.querySelectorAll('section.moment')]
            .map(s => [s.dataset.kind, s.querySelectorAll('article.message').length,
                       s.querySelectorAll('.body img:not(.emoji)').length,
                       s.querySelectorAll('.body button').length])""")
    # Each kind in each language: one message; the lobby and the help without a picture, the
    # others with theirs; buttons on all but the help. The names' picture comes first.
    assert drawn[0] == ["names", 0, 0, 0]
    assert [d[:2] for d in drawn[1:]] == [[kind, 1] for _ in LOCALES_IN_ORDER for kind in KINDS]
    assert [d[2] > 0 for d in drawn[1:]] == [kind not in ("help", "lobby")
                                             for _ in LOCALES_IN_ORDER for kind in KINDS]
    assert all(d[3] > 0 for d in drawn[1:] if d[0] != "help")
    for kind in SCREENSHOTS:
        png = (images / f"preview-{kind}.png").read_bytes()
        assert png.startswith(PNG_SIGNATURE) and len(png) > 10_000


def test_custom_emoji_are_inlined_from_the_apps_store() -> None:
    """A card face in a text (`<:name:id>`) and on a button become data URIs on the page; an
    emoji the app does not have is left out (the page shows it as :name:)."""
    store = AppEmojiStore()

    def upload(new_id: int, name: str, data: bytes) -> Any:
        return store.create(new_id, {"name": name, "image": "data:image/png;base64,"
                                     + base64.b64encode(data).decode()})

    red7, wild = upload(101, "uno_r7", b"RED7"), upload(102, "uno_w", b"WILD")
    upload(103, "uno_unused", b"NO")
    message = {"content": "", "embeds": [{"description": f"Top card: <:uno_r7:{red7.id}>"}],
               "components": [{"type": 1, "components": [
                   {"type": 2, "label": "Wild", "emoji": {"name": "uno_w", "id": str(wild.id)}},
                   {"type": 2, "label": "?", "emoji": {"name": "gone", "id": "42"}}]}]}
    moment = Moment("table", "The table", "", "Ann", [message])
    emoji = shown_emoji([moment], store)
    assert emoji == {str(red7.id): "data:image/png;base64," + base64.b64encode(b"RED7").decode(),
                     str(wild.id): "data:image/png;base64," + base64.b64encode(b"WILD").decode()}
    assert preview_data(page([moment], emoji, {}))["emoji"] == emoji
