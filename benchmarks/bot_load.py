"""Load benchmark of the whole bot at a human pace, open loop (issue #17).

Usage, from the repository root::

    python benchmarks/bot_load.py [--games 300] [--pace 5] [--duration 60] [--repeat 3]
    python benchmarks/bot_load.py --capacity [--capacity-games 400] [--repeat 3]
    python benchmarks/bot_load.py --quick

Processes. The real bot runs in a process of its own (benchmarks/bot_process.py, on a fresh
SQLite file in a temporary folder), as in production. The fake Discord (bot/fake_discord, with
one text channel per game) and the virtual players share the benchmark's own process: the players
read the fake's messages directly, as a client would read what Discord sends it, so splitting them
would need a client protocol the fake does not have. The two share one core at most (one Python
process), and their CPU is reported apart: the fake's is the thread CPU time spent in its request
handlers and in sending interactions (an estimate: other tasks that run while a handler awaits are
counted in it, aiohttp's own request parsing is not); the players' is the rest of the process.

A run. The bot starts and syncs its commands; one warm-up game is played fast and ended with
`/uno end`, so what the bot loads or caches once is in place; then the resident memory of the bot's
process tree is read (at 0 games). N games of 2 to 4 new players are set up through the lobby
(`/uno create turn_timer:0`, Join, Start; at most `--setup-concurrency` at once), then all play.

The players, open loop. Each game's moves arrive at exponential intervals of mean `--pace` seconds
(a Poisson process per game), whether or not the previous move was answered: a slow bot does not
slow the arrivals down. Every player opens their hand as the game starts and keeps it open; UNO
is turn-based and people learn that it is their turn from their open hand's live edit (or from
the turn ping), not from the table (issue 29), so a move's turn comes once the game's previous
move was answered and its next player told (or refused, or given up after 5 s, when the table is
read instead): under overload the arrivals queue up per game ("turn wait") instead of turning
into clicks nobody would make. When its turn comes, the player whose hand says "Your move!" (or
a decision of theirs) reads it (opened again only if it lost its controls or its token's 15
minutes are near) for 0.5-1.5 s and clicks a playable card (a colour after a wild,
Challenge/Accept, else Pass, else Draw); a round's end is answered by Next round, a match's by a
new lobby. Extras, at rates that are assumptions about people, not measurements, sent at once
(they wait for no answer): when a move's turn comes, another player opens their hand to look at
it with probability 0.3; someone clicks Rules with probability 0.01; a player going down to one
card clicks the table's UNO! first with probability 0.5, else plays the card with the call when
the hand offers it (0.8); while Catch! is on offer each other player clicks it with probability
0.3 after 0.5-3 s. A click on a hand that went stale is refused by the bot, as for a person.

What is printed, per configuration (each figure: the median of `--repeat` runs and their range)
    offered moves/s   arrivals in a game in play, per second of the `--duration` window.
    applied moves/s   moves the table showed within the window (its text -- turn, counts, recent
                      log -- changed after the move's click, within 30 s of it), whenever they
                      arrived. Refused: answered with an ephemeral refusal (a stale hand). No-move
                      arrivals: the table named nobody, or the hand had nothing to press. Not
                      applied in 30 s: answered clicks the table did not show in time. Turn wait:
                      from an arrival to its turn (still waiting when the figures are taken:
                      counted with its wait so far), the queue under overload.
                      (A Catch! or UNO! changing the table in the same moment can be taken for
                      the move: the attribution is by time, not by reading the log's words.)
    answered < 3 s    share of every click of the window (hands, actions, extras, setup) whose
                      first response (the interaction callback) reached the fake within
                      Discord's 3 s; unanswered: clicks without an accepted first response.
    first response    p50/p99/max ms from the fake sending INTERACTION_CREATE to the callback
                      reaching it, over every click of the window (a refused late answer counts
                      with its real time, none at all as infinite). Then the bot process's own
                      split of its callbacks, with --split-first (bot_process.py,
                      `FirstResponses`; NaN without it): "to bot" from
                      the interaction's creation to the bot's handler, "in bot" from there to
                      the callback request's start (the move applied, saved, answered),
                      "answer" to the request's end (the fake answering it; the benchmark's
                      first response ends inside it); each span's p99, and its mean over the
                      slowest 1% of callbacks ("slowest": the ones that make the p99).
    table-edit lag    p50/p99 ms from a move's click to the table's edit showing it, over the
                      moves clicked in the window that were applied (waited for after it).
    turn notice       p50/p99 ms from a move's answer (the bot applied and saved it before it
                      answered) to the next player's open hand saying it is their move (its
                      live edit, or the answer itself when the mover plays again) or their
                      ping; unnoticed: moves after which nobody was told within 5 s (the round's
                      end excepted).
    bot CPU/move      CPU time (utime+stime from /proc) of the bot's process tree -- the bot and
                      any child processes, e.g. picture workers, plus children already reaped --
                      over the window, divided by the moves applied in it (no seat is an AI, so
                      there is no AI search to exclude).
    RSS/game          (resident memory of the bot's process tree at the end of the window - at
                      0 games) / N.
    bot-token req/s   from the fake's counter (bot/fake_discord/rates.py): the mean, the
                      busiest fixed second, the busiest sliding second, the seconds above
                      Discord's 50/s, and per applied move. Interaction callbacks and
                      interaction-token webhooks (follow-ups, their edits; discord.py sends no
                      bot token on them) are exempt from the limit and counted apart (exempt
                      req/s, of which webhooks/s: add these to read them as counting).
    CPU shares        of one core: the bot's tree, the fake, the players, and every other
                      process of the machine (the machine is shared: /proc/loadavg is printed at
                      the start and the end of each run).
    bot gc            the bot process's garbage-collector passes over the window (its loop probe,
                      benchmarks/bot_process.py): ms in all, and the longest full pass (the event
                      loop stands still meanwhile; wall time, so a loaded machine lengthens them).
PASS/MISS is judged on the median against the targets of issue #17: at 300 games and 5 s pace
first-response p99 < 100 ms, 0 unanswered, bot-token requests <= 45/s (the busiest second), table-
edit lag p99 < 3 s, <= 150 KB per game; and of issue #29: turn notice p99 < 1 s, <= 10 ms of bot
CPU per applied move.

`--capacity` keeps `--capacity-games` games (default 400) playing and raises the offered load
step by step (CAPACITY_RATES, 10 to 120 moves/s of arrivals, by shortening the pace; 400 games
keep the pace at 3.3 s or more, since a game's own turn-taking limits it to about one move per
1.5-2 s), each step settled for a few seconds and then measured for `--duration` seconds (default
15), until the first-response p99 passes 1 s; it prints each step and the capacity: the most
moves/s applied in a step whose p99 stayed within 1 s (target >= 60). Applied, not offered: past
its capacity the bot applies fewer moves than arrive, and the queue shows as turn wait. Since
players wait for the table before their turn, a bot that answers clicks fast but edits tables
slowly can keep its p99 under 1 s while moves queue up: each run also says from which step the
applied moves fell below 80 % of the offered ones.

Not modelled: Discord's network latency and its own rate limiting (the fake answers at once and
refuses nothing for rate); gateway sharding; pictures the players would download (they never look
at attachments); people who leave, idle out (the turn timer is off) or chat; a machine running
nothing else (other processes' CPU is printed so a busy machine shows).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_discord import BenchDiscord, BenchUser  # noqa: E402
from benchmarks.bot_process import LoopProbe  # noqa: E402
from benchmarks.load_players import ACK_TIMEOUT, APPLY_TIMEOUT, OpenLoopGame, Stats  # noqa: E402
from bot.fake_discord.clock import FakeClock  # noqa: E402
from bot.fake_discord.world import Channel  # noqa: E402
from bot.outlets.table_pens import PenSource  # noqa: E402

BOT_PROCESS = Path(__file__).resolve().parent / "bot_process.py"

DEFAULT_GAMES = (300,)
DEFAULT_PACE = 5.0
DEFAULT_DURATION = 60.0
QUICK_GAMES = (20,)
QUICK_DURATION = 10.0
QUICK_PACE = 2.0
# A game's players cannot move faster than about one move per 1.5-2 s (a hand to open and read,
# the table's merged edit to wait for), so the capacity run keeps enough games for a pace of at
# least 3 s at its highest rate: the bot, not the game, is then what limits it.
CAPACITY_GAMES = 400
CAPACITY_DURATION = 15.0
CAPACITY_RATES = (10, 20, 30, 40, 50, 60, 70, 80, 100, 120)  # offered moves/s
CAPACITY_P99_MS = 1000.0
SATURATED = 0.8          # applied below this share of offered: the moves queue up
PLAYER_COUNTS = (2, 3, 4)

# Targets of issues #17 and #29.
TARGET_FIRST_P99_MS = 100.0
# The bot process's split of its first responses (benchmarks/bot_process.py, FirstResponses).
FIRST_SPANS = ("to bot", "in bot", "answer")
SPLIT_ROWS = tuple(f"first {span} " for span in FIRST_SPANS)
TARGET_EDIT_P99_MS = 3000.0
TARGET_REQUESTS_PER_S = 45.0
TARGET_RSS_PER_GAME_KB = 150.0
TARGET_CPU_PER_MOVE_MS = 10.0  # issue 29 (issue 17: 12)
TARGET_CAPACITY = 60.0
TARGET_NOTICE_P99_MS = 1000.0  # issue 29

READY_TIMEOUT = 60.0     # bot process start to connected and synced
SETUP_TIMEOUT = 300.0    # all games set up
SETTLE = 3.0             # play at a new pace before its window is measured
STOP_TIMEOUT = 15.0      # the bot process's clean stop
WARM_UP_PLAY = 3.0       # seconds the warm-up game is played (fast) before the baseline
WARM_UP_PACE = 0.3
RSS_SETTLE = 1.0         # after the warm-up, before the baseline RSS
# --short-waits: a check that the machinery runs (tests/bot/test_load_benchmark.py), not a
# measurement: the warm-up play, the RSS settling and the pace settling, shortened.
SHORT_WAITS = (0.5, 0.2, 0.5)
KEEP_FRAMES = 5000       # gateway frames the fake keeps for a RESUME
QUIET_OTHERS = 0.10      # CPU (of one core) other processes may use for a quiet machine
TICK = os.sysconf("SC_CLK_TCK")


# --- /proc ---------------------------------------------------------------------------------------


def _stat_fields(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()   # fields from the 3rd (state) on


def process_tree(root: int) -> list[int]:
    """`root` and every process descended from it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(_stat_fields(int(entry))[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
            children.setdefault(parent, []).append(int(entry))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, []))
    return tree


def tree_cpu_seconds(root: int) -> float:
    """utime + stime of the tree, plus the children the root has already reaped."""
    total = 0.0
    for pid in process_tree(root):
        try:
            fields = _stat_fields(pid)
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
        if pid == root:
            total += int(fields[13]) + int(fields[14])
    return total / TICK


def tree_rss_kb(root: int) -> int:
    total = 0
    for pid in process_tree(root):
        try:
            with open(f"/proc/{pid}/status", encoding="ascii") as status:
                total += next((int(line.split()[1]) for line in status
                               if line.startswith("VmRSS:")), 0)
        except OSError:
            continue
    return total


def machine_busy_seconds() -> float:
    """CPU seconds the machine's processes used (every core): user, nice and system time of
    /proc/stat (interrupt time, loopback networking's included, belongs to no process)."""
    with open("/proc/stat", encoding="ascii") as stat:
        user, nice, system = (int(v) for v in stat.readline().split()[1:4])
    return (user + nice + system) / TICK


def load_average() -> str:
    with open("/proc/loadavg", encoding="ascii") as loadavg:
        return " ".join(loadavg.read().split()[:3])


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..1); nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


# --- the figures of one window -------------------------------------------------------------------


@dataclass
class Window:
    start: float
    stop: float
    pace: float
    bot_cpu: float = 0.0          # seconds
    fake_cpu: float = 0.0
    driver_cpu: float = 0.0       # this process: the fake and the players
    machine_cpu: float = 0.0
    rss_kb: int = 0
    requests: Any = None          # bot.fake_discord.rates.RateFigures
    bot_probe: dict[str, float] | None = None
    driver_probe: dict[str, float] | None = None

    @property
    def seconds(self) -> float:
        return self.stop - self.start

    def inside(self, at: float | None) -> bool:
        return at is not None and self.start <= at < self.stop


def figures_of(window: Window, fake: BenchDiscord, stats: Stats, *, games: int, players: int,
               rss_base_kb: int, violations: int) -> dict[str, float]:
    """Every printed figure of one window, by name (see FIGURES)."""
    seconds = window.seconds
    arrived = [m for m in stats.moves if window.inside(m.arrived)]
    # Throughput counts what the window applied, whenever it arrived (a queue of moves
    # builds up under overload); lags are those of the moves clicked in the window.
    applied = [m for m in stats.moves if window.inside(m.applied)]
    clicked = [m for m in stats.moves if window.inside(m.clicked)]
    now = time.perf_counter()
    waits = [((m.started if m.started is not None else now) - m.arrived) * 1000
             for m in arrived]
    first: list[float] = []
    late = unanswered = 0
    for _, interaction_id in stats.clicks:
        click = fake.clicked_at.get(interaction_id)
        if click is None or not window.inside(click):
            continue
        answered = fake.acked_at.get(interaction_id, fake.late_at.get(interaction_id))
        first.append(math.inf if answered is None else (answered - click) * 1000)
        if interaction_id not in fake.acked_at:
            unanswered += 1
        elif answered is not None and answered - click > 3.0:
            late += 1
    lags = [(m.applied - m.clicked) * 1000 for m in clicked if m.applied is not None
            and m.clicked is not None]
    notices = [m.notice * 1000 for m in clicked if m.notice is not None]
    rates = window.requests
    per_move = len(applied) or math.nan
    bot_share = window.bot_cpu / seconds
    driver_share = window.driver_cpu / seconds
    return {
        "games": games, "players": players,
        "offered/s": len(arrived) / seconds, "applied/s": len(applied) / seconds,
        "refused/s": sum(m.refused for m in clicked) / seconds,
        "no-move arrivals/s": sum(bool(m.skipped) for m in arrived) / seconds,
        "not applied in 30 s": sum(m.applied is None and not m.refused for m in clicked),
        "turn wait p50 ms": percentile(waits, 0.5), "turn wait p99 ms": percentile(waits, 0.99),
        "clicks/s": len(first) / seconds,
        "answered<3s %": 100.0 * (len(first) - unanswered - late) / len(first) if first
        else math.nan,
        "unanswered": unanswered,
        "first p50 ms": percentile(first, 0.5), "first p99 ms": percentile(first, 0.99),
        "first max ms": max(first, default=math.nan),
        "edit lag p50 ms": percentile(lags, 0.5), "edit lag p99 ms": percentile(lags, 0.99),
        "turn notice p50 ms": percentile(notices, 0.5),
        "turn notice p99 ms": percentile(notices, 0.99),
        "unnoticed turns": sum(m.unnoticed for m in clicked),
        "bot CPU ms/move": window.bot_cpu * 1000 / per_move,
        "RSS KB/game": (window.rss_kb - rss_base_kb) / games,
        "RSS MB at 0": rss_base_kb / 1024, "RSS MB at N": window.rss_kb / 1024,
        "req/s mean": rates.mean, "req/s peak": rates.peak,
        "req/s sliding peak": rates.sliding_peak, "s over limit": len(rates.breaches),
        "req/move": rates.total / per_move, "exempt req/s": rates.exempt / seconds,
        "of which webhooks/s": sum(n for route, n in rates.exempt_per_route.items()
                                   if " /webhooks/" in route) / seconds,
        "bot CPU %": 100 * bot_share,
        "fake CPU %": 100 * window.fake_cpu / seconds,
        "players CPU %": 100 * max(0.0, window.driver_cpu - window.fake_cpu) / seconds,
        "others CPU %": 100 * max(0.0, window.machine_cpu / seconds - bot_share - driver_share),
        "bot loop late p99 ms": (window.bot_probe or {}).get("p99_ms", math.nan),
        **{f"first {span} {at} ms": (window.bot_probe or {}).get(
            f"first_{span.replace(' ', '_')}_{at}_ms", math.nan)
           for span in FIRST_SPANS for at in ("p99", "slowest")},
        "bot gc ms": (window.bot_probe or {}).get("gc_ms", math.nan),
        "bot gc full max ms": (window.bot_probe or {}).get("gc_full_max_ms", math.nan),
        "driver loop late p99 ms": (window.driver_probe or {}).get("p99_ms", math.nan),
        "violations": violations,
    }


# What is printed, in order: name, format, target (a test of the median) and its words.
Target = tuple[Callable[[float], bool], str] | None
FIGURES: list[tuple[str, str, Target]] = [
    ("games", ".0f", None), ("players", ".0f", None),
    ("offered/s", ".1f", None), ("applied/s", ".1f", None), ("refused/s", ".1f", None),
    ("no-move arrivals/s", ".1f", None), ("not applied in 30 s", ".0f", None),
    ("turn wait p50 ms", ".0f", None), ("turn wait p99 ms", ".0f", None),
    ("clicks/s", ".1f", None), ("answered<3s %", ".2f", None),
    ("unanswered", ".0f", (lambda v: v == 0, "0")),
    ("first p50 ms", ".1f", None),
    ("first p99 ms", ".1f", (lambda v: v < TARGET_FIRST_P99_MS, f"< {TARGET_FIRST_P99_MS:g}")),
    ("first max ms", ".0f", None),
    *((f"first {span} {at} ms", ".1f", None) for at in ("p99", "slowest") for span in FIRST_SPANS),
    ("edit lag p50 ms", ".0f", None),
    ("edit lag p99 ms", ".0f", (lambda v: v < TARGET_EDIT_P99_MS, f"< {TARGET_EDIT_P99_MS:g}")),
    ("turn notice p50 ms", ".0f", None),
    ("turn notice p99 ms", ".0f",
     (lambda v: v < TARGET_NOTICE_P99_MS, f"< {TARGET_NOTICE_P99_MS:g}")),
    ("unnoticed turns", ".0f", None),
    ("bot CPU ms/move", ".1f",
     (lambda v: v <= TARGET_CPU_PER_MOVE_MS, f"<= {TARGET_CPU_PER_MOVE_MS:g}")),
    ("RSS KB/game", ".1f",
     (lambda v: v <= TARGET_RSS_PER_GAME_KB, f"<= {TARGET_RSS_PER_GAME_KB:g}")),
    ("RSS MB at 0", ".1f", None), ("RSS MB at N", ".1f", None),
    ("req/s mean", ".1f", None),
    ("req/s peak", ".0f",
     (lambda v: v <= TARGET_REQUESTS_PER_S, f"<= {TARGET_REQUESTS_PER_S:g}")),
    ("req/s sliding peak", ".0f", None), ("s over limit", ".0f", None),
    ("req/move", ".2f", None), ("exempt req/s", ".1f", None), ("of which webhooks/s", ".1f", None),
    ("bot CPU %", ".0f", None), ("fake CPU %", ".0f", None), ("players CPU %", ".0f", None),
    ("others CPU %", ".0f", None),
    ("bot loop late p99 ms", ".1f", None), ("driver loop late p99 ms", ".1f", None),
    ("bot gc ms", ".0f", None), ("bot gc full max ms", ".0f", None),
    ("violations", ".0f", None),
]


# --- one run: the fake, the bot process, N games, one or more windows ----------------------------


class Bench:
    """One bot process and one fake, N games; `run(paces)` measures one window per pace."""

    def __init__(self, games: int, args: argparse.Namespace, seed: int) -> None:
        self.n = games
        self.args = args
        self.stats = Stats()
        spares = max(2, games // 10)
        self.fake = BenchDiscord(games + 1 + spares, clock=FakeClock())
        channels = list(self.fake.channels.values())
        self.free = channels[:games][::-1]      # popped from the end: first channel first
        self.warm_up_channel = channels[games]
        self.spares = channels[games + 1:]
        self.made = 0
        self.rng = random.Random(seed)
        self.games: list[OpenLoopGame] = []
        self.playing_until = math.inf
        self.bot_log = ""
        self.loadavg: list[str] = []
        self.violations: list[str] = []   # what Discord would have refused, in the windows

    def log(self, text: str) -> None:
        print(f"  [{self.n} games] {text}", flush=True)

    async def run(self, paces: list[float],
                  keep_going: Callable[[dict[str, float]], bool] = lambda _: True,
                  ) -> list[dict[str, float]]:
        """Start the fake and the bot process, measure a window per pace (while `keep_going`
        says so about the last one), stop both."""
        self.loadavg.append(load_average())
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
                        "--log-level", self.args.bot_log_level, *self._pens(),
                        *(["--split-first"] if self.args.split_first else []), cwd=ROOT,
                        stdout=asyncio.subprocess.PIPE, stderr=bot_log)
                    try:
                        return await self._measure(process, paces, keep_going)
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
            self.loadavg.append(load_average())

    def _pens(self) -> list[str]:
        """--table-pens for the bot process, when not its default (another launcher may not
        know the option)."""
        pens = self.args.table_pens
        return [] if pens == PenSource.ALL else ["--table-pens", pens]

    async def _stop(self, process: asyncio.subprocess.Process) -> None:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
            except TimeoutError:
                self.log("the bot did not stop in time: killed")
                process.kill()
                await process.wait()

    async def _measure(self, process: asyncio.subprocess.Process, paces: list[float],
                       keep_going: Callable[[dict[str, float]], bool]) -> list[dict[str, float]]:
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
        await asyncio.sleep(RSS_SETTLE)
        rss_base = tree_rss_kb(pid)
        self.log(f"bot ready (pid {pid}), RSS {rss_base / 1024:.1f} MB; setting up games")
        await self._set_up(paces[0])
        playing = [asyncio.create_task(game.play(lambda: self.playing_until))
                   for game in self.games]
        results = []
        try:
            for pace in paces:
                for game in self.games:
                    game.set_pace(pace)
                window = await self._window(process, pace, probes)
                await self._settle(window)
                violations = [str(v) for v in self.fake.take_violations()]
                self.violations.extend(violations)
                figures = figures_of(window, self.fake, self.stats, games=len(self.games),
                                     players=sum(len(g.users) for g in self.games),
                                     rss_base_kb=rss_base, violations=len(violations))
                results.append(figures)
                if not keep_going(figures):
                    break
        finally:
            self.playing_until = -math.inf
            for game in self.games:  # wake each game now rather than at its next arrival
                game.set_pace(game.pace)
            await asyncio.gather(*playing, return_exceptions=True)
            # What is still queued is given up: the figures are taken.
            await asyncio.gather(*(g.finish(ACK_TIMEOUT) for g in self.games))
            reader.cancel()
        return results

    async def _window(self, process: asyncio.subprocess.Process, pace: float,
                      probes: asyncio.Queue[dict[str, float]]) -> Window:
        pid = process.pid
        self.log(f"pace {pace:.2f} s ({len(self.games) / pace:.0f} moves/s offered): "
                 f"{SETTLE:g} s settling, {self.args.duration:g} s measured")
        await asyncio.sleep(SETTLE)
        # This process stands in for Discord: keep its own garbage collector out of the figures
        # (the fake keeps every message; a full collection over all of that stalls it for
        # hundreds of ms). The bot's collector is left as it runs in production.
        self._trim()
        gc.collect()
        gc.freeze()
        probe = LoopProbe()
        probing = asyncio.create_task(probe.run())
        process.send_signal(signal.SIGUSR1)
        start = time.perf_counter()
        window = Window(start, start + self.args.duration, pace)
        bot0, driver0, fake0 = tree_cpu_seconds(pid), time.process_time(), self.fake.cpu_seconds
        machine0 = machine_busy_seconds()
        self.fake.bot_requests.start()
        while (remaining := window.stop - time.perf_counter()) > 0:
            if process.returncode is not None:
                raise RuntimeError(f"the bot process exited ({process.returncode}) during the run")
            await asyncio.sleep(min(1.0, remaining))
            self._trim()
        window.stop = time.perf_counter()
        window.requests = self.fake.bot_requests.figures()
        window.bot_cpu = tree_cpu_seconds(pid) - bot0
        window.driver_cpu = time.process_time() - driver0
        window.fake_cpu = self.fake.cpu_seconds - fake0
        window.machine_cpu = machine_busy_seconds() - machine0
        window.rss_kb = tree_rss_kb(pid)
        process.send_signal(signal.SIGUSR2)
        probing.cancel()
        try:
            window.bot_probe = await asyncio.wait_for(probes.get(), 5.0)
        except TimeoutError:
            window.bot_probe = {}
        window.driver_probe = probe.figures()
        probe.close()
        return window

    async def _settle(self, window: Window) -> None:
        """While the games go on at the same pace: until the window's clicks are answered
        (or given up) and its clicked moves are on the table (or given up)."""
        give_up = time.perf_counter() + APPLY_TIMEOUT + ACK_TIMEOUT

        def pending() -> bool:
            fake = self.fake
            return any(window.inside(fake.clicked_at.get(i)) and i not in fake.acked_at
                       and i not in fake.late_at for _, i in self.stats.clicks) or any(
                window.inside(m.clicked) and not m.settled for m in self.stats.moves)

        while pending() and time.perf_counter() < give_up:
            await asyncio.sleep(0.5)

    async def _set_up(self, pace: float) -> None:
        games = self._make_games(self.n, pace)
        limit = asyncio.Semaphore(self.args.setup_concurrency)

        async def set_up(game: OpenLoopGame) -> OpenLoopGame | None:
            async with limit:
                if await game.setup():
                    return game
                # A bot too busy to answer in time leaves the channel in some state: start
                # over once, with new players, in a spare channel.
                if not self.spares:
                    return None
                retry = self._make_games(1, pace, self.spares.pop())[0]
                return retry if await retry.setup() else None

        started = time.perf_counter()
        done = await asyncio.wait_for(asyncio.gather(*(set_up(g) for g in games)),
                                      SETUP_TIMEOUT)
        self.games = [game for game in done if game is not None]
        if not self.games:
            raise RuntimeError("no game could be set up: see the bot's log (--bot-log FILE); "
                               f"the players noted: {self.stats.errors[:3]}")
        self.log(f"{len(self.games)} of {self.n} games set up in "
                 f"{time.perf_counter() - started:.1f} s")

    async def _warm_up(self) -> None:
        """One fast game, ended with /uno end, before the baseline: what the bot loads or
        caches once (card faces, fonts, picture caches, code paths) is not counted per game."""
        game = self._make_games(1, WARM_UP_PACE, self.warm_up_channel)[0]
        if not await game.setup():
            self.log("the warm-up game could not be set up; going on without it")
            return
        until = time.perf_counter() + WARM_UP_PLAY
        await game.play(lambda: until)
        await game.finish(APPLY_TIMEOUT)
        ended = await game.users[0].slash_in(game.channel, "uno end")
        await self.fake.wait_ack(ended, ACK_TIMEOUT)
        self.stats.moves.clear()
        self.stats.clicks.clear()

    def _trim(self) -> None:
        """Forget what the fake keeps only for tests: its request log, uploaded pictures (the
        players never look at them) and gateway frames older than a RESUME could ask for."""
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

    def _make_games(self, count: int, pace: float,
                    channel: Channel | None = None) -> list[OpenLoopGame]:
        """`count` games of 2 to 4 new members, in the next free channels (or `channel`)."""
        games = []
        for _ in range(count):
            if channel is None:
                channel = self.free.pop()
            self.made += 1
            seats = self.rng.choice(PLAYER_COUNTS)
            users = [BenchUser(self.fake, self.fake.add_member(f"g{self.made}p{seat}"))
                     for seat in range(1, seats + 1)]
            games.append(OpenLoopGame(self.fake, self.stats, channel, users,
                                      random.Random(self.rng.random()), pace))
            channel = None
        return games

    def notes(self) -> list[str]:
        """What went wrong on the way (the bot's logged errors, the players' notes)."""
        errors = [line for line in self.bot_log.splitlines()
                  if " ERROR " in line or " CRITICAL " in line]
        notes = [f"load average {' -> '.join(self.loadavg)}"]
        why = Counter(m.skipped for m in self.stats.moves if m.skipped)
        notes.append("arrivals without a move (whole run): "
                     + (", ".join(f"{reason} {count}" for reason, count in why.most_common())
                        or "none")
                     + f"; matches finished {self.stats.matches_finished}; pressed "
                     + ", ".join(f"{k} {v}" for k, v in sorted(self.stats.pressed.items())))
        for label, items in (("Discord would refuse", self.violations), ("bot logged", errors),
                             ("players noted", self.stats.errors)):
            if items:
                notes.append(f"{label} {len(items)}, e.g. {items[0][:200]}")
        figures = self.fake.bot_requests.figures()
        routes = figures.per_route.most_common(4)
        if routes:
            notes.append("busiest bot-token routes of the last window: "
                         + ", ".join(f"{route} {count}" for route, count in routes))
        exempt = figures.exempt_per_route.most_common(5)
        if exempt:
            notes.append("exempt routes of the last window: "
                         + ", ".join(f"{route} {count}" for route, count in exempt))
        return notes


# --- repeats, capacity, printing -----------------------------------------------------------------


def summary(runs: list[dict[str, float]]) -> dict[str, tuple[float, float, float]]:
    """name -> (median, lowest, highest) over the runs (nan figures left out)."""
    result = {}
    for name in runs[0]:
        values = [r[name] for r in runs if not math.isnan(r[name])]
        result[name] = ((statistics.median(values), min(values), max(values)) if values
                        else (math.nan, math.nan, math.nan))
    return result


def print_summary(title: str, runs: list[dict[str, float]], *, judge: bool) -> None:
    figures = summary(runs)
    print()
    print(f"{title}: median [lowest .. highest] of {len(runs)} run(s)")
    for name, fmt, target in FIGURES:
        median, low, high = figures[name]
        if name.startswith(SPLIT_ROWS) and math.isnan(median):
            continue  # no --split-first
        line = f"  {name:<24} {median:>10{fmt}}  [{low:{fmt}} .. {high:{fmt}}]"
        if judge and target is not None:
            test, words = target
            line = f"{line:<64} {'PASS' if test(median) else 'MISS'} ({words})"
        print(line)


async def run_games(args: argparse.Namespace) -> dict[int, list[dict[str, float]]]:
    results: dict[int, list[dict[str, float]]] = {}
    for games in args.games:
        for repeat in range(args.repeat):
            print(f"Run {repeat + 1}/{args.repeat}: {games} games, pace {args.pace:g} s, "
                  f"{args.duration:g} s measured, table pens {args.table_pens}; load average "
                  f"{load_average()}", flush=True)
            bench = Bench(games, args, seed=args.seed * 1000 + games * 10 + repeat)
            figures = (await bench.run([args.pace]))[0]
            results.setdefault(games, []).append(figures)
            for note in bench.notes():
                print(f"  {note}", flush=True)
    return results


async def run_capacity(args: argparse.Namespace) -> list[tuple[float, list[dict[str, float]]]]:
    """Per repeat: (the most moves/s applied in a step with p99 <= 1 s, the steps' figures)."""
    games = args.capacity_games
    paces = [games / rate for rate in CAPACITY_RATES]
    ramps = []
    for repeat in range(args.repeat):
        print(f"Capacity run {repeat + 1}/{args.repeat}: {games} games, offered "
              f"{CAPACITY_RATES[0]}..{CAPACITY_RATES[-1]} moves/s, {args.duration:g} s a step; "
              f"load average {load_average()}", flush=True)
        bench = Bench(games, args, seed=args.seed * 1000 + 7 + repeat)
        steps = await bench.run(paces, lambda f: f["first p99 ms"] <= CAPACITY_P99_MS)
        for step in steps:
            print(f"  offered {step['offered/s']:.1f}/s applied {step['applied/s']:.1f}/s: "
                  f"first response p50/p99 {step['first p50 ms']:.0f}/{step['first p99 ms']:.0f}"
                  f" ms, unanswered {step['unanswered']:.0f}, table-edit lag p50 "
                  f"{step['edit lag p50 ms']:.0f} ms, turn wait p50 "
                  f"{step['turn wait p50 ms']:.0f} ms, bot CPU {step['bot CPU %']:.0f}% "
                  f"({step['bot CPU ms/move']:.1f} ms/move), other processes "
                  f"{step['others CPU %']:.0f}%, bot-token req/s peak "
                  f"{step['req/s peak']:.0f}", flush=True)
        under = [s["applied/s"] for s in steps if s["first p99 ms"] <= CAPACITY_P99_MS]
        ramps.append((max(under, default=0.0), steps))
        for note in bench.notes():
            print(f"  {note}", flush=True)
    return ramps


def print_capacity(ramps: list[tuple[float, list[dict[str, float]]]]) -> None:
    reached = [r for r, _ in ramps]
    median = statistics.median(reached)
    print()
    print(f"Capacity (applied moves/s while first-response p99 <= {CAPACITY_P99_MS:g} ms): "
          f"median {median:.1f} [{min(reached):.1f} .. {max(reached):.1f}] of {len(reached)} "
          f"run(s)  {'PASS' if median >= TARGET_CAPACITY else 'MISS'} (>= {TARGET_CAPACITY:g})")
    for number, (_, steps) in enumerate(ramps, 1):
        last = steps[-1]
        broke = last["first p99 ms"] > CAPACITY_P99_MS
        # Players wait for the table before their turn, so a bot that answers fast but applies
        # slowly keeps its p99 low while a queue of moves grows: say where that began too.
        behind = next((s for s in steps if s["applied/s"] < SATURATED * s["offered/s"]), None)
        print(f"  run {number}: {len(steps)} steps; "
              + (f"p99 passed 1 s at {last['offered/s']:.1f} offered "
                 f"({last['applied/s']:.1f} applied, p99 {last['first p99 ms']:.0f} ms)"
                 if broke else "p99 stayed under 1 s at every step (raise CAPACITY_RATES)")
              + ("; applied fell below "
                 f"{SATURATED:.0%} of offered from {behind['offered/s']:.1f} offered "
                 f"({behind['applied/s']:.1f} applied, turn wait p50 "
                 f"{behind['turn wait p50 ms'] / 1000:.1f} s)" if behind is not None else ""))


def print_machine() -> None:
    print(f"Machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, load average "
          f"{load_average()} (other processes above {QUIET_OTHERS:.0%} of a core make the "
          f"figures pessimistic); this process and the bot run at nice {os.nice(0)}")


# --- main ----------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="UNO games of open-loop virtual players against the bot in its own process.")
    parser.add_argument("--games", type=int, nargs="+", default=None,
                        help=f"concurrent games per configuration (default {DEFAULT_GAMES[0]})")
    parser.add_argument("--pace", type=float, default=None,
                        help=f"mean seconds between a game's moves (default {DEFAULT_PACE:g})")
    parser.add_argument("--duration", type=float, default=None,
                        help=f"seconds measured per window (default {DEFAULT_DURATION:g}; "
                             f"capacity steps {CAPACITY_DURATION:g})")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per configuration; medians and ranges are printed")
    parser.add_argument("--capacity", action="store_true",
                        help="raise the offered load until first-response p99 passes 1 s")
    parser.add_argument("--capacity-games", type=int, default=CAPACITY_GAMES)
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: {QUICK_GAMES[0]} games at pace {QUICK_PACE:g} s "
                             f"for {QUICK_DURATION:g} s")
    parser.add_argument("--short-waits", action="store_true",
                        help="shorter warm-up and settling: checks the machinery, measures "
                             "nothing")
    parser.add_argument("--setup-concurrency", type=int, default=5,
                        help="games being set up at once (default 5)")
    parser.add_argument("--table-pens", choices=[p.value for p in PenSource],
                        default=PenSource.ALL.value,
                        help="tables edited through a click's interaction token (issue 29): all "
                             "(the bot's way: the answer that posted the table, then clicks on "
                             "it), clicks (only clicks on the table: a game past 15 minutes), "
                             "none (the bot token only)")
    parser.add_argument("--split-first", action="store_true",
                        help="the bot process splits its first responses into spans (printed "
                             "as 'first to bot/in bot/answer'; off by default: it costs the bot a "
                             "little CPU)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--bot-log-level", default="WARNING")
    parser.add_argument("--bot-log", type=Path, default=None,
                        help="append the bot process's log (stderr) to this file")
    parser.add_argument("--bot-launcher", type=Path, default=BOT_PROCESS,
                        help="for experiments: another launcher taking bot_process.py's arguments")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = list(QUICK_GAMES if args.quick else DEFAULT_GAMES)
    if args.pace is None:
        args.pace = QUICK_PACE if args.quick else DEFAULT_PACE
    if args.duration is None:
        args.duration = (QUICK_DURATION if args.quick
                         else CAPACITY_DURATION if args.capacity else DEFAULT_DURATION)
    if (any(n < 1 for n in args.games) or args.duration <= 0 or args.pace <= 0
            or args.repeat < 1 or args.capacity_games < 1):
        parser.error("games, pace, duration, repeat and capacity games must be positive")
    return args


def _interrupted(signum: int, frame: object) -> None:
    # SIGTERM as Ctrl-C: asyncio.run then cancels the run, whose clean-up stops the bot.
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    global WARM_UP_PLAY, RSS_SETTLE, SETTLE
    args = parse_args(argv)
    if args.short_waits:
        WARM_UP_PLAY, RSS_SETTLE, SETTLE = SHORT_WAITS
    signal.signal(signal.SIGTERM, _interrupted)
    if not sys.platform.startswith("linux"):
        print("bot_load.py reads /proc for memory and CPU: Linux only", file=sys.stderr)
        return 2
    print_machine()
    try:
        if args.capacity:
            print_capacity(asyncio.run(run_capacity(args)))
            return 0
        results = asyncio.run(run_games(args))
    except KeyboardInterrupt:
        print("interrupted: the bot process was stopped, nothing is summed up", file=sys.stderr)
        return 130
    for games, runs in results.items():
        print_summary(f"{games} games, a move every {args.pace:g} s per game (open loop), "
                      f"{args.duration:g} s measured", runs, judge=True)
    print()
    print("Targets (issues #17, #29) are judged on the medians and set for 300 games at a 5 s "
          "pace (issue #29: CPU per move at 100 games).")
    print_machine()
    return 0


if __name__ == "__main__":
    sys.exit(main())
