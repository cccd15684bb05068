"""Turn pings: a mention that actually notifies the player the table waits for.

Discord notifies a mention only in a message's first post, never when an edit adds it, so the
"<@player>, it's your move" the table's edit shows pings nobody. When a player starts being
awaited (their turn, or a decision that falls to them), the bot posts a short message of its own
mentioning only them; the ping is deleted as soon as the turn it announced ends, whatever ended
it (a move, a timeout, the round's end, `/uno end`). Each server chooses when (`/uno settings
turn_ping`): at once, after N seconds of waiting (the default, so a table that plays at a
person's pace costs no requests; a move that leaves the same player awaited, such as their draw,
starts the count again while their ping is not posted), or never. A player may also ask for a
direct message; one whose DMs are closed (Discord's 50007) has the option switched off and is
told the next time they open their hand.

Pings follow the game manager's notices (bot/services/notices.py). They are the budget's last
priority (bot/outlets/budget.py): they go out only with what the table edits leave. Where the
table has a pen (a click's interaction token that edits it, bot/outlets/publisher.py, issue 29),
the ping is a follow-up of that interaction instead, posted and deleted through its token, which
spends nothing of the bot token's limit (a follow-up is a new message: its mention notifies,
docs/DISCORD-FACTS.md); a ping whose token has expired by its turn's end is deleted with the bot
token.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot import metrics
from bot.clock import Clock
from bot.i18n import get_translator
from bot.services.notices import Change, Notice
from bot.services.session import Session
from bot.services.settings import SettingsService
from bot.services.timers import Timers
from bot.ui.answers import TOKEN_NOT_DONE, Sent

from .budget import Priority, priority
from .reach import Channels, Users

log = logging.getLogger(__name__)

DEFAULT_PING = "30"  # seconds a player is awaited before the ping (a server setting)
ALWAYS, NEVER = "always", "never"
DMS_CLOSED = 50007  # Discord: cannot send messages to this user


def ping_delay(setting: str | None) -> float | None:
    """Seconds from a player starting to be awaited to their ping (None: never)."""
    value = setting or DEFAULT_PING
    if value == NEVER:
        return None
    if value == ALWAYS:
        return 0.0
    return float(value)


@dataclass(slots=True)
class _Awaited:
    player: str | None  # who the table waits for (None: nobody, or the game is over)
    version: int  # the game's version when they started being awaited
    message_id: int | None = None  # the game's last ping
    sent: Sent | None = None  # ... when it is a follow-up of the table's pen


class TurnPings:
    def __init__(self, channels: Channels, users: Users, settings: SettingsService,
                 clock: Clock, timers: Timers,
                 pens: Callable[[Session], Sent | None] = lambda _: None) -> None:
        """`pens`: the table's live pen, if any (the publisher's `pen`)."""
        self._pens = pens
        self._channels = channels
        self._users = users
        self._settings = settings
        self._clock = clock
        self._timers = timers
        self._games: dict[str, _Awaited] = {}
        self._dms_closed: set[int] = set()  # told at their next hand

    def on_notice(self, notice: Notice) -> None:
        """The game changed (the game manager's notice): the ping of a turn that ended (a move,
        a timeout, the round's or the game's end) goes at once, and a player newly awaited gets
        theirs scheduled."""
        session = notice.session
        if session.via_tokens:  # no channel of the bot's there: its token pings (issue 30)
            return
        view = session.view()
        over = session.finished or notice.change.over
        player = None if over or view.round_over else view.turn
        known = self._games.get(session.game_id)
        if known is not None and known.player == player:
            self._still_awaited(session, known, notice)
            return
        if known is not None and known.message_id is not None:
            self._unping(session, known.message_id, known.sent)
        self._games[session.game_id] = _Awaited(player, session.version)
        key = ("ping", session.game_id)
        self._timers.cancel(key)
        if over:
            self._games.pop(session.game_id, None)
            return
        delay = ping_delay(self._settings.guild(session.guild_id).turn_ping)
        if player is None or not player.isdigit() or delay is None:
            return
        self._arm(session, player, delay)

    def _still_awaited(self, session: Session, known: _Awaited, notice: Notice) -> None:
        """A move left the same player awaited (a drawn card keeps the turn): their wait counts
        from this move, so a ping not posted yet is due N seconds after it. At once, or once
        pinged for this turn, nothing more: they know."""
        player = known.player
        if (notice.change is not Change.APPLIED or known.message_id is not None
                or player is None or not player.isdigit()):
            return
        delay = ping_delay(self._settings.guild(session.guild_id).turn_ping)
        if delay is None or delay <= 0:
            return
        known.version = session.version
        self._arm(session, player, delay)

    def _arm(self, session: Session, player: str, delay: float) -> None:
        version = session.version

        async def fire() -> None:
            await self._ping(session, player, version)

        # Counted from the game's last move, not from when the table showed it.
        self._timers.schedule(("ping", session.game_id), session.last_action_at + delay, fire)

    def dms_closed_note(self, user_id: int) -> bool:
        """Whether the user's turn DMs were switched off for closed DMs since they last heard
        (they hear it once, in their hand)."""
        if user_id in self._dms_closed:
            self._dms_closed.discard(user_id)
            return True
        return False

    async def _ping(self, session: Session, player: str, version: int) -> None:
        awaited = self._games.get(session.game_id)
        if awaited is None or awaited.player != player or awaited.version != version:
            return  # they moved (or the game did) before their ping was due
        if self._channels.is_closed():
            return
        channel = self._channels.get_partial_messageable(session.channel_id,
                                                         guild_id=session.guild_id)
        text = get_translator().translate(session.locale, "table.your_move",
                                          mention=f"<@{player}>")
        mentions = discord.AllowedMentions(users=[discord.Object(int(player))], roles=False,
                                           everyone=False)
        sent = await self._by_pen(session, text, mentions)
        with priority(Priority.PING):
            try:
                message: discord.Message | Sent = (
                    sent if sent is not None
                    else await channel.send(text, allowed_mentions=mentions))
            except discord.HTTPException as exc:
                log.info("turn ping in game %s not posted: %s", session.game_id, exc)
                return
            except Exception:
                if self._channels.is_closed():  # stopping: the ping no longer matters
                    return
                raise
            try:
                if self._games.get(session.game_id) is not awaited:  # their turn ended meanwhile
                    await self._delete(channel, _id_of(message), sent)
                    return
                metrics.turn_noticed(session.game_id, version,
                                     self._clock.now() - session.last_action_at, "ping")
                awaited.message_id, awaited.sent = _id_of(message), sent
                if self._settings.user(int(player)).dm_turns:
                    await self._direct(session, int(player))
            except Exception:
                if self._channels.is_closed():  # stopping (its HTTP session closes under it)
                    return
                raise

    async def _direct(self, session: Session, user_id: int) -> None:
        settings = self._settings
        locale = settings.user_locale(user_id, session.guild_id, None)
        text = get_translator().translate(locale, "ping.dm", channel=f"<#{session.channel_id}>")
        try:
            user = self._users.get_user(user_id) or await self._users.fetch_user(user_id)
            await user.send(text)
        except discord.Forbidden as exc:
            if exc.code == DMS_CLOSED:
                await settings.set_user(user_id, dm_turns=False)
                self._dms_closed.add(user_id)
        except discord.HTTPException as exc:
            log.info("turn DM to %s not sent: %s", user_id, exc)

    async def _by_pen(self, session: Session, text: str,
                      mentions: discord.AllowedMentions) -> Sent | None:
        """The ping as a follow-up of the table's pen, if it has one that takes it."""
        pen = self._pens(session)
        if pen is None:
            return None
        try:
            return await pen.follow_up(content=text, allowed_mentions=mentions)
        except TOKEN_NOT_DONE as exc:
            log.info("turn ping in game %s not a follow-up (%r): the bot token posts it",
                     session.game_id, exc)
            return None

    def _unping(self, session: Session, message_id: int, sent: Sent | None = None) -> None:
        """The turn a ping announced has ended: the ping goes (in the background)."""
        channel = self._channels.get_partial_messageable(session.channel_id,
                                                         guild_id=session.guild_id)

        async def delete() -> None:
            if self._channels.is_closed():
                return
            with priority(Priority.PING):
                try:
                    await self._delete(channel, message_id, sent)
                except Exception:
                    if not self._channels.is_closed():  # stopping: the ping no longer matters
                        raise

        self._timers.schedule(("unping", session.game_id, message_id), self._clock.now(),
                              delete)

    async def _delete(self, channel: discord.PartialMessageable, message_id: int,
                      sent: Sent | None = None) -> None:
        """Delete a ping: a follow-up through its token while that lives, else (and any other
        ping) with the bot token."""
        if sent is not None:
            try:
                await sent.delete()
                return
            except TOKEN_NOT_DONE as exc:
                log.debug("turn ping %s not deleted through its token: %r", message_id, exc)
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as exc:  # already gone, or not ours to delete any more
            log.debug("turn ping %s not deleted: %s", message_id, exc)


def _id_of(message: discord.Message | Sent) -> int:
    message_id = message.id
    assert message_id is not None  # a follow-up's message is known
    return message_id
