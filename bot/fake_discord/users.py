"""Virtual users: guild members who run slash commands, click, choose and read the channel.

They act only through what Discord's client would let them do: a command must have been synced
(and be allowed by its default permissions), option values must fit the synced schema, a button
must be on a message the user can see and not be disabled. A mistake there is a bug in the test,
so it raises at once instead of being sent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .api import APPLICATION_COMMAND, COMPONENT, DEFERRED_MESSAGE, DEFERRED_UPDATE
from .limits import (
    BUTTON,
    CONTAINER,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    LINK_BUTTON,
    MEDIA_GALLERY,
    SELECT_TYPES,
    TEXT_DISPLAY,
)
from .server import FakeDiscord
from .world import Channel, InteractionRecord, Member, Role, StoredMessage, user_payload

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, NUMBER = 3, 4, 5, 6, 7, 8, 10


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from _walk(component.get("components") or [])
        if isinstance(component.get("accessory"), dict):
            yield component["accessory"]


def components_of(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every component of a message payload, nested ones (rows, containers) included."""
    return list(_walk(payload.get("components") or []))


def texts_of(payload: dict[str, Any]) -> list[str]:
    """Every text of a message payload (any version of it) as a reader sees it, whatever its
    kind, in order: the content, each embed's title, description, fields (name, then value)
    and footer, and the content of each text display (V2, nested ones included)."""
    texts = [str(payload.get("content") or "")]
    for embed in payload.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []]
        texts.append((embed.get("footer") or {}).get("text") or "")
    texts += [str(c.get("content") or "") for c in _walk(payload.get("components") or [])
              if c.get("type") == TEXT_DISPLAY]
    return [text for text in texts if text]


@dataclass(frozen=True)
class Stranger:
    """A Discord user who is not a member of the guild: a USER option naming one resolves a
    user and no member, as Discord sends it."""

    id: int
    name: str


class SeenMessage:
    """A message as one user sees it; attributes read the current state (edits show up)."""

    def __init__(self, stored: StoredMessage) -> None:
        self.stored = stored

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        return f"<SeenMessage {self.id} {kind} {self.text[:40]!r}>"

    @property
    def id(self) -> int:
        return self.stored.id

    @property
    def payload(self) -> dict[str, Any]:
        return self.stored.payload

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def v2(self) -> bool:
        """A Components V2 message: its text is in text displays, never in content or embeds."""
        return bool(int(self.payload.get("flags") or 0) & FLAG_COMPONENTS_V2)

    @property
    def texts(self) -> list[str]:
        """Every text of the message as a reader sees it, whatever its kind (`texts_of`)."""
        return texts_of(self.payload)

    @property
    def text(self) -> str:
        """The message's whole text as one string (`texts`, a line apart)."""
        return "\n".join(self.texts)

    @property
    def pictures(self) -> list[str]:
        """The urls of the pictures it shows: embed images and media gallery items."""
        urls = [str((e.get("image") or {}).get("url")) for e in self.embeds if e.get("image")]
        urls += [str((item.get("media") or {}).get("url")) for c in _walk(self.components)
                 if c.get("type") == MEDIA_GALLERY for item in c.get("items") or []]
        return urls

    @property
    def accent(self) -> int | None:
        """The colour at its side: the first embed's colour, or the container's accent."""
        for embed in self.embeds:
            return embed.get("color")
        return next((c.get("accent_color") for c in _walk(self.components)
                     if c.get("type") == CONTAINER), None)

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return list(self.payload.get("attachments") or [])

    @property
    def ephemeral(self) -> bool:
        return bool(self.payload["flags"] & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Still "<bot> is thinking..." after a defer."""
        return bool(self.payload["flags"] & FLAG_LOADING)

    @property
    def edits(self) -> int:
        return len(self.stored.history)

    @property
    def deleted(self) -> bool:
        return self.stored.deleted

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in _walk(self.components) if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in _walk(self.components) if c.get("type") in SELECT_TYPES]

    def labels(self) -> list[str]:
        return [str(b.get("label")) for b in self.buttons()]

    def button(self, label: str | None = None, *, custom_id: str | None = None) -> dict[str, Any]:
        found = [b for b in self.buttons()
                 if (label is None or b.get("label") == label)
                 and (custom_id is None or b.get("custom_id") == custom_id)]
        if len(found) != 1:
            raise LookupError(f"{len(found)} buttons match label={label!r} custom_id="
                              f"{custom_id!r} on {self!r}; buttons: {self.labels()}")
        return found[0]

    def select(self, custom_id: str | None = None) -> dict[str, Any]:
        found = [s for s in self.selects() if custom_id is None or s.get("custom_id") == custom_id]
        if len(found) != 1:
            raise LookupError(f"{len(found)} selects match custom_id={custom_id!r} on {self!r}")
        return found[0]


class InteractionHandle:
    """What a user's action started: its acknowledgement, response and follow-ups."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self.fake = fake
        self.record = record

    @property
    def acknowledged(self) -> bool:
        return self.record.acknowledged

    @property
    def response(self) -> SeenMessage | None:
        """The message @original points at (the reply, or the clicked message for updates)."""
        message_id = self.record.original_message_id
        return SeenMessage(self.fake.messages[message_id]) if message_id else None

    @property
    def followups(self) -> list[SeenMessage]:
        return [SeenMessage(self.fake.messages[i]) for i in self.record.followup_ids]

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.record.modal

    async def wait_acknowledged(self) -> InteractionHandle:
        """Wait like the user's client: past the deadline it is a violation (10062)."""
        fake, record = self.fake, self.record

        def settled() -> bool:
            late = fake.clock.now() - record.created_at > fake.response_deadline
            return record.acknowledged or record.failed or late

        try:
            await fake.wait_for(settled, timeout=fake.response_deadline + 2.0)
        except TimeoutError:
            pass  # a clock that does not follow real time: the bot simply never answered
        fake.missed_deadline(record)
        if record.ack_type in (DEFERRED_MESSAGE, DEFERRED_UPDATE) and fake.wait_after_defer:
            # A bot that defers only when its answer is slow (the UNO bot's watchdog): the user
            # sees the answer once it comes as a follow-up or an edit, so wait for that too.
            idle = fake.bot_idle

            def answered_or_not_coming() -> bool:
                return record.answered or (idle is not None and idle())

            with contextlib.suppress(TimeoutError):
                await fake.wait_for(answered_or_not_coming, timeout=fake.wait_after_defer)
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 3.0) -> list[SeenMessage]:
        await self.fake.wait_for(lambda: len(self.record.followup_ids) >= count, timeout)
        return self.followups

    async def wait_loaded(self, timeout: float = 3.0) -> SeenMessage:
        """After a defer: wait until the thinking message has been filled."""
        await self.fake.wait_for(lambda: self.record.acknowledged and not self.record.loading,
                                 timeout)
        response = self.response
        assert response is not None
        return response


class VirtualUser:
    """A guild member driven by a test, acting in the home channel, or in `channel` (see
    `in_channel`: then they also read that channel only)."""

    def __init__(self, fake: FakeDiscord, member: Member, channel: Channel | None = None) -> None:
        self.fake = fake
        self.member = member
        self.channel = channel

    def in_channel(self, channel: Channel) -> VirtualUser:
        """The same user, acting in and reading `channel` (of any guild they are a member of)."""
        return VirtualUser(self.fake, self.member, channel)

    @property
    def guild_id(self) -> int:
        return (self.channel or self.fake.channel).guild_id

    def __repr__(self) -> str:
        return f"<VirtualUser {self.name} {self.id}>"

    @property
    def id(self) -> int:
        return self.member.id

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def locale(self) -> str:
        return self.member.locale

    @locale.setter
    def locale(self, value: str) -> None:
        self.member.locale = value

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> int:
        return self.fake.guilds[self.guild_id].permissions_of(self.member)

    # --- reading -------------------------------------------------------------------------------

    def messages(self) -> list[SeenMessage]:
        """The channel as this user sees it: public messages and their own ephemeral ones."""
        return [SeenMessage(m) for m in self.fake.channel_messages(self.id, self.channel)]

    def public_messages(self) -> list[SeenMessage]:
        return [m for m in self.messages() if not m.ephemeral]

    def ephemerals(self) -> list[SeenMessage]:
        return [m for m in self.messages() if m.ephemeral]

    def last_message(self) -> SeenMessage:
        seen = self.messages()
        if not seen:
            raise LookupError(f"{self.name} sees no message")
        return seen[-1]

    def message(self, message_id: int) -> SeenMessage:
        stored = self.fake.messages.get(message_id)
        if stored is None or not stored.visible(self.id):
            raise LookupError(f"{self.name} cannot see message {message_id}")
        return SeenMessage(stored)

    # --- acting --------------------------------------------------------------------------------

    async def slash(self, command: str, *, wait: bool = True, **options: Any) -> InteractionHandle:
        """Run `/command` ("uno echo") with options; waits for the acknowledgement unless
        `wait=False` (then call `handle.wait_acknowledged()` yourself)."""
        data = self._command_data(command.split(), options)
        record = await self.fake.create_interaction(self.member, APPLICATION_COMMAND, data,
                                                    channel=self.channel)
        handle = InteractionHandle(self.fake, record)
        return await handle.wait_acknowledged() if wait else handle

    async def say(self, content: str) -> SeenMessage:
        """Write `content` in the channel, as a chat message (the bot, without the
        message-content intent, learns who wrote but not what)."""
        return SeenMessage(await self.fake.post_user_message(self.member, content, self.channel))

    async def click(self, message: SeenMessage | int, label: str | None = None, *,
                    custom_id: str | None = None, wait: bool = True) -> InteractionHandle:
        stored = self._visible(message)
        button = SeenMessage(stored).button(label, custom_id=custom_id)
        if button.get("disabled"):
            raise ValueError(f"{self.name} cannot click the disabled button {button}")
        if button.get("style") == LINK_BUTTON or not button.get("custom_id"):
            raise ValueError("link buttons open a URL; they send no interaction")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return await self._component(stored, data, wait)

    async def choose(self, message: SeenMessage | int, *values: str,
                     custom_id: str | None = None, wait: bool = True) -> InteractionHandle:
        """Pick `values` in a string select (by option value)."""
        stored = self._visible(message)
        menu = SeenMessage(stored).select(custom_id)
        if menu.get("disabled"):
            raise ValueError(f"{self.name} cannot use the disabled select {menu['custom_id']}")
        offered = {o["value"] for o in menu.get("options") or []}
        unknown = set(values) - offered
        if unknown:
            raise ValueError(f"{sorted(unknown)} are not options of {menu['custom_id']}: "
                             f"{sorted(offered)}")
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"choose {low}..{high} values, not {len(values)}")
        data = {"custom_id": menu["custom_id"], "component_type": menu["type"],
                "values": list(values)}
        return await self._component(stored, data, wait)

    async def _component(self, stored: StoredMessage, data: dict[str, Any],
                         wait: bool) -> InteractionHandle:
        record = await self.fake.create_interaction(self.member, COMPONENT, data, stored)
        handle = InteractionHandle(self.fake, record)
        return await handle.wait_acknowledged() if wait else handle

    def _visible(self, message: SeenMessage | int) -> StoredMessage:
        message_id = message if isinstance(message, int) else message.id
        stored = self.fake.messages.get(message_id)
        if stored is None or not stored.visible(self.id):
            raise LookupError(f"{self.name} cannot see message {message_id}")
        return stored

    # --- building a slash command's data from the synced schema --------------------------------

    def _command_data(self, path: list[str], options: dict[str, Any]) -> dict[str, Any]:
        commands = self.fake.commands_in(self.guild_id)
        top = next((c for c in commands if c["name"] == path[0] and c.get("type", 1) == 1), None)
        if top is None:
            raise LookupError(f"/{path[0]} is not synced; synced: "
                              f"{sorted(c['name'] for c in commands)}")
        required = top.get("default_member_permissions")
        if required is not None and (int(required) & self.permissions) != int(required):
            raise PermissionError(f"{self.name} lacks the permissions for /{path[0]}: Discord "
                                  "does not offer the command")
        data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": 1}
        if "guild_id" in top:
            data["guild_id"] = top["guild_id"]
        node, holder = top, data
        for part in path[1:]:
            child = next((o for o in node.get("options") or [] if o["name"] == part
                          and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
            if child is None:
                raise LookupError(f"/{' '.join(path)}: no subcommand {part!r}")
            entry: dict[str, Any] = {"name": part, "type": child["type"], "options": []}
            holder.setdefault("options", []).append(entry)
            node, holder = child, entry
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options") or []):
            raise LookupError(f"/{' '.join(path)} needs a subcommand")
        resolved: dict[str, dict[str, Any]] = {}
        values = []
        schema = {o["name"]: o for o in node.get("options") or []}
        for name, value in options.items():
            if name not in schema:
                raise LookupError(f"/{' '.join(path)} has no option {name!r}: {sorted(schema)}")
            values.append({"name": name, "type": schema[name]["type"],
                           "value": self._option_value(schema[name], value, resolved)})
        missing = [n for n, o in schema.items() if o.get("required") and n not in options]
        if missing:
            raise ValueError(f"/{' '.join(path)} misses required options {missing}")
        holder["options"] = values
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(self, schema: dict[str, Any], value: Any,
                      resolved: dict[str, dict[str, Any]]) -> Any:
        kind, name = schema["type"], schema["name"]
        if kind == STRING:
            if not isinstance(value, str):
                raise TypeError(f"option {name} takes a string")
            if not schema.get("min_length", 0) <= len(value) <= schema.get("max_length", 6000):
                raise ValueError(f"option {name}: length {len(value)} is outside its limits")
        elif kind in (INTEGER, NUMBER):
            if isinstance(value, bool) or not isinstance(value, int | float) or (
                    kind == INTEGER and not isinstance(value, int)):
                raise TypeError(f"option {name} takes a {'whole ' if kind == INTEGER else ''}"
                                "number")
            low, high = schema.get("min_value"), schema.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ValueError(f"option {name}: {value} is outside {low}..{high}")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise TypeError(f"option {name} takes True or False")
        elif kind == USER and isinstance(value, Stranger):
            resolved.setdefault("users", {})[str(value.id)] = user_payload(value.id, value.name)
            return str(value.id)
        elif kind == USER:
            member = value.member if isinstance(value, VirtualUser) else value
            if not isinstance(member, Member):
                raise TypeError(f"option {name} takes a VirtualUser")
            guild = self.fake.guilds[self.guild_id]
            resolved.setdefault("users", {})[str(member.id)] = member.user()
            resolved.setdefault("members", {})[str(member.id)] = guild.member_payload(
                member, with_user=False)
            return str(member.id)
        elif kind == ROLE:
            if not isinstance(value, Role):
                raise TypeError(f"option {name} takes a Role")
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif kind == CHANNEL:
            channel = self.fake.channel
            if value not in (channel, channel.id):
                raise ValueError(f"option {name}: the fake guild has one channel, {channel.id}")
            resolved.setdefault("channels", {})[str(channel.id)] = {
                **channel.payload(), "permissions": str(self.permissions)}
            return str(channel.id)
        else:
            raise NotImplementedError(f"option type {kind} is not supported by the fake yet")
        choices = schema.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name}: {value!r} is not one of its choices")
        return value
