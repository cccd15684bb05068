"""Load benchmark of the whole bot: many concurrent games of virtual users.

Usage, from the repository root::

    python benchmarks/bot_load.py [--games 50 200] [--duration 30] [--think 1.0] [--quick]

For each N it starts the fake Discord (bot/fake_discord) in this process with a text channel per
game (plus a few spare ones), starts the real bot in a process of its own
(benchmarks/bot_process.py, on a fresh SQLite file in a temporary folder) and waits until it is
connected and its commands are synced. One warm-up game is played quickly and ended with
`/uno end`, so what the bot loads or caches once is in place; then the bot's resident memory is
read (the baseline). N games of 2 to 4 new virtual players are set up, one per channel, at most
`--setup-concurrency` at a time: the host runs `/uno create turn_timer:0`, the others click Join,
the host clicks Start (a game the bot answers too late for is set up again, once, in a spare
channel). Once all are set up they start playing together, each through what its players see,
never by peeking into the bot (it is another process): the table message says whose move it is
(`<@id>, it's your move.`); that player waits about `--think` seconds (±20 %), clicks "My hand"
on the table, and in the private hand clicks a playable card (a colour after a wild,
Challenge/Accept, a start colour), else Pass, else Draw; "Next round" is clicked when a round is
over, and a finished match is followed by a new one in the same channel, so N games stay active.
After 3 s of warm-up play the measurement window of `--duration` seconds begins.

What is printed, per N, from the clicks made inside the window
    actions      game-changing clicks the bot accepted (a card, a colour, Draw, Pass, Challenge,
                 Accept, Next round); opening a hand or choosing a wild's colour is a click but not
                 an action. actions/s divides by the window.
    first resp   p50/p99 of the time from a click (the fake sending INTERACTION_CREATE to the bot)
                 to the bot's first response reaching the fake (its interaction callback), over
                 every click of the window: hand openings, actions, choice redraws (a wild's
                 colours), Next round. A response after Discord's 3 s (refused by the fake)
                 counts with its real time, a click never answered as inf.
    table edit   p50/p99 of the time from an action's click to the next edit of the game's public
                 table message (the bot merges table edits for REFRESH_DELAY = 0.25 s, so this is
                 at least 250 ms unless the click edits the table itself, as Next round does).
    RSS/game     (bot RSS at the end of the window - the baseline) / N, from /proc/<pid>/status
                 VmRSS of the bot process. With two or more N a second figure divides the growth
                 difference between the smallest and largest N by their difference in games, so
                 fixed costs (caches that fill up, allocator arenas) cancel out.
    PASS/MISS    against the targets: first-response p99 under 100 ms (the target is set for
                 200 concurrent games; smaller N are shown for comparison) and under 200 KB per
                 active game.
Detail lines per N add the hand/action split, the setup time, the CPU used by the bot, by this
process and by every other process of the machine (figures from a machine busy with something
else are pessimistic, and say so), how late each event loop woke up and how long its garbage
collector paused it (the bot's through benchmarks/bot_process.py's probe). That tells a busy bot
from a busy fake: both share this machine's cores, and the fake, its HTTP server and every
virtual user share this process (whose own garbage collector is kept out of the way with
gc.freeze(); the bot's is left as it runs in production).

Timestamps are `time.perf_counter()` taken in the fake's handlers (a subclass of FakeDiscord kept
in this file: it also adds the extra channels, which the fake does not have), so there is no
polling in the figures. The fake clock follows real time, so Discord's 3-second deadline applies;
a late first response counts as unanswered and shows as a violation.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import gc
import json
import math
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from aiohttp import web  # noqa: E402

from benchmarks.bot_process import LoopProbe  # noqa: E402
from bot.fake_discord.clock import FakeClock  # noqa: E402
from bot.fake_discord.server import (  # noqa: E402
    APPLICATION_COMMAND,
    MESSAGE,
    DiscordError,
    FakeDiscord,
)
from bot.fake_discord.users import SeenMessage, VirtualUser  # noqa: E402
from bot.fake_discord.world import (  # noqa: E402
    Channel,
    InteractionRecord,
    Member,
    StoredMessage,
    snowflake,
)

BOT_PROCESS = Path(__file__).resolve().parent / "bot_process.py"

DEFAULT_GAMES = (50, 200)
DEFAULT_DURATION = 30.0
DEFAULT_THINK = 1.0
QUICK_GAMES = (20,)
QUICK_DURATION = 8.0
PLAYER_COUNTS = (2, 3, 4)

TARGET_FIRST_RESPONSE_P99_MS = 100.0
TARGET_RSS_PER_GAME_KB = 200.0

READY_TIMEOUT = 60.0     # bot process start to connected and synced
ACK_TIMEOUT = 5.0        # a click without a first response by then is unanswered (Discord: 3 s)
EDIT_TIMEOUT = 5.0       # an action without a table edit by then has none
IDLE_WAIT = 2.0          # a table that names nobody: look again after its next edit or this
SETUP_TIMEOUT = 180.0    # all games set up
FINISH_GRACE = 20.0      # after the window: in-flight turns finish, then the rest is cancelled
STOP_TIMEOUT = 15.0      # the bot process's clean stop
WARMUP = 3.0             # seconds of play before the measurement window
WARM_UP_PLAY = 3.0       # seconds the warm-up game is played (fast) before the baseline
SETTLE = 1.0             # after ready, before the baseline RSS
RSS_SAMPLE_EVERY = 1.0
QUIET_OTHERS = 0.10      # CPU (of one core) other processes may use for the figures to count
KEEP_FRAMES = 5000       # gateway frames the fake keeps for a RESUME

PLAY_KINDS = ("hand", "action", "pick", "next")
# What a hand's controls do (custom_id uno:c:<game>:<version>:<what>:...): a card played at once,
# and a card that first asks for a choice (a wild's colour); older and newer names alike.
PLAY_CONTROLS = ("play", "act")
CHOICE_CONTROLS = ("wild", "pick")
MENTION = re.compile(r"<@!?(\d+)>")


# --- the fake, with one channel per game and exact timestamps --------------------------------


class BenchDiscord(FakeDiscord):
    """FakeDiscord with `channel_count` text channels (the fake has one, and the bot allows one
    game per channel), and perf_counter timestamps of clicks, first responses and edits."""

    def __init__(self, channel_count: int, **options: Any) -> None:
        super().__init__(**options)
        self.default_channel = self.channel
        self.channels: dict[int, Channel] = {self.channel.id: self.channel}
        for index in range(2, channel_count + 1):
            channel = Channel(snowflake(), self.guild_id, f"uno-{index}")
            self.channels[channel.id] = channel
        self.clicked_at: dict[int, float] = {}   # interaction id -> INTERACTION_CREATE sent
        self.acked_at: dict[int, float] = {}     # interaction id -> its first response arrived
        self.late_at: dict[int, float] = {}      # ... a response Discord refused (too late)
        self.edited_at: dict[int, list[float]] = {}  # message id -> times of its edits
        self._ack_waiters: dict[int, asyncio.Future[None]] = {}
        self._edit_waiters: dict[int, asyncio.Event] = {}

    # - the extra channels

    def guild_payload(self) -> dict[str, Any]:
        payload = super().guild_payload()
        payload["channels"] = [c.payload() for c in self.channels.values()]
        return payload

    async def create_interaction(self, user: Member, type_: int, data: dict[str, Any],
                                 source: StoredMessage | None = None, *,
                                 channel: Channel | None = None) -> InteractionRecord:
        if channel is None:
            channel = (self.channels[source.channel_id] if source is not None
                       else self.default_channel)
        # The base class reads `self.channel` only while it builds the payload and the record,
        # before its first await, so pointing it at this interaction's channel here is safe
        # even with many interactions in flight.
        self.channel = channel
        clicked = time.perf_counter()
        record = await super().create_interaction(user, type_, data, source)
        self.clicked_at[record.id] = clicked
        return record

    def _new_message(self, body: dict[str, Any], request: web.Request, *,
                     record: InteractionRecord | None = None, flags: int = 0) -> StoredMessage:
        message = super()._new_message(body, request, record=record, flags=flags)
        channel_id = (record.channel_id if record is not None
                      else int(request.match_info["channel_id"]))
        message.payload["channel_id"] = str(channel_id)
        return message

    def _check_channel(self, request: web.Request) -> None:
        if int(request.match_info["channel_id"]) not in self.channels:
            raise DiscordError(404, 10003, "Unknown Channel")

    async def _get_channel(self, request: web.Request) -> web.Response:
        self._check_channel(request)
        channel = self.channels[int(request.match_info["channel_id"])]
        return web.Response(body=json.dumps(channel.payload()).encode(),
                            content_type="application/json")

    async def _channel_message(self, request: web.Request) -> web.StreamResponse:
        self._check_channel(request)
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is not None and str(message.channel_id) != request.match_info["channel_id"]:
            raise DiscordError(404, 10008, "Unknown Message")
        return await super()._channel_message(request)

    # - timestamps

    async def _callback(self, request: web.Request) -> web.Response:
        arrived = time.perf_counter()
        interaction_id = int(request.match_info["interaction_id"])
        try:
            response = await super()._callback(request)
            self.acked_at.setdefault(interaction_id, arrived)
            return response
        except DiscordError:
            # Refused (too late, or a second answer): when the bot did answer still counts.
            self.late_at.setdefault(interaction_id, arrived)
            raise
        finally:
            waiter = self._ack_waiters.get(interaction_id)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)

    async def _announce(self, message: StoredMessage, event: str) -> None:
        if event == "MESSAGE_UPDATE":
            self.edited_at.setdefault(message.id, []).append(time.perf_counter())
            waiter = self._edit_waiters.pop(message.id, None)
            if waiter is not None:
                waiter.set()
        await super()._announce(message, event)

    async def wait_ack(self, record: InteractionRecord, timeout: float) -> bool:
        """Wait for the interaction's first response (or its refusal); True if acknowledged."""
        if not (record.acknowledged or record.failed):
            waiter = self._ack_waiters.setdefault(
                record.id, asyncio.get_running_loop().create_future())
            try:
                await asyncio.wait_for(asyncio.shield(waiter), timeout)
            except TimeoutError:
                pass
            finally:
                self._ack_waiters.pop(record.id, None)
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
            event = self._edit_waiters.setdefault(message_id, asyncio.Event())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)


class BenchUser(VirtualUser):
    """A virtual user who can run a slash command in a given channel."""

    async def slash_in(self, channel: Channel, command: str,
                       **options: Any) -> InteractionRecord:
        data = self._command_data(command.split(), options)
        fake = self.fake
        assert isinstance(fake, BenchDiscord)
        return await fake.create_interaction(self.member, APPLICATION_COMMAND, data,
                                             channel=channel)


# --- figures -----------------------------------------------------------------------------------


@dataclass
class Stats:
    clicks: list[tuple[str, int]] = field(default_factory=list)  # (kind, interaction id)
    table_edits: list[tuple[float, float | None]] = field(default_factory=list)  # click, edit
    unanswered: list[tuple[str, float]] = field(default_factory=list)  # kind, click time
    refused: list[tuple[str, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    matches_finished: int = 0
    pressed: Counter[str] = field(default_factory=Counter)  # what the hands' actions were
    rounds_finished: int = 0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1); nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- one game, driven through what its players see ---------------------------------------------


class VirtualGame:
    def __init__(self, bench: Bench, channel: Channel, users: list[BenchUser],
                 rng: random.Random) -> None:
        self.bench = bench
        self.fake = bench.fake
        self.channel = channel
        self.users = users
        self.by_id = {u.id: u for u in users}
        self.rng = rng
        self.table_id: int | None = None
        self.think_time = bench.think
        self.deadline: float | None = None  # None: the benchmark's window end

    @property
    def stop_at(self) -> float:
        return self.bench.stop_at if self.deadline is None else self.deadline

    @property
    def stats(self) -> Stats:
        return self.bench.stats

    async def _answered(self, record: InteractionRecord, kind: str) -> InteractionRecord | None:
        self.stats.clicks.append((kind, record.id))
        if not await self.fake.wait_ack(record, ACK_TIMEOUT):
            self.stats.unanswered.append((kind, self.fake.clicked_at.get(record.id, 0.0)))
            return None
        return record

    async def click(self, user: BenchUser, message_id: int, kind: str, label: str | None = None,
                    *, custom_id: str | None = None) -> InteractionRecord | None:
        try:
            handle = await user.click(message_id, label, custom_id=custom_id, wait=False)
        except (LookupError, ValueError) as exc:  # the button went away meanwhile
            self.stats.errors.append(f"{kind}: {exc}")
            return None
        return await self._answered(handle.record, kind)

    # - setting up

    async def setup(self) -> bool:
        """Lobby, joins, start: True once the table message is there."""
        host = self.users[0]
        record = await host.slash_in(self.channel, "uno create", turn_timer=0)
        if await self._answered(record, "create") is None:
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
        table = await self._shown(started.original_message_id, lambda m: any(
            "round" in e.get("title", "") for e in m.payload.get("embeds") or []))
        if table is None:
            self.stats.errors.append("Start was answered without a table")
            return False
        self.table_id = table.id
        return True

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

    # - playing

    async def think(self) -> bool:
        """Wait about `think` seconds; False once the window is over."""
        await asyncio.sleep(self.think_time * self.rng.uniform(0.8, 1.2))
        return time.perf_counter() < self.stop_at

    async def play(self) -> None:
        assert self.table_id is not None
        # Games are set up together: a random start spreads their turns over the think time.
        await asyncio.sleep(self.rng.uniform(0, self.think_time))
        while time.perf_counter() < self.stop_at:
            assert self.table_id is not None
            table = self.fake.messages[self.table_id]
            looked = time.perf_counter()
            title = " ".join(e.get("title", "") for e in table.payload.get("embeds") or [])
            if "wins the match" in title:
                self.stats.matches_finished += 1
                if not await self.setup():
                    return
                continue
            seen = SeenMessage(table)
            if "Next round" in seen.labels():
                self.stats.rounds_finished += 1
                if not await self.think():
                    return
                record = await self.click(self.rng.choice(self.users), table.id, "next",
                                          "Next round")
                await self._after_action(record)
                continue
            match = MENTION.search(seen.content)
            user = self.by_id.get(int(match.group(1))) if match else None
            if user is None:
                await self.fake.wait_edit(table.id, looked, IDLE_WAIT)
                continue
            if not await self.think():
                return
            opened = await self.click(user, table.id, "hand", "My hand")
            hand_id = opened.original_message_id if opened is not None else None
            hand = self.fake.messages.get(hand_id or 0)
            if opened is None or hand is None or not SeenMessage(hand).buttons():
                if opened is not None:
                    self.stats.refused.append(("hand", self.fake.clicked_at[opened.id]))
                await self.fake.wait_edit(table.id, looked, IDLE_WAIT)
                continue
            await self._after_action(await self.act_in_hand(user, hand))

    async def act_in_hand(self, user: BenchUser, hand: StoredMessage) -> InteractionRecord | None:
        """Like tests/bot/harness.py's Driver: a colour, a decision, a playable card (green, or
        red with the UNO call; one that needs a choice, as a wild's colour, opens the choices),
        else Pass, else Draw."""
        buttons = [b for b in SeenMessage(hand).buttons() if not b.get("disabled")]

        def what(button: dict[str, Any]) -> str:
            parts = str(button.get("custom_id", "")).split(":")
            return parts[4] if len(parts) > 4 and parts[1] == "c" else ""

        colours = [b for b in buttons if what(b) == "color"]
        decisions = [b for b in buttons if what(b) in ("challenge", "accept")]
        playable = [b for b in buttons if b.get("style") in (3, 4)
                    and what(b) in PLAY_CONTROLS + CHOICE_CONTROLS]
        passes = [b for b in buttons if what(b) == "pass"]
        draws = [b for b in buttons if what(b) == "draw"]
        for group in (colours, decisions, playable, passes, draws):
            if group:
                choice = self.rng.choice(group)
                break
        else:
            self.stats.errors.append(f"nothing to press in {SeenMessage(hand).labels()}")
            return None
        if what(choice) in CHOICE_CONTROLS:  # the hand is redrawn with the choices
            redrawn = await self.click(user, hand.id, "pick", custom_id=choice["custom_id"])
            if redrawn is None or redrawn.ack_type == MESSAGE:
                self._refused(redrawn, "pick")
                return None
            choices = [b for b in SeenMessage(hand).buttons()
                       if what(b) in PLAY_CONTROLS and not b.get("disabled")]
            if not choices:
                self.stats.errors.append(f"no choice offered in {SeenMessage(hand).labels()}")
                return None
            choice = self.rng.choice(choices)
        pressed = what(choice)
        self.stats.pressed[pressed if pressed not in PLAY_CONTROLS else "card"] += 1
        record = await self.click(user, hand.id, "action", custom_id=choice["custom_id"])
        if record is not None and record.ack_type == MESSAGE:  # an ephemeral refusal
            self._refused(record, "action")
            return None
        return record

    def _refused(self, record: InteractionRecord | None, kind: str) -> None:
        if record is not None:
            self.stats.refused.append((kind, self.fake.clicked_at[record.id]))

    async def _after_action(self, record: InteractionRecord | None) -> None:
        """Wait for the table edit the action causes: it is also how the next player learns
        that it is their turn."""
        assert self.table_id is not None
        if record is None:
            await self.fake.wait_edit(self.table_id, time.perf_counter(), IDLE_WAIT)
            return
        clicked = self.fake.clicked_at[record.id]
        edited = await self.fake.wait_edit(self.table_id, clicked, EDIT_TIMEOUT)
        self.stats.table_edits.append((clicked, edited))


# --- one run: the fake, the bot process, N games -----------------------------------------------


@dataclass
class Result:
    games: int
    players: int
    duration: float
    actions: int
    first_ms: list[float]
    hand_ms: list[float]
    action_ms: list[float]
    edit_ms: list[float]
    missing_edits: int
    unanswered: int
    refused: int
    setup_s: float
    rss_base_kb: int
    rss_active_kb: int
    rss_peak_kb: int
    bot_cpu: float
    bench_cpu: float
    others_cpu: float
    bench_probe: dict[str, float]
    bot_probe: dict[str, float]
    violations: list[str]
    bot_errors: list[str]
    errors: list[str]
    rounds: int
    matches: int
    pressed: dict[str, int]

    @property
    def rss_per_game_kb(self) -> float:
        return (self.rss_active_kb - self.rss_base_kb) / self.games if self.games else math.nan


def machine_busy_seconds() -> float:
    """CPU seconds the processes of the machine have used (every core), from /proc/stat: user,
    nice and system time (interrupt time, loopback networking's included, belongs to no
    process and is left out)."""
    with open("/proc/stat", encoding="ascii") as stat:
        user, nice, system = (int(v) for v in stat.readline().split()[1:4])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


class Bench:
    def __init__(self, games: int, args: argparse.Namespace) -> None:
        self.n = games
        self.args = args
        self.think: float = args.think
        self.stop_at = math.inf
        self.stats = Stats()
        spares = max(2, games // 10)
        self.fake = BenchDiscord(games + 1 + spares, clock=FakeClock())
        channels = list(self.fake.channels.values())
        self.free = channels[:games][::-1]      # popped from the end: first channel first
        self.warm_up_channel = channels[games]
        self.spares = channels[games + 1:]
        self.made = 0
        self.rng = random.Random(args.seed * 1000 + games)
        self.bot_log = ""

    def log(self, text: str) -> None:
        print(f"  [{self.n} games] {text}", flush=True)

    async def run(self) -> Result:
        """Start the fake and the bot process, measure, stop both; the bot's log is kept in
        `bot_log`."""
        await self.fake.start()
        try:
            with tempfile.TemporaryDirectory(prefix="uno-bench-") as folder:
                log_path = Path(folder) / "bot.log"
                with open(log_path, "wb") as bot_log:
                    process = await asyncio.create_subprocess_exec(
                        sys.executable, str(self.args.bot_launcher),
                        "--base-url", self.fake.base_url, "--gateway", self.fake.gateway.url,
                        "--token", self.fake.token,
                        "--guild", str(self.fake.guild_id), "--db", str(Path(folder) / "uno.db"),
                        "--log-level", self.args.bot_log_level, cwd=ROOT,
                        stdout=asyncio.subprocess.PIPE, stderr=bot_log)
                    try:
                        return await self._measure(process)
                    finally:
                        await self._stop(process)
                        self.bot_log = log_path.read_text(encoding="utf-8", errors="replace")
                        if self.args.bot_log is not None:
                            with open(self.args.bot_log, "a", encoding="utf-8") as kept:
                                kept.write(f"=== {self.n} games ===\n{self.bot_log}")
        finally:
            await self.fake.stop()
            gc.unfreeze()
            gc.collect()

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                self.log("the bot did not stop in time: killed")
                process.kill()
                await process.wait()

    async def _measure(self, process: asyncio.subprocess.Process) -> Result:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), READY_TIMEOUT)
        if not line.startswith(b"ready"):
            raise RuntimeError(f"the bot process did not start (exit {await process.wait()}); "
                               "run it by hand to see why")
        await self.fake.wait_for(lambda: self.fake.guild_commands, timeout=READY_TIMEOUT)
        probes: asyncio.Queue[dict[str, float]] = asyncio.Queue()
        reader = asyncio.create_task(self._read_probes(process, probes))
        pid = process.pid
        await self._warm_up()
        await asyncio.sleep(SETTLE)
        rss_base = rss_kb(pid)
        self.log(f"bot ready (pid {pid}), RSS {rss_base / 1024:.1f} MB; setting up games")

        games = self._make_games(self.n)
        limit = asyncio.Semaphore(self.args.setup_concurrency)

        async def set_up(game: VirtualGame) -> VirtualGame | None:
            async with limit:
                if await game.setup():
                    return game
                # A bot too busy to answer in time leaves the channel in some state: start
                # over once, with new players, in a spare channel.
                if not self.spares:
                    return None
                retry = self._make_games(1, self.spares.pop())[0]
                return retry if await retry.setup() else None

        setup_started = time.perf_counter()
        setups = [asyncio.create_task(set_up(g)) for g in games]
        done, pending = await asyncio.wait(setups, timeout=SETUP_TIMEOUT)
        for task in pending:
            task.cancel()
        ready = [game for t in done if not t.cancelled() and t.exception() is None
                 and (game := t.result()) is not None]
        setup_s = time.perf_counter() - setup_started
        if not ready:
            raise RuntimeError("no game could be set up: see the bot's log (--bot-log FILE); "
                               f"the driver noted: {self.stats.errors[:3]}")
        if len(ready) < len(games):
            self.log(f"only {len(ready)} of {len(games)} games could be set up")
        self.log(f"{len(ready)} games set up in {setup_s:.1f} s; playing for "
                 f"{WARMUP:g} s of warm-up and {self.args.duration:g} s measured")
        # All games start together (each after a random part of the think time), so setting up
        # is not slowed down by games already playing.
        playing = [asyncio.create_task(game.play()) for game in ready]
        await asyncio.sleep(WARMUP)

        # This process stands in for Discord: keep its own garbage collector out of the figures
        # (the fake keeps every request and gateway frame; a full collection over all of that
        # would stall the fake's clock-keeping for hundreds of ms). The bot is left as it is.
        self._trim()
        gc.collect()
        gc.freeze()
        probe = LoopProbe()
        probing = asyncio.create_task(probe.run())
        process.send_signal(signal.SIGUSR1)
        window_start = time.perf_counter()
        self.stop_at = window_start + self.args.duration
        bot_cpu0, bench_cpu0 = cpu_seconds(pid), time.process_time()
        machine0 = machine_busy_seconds()
        rss_samples = []
        while (remaining := self.stop_at - time.perf_counter()) > 0:
            if process.returncode is not None:
                raise RuntimeError(f"the bot process exited ({process.returncode}) during the run")
            await asyncio.sleep(min(RSS_SAMPLE_EVERY, remaining))
            rss_samples.append(rss_kb(pid))
            self._trim()
        rss_active = rss_kb(pid)
        bot_cpu = (cpu_seconds(pid) - bot_cpu0) / self.args.duration
        bench_cpu = (time.process_time() - bench_cpu0) / self.args.duration
        others_cpu = max(0.0, (machine_busy_seconds() - machine0) / self.args.duration
                         - bot_cpu - bench_cpu)
        process.send_signal(signal.SIGUSR2)
        probing.cancel()
        try:
            bot_probe = await asyncio.wait_for(probes.get(), 5.0)
        except TimeoutError:
            bot_probe = {}
        bench_probe = probe.figures()
        probe.close()

        self.log("window over; letting the last turns finish")
        if playing:
            _, still = await asyncio.wait(playing, timeout=FINISH_GRACE)
            for task in still:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
        for task in playing:
            if task.done() and not task.cancelled() and task.exception() is not None:
                self.stats.errors.append(f"a game stopped: {task.exception()!r}")
        reader.cancel()
        return self._result(len(ready), window_start, setup_s, rss_base, rss_active,
                            max(rss_samples, default=rss_active), bot_cpu, bench_cpu, others_cpu,
                            bench_probe, bot_probe,
                            players=sum(len(g.users) for g in ready))

    async def _warm_up(self) -> None:
        """One quick game, ended with /uno end, before the baseline: what the bot loads or
        caches once (card faces, fonts, picture caches, code paths) is not counted per game."""
        game = self._make_games(1, self.warm_up_channel)[0]
        if not await game.setup():
            self.log("the warm-up game could not be set up; going on without it")
            return
        game.think_time, game.deadline = 0.05, time.perf_counter() + WARM_UP_PLAY
        await game.play()
        ended = await game.users[0].slash_in(game.channel, "uno end")
        await self.fake.wait_ack(ended, ACK_TIMEOUT)

    def _trim(self) -> None:
        """Forget what the fake keeps only for tests: its request log, uploaded pictures (the
        virtual users never look at them) and gateway frames older than a RESUME could ask for."""
        self.fake.requests.clear()
        self.fake.files.clear()
        for session in self.fake.gateway.sessions.values():
            del session.sent[:-KEEP_FRAMES]

    @staticmethod
    async def _read_probes(process: asyncio.subprocess.Process,
                           probes: asyncio.Queue[dict[str, float]]) -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            if line.startswith(b"probe "):
                probes.put_nowait(json.loads(line[6:]))

    def _make_games(self, count: int, channel: Channel | None = None) -> list[VirtualGame]:
        """`count` games of 2 to 4 new members, in the next free channels (or `channel`)."""
        games = []
        for _ in range(count):
            if channel is None:
                channel = self.free.pop()
            self.made += 1
            seats = self.rng.choice(PLAYER_COUNTS)
            users = [BenchUser(self.fake, self.fake.add_member(f"g{self.made}p{seat}"))
                     for seat in range(1, seats + 1)]
            games.append(VirtualGame(self, channel, users, random.Random(self.rng.random())))
            channel = None
        return games

    def _result(self, games: int, window_start: float, setup_s: float, rss_base: int,
                rss_active: int, rss_peak: int, bot_cpu: float, bench_cpu: float,
                others_cpu: float,
                bench_probe: dict[str, float], bot_probe: dict[str, float], *,
                players: int) -> Result:
        fake, stats = self.fake, self.stats

        def inside(clicked: float) -> bool:
            return window_start <= clicked < self.stop_at

        latency: dict[str, list[float]] = {kind: [] for kind in PLAY_KINDS}
        for kind, interaction_id in stats.clicks:
            clicked = fake.clicked_at.get(interaction_id)
            if kind not in latency or clicked is None or not inside(clicked):
                continue
            # A response Discord refused as too late counts with its real time; none: infinite.
            answered = fake.acked_at.get(interaction_id, fake.late_at.get(interaction_id))
            latency[kind].append(math.inf if answered is None else (answered - clicked) * 1000)
        refused_actions = sum(1 for kind, clicked in stats.refused
                              if kind == "action" and inside(clicked))
        actions = sum(1 for kind, interaction_id in stats.clicks
                      if kind in ("action", "next") and interaction_id in fake.acked_at
                      and inside(fake.clicked_at[interaction_id])) - refused_actions
        edits = [(edited - clicked) * 1000 for clicked, edited in stats.table_edits
                 if inside(clicked) and edited is not None]
        missing = sum(1 for clicked, edited in stats.table_edits
                      if inside(clicked) and edited is None)
        return Result(
            games=games, players=players, duration=self.args.duration, actions=actions,
            first_ms=[v for kind in PLAY_KINDS for v in latency[kind]],
            hand_ms=latency["hand"], action_ms=latency["action"], edit_ms=edits,
            missing_edits=missing,
            unanswered=sum(1 for _, clicked in stats.unanswered if inside(clicked)),
            refused=sum(1 for _, clicked in stats.refused if inside(clicked)),
            setup_s=setup_s, rss_base_kb=rss_base, rss_active_kb=rss_active,
            rss_peak_kb=rss_peak, bot_cpu=bot_cpu, bench_cpu=bench_cpu, others_cpu=others_cpu,
            bench_probe=bench_probe,
            bot_probe=bot_probe, violations=[str(v) for v in fake.violations], bot_errors=[],
            errors=stats.errors, rounds=stats.rounds_finished, matches=stats.matches_finished,
            pressed=dict(stats.pressed))


async def run_one(games: int, args: argparse.Namespace) -> Result:
    bench = Bench(games, args)
    result = await bench.run()
    result.bot_errors = [line for line in bench.bot_log.splitlines()
                         if " ERROR " in line or " CRITICAL " in line]
    return result


# --- printing ----------------------------------------------------------------------------------


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def print_results(results: Iterable[Result], think: float) -> None:
    header = (f"{'games':>5}  {'players':>7}  {'actions':>7}  {'actions/s':>9}  "
              f"{'first resp p50/p99 ms':>21}  {'table edit p50/p99 ms':>21}  "
              f"{'RSS/game KB':>11}  {'p99<100ms':>9}  {'<200KB':>6}")
    rows = list(results)
    print()
    print(f"UNO bot under load: one bot process, virtual players think {think:g} s")
    print(header)
    print("-" * len(header))
    for r in rows:
        p99 = percentile(r.first_ms, 0.99)
        first = f"{percentile(r.first_ms, 0.5):.1f} / {p99:.1f}"
        edit = f"{percentile(r.edit_ms, 0.5):.0f} / {percentile(r.edit_ms, 0.99):.0f}"
        per_game = r.rss_per_game_kb
        print(f"{r.games:>5}  {r.players:>7}  {r.actions:>7}  {r.actions / r.duration:>9.1f}  "
              f"{first:>21}  {edit:>21}  {per_game:>11.1f}  "
              f"{verdict(p99 < TARGET_FIRST_RESPONSE_P99_MS):>9}  "
              f"{verdict(per_game < TARGET_RSS_PER_GAME_KB):>6}")
    by_size = sorted(rows, key=lambda r: r.games)
    if len(by_size) >= 2 and by_size[-1].games > by_size[0].games:
        small, large = by_size[0], by_size[-1]
        grown = ((large.rss_active_kb - large.rss_base_kb)
                 - (small.rss_active_kb - small.rss_base_kb))
        print(f"RSS per extra game between {small.games} and {large.games} games (fixed costs "
              f"cancel out): {grown / (large.games - small.games):.1f} KB")
    print()
    for r in rows:
        print(f"{r.games} games: {len(r.first_ms)} clicks in {r.duration:g} s "
              f"({len(r.first_ms) / r.duration:.1f}/s); first response p50/p99/max ms: "
              f"hand {_trio(r.hand_ms)}, action {_trio(r.action_ms)}; table edits "
              f"{len(r.edit_ms)} (max {max(r.edit_ms, default=math.nan):.0f} ms, "
              f"{r.missing_edits} missing)")
        print(f"  setup {r.setup_s:.1f} s; unanswered {r.unanswered}, refused {r.refused}; "
              f"rounds ended {r.rounds}, matches ended {r.matches}; hands pressed (whole run) "
              + ", ".join(f"{k} {v}" for k, v in sorted(r.pressed.items())))
        print(f"  bot RSS {r.rss_base_kb / 1024:.1f} MB before the games, "
              f"{r.rss_active_kb / 1024:.1f} MB at the end (peak {r.rss_peak_kb / 1024:.1f} MB)")
        print(f"  CPU (share of one core): bot {r.bot_cpu:.0%}, fake+users {r.bench_cpu:.0%}, "
              f"other processes on this machine {r.others_cpu:.0%} (of {os.cpu_count()} cores)"
              + (" -- not a quiet machine: figures are pessimistic"
                 if r.others_cpu > QUIET_OTHERS else ""))
        for name, probe in (("bot", r.bot_probe), ("fake+users", r.bench_probe)):
            print(f"  {name} event loop: woke late p50/p99/max "
                  f"{_get(probe, 'p50_ms'):.1f}/{_get(probe, 'p99_ms'):.1f}/"
                  f"{_get(probe, 'max_ms'):.0f} ms; garbage collector {_get(probe, 'gc_ms'):.0f} "
                  f"ms in all, {_get(probe, 'gc_full'):.0f} full collections (longest "
                  f"{_get(probe, 'gc_full_max_ms'):.0f} ms)")
        for label, items in (("Discord would refuse", r.violations),
                             ("bot logged", r.bot_errors), ("driver", r.errors)):
            if items:
                print(f"  {label}: {len(items)}, e.g. {items[0][:300]}")
    print()
    print(f"Targets (issue #6): first-response p99 < {TARGET_FIRST_RESPONSE_P99_MS:g} ms at 200 "
          f"concurrent games; < {TARGET_RSS_PER_GAME_KB:g} KB of bot RSS per active game.")


def _get(figures: dict[str, float], key: str) -> float:
    return float(figures.get(key, math.nan))


def _trio(values: list[float]) -> str:
    return (f"{percentile(values, 0.5):.1f}/{percentile(values, 0.99):.1f}/"
            f"{max(values, default=math.nan):.0f}")


# --- main --------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Concurrent UNO games of virtual users against the bot in its own process.")
    parser.add_argument("--games", type=int, nargs="+", default=None,
                        help="concurrent games per run (default: "
                             f"{' '.join(map(str, DEFAULT_GAMES))})")
    parser.add_argument("--duration", type=float, default=None,
                        help=f"seconds measured per run (default {DEFAULT_DURATION:g})")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="seconds a player waits once it is their turn (±20%%; default 1)")
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: {QUICK_GAMES[0]} games for {QUICK_DURATION:g} s")
    parser.add_argument("--setup-concurrency", type=int, default=5,
                        help="games being set up at once (default 5)")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--bot-log-level", default="WARNING")
    parser.add_argument("--bot-log", type=Path, default=None,
                        help="append the bot process's log (stderr) to this file")
    parser.add_argument("--bot-launcher", type=Path, default=BOT_PROCESS,
                        help="for experiments: another launcher taking bot_process.py's arguments")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = list(QUICK_GAMES if args.quick else DEFAULT_GAMES)
    if args.duration is None:
        args.duration = QUICK_DURATION if args.quick else DEFAULT_DURATION
    if any(n < 1 for n in args.games) or args.duration <= 0 or args.think < 0:
        parser.error("games and duration must be positive, think not negative")
    return args


async def main_async(args: argparse.Namespace) -> list[Result]:
    results = []
    for games in args.games:
        print(f"Run: {games} concurrent games, {args.duration:g} s", flush=True)
        results.append(await run_one(games, args))
    return results


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not sys.platform.startswith("linux"):
        print("bot_load.py reads /proc for memory and CPU: Linux only", file=sys.stderr)
        return 2
    results = asyncio.run(main_async(args))
    print_results(results, args.think)
    return 0


if __name__ == "__main__":
    sys.exit(main())
