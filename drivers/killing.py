"""Kill-and-restart trials (issue 14): the bot as a real process (benchmarks/bot_process.py)
against the fake Discord of this process, SIGKILLed at seeded random points of a match and
started again on the same SQLite file, while virtual players go on playing from what they see.
Shared by tests/bot/test_kill_restart.py (a few kills) and benchmarks/kill_restart.py (1,000
trials).

One trial: a lobby (turn timer off, a low target) is created, joined and started; then, until
the table says the match is won, the player the table names opens their hand and presses a
playable card (a colour after a wild, Challenge / Accept, else Pass, else Draw), or someone
presses Next round. At seeded points the bot is killed, either between two clicks or a few ms
after a click was sent (that click may never be answered: expected, not a failure), and a new
bot process is started on the same database; play goes on from what the table shows then.

Checked: after every action and every restart the saved game (read from the database with the
engine's `load`) holds exactly its deck (cards conserved); after every restart and at the end,
the public table shows what the saved game renders (the table matches the hands); at the end
the match is recorded once, and its rounds are 1..n, each once; no call Discord would refuse,
every click that reached a living bot answered, no error in the bot's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import load
from bot.fake_discord.users import InteractionHandle, SeenMessage, VirtualUser, texts_of
from bot.render.table import render_table
from bot.services.session import Session
from bot.storage import GameRepository, SqlStore, StatsRepository, open_database
from drivers.controls import choices_in_order, game_of, is_card, is_pick, is_play
from drivers.fake_session import FakeDiscordSession, fake_discord_session
from drivers.fuzzing import cards_conserved, private_markers
from drivers.screen import shows_now, title_of

ROOT = Path(__file__).resolve().parents[1]
BOT_PROCESS = ROOT / "benchmarks" / "bot_process.py"
MENTION = re.compile(r"<@!?(\d+)>")
READY_TIMEOUT = 60.0
ANSWER_TIMEOUT = 5.0   # a click to a living bot: answered by then (Discord's limit is 3 s)
EDIT_TIMEOUT = 3.0     # an accepted action: the table edited by then
REFRESH_DELAY = 0.05   # the bot's merged-edit delay in these trials (production: 0.25 s)
MAX_ACTIONS = 1500
STUCK_AFTER = 8        # actions in a row that do not change the table: the trial is stuck
TIMESTAMP = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
HAND_SIZE = re.compile(r"— (\d+) cards?$")


@dataclass
class TrialResult:
    seed: int
    kills: int = 0
    in_flight_kills: int = 0
    clicks: int = 0
    lost_clicks: int = 0
    actions: int = 0
    rounds: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class TrialFailed(AssertionError):
    pass


class BotProcess:
    """One bot process after another on the same database: by default the SQLite file
    `db_path` with the fake's guild as the development guild; `options` replace those
    arguments of benchmarks/bot_process.py (`--database-url`, `--shard-ids`, ...)."""

    def __init__(self, session: FakeDiscordSession, db_path: Path, log_path: Path,
                 seed: int, *, options: list[str] | None = None) -> None:
        self.seed = seed
        self.session = session
        self.fake = session.fake
        self.db_path = db_path
        self.log_path = log_path
        self.options = options if options is not None else [
            "--guild", str(self.fake.guild_id), "--db", str(db_path)]
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        fake = self.fake
        with open(self.log_path, "ab") as log:
            log.write(f"=== start {self.starts} ===\n".encode())
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, str(BOT_PROCESS), "--base-url", fake.base_url,
                "--gateway", fake.gateway.url, "--token", fake.token, *self.options,
                "--log-level", "WARNING", "--refresh-delay", str(REFRESH_DELAY),
                # Pictures in a thread: worker processes per start would cost the suite seconds
                # (tests/render/test_painter.py kills a bot with workers).
                "--picture-workers", "0",
                # Repeatable deals: the trial's seed, and which start of the bot this is.
                "--game-seed", f"{self.seed}-{self.starts}",
                cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=log)
        self.starts += 1
        assert self.process.stdout is not None
        try:
            line = await asyncio.wait_for(self.process.stdout.readline(), READY_TIMEOUT)
        except TimeoutError:
            line = b""
        if not line.startswith(b"ready"):
            raise TrialFailed(f"the bot process did not get ready (start {self.starts}): "
                              f"{line!r}; log:\n{self.log_tail()}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)

    async def wait_dead(self) -> None:
        assert self.process is not None
        await self.process.wait()

    async def stop(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), 15)
        except TimeoutError:
            process.kill()
            await process.wait()

    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def errors(self) -> list[str]:
        """The ERROR records of the bot's log (logging's format: `... ERROR name: message`),
        each with the traceback lines that follow it (at most 20)."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        found: list[str] = []
        block: list[str] | None = None
        for line in text.splitlines():
            if TIMESTAMP.match(line) or line.startswith("==="):
                if block:
                    found.append("\n    ".join(block[:20]))
                block = [line] if " ERROR " in line else None
            elif block is not None:
                block.append(line)
        if block:
            found.append("\n    ".join(block[:20]))
        return found


class Trial:
    def __init__(self, session: FakeDiscordSession, folder: Path, seed: int, *,
                 players: int = 2, kills: int = 3, preset: str = "classic",
                 target: int = 50, kill_window: int = 40,
                 kill_on_last_card: float | None = None,
                 users: list[VirtualUser] | None = None, bot: BotProcess | None = None,
                 database: str | None = None) -> None:
        """`kills` SIGKILLs before seeded actions among the first `kill_window`;
        `kill_on_last_card` (seconds) also kills the bot that long after every click that
        plays a hand's last card (the save that ends a round or the match is then done and
        its table edit not yet). By default new players in the home channel play on a bot
        of the trial's own with an SQLite file; `users` (in any channel), `bot` and the
        `database` it uses (a postgresql:// URL) replace those."""
        self.session = session
        self.fake = session.fake
        self.rng = random.Random(seed)
        self.result = TrialResult(seed)
        self.db_path = folder / "uno.db"
        self.database: str | Path = database or self.db_path
        self.bot = bot or BotProcess(session, self.db_path, folder / "bot.log", seed)
        self.users = users or [session.user(f"Player{i}") for i in range(players)]
        self.by_id = {u.id: u for u in self.users}
        self.preset = preset
        self.target = target
        # The seeded kill points: before these actions (counted from the first deal).
        self.kill_at = sorted(self.rng.sample(range(1, kill_window), kills))
        self.kill_on_last_card = kill_on_last_card
        self.lost: set[int] = set()  # interactions sent to a bot that was then killed
        self.markers = private_markers()
        self.game_id: str | None = None
        self.table_id: int | None = None

    # -- the run

    async def run(self) -> TrialResult:
        started = time.perf_counter()
        try:
            await self.bot.start()
            await self.set_up()
            await self._play()
            await self._final_checks()
        except TrialFailed as failed:
            self.result.problems.append(str(failed))
        finally:
            await self.bot.stop()
            self.result.seconds = time.perf_counter() - started
        self.result.problems += self._fake_problems()
        self.result.problems += [f"bot log: {line}" for line in self.bot.errors()]
        return self.result

    async def set_up(self) -> None:
        host = self.users[0]
        await self._answered(await host.slash("uno create", wait=False, preset=self.preset,
                                              turn_timer=0, target=self.target))
        lobby = await self._wait_message(lambda m: "Join" in m.labels())
        for user in self.users[1:]:
            await self._answered(await user.click(lobby, "Join", wait=False))
        await self._answered(await host.click(lobby, "Start", wait=False))
        table = await self._wait_message(lambda m: "My hand" in m.labels())
        self.table_id = table.id
        game_id = game_of(table.button("My hand"))
        assert game_id is not None
        self.game_id = game_id

    async def _play(self) -> None:
        idle = 0
        for index in range(MAX_ACTIONS):
            if self.kill_at and index >= self.kill_at[0]:
                self.kill_at.pop(0)
                await self._kill_and_restart(in_flight=self.rng.random() < 0.5)
                continue
            table = self._table()
            if "wins the match" in title_of(table):
                return
            before = table.edits
            await self._one_action(table)
            self.result.actions += 1
            await self._check_saved_game()
            idle = idle + 1 if table.edits == before else 0
            if idle >= STUCK_AFTER:
                await self._stuck(table)
        raise TrialFailed(f"the match did not end within {MAX_ACTIONS} actions")

    async def step(self) -> bool:
        """One action of the players from what the table shows; False once the match is won."""
        table = self._table()
        title = table.embeds[0].get("title", "") if table.embeds else ""
        if "wins the match" in title:
            return False
        await self._one_action(table)
        self.result.actions += 1
        return True

    async def _stuck(self, table: SeenMessage) -> None:
        """Nothing the players can do changes the table any more: say what they see."""
        record = await self.saved()
        assert self.game_id is not None
        async with _opened(self.database) as db:
            match = await StatsRepository(db).match(self.game_id)
        answers = [m.content for u in self.users for m in u.ephemerals()[-1:]]
        raise TrialFailed(
            f"stuck: {STUCK_AFTER} actions in a row changed nothing; the table shows "
            f"{table.text!r} "
            f"with {table.labels()}; the players' last answers {answers}; saved game: "
            f"{'version ' + str(record.version) if record else 'none'}; match recorded: "
            f"{match is not None}")

    def _table(self) -> SeenMessage:
        self._follow_table()
        assert self.table_id is not None
        return self.users[0].message(self.table_id)

    def _follow_table(self) -> None:
        """The game's table is the newest public message in its channel with the game's
        controls: a round's end keeps its own message and the next round gets a new one
        (issue 37), as the players see by scrolling down."""
        assert self.table_id is not None and self.game_id is not None
        channel = self.fake.messages[self.table_id].payload["channel_id"]
        newer = [m.id for m in self.fake.messages.values()
                 if m.id > self.table_id and m.visible_to is None and not m.deleted
                 and m.payload["channel_id"] == channel
                 and f":{self.game_id}:" in json.dumps(m.payload.get("components") or [])]
        if newer:
            self.table_id = max(newer)

    async def _one_action(self, table: SeenMessage, *, wait: bool = True
                          ) -> InteractionHandle | None:
        """The next click a player makes from what the table shows; with `wait=False` the
        click that would change the game is returned unanswered (to kill the bot under it)."""
        before = table.edits
        if "Next round" in table.labels():
            handle = await self.rng.choice(self.users).click(table, "Next round", wait=False)
            self.result.clicks += 1
            if not wait:
                return handle
            await self._answered(handle)
            await self._table_edited(before)
            return None
        match = MENTION.search(table.text)
        user = self.by_id.get(int(match.group(1))) if match else None
        if user is None or "My hand" not in table.labels():
            await self._table_edited(before)
            return None
        opened = await user.click(table, "My hand", wait=False)
        self.result.clicks += 1
        await self._answered(opened)
        hand = opened.response
        if hand is None or not hand.ephemeral or not hand.buttons():
            await self._table_edited(before)
            return None
        choice = self._choose(hand)
        if choice is None:  # the hand says it is not this player's move: the table lags
            await self._table_edited(before)
            return None
        last_card = self._holds_one(hand) and is_card(choice)
        handle = await user.click(hand, custom_id=choice["custom_id"], wait=False)
        self.result.clicks += 1
        if is_pick(choice):  # a wild: choose its colour
            await self._answered(handle)
            picked = user.message(hand.id)
            ways = [b for b in picked.buttons() if is_play(b) and not b.get("disabled")]
            if not ways:
                return None
            handle = await user.click(picked, custom_id=self.rng.choice(ways)["custom_id"],
                                      wait=False)
            self.result.clicks += 1
        if not wait:
            return handle
        if last_card and self.kill_on_last_card is not None and self.bot.alive():
            await asyncio.sleep(self.kill_on_last_card)
            await self._kill_and_restart(in_flight=False)
            return None
        await self._answered(handle)
        await self._table_edited(before)
        return None

    @staticmethod
    def _holds_one(hand: SeenMessage) -> bool:
        found = HAND_SIZE.search(title_of(hand))
        return found is not None and found.group(1) == "1"

    def _choose(self, hand: SeenMessage) -> dict[str, Any] | None:
        for group in choices_in_order(hand):
            if group:
                return self.rng.choice(group)
        return None

    # -- killing

    async def _kill_and_restart(self, *, in_flight: bool) -> None:
        await self.kill(in_flight=in_flight)
        await self.restart()

    async def kill(self, *, in_flight: bool) -> None:
        """SIGKILL the bot, between two clicks or (`in_flight`) just after one was sent."""
        result = self.result
        handle = None
        if in_flight and self.bot.alive():
            table = self._table()
            if "wins the match" not in title_of(table):
                handle = await self._one_action(table, wait=False)
            if handle is not None:
                # From "before the bot read it" to "while it saves and answers".
                await asyncio.sleep(self.rng.choice([0, 0.001, 0.003, 0.01, 0.03]))
                result.in_flight_kills += 1
        self.bot.kill()
        await self.bot.wait_dead()
        result.kills += 1
        # Whatever the players sent to the dead bot and it did not answer is lost with it.
        channels = {(u.channel or self.fake.channel).id for u in self.users}
        for record in self.fake.interactions.values():
            if not record.acknowledged and not record.failed and record.channel_id in channels:
                record.failed = True
                self.lost.add(record.id)
                result.lost_clicks += 1

    async def restart(self) -> None:
        """Start the bot again: the saved game holds its cards and the table shows it."""
        await self.bot.start()
        await self._check_saved_game()
        await self.check_table()

    # -- the checks

    async def _answered(self, handle: InteractionHandle) -> None:
        record = handle.record
        try:
            await self.fake.wait_for(lambda: record.acknowledged or record.failed,
                                     ANSWER_TIMEOUT)
        except TimeoutError:
            raise TrialFailed(f"interaction {record.id} to a living bot was never answered "
                              f"({record.payload.get('data')})") from None
        if not record.acknowledged and record.id not in self.lost:
            raise TrialFailed(f"interaction {record.id} failed: {self.fake.violations[-1:]}")

    async def _table_edited(self, before: int) -> None:
        """Wait for the table's next edit (the merged edit after an action); a refused click
        changes nothing, so no edit is not an error here."""
        assert self.table_id is not None
        table = self.fake.messages[self.table_id]
        with contextlib.suppress(TimeoutError):
            await self.fake.wait_for(lambda: len(table.history) > before, EDIT_TIMEOUT)
        await asyncio.sleep(0.02)  # a second edit already under way (the picture) lands too

    async def _wait_message(self, ready: Any) -> SeenMessage:
        viewer = self.users[0]

        def found() -> SeenMessage | None:
            return next((m for m in reversed(viewer.public_messages()) if ready(m)), None)

        try:
            message: SeenMessage = await self.fake.wait_for(found, 5.0)
            return message
        except TimeoutError:
            raise TrialFailed("an expected message did not appear") from None

    async def saved(self) -> Any:
        assert self.game_id is not None
        async with _opened(self.database) as db:
            return await GameRepository(db).load(self.game_id)

    async def _check_saved_game(self) -> None:
        record = await self.saved()
        if record is None:  # the match is over: its row is gone, its records are checked last
            return
        problems = cards_conserved(load(record.data()), record.game_id)
        if problems:
            raise TrialFailed("; ".join(problems))

    async def check_table(self) -> None:
        """The table shows the saved game (after a restart the new bot shows it again); once
        the game is no longer saved (the match is won), the table shows the match's end."""
        record = await self.saved()
        self._follow_table()
        if record is None:
            assert self.table_id is not None
            ended = self.fake.messages[self.table_id]

            def over() -> bool:
                return "wins the match" in title_of(SeenMessage(ended))

            try:
                await self.fake.wait_for(over, EDIT_TIMEOUT)
            except TimeoutError:
                raise TrialFailed(
                    f"after restart {self.bot.starts - 1} the game is no longer saved (the "
                    f"match is over) but its table still shows "
                    f"{SeenMessage(ended).text!r} with its buttons") from None
            return
        saved = Session.from_record(record)
        assert self.table_id is not None
        table = self.fake.messages[self.table_id]

        def current() -> bool:
            return shows_now(SeenMessage(table).text, saved)

        try:
            await self.fake.wait_for(current, EDIT_TIMEOUT)
        except TimeoutError:
            raise TrialFailed(
                f"after restart {self.bot.starts - 1} the table does not show the saved game "
                f"(version {record.version}):\n  table: {SeenMessage(table).text!r}\n"
                f"  saved: {render_table(saved).shown}") from None

    async def _final_checks(self) -> None:
        assert self.game_id is not None
        async with _opened(self.database) as db:
            stats = StatsRepository(db)
            match = await stats.match(self.game_id)
            rounds = await stats.rounds(self.game_id)
            game = await GameRepository(db).load(self.game_id)
        if game is not None:
            raise TrialFailed("the match is won on the table but its game is still saved")
        if match is None:
            raise TrialFailed("the match is won on the table but was not recorded")
        numbers = [r.round for r in rounds]
        self.result.rounds = len(numbers)
        if numbers != list(range(1, match.rounds + 1)):
            raise TrialFailed(f"rounds recorded {numbers}, the match had {match.rounds}")
        for stored in self.fake.messages.values():
            if stored.visible_to is None:
                for payload in [*stored.history, stored.payload]:
                    text = "\n".join(texts_of(payload))
                    leaked = [m for m in self.markers if m in text]
                    if leaked:
                        raise TrialFailed(f"public message {stored.id} shows a hand: {leaked}")

    def _fake_problems(self) -> list[str]:
        problems = [f"Discord would refuse: {v}" for v in self.fake.violations]
        problems += [f"interaction {i.id} of {i.user.name} was never acknowledged"
                     for i in self.fake.unacknowledged() if i.id not in self.lost]
        return problems


@contextlib.asynccontextmanager
async def _opened(database: str | Path) -> AsyncIterator[SqlStore]:
    """The trial's database (SQLite file or PostgreSQL URL), opened for one look."""
    db = await open_database(database)
    try:
        yield db
    finally:
        await db.close()


async def run_trial(seed: int, **options: Any) -> TrialResult:
    """One trial on a fresh fake Discord and database."""
    with tempfile.TemporaryDirectory(prefix="uno-kill-") as folder:
        async with fake_discord_session(check=False) as session:
            return await Trial(session, Path(folder), seed, **options).run()

