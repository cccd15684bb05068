"""A click on a dynamic item without rebuilding the clicked message's whole view (issue 17:
CPU per move).

For every click on a `DynamicItem`, discord.py's `ViewStore` rebuilds a complete `LayoutView`
from the clicked message (a table or a hand: a container, texts, a gallery, a dozen or more
buttons), only to find the one clicked component in it and swap the dynamic item in. The
bot's items read their id alone (`UnoItem.from_match`) and never their view, so `ClickStore`
finds the clicked component among the message's already parsed components and turns only that
one into an item. The rest is discord.py's own sequence: the item is made from its id,
refreshed from the click, asked `interaction_check`, then called back (exceptions are logged,
as discord.py does; `UnoItem.callback` answers every error itself).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.discord_private import (
    DynamicItemStore,
    connection_state,
    item_from_component,
    refresh_item,
    rendered_row,
    replace_view_store,
    set_rendered_row,
)

log = logging.getLogger(__name__)


def clicked(components: list[discord.Component], component_type: int,
            custom_id: str) -> discord.Component | None:
    """The component of `component_type` with `custom_id` among `components` and everything
    they hold (rows, containers, sections and their accessories), or None."""
    waiting = list(components)
    while waiting:
        component = waiting.pop()
        if component.type.value == component_type \
                and getattr(component, "custom_id", None) == custom_id:
            return component
        waiting.extend(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            waiting.append(accessory)
    return None


class ClickStore(DynamicItemStore):
    async def call_dynamic_item(
            self, component_type: int, factory: type[discord.ui.DynamicItem[Any]],
            interaction: discord.Interaction[Any], custom_id: str, match: re.Match[str]) -> None:
        message = interaction.message
        if message is None:
            return
        component = clicked(message.components, component_type, custom_id)
        if component is None:  # not on the clicked message: nothing to call (as discord.py)
            return
        base = item_from_component(component)
        try:
            item = await factory.from_custom_id(interaction, base, match)
        except Exception:
            log.exception("ignoring exception in dynamic item creation for %r", factory)
            return
        set_rendered_row(item, rendered_row(base))
        refresh_item(item, interaction)
        try:
            allow = await item.interaction_check(interaction)
        except Exception:
            allow = False
        if not allow:
            return
        try:
            await item.callback(interaction)
        except Exception:
            log.exception("ignoring exception in dynamic item callback for %r", item)


def install(client: discord.Client) -> None:
    """Put a `ClickStore` in place of the client's view store (before anything is stored in it:
    call it right after the client is made)."""
    state = connection_state(client)
    replace_view_store(state, ClickStore(state))
