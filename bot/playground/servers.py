"""The playground's Discord: the offline fake with two servers and several channels.

The fake itself serves one guild with one channel (all the tests need). Here its home guild gets
a second channel and a second server joins with a channel of its own; interactions and messages
carry the guild and channel they happen in, and the bot's REST calls are checked against all of
them. Every change is numbered, so the web page can wait for the next one.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.fake_discord.gateway import GatewaySession
from bot.fake_discord.server import (
    DiscordError,
    FakeDiscord,
    _json,  # exactly application/json, as Discord answers
)
from bot.fake_discord.world import (
    EVERYONE_PERMISSIONS,
    Channel,
    InteractionRecord,
    Member,
    Role,
    StoredMessage,
    snowflake,
)


@dataclass
class Guild:
    id: int
    name: str
    locale: str
    everyone: Role
    channels: list[Channel]


class PlaygroundDiscord(FakeDiscord):
    """FakeDiscord with `guilds` (the fake's own first) and their `channels`."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.guild_name = "UNO Playground"
        home = Guild(self.guild_id, self.guild_name, self.guild_locale, self.everyone,
                     [self.channel, Channel(snowflake(), self.guild_id, "uno-2")])
        second_id = snowflake()
        second = Guild(second_id, "Другий сервер", "uk",
                       Role(second_id, "@everyone", EVERYONE_PERMISSIONS, position=0),
                       [Channel(snowflake(), second_id, "уно")])
        self.home = home
        self.guilds = {g.id: g for g in (home, second)}
        self.channels = {c.id: c for g in self.guilds.values() for c in g.channels}
        self.version = 0  # bumped on every change the page may want to show
        self._tick = asyncio.Event()

    # --- changes the page waits for --------------------------------------------------------

    def changed(self) -> None:
        super().changed()
        self.version += 1
        tick, self._tick = self._tick, asyncio.Event()
        tick.set()

    async def next_change(self, seen: int, timeout: float) -> int:
        """The version after `seen`, or the same one if nothing changed within `timeout`."""
        if self.version == seen:
            try:
                await asyncio.wait_for(self._tick.wait(), timeout)
            except TimeoutError:
                pass
        return self.version

    # --- the servers on the gateway ----------------------------------------------------------

    def payload_of(self, guild: Guild) -> dict[str, Any]:
        payload = super().guild_payload()
        # discord.py finds a guild's @everyone by the guild's own id.
        roles = [guild.everyone.payload()] + [r.payload() for r in self.roles
                                              if r is not self.everyone]
        payload.update(id=str(guild.id), name=guild.name, preferred_locale=guild.locale,
                       roles=roles, channels=[c.payload() for c in guild.channels])
        return payload

    def guild_payload(self) -> dict[str, Any]:
        return self.payload_of(self.home)

    def _ready_events(self, session: GatewaySession) -> list[tuple[str, dict[str, Any]]]:
        ready = super()._ready_events(session)[0]
        covered = [g for g in self.guilds.values() if session.covers(g.id)]
        ready[1]["guilds"] = [{"id": str(g.id), "unavailable": True} for g in covered]
        return [ready] + [("GUILD_CREATE", self.payload_of(g)) for g in covered]

    # --- interactions happen in a channel ----------------------------------------------------

    async def create_interaction(self, user: Member, type_: int, data: dict[str, Any],
                                 source: StoredMessage | None = None, *,
                                 channel: Channel | None = None) -> InteractionRecord:
        if channel is None:
            channel = self.channels[source.channel_id] if source is not None else self.channel
        guild = self.guilds[channel.guild_id]
        # The base class reads these only while it builds the payload and the record, before
        # its first await; they are set back at once, so other requests see the home guild.
        self.channel, self.guild_id, self.guild_locale = channel, guild.id, guild.locale
        try:
            return await super().create_interaction(user, type_, data, source)
        finally:
            self.channel, self.guild_id = self.home.channels[0], self.home.id
            self.guild_locale = self.home.locale

    def _new_message(self, body: dict[str, Any], request: web.Request, *,
                     record: InteractionRecord | None = None, flags: int = 0) -> StoredMessage:
        message = super()._new_message(body, request, record=record, flags=flags)
        message.payload["guild_id"] = str(self.channels[message.channel_id].guild_id)
        return message

    # --- the REST routes that name a guild or a channel ---------------------------------------

    def _channel_of(self, request: web.Request) -> Channel:
        channel = self.channels.get(int(request.match_info["channel_id"]))
        if channel is None or self.channel_deleted:
            raise DiscordError(404, 10003, "Unknown Channel")
        return channel

    def _check_channel(self, request: web.Request) -> None:
        self._channel_of(request)

    async def _get_channel(self, request: web.Request) -> web.Response:
        return _json(self._channel_of(request).payload())

    async def _get_channel_messages(self, request: web.Request) -> web.Response:
        channel = self._channel_of(request)
        limit = int(request.query.get("limit", "50"))
        public = [m for m in self.channel_messages() if m.channel_id == channel.id]
        return _json([m.payload for m in reversed(public)][:limit])

    async def _channel_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel_of(request)
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is not None and message.channel_id != channel.id:
            raise DiscordError(404, 10008, "Unknown Message")
        return await super()._channel_message(request)

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return _json(self.payload_of(guild))

    async def _get_member(self, request: web.Request) -> web.Response:
        member = self.members.get(int(request.match_info["user_id"]))
        if int(request.match_info["guild_id"]) not in self.guilds or member is None:
            raise DiscordError(404, 10007, "Unknown Member", record=False)
        return _json(member.payload(self.everyone.permissions))

    def messages_in(self, channel_id: int, viewer: int) -> list[StoredMessage]:
        """A channel's messages, oldest first, as `viewer` sees them (their ephemerals too)."""
        return [m for m in self.messages.values()
                if m.channel_id == channel_id and m.visible(viewer)]
