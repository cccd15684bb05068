"""The picture workers' pool (bot/render/picture_pool.py): jobs answered in worker processes
through pipes the event loop reads, with no thread in the bot's process; a worker that dies fails
its job and is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from functools import partial

import pytest

from bot.render.picture_pool import BrokenWorker, PicturePool


def _quiet(bot_pid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _fail() -> None:
    raise ValueError("no such card")


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


@pytest.fixture
def pool() -> PicturePool:
    return PicturePool(2, initializer=_quiet, preload=[])


async def test_jobs_run_in_the_workers_and_wait_for_a_free_one(pool: PicturePool) -> None:
    threads = threading.active_count()
    try:
        pids = await asyncio.gather(*(pool.run(partial(_pid_after, 0.05)) for _ in range(6)))
        assert set(pids) == set(pool.pids) and len(set(pids)) == 2
        assert os.getpid() not in pids
        assert threading.active_count() == threads  # no helper thread in this process
    finally:
        pool.close()


async def test_a_jobs_error_reaches_its_caller(pool: PicturePool) -> None:
    try:
        with pytest.raises(ValueError, match="no such card"):
            await pool.run(_fail)
        assert await pool.run(os.getpid) in pool.pids  # the worker carries on
    finally:
        pool.close()


async def test_a_worker_that_dies_fails_its_job_and_is_replaced(pool: PicturePool) -> None:
    try:
        await pool.run(os.getpid)  # started
        job = asyncio.ensure_future(pool.run(partial(_pid_after, 30)))
        await asyncio.sleep(0.3)
        busy = [w for w in pool._workers if w.job is not None]
        assert len(busy) == 1
        dead = busy[0].process.pid
        assert dead is not None
        os.kill(dead, signal.SIGKILL)
        with pytest.raises(BrokenWorker):
            await asyncio.wait_for(job, 10)
        assert dead not in pool.pids and len(pool.pids) == 2
        assert await pool.run(os.getpid) in pool.pids
    finally:
        pool.close()
