"""The card faces as application emoji (issue 21): uploaded once by the bot, reused across
restarts, replaced when their art changes, and worn by the hand's buttons and the table's cards
where the bot may show emoji; text labels everywhere else."""

from __future__ import annotations

import base64
import io
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord
import pytest
from PIL import Image

from bot.engine import Card
from bot.outlets import emoji as emoji_module
from bot.render import faces as faces_module
from bot.render.faces import FaceSpec, all_faces, emoji_name, face_of
from drivers.catalogue import card_name, label
from drivers.screen import open_hand, table_of
from tests.fake_discord import fake_discord_session

from .harness import Harness, rig, start_game

CARDS = ("R7", "R9", "G4", "R5", "B6", "Y1")  # the faces these tests need, of the classic set
EMOJI_ROUTE = "/applications/{application_id}/emojis"


def _specs() -> list[FaceSpec]:
    return [face_of(Card.parse(code), colorblind=cb) for code in CARDS for cb in (False, True)]


@pytest.fixture
async def harness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    # All 230 faces would take the request budget five seconds: a dozen prove the same.
    monkeypatch.setattr(emoji_module, "all_faces", _specs)
    async with fake_discord_session() as session:
        h = Harness(session, tmp_path / "uno.db")
        h.card_emoji = True
        await h.start()
        yield h


async def _ready(h: Harness) -> None:
    assert h.bot is not None
    await h.fake.wait_for(h.bot.card_emoji.complete.is_set, timeout=5)


def _calls(h: Harness, method: str) -> int:
    return sum(r.method == method and r.route == EMOJI_ROUTE for r in h.fake.requests)


async def test_faces_are_uploaded_once_and_found_again_after_a_restart(harness: Harness) -> None:
    await _ready(harness)
    store = harness.fake.app_emoji
    assert store.created == len(_specs()) == _calls(harness, "POST")
    assert sorted(e.name for e in store.emoji.values()) == sorted(map(emoji_name, _specs()))
    # Each is the face's picture, served where Discord's CDN would (the playground shows it).
    some = next(iter(store.emoji.values()))
    async with aiohttp.ClientSession() as http, \
            http.get(f"{harness.fake.base_url}/emojis/{some.id}.png") as response:
        assert response.status == 200 and await response.read() == some.image
    assert Image.open(io.BytesIO(some.image)).size == (faces_module.SIZE, faces_module.SIZE)
    await harness.stop()
    await harness.start()
    await _ready(harness)
    assert store.created == len(_specs()) and store.deleted == 0  # nothing uploaded again
    assert harness.bot is not None and len(harness.bot.card_emoji.emoji) == len(_specs())


async def test_a_face_whose_art_changed_is_replaced_and_others_apps_emoji_stay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(emoji_module, "all_faces", _specs)
    async with fake_discord_session() as session:
        h = Harness(session, tmp_path / "uno.db")
        h.card_emoji = True
        store = h.fake.app_emoji
        red7 = face_of(Card.parse("R7"), colorblind=False)
        png = faces_module.face_png(red7)
        data = "data:image/png;base64," + base64.b64encode(png).decode()
        old = store.create(1, {"name": f"uno_{red7.key}_00000000", "image": data})  # older art
        mine = store.create(2, {"name": "party_parrot", "image": data})  # not a card face
        await h.start()
        await _ready(h)
        assert old.id not in store.emoji and store.deleted == 1
        assert mine.id in store.emoji
        assert store.created == 2 + len(_specs())
        await h.stop()


def test_the_fake_refuses_what_discord_refuses() -> None:
    from bot.fake_discord.emoji import EMOJI_MAX, AppEmojiStore, EmojiError

    store = AppEmojiStore()
    png = "data:image/png;base64,iVBORw0KGgo="
    for body in ({"name": "a", "image": png}, {"name": "has-dash", "image": png},
                 {"name": "ok_name", "image": "not a picture"},
                 {"name": "big", "image": "data:image/png;base64," + "A" * 400_000}):
        with pytest.raises(EmojiError):
            store.create(1, body)
    store.create(1, {"name": "ok_name", "image": png})
    with pytest.raises(EmojiError, match="taken"):
        store.create(2, {"name": "ok_name", "image": png})
    for i in range(2, EMOJI_MAX + 1):
        store.create(i, {"name": f"e{i}", "image": png})
    with pytest.raises(EmojiError, match="Maximum"):
        store.create(9999, {"name": "one_more", "image": png})


async def test_hand_buttons_and_table_wear_the_faces(harness: Harness) -> None:
    await _ready(harness)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "R9", "G4", "B6", "Y1", "R7", "W"]}, start="R5",
              dealer=bob)
    hand = await open_hand(harness, ann, session)
    assert harness.bot is not None
    ids = {name: i for name, i in harness.bot.card_emoji.emoji.values()}
    buttons = {b["label"]: b.get("emoji") or {} for b in hand.buttons()}
    # The face is the emoji; the number the picture shows moves into the label.
    red7 = buttons[f"1 · {card_name('R7')} ×2"]
    assert red7["name"] == emoji_name(face_of(Card.parse("R7"), colorblind=False))
    assert int(red7["id"]) == ids[red7["name"]]
    assert buttons[f"3 · {card_name('G4')}"]["name"].startswith("uno_G4l_")
    # No face for the Wild (not uploaded here): its keycap and text label, as before. Its
    # number is 6, as in the picture: the two Red 7s are one card there (issue 34).
    assert buttons[label("W")]["name"] == "6️⃣"
    # The table's top card wears its face too.
    top = emoji_name(face_of(Card.parse("R5"), colorblind=False))
    await harness.fake.wait_for(lambda: f"<:{top}:{ids[top]}> {card_name('R5')}" in str(
        table_of(bob, session).text), timeout=3)
    # Playing shows the card's face in the log.
    await ann.click(hand, f"1 · {card_name('R7')} ×2")
    await harness.fake.wait_for(lambda: re.search(
        rf"<:uno_R7l_[0-9a-f]{{8}}:\d+> {card_name('R7')}",
        table_of(bob, session).text), timeout=3)


async def test_without_the_external_emoji_permission_cards_are_text(harness: Harness) -> None:
    await _ready(harness)
    perms = discord.Permissions.all()
    perms.use_external_emojis = False
    harness.fake.app_permissions = perms.value
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "R9", "G4", "B6", "Y1", "B6", "W"]}, start="R5",
              dealer=bob)
    hand = await open_hand(harness, ann, session)
    buttons = {b["label"]: (b.get("emoji") or {}).get("name") for b in hand.buttons()}
    assert buttons[label("R7")] == "1️⃣" and buttons[label("G4")] == "3️⃣"


def test_every_face_has_a_valid_distinct_name_and_fits_discords_limits() -> None:
    specs = all_faces()
    names = [emoji_name(spec) for spec in specs]
    assert len(set(names)) == len(specs) < 2000 // 2  # room for a full replacement set
    assert all(faces_module.NAME.match(name) for name in names)
    assert all(len(faces_module.face_png(spec)) <= faces_module.MAX_BYTES for spec in specs[:20])
    # The colour-blind set differs from the classic one for coloured cards only.
    red7, wild = Card.parse("R7"), Card.parse("W")
    assert face_of(red7, colorblind=True) != face_of(red7, colorblind=False)
    assert face_of(wild, colorblind=True) == face_of(wild, colorblind=False)


@dataclass(eq=False)
class _Emoji:
    id: int
    name: str
    app: _App

    async def delete(self) -> None:
        self.app.items.remove(self)


class _App:
    """The client calls `CardEmoji` makes, over a plain list (no Discord at all)."""

    def __init__(self, names: list[str]) -> None:
        self.items = [_Emoji(i, name, self) for i, name in enumerate(names, start=1)]
        self.created: list[str] = []

    async def fetch_application_emojis(self) -> list[_Emoji]:
        return list(self.items)

    async def create_application_emoji(self, *, name: str, image: bytes) -> _Emoji:
        made = _Emoji(1000 + len(self.created), name, self)
        self.items.append(made)
        self.created.append(name)
        return made


async def test_a_second_look_keeps_what_it_found_and_duplicates_go() -> None:
    specs = _specs()[:2]
    names = [emoji_name(spec) for spec in specs]
    app = _App([names[0], names[0], "party_parrot"])  # a face twice (an upload retried)
    manager = emoji_module.CardEmoji(app, uploads=True,  # type: ignore[arg-type]
                                     specs=lambda: specs)
    await manager.sync()
    await manager.sync()  # a second look: nothing found stale, nothing uploaded again
    assert app.created == [names[1]] and manager.deleted == 1
    assert sorted(e.name for e in app.items) == sorted([*names, "party_parrot"])
    reader = emoji_module.CardEmoji(_App([names[0], "uno_R7l_00000000"]),  # type: ignore[arg-type]
                                    uploads=False, specs=lambda: specs)
    await reader.sync()  # a process without shard 0 changes nothing, and waits for the rest
    assert reader.deleted == 0 and not reader.complete.is_set() and len(reader.emoji) == 1
