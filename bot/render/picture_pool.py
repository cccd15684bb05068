"""Worker processes that draw pictures, fed through pipes that the event loop reads itself.

`concurrent.futures.ProcessPoolExecutor` keeps two threads in the bot's process (one feeds the
call queue, one reads results and wakes the submitter), so every picture passed the GIL back and
forth between them and the event loop: under cProfile in `benchmarks/bot_load.py --games 100`
each submit's wake-up write took ~10 ms of the event loop's time (the GIL handed to a woken
thread and waited for back), with ~2 pictures per move. Here the event loop writes a job to an
idle worker's pipe itself (a few hundred bytes into an empty pipe: it does not block) and reads
the answer when `add_reader` says it is there: no thread in the bot's process.

One job at a time per worker; more wait for a free worker in order. A worker that dies fails
its job (`BrokenWorker`) and is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import Any

log = logging.getLogger(__name__)


class BrokenWorker(Exception):
    """The worker drawing this picture died (killed?): a new one takes its place."""


class _Worker:
    def __init__(self, process: BaseProcess, jobs: Connection, results: Connection) -> None:
        self.process, self.jobs, self.results = process, jobs, results
        self.job: asyncio.Future[Any] | None = None


class PicturePool:
    def __init__(self, workers: int, *, initializer: Callable[[int], None],
                 preload: list[str]) -> None:
        self.size = workers
        self._initializer = initializer
        self._context: ForkServerContext = multiprocessing.get_context("forkserver")
        # The fork server imports these alone; every worker is a fork of it.
        self._context.set_forkserver_preload(preload)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._workers: list[_Worker] = []
        self._idle: deque[_Worker] = deque()
        self._waiting: deque[asyncio.Future[_Worker]] = deque()
        self._closed = False

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    async def run(self, job: Callable[[], Any]) -> Any:
        """`job()` in a worker (it and its result must pickle)."""
        if self._closed:
            raise RuntimeError("the picture pool is closed")
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            for _ in range(self.size):
                self._start()
        worker = await self._free_worker()
        done = self._loop.create_future()
        worker.job = done
        try:
            worker.jobs.send_bytes(pickle.dumps(job))
        except OSError:  # its pipe is gone: it died
            self._lost(worker)
            raise BrokenWorker("a picture worker died") from None
        # Cancelled meanwhile, the worker still finishes this job before it takes another.
        return await done

    def close(self) -> None:
        """Stop the workers: each leaves once its pipe is closed (jobs under way are dropped)."""
        self._closed = True
        for worker in self._workers:
            self._unwatch(worker)
            worker.jobs.close()
            worker.results.close()
            if worker.job is not None and not worker.job.done():
                worker.job.set_exception(BrokenWorker("the picture pool was closed"))
        for waiter in self._waiting:
            if not waiter.done():
                waiter.set_exception(RuntimeError("the picture pool is closed"))
        self._workers.clear()
        self._idle.clear()
        self._waiting.clear()

    # -- workers

    def _start(self) -> None:
        jobs_r, jobs_w = self._context.Pipe(duplex=False)
        results_r, results_w = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=_serve, args=(jobs_r, results_w, self._initializer, os.getpid()),
            daemon=True, name="picture worker")
        process.start()
        jobs_r.close()  # the worker's ends: its own copies are in the worker now
        results_w.close()
        worker = _Worker(process, jobs_w, results_r)
        self._workers.append(worker)
        assert self._loop is not None
        self._loop.add_reader(results_r.fileno(), self._answered, worker)
        self._release(worker)

    async def _free_worker(self) -> _Worker:
        if self._idle:
            return self._idle.popleft()
        assert self._loop is not None
        waiter: asyncio.Future[_Worker] = self._loop.create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # given to us as we were cancelled: pass it on
            raise

    def _release(self, worker: _Worker) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _answered(self, worker: _Worker) -> None:
        try:
            ok, value = pickle.loads(worker.results.recv_bytes())
        except (EOFError, OSError):
            self._lost(worker)
            return
        job, worker.job = worker.job, None
        if job is not None and not job.done():
            if ok:
                job.set_result(value)
            else:
                job.set_exception(value)
        self._release(worker)

    def _lost(self, worker: _Worker) -> None:
        log.warning("a picture worker (pid %s) died: starting another", worker.process.pid)
        self._unwatch(worker)
        with contextlib.suppress(ValueError):
            self._workers.remove(worker)
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)
        worker.jobs.close()
        worker.results.close()
        if worker.job is not None and not worker.job.done():
            worker.job.set_exception(BrokenWorker("a picture worker died"))
        if not self._closed:
            self._start()

    def _unwatch(self, worker: _Worker) -> None:
        if self._loop is not None and not self._loop.is_closed() and not worker.results.closed:
            self._loop.remove_reader(worker.results.fileno())


def _serve(jobs: Connection, results: Connection, initializer: Callable[[int], None],
           bot_pid: int) -> None:
    """A worker: one job at a time, until the bot closes its pipe (or is gone: `initializer`)."""
    initializer(bot_pid)
    while True:
        try:
            data = jobs.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, Any] = (True, pickle.loads(data)())
        except Exception as exc:  # noqa: BLE001 - the job's error goes back to its caller
            answer = (False, exc)
        try:
            payload = pickle.dumps(answer)
        except Exception as exc:  # noqa: BLE001 - an error that does not pickle
            payload = pickle.dumps((False, RuntimeError(repr(exc))))
        try:
            results.send_bytes(payload)
        except OSError:
            return
