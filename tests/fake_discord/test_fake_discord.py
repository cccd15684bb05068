"""The fake Discord, proven with a small real discord.py bot defined here.

The bot is an AutoShardedBot with a `/uno` group, like the project's bot will be; each test
drives it through virtual users and checks what they see and what the fake refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from discord.webhook.async_ import async_context, interaction_response_params

from bot.fake_discord.limits import check_message
from tests.fake_discord import (
    FakeClock,
    FakeDiscordSession,
    ProblemsSeen,
    VirtualUser,
    fake_discord_session,
)

HTTPException = discord.HTTPException


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"card:(?P<game>[0-9]+):(?P<card>[a-z0-9-]+)"):
    """State lives in the custom_id, so the button works after a restart."""

    def __init__(self, game: int, card: str) -> None:
        super().__init__(discord.ui.Button(label=card, custom_id=f"card:{game}:{card}"))
        self.game, self.card = game, card

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> CardButton:
        return cls(int(match["game"]), match["card"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} played {self.card} in game {self.game}")


class TableView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.players: list[str] = []
        self.refreshes = 0
        self.add_item(CardButton(7, "red-5"))

    @discord.ui.button(label="Join", custom_id="table:join")
    async def join(self, interaction: discord.Interaction[Any], _: discord.ui.Button[Any]) -> None:
        self.players.append(interaction.user.name)
        await interaction.response.edit_message(content="Players: " + ", ".join(self.players))

    @discord.ui.button(label="Refresh", custom_id="table:refresh")
    async def refresh(self, interaction: discord.Interaction[Any],
                      _: discord.ui.Button[Any]) -> None:
        # Acknowledge at once, then edit through the channel route (the one a table edit uses).
        await interaction.response.defer()
        self.refreshes += 1
        assert interaction.message is not None
        await interaction.message.edit(content=f"refreshed {self.refreshes}")

    @discord.ui.select(custom_id="table:colour", placeholder="Colour",
                       options=[discord.SelectOption(label=c, value=c)
                                for c in ("red", "yellow", "green", "blue")])
    async def colour(self, interaction: discord.Interaction[Any],
                     select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


class Uno(app_commands.Group):
    def __init__(self, bot: EchoBot) -> None:
        super().__init__(name="uno", description="UNO")
        self.bot = bot

    @app_commands.command(description="Repeat a text")
    async def echo(self, interaction: discord.Interaction[Any], text: str,
                   hidden: bool = False) -> None:
        await interaction.response.send_message(text, ephemeral=hidden)

    @app_commands.command(description="Show a table")
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("Players:", view=TableView())

    @app_commands.command(description="Who am I")
    async def whoami(self, interaction: discord.Interaction[Any]) -> None:
        member = interaction.user
        assert isinstance(member, discord.Member)
        await interaction.response.send_message(
            f"{member.name} {interaction.locale.value} {interaction.guild_locale}"
            f" manage_channels={interaction.permissions.manage_channels}", ephemeral=True)

    @app_commands.command(description="Show your hand")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CardButton(8, "blue-2"))
        await interaction.response.send_message("your hand", view=view, ephemeral=True)

    @app_commands.command(description="Think, then answer")
    async def think(self, interaction: discord.Interaction[Any], hidden: bool = False) -> None:
        await interaction.response.defer(ephemeral=hidden, thinking=True)
        await interaction.followup.send("thought")
        await interaction.followup.send("and more", ephemeral=hidden)

    @app_commands.command(description="Answer when the test says so")
    async def slow(self, interaction: discord.Interaction[Any]) -> None:
        self.bot.entered.set()
        await self.bot.gate.wait()
        await interaction.response.send_message("finally")

    @app_commands.command(description="Defer, follow up when the test says so")
    async def later(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        await self.bot.gate.wait()
        await interaction.followup.send("much later")

    @app_commands.command(description="Answer twice")
    async def twice(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("once")
        # A second code path (or a second process) answering the same interaction: discord.py's
        # per-object guard cannot see it, Discord can.
        await async_context.get().create_interaction_response(
            interaction.id, interaction.token, session=interaction._session,
            params=interaction_response_params(4, {"content": "twice"}))

    @app_commands.command(description="Never answer")
    async def ignore(self, interaction: discord.Interaction[Any]) -> None:
        pass



@app_commands.command(description="Admins only")
@app_commands.default_permissions(manage_channels=True)
async def reset(interaction: discord.Interaction[Any]) -> None:
    # Discord honours default permissions on top-level commands only.
    await interaction.response.send_message("reset")


class EchoBot(commands.AutoShardedBot):
    """Commands in `guild_id` (None: global ones); with `shard_ids`, those of `shard_count`."""

    def __init__(self, guild_id: int | None, *, shard_ids: list[int] | None = None,
                 shard_count: int | None = None) -> None:
        shards: dict[str, Any] = {} if shard_ids is None else {
            "shard_ids": shard_ids, "shard_count": shard_count}
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), guild_ready_timeout=0.05, **shards)
        self.dev_guild = discord.Object(guild_id) if guild_id is not None else None
        self.synced: list[app_commands.AppCommand] = []
        self.gate = asyncio.Event()
        self.entered = asyncio.Event()

    async def setup_hook(self) -> None:
        self.tree.add_command(Uno(self), guild=self.dev_guild)
        self.tree.add_command(reset, guild=self.dev_guild)
        self.add_dynamic_items(CardButton)
        self.synced = await self.tree.sync(guild=self.dev_guild)


@pytest.fixture
async def bot(fake_discord: FakeDiscordSession) -> EchoBot:
    started: EchoBot = await fake_discord.start_bot(
        lambda: EchoBot(fake_discord.fake.guild_id))
    return started


@pytest.fixture
def ann(fake_discord: FakeDiscordSession) -> VirtualUser:
    return fake_discord.user("Ann", permissions=["manage_channels"])


@pytest.fixture
def bob(fake_discord: FakeDiscordSession) -> VirtualUser:
    return fake_discord.user("Bob", locale="uk")


async def test_login_and_command_sync(fake_discord: FakeDiscordSession, bot: EchoBot) -> None:
    fake = fake_discord.fake
    puts = [r for r in fake.requests if r.method == "PUT"]
    assert [r.route for r in puts] == ["/applications/{application_id}/guilds/{guild_id}/commands"]
    assert [c["name"] for c in puts[0].body] == ["uno", "reset"]
    # The echo carries ids, which discord.py parsed into AppCommand objects.
    assert [c.name for c in bot.synced] == ["uno", "reset"] and bot.synced[0].id > 0
    echo = next(o for o in fake.guild_commands[0]["options"] if o["name"] == "echo")
    assert [o["name"] for o in echo["options"]] == ["text", "hidden"]
    assert bot.user is not None and bot.user.id == fake.application_id
    assert bot.get_guild(fake.guild_id) is not None


async def test_ephemeral_reply_is_seen_only_by_the_caller(bot: EchoBot, ann: VirtualUser,
                                                           bob: VirtualUser) -> None:
    handle = await ann.slash("uno echo", text="psst", hidden=True)
    assert handle.response is not None and handle.response.ephemeral
    assert [m.content for m in ann.ephemerals()] == ["psst"]
    assert bob.messages() == [] and bob.ephemerals() == []


async def test_public_reply_is_seen_by_everyone(bot: EchoBot, ann: VirtualUser,
                                                bob: VirtualUser) -> None:
    await ann.slash("uno echo", text="hello all")
    assert [m.content for m in bob.public_messages()] == ["hello all"]
    assert ann.last_message().content == "hello all"


async def test_command_options_follow_the_synced_schema(bot: EchoBot, ann: VirtualUser,
                                                        bob: VirtualUser) -> None:
    with pytest.raises(LookupError, match="no option"):
        await ann.slash("uno echo", txt="typo")
    with pytest.raises(ValueError, match="required"):
        await ann.slash("uno echo")
    with pytest.raises(TypeError):
        await ann.slash("uno echo", text="x", hidden="yes")
    # default_permissions(manage_channels): Discord offers /reset to Ann only.
    with pytest.raises(PermissionError):
        await bob.slash("reset")
    await ann.slash("reset")
    assert bob.last_message().content == "reset"


async def test_locale_and_permissions_reach_the_bot(bot: EchoBot, ann: VirtualUser,
                                                     bob: VirtualUser) -> None:
    await ann.slash("uno whoami")
    await bob.slash("uno whoami")
    assert ann.last_message().content == "Ann en-US en-US manage_channels=True"
    assert bob.last_message().content == "Bob uk en-US manage_channels=False"


async def test_buttons_dynamic_item_and_select(bot: EchoBot, ann: VirtualUser,
                                               bob: VirtualUser) -> None:
    table = (await ann.slash("uno table")).response
    assert table is not None and table.labels() == ["Join", "Refresh", "red-5"]
    await bob.click(table, "Join")
    await ann.click(table, custom_id="table:join")
    assert bob.message(table.id).content == "Players: Bob, Ann" and table.edits == 2
    # The DynamicItem is found by its template, not by a stored view.
    await bob.click(table, custom_id="card:7:red-5")
    assert table.content == "Bob played red-5 in game 7"
    choice = await bob.choose(table, "green")
    assert choice.response is not None and choice.response.content == "you chose green"
    assert [m.content for m in bob.ephemerals()] == ["you chose green"]
    assert ann.ephemerals() == []
    with pytest.raises(ValueError, match="not options"):
        await bob.choose(table, "purple")


async def test_ephemeral_message_is_clicked_and_edited_privately(bot: EchoBot, ann: VirtualUser,
                                                                 bob: VirtualUser) -> None:
    hand = (await ann.slash("uno hand")).response
    assert hand is not None and hand.ephemeral
    with pytest.raises(LookupError, match="cannot see"):
        await bob.click(hand.id, "blue-2")
    await ann.click(hand, "blue-2")
    assert [(m.content, m.edits) for m in ann.ephemerals()] == [("Ann played blue-2 in game 8", 1)]
    assert bob.messages() == []


@pytest.mark.parametrize("hidden", [False, True])
async def test_defer_then_follow_up(bot: EchoBot, ann: VirtualUser, bob: VirtualUser,
                                    hidden: bool) -> None:
    handle = await ann.slash("uno think", hidden=hidden)
    # The first follow-up fills the "thinking" message, keeping the defer's ephemerality.
    answer = await handle.wait_loaded()
    assert answer.content == "thought" and answer.ephemeral is hidden
    [more] = await handle.wait_followups(1)
    assert more.content == "and more"
    assert [m.content for m in ann.messages()] == ["thought", "and more"]
    assert [m.content for m in bob.messages()] == ([] if hidden else ["thought", "and more"])


async def test_late_first_response_is_unknown_interaction(fake_discord: FakeDiscordSession,
                                                          bot: EchoBot, ann: VirtualUser) -> None:
    await ann.slash("uno slow", wait=False)
    await fake_discord.fake.wait_for(bot.entered.is_set)
    fake_discord.clock.advance(3.5)
    bot.gate.set()
    await fake_discord.fake.wait_for(lambda: fake_discord.fake.violations)
    await fake_discord.fake.wait_for(fake_discord.bot_errors)
    [violation] = fake_discord.take_violations()
    assert violation.code == 10062 and "first response after 3." in violation.message
    assert any("10062" in e for e in fake_discord.take_bot_errors())


async def test_missing_acknowledgement_is_recorded(fake_discord: FakeDiscordSession,
                                                   bot: EchoBot, ann: VirtualUser) -> None:
    fake_discord.fake.response_deadline = 0.1   # the deadline is configurable: tests stay fast
    handle = await ann.slash("uno ignore")
    assert not handle.acknowledged
    assert [v.code for v in fake_discord.take_violations()] == [10062]


async def test_second_acknowledgement_is_refused(fake_discord: FakeDiscordSession, bot: EchoBot,
                                                 ann: VirtualUser) -> None:
    await ann.slash("uno twice")
    await fake_discord.fake.wait_for(fake_discord.bot_errors)
    assert [v.code for v in fake_discord.take_violations()] == [40060]
    assert any("40060" in e for e in fake_discord.take_bot_errors())
    assert [m.content for m in ann.messages()] == ["once"]


async def test_token_expires_after_15_minutes(fake_discord: FakeDiscordSession, bot: EchoBot,
                                              ann: VirtualUser) -> None:
    handle = await ann.slash("uno later")
    assert handle.acknowledged
    fake_discord.clock.advance(15 * 60 + 1)
    bot.gate.set()
    await fake_discord.fake.wait_for(fake_discord.bot_errors)
    assert [v.code for v in fake_discord.take_violations()] == [50027]
    assert any("50027" in e for e in fake_discord.take_bot_errors())
    assert handle.response is not None and handle.response.loading


def _rows(*sizes: int, custom_id_length: int = 8) -> list[dict[str, Any]]:
    n = iter(range(1000))
    return [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "b",
         "custom_id": f"{next(n):0{custom_id_length}d}"} for _ in range(size)]}
        for size in sizes]


def _select(options: int) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [
        {"label": str(i), "value": str(i)} for i in range(options)]}]}]


# Each case: the payload, the fake's own limit check's complaint (limits.py), and, where
# Discord's API spec refuses it before that check (spec.py, in front of every route), the spec's.
@pytest.mark.parametrize(("payload", "problem", "spec_says"), [
    ({"components": _rows(5, 5, 5, 5, 5, 1)}, "6 action rows", None),
    ({"components": _rows(5, 5, 5, 5, 6)}, "26 components",
     "body.components[4].components: 6 items, where the spec allows at most 5"),
    ({"components": _rows(6)}, "6 items > 5",
     "body.components[0].components: 6 items, where the spec allows at most 5"),
    ({"components": _rows(1, custom_id_length=101)}, "101 characters > 100",
     "components[0].components[0].custom_id: 101 characters, where the spec allows at most 100"),
    ({"components": _select(26)}, "26 options",
     "components[0].components[0].options: 26 items, where the spec allows at most 25"),
    ({"content": "x" * 2001}, "2001 characters > 2000", None),
    ({"embeds": [{"title": "t" * 257}]}, "title has 257",
     "body.embeds[0].title: 257 characters, where the spec allows at most 256"),
    ({"embeds": [{"description": "d" * 4097}]}, "description has 4097",
     "body.embeds[0].description: 4097 characters, where the spec allows at most 4096"),
    ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "26 fields",
     "body.embeds[0].fields: 26 items, where the spec allows at most 25"),
    ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "6001", None),
], ids=["rows", "components", "row-width", "custom-id", "select", "content", "embed-title",
        "embed-description", "embed-fields", "embed-total"])
async def test_payload_limits_are_refused(fake_discord: FakeDiscordSession, bot: EchoBot,
                                          payload: dict[str, Any], problem: str,
                                          spec_says: str | None) -> None:
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    body = {"content": "x", **payload}
    with pytest.raises(HTTPException) as refused:
        await bot.http.request(route, json=body)
    assert refused.value.status == 400 and refused.value.code == 50035
    [violation] = fake_discord.take_violations()
    assert (spec_says or problem) in violation.message
    assert fake_discord.fake.channel_messages() == []
    assert any(problem in found for found in check_message(body))


async def test_a_view_within_limits_is_accepted(fake_discord: FakeDiscordSession,
                                                bot: EchoBot, ann: VirtualUser) -> None:
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    await bot.http.request(route, json={"components": _rows(5, 5, 5, 5, 5), "content": "25"})
    assert len(ann.last_message().buttons()) == 25


V2 = 1 << 15  # IS_COMPONENTS_V2


def _text(content: str = "t") -> dict[str, Any]:
    return {"type": 10, "content": content}


def _box(*children: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": 17, "components": list(children)}]


def _gallery(items: int) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": f"attachment://{i}.png"}}
                                  for i in range(items)]}


@pytest.mark.parametrize(("payload", "problem", "spec_says"), [
    ({"content": "x", "components": _box(_text())}, "content cannot be used", None),
    ({"embeds": [{"title": "t"}], "components": _box(_text())}, "embeds cannot be used", None),
    ({"components": _box(*[_text()] * 40)}, "41 components > 40", None),
    ({"components": _box(_text("a" * 2000), _text("b" * 2001))}, "4001 characters in all",
     None),
    ({"components": _box(_gallery(0))}, "0 items (1..10)",
     "components[0].components[0].items: 0 items, where the spec allows at least 1"),
    ({"components": _box(_gallery(11))}, "11 items (1..10)",
     "components[0].components[0].items: 11 items, where the spec allows at most 10"),
    ({"components": _box(*_rows(6))}, "6 items > 5",
     "components[0].components[0].components: 6 items, where the spec allows at most 5"),
    ({"components": _box({"type": 9, "components": [_text()]})}, "needs an accessory",
     "components[0].components[0]: 'accessory' is a required property"),
    ({"components": _box(*_box(_text()))}, "cannot be placed there",
     "components[0].components[0].type: 17 is not one of ["),
    ({"components": _box(_text(""))}, "text display without content",
     "components[0].components[0].content: 0 characters, where the spec allows at least 1"),
    ({"components": []}, "needs components", None),
], ids=["content", "embeds", "components", "text", "empty-gallery", "big-gallery", "row-width",
        "section", "nested-container", "empty-text", "no-components"])
async def test_components_v2_limits_are_refused(fake_discord: FakeDiscordSession, bot: EchoBot,
                                                payload: dict[str, Any], problem: str,
                                                spec_says: str | None) -> None:
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    body = {"flags": V2, **payload}
    with pytest.raises(HTTPException) as refused:
        await bot.http.request(route, json=body)
    assert refused.value.status == 400 and refused.value.code == 50035
    [violation] = fake_discord.take_violations()
    assert (spec_says or problem) in violation.message
    assert fake_discord.fake.channel_messages() == []
    assert any(problem in found for found in check_message(body))


async def test_a_v2_message_within_limits_is_accepted(fake_discord: FakeDiscordSession,
                                                      bot: EchoBot, ann: VirtualUser) -> None:
    """40 components in all (the container, 14 texts, a gallery, 4 rows of 5 buttons), and 4000
    characters of text: Discord's limits, reached and not passed."""
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    texts = [_text("a" * 285)] * 13 + [_text("a" * 295)]
    await bot.http.request(route, json={"flags": V2, "content": None, "embeds": [],
                                        "components": _box(*texts, _gallery(10),
                                                           *_rows(5, 5, 5, 5))})
    seen = ann.last_message()
    assert seen.v2 and len(seen.buttons()) == 20 and len(seen.text) == 4000 + 13
    assert len(seen.pictures) == 10 and seen.content == "" and seen.embeds == []


async def test_an_edit_converts_a_message_to_v2_and_the_flag_stays(
        fake_discord: FakeDiscordSession, bot: EchoBot, ann: VirtualUser) -> None:
    """A message with content and an embed becomes a V2 message by an edit that sets the flag
    and clears both; from then on no edit may bring them back or take the flag off."""
    fake, channel_id = fake_discord.fake, fake_discord.fake.channel.id
    posted = await bot.http.request(Route("POST", "/channels/{channel_id}/messages",
                                          channel_id=channel_id),
                                    json={"content": "old", "embeds": [{"title": "Table"}],
                                          "components": _rows(2)})
    edit = Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                 channel_id=channel_id, message_id=posted["id"])
    with pytest.raises(HTTPException):  # the flag alone: the content would stay
        await bot.http.request(edit, json={"flags": V2, "components": _box(_text("new"))})
    assert "content cannot be used" in fake_discord.take_violations()[0].message
    await bot.http.request(edit, json={"flags": V2, "content": None, "embeds": [],
                                       "components": _box(_text("new"))})
    seen = ann.message(int(posted["id"]))
    assert seen.v2 and seen.texts == ["new"] and seen.embeds == []
    for payload, problem in (({"flags": 0, "components": _rows(1)}, "cannot be removed"),
                             ({"content": "back"}, "content cannot be used"),
                             ({"embeds": [{"title": "t"}]}, "embeds cannot be used")):
        with pytest.raises(HTTPException) as refused:
            await bot.http.request(edit, json=payload)
        assert refused.value.code == 50035
        [violation] = fake_discord.take_violations()
        assert problem in violation.message
    await bot.http.request(edit, json={"components": _box(_text("newer"))})  # the flag stays
    assert seen.v2 and seen.texts == ["newer"]
    assert fake.messages[seen.id].payload["flags"] == V2


async def test_injected_429_on_a_message_edit_is_retried(fake_discord: FakeDiscordSession,
                                                         bot: EchoBot, ann: VirtualUser) -> None:
    fake = fake_discord.fake
    table = (await ann.slash("uno table")).response
    assert table is not None
    route = "/channels/{channel_id}/messages/{message_id}"
    fake.inject_429("PATCH", route, times=2, retry_after=0.02)
    await ann.click(table, "Refresh")
    await fake.wait_for(lambda: table.content == "refreshed 1")
    assert [r.status for r in fake.requests if r.route == route] == [429, 429, 200]
    assert len(fake.rate_limited) == 2


async def test_injected_429_on_a_follow_up_is_retried(fake_discord: FakeDiscordSession,
                                                       bot: EchoBot, ann: VirtualUser) -> None:
    # Interaction webhooks go through discord.py's webhook adapter, which retries on its own.
    fake = fake_discord.fake
    fake.inject_429("POST", "/webhooks/{application_id}/{token}", retry_after=0.02)
    handle = await ann.slash("uno think")
    await handle.wait_followups(1)
    assert [r.status for r in fake.rate_limited] == [429]


async def test_fake_clock_sleep_wakes_on_advance() -> None:
    clock = FakeClock()
    sleeper = asyncio.create_task(clock.sleep(15 * 60))
    await asyncio.sleep(0.01)
    assert not sleeper.done()
    clock.advance(15 * 60)
    await asyncio.wait_for(sleeper, 1.0)


async def test_disconnect_and_resume_replays_missed_events(fake_discord: FakeDiscordSession,
                                                           bot: EchoBot, ann: VirtualUser,
                                                           bob: VirtualUser) -> None:
    gateway = fake_discord.fake.gateway
    await gateway.drop_connections()
    handle = await ann.slash("uno echo", text="sent while away", wait=False)
    await gateway.restore()
    await handle.wait_acknowledged()
    assert bob.last_message().content == "sent while away"
    identify, resume = 2, 6
    assert gateway.ops_received.count(identify) == 1 and resume in gateway.ops_received


async def test_auto_sharded_bot_asks_for_the_gateway(fake_discord: FakeDiscordSession,
                                                     bot: EchoBot) -> None:
    asked = [r for r in fake_discord.fake.requests if r.route == "/gateway/bot"]
    assert len(asked) == 1
    assert bot.shard_count == 1 and bot.shards[0].id == 0
    [session] = fake_discord.fake.gateway.sessions.values()
    assert (session.shard_id, session.shard_count) == (0, 1)


async def test_a_refused_call_fails_the_test() -> None:
    with pytest.raises(ProblemsSeen, match="2001 characters"):
        async with fake_discord_session() as session:
            bot = await session.start_bot(lambda: EchoBot(session.fake.guild_id))
            channel = bot.get_channel(session.fake.channel.id)
            assert isinstance(channel, discord.TextChannel)
            with contextlib.suppress(HTTPException):
                await channel.send("x" * 2001)


async def test_an_ignored_interaction_fails_the_test() -> None:
    with pytest.raises(ProblemsSeen, match="not acknowledged"):
        async with fake_discord_session() as session:
            session.fake.response_deadline = 0.1
            await session.start_bot(lambda: EchoBot(session.fake.guild_id))
            await session.user("Ann").slash("uno ignore")


async def test_a_deferred_click_edits_its_message_through_its_token_for_15_minutes(
        fake_discord: FakeDiscordSession, bot: EchoBot, ann: VirtualUser) -> None:
    """Issue 29 relies on it (a table edited through a click's token): a click acknowledged
    with DEFERRED_UPDATE_MESSAGE (6) has the clicked message as its token's @original ("ACK an
    interaction and edit the original message later"); the token reaches no other message, and
    is refused (50027) after its 15 minutes (docs/DISCORD-FACTS.md)."""
    fake = fake_discord.fake
    table = (await ann.slash("uno table")).response
    other = (await ann.slash("uno table")).response
    assert table is not None and other is not None
    click = await ann.click(table, "Refresh")  # deferred, then edited through the channel
    await fake.wait_for(lambda: table.content == "refreshed 1")
    assert click.record.original_message_id == table.id
    hook = (f"{fake.base_url}/api/v10/webhooks/{fake.application_id}/{click.record.token}"
            f"/messages")
    async with aiohttp.ClientSession() as http:
        async with http.patch(f"{hook}/@original", json={"content": "by the click"}) as answer:
            assert answer.status == 200
        assert table.content == "by the click"
        async with http.patch(f"{hook}/{other.id}", json={"content": "elsewhere"}) as answer:
            assert (answer.status, (await answer.json())["code"]) == (404, 10008)
        fake_discord.clock.advance(15 * 60 + 1)
        async with http.patch(f"{hook}/@original", json={"content": "too late"}) as answer:
            assert (answer.status, (await answer.json())["code"]) == (401, 50027)
    assert table.content == "by the click" and other.content == "Players:"
    fake.take_violations()  # the two refusals were provoked on purpose
