"""The table and hand pictures reach Discord as attachments of the messages."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import images
from tests.catalogue import label

from .harness import Harness, rig, start_game
from .screen import open_hand, table_after


def _picture(h: Harness, attachment: dict[str, object]) -> Image.Image:
    attachment_id = int(str(attachment["id"]))
    return Image.open(io.BytesIO(h.fake.files[attachment_id]))


async def test_table_and_hand_carry_their_pictures(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Олег")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "R9", "G4", "B6", "B8", "Y9", "W"]}, start="R5",
              dealer=bob)
    await table_after(harness, bob, session)
    table = bob.message(session.message_id)
    [attachment] = table.attachments
    assert attachment["filename"] == "table.png"
    assert table.embeds[0]["image"]["url"] == "attachment://table.png"
    picture = _picture(harness, attachment)
    assert picture.format == "PNG" and picture.size == images.table_size(
        images.TableImage(top=session.game.discard[-1], color="R", direction=1,
                          players=[("Ann", 7, True, True), ("Олег", 7, False, True)]))
    hand = await open_hand(harness, ann, session)
    [attachment] = hand.attachments
    assert attachment["filename"] == "hand.png"
    assert _picture(harness, attachment).size == images.hand_size(7)
    # Playable cards wear the number their picture shows: R7, R9 and the Wild are 1, 2, 3.
    emojis = {b["label"]: (b.get("emoji") or {}).get("name") for b in hand.buttons()}
    assert emojis[label("R7")] == "1️⃣" and emojis[label("R9")] == "2️⃣"
    assert emojis[label("W")] == "3️⃣" and emojis[label("G4")] is None
    # After a play the table's picture is replaced, not added to.
    await ann.click(hand, "🟥 Red 7")
    await table_after(harness, bob, session)
    assert len(bob.message(session.message_id).attachments) == 1
    assert len(ann.message(hand.id).attachments) == 1
