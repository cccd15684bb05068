"""The host's AI seats in a lobby (issue 19): Add AI and Remove AI open a picker for the host's
eyes only; a level's button seats an AI player, a seated AI's button frees its seat. The lobby
cog (cogs/lobby.py) hands these clicks here and shows the lobby that results."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.interactions import Interaction
from bot.render.events import escape_name
from bot.services.errors import Refusal
from bot.services.lobbies import LobbyService
from bot.storage import LobbyRecord
from bot.ui.answers import send
from bot.ui.replies import refuse, say, tell, user_locale

from .lobby_view import ai_level_picker, ai_seat_picker

ShowLobby = Callable[[Interaction, LobbyRecord], Awaitable[None]]


class AiSeats:
    """`not_started` raises the refusal of a change that comes after the start; `show` edits
    the lobby message to a changed lobby."""

    def __init__(self, lobbies: LobbyService, not_started: Callable[[int], None],
                 show: ShowLobby) -> None:
        self.lobbies, self._not_started, self._show = lobbies, not_started, show

    async def pick_level(self, interaction: Interaction, lobby: LobbyRecord) -> None:
        """Add AI (host only): the levels to pick from, for the host's eyes only."""
        if lobby.host_id != interaction.user.id:
            await refuse(interaction, Refusal("error.host_only"))
            return
        view = ai_level_picker(lobby.channel_id, user_locale(interaction))
        await send(interaction, content=say(interaction, "lobby.ai_pick"), view=view,
                   ephemeral=True)

    async def add(self, interaction: Interaction, channel_id: int, level: str) -> None:
        """The host picked a level: an AI player takes a seat; the lobby message shows it."""
        async with self.lobbies.changing(channel_id):
            try:
                self._not_started(channel_id)
                lobby = await self.lobbies.add_ai(channel_id, interaction.user.id, level)
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
            name = escape_name(lobby.names.get(lobby.player_ids[-1], ""))
            await tell(interaction, say(interaction, "lobby.ai_added", player=name))
            await self._show(interaction, lobby)

    async def pick_seat(self, interaction: Interaction, lobby: LobbyRecord) -> None:
        """Remove AI (host only): a button per seated AI player, for the host's eyes only."""
        if lobby.host_id != interaction.user.id:
            await refuse(interaction, Refusal("error.host_only"))
            return
        await send(interaction, content=say(interaction, "lobby.ai_remove_pick"),
                   view=ai_seat_picker(lobby), ephemeral=True)

    async def remove(self, interaction: Interaction, channel_id: int, user_id: int) -> None:
        """The host picked an AI player to take out: its seat is free; the lobby shows it."""
        async with self.lobbies.changing(channel_id):
            try:
                self._not_started(channel_id)
                before = await self.lobbies.require(channel_id)
                lobby = await self.lobbies.remove_ai(channel_id, interaction.user.id, user_id)
            except Refusal as refusal:
                await refuse(interaction, refusal)
                return
            name = escape_name(before.names.get(user_id, ""))
            await tell(interaction, say(interaction, "lobby.ai_removed", player=name))
            await self._show(interaction, lobby)
