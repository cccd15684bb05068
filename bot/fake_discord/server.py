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
import json
import math
import os
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from . import old_messages
from .clock import FakeClock
from .command_limits import check_commands
from .emoji import AppEmojiStore, EmojiError
from .gateway import Gateway, GatewaySession
from .limits import FLAG_EPHEMERAL, FLAG_LOADING, check_message
from .old_messages import OldMessageEdits
from .places import (
    check_command_allowed,
    check_followup,
    member_of,
    owners,
    place_payload,
    refuse_token,
)
from .rates import GLOBAL_LIMIT, RequestCounter
from .replies import BODY as _BODY
from .replies import UPLOADS as _UPLOADS
from .replies import DiscordError as DiscordError
from .replies import json_response as _json
from .spec import discord_api_spec
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

API = "/api/v10"
RESPONSE_DEADLINE = 3.0          # seconds to the first response (callback)
TOKEN_LIFETIME = 15 * 60.0       # seconds an interaction token can be used for webhooks
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Interaction callback types (Discord's InteractionResponseType).
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Injected429:
    method: str
    route: str
    remaining: int
    retry_after: float
    is_global: bool


@dataclass
class InjectedError:
    method: str
    route: str
    remaining: int
    status: int
    code: int
    message: str


@dataclass(frozen=True)
class RequestRecord:
    method: str
    route: str        # the route template, e.g. /channels/{channel_id}/messages/{message_id}
    path: str
    status: int
    body: Any
    agent: str = ""   # the User-Agent: which of several bot processes sent it, if they say


def load_factor() -> float:
    """How many times busier than its cores the machine has been this last minute (at least 1)."""
    try:
        return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    except (AttributeError, OSError):  # no load average (Windows)
        return 1.0


def spec_refusal(method: str, path: str, content_type: str, body: Any) -> DiscordError | None:
    """Discord's answer to a request its published API spec does not allow (spec.py), or None
    when the spec allows it."""
    spec = discord_api_spec()
    operation = spec.operation(method, path)
    if operation is None:
        return DiscordError(404, 0, "404: Not Found",
                            errors=[f"{method} {path}: not an operation of Discord's API spec"])
    if problems := spec.problems(operation, content_type, body):
        return DiscordError(400, 50035, "Invalid Form Body", errors=problems)
    return None


class FakeDiscord:
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
        self._injected: list[Injected429] = []
        self._failing: list[InjectedError] = []
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
        self._changed = asyncio.Event()

        self.gateway = Gateway(lambda: self.token, self._ready_events, self._member_payloads)
        self.threads = Threads(self)  # the channels' threads (threads.py)
        self.port = 0
        self._runner: web.AppRunner | None = None

    # --- lifecycle -----------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware])
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

    def _guild_of(self, channel: Channel) -> Guild | None:
        return None if channel.private else self.guilds.get(channel.guild_id)

    def user_by_id(self, user_id: int) -> Member | None:
        """A member of any guild: users are global on Discord (DMs, /users/{id})."""
        return next((g.members[user_id] for g in self.guilds.values() if user_id in g.members),
                    None)

    # The home guild's parts under the names the one-guild tests use.

    @property
    def guild_id(self) -> int:
        return self.home.id

    @property
    def guild_name(self) -> str:
        return self.home.name

    @guild_name.setter
    def guild_name(self, value: str) -> None:
        self.home.name = value

    @property
    def guild_locale(self) -> str:
        return self.home.locale

    @guild_locale.setter
    def guild_locale(self, value: str) -> None:
        self.home.locale = value

    @property
    def everyone(self) -> Role:
        return self.home.everyone

    @property
    def roles(self) -> list[Role]:
        return self.home.roles

    @property
    def members(self) -> dict[int, Member]:
        return self.home.members

    @property
    def channel(self) -> Channel:
        """The home guild's first channel, where users act unless told otherwise."""
        return self.home.channels[0]

    @channel.setter
    def channel(self, value: Channel) -> None:
        # A test replacing it: the old channel is gone (Unknown Channel from now on).
        self.channels.pop(self.home.channels[0].id, None)
        self.home.channels[0] = value
        self.channels[value.id] = value

    @property
    def guild_commands(self) -> list[dict[str, Any]]:
        """The commands synced to the home guild."""
        return self.commands_by_guild.get(self.home.id, [])

    def commands_in(self, guild_id: int) -> list[dict[str, Any]]:
        """What a user in that guild is offered: its guild commands, then the global ones."""
        return self.commands_by_guild.get(guild_id, []) + self.global_commands

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
        self._injected.append(Injected429(method.upper(), route, times, retry_after, is_global))

    def fail_next(self, method: str, route: str, *, status: int, code: int, message: str,
                  times: int = 1) -> None:
        """Answer the next `times` calls to `method route` with this error, as Discord does
        when something goes wrong on its side or a permission is missing (not a violation of
        the bot's: nothing is recorded)."""
        self._failing.append(InjectedError(method.upper(), route, times, status, code, message))

    def failing(self) -> bool:
        """Whether errors asked for with `fail_next` are still to be answered."""
        return any(f.remaining > 0 for f in self._failing)

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
            on_message = {c.get("custom_id") for c in _components(source.payload)}
            if data.get("custom_id") not in on_message:
                raise ValueError(f"{data.get('custom_id')!r} is not a control of message "
                                 f"{source.id}: Discord would not deliver this click")
        if channel is None:
            channel = (self.channels.get(source.channel_id, self.channel) if source
                       else self.channel)
        guild = self._guild_of(channel)
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

    # --- HTTP plumbing -------------------------------------------------------------------------

    def _add_routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/gateway", self.gateway.handle)
        r.add_get(API + "/gateway", self._get_gateway)
        r.add_get(API + "/gateway/bot", self._get_gateway_bot)
        r.add_get(API + "/users/@me", self._get_me)
        r.add_post(API + "/users/@me/channels", self._open_dm)
        r.add_get(API + "/users/{user_id}", self._get_user)
        r.add_get(API + "/oauth2/applications/@me", self._get_application)
        for path in ("/applications/{application_id}/commands",
                     "/applications/{application_id}/guilds/{guild_id}/commands"):
            r.add_put(API + path, self._put_commands)
            r.add_get(API + path, self._get_commands)
        emojis = API + "/applications/{application_id}/emojis"
        r.add_get(emojis, self._list_emoji)
        r.add_post(emojis, self._create_emoji)
        r.add_delete(emojis + "/{emoji_id}", self._delete_emoji)
        r.add_post(API + "/interactions/{interaction_id}/{token}/callback", self._callback)
        r.add_post(API + "/webhooks/{application_id}/{token}", self._followup)
        r.add_get(API + "/channels/{channel_id}", self._get_channel)
        r.add_post(API + "/channels/{channel_id}/messages", self._post_channel_message)
        r.add_get(API + "/channels/{channel_id}/messages", self._get_channel_messages)
        for message, handler in (
                ("/webhooks/{application_id}/{token}/messages/{message_id}",
                 self._webhook_message),
                ("/channels/{channel_id}/messages/{message_id}", self._channel_message)):
            for add in (r.add_get, r.add_patch, r.add_delete):
                add(API + message, handler)
        r.add_get(API + "/guilds/{guild_id}", self._get_guild)
        r.add_get(API + "/guilds/{guild_id}/members/{user_id}", self._get_member)
        r.add_get("/attachments/{attachment_id}/{filename}", self._get_attachment)
        r.add_get("/emojis/{emoji_file}", self._get_emoji_image)  # Discord's CDN path
        self.threads.add_routes(r, API)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route = self._route_of(request)
        if route is None:
            # Not a route the fake knows: the bot uses something the fake must learn first.
            self.record(Violation(0, "route not served by the fake Discord", request.method,
                                  request.path))
            return _json({"code": 0, "message": "404: Not Found"}, 404)
        if route in ("/gateway", "/attachments/{attachment_id}/{filename}",
                     "/emojis/{emoji_file}"):
            return await handler(request)
        self.bot_requests.count(request.method, route)
        agent = request.headers.get("User-Agent", "")
        body = await self._body(request)
        request[_BODY] = body
        # Held to Discord's API spec first: a request that breaks it fails the test even when a
        # test arranged a 429 or an error for it.
        refusal = spec_refusal(request.method, request.path.removeprefix(API),
                               request.content_type, body)
        injected = self._take_injected(request.method, route) if refusal is None else None
        if injected is not None:
            record = RequestRecord(request.method, route, request.path, 429, body, agent)
            self.rate_limited.append(record)
            self.requests.append(record)
            return self._rate_limit_response(injected, route)
        failing = next((f for f in self._failing if f.method == request.method
                        and f.route == route and f.remaining > 0 and refusal is None), None)
        if failing is not None:
            failing.remaining -= 1
            record = RequestRecord(request.method, route, request.path, failing.status, body,
                                   agent)
            self.requests.append(record)
            return _json({"code": failing.code, "message": failing.message}, failing.status)
        try:
            if refusal is not None:
                raise refusal
            if not route.startswith(("/interactions/", "/webhooks/")):
                # Interaction tokens authenticate themselves; everything else needs the bot token.
                if request.headers.get("Authorization") != f"Bot {self.token}":
                    raise DiscordError(401, 0, "401: Unauthorized")
            response = await handler(request)
        except DiscordError as error:
            response = self._refuse(error, request)
        self.requests.append(RequestRecord(request.method, route, request.path,
                                           response.status, body, agent))
        self.changed()
        return response

    @staticmethod
    def _route_of(request: web.Request) -> str | None:
        info = request.match_info
        if isinstance(info, web.UrlMappingMatchInfo) and info.http_exception is None:
            canonical = info.route.resource.canonical if info.route.resource else ""
            return canonical.removeprefix(API)
        return None

    async def _body(self, request: web.Request) -> Any:
        if not request.can_read_body:
            return None
        if request.content_type.startswith("multipart/"):
            # discord.py sends files as files[n] next to a payload_json part.
            form = await request.post()
            body = json.loads(str(form.get("payload_json") or "{}"))
            uploads = {}
            for name, value in form.items():
                if isinstance(value, web.FileField):
                    index = name.removeprefix("files[").removesuffix("]")
                    uploads[index] = (value.filename, value.file.read())
            request[_UPLOADS] = uploads
            return body
        text = await request.text()
        return json.loads(text) if text else None

    def _take_injected(self, method: str, route: str) -> Injected429 | None:
        for injected in self._injected:
            if injected.method == method and injected.route == route and injected.remaining > 0:
                injected.remaining -= 1
                return injected
        return None

    @staticmethod
    def _rate_limit_response(injected: Injected429, route: str) -> web.Response:
        retry = injected.retry_after
        headers = {
            # Trap 3: without Via discord.py takes a 429 for a Cloudflare ban and gives up.
            "Via": "1.1 google",
            "Retry-After": str(max(1, math.ceil(retry))),
            "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
            "X-RateLimit-Reset-After": f"{retry:.3f}",
            "X-RateLimit-Bucket": f"fake-{abs(hash(route)) % 10**8}",
            "X-RateLimit-Scope": "global" if injected.is_global else "user",
        }
        if injected.is_global:
            headers["X-RateLimit-Global"] = "true"
        return _json({"message": "You are being rate limited.", "retry_after": retry,
                      "global": injected.is_global, "code": 0}, 429, headers)

    def _refuse(self, error: DiscordError, request: web.Request) -> web.Response:
        if error.record and not (error.interaction and error.interaction.failed):
            detail = error.message + ("".join(f"\n  - {e}" for e in error.errors))
            self.record(Violation(error.code, detail, request.method, request.path))
            if error.interaction is not None:
                error.interaction.failed = True
        body: dict[str, Any] = {"code": error.code, "message": error.message}
        if error.errors:
            body["errors"] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": e}
                                          for e in error.errors]}
        return _json(body, error.status)

    # --- login, gateway, commands --------------------------------------------------------------

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway.url})

    async def _get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway.url, "shards": self.shard_count,
                      "session_start_limit": {"total": 1000, "remaining": 999,
                                              "reset_after": 14_400_000, "max_concurrency": 1}})

    async def _get_me(self, request: web.Request) -> web.Response:
        return _json(self.bot_user)

    async def _get_application(self, request: web.Request) -> web.Response:
        owner = user_payload(snowflake(), "owner")
        return _json({"id": str(self.application_id), "name": "UNO Bot", "description": "",
                      "icon": None, "bot_public": True, "bot_require_code_grant": False,
                      "owner": owner, "verify_key": "0" * 64, "flags": 0, "team": None,
                      "bot": self.bot_user, "summary": "", "rpc_origins": []})

    def _check_app(self, request: web.Request) -> None:
        if request.match_info["application_id"] != str(self.application_id):
            raise DiscordError(404, 10002, "Unknown Application")

    async def _put_commands(self, request: web.Request) -> web.Response:
        self._check_app(request)
        guild_id = request.match_info.get("guild_id")
        if guild_id is not None and self._guild_named(request) is None:
            raise DiscordError(403, 50001, "Missing Access")
        problems = check_commands(request[_BODY] or [])
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)
        echoed = []
        for command in request[_BODY] or []:
            data = dict(command)
            data.setdefault("type", 1)
            data.update(id=str(snowflake()), application_id=str(self.application_id),
                        version=str(snowflake()))
            if guild_id is not None:
                data["guild_id"] = guild_id
            echoed.append(data)
        if guild_id is None:
            self.global_commands = echoed
        else:
            self.commands_by_guild[int(guild_id)] = echoed
        return _json(echoed)

    async def _get_commands(self, request: web.Request) -> web.Response:
        self._check_app(request)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return _json(self.global_commands)
        if self._guild_named(request) is None:
            raise DiscordError(403, 50001, "Missing Access")
        return _json(self.commands_by_guild.get(int(guild_id), []))

    async def _list_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        return _json({"items": [e.payload(self.bot_user)
                                for e in self.app_emoji.emoji.values()]})

    async def _create_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        try:
            emoji = self.app_emoji.create(snowflake(), request[_BODY])
        except EmojiError as error:
            raise DiscordError(error.status, error.code, error.message) from None
        return _json(emoji.payload(self.bot_user), 201)

    async def _delete_emoji(self, request: web.Request) -> web.Response:
        self._check_app(request)
        try:
            self.app_emoji.delete(int(request.match_info["emoji_id"]))
        except (EmojiError, ValueError):
            raise DiscordError(404, 10014, "Unknown Emoji") from None
        return web.Response(status=204)

    # --- interactions --------------------------------------------------------------------------

    def _new_message(self, body: dict[str, Any], request: web.Request, *,
                     record: InteractionRecord | None = None, flags: int = 0) -> StoredMessage:
        # The channel the interaction came from, or the one the request names (checked by then).
        channel_id = (record.channel_id if record is not None
                      else int(request.match_info.get("channel_id", self.channel.id)))
        guild_id = (int(record.payload.get("guild_id") or 0) if record is not None
                    else self.channels[channel_id].guild_id)
        payload: dict[str, Any] = {
            "id": str(snowflake()), "channel_id": str(channel_id),
            "guild_id": str(guild_id), "author": self.bot_user,
            "content": body.get("content") or "", "timestamp": iso_now(),
            "edited_timestamp": None, "tts": bool(body.get("tts")), "mention_everyone": False,
            "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            "pinned": False, "type": 0, "flags": flags,
        }
        if not guild_id:  # a DM or a group DM: its messages name no guild
            del payload["guild_id"]
        payload["attachments"] = self._attachments(body, request, [])
        visible_to = None
        if record is not None:
            payload["webhook_id"] = str(self.application_id)
            payload["application_id"] = str(self.application_id)
            payload["type"] = 20 if record.type == APPLICATION_COMMAND else 0
            payload["interaction_metadata"] = {
                "id": str(record.id), "type": record.type, "user": record.user.user(),
                "authorizing_integration_owners": record.payload[
                    "authorizing_integration_owners"]}
            if flags & FLAG_EPHEMERAL:
                visible_to = record.user.id
        message = StoredMessage(payload, visible_to, record.id if record else None)
        self.messages[message.id] = message
        self.old_edits.posted(message.id)
        return message

    def _attachments(self, body: dict[str, Any], request: web.Request,
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
                self.files[attachment_id] = data
                url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
                result.append({"id": str(attachment_id), "filename": filename,
                               "size": len(data), "url": url, "proxy_url": url})
            elif key in kept:
                result.append(kept[key])
        return result

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
        await self._announce(message, "MESSAGE_CREATE")
        message.payload["content"] = content  # what the channel shows; the bot was not sent it
        return message

    async def _announce(self, message: StoredMessage, event: str) -> None:
        # Discord tells the bot about public messages over the gateway (views refresh from it),
        # on the connection of the message's guild's shard.
        guild_id = int(message.payload.get("guild_id") or 0)
        guild = self.guilds.get(guild_id)
        if guild is None or not guild.has_bot:
            return  # a DM, a group DM, a server without the bot: no event reaches the bot
        if message.visible_to is None and self.gateway.session_for(guild_id) is not None:
            if event == "MESSAGE_DELETE":
                data = {"id": str(message.id), "channel_id": str(message.channel_id),
                        "guild_id": str(guild_id)}
            else:
                data = message.payload
            await self.gateway.dispatch(event, data, guild_id)

    def _check_limits(self, body: dict[str, Any], record: InteractionRecord | None = None,
                      edited: StoredMessage | None = None) -> None:
        problems = check_message(body, edited.payload if edited is not None else None)
        # A button's custom emoji must exist (the app's own, here): Discord refuses the message.
        problems += [f"components: unknown emoji {c['emoji']}" for c in _components(body)
                     if isinstance(c.get("emoji"), dict) and c["emoji"].get("id")
                     and int(c["emoji"]["id"]) not in self.app_emoji.emoji]
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems,
                               interaction=record)

    def _check_old_edit(self, message: StoredMessage,
                        record: InteractionRecord | None = None) -> None:
        """Discord's limit on edits of messages older than an hour (bot/fake_discord/
        old_messages.py). Ephemeral messages are left out: the limit is documented for a
        channel's messages, and whether it counts a private answer that only its token edits is
        not documented either way (docs/DISCORD-FACTS.md, the facts found here)."""
        if int(message.payload.get("flags") or 0) & FLAG_EPHEMERAL:
            return
        if not self.old_edits.allow(message.id, message.channel_id):
            raise DiscordError(old_messages.STATUS, old_messages.CODE, old_messages.MESSAGE,
                               interaction=record)

    async def _callback(self, request: web.Request) -> web.Response:
        record = self.interactions.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        age = self.clock.now() - record.created_at
        if age > self.response_deadline:
            raise DiscordError(404, 10062, f"Unknown interaction (first response after {age:.2f}"
                                           f" s > {self.response_deadline:g} s)",
                               interaction=record)
        if record.acknowledged:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.",
                               interaction=record)
        body = request[_BODY] or {}
        kind, data = body.get("type"), body.get("data") or {}
        source = self.messages.get(record.source_message_id or 0)
        self._check_limits(data, record, source if kind == UPDATE_MESSAGE else None)
        allowed = {APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
                   COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
                   MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
                   AUTOCOMPLETE: {AUTOCOMPLETE_RESULT}}[record.type]
        if kind not in allowed:
            raise DiscordError(400, 50035, f"Invalid Form Body: callback type {kind} is not "
                                           f"valid for interaction type {record.type}",
                               interaction=record)
        flags = int(data.get("flags") or 0)
        message: StoredMessage | None = None
        if kind == MESSAGE:
            message = self._new_message(data, request, record=record, flags=flags)
        elif kind == DEFERRED_MESSAGE:
            message = self._new_message({}, request, record=record,
                                        flags=FLAG_LOADING | (flags & FLAG_EPHEMERAL))
            record.loading = True
        elif kind == UPDATE_MESSAGE:
            message = self.messages.get(record.source_message_id or 0)
            if message is None or message.deleted:
                raise DiscordError(404, 10008, "Unknown Message", interaction=record)
            self._check_old_edit(message, record)
            message.edit(data)
            message.payload["attachments"] = self._attachments(
                data, request, message.payload["attachments"])
        elif kind == MODAL:
            record.modal = data
        elif kind == AUTOCOMPLETE_RESULT:
            record.autocomplete_choices = data.get("choices", [])
        record.ack_type = kind
        if message is not None:
            record.original_message_id = message.id
            await self._announce(message, "MESSAGE_UPDATE" if kind == UPDATE_MESSAGE
                                 else "MESSAGE_CREATE")
        answer: dict[str, Any] = {"interaction": {
            "id": str(record.id), "type": record.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and message.visible_to is not None)}}
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["resource"] = {"type": kind, "message": message.payload}
        elif kind is not None:
            answer["resource"] = {"type": kind}
        return _json(answer)

    def _record_for_token(self, request: web.Request) -> InteractionRecord:
        """The interaction behind a webhook token, if Discord would still accept it."""
        self._check_app(request)
        token = request.match_info["token"]
        record = next((i for i in self.interactions.values() if i.token == token), None)
        if record is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        age = self.clock.now() - record.created_at
        if age > self.token_lifetime:
            raise DiscordError(401, 50027, f"Invalid Webhook Token (interaction token used "
                                           f"{age / 60:.1f} min after the interaction; it "
                                           f"lives {self.token_lifetime / 60:g} min)")
        if not record.acknowledged:
            raise DiscordError(404, 10015, "Unknown Webhook (follow-up or edit before the "
                                           "interaction was acknowledged)")
        return record

    async def _followup(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_token(request)
        body = request[_BODY] or {}
        self._check_limits(body)
        check_followup(record.payload["authorizing_integration_owners"],
                       len(record.followup_ids))
        flags = int(body.get("flags") or 0)
        record.answered = True
        if record.loading and record.original_message_id is not None:
            # Discord: the first follow-up after a type-5 defer fills the loading message,
            # keeping the ephemerality chosen at the defer.
            message = self.messages[record.original_message_id]
            message.edit({**body, "flags": message.payload["flags"] & ~FLAG_LOADING})
            message.payload["attachments"] = self._attachments(body, request, [])
            record.loading = False
            await self._announce(message, "MESSAGE_UPDATE")
        else:
            message = self._new_message(body, request, record=record, flags=flags)
            record.followup_ids.append(message.id)
            await self._announce(message, "MESSAGE_CREATE")
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(message.payload)
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_token(request)
        raw_id = request.match_info["message_id"]
        message_id = record.original_message_id if raw_id == "@original" else int(raw_id)
        message = self.messages.get(message_id or 0)
        own = {record.original_message_id, *record.followup_ids}
        if message is None or message.deleted or message.id not in own:
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(message.payload)
        if request.method == "DELETE":
            message.deleted = True
            await self._announce(message, "MESSAGE_DELETE")
            return web.Response(status=204)
        body = request[_BODY] or {}
        self._check_limits(body, edited=message)
        self._check_old_edit(message, record)
        record.answered = True
        if message.id == record.original_message_id and record.loading:
            body = {**body, "flags": (int(body.get("flags") or 0) | message.payload["flags"])
                    & ~FLAG_LOADING}
            record.loading = False
        message.edit(body)
        message.payload["attachments"] = self._attachments(body, request,
                                                           message.payload["attachments"])
        await self._announce(message, "MESSAGE_UPDATE")
        return _json(message.payload)

    # --- channels and guild --------------------------------------------------------------------

    def _check_channel(self, request: web.Request) -> Channel:
        """The guild channel the request names, if it exists."""
        raw = request.match_info["channel_id"]
        channel = self.channels.get(int(raw)) if raw.isdigit() else None
        if self.channel_deleted or channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        refuse_token(channel, self._guild_of(channel))
        return channel

    async def _get_channel(self, request: web.Request) -> web.Response:
        return _json(self._check_channel(request).payload())

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = request[_BODY] or {}
        member = self.user_by_id(int(body.get("recipient_id") or 0))
        if member is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        channel_id = next((c for c, u in self.dm_channels.items() if u == member.id), None)
        if channel_id is None:
            channel_id = snowflake()
            self.dm_channels[channel_id] = member.id
        return _json({"id": str(channel_id), "type": 1, "last_message_id": None,
                      "recipients": [user_payload(member.id, member.name)]})

    async def _get_user(self, request: web.Request) -> web.Response:
        member = self.user_by_id(int(request.match_info["user_id"]))
        if member is None:
            raise DiscordError(404, 10013, "Unknown User")
        return _json(user_payload(member.id, member.name))

    async def _post_direct_message(self, user_id: int, body: dict[str, Any]) -> web.Response:
        if user_id in self.dms_closed:
            # Not the bot's fault: it cannot know before it tries.
            raise DiscordError(403, 50007, "Cannot send messages to this user", record=False)
        self._check_limits(body)
        self.direct_messages.setdefault(user_id, []).append(str(body.get("content") or ""))
        self.changed()
        return _json({"id": str(snowflake()), "channel_id": str(next(
            c for c, u in self.dm_channels.items() if u == user_id)), "type": 0,
            "content": body.get("content") or "", "author": self.bot_user, "embeds": [],
            "attachments": [], "mentions": [], "mention_roles": [], "pinned": False,
            "mention_everyone": False, "tts": False, "timestamp": iso_now(), "flags": 0,
            "components": []})

    async def _post_channel_message(self, request: web.Request) -> web.Response:
        dm_user = self.dm_channels.get(int(request.match_info["channel_id"]))
        if dm_user is not None:
            return await self._post_direct_message(dm_user, request[_BODY] or {})
        self._check_channel(request)
        body = request[_BODY] or {}
        self._check_limits(body)
        message = self._new_message(body, request, flags=int(body.get("flags") or 0)
                                    & ~FLAG_EPHEMERAL)
        await self._announce(message, "MESSAGE_CREATE")
        return _json(message.payload)

    async def _get_channel_messages(self, request: web.Request) -> web.Response:
        channel = self._check_channel(request)
        limit = int(request.query.get("limit", "50"))
        public = self.channel_messages(channel=channel)
        return _json([m.payload for m in reversed(public)][:limit])

    async def _channel_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._check_channel(request)
        message = self.messages.get(int(request.match_info["message_id"]))
        # Ephemeral messages do not exist for the channel API, nor another channel's messages.
        if (message is None or message.deleted or message.visible_to is not None
                or message.channel_id != channel.id):
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(message.payload)
        if message.payload["author"]["id"] != self.bot_user["id"]:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if request.method == "DELETE":
            message.deleted = True
            await self._announce(message, "MESSAGE_DELETE")
            return web.Response(status=204)
        body = request[_BODY] or {}
        self._check_limits(body, edited=message)
        self._check_old_edit(message)
        message.edit(body)
        message.payload["attachments"] = self._attachments(body, request,
                                                           message.payload["attachments"])
        await self._announce(message, "MESSAGE_UPDATE")
        return _json(message.payload)

    def _guild_named(self, request: web.Request) -> Guild | None:
        raw = request.match_info["guild_id"]
        return self.guilds.get(int(raw)) if raw.isdigit() else None

    async def _get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild_named(request)
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return _json(self.guild_payload(guild))

    async def _get_member(self, request: web.Request) -> web.Response:
        guild = self._guild_named(request)
        member = guild.members.get(int(request.match_info["user_id"])) if guild else None
        if guild is None or member is None:
            raise DiscordError(404, 10007, "Unknown Member", record=False)
        return _json(guild.member_payload(member))

    async def _get_attachment(self, request: web.Request) -> web.Response:
        data = self.files.get(int(request.match_info["attachment_id"]))
        if data is None:
            raise web.HTTPNotFound()
        return web.Response(body=data)

    async def _get_emoji_image(self, request: web.Request) -> web.Response:
        emoji_id = request.match_info["emoji_file"].removesuffix(".png")
        emoji = self.app_emoji.emoji.get(int(emoji_id)) if emoji_id.isdigit() else None
        if emoji is None:
            raise web.HTTPNotFound()
        return web.Response(body=emoji.image, content_type="image/png")


def _components(payload: dict[str, Any]) -> list[dict[str, Any]]:
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
