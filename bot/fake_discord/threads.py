"""Threads: Start Thread without Message and Start Thread from Message, as Discord answers them.

A public thread (type 11) is a channel of its own under a text channel: messages are posted to
it by its id like any channel's, and interactions in it name it. Discord refuses what the fake
refuses here: a name outside 1-100 characters or an unknown auto-archive duration (50035), a
thread under a thread (50024), a second thread from one message (160004), and a bot without
Create Public Threads in the channel (50013; a test sets `forbidden`). It sends THREAD_CREATE
to the bot. Private (12) and announcement (10) threads are not modelled: asking for one is
recorded as a call the fake does not know.
"""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import web

from .gateway import Gateway
from .replies import BODY, DiscordError, json_response
from .world import PUBLIC_THREAD, Channel, Guild, StoredMessage, Violation, snowflake

ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes Discord accepts
NAME_LIMIT = 100
MISSING_PERMISSIONS, WRONG_CHANNEL_TYPE, THREAD_EXISTS = 50013, 50024, 160004


class World(Protocol):
    """What the threads need of the fake (bot/fake_discord/server.py), named here so that the
    two modules do not import each other."""

    application_id: int
    channels: dict[int, Channel]
    messages: dict[int, StoredMessage]
    channel_deleted: bool
    gateway: Gateway

    def guild_of(self, channel: Channel) -> Guild: ...

    def record(self, violation: Violation) -> None: ...

    def changed(self) -> None: ...


class Threads:
    def __init__(self, fake: World) -> None:
        self._fake = fake
        self.forbidden: set[int] = set()  # channels where the bot may not create threads
        self.from_message: dict[int, int] = {}  # message id -> its thread's id

    def add_routes(self, router: web.UrlDispatcher, api: str) -> None:
        router.add_post(api + "/channels/{channel_id}/threads", self._without_message)
        router.add_post(api + "/channels/{channel_id}/messages/{message_id}/threads",
                        self._from_message)

    def of(self, channel: Channel) -> list[Channel]:
        """The threads under a text channel, oldest first."""
        guild = self._fake.guild_of(channel)
        return [t for t in guild.threads if t.parent_id == channel.id]

    async def _without_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        body = request[BODY] or {}
        kind = body.get("type")
        if kind != PUBLIC_THREAD:
            # discord.py asks for a private thread when no type is given (API v10's default).
            self._fake.record(Violation(0, f"thread type {kind!r}: only public threads (11) are "
                                           "modelled by the fake", request.method, request.path))
            raise DiscordError(400, 50035, "Invalid Form Body", record=False)
        thread = self._create(parent, body, snowflake())
        return await self._created(thread)

    async def _from_message(self, request: web.Request) -> web.Response:
        parent = self._parent(request)
        message = self._fake.messages.get(int(request.match_info["message_id"]))
        if (message is None or message.deleted or message.visible_to is not None
                or message.channel_id != parent.id):
            raise DiscordError(404, 10008, "Unknown Message")
        if message.id in self.from_message:
            raise DiscordError(400, THREAD_EXISTS, "A thread has already been created for this "
                                                   "message")
        # A thread started from a message has the message's id.
        thread = self._create(parent, request[BODY] or {}, message.id)
        self.from_message[message.id] = thread.id
        message.payload["thread"] = thread.payload()
        return await self._created(thread)

    def _parent(self, request: web.Request) -> Channel:
        raw = request.match_info["channel_id"]
        channel = self._fake.channels.get(int(raw)) if raw.isdigit() else None
        if channel is None or self._fake.channel_deleted:
            raise DiscordError(404, 10003, "Unknown Channel")
        if channel.is_thread:
            raise DiscordError(400, WRONG_CHANNEL_TYPE,
                               "Cannot execute action on this channel type")
        if channel.id in self.forbidden:
            # The bot cannot know beforehand everywhere (overwrites): not the bot's bug.
            raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions", record=False)
        return channel

    def _create(self, parent: Channel, body: dict[str, Any], thread_id: int) -> Channel:
        name = body.get("name")
        duration = body.get("auto_archive_duration")
        problems = []
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_LIMIT:
            problems.append(f"name: must be 1-{NAME_LIMIT} characters")
        if duration is not None and duration not in ARCHIVE_DURATIONS:
            problems.append(f"auto_archive_duration: one of {ARCHIVE_DURATIONS}")
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)
        thread = Channel(thread_id, parent.guild_id, str(name), parent_id=parent.id,
                         owner_id=self._fake.application_id,
                         auto_archive_duration=int(duration or 1440))
        self._fake.guild_of(parent).threads.append(thread)
        self._fake.channels[thread.id] = thread
        return thread

    async def _created(self, thread: Channel) -> web.Response:
        data = {**thread.payload(), "newly_created": True}
        if self._fake.gateway.session_for(thread.guild_id) is not None:
            await self._fake.gateway.dispatch("THREAD_CREATE", data, thread.guild_id)
        self._fake.changed()
        return json_response(thread.payload(), 201)
