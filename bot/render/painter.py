"""Pictures drawn without holding up the event loop: tables in worker processes, newest request
first, never piling up; hands at once, in the bot's process once it has warmed up.

Drawing and encoding a table picture is milliseconds of pure-Python and Pillow work that holds
the GIL: done in a thread of the bot's process it competes with the event loop that answers every
click. So the `Painter` sends it to a small pool of worker processes. They are slim (started from
a fork server that has imported only `bot.render.images` and what it needs: no discord.py, no
database) and they leave when the bot does, even when it is killed: each watches its bot and
exits once it is gone, so no worker outlives it.

A hand's picture is drawn on the event loop itself, when it is asked for: pasted from tiles
mapped once, it costs about 0.8 ms of CPU, about what sending it to a worker and back costs
(pickling, the pool's two threads, the pipes, the GIL handed between them), and its owner's
answer waits for it: a round trip to a busy worker is a wait the answer need not have. Until the
process has drawn its faces and palette (`warm_up`, in a thread at start), hands go to the
workers as tables do: the first clicks after a restart must not wait for that on the loop. Measured
with `benchmarks/bot_load.py --pace 5 --duration 40`, runs interleaved with the workers drawing
hands too: at 300 games first response p99 58, 71 and 767 ms against 119, 118 and 1,410 ms (the
third pair beside another benchmark, load 1-2.7), CPU per move 10.9, 10.6 and 10.4 ms against
12.7, 11.9 and 9.9; at 100 games first response p99 29 [18-35] ms against
33 [28-67] (medians [ranges] of 5 and 6 runs), CPU per move no different within this machine's
noise (16.1 [11.7-18.3] against 15.5 [13.2-20.4] ms).

What the painter promises its callers:
- a picture already drawn is answered at once (`cached_*`): from a small cache by content, or
  for hands, from the newest picture of each slot, kept while the slot is among the last `SLOTS`
  used (so an unchanged hand is never drawn again however many games there are, and a picture two
  slots show, such as two hands holding the same cards, is kept once); a table being drawn is
  drawn once for every caller waiting for it;
- tables with the same `slot` (one game's table) keep only the newest request waiting: an older
  one that has not started is dropped (`Superseded`);
- at most `limit` tables wait at once: past that a request is refused at once (`PaintersBusy`),
  and the caller shows its text without a new picture rather than fall behind.

`workers=0` draws the tables in a thread instead (tests; a host with one core), and the hands too
until the process is warm.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

from bot import metrics
from bot.engine import Card

from . import images
from .images import TableImage
from .png_cache import PngCache

log = logging.getLogger(__name__)

WAITING_LIMIT = 64  # table pictures waiting or being drawn at once, at most
SLOTS = 4096  # hands whose newest picture is kept: 600 games of up to 6 players, with room
WATCH_EVERY = 1.0  # seconds between a worker's checks that its bot is still there


class PaintersBusy(Exception):
    """Too many pictures are waiting: show the text without a new picture."""


class Superseded(Exception):
    """A newer picture for the same slot was asked for before this one was drawn."""


def default_workers() -> int:
    """Two workers where there are several cores (pictures come in bursts), else drawing stays
    in a thread of the bot's process."""
    return 2 if (os.cpu_count() or 1) > 1 else 0


class Painter:
    def __init__(self, workers: int = 0, *, limit: int = WAITING_LIMIT) -> None:
        self.workers = workers
        self._limit = limit
        self._executor: Executor = (_process_pool(workers) if workers > 0
                                    else ThreadPoolExecutor(1, thread_name_prefix="painter"))
        self._hands = PngCache(128)
        self._tables = PngCache(128)
        self._kept = SlotPictures(SLOTS)
        self._jobs: dict[TableImage, asyncio.Future[bytes]] = {}
        self._newest: dict[Hashable, TableImage] = {}  # slot -> the table last asked for it
        self._drawing = asyncio.Semaphore(max(1, workers))  # tables being drawn at once
        # Hands are drawn on the event loop (see the module) once this process has warmed up
        # (`warm_up`); with no workers, in the thread until then, as the tables are.
        self._hands_here = False

    # -- what is drawn already

    def cached_table(self, data: TableImage) -> bytes | None:
        return self._tables.get(data)

    def cached_hand(self, cards: Sequence[Card], *, colorblind: bool = False) -> bytes | None:
        key = (tuple(cards), colorblind)
        return self._hands.get(key) or self._kept.get(key)

    @property
    def waiting(self) -> int:
        """Table pictures waiting or being drawn now."""
        return len(self._jobs)

    # -- drawing

    async def table(self, data: TableImage, *, slot: Hashable | None = None) -> bytes:
        return await self._draw(data, slot)

    async def warm_up(self) -> None:
        """Draw this process's faces and palette in a thread (about a second of CPU at start):
        until then a hand is drawn by a worker, so that the first clicks after a start never
        wait for this process to draw every face on its event loop."""
        await asyncio.to_thread(images.warm_up)
        self._hands_here = True

    async def hand(self, cards: Sequence[Card], *, colorblind: bool = False,
                   slot: Hashable | None = None) -> bytes:
        if self._hands_here or self.cached_hand(cards, colorblind=colorblind) is not None:
            return self._hand_now(cards, colorblind, slot)
        asked = time.perf_counter()
        png = await asyncio.get_running_loop().run_in_executor(
            self._executor, partial(images.hand_image, tuple(cards), colorblind=colorblind))
        metrics.picture_drawn("hand", time.perf_counter() - asked)
        self._hands.put((tuple(cards), colorblind), png)
        return self._hand_now(cards, colorblind, slot)  # from the cache now

    def prepare_hand(self, cards: Sequence[Card], *, colorblind: bool = False,
                     slot: Hashable | None = None) -> None:
        """Draw a hand now, so it is ready when its player opens it or their answer shows it.
        Not before this process is warm: a restart shows every table again, and their hands
        would flood the workers; a hand asked for then is drawn when its answer needs it.
        Nobody waits for it here: a picture that cannot be drawn is tried again when asked for."""
        if self._hands_here:
            try:
                self._hand_now(cards, colorblind, slot)
            except Exception as exc:  # noqa: BLE001 - the caller shows its table all the same
                log.debug("a hand picture was not prepared: %r", exc)

    def _hand_now(self, cards: Sequence[Card], colorblind: bool, slot: Hashable | None) -> bytes:
        """The hand's picture, drawn here if no cache has it (see the module: cheaper than a
        worker's round trip)."""
        key = (tuple(cards), colorblind)
        png = self._hands.get(key) or self._kept.get(key)
        if png is None:
            started = time.perf_counter()
            png = images.hand_image(key[0], colorblind=colorblind)
            metrics.picture_drawn("hand", time.perf_counter() - started)
            self._hands.put(key, png)
        if slot is not None:  # the slot shows it now: kept while the slot is
            self._kept.put(slot, key, png)
        return png

    async def _draw(self, data: TableImage, slot: Hashable | None) -> bytes:
        png = self._tables.get(data)
        if png is not None:
            return png
        if slot is not None:
            self._newest[slot] = data
        job = self._jobs.get(data)
        if job is None:
            if len(self._jobs) >= self._limit:
                raise PaintersBusy(f"{len(self._jobs)} pictures waiting")
            job = self._jobs[data] = asyncio.ensure_future(self._run(data, slot))
        return await asyncio.shield(job)

    async def _run(self, data: TableImage, slot: Hashable | None) -> bytes:
        asked = time.perf_counter()
        try:
            async with self._drawing:
                if slot is not None and self._newest.get(slot) != data:
                    raise Superseded(str(slot))
                png = await asyncio.get_running_loop().run_in_executor(
                    self._executor, partial(images.table_image, data))
            metrics.picture_drawn("table", time.perf_counter() - asked)
            self._tables.put(data, png)
            return png
        finally:
            del self._jobs[data]
            if slot is not None and self._newest.get(slot) == data:
                del self._newest[slot]

    def close(self) -> None:
        """Stop the workers (pictures still being drawn are dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class SlotPictures:
    """The newest picture of each of the last `size` slots used, each picture kept once however
    many slots show it (two hands holding the same cards): a hand is drawn again only when its
    cards change, however many hands there are (an LRU by content would drop the hands of quiet
    players once more hands are open than it holds, and they would be drawn again each move)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._slots: OrderedDict[Hashable, Hashable] = OrderedDict()  # slot -> its key
        self._pictures: dict[Hashable, tuple[bytes, int]] = {}  # key -> (png, slots showing it)

    def get(self, key: Hashable) -> bytes | None:
        kept = self._pictures.get(key)
        return None if kept is None else kept[0]

    def put(self, slot: Hashable, key: Hashable, png: bytes) -> None:
        old = self._slots.get(slot)
        self._slots[slot] = key
        self._slots.move_to_end(slot)
        if old != key:
            kept = self._pictures.get(key)
            self._pictures[key] = (png, 1 if kept is None else kept[1] + 1)
            if old is not None:
                self._release(old)
        while len(self._slots) > self._size:
            self._release(self._slots.popitem(last=False)[1])

    def _release(self, key: Hashable) -> None:
        png, users = self._pictures[key]
        if users > 1:
            self._pictures[key] = (png, users - 1)
        else:
            del self._pictures[key]

    def __len__(self) -> int:
        return len(self._pictures)


# -- the worker processes


def _process_pool(workers: int) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    # The fork server imports this alone; every worker is a fork of it, so it starts with the
    # renderer loaded and nothing else of the bot.
    context.set_forkserver_preload(["bot.render.images"])
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                               initargs=(os.getpid(),))
    # Every worker starts now: the pool would start the second only once two tables are drawn
    # at once, mid-game (its start and warm-up, about half a second of CPU, then).
    for _ in range(workers):
        pool.submit(int)
    return pool


def _start_worker(bot_pid: int) -> None:
    # Ctrl+C in a terminal signals the whole process group: the bot stops itself cleanly and
    # then its workers (`close`, or the watch below); a worker that took the SIGINT would print
    # a KeyboardInterrupt traceback from its wait for work. The fork server ignores it already.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(bot_pid, os.getppid()), daemon=True,
                     name="watch the bot").start()
    images.warm_up()
    images.warm_up(colorblind=True)


def _watch(bot_pid: int, parent: int) -> None:
    """Leave as soon as the bot (or the fork server, which leaves with it) is gone: a pool
    worker waits for work forever otherwise, an orphan."""
    while True:
        time.sleep(WATCH_EVERY)
        try:
            os.kill(bot_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid was taken by another user's process: ours is gone
            os._exit(0)
        if os.getppid() != parent:
            os._exit(0)
