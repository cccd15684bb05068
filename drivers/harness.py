"""The real bot on the fake Discord: start it, restart it on the same database, find its
messages as a user sees them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from bot.client import UnoBot
from bot.fake_discord.users import InteractionHandle, SeenMessage, VirtualUser
from bot.outlets.table_pens import PenSource
from bot.settings import Settings
from bot.ui.items import RulesSelect
from drivers.catalogue import en, en_part
from drivers.controls import is_colour, is_pick, is_play, lobby_control
from drivers.fake_session import FakeDiscordSession

# The table's title, "UNO — round 2" while a match runs and "UNO — Ann wins the match!" after it.
ROUND_TITLE = en_part("table.title")
MATCH_OVER_TITLE_END = en("table.match_over", player="\0").split("\0")[1]


class Harness:
    def __init__(self, session: FakeDiscordSession, db_path: Path) -> None:
        self.session = session
        self.fake = session.fake
        self.clock = session.clock
        self.db_path = db_path
        # The bot defers only when an answer is slow (its watchdog): wait for the answer then.
        self.fake.wait_after_defer = 10.0
        self.fake.bot_idle = self._bot_idle  # ... or until the bot is idle without answering
        self.bot: UnoBot | None = None
        # Card emoji: off unless a test is about them (230 uploads would slow every test).
        self.card_emoji = False
        # Open hands that only show the table's news wait while the bot's event loop is busy:
        # off unless a test is about it (a loaded machine would hold up the edits tests wait for).
        self.loop_pressure = False
        # Settings a test changes for the next start (e.g. dev_guild_id=None: global commands).
        self.settings_overrides: dict[str, Any] = {}

    def settings(self) -> Settings:
        options: dict[str, Any] = {"dev_guild_id": self.fake.guild_id,
                                   **self.settings_overrides}
        return Settings(discord_token="fake-token", database_path=self.db_path,
                        log_level="INFO",
                        picture_workers=0,  # drawn in a thread: no processes per test
                        card_emoji=self.card_emoji, **options)

    async def start(self) -> UnoBot:
        # Table edits go out at once (no merging delay): tests wait for what users see instead.
        self.bot = await self.session.start_bot(
            lambda: UnoBot(self.settings(), clock=self.clock, refresh_delay=0, ai_delay=0,
                           loop_pressure=self.loop_pressure))
        return self.bot

    def _bot_idle(self) -> bool:
        """Nothing under way in the bot: no click or command being answered, no table edit."""
        return self.bot is not None and not self.bot.under_way.busy

    async def stop(self) -> None:
        """Stop the bot process (the database stays)."""
        assert self.bot is not None
        await self.session.stop_bot(self.bot)
        self.bot = None

    async def restart(self) -> UnoBot:
        """A new process on the same database (the old one stopped cleanly or not)."""
        await self.stop()
        return await self.start()

    def user(self, name: str, **options: Any) -> VirtualUser:
        return self.session.user(name, **options)

    @staticmethod
    async def pause(seconds: float) -> None:
        """Give the bot a moment where a test checks that something does NOT happen (yet)."""
        await asyncio.sleep(seconds)

    async def settle(self) -> None:
        """Wait until the table edits asked for so far have landed."""
        bot = self.bot
        assert bot is not None
        await self.fake.wait_for(lambda: not bot.table_feed.edits_pending(), timeout=5)

    async def hold_back_table_edit(self, move: Awaitable[object]) -> None:
        """Make `move` with the table's next edit failing, as when the edit has not reached the
        players' screens yet: they still see (and may click) the table of before. The bot
        retries the edit a second later. The edit goes with the bot token meanwhile (not
        through a click's token, issue 29), so that it is the one that fails."""
        assert self.bot is not None
        tables, pens = self.bot.tables, self.bot.tables.pens
        tables.pens = PenSource.NONE
        self.fake.fail_next("PATCH", "/channels/{channel_id}/messages/{message_id}",
                            status=403, code=50013, message="Missing Permissions")
        try:
            await move
            await self.fake.wait_for(lambda: not self.fake.failing(), timeout=3)
        finally:
            tables.pens = pens

    # -- finding messages

    @staticmethod
    def lobby(user: VirtualUser) -> SeenMessage:
        return next(m for m in reversed(user.public_messages())
                    if any(t.startswith(f"### {en('lobby.title')}") for t in m.texts))

    @staticmethod
    def lobby_any(user: VirtualUser) -> SeenMessage:
        """The latest lobby message, whatever the server's language."""
        return next(m for m in reversed(user.public_messages())
                    if m.labels()[:1] and lobby_control(m.buttons()[0]) is not None)

    @staticmethod
    def table(user: VirtualUser) -> SeenMessage:
        def title(m: SeenMessage) -> str:  # the heading of a V2 table
            return next((t.split("\n")[0] for t in m.texts if t.startswith("### ")), "")

        return next(m for m in reversed(user.public_messages())
                    if m.v2 and (title(m).startswith(f"### {ROUND_TITLE}")
                                 or MATCH_OVER_TITLE_END in title(m)))


class Driver:
    """Plays a game through the buttons users see: whoever the table waits for opens their hand
    and presses one of its enabled controls (a random legal one, seeded)."""

    def __init__(self, harness: Harness, users: list[VirtualUser], seed: int = 0) -> None:
        import random

        self.h = harness
        self.users = {str(u.id): u for u in users}
        self.rng = random.Random(seed)
        self.clicks = 0

    def session(self) -> Any:
        assert self.h.bot is not None
        return self.h.bot.games.in_channel(self.h.fake.channel.id)

    def table_message(self, user: VirtualUser, message_id: int) -> SeenMessage:
        return user.message(message_id)

    async def step(self) -> bool:
        """One action by the player the table waits for; False once the match is over."""
        from bot.render.table import waiting_player

        session = self.session()
        if session is None:
            return False
        await self.h.fake.wait_for(lambda: session.message_id is not None, timeout=3)
        message_id = session.message_id
        if session.game.round_over:
            user = next(iter(self.users.values()))
            table = user.message(message_id)
            await self.h.fake.wait_for(lambda: en("button.next_round") in table.labels(), timeout=3)
            await self._click(user, table, en("button.next_round"))
            return True
        waiting = waiting_player(session)
        assert waiting is not None
        user = self.users[waiting]
        table = user.message(message_id)
        # After Next round the table shows its buttons again with the merged edit.
        await self.h.fake.wait_for(lambda: en("button.hand") in table.labels(), timeout=3)
        hand = await opened_hand(self.h, await self._click(user, table, en("button.hand")))
        await self._act_in_hand(user, hand)
        return True

    async def _act_in_hand(self, user: VirtualUser, hand: SeenMessage) -> None:
        buttons = [b for b in hand.buttons() if not b.get("disabled")]
        labels = [b["label"] for b in buttons]
        colours = [b for b in buttons if is_colour(b)]
        answers = (en("button.challenge"), en("button.accept"))
        decisions = [b for b in buttons if b["label"] in answers]
        playable = [b for b in buttons if b.get("style") in (3, 4)]  # green / red (UNO) cards
        if colours:
            choice = self.rng.choice(colours)
        elif decisions:
            choice = self.rng.choice(decisions)
        elif playable:
            choice = self.rng.choice(playable)
        elif en("button.pass") in labels:
            choice = next(b for b in buttons if b["label"] == en("button.pass"))
        else:
            choice = next(b for b in buttons if b["label"] == en("button.draw"))
        handle = await self._click(user, hand, custom_id=choice["custom_id"])
        if is_pick(choice):  # the hand asks: which colour / player?
            picked = handle.response
            assert picked is not None
            colour = self.rng.choice([b for b in picked.buttons() if is_play(b)])
            await self._click(user, picked, custom_id=colour["custom_id"])

    async def _click(self, user: VirtualUser, message: SeenMessage, label: str | None = None, *,
                     custom_id: str | None = None) -> Any:
        self.clicks += 1
        handle = await user.click(message, label, custom_id=custom_id)
        assert handle.acknowledged
        return handle

    async def play_to_end(self, limit: int = 5000) -> None:
        for _ in range(limit):
            if not await self.step():
                return
        raise AssertionError(f"the match did not end within {limit} actions")


async def opened_hand(h: Harness, handle: InteractionHandle) -> SeenMessage:
    """The private hand a click on My hand opened: the click's answer, or, when the bot had no
    answer ready in time and deferred it (`answers.watch`, a busy machine), the follow-up that
    brings the hand."""

    def hand() -> SeenMessage | None:
        response = handle.response
        if response is not None and response.ephemeral:
            return response
        return next((m for m in handle.followups if m.ephemeral), None)

    await h.fake.wait_for(lambda: hand() is not None, timeout=5)
    found = hand()
    assert found is not None
    return found


async def start_game(h: Harness, users: list[VirtualUser],
                     rules: dict[str, str | list[str]] | None = None, **create: Any) -> Any:
    """A lobby by the first user, joined by the others, started by the Start button.

    `rules` are the host's picks in the lobby's rules editor, by group (RULE_GROUPS, and
    "silence"): the option values switched on in that group's select (a group not named keeps
    the preset's options)."""
    host = users[0]
    await host.slash("uno create", **create)
    lobby = h.lobby(host)
    for group, values in (rules or {}).items():
        picked = [values] if isinstance(values, str) else values
        menu = RulesSelect(group, h.fake.channel.id).custom_id
        handle = await host.choose(lobby, *picked, custom_id=menu)
        assert handle.response is not None and not handle.response.ephemeral, \
            f"the rules editor refused {group}={picked}: {handle.response}"
    for user in users[1:]:
        await user.click(lobby, en("button.join"))
    await host.click(lobby, en("button.start"))
    assert h.bot is not None
    session = h.bot.games.in_channel(h.fake.channel.id)
    assert session is not None
    # The Start click is answered with the table; the lobby message is edited after that.
    await h.fake.wait_for(lambda: session.message_id is not None and not lobby.buttons(),
                          timeout=3)
    return session
