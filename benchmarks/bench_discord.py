"""The fake Discord of benchmarks/bot_load.py: one text channel per game, exact `perf_counter`
timestamps of clicks, first responses and edits, the turn pings each player got, and an estimate
of its own CPU time; and a virtual user who can run a slash command in any of its channels."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import math
import re
import time
from typing import Any

from aiohttp import web

from bot.fake_discord.api import APPLICATION_COMMAND
from bot.fake_discord.interaction_routes import InteractionRoutes
from bot.fake_discord.message_desk import MessageDesk
from bot.fake_discord.replies import DiscordError
from bot.fake_discord.request_gate import Handler, RequestGate
from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.users import VirtualUser
from bot.fake_discord.world import Channel, InteractionRecord, Member, StoredMessage

MENTION = re.compile(r"<@!?(\d+)>")
PING = "it's your move"  # table.your_move: "<@id>, it's your move."


# --- the fake, with one channel per game, exact timestamps and its own CPU time ----------------


class BenchDiscord(FakeDiscord):
    """FakeDiscord with `channel_count` text channels (the fake has one, and the bot allows one
    game per channel), perf_counter timestamps of clicks, first responses and edits, and
    `cpu_seconds`: thread CPU time spent in its request handlers and in sending interactions."""

    def __init__(self, channel_count: int, **options: Any) -> None:
        super().__init__(**options)
        for index in range(2, channel_count + 1):
            self.add_channel(f"uno-{index}")
        self.clicked_at: dict[int, float] = {}   # interaction id -> INTERACTION_CREATE sent
        self.acked_at: dict[int, float] = {}     # interaction id -> its first response arrived
        self.late_at: dict[int, float] = {}      # ... a response Discord refused (too late)
        self.edited_at: dict[int, list[float]] = {}  # message id -> times of its edits
        self.cpu_seconds = 0.0
        # A message id (edited) or a channel id (a message posted in it) -> an event to set: how
        # a game's players hear of their hands' live edits and of turn pings.
        self.listeners: dict[int, asyncio.Event] = {}
        self.pinged_at: dict[tuple[int, int], float] = {}  # (channel, user) -> last ping
        self.ack_waiters: dict[int, asyncio.Future[None]] = {}
        self.edit_waiters: dict[int, asyncio.Event] = {}
        # Timestamps and CPU: the fake's parts that see requests, answers and edits, timed.
        self.gate = _TimedGate(self)
        self.interaction_routes = _TimedCallbacks(self)
        self.desk = _TimedDesk(self)

    # - the interactions' channels are the fake's own (add_channel); timed here

    async def create_interaction(self, user: Member, type_: int, data: dict[str, Any],
                                 source: StoredMessage | None = None, *,
                                 channel: Channel | None = None) -> InteractionRecord:
        started = time.thread_time()
        clicked = time.perf_counter()
        try:
            record = await super().create_interaction(user, type_, data, source,
                                                      channel=channel)
        finally:
            self.cpu_seconds += time.thread_time() - started
        self.clicked_at[record.id] = clicked
        return record

    async def wait_ack(self, record: InteractionRecord, timeout: float) -> bool:
        """Wait for the interaction's first response (or its refusal); True if acknowledged."""
        if not (record.acknowledged or record.failed):
            waiter = self.ack_waiters.setdefault(
                record.id, asyncio.get_running_loop().create_future())
            try:
                await asyncio.wait_for(asyncio.shield(waiter), timeout)
            except TimeoutError:
                pass
            finally:
                self.ack_waiters.pop(record.id, None)
        return record.acknowledged and record.id in self.acked_at

    async def wait_edit(self, message_id: int, after: float, timeout: float) -> float | None:
        """The time of the first edit of `message_id` later than `after`, or None."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            times = self.edited_at.get(message_id, [])
            index = bisect.bisect_right(times, after)
            if index < len(times):
                return times[index]
            remaining = deadline - loop.time()
            if remaining <= 0:
                return None
            event = self.edit_waiters.setdefault(message_id, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

    def last_edit(self, message_id: int) -> float:
        times = self.edited_at.get(message_id)
        return times[-1] if times else -math.inf


class BenchUser(VirtualUser):
    """A virtual user who can run a slash command in a given channel, and keeps the hand it
    last opened (message id, when it was shown, when it was opened: its token's age)."""

    def __init__(self, fake: BenchDiscord, member: Member) -> None:
        super().__init__(fake, member)
        self.bench_fake = fake
        self.hand_id: int | None = None
        self.hand_seen = -math.inf
        self.hand_opened = -math.inf

    async def slash_in(self, channel: Channel, command: str,
                       **options: Any) -> InteractionRecord:
        data = self._command_data(command.split(), options)
        return await self.bench_fake.create_interaction(self.member, APPLICATION_COMMAND, data,
                                                        channel=channel)


# - timestamps and CPU: the fake's gate, callbacks and message desk, each timed for BenchDiscord


class _TimedGate(RequestGate):
    def __init__(self, bench: BenchDiscord) -> None:
        super().__init__(bench)
        self._bench = bench

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        # Thread CPU from the request's arrival to its answer. Other tasks that run while a
        # handler awaits are counted too, and aiohttp's parsing before the middleware is not:
        # an estimate, which bot_load.py prints as such.
        started = time.thread_time()
        try:
            return await super().middleware(request, handler)
        finally:
            self._bench.cpu_seconds += time.thread_time() - started


class _TimedCallbacks(InteractionRoutes):
    def __init__(self, bench: BenchDiscord) -> None:
        super().__init__(bench)
        self._bench = bench

    async def callback(self, request: web.Request) -> web.Response:
        bench = self._bench
        arrived = time.perf_counter()
        interaction_id = int(request.match_info["interaction_id"])
        try:
            response = await super().callback(request)
            bench.acked_at.setdefault(interaction_id, arrived)
            return response
        except DiscordError:
            # Refused (too late, or a second answer): when the bot did answer still counts.
            bench.late_at.setdefault(interaction_id, arrived)
            raise
        finally:
            waiter = bench.ack_waiters.get(interaction_id)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)


class _TimedDesk(MessageDesk):
    def __init__(self, bench: BenchDiscord) -> None:
        super().__init__(bench)
        self._bench = bench

    async def announce(self, message: StoredMessage, event: str) -> None:
        bench = self._bench
        if event == "MESSAGE_UPDATE":
            bench.edited_at.setdefault(message.id, []).append(time.perf_counter())
            waiter = bench.edit_waiters.pop(message.id, None)
            if waiter is not None:
                waiter.set()
            listener = bench.listeners.get(message.id)
            if listener is not None:
                listener.set()
        elif event == "MESSAGE_CREATE" and message.visible_to is None:
            content = str(message.payload.get("content") or "")
            for found in MENTION.finditer(content if PING in content else ""):
                bench.pinged_at[(message.channel_id, int(found.group(1)))] = time.perf_counter()
            listener = bench.listeners.get(message.channel_id)
            if listener is not None:
                listener.set()
        await super().announce(message, event)
