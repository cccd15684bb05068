"""The gate every request to the fake passes: the route it names (an unknown one is a violation),
its body parsed, Discord's API spec held to it, the 429s and errors a test asked for answered,
the bot token checked, a refusal answered as Discord refuses and recorded; every request logged
in `requests`."""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import hdrs, web
from aiohttp.multipart import (
    BodyPartReader,
    content_disposition_filename,
    parse_content_disposition,
)

from .api import API
from .rates import RequestCounter
from .replies import BODY as _BODY
from .replies import UPLOADS as _UPLOADS
from .replies import DiscordError
from .replies import json_response as _json
from .spec import discord_api_spec
from .world import Violation


@dataclass
class Injected429:
    method: str
    route: str
    remaining: int
    retry_after: float
    is_global: bool


DROPPED = 0  # an InjectedError of this status drops the connection instead (`drop_next`)


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



Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _media_type(request: web.Request) -> str:
    """`request.content_type` without its parameters' parsing: aiohttp reads the header with
    the email package, a millisecond for each multipart request (each has its own boundary)."""
    raw = request.headers.get(hdrs.CONTENT_TYPE)
    return raw.split(";", 1)[0].strip().lower() if raw else "application/octet-stream"


@functools.lru_cache(maxsize=64)
def _disposition(header: str | None) -> tuple[str | None, str | None]:
    """A multipart part's field name and file name. The headers repeat from request to request
    (`form-data; name="files[0]"; filename="table.png"`), and aiohttp's parser is slow enough
    (it escapes its character table on every call) to have been most of a picture upload's
    cost here."""
    _, params = parse_content_disposition(header)
    return (content_disposition_filename(params, "name"),
            content_disposition_filename(params, "filename"))


class GateNeeds(Protocol):
    """What the gate uses of the fake: a Protocol, so that this module does not import the server
    (which builds it) and imports flow one way."""

    token: str
    bot_requests: RequestCounter
    requests: list[RequestRecord]
    rate_limited: list[RequestRecord]

    def record(self, violation: Violation) -> None: ...

    def changed(self) -> None: ...


class RequestGate:
    """The aiohttp middleware of the fake (`middleware`) and what tests arrange for it."""

    def __init__(self, fake: GateNeeds) -> None:
        self._fake = fake
        self.injected: list[Injected429] = []  # 429s a test asked for (`inject_429`)
        self.errors: list[InjectedError] = []  # errors a test asked for (`fail_next`)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        route = self._route_of(request)
        if route is None:
            # Not a route the fake knows: the bot uses something the fake must learn first.
            self._fake.record(Violation(0, "route not served by the fake Discord", request.method,
                                  request.path))
            return _json({"code": 0, "message": "404: Not Found"}, 404)
        if route in ("/gateway", "/attachments/{attachment_id}/{filename}",
                     "/emojis/{emoji_file}"):
            return await handler(request)
        self._fake.bot_requests.count(request.method, route)
        agent = request.headers.get("User-Agent", "")
        body = await self._body(request)
        request[_BODY] = body
        # Held to Discord's API spec first: a request that breaks it fails the test even when a
        # test arranged a 429 or an error for it.
        refusal = spec_refusal(request.method, request.path.removeprefix(API),
                               _media_type(request), body)
        injected = self._take_injected(request.method, route) if refusal is None else None
        if injected is not None:
            record = RequestRecord(request.method, route, request.path, 429, body, agent)
            self._fake.rate_limited.append(record)
            self._fake.requests.append(record)
            return self._rate_limit_response(injected, route)
        failing = next((f for f in self.errors if f.method == request.method
                        and f.route == route and f.remaining > 0 and refusal is None), None)
        if failing is not None and failing.status == DROPPED:
            # The connection closes before any answer, as when a network path or a server of
            # Discord's goes away: the client sees a disconnect, not an HTTP error.
            failing.remaining -= 1
            self._fake.requests.append(RequestRecord(request.method, route, request.path,
                                                     DROPPED, body, agent))
            if request.transport is not None:
                request.transport.close()
            return web.Response(status=500)  # never reaches the closed connection
        if failing is not None:
            failing.remaining -= 1
            record = RequestRecord(request.method, route, request.path, failing.status, body,
                                   agent)
            self._fake.requests.append(record)
            return _json({"code": failing.code, "message": failing.message}, failing.status)
        try:
            if refusal is not None:
                raise refusal
            if not route.startswith(("/interactions/", "/webhooks/")):
                # Interaction tokens authenticate themselves; everything else needs the bot token.
                if request.headers.get("Authorization") != f"Bot {self._fake.token}":
                    raise DiscordError(401, 0, "401: Unauthorized")
            response = await handler(request)
        except DiscordError as error:
            response = self._refuse(error, request)
        self._fake.requests.append(RequestRecord(request.method, route, request.path,
                                           response.status, body, agent))
        self._fake.changed()
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
        if _media_type(request).startswith("multipart/"):
            # discord.py sends files as files[n] next to a payload_json part.
            payload = b""
            uploads = {}
            async for part in await request.multipart():
                assert isinstance(part, BodyPartReader)  # not a multipart within a multipart
                name, filename = _disposition(part.headers.get(hdrs.CONTENT_DISPOSITION))
                data = await part.read(decode=True)
                if name == "payload_json":
                    payload = data
                elif filename is not None and name is not None:
                    uploads[name.removeprefix("files[").removesuffix("]")] = (filename, data)
            request[_UPLOADS] = uploads
            return json.loads(payload or b"{}")
        text = await request.text()
        return json.loads(text) if text else None

    def _take_injected(self, method: str, route: str) -> Injected429 | None:
        for injected in self.injected:
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
            self._fake.record(Violation(error.code, detail, request.method, request.path))
            if error.interaction is not None:
                error.interaction.failed = True
        body: dict[str, Any] = {"code": error.code, "message": error.message}
        if error.errors:
            body["errors"] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": e}
                                          for e in error.errors]}
        return _json(body, error.status)

