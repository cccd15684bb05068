"""The bot's buttons, as dynamic items: everything a click needs is in its `custom_id`, so a
button works after a restart without any stored view (shared/DISCORD-FACTS.md).

- `uno:l:<what>:<channel>` lobby buttons (join, leave, start);
- `uno:t:<game>:<what>` table buttons (hand, uno, catch, next): valid for the whole game, they
  check the state when clicked, so merged table edits never make a fair click look stale;
- `uno:c:<game>:<version>:<what>[:<args>]` controls tied to one decision (a card, a colour, a
  challenge): a click on one drawn for an older version of the game is refused as out of date.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

Interaction = discord.Interaction[Any]


class LobbyHandler(Protocol):
    async def lobby_button(self, interaction: Interaction, what: str, channel_id: int) -> None: ...

    async def rules_select(self, interaction: Interaction, group: str, channel_id: int,
                           values: list[str]) -> None: ...


class PlayHandler(Protocol):
    async def table_button(self, interaction: Interaction, game_id: str, what: str) -> None: ...

    async def control(self, interaction: Interaction, game_id: str, version: int, what: str,
                      args: list[str]) -> None: ...


def _cog(interaction: Interaction, name: str) -> Any:
    cog = interaction.client.get_cog(name)
    if cog is None:
        raise RuntimeError(f"the {name} cog is not loaded")
    return cog


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"uno:l:(?P<what>join|leave|start):(?P<channel>[0-9]{1,20})"):
    def __init__(self, what: str, channel_id: int, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=f"uno:l:{what}:{channel_id}"))
        self.what, self.channel_id = what, channel_id

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(match["what"], int(match["channel"]))

    async def callback(self, interaction: Interaction) -> None:
        handler: LobbyHandler = _cog(interaction, "Lobby")
        await handler.lobby_button(interaction, self.what, self.channel_id)


class RulesSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"uno:r:(?P<group>[a-z]{1,12}):(?P<channel>[0-9]{1,20})"):
    """The host's rules editor in the lobby: one select per group of options."""

    def __init__(self, group: str, channel_id: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 min_values: int = 0, max_values: int = 1, row: int | None = None) -> None:
        options = options or [discord.SelectOption(label=group, value=group)]
        super().__init__(discord.ui.Select(
            custom_id=f"uno:r:{group}:{channel_id}", options=options, placeholder=placeholder,
            min_values=min_values, max_values=max_values, row=row))
        self.group, self.channel_id = group, channel_id

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesSelect:
        return cls(match["group"], int(match["channel"]))

    async def callback(self, interaction: Interaction) -> None:
        handler: LobbyHandler = _cog(interaction, "Lobby")
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await handler.rules_select(interaction, self.group, self.channel_id, values)


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"uno:t:(?P<game>[0-9a-f]{1,16}):(?P<what>[a-z]{1,16})"):
    def __init__(self, game_id: str, what: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style, disabled=disabled,
                                           custom_id=f"uno:t:{game_id}:{what}", row=row))
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        return cls(match["game"], match["what"])

    async def callback(self, interaction: Interaction) -> None:
        handler: PlayHandler = _cog(interaction, "Play")
        await handler.table_button(interaction, self.game_id, self.what)


class Control(discord.ui.DynamicItem[discord.ui.Button[Any]],
              template=r"uno:c:(?P<game>[0-9a-f]{1,16}):(?P<version>[0-9]{1,9}):"
                       r"(?P<what>[a-z]{1,12})(?::(?P<args>[^ ]{0,60}))?"):
    def __init__(self, game_id: str, version: int, what: str, *args: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None) -> None:
        custom_id = ":".join(["uno", "c", game_id, str(version), what, *args])
        super().__init__(discord.ui.Button(label=label or what, style=style, disabled=disabled,
                                           custom_id=custom_id, row=row))
        self.game_id, self.version, self.what, self.args = game_id, version, what, list(args)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> Control:
        args = match["args"].split(":") if match["args"] else []
        return cls(match["game"], int(match["version"]), match["what"], *args)

    async def callback(self, interaction: Interaction) -> None:
        handler: PlayHandler = _cog(interaction, "Play")
        await handler.control(interaction, self.game_id, self.version, self.what, self.args)


DYNAMIC_ITEMS = (LobbyButton, RulesSelect, TableButton, Control)
