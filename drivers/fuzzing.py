"""A seeded random driver of the real bot through the fake Discord (issue 14, "make it stay
fixed"), shared by tests/bot/test_fuzz.py (a small budget) and benchmarks/fuzz.py (thousands of
steps).

Each step picks at random among what Discord's users and Discord itself can do:

- a user clicks any enabled button or uses any select they can see, on the current messages or
  on older ones (stale tables, lobbies, hands and answers), never a forged id;
- a user runs a random slash command with random options, built from the synced schema;
- a double click: the same control twice without waiting, then both are waited for;
- "progress": the player the table names opens their hand and plays (as drivers/harness.py's
  Driver does), a lobby is joined or started, or a match created, so games get to their end;
- a bot restart on the same database; a gateway drop and RESUME; 429s injected on the next
  requests of a route the bot uses (few enough for discord.py's retries to get through);
- the fake clock moves ahead (turn timers, lobby expiry).

After every step the invariants are checked: no call Discord would refuse, every interaction
acknowledged in time, no error logged by the bot or discord.py, cards conserved in every running
game (hands + draw pile + discard pile = the rule set's deck, by card), the state in memory is the
state saved, and no public message (any version of it) shows a hand.

Game seeds and ids come from the driver's seed (the bot draws them from `secrets`, patched here),
so a seed replays the same decks; timing can still order concurrent clicks differently.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from bot.client import UnoBot
from bot.engine import dump
from bot.fake_discord.users import (
    BOOLEAN,
    CHANNEL,
    INTEGER,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    InteractionHandle,
    SeenMessage,
    VirtualUser,
    texts_of,
)
from bot.i18n import get_translator
from bot.render.table import render_table
from bot.services import games as games_module
from bot.ui.controls import LobbyControl, TableControl
from drivers.controls import (
    choices_in_order,
    decision,
    hand_only,
    is_card,
    is_colour,
    is_pick,
    is_play,
    lobby_button,
    lobby_control,
    table_button,
    table_control,
)
from drivers.fake_session import FakeDiscordSession, fake_discord_session
from drivers.harness import Harness
from drivers.screen import shows_now

REFRESH_DELAY = 0.01
MARKDOWN = "*_~`|>"
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# Names that break a message shown raw: markdown, a right-to-left override, zero-width space.
HOSTILE_NAMES = ["**Ann**", "\u202eboB", "Ci\u200bd", "Mod_`x`|"]
TABLE_CHECK_EVERY = 10  # steps between checks that each table shows its game
MENTION = re.compile(r"<@!?(\d+)>")

# Routes the bot calls, for injected 429s (the fake's route templates).
RATE_LIMITED_ROUTES = (
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),     # table and lobby edits
    ("POST", "/channels/{channel_id}/messages"),                   # a table posted again
    ("POST", "/interactions/{interaction_id}/{token}/callback"),   # first answers
    ("POST", "/webhooks/{application_id}/{token}"),                # follow-ups
    ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}"),  # hand pictures
)
RETRY_AFTERS = (0.01, 0.05, 0.2)  # the retry_after of an injected 429, seconds
RETRY_AFTER_MAX = max(RETRY_AFTERS)

# How often each kind of step is picked.
WEIGHTS: dict[str, int] = {
    "progress": 45, "click": 30, "slash": 12, "double": 8, "restart": 2, "reconnect": 2,
    "rate_limit": 4, "clock": 2, "say": 2, "restart_now": 0, "race": 0,
    "lobby_race": 0,
}
# Mixes aimed at one fault each (benchmarks/fuzz.py --mode race / heavy429).
RACE_WEIGHTS = {"progress": 30, "lobby_race": 40, "race": 10, "slash": 10, "click": 10}
HEAVY_429_WEIGHTS = {"progress": 60, "rate_limit": 30, "click": 10}


def private_markers() -> list[str]:
    """Fixed parts of every text that shows cards to their owner only, in every language (a
    server may switch its tables' language): the hand's title, and the private sentences
    (dealt, drew, shown, received, offered)."""
    tr = get_translator()
    private = ("hand.title", "you.dealt", "you.drew", "you.hand_shown", "you.swap_received",
               "you.swap_offered")
    templates: list[str] = []
    public: list[str] = []  # the texts of the table and the lobby, whose words tell nothing
    for locale in tr.locales:
        for key in tr.keys(locale):
            if key.startswith(("hand.", "you.", "why.", "error.")) and key not in private:
                continue  # a player's own answers
            message = tr.message(locale, key)
            forms = [message] if isinstance(message, str) else list((message or {}).values())
            (templates if key in private else public).extend(str(form) for form in forms)
    markers = {part for template in templates for part in re.split(r"\{[a-z]+\}", template)
               if len(part.strip()) > 5}
    # A part a public text has too (" cartas" of «{count} cartas») is no sign of a hand.
    return sorted(m for m in markers if not any(m in text for text in public))


class _Secrets:
    """Stands in for `secrets` in the game manager: game seeds and ids from the run's seed."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)

    def token_hex(self, nbytes: int = 32) -> str:
        return self._rng.getrandbits(nbytes * 8).to_bytes(nbytes, "big").hex()


@dataclass
class Figures:
    steps: int = 0
    clicks: int = 0
    stale_clicks: int = 0
    slash: int = 0
    double: int = 0
    restarts: int = 0
    reconnects: int = 0
    rate_limits: int = 0
    clock_jumps: int = 0
    games_started: int = 0
    rounds_recorded: int = 0
    matches_recorded: int = 0
    kinds: Counter[str] = field(default_factory=Counter)


class FuzzHarness(Harness):
    """The harness with a short merged-edit delay (the bot's `refresh_delay`), so that a step
    that waits for the table costs 10 ms instead of 250."""

    async def start(self) -> UnoBot:
        self.bot = await self.session.start_bot(
            lambda: UnoBot(self.settings(), clock=self.clock, refresh_delay=REFRESH_DELAY,
                           loop_pressure=False))
        return self.bot


class Failure(AssertionError):
    """An invariant broke: what, at which step of which seed, after which action."""

    def __init__(self, seed: int, step: int, action: str, problems: list[str]) -> None:
        self.seed, self.step, self.action, self.problems = seed, step, action, problems
        super().__init__(f"seed {seed}, step {step} ({action}):\n" + "\n".join(problems))


class Fuzzer:
    """The random driver over one harness (a fake Discord, a bot, a database)."""

    def __init__(self, h: Harness, users: list[VirtualUser], seed: int, *,
                 weights: dict[str, int] | None = None, stack_429s: bool = False,
                 check_names: bool = False) -> None:
        """`weights` overrides WEIGHTS (a kind left out is never picked); `stack_429s` lets
        injected 429s pile up on a route beyond what discord.py's retries get through;
        `check_names` checks that users' names are never shown raw (see names_shown_raw)."""
        self.h = h
        self.users = users
        self.by_id = {u.id: u for u in users}
        self.seed = seed
        self.rng = random.Random(seed)
        self.weights = dict(weights or WEIGHTS)
        self.stack_429s = stack_429s
        self.check_names = check_names
        self._names_checked: dict[int, int] = {}
        self.figures = Figures()
        self.markers = private_markers()
        self._checked: dict[int, int] = {}  # public message id -> versions checked
        self._games_seen: set[str] = set()
        self.last_action = "start"
        self.log: list[str] = []
        self._429s_before_jump = 0  # the fake's 429 answers when the clock last jumped

    # -- running

    async def run(self, steps: int) -> Figures:
        for _ in range(steps):
            await self.step()
        await self.quiet()
        await self.check()
        await self.count_records()
        return self.figures

    async def count_records(self) -> None:
        """Rounds and matches recorded in the database so far."""
        bot = self.h.bot
        if bot is None:
            return
        async with bot.db.read() as conn:
            rounds = await conn.execute_fetchall("SELECT count(*) FROM rounds")
            matches = await conn.execute_fetchall("SELECT count(*) FROM matches")
        self.figures.rounds_recorded = int(list(rounds)[0][0])
        self.figures.matches_recorded = int(list(matches)[0][0])

    async def step(self) -> None:
        kinds = list(self.weights)
        kind = self.rng.choices(kinds, [self.weights[k] for k in kinds])[0]
        self.figures.steps += 1
        self.figures.kinds[kind] += 1
        self.last_action = kind
        await getattr(self, f"_do_{kind}")()
        self.log.append(self.last_action)
        await self.check()

    def note(self, text: str) -> None:
        self.last_action = text

    # -- the steps

    def _controls(self, user: VirtualUser) -> list[tuple[SeenMessage, dict[str, Any]]]:
        found = []
        for message in user.messages():
            if message.loading:
                continue
            for button in message.buttons():
                if not button.get("disabled") and button.get("custom_id") \
                        and button.get("style") != 5:
                    found.append((message, button))
            for menu in message.selects():
                if not menu.get("disabled"):
                    found.append((message, menu))
        return found

    def _pick_control(self, user: VirtualUser) -> tuple[SeenMessage, dict[str, Any]] | None:
        controls = self._controls(user)
        if not controls:
            return None
        newest = max(m.id for m, _ in controls)
        if self.rng.random() < 0.5:  # mostly what is current: the newest messages
            recent = sorted({m.id for m, _ in controls})[-3:]
            current = [c for c in controls if c[0].id in recent]
            controls = current or controls
        message, control = self.rng.choice(controls)
        if message.id != newest:
            self.figures.stale_clicks += 1
        return message, control

    async def _press(self, user: VirtualUser, message: SeenMessage, control: dict[str, Any],
                     *, wait: bool = True) -> InteractionHandle:
        self.figures.clicks += 1
        custom_id = control["custom_id"]
        if control.get("type") == 2:
            self.note(f"{user.name} clicks {control.get('label')!r} [{custom_id}] on "
                      f"{message.id}")
            return await user.click(message, custom_id=custom_id, wait=wait)
        options = [o["value"] for o in control.get("options") or []]
        low = int(control.get("min_values", 1))
        high = min(int(control.get("max_values", 1)), len(options))
        values = self.rng.sample(options, self.rng.randint(low, max(low, high)))
        self.note(f"{user.name} chooses {values} [{custom_id}] on {message.id}")
        return await user.choose(message, *values, custom_id=custom_id, wait=wait)

    async def _do_click(self) -> None:
        user = self.rng.choice(self.users)
        picked = self._pick_control(user)
        if picked is None:
            self.note(f"{user.name} sees nothing to click")
            return
        await self._press(user, *picked)

    async def _do_double(self) -> None:
        user = self.rng.choice(self.users)
        picked = self._pick_control(user)
        if picked is None:
            return
        self.figures.double += 1
        first = await self._press(user, *picked, wait=False)
        second = await self._press(user, *picked, wait=False)
        self.note(f"double: {self.last_action}")
        await asyncio.gather(first.wait_acknowledged(), second.wait_acknowledged())

    async def _do_race(self) -> None:
        """Two or three users press what they see at the same moment (Join against Start, a
        card against Leave...), then every answer is waited for."""
        pressed = []
        for user in self.rng.sample(self.users, self.rng.randint(2, 3)):
            picked = self._pick_control(user)
            if picked is not None:
                pressed.append((user, *picked))
        handles = [await self._press(u, m, c, wait=False) for u, m, c in pressed]
        self.note("race: " + "; ".join(f"{u.name} presses {c['custom_id']}"
                                       for u, _, c in pressed))
        await asyncio.gather(*(h.wait_acknowledged() for h in handles))

    async def _do_say(self) -> None:
        """A user writes in the channel (H-5: a silence penalises players who speak)."""
        user = self.rng.choice(self.users)
        self.note(f"{user.name} writes in the channel")
        await user.say("uno?")
        await asyncio.sleep(0.01)

    async def _do_lobby_race(self) -> None:
        """On the newest lobby, two or three users press Join, Leave or Start at the same
        moment (issue 14 item 2); a lobby is created first if there is none to race on."""
        public = self.users[0].public_messages()
        lobby = public[-1] if public else None
        if lobby is None or lobby_button(lobby, LobbyControl.START) is None:
            await self._do_progress()
            return
        pressed = []
        for user in self.rng.sample(self.users, self.rng.randint(2, 3)):
            what = self.rng.choice([LobbyControl.JOIN, LobbyControl.LEAVE, LobbyControl.START])
            button = lobby_button(lobby, what)
            if button is not None:
                pressed.append((user, button))
        self.note("lobby race: " + "; ".join(f"{u.name} presses {b['custom_id']}"
                                             for u, b in pressed))
        handles = []
        for user, button in pressed:
            self.figures.clicks += 1
            handles.append(await user.click(lobby, custom_id=button["custom_id"], wait=False))
        await asyncio.gather(*(h.wait_acknowledged() for h in handles))

    async def _do_slash(self) -> None:
        user = self.rng.choice(self.users)
        commands = self.h.fake.guild_commands + self.h.fake.global_commands
        paths: list[tuple[list[str], dict[str, Any]]] = []
        for top in commands:
            if top.get("type", 1) != 1:
                continue
            paths.extend(self._leaves([top["name"]], top))
        path, node = self.rng.choice(paths)
        options: dict[str, Any] = {}
        for option in node.get("options") or []:
            if option.get("required") or self.rng.random() < 0.5:
                options[option["name"]] = self._value(option)
        command = " ".join(path)
        self.note(f"{user.name} runs /{command} {options}")
        try:
            handle = await user.slash(command, **options)
        except PermissionError:
            self.note(f"{user.name} may not run /{command}")
            return
        self.figures.slash += 1
        # A lobby's or a table's answer: wait until it is on screen (the id is set after it).
        if command == "uno create" and handle.response is not None:
            await asyncio.sleep(0.05)

    def _leaves(self, path: list[str], node: dict[str, Any]
                ) -> Iterator[tuple[list[str], dict[str, Any]]]:
        subs = [o for o in node.get("options") or []
                if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            yield path, node
        for sub in subs:
            yield from self._leaves([*path, sub["name"]], sub)

    def _value(self, option: dict[str, Any]) -> Any:
        kind = option["type"]
        if option.get("choices"):
            return self.rng.choice(option["choices"])["value"]
        if kind in (INTEGER, NUMBER):
            low, high = option.get("min_value", 0), option.get("max_value", 1000)
            if option["name"] == "turn_timer" and self.rng.random() < 0.6:
                return 0  # most games without a timer, so they can be played to their end
            if option["name"] == "target" and self.rng.random() < 0.7:
                return low  # short matches: rounds and match ends get recorded
            return self.rng.choice([low, high, self.rng.randint(int(low), int(high))])
        if kind == BOOLEAN:
            return self.rng.random() < 0.5
        if kind == USER:
            return self.rng.choice(self.users)
        if kind == STRING:
            return self.rng.choice(["x", "UNO", "**bold**"])
        if kind == CHANNEL:  # the fake guild's one channel (a tournament's boards)
            return self.h.fake.channel
        if kind == ROLE:  # a role of the server, @everyone too (a tournament role)
            return self.rng.choice(self.h.fake.roles or [self.h.fake.everyone])
        raise NotImplementedError(f"option type {kind}")

    async def _do_progress(self) -> None:
        """What a patient table of players would do next (once the table shows the game as
        it is: a player looks at the table after its merged edit has landed)."""
        await self.table_edits_landed()
        viewer = self.users[0]
        public = viewer.public_messages()
        table = next((m for m in reversed(public) if any(
            table_control(b) is not None for b in m.buttons())), None)
        lobby = next((m for m in reversed(public) if any(
            lobby_control(b) is not None for b in m.buttons())), None)
        newest = max((m.id for m in (table, lobby) if m is not None), default=0)
        if table is not None and table.id == newest:
            await self._play(table)
        elif lobby is not None and lobby.id == newest:
            user = self.rng.choice(self.users)
            what = self.rng.choice([LobbyControl.JOIN, LobbyControl.JOIN, LobbyControl.START])
            button = lobby_button(lobby, what)
            if button is None:
                return
            self.note(f"{user.name} clicks {what} on the lobby")
            self.figures.clicks += 1
            await user.click(lobby, custom_id=button["custom_id"])
        else:
            host = self.rng.choice(self.users)
            preset = self.rng.choice(["classic", "classic", "cnuno", "flip", "no_mercy"])
            self.note(f"{host.name} creates a {preset} match to 50")
            self.figures.slash += 1
            await host.slash("uno create", preset=preset, turn_timer=0, target=50)

    async def _play(self, table: SeenMessage) -> None:
        """Buttons are found by what their id says they do, so a table in any language
        (/uno settings server_language) is played alike."""
        for what in (TableControl.NEXT, TableControl.SLAP):  # Next round; H-8: hands down
            button = table_button(table, what)
            if button is not None:
                user = self.rng.choice(self.users)
                self.note(f"{user.name} clicks {what} on the table")
                self.figures.clicks += 1
                await user.click(table, custom_id=button["custom_id"])
                return
        match = MENTION.search(table.text)
        named = self.by_id.get(int(match.group(1))) if match else None
        mine = table_button(table, TableControl.HAND)
        if named is None or mine is None:
            self.note("the table names nobody")
            return
        user = named
        self.note(f"{user.name} opens their hand")
        self.figures.clicks += 1
        opened = await user.click(table, custom_id=mine["custom_id"])
        hand = opened.response
        if hand is None or not hand.ephemeral or not hand.buttons():
            return
        await self._act_in_hand(user, hand)

    async def _act_in_hand(self, user: VirtualUser, hand: SeenMessage) -> None:
        buttons = [b for b in hand.buttons() if not b.get("disabled")]
        # Else anything but a page turn or a why: a control a player would press.
        others = [b for b in buttons if is_colour(b) or is_card(b) or decision(b)]
        for group in (*choices_in_order(hand), others):
            if group:
                choice = self.rng.choice(group)
                break
        else:
            return
        handle = await self._press(user, hand, choice)
        if is_pick(choice) and handle.response is not None:
            picked = user.message(hand.id)
            ways = [b for b in picked.buttons() if is_play(b) and not b.get("disabled")]
            if ways:
                await self._press(user, picked, self.rng.choice(ways))

    async def table_edits_landed(self, timeout: float = 20.0) -> None:
        """Wait until the bot's merged table edits are done (a table whose picture only waits
        for its moment is done): a failed edit is retried with backoff (1, 2, 4, 8 s...), so
        after a pile of 429s this takes a while; the table must be current once they are
        done."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (loop.time() < deadline and self.h.bot is not None
               and self.h.bot.table_feed.edits_pending()):
            await asyncio.sleep(0.01)

    async def _do_restart(self) -> None:
        """A clean restart: once what the last answers started (table edits) has landed."""
        self.figures.restarts += 1
        self.note("the bot restarts")
        await self.quiet()
        await self.h.restart()

    async def _do_restart_now(self) -> None:
        """A restart at once, while table edits may still be on their way."""
        self.figures.restarts += 1
        self.note("the bot restarts at once")
        await self.h.restart()

    async def quiet(self, timeout: float = 5.0) -> None:
        await quiet(timeout, self.h.bot)

    async def _do_reconnect(self) -> None:
        self.figures.reconnects += 1
        self.note("the gateway drops and the bot resumes")
        gateway = self.h.fake.gateway
        await gateway.drop_connections()
        await asyncio.sleep(self.rng.uniform(0, 0.05))
        await gateway.restore()

    async def _do_rate_limit(self) -> None:
        method, route = self.rng.choice(RATE_LIMITED_ROUTES)
        # Stacked: often more in a row than discord.py's 5 tries (issue 14 item 3).
        times = self.rng.randint(3, 7) if self.stack_429s else self.rng.randint(1, 2)
        # Few enough in a row for discord.py's retries (5 tries) to get through: a route that
        # still has some pending gets no more (exhausted retries are issue 14 item 3).
        if not self.stack_429s and any(i.method == method and i.route == route
                                       and i.remaining > 0 for i in self.h.fake.gate.injected):
            self.note(f"{method} {route} is still rate limited")
            return
        retry_after = self.rng.choice(RETRY_AFTERS)
        self.figures.rate_limits += 1
        self.note(f"the next {times} {method} {route} get 429 (retry after {retry_after} s)")
        self.h.fake.inject_429(method, route, times=times, retry_after=retry_after)

    async def _do_clock(self) -> None:
        seconds = self.rng.choice([5, 31, 61, 95, 301, 601, 3601, 86401])
        self.figures.clock_jumps += 1
        self.note(f"the clock moves {seconds} s ahead")
        # Only between bursts of work: a jump under a running handler would age its token by
        # hours within a millisecond of real time (the fake would rightly refuse its edits).
        await self.quiet()
        await self._retries_sent()
        self.h.clock.advance(seconds)
        await asyncio.sleep(0.05)  # let due timers run

    async def _retries_sent(self) -> None:
        """Wait until no request answered 429 is still to be sent again. discord.py sleeps the
        429's retry_after (0.2 s at most here) in the task that made the request, which
        `quiet` cannot tell from a task at rest (a live hand's, one switching a hand off): a
        jump meanwhile would age that request's token by hours before it is sent again (seen
        once: a hand's edit refused as 60 minutes old)."""
        fake = self.h.fake
        while len(fake.rate_limited) != self._429s_before_jump:
            self._429s_before_jump = len(fake.rate_limited)
            await asyncio.sleep(RETRY_AFTER_MAX + 0.05)
            await self.quiet()

    # -- the invariants

    async def check(self) -> None:
        problems = await self.problems()
        if not problems and self.figures.steps % TABLE_CHECK_EVERY == 0:
            problems = await self.tables_show_their_games()
        if problems:
            raise Failure(self.seed, self.figures.steps, self.last_action, problems)

    async def problems(self) -> list[str]:
        session = self.h.session
        problems = session.problems()
        problems += self.hand_in_public()
        if self.check_names:
            problems += self.names_shown_raw()
        bot = self.h.bot
        if bot is None:
            return problems
        for game in list(bot.games._sessions.values()):
            self._count(game)
            problems += cards_conserved(game.game, game.game_id)
            if not game.lock.locked():
                record = await bot.games._repo.load(game.game_id)
                if record is not None and record.version == game.game.version \
                        and record.data() != dump(game.game):
                    problems.append(f"game {game.game_id}: the saved state differs from the "
                                    f"one in memory at version {record.version}")
        return problems

    async def tables_show_their_games(self) -> list[str]:
        """Once the merged edits have landed, every running game's table shows the game as it
        is (its text: the turn, the players' card counts, the scores, what happened)."""
        bot = self.h.bot
        if bot is None:
            return []
        await self.table_edits_landed()
        problems = []
        for game in list(bot.games._sessions.values()):
            if game.message_id is None or game.lock.locked():
                continue
            stored = self.h.fake.messages.get(game.message_id)
            if stored is None or stored.deleted:
                problems.append(f"game {game.game_id}: its table message is gone")
                continue
            got = SeenMessage(stored).text
            if not shows_now(got, game):
                problems.append(f"game {game.game_id} at version {game.game.version}: the "
                                f"table shows {got!r} instead of {render_table(game).shown}")
        return problems

    def _count(self, game: Any) -> None:
        if game.game_id not in self._games_seen:
            self._games_seen.add(game.game_id)
            self.figures.games_started += 1

    def names_shown_raw(self) -> list[str]:
        """A name with markdown must be shown escaped (never as formatting), and bidi or
        zero-width characters of a name must not reach a public message (issue 14 item 7)."""
        problems = []
        raw = [u.name for u in self.users if set(u.name) & set(MARKDOWN)]
        invisible = {c for u in self.users for c in u.name if c in INVISIBLE}
        for stored in self.h.fake.messages.values():
            if stored.visible_to is not None:
                continue
            versions = [*stored.history, stored.payload]
            for payload in versions[self._names_checked.get(stored.id, 0):]:
                text = "\n".join(texts_of(payload))
                shown = [n for n in raw if n in text]
                hidden = sorted(f"U+{ord(c):04X}" for c in invisible if c in text)
                if shown or hidden:
                    problems.append(f"public message {stored.id} shows names raw: {shown} "
                                    f"{hidden}: {text[:200]}")
            self._names_checked[stored.id] = len(versions)
        return problems

    def hand_in_public(self) -> list[str]:
        problems = []
        for stored in self.h.fake.messages.values():
            if stored.visible_to is not None:
                continue
            versions = [*stored.history, stored.payload]
            start = self._checked.get(stored.id, 0)
            for payload in versions[start:]:
                text = "\n".join(texts_of(payload))
                leaked = [m for m in self.markers if m in text]
                hand_ids = [c["custom_id"] for c in SeenMessage(stored).buttons()
                            if hand_only(c)]
                if leaked or hand_ids:
                    problems.append(f"public message {stored.id} shows a hand: "
                                    f"{leaked or hand_ids}: {text[:200]}")
            self._checked[stored.id] = len(versions)
        return problems


async def quiet(timeout: float = 5.0, bot: UnoBot | None = None) -> None:
    """Wait until nothing a click or command started is still running in the bot: no
    handler (discord.py names their tasks), no merged table edit, no event handler, and (with
    `bot`) no timer whose callback is under way (a lobby's expiry, a turn timer). A table whose
    text is current and whose picture only waits for its moment is quiet."""
    busy = ("CommandTree-invoker", "discord-ui-", "discord.py: on_",
            *(("table ",) if bot is None else ()))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        sleeping = set(bot.timers._tasks.values()) if bot is not None else set()
        running = [t for t in asyncio.all_tasks() if not t.done() and (
            t.get_name().startswith(busy)
            or (bot is not None and t.get_name().startswith("timer ") and t not in sleeping))]
        if not running and not (bot is not None and bot.table_feed.edits_pending()):
            return
        await asyncio.sleep(0.02)


def cards_conserved(game: Any, game_id: str) -> list[str]:
    """C-1 (F-1 for Flip): hands + draw pile + discard pile hold exactly the rule set's deck."""
    seen = Counter(c.code for c in [*game.draw_pile, *game.discard]
                   + [c for hand in game.hands for c in hand])
    deck = Counter(c.code for c in game._new_deck())
    if seen == deck:
        return []
    return [f"game {game_id}: cards not conserved: gained {dict(seen - deck)}, "
            f"lost {dict(deck - seen)} ({sum(seen.values())} of {sum(deck.values())})"]


@contextlib.asynccontextmanager
async def fuzz_harness(db_path: Path, seed: int, players: int = 4,
                       names: list[str] | None = None
                       ) -> AsyncIterator[tuple[Harness, list[VirtualUser], FakeDiscordSession]]:
    """A fake Discord (unchecked at the end: the fuzzer checks after every step), the bot on a
    fresh database, and `players` users (the last may manage the channel and the server);
    `names` gives them other names than Fuzz0, Fuzz1 ... Mod."""
    rng = random.Random(f"secrets-{seed}")
    names = names or [f"Fuzz{i}" for i in range(players - 1)] + ["Mod"]
    with mock.patch.object(games_module, "secrets", _Secrets(rng)):
        async with fake_discord_session(check=False) as session:
            h = FuzzHarness(session, db_path)
            users = [h.user(name) for name in names[:-1]]
            users.append(h.user(names[-1], permissions=["manage_channels", "manage_guild"]))
            await h.start()
            try:
                yield h, users, session
            finally:
                # What the last clicks started ends here, not in the next run's logs.
                await quiet(bot=h.bot)
                if h.bot is not None:
                    await h.stop()
