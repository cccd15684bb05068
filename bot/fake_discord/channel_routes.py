"""The fake's channel, direct-message, user and guild routes, and the files it serves (uploaded
attachments, emoji images)."""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import web

from .emoji import AppEmojiStore
from .limits import FLAG_EPHEMERAL
from .message_desk import MessageDesk
from .places import refuse_token
from .replies import BODY as _BODY
from .replies import DiscordError
from .replies import json_response as _json
from .world import Channel, Guild, Member, StoredMessage, iso_now, snowflake, user_payload


class ChannelNeeds(Protocol):
    """What these routes use of the fake: a Protocol, so that this module does not import the server
    (which builds it) and imports flow one way."""

    bot_user: dict[str, Any]
    app_emoji: AppEmojiStore
    channel_deleted: bool
    channels: dict[int, Channel]
    messages: dict[int, StoredMessage]
    files: dict[int, bytes]
    dm_channels: dict[int, int]
    direct_messages: dict[int, list[str]]
    dms_closed: set[int]
    desk: MessageDesk

    def changed(self) -> None: ...

    def channel_messages(self, viewer: int | None = None,
                         channel: Channel | None = None) -> list[StoredMessage]: ...

    def guild_named(self, request: web.Request) -> Guild | None: ...

    def guild_of_place(self, channel: Channel) -> Guild | None: ...

    def guild_payload(self, guild: Guild | None = None) -> dict[str, Any]: ...

    def user_by_id(self, user_id: int) -> Member | None: ...


class ChannelRoutes:
    """Channels (their messages), DMs, users, guilds and members, as Discord answers them."""

    def __init__(self, fake: ChannelNeeds) -> None:
        self._fake = fake

    def _check_channel(self, request: web.Request) -> Channel:
        """The guild channel the request names, if it exists."""
        raw = request.match_info["channel_id"]
        channel = self._fake.channels.get(int(raw)) if raw.isdigit() else None
        if self._fake.channel_deleted or channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        refuse_token(channel, self._fake.guild_of_place(channel))
        return channel

    async def get_channel(self, request: web.Request) -> web.Response:
        return _json(self._check_channel(request).payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        body = request[_BODY] or {}
        member = self._fake.user_by_id(int(body.get("recipient_id") or 0))
        if member is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        channel_id = next((c for c, u in self._fake.dm_channels.items() if u == member.id), None)
        if channel_id is None:
            channel_id = snowflake()
            self._fake.dm_channels[channel_id] = member.id
        return _json({"id": str(channel_id), "type": 1, "last_message_id": None,
                      "recipients": [user_payload(member.id, member.name)]})

    async def get_user(self, request: web.Request) -> web.Response:
        member = self._fake.user_by_id(int(request.match_info["user_id"]))
        if member is None:
            raise DiscordError(404, 10013, "Unknown User")
        return _json(user_payload(member.id, member.name))

    async def _post_direct_message(self, user_id: int, body: dict[str, Any]) -> web.Response:
        if user_id in self._fake.dms_closed:
            # Not the bot's fault: it cannot know before it tries.
            raise DiscordError(403, 50007, "Cannot send messages to this user", record=False)
        self._fake.desk.check_limits(body)
        self._fake.direct_messages.setdefault(user_id, []).append(str(body.get("content") or ""))
        self._fake.changed()
        return _json({"id": str(snowflake()), "channel_id": str(next(
            c for c, u in self._fake.dm_channels.items() if u == user_id)), "type": 0,
            "content": body.get("content") or "", "author": self._fake.bot_user, "embeds": [],
            "attachments": [], "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": iso_now(), "flags": 0,
            "components": []})

    async def post_channel_message(self, request: web.Request) -> web.Response:
        dm_user = self._fake.dm_channels.get(int(request.match_info["channel_id"]))
        if dm_user is not None:
            return await self._post_direct_message(dm_user, request[_BODY] or {})
        self._check_channel(request)
        body = request[_BODY] or {}
        self._fake.desk.check_limits(body)
        message = self._fake.desk.new_message(body, request, flags=int(body.get("flags") or 0)
                                    & ~FLAG_EPHEMERAL)
        await self._fake.desk.announce(message, "MESSAGE_CREATE")
        return _json(message.payload)

    async def get_channel_messages(self, request: web.Request) -> web.Response:
        channel = self._check_channel(request)
        limit = int(request.query.get("limit", "50"))
        public = self._fake.channel_messages(channel=channel)
        return _json([m.payload for m in reversed(public)][:limit])

    async def channel_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._check_channel(request)
        message = self._fake.messages.get(int(request.match_info["message_id"]))
        # Ephemeral messages do not exist for the channel API, nor another channel's messages.
        if (message is None or message.deleted or message.visible_to is not None
                or message.channel_id != channel.id):
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(message.payload)
        if message.payload["author"]["id"] != self._fake.bot_user["id"]:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if request.method == "DELETE":
            message.deleted = True
            await self._fake.desk.announce(message, "MESSAGE_DELETE")
            return web.Response(status=204)
        body = request[_BODY] or {}
        self._fake.desk.check_limits(body, edited=message)
        self._fake.desk.check_old_edit(message)
        message.edit(body)
        message.payload["attachments"] = self._fake.desk.attachments(body, request,
                                                           message.payload["attachments"])
        await self._fake.desk.announce(message, "MESSAGE_UPDATE")
        return _json(message.payload)

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._fake.guild_named(request)
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return _json(self._fake.guild_payload(guild))

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._fake.guild_named(request)
        member = guild.members.get(int(request.match_info["user_id"])) if guild else None
        if guild is None or member is None:
            raise DiscordError(404, 10007, "Unknown Member", record=False)
        return _json(guild.member_payload(member))

    async def get_attachment(self, request: web.Request) -> web.Response:
        data = self._fake.files.get(int(request.match_info["attachment_id"]))
        if data is None:
            raise web.HTTPNotFound()
        return web.Response(body=data)

    async def get_emoji_image(self, request: web.Request) -> web.Response:
        emoji_id = request.match_info["emoji_file"].removesuffix(".png")
        emoji = self._fake.app_emoji.emoji.get(int(emoji_id)) if emoji_id.isdigit() else None
        if emoji is None:
            raise web.HTTPNotFound()
        return web.Response(body=emoji.image, content_type="image/png")
