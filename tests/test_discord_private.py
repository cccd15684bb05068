"""One test per assumption bot/discord_private.py makes about discord.py's private parts: each
fails when a discord.py upgrade (`python3 dev.py lock`) changes what the bot leans on, naming
the reliance, before anything subtler breaks. Behaviour is checked where it can be run offline;
where it cannot (the gateway's connect, a command's run), the call the bot relies on is looked
for in discord.py's own source."""

from __future__ import annotations

import asyncio
import inspect
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Route
from discord.state import ConnectionState
from discord.ui.view import ViewStore
from discord.webhook.async_ import async_context

from bot import discord_private as private


def _parameters(function: Any) -> list[str]:
    return list(inspect.signature(function).parameters)


def _source(function: Any) -> str:
    return inspect.getsource(function)


@pytest.fixture
def client() -> discord.Client:
    return discord.Client(intents=discord.Intents.none(), max_messages=None)


# -- 1. commands


def test_every_application_command_runs_through_command_tree_call() -> None:
    call = app_commands.CommandTree._call
    assert inspect.iscoroutinefunction(call)
    assert _parameters(call) == ["self", "interaction"]
    # The tree schedules `_call` for each command interaction the connection state hands it.
    assert "self._call(interaction)" in _source(app_commands.CommandTree._from_interaction)
    assert "_command_tree._from_interaction(interaction)" in _source(
        ConnectionState.parse_interaction_create)


async def test_the_guard_is_held_while_the_command_runs(monkeypatch: pytest.MonkeyPatch,
                                                      client: discord.Client) -> None:
    held: list[str] = []

    class Recording(private.GuardedCommandTree):
        def command_guard(self, interaction: discord.Interaction[Any]) -> Any:
            class Guard:
                def __enter__(self) -> None:
                    held.append("in")

                def __exit__(self, *_: object) -> None:
                    held.append("out")
            return Guard()

    async def run(self: app_commands.CommandTree[Any], interaction: Any) -> None:
        held.append("command")

    monkeypatch.setattr(app_commands.CommandTree, "_call", run)
    tree = Recording(client)
    await tree._call(object())  # type: ignore[arg-type]
    assert held == ["in", "command", "out"]


# -- 2 to 5. the connection state


def test_a_client_s_connection_state_is_made_with_it(client: discord.Client) -> None:
    assert isinstance(private.connection_state(client), ConnectionState)
    sharded = discord.AutoShardedClient(intents=discord.Intents.none())
    assert isinstance(private.connection_state(sharded), ConnectionState)


def test_the_parsers_are_the_state_s_parse_methods_by_event(client: discord.Client) -> None:
    parsers = private.gateway_parsers(private.connection_state(client))
    state = private.connection_state(client)
    for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
        assert parsers[event] == getattr(state, f"parse_{event.lower()}")


def test_every_websocket_reads_the_state_s_parsers_dict() -> None:
    # Replacing an entry of that dict (bot/gateway_diet.py) is then what each shard calls.
    assert "ws._discord_parsers = client._connection.parsers" in _source(
        DiscordWebSocket.from_client)
    assert "self._discord_parsers[event]" in _source(DiscordWebSocket.received_message)


def test_the_message_cache_is_off_with_max_messages_none(client: discord.Client) -> None:
    assert not private.keeps_messages(private.connection_state(client))
    cached = discord.Client(intents=discord.Intents.none())
    assert private.keeps_messages(private.connection_state(cached))


def test_the_view_store_is_the_state_s_and_can_be_replaced(client: discord.Client) -> None:
    state = private.connection_state(client)
    assert type(private.view_store(state)) is ViewStore
    mine = ViewStore(state)
    private.replace_view_store(state, mine)
    assert private.view_store(state) is mine
    # The state's own calls reach the replacement: dynamic items are stored in it.

    class Item(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<n>\d+)"):
        pass

    client.add_dynamic_items(Item)
    assert list(mine._dynamic_items.values()) == [Item]
    with pytest.raises(AssertionError):  # too late: something is stored already
        private.replace_view_store(state, ViewStore(state))


async def test_a_stored_view_is_tracked_by_its_message_id(client: discord.Client) -> None:
    state = private.connection_state(client)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="plain", custom_id="not-dynamic"))
    assert not private.tracks_message(state, 1234)
    client.add_view(view, message_id=1234)
    assert private.tracks_message(state, 1234)


def test_an_edit_finds_its_view_by_interaction_id_else_message_id() -> None:
    source = _source(ConnectionState.parse_message_update)
    assert "int(data['interaction']['id'])" in source and "raw.message_id" in source
    assert "self._view_store.is_message_tracked(entity_id)" in source
    assert private.view_key_of_update({"id": "5", "interaction": {"id": "9"}}) == 9
    assert private.view_key_of_update({"id": "5"}) == 5


# -- 6 and 7. clicks on dynamic items


def test_the_dynamic_item_step_has_the_signature_the_store_overrides() -> None:
    assert _parameters(ViewStore.schedule_dynamic_item_call) == [
        "self", "component_type", "factory", "interaction", "custom_id", "match"]
    assert inspect.iscoroutinefunction(ViewStore.schedule_dynamic_item_call)


async def test_a_matching_click_is_handed_to_the_dynamic_item_step(
        client: discord.Client) -> None:
    calls: list[tuple[Any, ...]] = []

    class Recording(private.DynamicItemStore):
        async def call_dynamic_item(self, component_type: int, factory: Any, interaction: Any,
                                    custom_id: str, match: re.Match[str]) -> None:
            calls.append((component_type, factory, interaction, custom_id, match["n"]))

    class Item(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<n>\d+)"):
        pass

    store = Recording(private.connection_state(client))
    store.add_dynamic_items(Item)
    interaction = object()
    store.dispatch_dynamic_items(2, "probe:7", interaction)  # type: ignore[arg-type]
    store.dispatch_dynamic_items(2, "other:7", interaction)  # type: ignore[arg-type]
    await asyncio.sleep(0)  # the step runs as a task
    assert calls == [(2, Item, interaction, "probe:7", "7")]


def test_an_item_is_made_from_a_received_component() -> None:
    button = discord.Button._raw_construct(  # what a received message holds
        type=discord.ComponentType.button, style=discord.ButtonStyle.primary,
        custom_id="uno:x", url=None, disabled=False, label="Go", emoji=None, sku_id=None,
        id=None)
    item = private.item_from_component(button)
    assert isinstance(item, discord.ui.Button) and item.custom_id == "uno:x"
    assert item.label == "Go"


def test_a_view_records_the_row_it_gives_an_item() -> None:
    view = discord.ui.View(timeout=None)
    first: discord.ui.Button[Any] = discord.ui.Button(label="a")
    second: discord.ui.Button[Any] = discord.ui.Button(label="b", row=3)
    view.add_item(first)
    view.add_item(second)
    assert (private.rendered_row(first), private.rendered_row(second)) == (0, 3)
    private.set_rendered_row(first, 2)
    assert private.rendered_row(first) == 2


def test_a_click_refreshes_an_item_s_state() -> None:
    for cls in (discord.ui.Item, discord.ui.DynamicItem):
        assert _parameters(cls._refresh_state) == ["self", "interaction", "data"]

    class Click:
        data = {"custom_id": "pick", "component_type": 3, "values": ["b"]}

    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id="pick", options=[discord.SelectOption(label="a"),
                                   discord.SelectOption(label="b")])
    private.refresh_item(select, Click())  # type: ignore[arg-type]
    assert select.values == ["b"]


# -- 8 and 9. HTTP and where discord.py connects


def test_the_bot_s_rest_calls_go_through_http_client_request() -> None:
    assert _parameters(HTTPClient.request)[:2] == ["self", "route"]
    for method in (HTTPClient.send_message, HTTPClient.edit_message,
                   HTTPClient.bulk_upsert_guild_commands):
        assert "self.request(" in _source(method), method.__name__
    loop = asyncio.new_event_loop()
    http = HTTPClient(loop)
    seen: list[str] = []

    def wrap(request: Any) -> Any:
        async def wrapped(route: Route, **kwargs: Any) -> Any:
            seen.append(route.path)
        return wrapped

    private.wrap_requests(http, wrap)
    try:
        loop.run_until_complete(http.send_message(
            1, params=discord.http.handle_message_parameters("hi")))
    finally:
        loop.close()
    assert seen == ["/channels/{channel_id}/messages"]


def test_discord_py_connects_where_it_is_pointed() -> None:
    before = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    with private.pointed_at("http://127.0.0.1:9/api/v10", "ws://127.0.0.1:9/gateway"):
        assert Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/gateway"
    assert (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY) == before
    # A client with no gateway given connects to the default one.
    assert "gateway or cls.DEFAULT_GATEWAY" in _source(DiscordWebSocket.from_client)


# -- 10. edits whose answer is not read


class _Adapter:
    """Records the webhook adapter's edits; answers with a message, as Discord does."""

    MESSAGE = {"id": "9", "channel_id": "3", "type": 0, "content": "", "attachments": [],
               "author": {"id": "2", "username": "bot", "discriminator": "0", "avatar": None},
               "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
               "mention_everyone": False, "tts": False, "edited_timestamp": None, "flags": 0,
               "timestamp": "2026-01-01T00:00:00+00:00", "components": []}

    def __init__(self) -> None:
        self.edits: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    async def edit_original_interaction_response(self, *args: Any, **kwargs: Any) -> Any:
        self.edits.append(("original", args, kwargs))
        return self.MESSAGE

    async def edit_webhook_message(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("thread_id", None)  # discord.py's default, which it spells out
        self.edits.append(("follow-up", args, kwargs))
        return self.MESSAGE


def _comparable(request: dict[str, Any]) -> dict[str, Any]:
    """A recorded edit with its files named rather than read (each request has its own)."""
    def named(value: Any) -> Any:
        return value if isinstance(value, str | bytes) else type(value).__name__

    files = request["files"]
    return {**request, "files": [f.filename for f in files] if isinstance(files, list) else files,
            "multipart": [{k: named(v) for k, v in part.items()}
                          for part in request["multipart"] or []]}


async def test_an_unread_edit_is_the_request_discord_py_makes(client: discord.Client) -> None:
    data: Any = {"id": "1", "application_id": "2", "type": 3, "token": "tok", "version": 1,
                 "channel_id": "3", "data": {"custom_id": "x", "component_type": 2},
                 "user": {"id": "5", "username": "ann", "discriminator": "0", "avatar": None},
                 "locale": "en-US", "entitlements": [], "authorizing_integration_owners": {},
                 "attachment_size_limit": 10_000_000}
    interaction = discord.Interaction(data=data, state=private.connection_state(client))
    adapter = _Adapter()
    recording = async_context.set(adapter)  # type: ignore[arg-type]
    try:
        await _edit_both_ways(interaction)
    finally:
        async_context.reset(recording)  # the context may outlive the test
    requests = [(kind, args, _comparable(kwargs)) for kind, args, kwargs in adapter.edits]
    assert len(requests) == 8
    for made, unread in zip(requests[::2], requests[1::2], strict=True):
        assert unread == made
    assert requests[0][2]["multipart"] and requests[0][2]["session"] is not None


async def _edit_both_ways(interaction: discord.Interaction[Any]) -> None:
    """The original response and a follow-up, with and without a new file: each edited by
    discord.py's method, then by `edit_unread`."""
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.TextDisplay("Your move!"))

    def picture() -> discord.File:
        return discord.File(io.BytesIO(b"png"), filename="hand.png")

    cases: list[tuple[int | None, dict[str, Any]]] = [
        (None, {"attachments": [picture()]}), (None, {}), (7, {}),
        (7, {"attachments": [picture()]})]
    for message_id, fields in cases:
        if message_id is None:
            await interaction.edit_original_response(view=view, **fields)
        else:
            await interaction.followup.edit_message(message_id, view=view, **fields)
        fields = {k: [picture()] for k in fields}
        await private.edit_unread(interaction, message_id, view=view, **fields)
