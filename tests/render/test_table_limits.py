"""The round's end lays every hand down (issue 18) within the limits of the table's Components V2
message, however many players and cards: 4000 characters of text in all its text displays, 40
components (docs/DISCORD-FACTS.md); the embed it is laid out from keeps within its own limits
(1024 a field, 25 fields) too."""

from __future__ import annotations

import re

import discord
import pytest

from bot.engine import Game, RuleSet
from bot.render.faces import Faces, all_faces
from bot.render.table import render_table
from bot.services.session import Session
from bot.ui.layout import COMPONENTS_MAX, TEXT_MAX, layout
from drivers.catalogue import LOCALES

# Every card face as if uploaded: each card in the text then costs a 38-character emoji more.
EVERY_FACE = Faces({spec.key: (f"uno_{spec.key}_00000000", 10**18 + i)
                    for i, spec in enumerate(all_faces())})
EMOJI = re.compile(r"<:uno_\w+_0{8}:\d+>")


def _round_end(locale: str, cards: int) -> Session:
    """Ten players with Discord's longest names; nine of them hold `cards` cards each (ten:
    about the whole deck) when the first goes out."""
    players = [str(10**17 + i) for i in range(10)]
    game, events = Game.start(players, RuleSet.classic(), seed=3)
    for hand in game.hands[1:]:
        del hand[cards:]
        while len(hand) < cards and game.draw_pile:
            hand.append(game.draw_pile.pop())
    game.hands[0].clear()
    game.round_winner, game.round_over = 0, True
    session = Session(game_id="0123abcd", guild_id=1, channel_id=2, game=game,
                      names={p: "Ж" * 32 for p in players}, locale=locale, turn_timer=90,
                      host=players[0])
    session.remember(events)
    return session


@pytest.mark.parametrize("faces", [Faces(), EVERY_FACE], ids=["text", "emoji"])
@pytest.mark.parametrize("locale", LOCALES)
async def test_a_round_end_of_ten_full_hands_fits_one_v2_message(locale: str,
                                                                 faces: Faces) -> None:
    text = render_table(_round_end(locale, 10), faces=faces)
    sections = text.shown.sections
    view = layout(text.shown, lead=text.content)
    texts = [item.content for item in view.walk_children()
             if isinstance(item, discord.ui.TextDisplay)]
    assert sum(map(len, texts)) <= TEXT_MAX and view.total_children_count <= COMPONENTS_MAX
    assert len(sections) <= 25
    assert all(len(s.text) <= 1024 and s.name for s in sections)
    # A line too long with its faces is written in text: no emoji is ever cut in half.
    shown = "\n".join(s.text for s in sections)
    assert shown.count("<:") == len(EMOJI.findall(shown))
    assert shown.count("Ж" * 32) >= 2 * 9  # every hand laid down (and listed in Players)
    assert "\n".join(texts).count("Ж" * 32) >= 2 * 9  # and nothing cut from the message


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_the_hands_laid_down_wear_their_faces_where_the_room_allows(locale: str) -> None:
    """Ten full hands leave no room for faces in 4000 characters; four cards a hand do."""
    for faces, worn in ((EVERY_FACE, True), (Faces(), False)):
        shown = "\n".join(s.text for s in render_table(
            _round_end(locale, 4), faces=faces).shown.sections)
        assert (shown.count("<:") > 20) == worn
        assert shown.count("<:") == len(EMOJI.findall(shown))
