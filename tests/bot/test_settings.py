"""/uno settings and /uno defaults: languages per user and per server,
colour-blind card faces, a server's default rules."""

from __future__ import annotations

from drivers.catalogue import tr
from drivers.screen import last_ephemeral, open_hand, title_of

from .harness import Harness, start_game


async def test_a_user_chooses_belarusian(harness: Harness) -> None:
    ann, olha = harness.user("Ann"), harness.user("Olha", locale="uk")
    await ann.slash("uno settings", language="be")
    assert last_ephemeral(ann).startswith("Ваша мова: Беларуская")
    await ann.slash("uno create")
    await ann.slash("uno join")  # already in: refused in Belarusian, the only way to reach it
    assert last_ephemeral(ann) == tr("be", "lobby.already_joined")
    await olha.slash("uno start")  # Olha's Discord speaks Ukrainian
    assert last_ephemeral(olha) == tr("uk", "error.host_only")
    await ann.slash("uno settings", language="auto")
    await ann.slash("uno join")
    assert last_ephemeral(ann) == tr("en", "lobby.already_joined")


async def test_the_server_language_needs_manage_server(harness: Harness) -> None:
    ann = harness.user("Ann")
    mod = harness.user("Mod", permissions=["manage_guild"])
    await ann.slash("uno settings", server_language="ru")
    assert last_ephemeral(ann) == tr("en", "settings.manage_guild_only")
    await mod.slash("uno settings", server_language="ru")
    await ann.slash("uno create")
    lobby = harness.lobby_any(ann)
    assert title_of(lobby) == tr("ru", "lobby.title")
    await ann.slash("uno join")  # Ann's own replies follow the server's choice too
    assert last_ephemeral(ann) == tr("ru", "lobby.already_joined")


async def test_colour_blind_faces_change_the_hand_picture(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    plain = (await open_hand(harness, ann, session)).attachments[0]
    await ann.slash("uno settings", colorblind=True)
    marked = (await open_hand(harness, ann, session)).attachments[0]
    files = harness.fake.files
    assert files[int(plain["id"])] != files[int(marked["id"])]


async def test_server_default_rules_apply_to_new_lobbies(harness: Harness) -> None:
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob = harness.user("Bob")
    await ann.slash("uno create", preset="cnuno", turn_timer=30)
    await bob.slash("uno defaults")
    assert last_ephemeral(bob) == tr("en", "settings.manage_guild_only")
    await ann.slash("uno defaults")
    assert ann.ephemerals()[-1].texts[0] == tr("en", "settings.defaults_saved")
    await ann.slash("uno end")
    await bob.slash("uno create")  # no options: the server's defaults
    assert harness.bot is not None
    lobby = await harness.bot.lobbies.get(harness.fake.channel.id)
    assert lobby is not None and (lobby.preset, lobby.turn_timer) == ("cnuno", 30)
    await bob.slash("uno end")
    await ann.slash("uno defaults", clear=True)
    await bob.slash("uno create")
    lobby = await harness.bot.lobbies.get(harness.fake.channel.id)
    assert lobby is not None and (lobby.preset, lobby.turn_timer) == ("classic", 90)


async def test_settings_survive_a_restart(harness: Harness) -> None:
    ann = harness.user("Ann")
    await ann.slash("uno settings", language="be", colorblind=True)
    bot = await harness.restart()
    user = bot.settings.user(ann.id)
    assert (user.locale, user.colorblind) == ("be", True)
