"""An offline Discord: the HTTP API and gateway that the real discord.py talks to in tests.

`FakeDiscord` holds a home guild with one text channel (all most tests need; `add_guild` and
`add_channel` add more), answers the routes a bot uses (login, command sync, interaction callbacks,
webhooks, channel messages) and enforces what Discord enforces: a REST call must name a channel
or guild that exists, and each guild's gateway events go only to the connection that identified
with the guild's shard. Every refused call gets the status and error code Discord would send
*and* is recorded in `violations`, which the fixture turns into a test failure.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .api import API, APPLICATION_COMMAND, COMPONENT
from .app_routes import AppRoutes
from .channel_routes import ChannelRoutes
from .clock import FakeClock
from .emoji import AppEmojiStore
from .gateway import Gateway, GatewaySession
from .home_guild import HomeGuildNames
from .interaction_routes import InteractionRoutes
from .message_desk import MessageDesk, all_components
from .old_messages import OldMessageEdits
from .places import check_command_allowed, member_of, owners, place_payload
from .rates import GLOBAL_LIMIT, RequestCounter
from .replies import DiscordError as DiscordError
from .request_gate import DROPPED, Injected429, InjectedError, RequestGate, RequestRecord
from .threads import Threads
from .world import (
    ALL_PERMISSIONS,
    DM_CHANNEL,
    GROUP_DM,
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Role,
    StoredMessage,
    Violation,
    iso_now,
    new_token,
    snowflake,
    snowflake_on_shard,
    user_payload,
)

RESPONSE_DEADLINE = 3.0          # seconds to the first response (callback)
TOKEN_LIFETIME = 15 * 60.0       # seconds an interaction token can be used for webhooks
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


_CORES = os.cpu_count() or 1  # read once: `wait_for` asks for the load at every look


def load_factor() -> float:
    """How many times busier than its cores the machine has been this last minute (at least 1)."""
    try:
        return max(1.0, os.getloadavg()[0] / _CORES)
    except (AttributeError, OSError):  # no load average (Windows)
        return 1.0


class FakeDiscord(HomeGuildNames):
    """The fake server and its world. Start with `await start()`, stop with `await stop()`."""

    def __init__(self, *, clock: FakeClock | None = None, token: str = "fake-bot-token",
                 shard_count: int = 1, guild_locale: str = "en-US",
                 request_limit: int = GLOBAL_LIMIT) -> None:
        self.clock = clock or FakeClock()
        self.token = token
        self.shard_count = shard_count
        self.response_deadline = RESPONSE_DEADLINE
        self.token_lifetime = TOKEN_LIFETIME

        self.application_id = snowflake()
        self.bot_user = user_payload(self.application_id, "UNO Bot", bot=True)
        # The guilds by id, the home guild first; every channel of theirs by id.
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.home = self.add_guild("Fake Guild", guild_locale, shard_id=None)

        self.global_commands: list[dict[str, Any]] = []
        self.commands_by_guild: dict[int, list[dict[str, Any]]] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        # ... and by their token, which webhook requests name (a long test sends thousands).
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.files: dict[int, bytes] = {}
        self.app_emoji = AppEmojiStore()  # the application's, kept across bot restarts
        # What the bot may do where an interaction happens (a test removes a permission).
        self.app_permissions = ALL_PERMISSIONS

        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        self.rate_limited: list[RequestRecord] = []
        # Bot-token requests per second and per route, against Discord's global limit.
        self.bot_requests = RequestCounter(request_limit)
        # Edits of messages older than an hour: 3 per 6 s per channel, then 30046.
        self.old_edits = OldMessageEdits(lambda: self.clock.now())
        self.channel_deleted = False  # set by a test: the channel answers Unknown Channel
        # Direct messages: the DM channel of each user the bot opened one with, what it sent
        # there, and the users whose DMs are closed to the bot (Discord answers 50007).
        self.dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.direct_messages: dict[int, list[str]] = {}  # user id -> contents, oldest first
        self.dms_closed: set[int] = set()
        # Users who installed the app to their account (a user install, places.py).
        self.user_installs: set[int] = set()
        # Seconds a virtual user waits, after a deferral, for the answer it announced (0: a
        # deferral is the whole answer, as some test bots mean it).
        self.wait_after_defer = 0.0
        # Whether the bot has nothing under way (set by a test that knows its bot): a deferral's
        # answer that has not come by the time the bot is idle is not coming, so a virtual user
        # stops waiting for it then rather than at `wait_after_defer` (a deliberate deferral,
        # such as the click on a table that moves, has no answer to wait for).
        self.bot_idle: Callable[[], bool] | None = None
        self._changed = asyncio.Event()

        self.gateway = Gateway(lambda: self.token, self._ready_events, self._member_payloads)
        self.threads = Threads(self)  # the channels' threads (threads.py)
        # The routes by what they serve, and the gate every request passes (a module each).
        self.gate = RequestGate(self)
        self.app_routes = AppRoutes(self)
        self.interaction_routes = InteractionRoutes(self)
        self.channel_routes = ChannelRoutes(self)
        self.desk = MessageDesk(self)  # the bot's messages: made, checked, announced
        self.port = 0
        self._runner: web.AppRunner | None = None

    # --- lifecycle -----------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application(middlewares=[self.gate.middleware])
        self._add_routes(app)
        # A short shutdown: a bot that was not closed must not hold the test for a minute.
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None,
                                     shutdown_timeout=1.0)
        await self._runner.setup()
        # Binding the socket ourselves gives a free port without racing another process for it.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.gateway.url = f"ws://127.0.0.1:{self.port}/gateway"

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- the world -----------------------------------------------------------------------------

    def add_guild(self, name: str, locale: str = "en-US", *, shard_id: int | None = None,
                  channels: tuple[str, ...] = ("uno",), has_bot: bool = True) -> Guild:
        """A new guild with these text channels; `shard_id` gives it an id that Discord routes
        to that shard of the fake's `shard_count` (None: any). `has_bot=False`: a server that
        never invited the bot (places.py)."""
        guild_id = snowflake() if shard_id is None else snowflake_on_shard(shard_id,
                                                                           self.shard_count)
        guild = Guild.new(guild_id, name, locale, channels)
        guild.has_bot = has_bot
        self.guilds[guild.id] = guild
        self.channels.update((c.id, c) for c in guild.channels)
        return guild

    def add_channel(self, name: str, guild: Guild | None = None) -> Channel:
        guild = guild or self.home
        channel = Channel(snowflake(), guild.id, name)
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        return channel

    def add_role(self, name: str, permissions: int, guild: Guild | None = None) -> Role:
        roles = (guild or self.home).roles
        role = Role(snowflake(), name, permissions, position=len(roles))
        roles.append(role)
        return role

    def add_member(self, name: str, *, locale: str = "en-US", roles: list[Role] | None = None,
                   guild: Guild | None = None) -> Member:
        member = Member(snowflake(), name, locale, list(roles or []))
        (guild or self.home).members[member.id] = member
        return member

    def join(self, member: Member, guild: Guild, roles: list[Role] | None = None) -> None:
        """`member` (a user already known) joins another guild, with roles of that guild."""
        guild.members[member.id] = member
        member.roles.extend(roles or [])

    def guild_of(self, channel: Channel) -> Guild:
        return self.guilds[channel.guild_id]

    def install_for(self, member: Member) -> None:
        """`member` adds the app to their account (Installation: User Install)."""
        self.user_installs.add(member.id)

    def bot_dm(self, member: Member) -> Channel:
        """The DM between `member` and the bot (the one its DM pings go to as well)."""
        channel_id = next((c for c, u in self.dm_channels.items() if u == member.id), None)
        if channel_id is None:
            channel_id = snowflake()
            self.dm_channels[channel_id] = member.id
        channel = self.channels.get(channel_id)
        if channel is None:
            channel = Channel(channel_id, 0, "", type=DM_CHANNEL, recipients=(member,))
            self.channels[channel_id] = channel
        return channel

    def add_group_dm(self, name: str, members: list[Member]) -> Channel:
        """A group DM of these users; the bot can never be in one."""
        channel = Channel(snowflake(), 0, name, type=GROUP_DM, recipients=tuple(members),
                          owner_id=members[0].id)
        self.channels[channel.id] = channel
        return channel

    def guild_of_place(self, channel: Channel) -> Guild | None:
        """The guild of a channel, None for a DM or a group DM."""
        return None if channel.private else self.guilds.get(channel.guild_id)

    def user_by_id(self, user_id: int) -> Member | None:
        """A member of any guild: users are global on Discord (DMs, /users/{id})."""
        return next((g.members[user_id] for g in self.guilds.values() if user_id in g.members),
                    None)

    def commands_in(self, guild_id: int) -> list[dict[str, Any]]:
        """What a user in that guild is offered: its guild commands, then the global ones."""
        return self.commands_by_guild.get(guild_id, []) + self.global_commands

    def check_app(self, request: web.Request) -> None:
        """Refuse a request naming another application, as Discord does."""
        if request.match_info["application_id"] != str(self.application_id):
            raise DiscordError(404, 10002, "Unknown Application")

    def guild_named(self, request: web.Request) -> Guild | None:
        """The guild a request's path names, if it exists."""
        raw = request.match_info["guild_id"]
        return self.guilds.get(int(raw)) if raw.isdigit() else None

    def _member_payloads(self, guild_id: int) -> list[dict[str, Any]]:
        guild = self.guilds.get(guild_id)
        return [guild.member_payload(m) for m in guild.members.values()] if guild else []

    def guild_payload(self, guild: Guild | None = None) -> dict[str, Any]:
        guild = guild or self.home
        return {
            "id": str(guild.id), "name": guild.name, "icon": None,
            "owner_id": str(self.application_id), "preferred_locale": guild.locale,
            "features": [], "roles": [r.payload() for r in guild.roles], "emojis": [],
            "stickers": [], "channels": [c.payload() for c in guild.channels],
            "threads": [t.payload() for t in guild.threads],
            "members": self._member_payloads(guild.id), "member_count": len(guild.members) + 1,
            "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "large": False,
            "unavailable": False, "joined_at": iso_now(), "mfa_level": 0,
            "verification_level": 0, "premium_tier": 0, "nsfw_level": 0, "system_channel_id": None,
        }

    def _ready_events(self, session: GatewaySession) -> list[tuple[str, dict[str, Any]]]:
        # READY lists only the guilds of the identifying shard; a GUILD_CREATE follows for each.
        covered = [g for g in self.guilds.values() if g.has_bot and session.covers(g.id)]
        ready = {
            "v": 10, "user": self.bot_user, "session_id": session.id,
            "resume_gateway_url": self.gateway.url, "shard": [session.shard_id,
                                                              session.shard_count],
            "guilds": [{"id": str(g.id), "unavailable": True} for g in covered],
            "application": {"id": str(self.application_id), "flags": 0},
        }
        return [("READY", ready)] + [("GUILD_CREATE", self.guild_payload(g)) for g in covered]

    # --- what tests use ------------------------------------------------------------------------

    def inject_429(self, method: str, route: str, *, times: int = 1, retry_after: float = 0.05,
                   is_global: bool = False) -> None:
        """Answer the next `times` calls to `method route` with 429 (route as a template:
        "/channels/{channel_id}/messages/{message_id}",
        "/webhooks/{application_id}/{token}/messages/{message_id}", ...)."""
        self.gate.injected.append(Injected429(method.upper(), route, times, retry_after, is_global))

    def fail_next(self, method: str, route: str, *, status: int, code: int, message: str,
                  times: int = 1) -> None:
        """Answer the next `times` calls to `method route` with this error, as Discord does
        when something goes wrong on its side or a permission is missing (not a violation of
        the bot's: nothing is recorded)."""
        self.gate.errors.append(InjectedError(method.upper(), route, times, status, code, message))

    def drop_next(self, method: str, route: str, *, times: int = 1) -> None:
        """Close the connection of the next `times` calls to `method route` without an answer:
        the bot's HTTP client raises a disconnect (aiohttp's `ServerDisconnectedError`), which
        discord.py passes on rather than retrying (its webhook requests retry only some
        `OSError`s). aiohttp itself sends an idempotent request (GET, PUT, DELETE, ...) once
        more when the connection dropped was a reused one, so such a call may need `times=2`
        to reach the bot. Recorded with status 0."""
        self.gate.errors.append(InjectedError(method.upper(), route, times, DROPPED, 0, ""))

    def failing(self) -> bool:
        """Whether errors asked for with `fail_next` are still to be answered."""
        return any(f.remaining > 0 for f in self.gate.errors)

    def take_violations(self) -> list[Violation]:
        """Hand the recorded violations to a test that provoked them on purpose."""
        taken, self.violations = self.violations, []
        return taken

    def changed(self) -> None:
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 3.0) -> Any:
        """Wait (real time) until `predicate()` is truthy; re-checked on every change. The
        timeout catches a condition that never comes: on a machine busier than its cores (the
        suite's workers, other jobs) it stretches by the load, as everything the condition waits
        for is slowed down by as much."""
        loop = asyncio.get_running_loop()
        started = loop.time()
        while not (result := predicate()):
            remaining = started + timeout * load_factor() - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout} s (x{load_factor():.1f}"
                                   " for the machine's load)")
            event = self._changed
            try:
                # Short slices also catch conditions that depend on the clock alone.
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))
            except TimeoutError:
                pass
        return result

    def channel_messages(self, viewer: int | None = None,
                         channel: Channel | None = None) -> list[StoredMessage]:
        """Messages of `channel` (None: of every channel), oldest first, as `viewer` sees them
        (None: public only)."""
        return [m for m in self.messages.values()
                if not m.deleted and (m.visible_to is None or m.visible_to == viewer)
                and (channel is None or m.channel_id == channel.id)]

    def messages_in(self, channel_id: int, viewer: int) -> list[StoredMessage]:
        """A channel's messages, oldest first, as `viewer` sees them (their ephemerals too)."""
        return self.channel_messages(viewer, self.channels[channel_id])

    def record(self, violation: Violation) -> None:
        self.violations.append(violation)
        self.changed()

    def unacknowledged(self) -> list[InteractionRecord]:
        return [i for i in self.interactions.values() if not i.acknowledged and not i.failed]

    async def create_interaction(self, user: Member, type_: int, data: dict[str, Any],
                                 source: StoredMessage | None = None, *,
                                 channel: Channel | None = None) -> InteractionRecord:
        """Send INTERACTION_CREATE to the bot as Discord does when `user` acts in `channel`
        (default: the clicked message's channel, else the home guild's first), over the gateway
        connection of that channel's guild's shard.

        Discord delivers a component interaction only for a control that is on the message
        clicked, and from a member of the guild: anything else is a bug in the test, refused
        here, never sent to the bot."""
        if type_ == COMPONENT and source is not None:
            on_message = {c.get("custom_id") for c in all_components(source.payload)}
            if data.get("custom_id") not in on_message:
                raise ValueError(f"{data.get('custom_id')!r} is not a control of message "
                                 f"{source.id}: Discord would not deliver this click")
        if channel is None:
            channel = (self.channels.get(source.channel_id, self.channel) if source
                       else self.channel)
        guild = self.guild_of_place(channel)
        if not member_of(channel, guild, user):
            where = guild.name if guild is not None else channel.name or channel.id
            raise ValueError(f"{user.name} is not a member of {where!r}: "
                             "fake.join() them first")
        via = owners(channel, guild, user, installed=user.id in self.user_installs,
                     source=source)
        if not via:
            raise ValueError(f"{user.name} cannot use the app in {channel.id}: the bot is not "
                             "there and they have not installed it (fake.install_for)")
        interaction_id = snowflake()
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(self.application_id),
            "type": type_, "data": data, "token": new_token(), "version": 1,
            "locale": user.locale, "entitlements": [],
            # Trap 4: discord.py reads this key unconditionally.
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            **place_payload(channel, guild, user, via, self.app_permissions),
        }
        if type_ == APPLICATION_COMMAND:
            command = next((c for c in self.commands_in(guild.id if guild else 0)
                            if c.get("name") == data.get("name")), None)
            if command is not None:
                check_command_allowed(command, payload["context"], via)
        if source is not None:
            payload["message"] = source.payload
        record = InteractionRecord(
            id=interaction_id, token=payload["token"], type=type_, user=user,
            channel_id=channel.id, created_at=self.clock.now(), payload=payload,
            source_message_id=source.id if source else None,
            original_message_id=source.id if source else None)
        self.interactions[interaction_id] = record
        self.interactions_by_token.setdefault(record.token, record)
        # Discord sends what happens outside guilds to shard 0 (guild id 0 routes there).
        await self.gateway.dispatch("INTERACTION_CREATE", payload, guild.id if guild else 0)
        return record

    def missed_deadline(self, record: InteractionRecord) -> None:
        """Called by a virtual user whose interaction got no answer in time."""
        if not record.acknowledged and not record.failed:
            record.failed = True
            waited = self.clock.now() - record.created_at
            self.record(Violation(10062, f"interaction {record.id} was not acknowledged within "
                                         f"{self.response_deadline:g} s (waited {waited:.2f} s): "
                                         "the user sees 'The application did not respond'"))

    async def post_user_message(self, member: Member, content: str,
                                channel: Channel | None = None) -> StoredMessage:
        """A member writes in `channel` (default: the home one); the bot learns of it by
        MESSAGE_CREATE (without the message-content intent Discord sends the author but an
        empty content)."""
        channel = channel or self.channel
        guild = self.guild_of(channel)
        payload: dict[str, Any] = {
            "id": str(snowflake()), "channel_id": str(channel.id),
            "guild_id": str(guild.id), "author": member.user(), "content": "",
            "timestamp": iso_now(), "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "components": [], "pinned": False, "type": 0, "flags": 0,
            "member": guild.member_payload(member, with_user=False),
        }
        message = StoredMessage(payload)
        self.messages[message.id] = message
        await self.desk.announce(message, "MESSAGE_CREATE")
        message.payload["content"] = content  # what the channel shows; the bot was not sent it
        return message

    # --- HTTP plumbing -------------------------------------------------------------------------

    def _add_routes(self, app: web.Application) -> None:
        r = app.router
        setup, inter, chan = self.app_routes, self.interaction_routes, self.channel_routes
        r.add_get("/gateway", self.gateway.handle)
        r.add_get(API + "/gateway", setup.get_gateway)
        r.add_get(API + "/gateway/bot", setup.get_gateway_bot)
        r.add_get(API + "/users/@me", setup.get_me)
        r.add_post(API + "/users/@me/channels", chan.open_dm)
        r.add_get(API + "/users/{user_id}", chan.get_user)
        r.add_get(API + "/oauth2/applications/@me", setup.get_application)
        for path in ("/applications/{application_id}/commands",
                     "/applications/{application_id}/guilds/{guild_id}/commands"):
            r.add_put(API + path, setup.put_commands)
            r.add_get(API + path, setup.get_commands)
        emojis = API + "/applications/{application_id}/emojis"
        r.add_get(emojis, setup.list_emoji)
        r.add_post(emojis, setup.create_emoji)
        r.add_delete(emojis + "/{emoji_id}", setup.delete_emoji)
        r.add_post(API + "/interactions/{interaction_id}/{token}/callback", inter.callback)
        r.add_post(API + "/webhooks/{application_id}/{token}", inter.followup)
        r.add_get(API + "/channels/{channel_id}", chan.get_channel)
        r.add_post(API + "/channels/{channel_id}/messages", chan.post_channel_message)
        r.add_get(API + "/channels/{channel_id}/messages", chan.get_channel_messages)
        for message, handler in (
                ("/webhooks/{application_id}/{token}/messages/{message_id}",
                 inter.webhook_message),
                ("/channels/{channel_id}/messages/{message_id}", chan.channel_message)):
            for add in (r.add_get, r.add_patch, r.add_delete):
                add(API + message, handler)
        r.add_get(API + "/guilds/{guild_id}", chan.get_guild)
        r.add_get(API + "/guilds/{guild_id}/members/{user_id}", chan.get_member)
        r.add_get("/attachments/{attachment_id}/{filename}", chan.get_attachment)
        r.add_get("/emojis/{emoji_file}", chan.get_emoji_image)  # Discord's CDN path
        self.threads.add_routes(r, API)
