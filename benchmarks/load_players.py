"""The fake Discord and the virtual players of benchmarks/bot_load.py (see its docstring).

`BenchDiscord` is the fake with one text channel per game, exact `perf_counter` timestamps of
clicks, first responses and edits, and an estimate of its own CPU time. `OpenLoopGame` is one
game's players: moves arrive at exponential intervals (open loop), each made through what the
players see, with the extras people do (hands re-opened, UNO calls, catches, Rules).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.fake_discord.api import APPLICATION_COMMAND, MESSAGE
from bot.fake_discord.interaction_routes import InteractionRoutes
from bot.fake_discord.message_desk import MessageDesk
from bot.fake_discord.replies import DiscordError
from bot.fake_discord.request_gate import Handler, RequestGate
from bot.fake_discord.server import FakeDiscord
from bot.fake_discord.users import SeenMessage, VirtualUser, texts_of
from bot.fake_discord.world import (
    Channel,
    InteractionRecord,
    Member,
    StoredMessage,
)

ACK_TIMEOUT = 5.0        # a click without a first response by then is unanswered (Discord: 3 s)
EDIT_TIMEOUT = 5.0       # setting up: a message that does not show what it should by then
APPLY_TIMEOUT = 30.0     # a move the table has not shown by then counts as not applied
TOKEN_LIFETIME = 14 * 60.0  # a hand older than this is re-opened (the token lives 15 min)

# The extras, per move (assumptions about people, stated in bot_load.py's docstring).
READ_HAND = (0.5, 1.5)   # seconds between a hand appearing and its card being clicked
PEEK = 0.3               # another player opens their hand to look at it while waiting
RULES = 0.01             # someone clicks Rules
TABLE_UNO = 0.5          # a player about to go down to one card calls UNO! on the table first
CARD_UNO = 0.8           # ... else plays the card with the call, when the hand offers it
CATCH = 0.3              # each other player clicks Catch! while it is on offer
CATCH_DELAY = (0.5, 3.0)

# What a hand's controls do (custom_id uno:c:<game>:<version>:<what>:...): a card played at once,
# and a card that first asks for a choice (a wild's colour).
PLAY_CONTROLS = ("play", "act")
CHOICE_CONTROLS = ("wild", "pick")
MENTION = re.compile(r"<@!?(\d+)>")
PLAYER_LINE = re.compile(r"^[▶•] (.+?) — (\d+) cards?")  # "▶ Ann — 2 cards · 0 pts"


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
        await super().announce(message, event)


# --- what the players record -------------------------------------------------------------------


@dataclass(eq=False)
class Move:
    """One arrival of a move in a game in play: a card (or Draw, Pass, a decision) or Next
    round, once the game's previous move is on the table."""

    arrived: float                 # perf_counter of the arrival (the open-loop clock)
    kind: str = ""                 # "play" or "next", once its turn came
    started: float | None = None   # its turn came: the previous move was on the table
    clicked: float | None = None   # the action's click, if it got that far
    applied: float | None = None   # the table's first edit that shows a changed state
    refused: bool = False          # answered with an ephemeral refusal (a stale hand, ...)
    skipped: str = ""              # why no action was clicked, if none was
    settled: bool = False          # its click answered and the table waited for (or given up)


@dataclass
class Stats:
    clicks: list[tuple[str, int]] = field(default_factory=list)  # (kind, interaction id)
    moves: list[Move] = field(default_factory=list)
    setting_up: list[float] = field(default_factory=list)  # arrivals while a lobby was open
    errors: list[str] = field(default_factory=list)
    pressed: Counter[str] = field(default_factory=Counter)  # what the hands' actions were
    matches_finished: int = 0


def table_state(message: StoredMessage) -> str:
    """What a table shows, as one text (its text displays, or the content and embed of a table
    posted before the V2 layout): it changes exactly when the game's state does (the turn, the
    counts, the recent log), so a move is applied when this changes."""
    return "\n".join(texts_of(message.payload))


def title_of(message: StoredMessage) -> str:
    """A table's title: the heading of its V2 layout ("### UNO — round 2")."""
    return next((t.split("\n")[0] for t in texts_of(message.payload) if t.startswith("### ")),
                "")


def hand_sizes(message: StoredMessage) -> dict[str, int]:
    """Player name -> cards held, read from the table's players' lines."""
    sizes: dict[str, int] = {}
    for text in texts_of(message.payload):
        for line in text.splitlines():
            found = PLAYER_LINE.match(line)
            if found:
                sizes[found.group(1)] = int(found.group(2))
    return sizes


def control(button: dict[str, Any]) -> str:
    """What a hand's control does, from its custom_id (uno:c:<game>:<version>:<what>...)."""
    parts = str(button.get("custom_id", "")).split(":")
    return parts[4] if len(parts) > 4 and parts[1] == "c" else ""


# --- one game, driven through what its players see ---------------------------------------------


class OpenLoopGame:
    """One channel's game: set up through the lobby, then moves at exponential intervals of
    mean `pace` seconds, whether or not the previous move was answered (open loop)."""

    def __init__(self, fake: BenchDiscord, stats: Stats, channel: Channel,
                 users: list[BenchUser], rng: random.Random, pace: float) -> None:
        self.fake, self.stats, self.channel = fake, stats, channel
        self.users = users
        self.by_id = {u.id: u for u in users}
        self.rng = rng
        self.pace = pace
        self.table_id: int | None = None
        self.resetting = False
        self.tasks: set[asyncio.Task[None]] = set()
        self._repaced = asyncio.Event()
        self.turn = asyncio.Lock()  # one move at a time; waiting arrivals queue in order

    # - clicks

    async def answered(self, record: InteractionRecord, kind: str) -> InteractionRecord | None:
        self.stats.clicks.append((kind, record.id))
        if not await self.fake.wait_ack(record, ACK_TIMEOUT):
            return None
        return record

    async def click(self, user: BenchUser, message_id: int, kind: str, label: str | None = None,
                    *, custom_id: str | None = None) -> InteractionRecord | None:
        try:
            handle = await user.click(message_id, label, custom_id=custom_id, wait=False)
        except (LookupError, ValueError) as exc:  # the button went away meanwhile
            self.stats.errors.append(f"{kind}: {exc}")
            return None
        return await self.answered(handle.record, kind)

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.stats.errors.append(f"a move failed: {task.exception()!r}")

    # - setting up

    async def setup(self) -> bool:
        """Lobby, joins, start: True once the table message is there."""
        host = self.users[0]
        record = await host.slash_in(self.channel, "uno create", turn_timer=0)
        if await self.answered(record, "create") is None:
            return False
        lobby = await self._shown(record.original_message_id,
                                  lambda m: "Join" in SeenMessage(m).labels())
        if lobby is None:
            self.stats.errors.append("the lobby message has no Join button")
            return False
        for user in self.users[1:]:
            if await self.click(user, lobby.id, "join", "Join") is None:
                return False
        started = await self.click(host, lobby.id, "start", "Start")
        if started is None:
            return False
        table = await self._shown(started.original_message_id,
                                  lambda m: "round" in title_of(m))
        if table is None:
            self.stats.errors.append("Start was answered without a table")
            return False
        self.table_id = table.id
        for user in self.users:
            user.hand_id, user.hand_seen = None, -math.inf
        return True

    def _newest_table(self) -> int | None:
        """The channel's latest public table message."""
        return max((m.id for m in self.fake.messages.values()
                    if m.channel_id == self.channel.id and m.visible_to is None
                    and not m.deleted and "round" in title_of(m)), default=None)

    async def _shown(self, message_id: int | None, ready: Callable[[StoredMessage], bool],
                     timeout: float = EDIT_TIMEOUT) -> StoredMessage | None:
        """The message once `ready(message)` holds (a deferred answer is filled by an edit)."""
        deadline = time.perf_counter() + timeout
        while message_id is not None:
            looked = time.perf_counter()
            message = self.fake.messages.get(message_id)
            if message is not None and not message.deleted and ready(message):
                return message
            if looked >= deadline or await self.fake.wait_edit(
                    message_id, looked, deadline - looked) is None:
                return None
        return None

    # - playing: arrivals

    def set_pace(self, pace: float) -> None:
        self.pace = pace
        self._repaced.set()

    async def play(self, until: Callable[[], float]) -> None:
        """Start a move at each arrival until `until()` (read at every arrival) has passed."""
        next_at = time.perf_counter() + self.rng.expovariate(1.0 / self.pace)
        while next_at < until():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._repaced.wait(),
                                       max(0.0, next_at - time.perf_counter()))
            if self._repaced.is_set():
                # A new pace: arrivals are memoryless, so the next one is simply drawn again.
                self._repaced.clear()
                next_at = time.perf_counter() + self.rng.expovariate(1.0 / self.pace)
                continue
            self.spawn(self.move(next_at))
            next_at += self.rng.expovariate(1.0 / self.pace)

    async def move(self, arrived: float) -> None:
        """One arrival. Moves of a game take turns: an arrival while the previous move is not
        yet on the table waits for it (people learn that it is their turn from the table), so
        a slow bot builds a queue of moves instead of slowing the arrivals down."""
        if self.table_id is None or self.resetting:
            self.stats.setting_up.append(arrived)
            return
        move = Move(arrived)
        self.stats.moves.append(move)
        async with self.turn:
            move.started = time.perf_counter()
            await self._move(move)

    async def _move(self, move: Move) -> None:
        assert self.table_id is not None
        table = self.fake.messages[self.table_id]
        if "wins the match" in title_of(table):
            self.stats.matches_finished += 1
            move.skipped = "new match"
            self.resetting = True
            try:
                await self.setup()
            finally:
                self.resetting = False
            return
        seen = SeenMessage(table)
        if "Next round" in seen.labels():
            move.kind = "next"
            await self.act(move, self.rng.choice(self.users), table.id, label="Next round")
            # The round's end keeps its message; the new round is a table of its own.
            self.table_id = self._newest_table() or self.table_id
            return
        found = MENTION.search(seen.text)
        user = self.by_id.get(int(found.group(1))) if found else None
        if user is None:
            move.skipped = "nobody named"
            return
        move.kind = "play"
        self.extras(user, table)
        hand = await self.hand_of(user, table)
        if hand is None:
            move.skipped = "no hand"
            return
        await asyncio.sleep(self.rng.uniform(*READ_HAND))
        if hand_sizes(table).get(user.name) == 2 and self.rng.random() < TABLE_UNO:
            self.spawn(self.click(user, table.id, "uno", "UNO!"))
        await self.act_in_hand(move, user, hand)

    def extras(self, mover: BenchUser, table: StoredMessage) -> None:
        others = [u for u in self.users if u is not mover]
        if others and self.rng.random() < PEEK:
            peeker = self.rng.choice(others)
            self.spawn(self.open_hand(peeker, table, "peek"))
        if self.rng.random() < RULES:
            reader = self.rng.choice(self.users)
            self.spawn(self.click(reader, table.id, "rules", "Rules"))

    async def hand_of(self, user: BenchUser, table: StoredMessage) -> StoredMessage | None:
        """The user's hand as it is now: the one on screen if nothing happened at the table
        since it was shown, else opened again ("My hand")."""
        now = time.perf_counter()
        hand = self.fake.messages.get(user.hand_id or 0)
        if (hand is not None and user.hand_seen >= self.fake.last_edit(table.id)
                and now - user.hand_opened < TOKEN_LIFETIME):
            return hand
        return await self.open_hand(user, table, "hand")

    async def open_hand(self, user: BenchUser, table: StoredMessage,
                        kind: str) -> StoredMessage | None:
        opened = await self.click(user, table.id, kind, "My hand")
        if opened is None or opened.original_message_id is None:
            return None
        hand = self.fake.messages.get(opened.original_message_id)
        if hand is None or not SeenMessage(hand).buttons():
            return None  # a refusal ("not in this game") or a hand with nothing to press
        user.hand_id, user.hand_opened = hand.id, self.fake.clicked_at[opened.id]
        user.hand_seen = self.fake.acked_at.get(opened.id, time.perf_counter())
        return hand

    async def act_in_hand(self, move: Move, user: BenchUser, hand: StoredMessage) -> None:
        """Like tests/bot/harness.py's Driver: a colour, a decision, a playable card (with the
        UNO call or without), else Pass, else Draw; a card that needs a choice (a wild's
        colour) opens the choices first."""
        buttons = [b for b in SeenMessage(hand).buttons() if not b.get("disabled")]
        colours = [b for b in buttons if control(b) == "color"]
        decisions = [b for b in buttons if control(b) in ("challenge", "accept")]
        playable = [b for b in buttons if b.get("style") in (3, 4)
                    and control(b) in PLAY_CONTROLS + CHOICE_CONTROLS]
        calling = [b for b in playable if b.get("style") == 4]
        if calling and self.rng.random() < CARD_UNO:
            playable = calling
        passes = [b for b in buttons if control(b) == "pass"]
        draws = [b for b in buttons if control(b) == "draw"]
        for group in (colours, decisions, playable, passes, draws):
            if group:
                choice = self.rng.choice(group)
                break
        else:
            move.skipped = "nothing to press"
            return
        if control(choice) in CHOICE_CONTROLS:  # the hand is redrawn with the choices
            redrawn = await self.click(user, hand.id, "pick", custom_id=choice["custom_id"])
            if redrawn is None or redrawn.ack_type == MESSAGE:
                move.refused = redrawn is not None
                return
            choices = [b for b in SeenMessage(hand).buttons()
                       if control(b) in PLAY_CONTROLS and not b.get("disabled")]
            if not choices:
                self.stats.errors.append(f"no choice offered in {SeenMessage(hand).labels()}")
                return
            choice = self.rng.choice(choices)
        pressed = control(choice)
        self.stats.pressed[pressed if pressed not in PLAY_CONTROLS else "card"] += 1
        await self.act(move, user, hand.id, custom_id=choice["custom_id"])

    async def act(self, move: Move, user: BenchUser, message_id: int, *,
                  label: str | None = None, custom_id: str | None = None) -> None:
        """Click the move's control; applied once the table shows a changed state."""
        assert self.table_id is not None
        table = self.fake.messages[self.table_id]
        before = table_state(table)
        record = await self.click(user, message_id, "action", label, custom_id=custom_id)
        try:
            if record is not None:
                await self._applied(move, user, record, table, before)
        finally:
            move.settled = True

    async def _applied(self, move: Move, user: BenchUser, record: InteractionRecord,
                       table: StoredMessage, before: str) -> None:
        move.clicked = self.fake.clicked_at[record.id]
        if record.ack_type == MESSAGE and record.source_message_id != table.id:  # a refusal
            move.refused = True
            return
        user.hand_seen = self.fake.acked_at[record.id]
        after = move.clicked
        deadline = move.clicked + APPLY_TIMEOUT
        while (edited := await self.fake.wait_edit(
                table.id, after, deadline - time.perf_counter())) is not None:
            if table_state(table) != before:
                move.applied = edited
                break
            after = edited
        if move.applied is not None and self._catch_open(table):
            for other in self.users:
                if other is not user and self.rng.random() < CATCH:
                    self.spawn(self.catch(other, table))

    @staticmethod
    def _catch_open(table: StoredMessage) -> bool:
        return any(b.get("custom_id", "").endswith(":catch") and not b.get("disabled")
                   for b in SeenMessage(table).buttons())

    async def catch(self, user: BenchUser, table: StoredMessage) -> None:
        await asyncio.sleep(self.rng.uniform(*CATCH_DELAY))
        if self._catch_open(table):
            await self.click(user, table.id, "catch", custom_id=next(
                b["custom_id"] for b in SeenMessage(table).buttons()
                if b.get("custom_id", "").endswith(":catch")))

    async def finish(self, timeout: float) -> None:
        """Let the moves in flight end (answered, applied or timed out), then cancel the rest."""
        if self.tasks:
            _, still = await asyncio.wait(set(self.tasks), timeout=timeout)
            for task in still:
                task.cancel()
