"""Every place the bot leans on discord.py behaviour that is not its public, documented API.

discord.py is pinned (constraints.txt). Each reliance below is one function or class, with what
it assumes; tests/test_discord_private.py checks each assumption against the installed
discord.py, so an upgrade (`python3 dev.py lock`) that changes one fails there, by name, before
anything subtler breaks. Nothing else in bot/ or cogs/ touches discord.py's private parts:

1. `GuardedCommandTree`: every application command runs through `CommandTree._call`.
2. `connection_state`: a client's `ConnectionState` is `client._connection`.
3. `gateway_parsers`: the dict of gateway-event parsers that every shard's websocket reads.
4. `keeps_messages`: the message cache is `state._messages` (None when switched off).
5. `view_store`, `replace_view_store`, `tracks_message`, `view_key_of_update`: the view store
   (`discord.ui.view.ViewStore`) at `state._view_store`, and how an edit finds its stored view.
6. `DynamicItemStore`: a click on a dynamic item goes through
   `ViewStore.schedule_dynamic_item_call`.
7. `item_from_component`, `rendered_row`, `set_rendered_row`, `refresh_item`: an item made from
   a component (`_component_to_item`), the row a view gave it (`_rendered_row`), and the state
   a click gives it (`_refresh_state`).
8. `wrap_requests`: every REST call made with the bot's token goes through
   `HTTPClient.request`.
9. `pointed_at`: where discord.py connects is `Route.BASE` and
   `DiscordWebSocket.DEFAULT_GATEWAY` (the offline Discord and the playground use it).
10. `edit_unread`: an edit through an interaction's token, as `edit_original_response` and
    `followup.edit_message` make it, through the webhook adapter in `async_context`.

Not here: what the fake Discord sends so that discord.py can read it ("Trap" comments in
bot/fake_discord/): that is how Discord itself answers, and the fake's own tests fail at once
should discord.py stop reading it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Route, handle_message_parameters
from discord.state import ConnectionState
from discord.ui.view import ViewStore, _component_to_item
from discord.webhook.async_ import async_context

Parser = Callable[[Any], None]
ClientT = TypeVar("ClientT", bound=discord.Client)
Requester = Callable[..., Awaitable[Any]]


# -- 1. commands


class GuardedCommandTree(app_commands.CommandTree[ClientT]):
    """A command tree that runs each application command inside `command_guard(interaction)`.

    Assumes: discord.py runs every application-command interaction it receives as
    `CommandTree._call(interaction)` (`_from_interaction` schedules it; errors it raises go to
    `on_error`). There is no public hook around a command's whole run: `interaction_check`
    runs before it, and `on_error` only on failure."""

    def command_guard(self, interaction: discord.Interaction[ClientT]
                      ) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()

    async def _call(self, interaction: discord.Interaction[ClientT]) -> None:
        with self.command_guard(interaction):
            await super()._call(interaction)


# -- 2 to 5. the connection state


def connection_state(client: discord.Client) -> ConnectionState[Any]:
    """Assumes: a client's connection state (parsers, caches, view store) is `client._connection`
    and is made in the client's constructor."""
    return client._connection


def gateway_parsers(state: ConnectionState[Any]) -> dict[str, Parser]:
    """The parsers of gateway events by event name ("MESSAGE_CREATE", ...).

    Assumes: `state.parsers` maps each event name to the state's `parse_<event>` method, and
    every websocket (each shard's) reads its parsers from this very dict when it connects, so a
    parser replaced here is the one called."""
    parsers: dict[str, Parser] = state.parsers
    return parsers


def keeps_messages(state: ConnectionState[Any]) -> bool:
    """Whether discord.py keeps a message cache. Assumes: the cache is `state._messages`, None
    when the client was made with `max_messages=None`."""
    return state._messages is not None


def view_store(state: ConnectionState[Any]) -> ViewStore:
    """Assumes: the state's view store (persistent views, dynamic items, views tracked per
    message) is `state._view_store`, an instance of `discord.ui.view.ViewStore`."""
    store: ViewStore = state._view_store
    return store


def replace_view_store(state: ConnectionState[Any], store: ViewStore) -> None:
    """Put `store` in place of the state's view store, before anything is stored in it.

    Assumes: the state reaches its view store only through `state._view_store` (storing views,
    adding dynamic items, dispatching clicks), and the old one's dynamic items are in its
    `_dynamic_items`."""
    old = view_store(state)
    assert not old.persistent_views and not old._dynamic_items, "replace before storing views"
    state._view_store = store


def tracks_message(state: ConnectionState[Any], key: int) -> bool:
    """Whether a view is stored for this message key (`view_key_of_update`). Assumes:
    `ViewStore.is_message_tracked(key)` answers it."""
    return view_store(state).is_message_tracked(key)


def view_key_of_update(data: dict[str, Any]) -> int:
    """The key discord.py finds a stored view by when a MESSAGE_UPDATE comes. Assumes:
    `parse_message_update` looks up the interaction's id when the message has one, else the
    message's id."""
    try:
        return int(data["interaction"]["id"])
    except (KeyError, TypeError, ValueError):
        return int(data["id"])


# -- 6 and 7. clicks on dynamic items


class DynamicItemStore(ViewStore):
    """A view store whose subclass decides how a click on a dynamic item is called
    (`call_dynamic_item`).

    Assumes: for a component click whose custom id matches a registered dynamic item's
    template, `ViewStore.dispatch_dynamic_items` schedules
    `self.schedule_dynamic_item_call(component_type, factory, interaction, custom_id, match)`
    (not a documented extension point: discord.py's own builds the clicked message's whole
    view there)."""

    async def schedule_dynamic_item_call(
            self, component_type: int, factory: type[discord.ui.DynamicItem[Any]],
            interaction: discord.Interaction[Any], custom_id: str, match: re.Match[str]) -> None:
        await self.call_dynamic_item(component_type, factory, interaction, custom_id, match)

    async def call_dynamic_item(
            self, component_type: int, factory: type[discord.ui.DynamicItem[Any]],
            interaction: discord.Interaction[Any], custom_id: str, match: re.Match[str]) -> None:
        raise NotImplementedError


def item_from_component(component: discord.Component) -> discord.ui.Item[Any]:
    """The ui item discord.py makes of a received component (a button, a select, ...).
    Assumes: `discord.ui.view._component_to_item(component)` does it, as `View.from_message`
    does for each component."""
    item: discord.ui.Item[Any] = _component_to_item(component)
    return item


def rendered_row(item: discord.ui.Item[Any]) -> int | None:
    """The row a view placed the item in (its `row`, or the first with room). Assumes: a view
    records it as `item._rendered_row` when the item is added."""
    row: int | None = item._rendered_row
    return row


def set_rendered_row(item: discord.ui.Item[Any], row: int | None) -> None:
    """Give a dynamic item the row of the item it stands for, as discord.py's own dispatch does.
    Assumes: the row is `item._rendered_row`."""
    item._rendered_row = row


def refresh_item(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
    """Give an item the state a click carries (a select's values), as discord.py's own dispatch
    does before the callback. Assumes: `item._refresh_state(interaction, data)` does it."""
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]


# -- 8 and 9. HTTP and where discord.py connects


def wrap_requests(http: HTTPClient, wrap: Callable[[Requester], Requester]) -> None:
    """Route every REST call of the bot's HTTP client through `wrap(request)`.

    Assumes: every call made with the bot's token (messages, edits, commands, ...) goes through
    `HTTPClient.request(route, **kwargs)`; interaction responses and follow-ups do not (they
    use the interaction's webhook token, outside the global rate limit)."""
    http.request = wrap(http.request)  # type: ignore[method-assign,assignment]


@contextlib.contextmanager
def pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """discord.py connects to `api_base` (REST) and `gateway_url` (the gateway) inside the block,
    for every client in the process; what it pointed at is restored after.

    Assumes: each `Route` builds its URL from the class attribute `Route.BASE`, and a client
    (sharded or not) connects to `DiscordWebSocket.DEFAULT_GATEWAY` when it is given no other
    gateway."""
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


# -- 10. edits whose answer is not read


async def edit_unread(interaction: discord.Interaction[Any], message_id: int | None,
                      **fields: Any) -> None:
    """Edit the interaction's original response (`message_id` None) or one of its follow-ups:
    the request `edit_original_response` and `followup.edit_message` make, without building a
    Message from Discord's answer and without storing the view. The live hands and the tables
    are edited so at every move and never read the answer: parsing it, every component of a V2
    layout included, was about 5% of the event loop's time at 100 games (issue 29); their views'
    buttons are dynamic items, found by their ids when clicked (bot/ui/layout.py, `let_go`).

    Assumes: `async_context.get()` is the adapter those methods use, with their
    `edit_original_interaction_response` and `edit_webhook_message` (the follow-up's webhook is
    the application's id with the interaction's token, on the client's session,
    `interaction._session`), and `handle_message_parameters` builds the payload from the same
    fields, the client's allowed mentions under those of the edit."""
    state = interaction._state
    http = state.http
    with handle_message_parameters(previous_allowed_mentions=state.allowed_mentions,
                                   **fields) as params:
        adapter = async_context.get()
        sent: dict[str, Any] = {
            "session": interaction._session, "proxy": http.proxy, "proxy_auth": http.proxy_auth,
            "payload": params.payload, "multipart": params.multipart, "files": params.files}
        if message_id is None:
            await adapter.edit_original_interaction_response(
                interaction.application_id, interaction.token, **sent)
        else:
            await adapter.edit_webhook_message(
                interaction.application_id, interaction.token, message_id,
                with_components=bool(fields.get("view")), **sent)
