"""The fake's routes for logging in and setting up: the gateway's address, the bot's user and
application, command sync (held to Discord's command limits) and application emoji."""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import web

from .command_limits import check_commands
from .emoji import AppEmojiStore, EmojiError
from .gateway import Gateway
from .replies import BODY as _BODY
from .replies import DiscordError
from .replies import json_response as _json
from .world import Guild, snowflake, user_payload


class AppNeeds(Protocol):
    """What these routes use of the fake: a Protocol, so that this module does not import the server
    (which builds it) and imports flow one way."""

    application_id: int
    bot_user: dict[str, Any]
    shard_count: int
    gateway: Gateway
    app_emoji: AppEmojiStore
    global_commands: list[dict[str, Any]]
    commands_by_guild: dict[int, list[dict[str, Any]]]

    def check_app(self, request: web.Request) -> None: ...

    def guild_named(self, request: web.Request) -> Guild | None: ...


class AppRoutes:
    """Login, gateway, commands and application emoji, as Discord answers them."""

    def __init__(self, fake: AppNeeds) -> None:
        self._fake = fake

    async def get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self._fake.gateway.url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json({"url": self._fake.gateway.url, "shards": self._fake.shard_count,
                      "session_start_limit": {"total": 1000, "remaining": 999,
                                              "reset_after": 14_400_000, "max_concurrency": 1}})

    async def get_me(self, request: web.Request) -> web.Response:
        return _json(self._fake.bot_user)

    async def get_application(self, request: web.Request) -> web.Response:
        owner = user_payload(snowflake(), "owner")
        return _json({"id": str(self._fake.application_id), "name": "UNO Bot", "description": "",
                      "icon": None, "bot_public": True, "bot_require_code_grant": False,
                      "owner": owner, "verify_key": "0" * 64, "flags": 0, "team": None,
                      "bot": self._fake.bot_user, "summary": "", "rpc_origins": []})

    async def put_commands(self, request: web.Request) -> web.Response:
        self._fake.check_app(request)
        guild_id = request.match_info.get("guild_id")
        if guild_id is not None and self._fake.guild_named(request) is None:
            raise DiscordError(403, 50001, "Missing Access")
        problems = check_commands(request[_BODY] or [])
        if problems:
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)
        echoed = []
        for command in request[_BODY] or []:
            data = dict(command)
            data.setdefault("type", 1)
            data.update(id=str(snowflake()), application_id=str(self._fake.application_id),
                        version=str(snowflake()))
            if guild_id is not None:
                data["guild_id"] = guild_id
            echoed.append(data)
        if guild_id is None:
            self._fake.global_commands = echoed
        else:
            self._fake.commands_by_guild[int(guild_id)] = echoed
        return _json(echoed)

    async def get_commands(self, request: web.Request) -> web.Response:
        self._fake.check_app(request)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return _json(self._fake.global_commands)
        if self._fake.guild_named(request) is None:
            raise DiscordError(403, 50001, "Missing Access")
        return _json(self._fake.commands_by_guild.get(int(guild_id), []))

    async def list_emoji(self, request: web.Request) -> web.Response:
        self._fake.check_app(request)
        return _json({"items": [e.payload(self._fake.bot_user)
                                for e in self._fake.app_emoji.emoji.values()]})

    async def create_emoji(self, request: web.Request) -> web.Response:
        self._fake.check_app(request)
        try:
            emoji = self._fake.app_emoji.create(snowflake(), request[_BODY])
        except EmojiError as error:
            raise DiscordError(error.status, error.code, error.message) from None
        return _json(emoji.payload(self._fake.bot_user), 201)

    async def delete_emoji(self, request: web.Request) -> web.Response:
        self._fake.check_app(request)
        try:
            self._fake.app_emoji.delete(int(request.match_info["emoji_id"]))
        except (EmojiError, ValueError):
            raise DiscordError(404, 10014, "Unknown Emoji") from None
        return web.Response(status=204)
