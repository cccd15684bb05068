"""SettingsStore and BotStateStore: saved choices read back, overwritten, forgotten.

Every test runs against the SQLite and the in-memory implementation (the `storage` fixture)."""

from __future__ import annotations

from bot.storage import GuildSettings, UserSettings
from tests.storage.conftest import Stores


async def test_nothing_saved_reads_empty(storage: Stores) -> None:
    assert await storage.settings.all_guilds() == []
    assert await storage.settings.all_users() == []
    assert await storage.state.get("commands") is None


async def test_guild_settings_round_trip_and_overwrite(storage: Stores) -> None:
    settings = storage.settings
    await settings.save_guild(GuildSettings(20, locale="fr", preset="house",
                                            options={"stacking": True, "target": 250},
                                            turn_timer=60))
    await settings.save_guild(GuildSettings(10))
    assert await settings.all_guilds() == [  # in guild id order
        GuildSettings(10, None, None, {}, None),
        GuildSettings(20, "fr", "house", {"stacking": True, "target": 250}, 60)]
    await settings.save_guild(GuildSettings(20, locale="de"))  # the whole row is replaced
    assert await settings.all_guilds() == [GuildSettings(10), GuildSettings(20, locale="de")]


async def test_user_settings_round_trip_overwrite_and_forget(storage: Stores) -> None:
    settings = storage.settings
    await settings.save_user(UserSettings(7, locale="pt-BR", colorblind=True))
    await settings.save_user(UserSettings(3))
    assert await settings.all_users() == [UserSettings(3, None, False),
                                          UserSettings(7, "pt-BR", True)]
    await settings.save_user(UserSettings(7, colorblind=False))
    await settings.forget_user(3)
    await settings.forget_user(99)  # nobody: nothing to do
    assert await settings.all_users() == [UserSettings(7, None, False)]


async def test_saved_options_are_a_copy(storage: Stores) -> None:
    options = {"house": {"stacking": True}}
    await storage.settings.save_guild(GuildSettings(1, options=options))
    options["house"]["stacking"] = False
    [read] = await storage.settings.all_guilds()
    read.options["house"]["stacking"] = None
    assert (await storage.settings.all_guilds())[0].options == {"house": {"stacking": True}}


async def test_bot_state_set_get_overwrite(storage: Stores) -> None:
    state = storage.state
    await state.set("commands", "abc")
    await state.set("other", "")
    assert (await state.get("commands"), await state.get("other")) == ("abc", "")
    await state.set("commands", "def")
    assert await state.get("commands") == "def"


async def test_settings_survive_a_restart(storage: Stores) -> None:
    await storage.settings.save_user(UserSettings(1, locale="es"))
    await storage.state.set("k", "v")
    storage = await storage.restart()
    assert await storage.settings.all_users() == [UserSettings(1, "es", False)]
    assert await storage.state.get("k") == "v"


async def test_a_tournament_role_is_kept_whole_and_cleared(storage: Stores) -> None:
    """Issue 31: the role whose members may open tournaments; a Discord id needs all 64 bits
    (PostgreSQL's INTEGER would lose it)."""
    role = 1_234_567_890_123_456_789
    await storage.settings.save_guild(GuildSettings(5, ai_takeover=True, tournament_role=role))
    storage = await storage.restart()
    assert await storage.settings.all_guilds() == [
        GuildSettings(5, ai_takeover=True, tournament_role=role)]
    await storage.settings.save_guild(GuildSettings(5, ai_takeover=True))
    assert [g.tournament_role for g in await storage.settings.all_guilds()] == [None]
