"""The painter (bot/render/painter.py): table pictures drawn off the event loop, once per content,
the newest per slot, never piling up; hands drawn at once in the bot's process; worker processes
that leave with the bot."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot.engine import Card, card
from bot.render import images
from bot.render.images import TableImage
from bot.render.painter import Painter, PaintersBusy, Superseded

ROOT = Path(__file__).resolve().parents[2]
HAND = (card("R1"), card("G2"), card("W"))
TABLE = TableImage(top=card("R1"), color="R", direction=1,
                   players=[("Аня", 3, True, True), ("Bo", 5, False, True)])


@pytest.fixture
def painter() -> Painter:
    images.clear_caches(palette=False)
    return Painter(0)


def _table(direction: int = 1, size: int = 3) -> TableImage:
    return TableImage(top=TABLE.top, color=TABLE.color, direction=direction,
                      players=[("Аня", size, True, True), ("Bo", 5, False, True)])


def _slow_tables(monkeypatch: pytest.MonkeyPatch,
                 gate: threading.Event) -> list[TableImage]:
    """Tables are drawn only once `gate` is set; returns the tables drawn, in order."""
    drawn: list[TableImage] = []
    real = images.table_image

    def slow(data: TableImage, *, colorblind: bool = False) -> bytes:
        gate.wait(5)
        drawn.append(data)
        return real(data, colorblind=colorblind)

    monkeypatch.setattr(images, "table_image", slow)
    return drawn


def _hand_threads(monkeypatch: pytest.MonkeyPatch) -> list[threading.Thread]:
    """The threads hands are drawn in, in order."""
    threads: list[threading.Thread] = []
    real_hand = images.hand_image

    def hand(cards: tuple[object, ...], *, colorblind: bool = False) -> bytes:
        threads.append(threading.current_thread())
        return real_hand(cards, colorblind=colorblind)  # type: ignore[arg-type]

    monkeypatch.setattr(images, "hand_image", hand)
    return threads


async def test_pictures_are_drawn_off_the_event_loop_and_then_cached(
        painter: Painter, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[threading.Thread] = []
    real = images.table_image

    def spy(data: TableImage, *, colorblind: bool = False) -> bytes:
        threads.append(threading.current_thread())
        return real(data, colorblind=colorblind)

    monkeypatch.setattr(images, "table_image", spy)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(ticker())
    try:
        png = await painter.table(TABLE)
    finally:
        task.cancel()
    assert threads and threads[0] is not threading.main_thread()
    assert ticks > 0  # the loop kept running while the picture was drawn
    assert painter.cached_table(TABLE) == png
    assert await painter.table(TableImage(card("R1"), "R", 1, TABLE.players)) == png
    assert len(threads) == 1  # unchanged content: from the cache
    painter.close()


async def test_one_drawing_serves_everyone_waiting_for_the_same_picture(
        painter: Painter, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    drawn = _slow_tables(monkeypatch, gate)
    waiting = [asyncio.create_task(painter.table(TABLE)) for _ in range(5)]
    await asyncio.sleep(0.05)
    gate.set()
    pictures = await asyncio.gather(*waiting)
    assert len(set(pictures)) == 1 and drawn == [TABLE]
    painter.close()


async def test_only_the_newest_waiting_picture_of_a_slot_is_drawn(
        painter: Painter, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()
    drawn = _slow_tables(monkeypatch, gate)
    busy = asyncio.create_task(painter.table(_table(size=1)))  # holds the one drawing place
    await asyncio.sleep(0.05)
    older = asyncio.create_task(painter.table(_table(size=2), slot="game"))
    newer = asyncio.create_task(painter.table(_table(size=3), slot="game"))
    await asyncio.sleep(0.05)
    gate.set()
    await busy
    with pytest.raises(Superseded):
        await older
    assert await newer == painter.cached_table(_table(size=3))
    assert drawn == [_table(size=1), _table(size=3)]
    painter.close()


async def test_past_the_limit_a_request_is_refused_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    images.clear_caches(palette=False)
    painter = Painter(0, limit=2)
    await painter.warm_up()  # hands are drawn here from now on, not in the tables' thread
    gate = threading.Event()
    _slow_tables(monkeypatch, gate)
    first = [asyncio.create_task(painter.table(_table(size=n))) for n in (1, 2)]
    await asyncio.sleep(0.05)
    with pytest.raises(PaintersBusy):
        await painter.table(_table(size=3))
    assert await painter.hand(HAND)  # hands are drawn at once, whatever waits
    gate.set()
    await asyncio.gather(*first)
    assert await painter.table(_table(size=3))  # room again
    painter.close()


async def test_worker_processes_draw_the_same_pictures() -> None:
    images.clear_caches(palette=False)
    painter = Painter(1)
    try:
        table = await painter.table(TABLE)
        # Drawn in the worker: this process drew (and so cached) nothing itself.
        assert images._TABLES.get(TABLE) is None
    finally:
        painter.close()
    assert table == images.table_image(TABLE)  # the same palette in every process: same bytes


async def test_without_workers_hands_are_drawn_in_the_thread_until_the_bot_is_warm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no workers (tests, one core) the first hand would still draw every face on the
    event loop, past Discord's 3 s under load: the painter's thread draws hands until then."""
    images.clear_caches(palette=False)
    painter = Painter(0)
    threads = _hand_threads(monkeypatch)
    try:
        painter.prepare_hand(HAND[:1])  # not yet
        assert threads == []
        png = await painter.hand(HAND, slot="ann")
        assert painter.cached_hand(HAND) == png
        assert len(threads) == 1 and threads[0] is not threading.main_thread()
        await painter.warm_up()
        await painter.hand((card("B5"),))
        assert threads[1:] == [threading.main_thread()]
    finally:
        painter.close()


async def test_until_the_bot_is_warm_its_hands_are_drawn_by_a_worker() -> None:
    """A process that has not drawn its faces yet (just started) would draw them all on its
    event loop for its first hand: the workers, warm from their start, draw hands until then."""
    images.clear_caches(palette=False)
    painter = Painter(1)
    try:
        painter.prepare_hand(HAND[:1])  # not yet: a restart's many tables would flood them
        png = await painter.hand(HAND, slot="ann")
        assert images._HANDS.get((HAND, False)) is None  # drawn in the worker
        assert painter.cached_hand(HAND) == png and painter.cached_hand(HAND[:1]) is None
        await painter.warm_up()
        other = (card("B5"),)
        assert await painter.hand(other) == images._HANDS.get((other, False))  # drawn here
    finally:
        painter.close()


_BOT = """
import asyncio, os, sys, time
from bot.engine import card
from bot.render.images import TableImage
from bot.render.painter import Painter

TABLE = TableImage(top=card("R1"), color="R", direction=1, players=[("Bo", 5, True, True)])

async def main():
    painter = Painter(2)
    await painter.table(TABLE)
    pids = {painter._executor.submit(os.getpid).result() for _ in range(20)}
    print(" ".join(map(str, pids)), flush=True)
    time.sleep(60)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to see the workers")
def test_the_workers_leave_when_the_bot_is_killed() -> None:
    bot = subprocess.Popen([sys.executable, "-c", _BOT], cwd=ROOT, stdout=subprocess.PIPE,
                           text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert bot.stdout is not None
        pids = [int(pid) for pid in bot.stdout.readline().split()]
        assert pids and all(_alive(pid) for pid in pids)
        assert os.getpid() not in pids and bot.pid not in pids
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in pids), "a picture worker outlived the bot"


_CTRL_C = """
import asyncio
from bot.engine import card
from bot.render.images import TableImage
from bot.render.painter import Painter

def table(top):
    return TableImage(top=card(top), color=top[0], direction=1, players=[("Bo", 5, True, True)])

async def main(painter):
    await painter.table(table("R1"))
    await painter.table(table("G2"))  # two workers, when the first is still busy
    print("drawn", flush=True)
    await asyncio.sleep(60)

painter = Painter(2)
try:
    asyncio.run(main(painter))
except KeyboardInterrupt:  # as discord.py's Client.run: a clean stop
    painter.close()
    print("stopped", flush=True)
"""


@pytest.mark.skipif(sys.platform != "linux", reason="signals a process group")
def test_ctrl_c_stops_the_workers_without_a_traceback() -> None:
    """Ctrl+C in a terminal sends SIGINT to the whole process group, workers included: the bot
    stops them itself, and none prints a KeyboardInterrupt traceback."""
    bot = subprocess.Popen([sys.executable, "-c", _CTRL_C], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert bot.stdout is not None
        assert bot.stdout.readline() == "drawn\n"
        time.sleep(0.5)  # the workers wait for work, where the SIGINT used to find them
        os.killpg(bot.pid, signal.SIGINT)
        out, errors = bot.communicate(timeout=20)
    finally:
        if bot.poll() is None:
            os.killpg(bot.pid, signal.SIGKILL)
            bot.wait()
    assert out == "stopped\n" and bot.returncode == 0
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors


async def test_a_hand_is_drawn_at_once_in_the_bots_process_while_tables_wait(
        painter: Painter, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand's picture is waited for by its owner's answer: it never queues behind the
    tables a worker is drawing; it is drawn in the event loop's own thread, once."""
    gate = threading.Event()
    _slow_tables(monkeypatch, gate)
    threads = _hand_threads(monkeypatch)
    await painter.warm_up()
    tables = [asyncio.create_task(painter.table(_table(direction=d))) for d in (1, -1)]
    await asyncio.sleep(0.05)
    png = await asyncio.wait_for(painter.hand(HAND, slot="ann"), 1)
    assert not any(t.done() for t in tables)  # the tables still wait for the gate
    assert threads == [threading.main_thread()]
    assert painter.cached_hand(HAND) == png == await painter.hand(HAND)
    assert len(threads) == 1  # unchanged cards: from the cache
    gate.set()
    await asyncio.gather(*tables)
    painter.close()


async def test_a_hand_is_drawn_again_only_when_its_cards_change_however_many_hands_there_are(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Far more open hands than the cache by content holds: each slot keeps its newest picture,
    so an unchanged hand asked for again (each move prepares every hand of its game) is not
    drawn again; a slot that shows new cards lets its old picture go."""
    images.clear_caches(palette=False)
    painter = Painter(0)
    await painter.warm_up()
    drawn: list[tuple[object, ...]] = []

    def draw(cards: tuple[object, ...], *, colorblind: bool = False) -> bytes:
        drawn.append(tuple(cards))
        return repr(cards).encode()

    monkeypatch.setattr(images, "hand_image", draw)
    deck = [card(code) for code in ("R1", "R2", "R3", "G4", "G5", "B6", "Y7", "W")]
    hands: dict[str, tuple[Card, ...]] = {
        f"p{n}": (deck[n % 8], deck[n // 8 % 8], deck[n // 64 % 8]) for n in range(400)}
    for _ in range(2):
        for player, cards in hands.items():
            painter.prepare_hand(cards, slot=("hand", "g", player))
    assert sorted(map(repr, drawn)) == sorted(map(repr, hands.values()))  # once, not per round
    drawn.clear()
    hands["p0"] = (deck[7],)
    painter.prepare_hand(hands["p0"], slot=("hand", "g", "p0"))
    assert drawn == [hands["p0"]]
    assert painter.cached_hand(hands["p0"]) is not None
    assert len(painter._kept) == 400  # the old picture of p0 went with its slot's change
    painter.close()
