"""How the fake makes the messages the bot sends (payload, attachments), checks them against
Discord's limits, and tells the bot about public ones over the gateway."""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import web

from . import old_messages
from .api import APPLICATION_COMMAND
from .emoji import AppEmojiStore
from .gateway import Gateway
from .limits import FLAG_EPHEMERAL, check_message
from .old_messages import OldMessageEdits
from .replies import UPLOADS as _UPLOADS
from .replies import DiscordError
from .world import Channel, Guild, InteractionRecord, StoredMessage, iso_now, snowflake


class DeskNeeds(Protocol):
    """What the desk uses of the fake: a Protocol, so that this module does not import the server
    (which builds it) and imports flow one way."""

    application_id: int
    bot_user: dict[str, Any]
    app_emoji: AppEmojiStore
    channels: dict[int, Channel]
    guilds: dict[int, Guild]
    messages: dict[int, StoredMessage]
    files: dict[int, bytes]
    old_edits: OldMessageEdits
    gateway: Gateway

    @property
    def base_url(self) -> str: ...

    @property
    def channel(self) -> Channel: ...


class MessageDesk:
    """New messages and their attachments, the checks on a message's body and on edits of old
    messages, and the gateway announcement of a change."""

    def __init__(self, fake: DeskNeeds) -> None:
        self._fake = fake

    def new_message(self, body: dict[str, Any], request: web.Request, *,
                     record: InteractionRecord | None = None, flags: int = 0) -> StoredMessage:
        # The channel the interaction came from, or the one the request names (checked by then).
        channel_id = (record.channel_id if record is not None
                      else int(request.match_info.get("channel_id", self._fake.channel.id)))
        guild_id = (int(record.payload.get("guild_id") or 0) if record is not None
                    else self._fake.channels[channel_id].guild_id)
        payload: dict[str, Any] = {
            "id": str(snowflake()), "channel_id": str(channel_id),
            "guild_id": str(guild_id), "author": self._fake.bot_user,
            "content": body.get("content") or "", "timestamp": iso_now(),
            "edited_timestamp": None, "tts": bool(body.get("tts")), "mention_everyone": False,
            "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            "pinned": False, "type": 0, "flags": flags,
        }
        if not guild_id:  # a DM or a group DM: its messages name no guild
            del payload["guild_id"]
        payload["attachments"] = self.attachments(body, request, [])
        visible_to = None
        if record is not None:
            payload["webhook_id"] = str(self._fake.application_id)
            payload["application_id"] = str(self._fake.application_id)
            payload["type"] = 20 if record.type == APPLICATION_COMMAND else 0
            payload["interaction_metadata"] = {
                "id": str(record.id), "type": record.type, "user": record.user.user(),
                "authorizing_integration_owners": record.payload[
                    "authorizing_integration_owners"]}
            if flags & FLAG_EPHEMERAL:
                visible_to = record.user.id
        message = StoredMessage(payload, visible_to, record.id if record else None)
        self._fake.messages[message.id] = message
        self._fake.old_edits.posted(message.id)
        return message

    def attachments(self, body: dict[str, Any], request: web.Request,
                     current: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Uploaded files become attachments; listed existing ones are kept (edits)."""
        uploads: dict[str, tuple[str, bytes]] = request.get(_UPLOADS, {})
        if "attachments" not in body and not uploads:
            return current
        kept = {a["id"]: a for a in current}
        result = []
        for item in body.get("attachments") or []:
            key = str(item.get("id"))
            if key in uploads:
                filename, data = uploads[key]
                attachment_id = snowflake()
                self._fake.files[attachment_id] = data
                url = f"{self._fake.base_url}/attachments/{attachment_id}/{filename}"
                result.append({"id": str(attachment_id), "filename": filename,
                               "size": len(data), "url": url, "proxy_url": url})
            elif key in kept:
                result.append(kept[key])
        return result

    async def announce(self, message: StoredMessage, event: str) -> None:
        # Discord tells the bot about public messages over the gateway (views refresh from it),
        # on the connection of the message's guild's shard.
        guild_id = int(message.payload.get("guild_id") or 0)
        guild = self._fake.guilds.get(guild_id)
        if guild is None or not guild.has_bot:
            return  # a DM, a group DM, a server without the bot: no event reaches the bot
        if message.visible_to is None and self._fake.gateway.session_for(guild_id) is not None:
            if event == "MESSAGE_DELETE":
                data = {"id": str(message.id), "channel_id": str(message.channel_id),
                        "guild_id": str(guild_id)}
            else:
                data = message.payload
            await self._fake.gateway.dispatch(event, data, guild_id)

    def check_limits(self, body: dict[str, Any], record: InteractionRecord | None = None,
                      edited: StoredMessage | None = None) -> None:
        problems = check_message(body, edited.payload if edited is not None else None)
        # A button's custom emoji must exist (the app's own, here): Discord refuses the message.
        problems += [f"components: unknown emoji {c['emoji']}" for c in all_components(body)
                     if isinstance(c.get("emoji"), dict) and c["emoji"].get("id")
                     and int(c["emoji"]["id"]) not in self._fake.app_emoji.emoji]
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems,
                               interaction=record)

    def check_old_edit(self, message: StoredMessage,
                        record: InteractionRecord | None = None) -> None:
        """Discord's limit on edits of messages older than an hour (bot/fake_discord/
        old_messages.py). Ephemeral messages are left out: the limit is documented for a
        channel's messages, and whether it counts a private answer that only its token edits is
        not documented either way (docs/DISCORD-FACTS.md, the facts found here)."""
        if int(message.payload.get("flags") or 0) & FLAG_EPHEMERAL:
            return
        if not self._fake.old_edits.allow(message.id, message.channel_id):
            raise DiscordError(old_messages.STATUS, old_messages.CODE, old_messages.MESSAGE,
                               interaction=record)


def all_components(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of a message, nested ones (rows, containers, accessories) included."""
    found: list[dict[str, Any]] = []
    stack = list(payload.get("components") or [])
    while stack:
        component = stack.pop()
        found.append(component)
        stack.extend(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            stack.append(component["accessory"])
    return found
