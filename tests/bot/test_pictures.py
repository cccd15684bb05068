"""The table and hand pictures reach Discord as attachments of the messages."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.fake_discord.users import SeenMessage, VirtualUser
from bot.outlets.publisher import PICTURE_GAP
from bot.render import images
from drivers.catalogue import en, label
from drivers.screen import open_hand, table_after, table_of

from .harness import Harness, rig, start_game


def _picture(h: Harness, attachment: dict[str, object]) -> Image.Image:
    attachment_id = int(str(attachment["id"]))
    return Image.open(io.BytesIO(h.fake.files[attachment_id]))


async def _pictured_table(harness: Harness, ann: VirtualUser,
                          bob: VirtualUser) -> tuple[Any, SeenMessage]:
    """A game of Ann and Bob, Ann holding Red 7 and Red 9 over a Red 5, and its table as Bob
    sees it once it has its picture."""
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "R9", "G4", "B6", "B8", "Y9", "W"]}, start="R5",
              dealer=bob)
    await table_after(harness, bob, session)
    table = bob.message(session.message_id)
    await harness.fake.wait_for(lambda: bool(table.attachments), timeout=3)
    return session, table


async def test_table_and_hand_carry_their_pictures(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Олег")
    session, table = await _pictured_table(harness, ann, bob)
    [attachment] = table.attachments
    assert attachment["filename"] == "table.png"
    assert table.pictures == ["attachment://table.png"]  # in the layout's media gallery
    picture = _picture(harness, attachment)
    assert picture.format == "PNG" and picture.size == images.table_size(
        images.TableImage(top=session.game.discard[-1], color="R", direction=1,
                          players=[("Ann", 7, True, True), ("Олег", 7, False, True)]))
    hand = await open_hand(harness, ann, session)
    [attachment] = hand.attachments  # in the first answer, not in an edit after it
    assert attachment["filename"] == "hand.png"
    assert _picture(harness, attachment).size == images.hand_size(7)
    # Every card wears the number of its place in the picture, and so does its button.
    emojis = {b["label"]: (b.get("emoji") or {}).get("name") for b in hand.buttons()}
    assert emojis[label("R7")] == "1️⃣" and emojis[label("R9")] == "2️⃣"
    assert emojis[label("G4")] == "3️⃣" and emojis[label("W")] == "7️⃣"
    # A play of the same colour is no moment for a new picture: the text changes at once, the
    # picture once the table has been quiet for a moment (and never twice within the gap).
    first = attachment_id(table)
    await ann.click(hand, "🟥 Red 7")
    await table_after(harness, bob, session)
    assert attachment_id(table) == first
    # Once the table's task only waits for the picture's moment (its sleep asked for):
    feed = harness.bot.table_feed if harness.bot is not None else None
    assert feed is not None
    await harness.fake.wait_for(lambda: not feed.edits_pending(session.game_id), timeout=3)
    harness.clock.advance(PICTURE_GAP)
    await harness.fake.wait_for(lambda: attachment_id(table) != first, timeout=3)
    # ... and it replaces the old picture rather than adding to it.
    assert len(table.attachments) == 1
    assert len(ann.message(hand.id).attachments) == 1


def attachment_id(message: SeenMessage) -> object:
    return message.attachments[0]["id"]


async def test_a_hand_whose_picture_cannot_be_drawn_is_answered_without_it(
        harness: Harness, monkeypatch: Any) -> None:
    """Only the picture is lost: the hand's answer, its live edits and the table go on."""
    def broken(*args: object, **kwargs: object) -> bytes:
        raise OSError("a font went missing")

    monkeypatch.setattr(images, "hand_image", broken)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "R9", "G4", "B6", "B8", "Y9", "W"]}, start="R5",
              dealer=bob)
    hand = (await ann.click(table_of(ann, session), en("button.hand"))).response
    assert hand is not None and hand.ephemeral and hand.buttons()
    assert hand.attachments == [] and not hand.pictures
    await ann.click(hand, label("R7"))
    await table_after(harness, bob, session)
    assert session.game.discard[-1].code == "R7"
    assert ann.message(hand.id).attachments == [] and ann.message(hand.id).buttons()
