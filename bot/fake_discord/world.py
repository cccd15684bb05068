"""The fake's data: guilds with their roles, text channels and members; messages and interactions.

Payloads are built as plain dicts in the shape Discord's API returns, because that is what the
real discord.py parses; the traps noted in docs/DISCORD-FACTS.md are marked where they bite.
"""

from __future__ import annotations

import itertools
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord

from .limits import FLAG_EPHEMERAL

DISCORD_EPOCH_MS = 1_420_070_400_000
_counter = itertools.count(1)

# What @everyone may do on a fresh server; role grants add to it.
EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True,
    read_message_history=True, add_reactions=True, use_external_emojis=True,
    use_application_commands=True,
).value
ALL_PERMISSIONS = discord.Permissions.all().value


def snowflake() -> int:
    """A unique id shaped like Discord's (timestamp in the high bits), so shard maths works."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def snowflake_on_shard(shard_id: int, shard_count: int) -> int:
    """A new guild id that Discord routes to `shard_id` of `shard_count`: the shard is
    `(guild_id >> 22) % shard_count`, so the timestamp bits are moved to the next fitting ms."""
    raw = snowflake()
    ms = raw >> 22
    ms += (shard_id - ms) % shard_count
    return (ms << 22) | (raw & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot, "public_flags": 0, "flags": 0}


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 1

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "permissions": str(self.permissions),
                "position": self.position, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}


@dataclass
class Member:
    id: int
    name: str
    locale: str
    roles: list[Role] = field(default_factory=list)

    def permissions(self, everyone: int) -> int:
        value = everyone
        for role in self.roles:
            value |= role.permissions
        if value & discord.Permissions(administrator=True).value:
            return ALL_PERMISSIONS
        return value

    def user(self) -> dict[str, Any]:
        return user_payload(self.id, self.name)

    def payload(self, everyone: int, *, with_user: bool = True) -> dict[str, Any]:
        # Trap 2: discord.py's Member() raises KeyError without "flags".
        data: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles], "joined_at": iso_now(), "deaf": False,
            "mute": False, "flags": 0, "pending": False, "nick": None, "avatar": None,
            "premium_since": None, "communication_disabled_until": None,
            "permissions": str(self.permissions(everyone)),
        }
        if with_user:
            data["user"] = self.user()
        return data


TEXT_CHANNEL, DM_CHANNEL, GROUP_DM, PUBLIC_THREAD = 0, 1, 3, 11


@dataclass
class Channel:
    """A text channel, or a public thread under one (`parent_id`, see threads.py); or a private
    channel outside any guild (`guild_id` 0: a DM or a group DM, see places.py) with its
    `recipients`."""

    id: int
    guild_id: int
    name: str
    parent_id: int | None = None
    owner_id: int | None = None
    auto_archive_duration: int = 1440
    type: int = TEXT_CHANNEL
    recipients: tuple[Member, ...] = ()

    @property
    def is_thread(self) -> bool:
        return self.parent_id is not None

    @property
    def private(self) -> bool:
        """A DM or a group DM: a channel of no guild."""
        return self.type in (DM_CHANNEL, GROUP_DM)

    def payload(self) -> dict[str, Any]:
        if self.is_thread:
            return self._thread_payload()
        if self.private:
            data: dict[str, Any] = {
                "id": str(self.id), "type": self.type, "last_message_id": None, "flags": 0,
                "recipients": [m.user() for m in self.recipients]}
            if self.type == GROUP_DM:
                data.update(name=self.name, icon=None, owner_id=str(self.owner_id))
            return data
        return {"id": str(self.id), "guild_id": str(self.guild_id), "type": TEXT_CHANNEL,
                "name": self.name, "position": 0, "permission_overwrites": [], "nsfw": False,
                "parent_id": None, "topic": None, "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0}

    def _thread_payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "guild_id": str(self.guild_id), "type": PUBLIC_THREAD,
                "name": self.name, "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id), "last_message_id": None,
                "rate_limit_per_user": 0, "flags": 0, "message_count": 0, "member_count": 1,
                "total_message_sent": 0,
                "thread_metadata": {"archived": False, "locked": False,
                                    "auto_archive_duration": self.auto_archive_duration,
                                    "archive_timestamp": iso_now(),
                                    "create_timestamp": iso_now()}}


@dataclass
class Guild:
    """A server: its roles (@everyone first, whose id is the guild's own: discord.py finds it so),
    text channels and members. A member of several guilds has roles in each; only a guild's
    own roles count there."""

    id: int
    name: str
    locale: str
    channels: list[Channel]
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    threads: list[Channel] = field(default_factory=list)  # active threads, sent apart
    # False: a server that never invited the bot (its members may use the app they installed
    # themselves: places.py); the bot gets no event of it and no access with its token.
    has_bot: bool = True

    @classmethod
    def new(cls, guild_id: int, name: str, locale: str, channel_names: tuple[str, ...] = ("uno",)
            ) -> Guild:
        channels = [Channel(snowflake(), guild_id, n) for n in channel_names]
        return cls(guild_id, name, locale, channels,
                   [Role(guild_id, "@everyone", EVERYONE_PERMISSIONS, position=0)])

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def as_member(self, member: Member) -> Member:
        """`member` with only this guild's roles."""
        own = {r.id for r in self.roles}
        return Member(member.id, member.name, member.locale,
                      [r for r in member.roles if r.id in own])

    def permissions_of(self, member: Member) -> int:
        return self.as_member(member).permissions(self.everyone.permissions)

    def member_payload(self, member: Member, *, with_user: bool = True) -> dict[str, Any]:
        return self.as_member(member).payload(self.everyone.permissions, with_user=with_user)


@dataclass
class StoredMessage:
    """A message as Discord holds it; `visible_to` is set for ephemeral messages only."""

    payload: dict[str, Any]
    visible_to: int | None = None
    interaction_id: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    def visible(self, user_id: int) -> bool:
        return not self.deleted and (self.visible_to is None or self.visible_to == user_id)

    def edit(self, changes: dict[str, Any]) -> None:
        self.history.append(dict(self.payload))
        for key in ("content", "embeds", "components", "attachments"):
            if key in changes:
                self.payload[key] = changes[key] if changes[key] is not None else (
                    "" if key == "content" else [])
        if "flags" in changes and changes["flags"] is not None:
            # Ephemerality cannot be changed by an edit; the other flags can.
            keep = self.payload["flags"] & FLAG_EPHEMERAL
            self.payload["flags"] = (int(changes["flags"]) & ~FLAG_EPHEMERAL) | keep
        self.payload["edited_timestamp"] = iso_now()


@dataclass
class InteractionRecord:
    """One interaction's life: when it was created (fake clock), how it was acknowledged."""

    id: int
    token: str
    type: int
    user: Member
    channel_id: int
    created_at: float
    payload: dict[str, Any]
    source_message_id: int | None = None   # the message a clicked component sits on
    ack_type: int | None = None             # the callback type of the first response
    original_message_id: int | None = None  # what @original means for this token
    loading: bool = False                   # deferred with type 5 and not yet filled
    answered: bool = False                  # a follow-up or an edit came after the first ack
    failed: bool = False                    # a violation was already recorded for it
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    autocomplete_choices: list[dict[str, Any]] | None = None

    @property
    def acknowledged(self) -> bool:
        return self.ack_type is not None


@dataclass(frozen=True)
class Violation:
    """A call the real Discord would have refused (or a missed deadline); fails the test."""

    code: int
    message: str
    method: str = ""
    path: str = ""

    def __str__(self) -> str:
        where = f" ({self.method} {self.path})" if self.method else ""
        return f"{self.code}: {self.message}{where}"


def new_token() -> str:
    return "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
