"""The playground's web page and its small JSON API (aiohttp, on 127.0.0.1 only).

The page (static/) asks `/api/state` for what one person sees in one channel, listens to
`/api/events` (server-sent events: a number that grows with every change in the fake Discord)
and acts through `/api/slash`, `/api/click`, `/api/choose` and `/api/settings`, which go to
the bot exactly as Discord's client would send them. Ids are strings: snowflakes do not fit in a
JavaScript number.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.fake_discord.api import APPLICATION_COMMAND
from bot.fake_discord.limits import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, FLAG_LOADING
from bot.fake_discord.users import (
    BOOLEAN,
    INTEGER,
    NUMBER,
    ROLE,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    InteractionHandle,
)
from bot.fake_discord.world import Guild, StoredMessage
from bot.i18n import KNOWN_LOCALES, get_translator

from .page_needs import HOST, PageNeeds, Player
from .servers import PlaygroundDiscord

MANAGE_GUILD = 1 << 5  # Discord's Manage Server permission bit

STATIC = Path(__file__).resolve().parent / "static"
PAGES = {"playground.css": "text/css", "playground.js": "text/javascript",
         "messages.css": "text/css", "messages.js": "text/javascript"}
KEEP_ALIVE = 15.0   # seconds between comments on a quiet event stream
COALESCE = 0.05     # a burst of changes (a table edit and a hand edit) is one event
# The bot's languages, and the Discord client locale a person of the page sends for each (es-419
# would read es.json too); Belarusian, which Discord lacks, is the bot's own setting only.
LANGUAGES = tuple(code for code in KNOWN_LOCALES if code in get_translator().locales)
CLIENT_LOCALES = {"en": "en-US", "uk": "uk", "ru": "ru", "es": "es-ES", "pt": "pt-BR", "de": "de",
                  "fr": "fr", "pl": "pl", "tr": "tr", "it": "it", "ja": "ja"}
LOCAL_NAMES = {HOST, "localhost"}

# A typed application key where aiohttp has them (3.9+); a plain string before.
PLAYGROUND: Any = web.AppKey("playground", PageNeeds) if hasattr(web, "AppKey") else "playground"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class BadRequest(Exception):
    """Something the page asked for that Discord's client would not have sent; shown there."""


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(body=json.dumps(data).encode(), status=status,
                        content_type="application/json")


# --- what one person sees ------------------------------------------------------------------------


def _localized(item: dict[str, Any], key: str, locale: str) -> str:
    return str((item.get(f"{key}_localizations") or {}).get(locale) or item.get(key) or "")


def _commands(commands: list[dict[str, Any]], locale: str) -> Iterator[dict[str, Any]]:
    """Every runnable command ("uno create") with its options, described in `locale`."""
    for command in commands:
        yield from _leaves(command, [command["name"]], [_localized(command, "name", locale)],
                           locale)


def _leaves(node: dict[str, Any], path: list[str], shown: list[str],
            locale: str) -> Iterator[dict[str, Any]]:
    """`path` in the names the bot reads, `shown` in those Discord shows in `locale`."""
    options = node.get("options") or []
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        for sub in subs:
            yield from _leaves(sub, [*path, sub["name"]],
                               [*shown, _localized(sub, "name", locale)], locale)
        return
    yield {"path": " ".join(path), "shown": " ".join(shown),
           "description": _localized(node, "description", locale),
           "options": [{
               "name": o["name"], "shown": _localized(o, "name", locale),
               "type": o["type"], "required": bool(o.get("required")),
               "description": _localized(o, "description", locale),
               "choices": [{"name": _localized(c, "name", locale), "value": c["value"]}
                           for c in o.get("choices") or []],
           } for o in options]}


def _emoji_ids_as_text(value: Any) -> Any:
    """`value` with every emoji id a string: discord.py sends them as numbers, and a snowflake
    loses its last digits as a JavaScript number (the button's emoji would not load)."""
    if isinstance(value, list):
        return [_emoji_ids_as_text(item) for item in value]
    if not isinstance(value, dict):
        return value
    copied = {key: _emoji_ids_as_text(item) for key, item in value.items()}
    emoji = copied.get("emoji")
    if isinstance(emoji, dict) and emoji.get("id") is not None:
        copied["emoji"] = {**emoji, "id": str(emoji["id"])}
    return copied


def message_view(playground: PageNeeds, message: StoredMessage) -> dict[str, Any]:
    """A message as static/messages.js draws it (the preview page draws these too)."""
    payload = message.payload
    author = payload["author"]
    view: dict[str, Any] = {
        "id": payload["id"], "content": payload.get("content") or "",
        "author": {"id": author["id"], "name": author.get("global_name") or author["username"],
                   "bot": bool(author.get("bot"))},
        "embeds": payload.get("embeds") or [],
        "components": _emoji_ids_as_text(payload.get("components") or []),
        "attachments": payload.get("attachments") or [], "timestamp": payload["timestamp"],
        "edited": payload.get("edited_timestamp") is not None,
        "ephemeral": bool(payload["flags"] & FLAG_EPHEMERAL),
        "loading": bool(payload["flags"] & FLAG_LOADING),
        "v2": bool(payload["flags"] & FLAG_COMPONENTS_V2),
    }
    record = playground.fake.interactions.get(message.interaction_id or 0)
    if record is not None and record.type == APPLICATION_COMMAND:
        # Discord shows "Ann used /uno create" above a command's answer.
        data, path = record.payload["data"], [record.payload["data"]["name"]]
        while (subs := [o for o in data.get("options") or []
                        if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]):
            data = subs[0]
            path.append(data["name"])
        view["command"] = {"user": record.user.name, "name": " ".join(path)}
    return view


def state(playground: PageNeeds, viewer: Player, channel_id: int) -> dict[str, Any]:
    fake, bot = playground.fake, playground.bot
    assert bot is not None

    def person(p: Player) -> dict[str, Any]:
        chosen = bot.settings.user(p.id)
        return {"id": str(p.id), "name": p.name, "locale": p.locale,
                "language": chosen.locale or next(
                    (k for k, v in CLIENT_LOCALES.items() if v == p.locale), "en"),
                "colorblind": chosen.colorblind,
                "moderator": bool(fake.home.permissions_of(p.member) & MANAGE_GUILD)}

    names = {str(p.id): p.name for p in playground.people.values()}
    names[str(fake.application_id)] = fake.bot_user["username"]
    return {
        "version": fake.version, "viewer": str(viewer.id), "channel": str(channel_id),
        "bot": {"id": str(fake.application_id), "name": fake.bot_user["username"]},
        "emoji_url": f"{fake.base_url}/emojis/",  # the app's emoji pictures (card faces)
        "guilds": [{"id": str(g.id), "name": g.name, "locale": g.locale,
                    "channels": [{"id": str(c.id), "name": c.name} for c in g.channels],
                    "roles": [{"id": str(r.id), "name": r.name} for r in g.roles]}
                   for g in fake.guilds.values()] + _private_places(fake),
        "people": [person(p) for p in playground.people.values()],
        "languages": [{"code": code, "name": get_translator().translate(code, "language.name")}
                      for code in LANGUAGES],
        "names": names,
        "commands": list(_commands(fake.guild_commands + fake.global_commands, viewer.locale)),
        "messages": [message_view(playground, m) for m in fake.messages_in(channel_id, viewer.id)],
        "problems": playground.problems(),
    }


def _private_places(fake: PlaygroundDiscord) -> list[dict[str, Any]]:
    """The group DM, shown as a place of its own beside the servers (issue 30)."""
    group = fake.group_dm
    if group is None:
        return []
    return [{"id": "0", "name": "Direct messages", "locale": "en-US",
             "channels": [{"id": str(group.id), "name": group.name}], "roles": []}]


# --- requests ------------------------------------------------------------------------------------


def _person(playground: PageNeeds, raw: Any) -> Player:
    person = playground.people.get(int(raw)) if str(raw).isdigit() else None
    if person is None:
        raise BadRequest(f"nobody with id {raw!r} is in the playground")
    return person


def _channel_id(playground: PageNeeds, raw: Any) -> int:
    if not str(raw).isdigit() or int(raw) not in playground.fake.channels:
        raise BadRequest(f"no channel {raw!r}")
    return int(raw)


def _options(playground: PageNeeds, command: str, given: dict[str, Any],
             guild: Guild | None) -> dict[str, Any]:
    """The page's option values as the types the command's synced schema asks for (a role
    among `guild`'s; a group DM has none)."""
    fake = playground.fake
    schema = next((c for c in _commands(fake.guild_commands + fake.global_commands, "")
                   if c["path"] == command), None)
    if schema is None:
        raise BadRequest(f"/{command} is not a command of the bot")
    types = {o["name"]: o["type"] for o in schema["options"]}
    options: dict[str, Any] = {}
    for name, value in given.items():
        if value is None or value == "":
            continue  # left empty: not given, as in Discord's client
        kind = types.get(name)
        try:
            if kind == USER:
                options[name] = _person(playground, value)
            elif kind == ROLE:
                roles = guild.roles if guild is not None else []
                options[name] = next(r for r in roles if str(r.id) == str(value))
            elif kind == INTEGER:
                options[name] = int(value)
            elif kind == NUMBER:
                options[name] = float(value)
            elif kind == BOOLEAN:
                options[name] = value in (True, "true", "True")
            else:
                options[name] = value
        except (ValueError, StopIteration) as error:
            raise BadRequest(f"option {name}: {error or 'no such role here'}") from error
    return options


@web.middleware
async def _errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    # Only this computer's own browser, by address: a web page elsewhere that renames itself
    # 127.0.0.1 (DNS rebinding) gets nothing.
    if request.url.host not in LOCAL_NAMES:
        return _json({"error": f"the playground answers {HOST} only"}, 403)
    try:
        return await handler(request)
    except (BadRequest, LookupError, ValueError, TypeError, PermissionError) as error:
        # What Discord's client would not even have offered (a disabled button, a missing
        # option): the page shows the reason, nothing reaches the bot.
        return _json({"error": str(error)}, 400)


async def _page(request: web.Request) -> web.StreamResponse:
    return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


async def _static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    if name not in PAGES:
        raise web.HTTPNotFound()
    return web.FileResponse(STATIC / name, headers={"Content-Type": PAGES[name],
                                                    "Cache-Control": "no-store"})


async def _state(request: web.Request) -> web.Response:
    """What one person sees in one channel; the first person and channel for ids the page
    remembers from an earlier run."""
    playground = request.app[PLAYGROUND]
    fake = playground.fake
    asked, channel = request.query.get("as", ""), request.query.get("channel", "")
    viewer = (playground.people.get(int(asked)) if asked.isdigit() else None) \
        or next(iter(playground.people.values()))
    channel_id = int(channel) if channel.isdigit() and int(channel) in fake.channels \
        else fake.home.channels[0].id
    return _json(state(playground, viewer, channel_id))


async def _events(request: web.Request) -> web.StreamResponse:
    fake = request.app[PLAYGROUND].fake
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store"})
    await response.prepare(request)
    seen = -1
    try:
        while True:
            version = await fake.next_change(seen, KEEP_ALIVE)
            if version == seen:
                await response.write(b": quiet\n\n")
                continue
            seen = version
            await response.write(f"data: {version}\n\n".encode())
            await asyncio.sleep(COALESCE)
    except (ConnectionError, asyncio.CancelledError):
        pass  # the page went away, or the playground stops
    return response


async def _json_body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        # Another site's form may post plain text here without asking; JSON it cannot.
        raise BadRequest("actions are sent as application/json")
    try:
        body = await request.json()
    except json.JSONDecodeError as error:
        raise BadRequest("the request is not JSON") from error
    if not isinstance(body, dict):
        raise BadRequest("the request is not a JSON object")
    return body


async def _body(request: web.Request) -> tuple[PageNeeds, Player, dict[str, Any]]:
    """The playground, the person acting (`as`) and the request's JSON object."""
    playground = request.app[PLAYGROUND]
    body = await _json_body(request)
    return playground, _person(playground, body.get("as")), body


def _sent(playground: PageNeeds, handle: InteractionHandle) -> web.Response:
    playground.watch(handle)
    return _json({"interaction": str(handle.record.id)})


async def _slash(request: web.Request) -> web.Response:
    playground, person, body = await _body(request)
    channel = playground.fake.channels[_channel_id(playground, body.get("channel"))]
    command = str(body.get("command", "")).strip().removeprefix("/")
    options = _options(playground, command, dict(body.get("options") or {}),
                       None if channel.private else playground.fake.guild_of(channel))
    return _sent(playground, await person.slash_in(channel, command, options))


async def _click(request: web.Request) -> web.Response:
    playground, person, body = await _body(request)
    handle = await person.click(int(body["message"]), custom_id=str(body["custom_id"]),
                                wait=False)
    return _sent(playground, handle)


async def _choose(request: web.Request) -> web.Response:
    playground, person, body = await _body(request)
    values = [str(v) for v in body.get("values") or []]
    handle = await person.choose(int(body["message"]), *values,
                                 custom_id=str(body["custom_id"]), wait=False)
    return _sent(playground, handle)


async def _settings(request: web.Request) -> web.Response:
    """A person's language and colour-blind card faces. Discord's client sends its own language
    with every interaction (every language of the bot's but Belarusian); Belarusian, which Discord
    lacks, and the card faces are the bot's own settings, changed with its /uno settings command."""
    playground, person, body = await _body(request)
    assert playground.bot is not None
    language, colorblind = body.get("language"), body.get("colorblind")
    chosen = playground.bot.settings.user(person.id)
    options: dict[str, Any] = {}
    if language is not None:
        if language not in LANGUAGES:
            raise BadRequest(f"the bot speaks {', '.join(LANGUAGES)}, not {language!r}")
        if language in CLIENT_LOCALES:
            person.locale = CLIENT_LOCALES[language]
            if chosen.locale is not None:
                options["language"] = "auto"  # the client's language counts again
        elif chosen.locale != language:
            options["language"] = language
    if colorblind is not None and bool(colorblind) != chosen.colorblind:
        options["colorblind"] = bool(colorblind)
    if not options:
        playground.fake.changed()
        return _json({"interaction": None})
    channel = playground.fake.channels[_channel_id(playground, body.get("channel"))]
    return _sent(playground, await person.slash_in(channel, "uno settings", options))


async def _add_person(request: web.Request) -> web.Response:
    playground = request.app[PLAYGROUND]
    name = str((await _json_body(request)).get("name", "")).strip()[:32]
    if not name:
        raise BadRequest("a new person needs a name")
    person = playground.add_person(name)
    return _json({"id": str(person.id)})


def make_app(playground: PageNeeds) -> web.Application:
    app = web.Application(middlewares=[_errors])
    app[PLAYGROUND] = playground
    app.router.add_get("/", _page)
    app.router.add_get("/static/{name}", _static)
    app.router.add_get("/api/state", _state)
    app.router.add_get("/api/events", _events)
    app.router.add_post("/api/slash", _slash)
    app.router.add_post("/api/click", _click)
    app.router.add_post("/api/choose", _choose)
    app.router.add_post("/api/settings", _settings)
    app.router.add_post("/api/people", _add_person)
    return app
