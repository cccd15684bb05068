"""The round's end lays every hand down (issue 18) within Discord's embed limits, however many
players and cards: 6000 characters an embed, 1024 a field, 25 fields (docs/DISCORD-FACTS.md)."""

from __future__ import annotations

import re

import pytest

from bot.engine import Game, RuleSet
from bot.render.faces import Faces, all_faces
from bot.render.table import render_table
from bot.services.session import Session

# Every card face as if uploaded: each card in the text then costs a 38-character emoji more.
EVERY_FACE = Faces({spec.key: (f"uno_{spec.key}_00000000", 10**18 + i)
                    for i, spec in enumerate(all_faces())})


@pytest.mark.parametrize("faces", [Faces(), EVERY_FACE], ids=["text", "emoji"])
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_round_end_of_ten_full_hands_fits_one_embed(locale: str, faces: Faces) -> None:
    players = [str(10**17 + i) for i in range(10)]
    game, events = Game.start(players, RuleSet.classic(), seed=3)
    for hand in game.hands[1:]:  # nine hands of about 10 cards each: the whole deck
        while len(hand) < 10 and game.draw_pile:
            hand.append(game.draw_pile.pop())
    game.hands[0].clear()
    game.round_winner, game.round_over = 0, True
    session = Session(game_id="0123abcd", guild_id=1, channel_id=2, game=game,
                      names={p: "Ж" * 32 for p in players}, locale=locale, turn_timer=90,
                      host=players[0])
    session.remember(events)
    embed = render_table(session, faces=faces).embed
    assert len(embed) <= 6000 and len(embed.fields) <= 25
    # A line too long with its faces is written in text: no emoji is ever cut in half.
    text = "\n".join(f.value or "" for f in embed.fields)
    assert text.count("<:") == len(re.findall(r"<:uno_\w+_0{8}:\d+>", text))
    assert (text.count("<:") > 20) == (faces is EVERY_FACE)  # and faces where the room allows
    assert all(len(f.value or "") <= 1024 and f.name for f in embed.fields)
    shown = "\n".join(f.value or "" for f in embed.fields)
    assert shown.count("Ж" * 32) >= 2 * 9  # every hand laid down (and listed in Players)
