"""Made for phones (issue 21 item 3): at most 5 buttons a row, short button labels, pictures no
wider than 1,000 px, and a table whose text alone says everything its picture shows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import Card, FlipCard, Game, RuleSet, all_cards
from bot.render import images
from bot.render.faces import Faces, all_faces
from bot.render.pictures import table_picture
from bot.render.table import render_table
from bot.render.text import card_label, card_short, color_name, tr
from bot.services.session import Session
from bot.ui.views import hand_view
from drivers.catalogue import LOCALES

PHONE_WIDTH = 1000  # px: wider pictures are shrunk until their cards are hard to read
NAME_MAX = 20  # characters of a card's name on a button
LABEL_MAX = 28  # a card button's whole label: its number, name, copies, or its UNO! call
CARDS = [*all_cards(), Card.parse("W")]
# Every face as if uploaded, so the labels are checked in their emoji form too.
EVERY_FACE = {spec.key: (f"uno_{spec.key}_00000000", 10**17 + i)
              for i, spec in enumerate(all_faces())}


def _session(players: int, *, flip: bool = False, seed: int = 1, locale: str = "en") -> Session:
    ids = [str(10**17 + i) for i in range(players)]
    rules = RuleSet.build("flip") if flip else RuleSet.classic()
    game, events = Game.start(ids, rules, seed=seed)
    session = Session(game_id="0123abcd", guild_id=1, channel_id=2, game=game,
                      names={p: f"Player{i}" for i, p in enumerate(ids)}, locale=locale,
                      turn_timer=90, host=ids[0])
    session.remember(events)
    return session


def test_pictures_are_no_wider_than_a_phone() -> None:
    assert max(images.hand_size(n)[0] for n in range(1, 113)) <= PHONE_WIDTH
    table = table_picture(_session(10, flip=True))
    assert images.table_size(table)[0] <= PHONE_WIDTH


@pytest.mark.parametrize("locale", LOCALES)
def test_card_names_on_buttons_are_short(locale: str) -> None:
    longest = max((card_short(c, locale) for c in CARDS), key=len)
    assert len(longest) <= NAME_MAX, longest


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("faces", [Faces(), Faces(EVERY_FACE)], ids=["text", "emoji"])
async def test_a_big_hand_has_short_labels_and_five_buttons_a_row(locale: str,
                                                                 faces: Faces) -> None:
    session = _session(2, flip=True, locale=locale)
    player = session.game.players[0]
    # Twenty distinct cards with long names (Flip's, of both sides), each held twice: numbers,
    # names and copies.
    game = session.game
    pool = [c for c in (*game.draw_pile, *game.discard, *game.hands[1]) if isinstance(c, FlipCard)]
    pool += [replace(c, dark_up=True) for c in pool]
    by_face = {c.face.code: c for c in pool}
    longest = sorted(by_face.values(), key=lambda c: -len(card_short(c, locale)))[:20]
    game.hands[0][:] = [c for c in longest for _ in range(2)]
    view = hand_view(session, player, locale, faces=faces)
    rows = [row.to_component_dict() for row in view.rows()]  # as sent to Discord
    labels = [str(button.get("label")) for row in rows for button in row["components"]]
    assert len(labels) > 20 and max(map(len, labels)) <= LABEL_MAX, max(labels, key=len)
    assert max(len(row["components"]) for row in rows) <= 5


@pytest.mark.parametrize(("flip", "seed"), [(False, 1), (False, 7), (True, 2), (True, 5)])
def test_the_table_text_says_all_its_picture_shows(flip: bool, seed: int) -> None:
    session = _session(6, flip=flip, seed=seed)
    picture = table_picture(session)
    shown = render_table(session).shown
    text = shown.text + "\n".join(s.text for s in shown.sections)
    lc = session.locale
    assert card_label(picture.top, lc) in text
    if picture.color is not None:
        assert color_name(picture.color, lc) in text
    way = "clockwise" if picture.direction == 1 else "counter"
    assert tr(lc, f"table.direction.{way}") in text
    for name, count, waiting, active in picture.players:
        line = tr(lc, "table.player", player=name, count=count, points=0)
        assert (("▶ " if waiting else "• ") + line) in text if active else name in text
    if picture.draw_pile_inactive is not None:
        assert card_label(picture.draw_pile_inactive, lc) in text
