"""The playground: the unmodified bot on the offline Discord, its people, and the web page.

Everything listens on 127.0.0.1 only, and the bot keeps its data in a SQLite file of the
playground's own (never the real bot's database).
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import discord
from aiohttp import web

from bot.client import UnoBot
from bot.fake_discord.redirect import discord_py_pointed_at
from bot.fake_discord.users import InteractionHandle
from bot.settings import Settings

from .page_needs import HOST, Player
from .servers import PlaygroundDiscord
from .web import make_app

DEFAULT_PEOPLE = ("Ann", "Bob", "Cid", "Dee")
# The first person may also use the server-wide commands (/uno settings server_language, ...);
# the third holds the Organisers role (which a server may let open tournaments).
MODERATOR = discord.Permissions(manage_guild=True, manage_channels=True,
                                manage_messages=True).value
READY_TIMEOUT = 20.0
KEPT_ERRORS = 50

log = logging.getLogger(__name__)


class BotErrors(logging.Handler):
    """The last ERROR records of discord.py and the bot: exceptions in commands, views and
    events, shown on the page next to what Discord would have refused."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: deque[str] = deque(maxlen=KEPT_ERRORS)
        self.on_error: list[Callable[[], None]] = []
        self.loop: asyncio.AbstractEventLoop | None = None  # where `on_error` runs

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        self.lines.append(text)
        if self.loop is not None:
            # A record may come from a worker thread (pictures are drawn in one): the page is
            # told on the event loop's own thread.
            for callback in self.on_error:
                self.loop.call_soon_threadsafe(callback)


def free_socket(port: int) -> socket.socket:
    """A listening address on 127.0.0.1: `port`, or any free one if it is taken (or 0)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError:
        sock.bind((HOST, 0))
    return sock


class Playground:
    """Start with `await start()`, stop with `await stop()`; `url` is the page."""

    def __init__(self, database: Path, *, people: Iterable[str] = DEFAULT_PEOPLE,
                 card_emoji: bool = True) -> None:
        self.database = database
        self.card_emoji = card_emoji  # the card faces uploaded as the app's emoji and shown
        self.fake = PlaygroundDiscord()
        self.people: dict[int, Player] = {}
        for index, name in enumerate(people):
            self.add_person(name, moderator=index == 0, organiser=index == 2)
        self.fake.open_group_dm()  # issue 30: a place the bot is not in
        self.errors = BotErrors()
        self.errors.on_error.append(self.fake.changed)
        self.bot: UnoBot | None = None
        self.port = 0
        self._stack = ExitStack()
        self._bot_task: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self._watching: set[asyncio.Task[Any]] = set()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    # --- people --------------------------------------------------------------------------------

    def add_person(self, name: str, *, moderator: bool = False,
                   organiser: bool = False) -> Player:
        member = self.fake.add_person(name, permissions=MODERATOR if moderator else 0,
                                      organiser=organiser)
        person = Player(self.fake, member)
        self.people[person.id] = person
        self.fake.changed()
        return person

    def watch(self, handle: InteractionHandle) -> None:
        """Wait for the bot's acknowledgement as Discord's client does: one that never comes
        (or comes after 3 s) is recorded as a violation and shown."""
        task = asyncio.create_task(handle.wait_acknowledged())
        self._watching.add(task)
        task.add_done_callback(self._watching.discard)

    def problems(self) -> list[str]:
        refused = [f"Discord would refuse: {v}" for v in self.fake.violations]
        return refused + [f"The bot logged an error: {line}" for line in self.errors.lines]

    # --- lifecycle -----------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        await self.fake.start()
        self.errors.loop = asyncio.get_running_loop()
        self._stack.enter_context(discord_py_pointed_at(self.fake))
        for name in ("discord", "bot", "cogs"):
            logger = logging.getLogger(name)
            logger.addHandler(self.errors)
            self._stack.callback(logger.removeHandler, self.errors)
        settings = Settings(discord_token=self.fake.token, database_path=self.database,
                            dev_guild_id=None, log_level="INFO", card_emoji=self.card_emoji)
        # READY waits this long for GUILD_CREATEs that the fake has already sent.
        self.bot = UnoBot(settings, guild_ready_timeout=0.05)
        self._bot_task = asyncio.create_task(self.bot.start(self.fake.token), name="uno bot")
        await self._ready()
        self._runner = web.AppRunner(make_app(self), access_log=None, handle_signals=False,
                                     shutdown_timeout=1.0)
        await self._runner.setup()
        sock = free_socket(port)
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def _ready(self) -> None:
        bot, task = self.bot, self._bot_task
        assert bot is not None and task is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + READY_TIMEOUT
        while not bot.is_ready():
            if task.done():
                error = task.exception()
                raise RuntimeError(f"the bot stopped before it was ready: {error!r}") from error
            if loop.time() > deadline:
                raise TimeoutError(f"the bot was not ready within {READY_TIMEOUT:g} s")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        for task in list(self._watching):
            task.cancel()
        if self._runner is not None:
            # A page's long poll (next_change) returns now rather than holding the server's
            # shutdown for its whole timeout (a second of every browser test's teardown).
            self.fake.changed()
            await self._runner.cleanup()
            self._runner = None
        if self.bot is not None:
            await self.bot.close()
            if self._bot_task is not None:
                try:
                    await asyncio.wait_for(self._bot_task, 10.0)
                except (asyncio.CancelledError, TimeoutError):
                    self._bot_task.cancel()
            self.bot = None
        self._stack.close()
        await self.fake.stop()
