"""The real bot in a process of its own, pointed at a fake Discord (for benchmarks/bot_load.py,
the kill-and-restart trials and the two-process shard test).

Usage, from the repository root::

    python benchmarks/bot_process.py --base-url http://127.0.0.1:PORT --gateway ws://.../gateway \
        --token TOKEN --guild GUILD_ID --db /tmp/uno.db [--log-level WARNING] \
        [--refresh-delay 0.25] [--table-pens all|clicks|none]

    # one of several processes on disjoint shards, sharing PostgreSQL, commands synced globally:
    python benchmarks/bot_process.py ... --database-url postgresql://... \
        --shard-count 2 --shard-ids 1

It redirects discord.py the way tests/fake_discord/fixtures.py does (`Route.BASE` and
`DiscordWebSocket.DEFAULT_GATEWAY`, through bot/discord_private.py), runs `UnoBot` with the
guild as its development guild (so the commands are synced at once; without --guild they are
synced globally, by shard 0's process), prints one line `ready <pid>` on stdout once the bot is
connected (all its shards) and stops cleanly on SIGTERM or SIGINT (`bot.close()`: gateway,
timers, database).

A probe watches the process's event loop: every 20 ms it notes how late its wake-up was. SIGUSR1
starts a new measurement; SIGUSR2 prints `probe {json}` on stdout (wake-up lateness p50/p99/max
in ms since the last SIGUSR1, and the garbage collector's pauses), so the benchmark can tell a
busy bot from a busy fake. With --split-first the same report splits the first responses of
the window (`FirstResponses`) into the three spans between Discord creating an interaction and
the answer to its callback request.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import random
import signal
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from bot.client import UnoBot  # noqa: E402
from bot.discord_private import pointed_at  # noqa: E402
from bot.event_loop import use_fast_loop  # noqa: E402
from bot.metrics import http_trace  # noqa: E402
from bot.outlets.table_feed import REFRESH_DELAY  # noqa: E402
from bot.outlets.table_pens import PenSource  # noqa: E402
from bot.services import games as games_module  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.ui import answers  # noqa: E402

PROBE_INTERVAL = 0.02
PROCESS_TAG = "uno-process/"  # before --tag in the User-Agent


class LoopProbe:
    """How late the event loop wakes a sleeper (a direct measure of how busy the process is),
    and how long the garbage collector stops the process (gc.callbacks)."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.pauses: list[tuple[int, float]] = []  # (generation, seconds)
        self._gc_started = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.pauses.append((info["generation"], time.perf_counter() - self._gc_started))

    async def run(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(PROBE_INTERVAL)
            self.lags.append(time.perf_counter() - started - PROBE_INTERVAL)

    def close(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def reset(self) -> None:
        self.lags = []
        self.pauses = []

    def figures(self) -> dict[str, float]:
        lags = sorted(self.lags)

        def at(q: float) -> float:
            return lags[min(len(lags) - 1, int(q * len(lags)))] * 1000 if lags else 0.0

        full = [seconds for generation, seconds in self.pauses if generation == 2]
        return {"samples": len(lags), "p50_ms": at(0.5), "p99_ms": at(0.99),
                "max_ms": lags[-1] * 1000 if lags else 0.0,
                "gc_ms": sum(seconds for _, seconds in self.pauses) * 1000,
                "gc_full": len(full), "gc_full_max_ms": max(full, default=0.0) * 1000}


class FirstResponses:
    """Where the first responses of a window spent their time, seen from the bot (issue 29: at
    600 games, is a slow first response the bot's or the machine's?). Three spans per
    interaction, in wall-clock time (the fake's snowflakes carry the same clock):

    - to bot: from Discord creating the interaction (its snowflake) to the bot's handler noting
      its arrival (`answers.received`): the fake sending it, the gateway, discord.py's parsing
      and dispatch, and both event loops' queues;
    - in bot: from there to the callback request's start (aiohttp's trace): the move applied
      and saved, the answer built;
    - answer: the request's start to its end: the fake reading and answering it (its event loop
      included), and the bot reading the answer.

    The benchmark's own first response ends inside the third span, when the fake reads the
    request. The report gives each span's p50 and p99, and the mean of each span over the
    slowest 1% of interactions (by their sum): the ones that make the p99."""

    def __init__(self) -> None:
        self._received: dict[int, float] = {}
        self._started: dict[int, float] = {}
        self.spans: list[tuple[float, float, float]] = []

    def trace(self) -> aiohttp.TraceConfig:
        """The bot's HTTP trace (/metrics' own, `bot.metrics.http_trace`) with these timings
        added; it also starts noting arrivals."""
        noted = answers.received

        def received(interaction: Any, clock: Any, *, public: bool = False) -> None:
            self._received[interaction.id] = time.time()
            noted(interaction, clock, public=public)

        setattr(answers, "received", received)  # noqa: B010 - bot.client calls it by module
        trace = http_trace()

        async def started(session: aiohttp.ClientSession, context: SimpleNamespace,
                          params: aiohttp.TraceRequestStartParams) -> None:
            found = _callback_id(params.url.path)
            if found is not None:
                self._started[found] = time.time()

        async def ended(session: aiohttp.ClientSession, context: SimpleNamespace,
                        params: aiohttp.TraceRequestEndParams) -> None:
            found = _callback_id(params.url.path)
            if found is None:
                return
            arrived = self._received.pop(found, None)
            start = self._started.pop(found, None)
            if arrived is not None and start is not None:
                created = ((found >> 22) + DISCORD_EPOCH_MS) / 1000
                self.spans.append((arrived - created, start - arrived, time.time() - start))

        trace.on_request_start.append(started)
        trace.on_request_end.append(ended)
        return trace

    def reset(self) -> None:
        self.spans = []
        self._received.clear()  # an interaction under way at the reset is not counted
        self._started.clear()

    def figures(self) -> dict[str, float]:
        if not self.spans:
            return {}
        figures: dict[str, float] = {"first_count": len(self.spans)}
        names = ("to_bot", "in_bot", "answer")
        for i, name in enumerate(names):
            ordered = sorted(span[i] for span in self.spans)
            figures[f"first_{name}_p50_ms"] = ordered[len(ordered) // 2] * 1000
            figures[f"first_{name}_p99_ms"] = ordered[min(len(ordered) - 1,
                                                          int(0.99 * len(ordered)))] * 1000
        slowest = sorted(self.spans, key=sum)[-max(1, len(self.spans) // 100):]
        for i, name in enumerate(names):
            figures[f"first_{name}_slowest_ms"] = sum(s[i] for s in slowest) / len(slowest) * 1000
        return figures


DISCORD_EPOCH_MS = 1_420_070_400_000


def _callback_id(path: str) -> int | None:
    """The interaction id of an interaction callback's path, else None."""
    parts = path.split("/")
    if len(parts) >= 4 and parts[-1] == "callback" and parts[-4] == "interactions":
        return int(parts[-3])
    return None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True, help="the fake's HTTP root, http://host:port")
    parser.add_argument("--gateway", required=True, help="the fake's gateway, ws://host:port/...")
    parser.add_argument("--token", required=True)
    parser.add_argument("--guild", type=int, default=None,
                        help="the development guild's id (default: global commands)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", type=Path, help="SQLite file (created if missing)")
    where.add_argument("--database-url", help="a postgresql:// URL (several processes share it)")
    parser.add_argument("--shard-count", type=int, default=None,
                        help="the bot's shards in all (SHARD_COUNT; default: as Discord says)")
    parser.add_argument("--shard-ids", default=None,
                        help="the shards this process runs, e.g. 0,1 (SHARD_IDS; default: all)")
    parser.add_argument("--request-budget", type=float, default=None,
                        help="requests a second this process may make (REQUEST_BUDGET)")
    parser.add_argument("--tag", default=None,
                        help="tests only: appended to the User-Agent of the bot's requests as "
                             "`uno-process/TAG`, so the fake Discord can tell processes apart")
    parser.add_argument("--log-level", default="WARNING")
    parser.add_argument("--refresh-delay", type=float, default=REFRESH_DELAY,
                        help="seconds a merged table edit waits (the bot's REFRESH_DELAY)")
    parser.add_argument("--table-pens", choices=[p.value for p in PenSource],
                        default=PenSource.ALL.value,
                        help="which answers may edit a table through their token (issue 29): "
                             "all (the bot's way), clicks (not the answer that posted it, as in "
                             "a game past 15 minutes), none (the bot token only)")
    parser.add_argument("--picture-workers", type=int, default=None,
                        help="processes drawing pictures (default: the bot's own default)")
    parser.add_argument("--split-first", action="store_true",
                        help="time the spans of each first response (FirstResponses; a few "
                             "microseconds a request, so off unless asked)")
    parser.add_argument("--game-seed", default=None,
                        help="tests only: deal from a random generator seeded with this text "
                             "(new games' seeds and ids) instead of the secrets module")
    return parser.parse_args(argv)


class SeededSecrets:
    """Stands in for `secrets` in the game manager (--game-seed): repeatable deals."""

    def __init__(self, seed: str) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)

    def token_hex(self, nbytes: int = 32) -> str:
        return self._rng.getrandbits(nbytes * 8).to_bytes(nbytes, "big").hex()


async def run(args: argparse.Namespace) -> int:
    with pointed_at(f"{args.base_url.rstrip('/')}/api/v10", args.gateway):
        return await _run(args)


async def _run(args: argparse.Namespace) -> int:
    if args.game_seed is not None:
        setattr(games_module, "secrets", SeededSecrets(args.game_seed))  # noqa: B010
    shard_ids = (tuple(int(i) for i in args.shard_ids.split(","))
                 if args.shard_ids is not None else None)
    budget = {} if args.request_budget is None else {"request_budget": args.request_budget}
    settings = Settings(discord_token=args.token, database_path=args.db or Path("unused.db"),
                        dev_guild_id=args.guild, log_level=args.log_level,
                        database_url=args.database_url, shard_count=args.shard_count,
                        shard_ids=shard_ids, picture_workers=args.picture_workers,
                        # Uploaded once, at a bot's first start: not part of the load measured.
                        card_emoji=False, **budget)
    # READY would wait this long for GUILD_CREATEs that the fake sends at once.
    firsts = FirstResponses()
    traced: dict[str, Any] = {"http_trace": firsts.trace()} if args.split_first else {}
    bot = UnoBot(settings, guild_ready_timeout=0.05, refresh_delay=args.refresh_delay, **traced)
    if args.tag is not None:
        bot.http.user_agent += f" {PROCESS_TAG}{args.tag}"
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    probe = LoopProbe()

    def reset() -> None:
        probe.reset()
        firsts.reset()

    def report() -> None:
        print(f"probe {json.dumps(probe.figures() | firsts.figures())}", flush=True)

    loop.add_signal_handler(signal.SIGUSR1, reset)
    loop.add_signal_handler(signal.SIGUSR2, report)
    probing = asyncio.create_task(probe.run(), name="probe")

    async def announce_ready() -> None:
        await bot.wait_until_ready()
        bot.tables.pens = PenSource(args.table_pens)
        print(f"ready {os.getpid()}", flush=True)

    runner = asyncio.create_task(bot.start(args.token), name="bot")
    ready = asyncio.create_task(announce_ready(), name="ready")
    stopping = asyncio.create_task(stop.wait(), name="stop")
    await asyncio.wait({runner, stopping}, return_when=asyncio.FIRST_COMPLETED)
    ready.cancel()
    probing.cancel()
    code = 0
    if runner.done():  # the bot stopped by itself: that is an error for a benchmark
        error = runner.exception()
        print(f"bot stopped: {error!r}", file=sys.stderr, flush=True)
        code = 1
    await bot.close()
    stopping.cancel()
    try:
        await asyncio.wait_for(runner, 10.0)
    except (asyncio.CancelledError, TimeoutError, Exception):  # noqa: BLE001 - closing anyway
        runner.cancel()
    return code


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=getattr(logging, args.log_level.upper(), logging.WARNING),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    use_fast_loop()  # as `python -m bot` runs
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
