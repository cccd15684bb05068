"""The virtual players of benchmarks/bot_load.py (see its docstring), on the fake Discord of
benchmarks/bench_discord.py.

`OpenLoopGame` is one game's players: moves arrive at exponential intervals (open loop), each
made through what the players see (their open hands, kept live by the bot, tell them when it is
their move), with the extras people do (hands re-opened, UNO calls, catches, Rules).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from benchmarks.bench_discord import MENTION, BenchDiscord, BenchUser
from bot.fake_discord.api import MESSAGE
from bot.fake_discord.users import SeenMessage, texts_of
from bot.fake_discord.world import (
    Channel,
    InteractionRecord,
    StoredMessage,
)
from bot.ui.controls import TableControl
from drivers.controls import is_play, kind, table_button

ACK_TIMEOUT = 5.0        # a click without a first response by then is unanswered (Discord: 3 s)
EDIT_TIMEOUT = 5.0       # setting up: a message that does not show what it should by then
APPLY_TIMEOUT = 30.0     # a move the table has not shown by then counts as not applied
TOKEN_LIFETIME = 14 * 60.0  # a hand older than this is re-opened (the token lives 15 min)
NOTICE_WAIT = 5.0        # no hand or ping told anyone of their move by then: the table is read
# What an open hand says when it is its player's move (or a decision of theirs): the prompts of
# hand.your_move, hand.decide.* (English, the fake's users' language).
YOUR_TURN = ("**Your move!**", "**Your decision:**", "**Hands on the table!**")

# The extras, per move (assumptions about people, stated in bot_load.py's docstring).
READ_HAND = (0.5, 1.5)   # seconds between a hand appearing and its card being clicked
PEEK = 0.3               # another player opens their hand to look at it while waiting
RULES = 0.01             # someone clicks Rules
TABLE_UNO = 0.5          # a player about to go down to one card calls UNO! on the table first
CARD_UNO = 0.8           # ... else plays the card with the call, when the hand offers it
CATCH = 0.3              # each other player clicks Catch! while it is on offer
CATCH_DELAY = (0.5, 3.0)

PLAYER_LINE = re.compile(r"^[▶•] (.+?) — (\d+) cards?")  # "▶ Ann — 2 cards · 0 pts"


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
    notice: float | None = None    # the next player's hand (or ping) said it is their move
    unnoticed: bool = False        # ... not within NOTICE_WAIT: the table was read instead


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
        # Set by the fake on an edit of the game's hands or table, or a message in its channel.
        self.heard = asyncio.Event()
        fake.listeners[channel.id] = self.heard
        self.last_click = -math.inf  # when the game's last move was clicked

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
        self.fake.listeners[table.id] = self.heard
        self.last_click = time.perf_counter()  # what was said before the game is not for it
        for user in self.users:
            user.hand_id, user.hand_seen = None, -math.inf
        # Everyone opens their hand as the game starts (their cards are there), and keeps it
        # open: its live edits tell them when it is their move.
        await asyncio.gather(*(self._open_at_start(user, table) for user in self.users))
        return True

    async def _open_at_start(self, user: BenchUser, table: StoredMessage) -> None:
        """Open the hand; a click that met the first table's buttons just as its first edit
        renewed them is refused as out of date: opened again from the edited table."""
        looked = time.perf_counter()
        if await self.open_hand(user, table, "hand") is None and await self.fake.wait_edit(
                table.id, looked, EDIT_TIMEOUT) is not None:
            await self.open_hand(user, table, "hand")

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
        """One arrival. Moves of a game take turns: an arrival while the previous move's next
        player has not yet heard of it waits for it (people learn that it is their turn from
        their open hand's live edit, or a ping), so a slow bot builds a queue of moves instead
        of slowing the arrivals down."""
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
        told = await self.hear(self.last_click, NOTICE_WAIT)  # at once, unless nobody heard yet
        table = self.fake.messages[self.table_id]
        seen = SeenMessage(table)
        if "Next round" in seen.labels():
            move.kind = "next"
            await self.act(move, self.rng.choice(self.users), table.id, label="Next round")
            # The round's end keeps its message; the new round is a table of its own.
            self.table_id = self._newest_table() or self.table_id
            self.fake.listeners[self.table_id] = self.heard
            return
        if told is not None:
            user: BenchUser | None = told[0]
        else:  # no hand or ping said it: the table names whom it waits for
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
        """The user's hand: the one on screen, kept up to date by the bot's live edits, while
        it has controls and its token lives; else opened again ("My hand")."""
        now = time.perf_counter()
        hand = self.fake.messages.get(user.hand_id or 0)
        if (hand is not None and not hand.deleted and SeenMessage(hand).buttons()
                and now - user.hand_opened < TOKEN_LIFETIME):
            return hand
        return await self.open_hand(user, table, "hand")

    def told(self, since: float) -> tuple[BenchUser, float] | None:
        """The player told since `since` that it is their move, and when: by their open hand
        (its text, as edited last) or by a ping in the channel."""
        for user in self.users:
            hand = self.fake.messages.get(user.hand_id or 0)
            if hand is not None and not hand.deleted:
                shown = max(self.fake.last_edit(hand.id), user.hand_seen)
                text = "\n".join(texts_of(hand.payload))
                if shown >= since and any(prompt in text for prompt in YOUR_TURN):
                    return user, shown
            pinged = self.fake.pinged_at.get((self.channel.id, user.id), -math.inf)
            if pinged >= since:
                return user, pinged
        return None

    def round_over(self) -> bool:
        table = self.fake.messages.get(self.table_id or 0)
        return table is not None and ("Next round" in SeenMessage(table).labels()
                                      or "wins the match" in title_of(table))

    async def hear(self, since: float, timeout: float) -> tuple[BenchUser, float] | None:
        """Wait until a player is told it is their move (see `told`), or the table shows the
        round's end, for `timeout` seconds at most."""
        deadline = time.perf_counter() + timeout
        while True:
            self.heard.clear()
            told = self.told(since)
            if told is not None or self.round_over():
                return told
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.heard.wait(), remaining)

    async def open_hand(self, user: BenchUser, table: StoredMessage,
                        kind: str) -> StoredMessage | None:
        opened = await self.click(user, table.id, kind, "My hand")
        if opened is None or opened.original_message_id is None:
            return None
        hand = self.fake.messages.get(opened.original_message_id)
        if hand is None or not SeenMessage(hand).buttons():
            return None  # a refusal ("not in this game") or a hand with nothing to press
        self.fake.listeners[hand.id] = self.heard  # its live edits
        user.hand_id, user.hand_opened = hand.id, self.fake.clicked_at[opened.id]
        user.hand_seen = self.fake.acked_at.get(opened.id, time.perf_counter())
        return hand

    async def act_in_hand(self, move: Move, user: BenchUser, hand: StoredMessage) -> None:
        """Like drivers/harness.py's Driver: a colour, a decision, a playable card (with the
        UNO call or without), else Pass, else Draw; a card that needs a choice (a wild's
        colour) opens the choices first."""
        # Each control read once (drivers/controls.py: through the bot's own items).
        buttons = [(b, kind(b)) for b in SeenMessage(hand).buttons() if not b.get("disabled")]
        colours = [b for b, k in buttons if k == "color"]
        decisions = [b for b, k in buttons if k in ("challenge", "accept")]
        playable = [b for b, k in buttons if b.get("style") in (3, 4) and k in ("card", "pick")]
        calling = [b for b in playable if b.get("style") == 4]
        if calling and self.rng.random() < CARD_UNO:
            playable = calling
        passes = [b for b, k in buttons if k == "pass"]
        draws = [b for b, k in buttons if k == "draw"]
        for group in (colours, decisions, playable, passes, draws):
            if group:
                choice = self.rng.choice(group)
                break
        else:
            move.skipped = "nothing to press"
            return
        pressed = kind(choice)
        if pressed == "pick":  # the hand is redrawn with the choices
            redrawn = await self.click(user, hand.id, "pick", custom_id=choice["custom_id"])
            if redrawn is None or redrawn.ack_type == MESSAGE:
                move.refused = redrawn is not None
                return
            choices = [b for b in SeenMessage(hand).buttons()
                       if not b.get("disabled") and is_play(b)]
            if not choices:
                self.stats.errors.append(f"no choice offered in {SeenMessage(hand).labels()}")
                return
            choice, pressed = self.rng.choice(choices), "card"
        self.stats.pressed[pressed] += 1
        await self.act(move, user, hand.id, custom_id=choice["custom_id"])

    async def act(self, move: Move, user: BenchUser, message_id: int, *,
                  label: str | None = None, custom_id: str | None = None) -> None:
        """Click the move's control; applied once the table shows a changed state (waited for
        in the background); the game's next move may go once the next player heard of it."""
        assert self.table_id is not None
        table = self.fake.messages[self.table_id]
        before = table_state(table)
        record = await self.click(user, message_id, "action", label, custom_id=custom_id)
        if record is None:
            move.settled = True
            return
        move.clicked = self.fake.clicked_at[record.id]
        if record.ack_type == MESSAGE and record.source_message_id != table.id:  # a refusal
            move.refused = move.settled = True
            return
        user.hand_seen = self.fake.acked_at[record.id]
        # The bot applies the move before it answers, and may tell the next player before the
        # answer arrives: what their hand (or a ping) says after the click counts.
        self.last_click = move.clicked
        self.spawn(self._applied(move, user, table, before))
        if move.kind == "play":
            told = await self.hear(move.clicked, NOTICE_WAIT)
            if told is not None:
                move.notice = told[1] - move.clicked
            elif not self.round_over():
                move.unnoticed = True

    async def _applied(self, move: Move, user: BenchUser, table: StoredMessage,
                       before: str) -> None:
        try:
            await self._on_table(move, user, table, before)
        finally:
            move.settled = True

    async def _on_table(self, move: Move, user: BenchUser, table: StoredMessage,
                        before: str) -> None:
        assert move.clicked is not None
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
        return table_button(SeenMessage(table), TableControl.CATCH) is not None

    async def catch(self, user: BenchUser, table: StoredMessage) -> None:
        await asyncio.sleep(self.rng.uniform(*CATCH_DELAY))
        button = table_button(SeenMessage(table), TableControl.CATCH)
        if button is not None:
            await self.click(user, table.id, "catch", custom_id=button["custom_id"])

    async def finish(self, timeout: float) -> None:
        """Let the moves in flight end (answered, applied or timed out), then cancel the rest."""
        if self.tasks:
            _, still = await asyncio.wait(set(self.tasks), timeout=timeout)
            for task in still:
                task.cancel()
