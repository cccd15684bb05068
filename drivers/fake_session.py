"""A running fake Discord with the real discord.py pointed at it, and bots on it: what the bot
tests (tests/fake_discord/fixtures.py makes it a pytest fixture) and the benchmarks drive.

    async with fake_discord_session() as session:
        bot = await session.start_bot(lambda: MyBot(...))   # or a bot instance
        ann = session.user("Ann", permissions=["manage_channels"])
        handle = await ann.slash("uno echo", text="hi")

At the end every bot is closed, and `ProblemsSeen` is raised if Discord would have refused a call,
an interaction was never acknowledged, or discord.py logged an error (an exception in a command,
view or event handler) that the caller did not take with `take_violations()` /
`take_bot_errors()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any

import discord

from bot.discord_private import connection_state
from bot.fake_discord.clock import FakeClock
from bot.fake_discord.redirect import discord_py_pointed_at
from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.users import VirtualUser
from bot.fake_discord.world import Violation

BotFactory = discord.Client | Callable[[], discord.Client | Awaitable[discord.Client]]
READY_TIMEOUT = 10.0


class ProblemsSeen(AssertionError):
    """What the fake Discord saw go wrong during a session (a test fails with it)."""


class _ErrorCollector(logging.Handler):
    """Keeps discord.py's ERROR records: that is where exceptions in handlers end up."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _describe(record: logging.LogRecord) -> str:
    text = record.getMessage()
    if record.exc_info and record.exc_info[1] is not None:
        text += f": {record.exc_info[1]!r}"
    return f"{record.name}: {text}"


class FakeDiscordSession:
    """A fake Discord with discord.py redirected to it, and the bots started on it."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.bots: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._errors = _ErrorCollector()

    @property
    def clock(self) -> FakeClock:
        return self.fake.clock

    # --- users ---------------------------------------------------------------------------------

    def user(self, name: str, *, locale: str = "en-US", permissions: Iterable[str] | int = (),
             roles: Iterable[Any] = ()) -> VirtualUser:
        """A new member; `permissions` (names of discord.Permissions flags, or a value) come
        through a personal role."""
        role_list = list(roles)
        value = permissions if isinstance(permissions, int) else discord.Permissions(
            **dict.fromkeys(permissions, True)).value
        if value:
            role_list.append(self.fake.add_role(f"{name}'s role", value))
        return VirtualUser(self.fake, self.fake.add_member(name, locale=locale, roles=role_list))

    # --- bots ----------------------------------------------------------------------------------

    async def start_bot(self, bot_or_factory: BotFactory, *,
                        timeout: float = READY_TIMEOUT) -> Any:
        """Start a bot (or build it with a factory, sync or async) and wait until it is ready."""
        if isinstance(bot_or_factory, discord.Client):
            bot = bot_or_factory
        else:
            made = bot_or_factory()
            bot = await made if inspect.isawaitable(made) else made
        # READY waits this long for GUILD_CREATEs that the fake has already sent.
        state = connection_state(bot)
        state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
        task = asyncio.create_task(bot.start(self.fake.token), name=f"bot {id(bot)}")
        self.bots.append((bot, task))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not bot.is_ready():
            if task.done():
                error = task.exception()
                raise RuntimeError(f"the bot stopped before it was ready: {error!r}") from error
            if loop.time() > deadline:
                raise TimeoutError(f"the bot was not ready within {timeout} s")
            await asyncio.sleep(0.005)
        return bot

    async def stop_bot(self, bot: discord.Client) -> None:
        """Close one bot (e.g. to start a new one on the same database: a restart)."""
        for entry in list(self.bots):
            if entry[0] is bot:
                self.bots.remove(entry)
                await self._close(*entry)

    @staticmethod
    async def _close(bot: discord.Client, task: asyncio.Task[None]) -> None:
        await bot.close()
        try:
            await asyncio.wait_for(task, 5.0)
        except (asyncio.CancelledError, TimeoutError):
            task.cancel()
        except Exception:  # noqa: BLE001 - a crash in start() surfaces via the error log
            pass

    # --- checks --------------------------------------------------------------------------------

    def take_violations(self) -> list[Violation]:
        return self.fake.take_violations()

    def bot_errors(self) -> list[str]:
        """The ERROR log of discord.py and of the bot so far (exceptions in commands, views,
        events)."""
        return [_describe(r) for r in self._errors.records]

    def take_bot_errors(self) -> list[str]:
        taken = [_describe(r) for r in self._errors.records]
        self._errors.records.clear()
        return taken

    def problems(self) -> list[str]:
        problems = [f"Discord would refuse: {v}" for v in self.fake.violations]
        problems += [f"interaction {i.id} of {i.user.name} was never acknowledged"
                     for i in self.fake.unacknowledged()]
        problems += [f"the bot logged an error: {_describe(r)}" for r in self._errors.records]
        return problems

    async def close(self) -> None:
        while self.bots:
            await self._close(*self.bots.pop())


@contextlib.asynccontextmanager
async def fake_discord_session(*, clock: FakeClock | None = None, shard_count: int = 1,
                               check: bool = True) -> AsyncIterator[FakeDiscordSession]:
    """Run a fake Discord with discord.py redirected to it; restore everything afterwards."""
    fake = FakeDiscord(clock=clock or FakeClock(), shard_count=shard_count)
    await fake.start()
    session = FakeDiscordSession(fake)
    redirect = contextlib.ExitStack()  # undone in the finally below, before the fake stops
    redirect.enter_context(discord_py_pointed_at(fake))
    # discord.py's own errors, and the bot's: a failure the bot answered with an apology is
    # still a failure the test must expect.
    loggers = [logging.getLogger(name) for name in ("discord", "bot", "cogs")]
    for logger in loggers:
        logger.addHandler(session._errors)
    try:
        yield session
        await session.close()
        if check and (problems := session.problems()):
            raise ProblemsSeen("The fake Discord saw problems:\n" + "\n".join(problems))
    finally:
        await session.close()
        for logger in loggers:
            logger.removeHandler(session._errors)
        redirect.close()
        await fake.stop()
