"""The preview in every language: one server per language beside the playground's own, whose
setting makes its tables and its people's answers speak that language, so each language's game
runs in its own channel at the same time as the others; and a table picture of players named in
ten scripts.
"""

from __future__ import annotations

import base64

from bot.engine import Game, RuleSet
from bot.fake_discord.world import Channel
from bot.i18n import KNOWN_LOCALES, get_translator
from bot.render import images
from bot.render.names import SAMPLE_NAMES
from bot.render.pictures import table_picture
from bot.services.session import Session

from .playground import Playground
from .web import CLIENT_LOCALES


def languages() -> dict[str, str]:
    """The bot's languages (code -> its own name), English first, in KNOWN_LOCALES' order."""
    tr = get_translator()
    return {code: tr.translate(code, "language.name")
            for code in KNOWN_LOCALES if code in tr.locales}


def add_servers(playground: Playground) -> dict[str, Channel]:
    """Before the bot starts: a server for every language but English (the playground's own
    server), with the playground's people in it; the channel each language plays in."""
    fake = playground.fake
    channels = {"en": fake.home.channels[0]}
    for code, name in languages().items():
        if code == "en":
            continue
        guild = fake.add_guild(f"UNO · {name}", CLIENT_LOCALES.get(code, "en-US"))
        for person in playground.people.values():
            fake.join(person.member, guild)
        channels[code] = guild.channels[0]
    return channels


async def speak(playground: Playground, channels: dict[str, Channel]) -> None:
    """Once the bot runs: each language's server speaks it (/uno settings server_language)."""
    assert playground.bot is not None
    for code, channel in channels.items():
        if code != "en":
            await playground.bot.settings.set_guild(channel.guild_id, locale=code)


def names_picture() -> str:
    """The table picture of ten players named in ten scripts, as a data URI."""
    ids = [str(10**17 + i) for i in range(len(SAMPLE_NAMES))]
    game, events = Game.start(ids, RuleSet.classic(), seed=1)
    session = Session(game_id="names000", guild_id=1, channel_id=2, game=game,
                      names=dict(zip(ids, SAMPLE_NAMES, strict=True)), locale="en",
                      turn_timer=90, host=ids[0])
    png = images.table_image(table_picture(session))
    return f"data:image/png;base64,{base64.b64encode(png).decode()}"
