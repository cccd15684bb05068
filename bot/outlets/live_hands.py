"""Hands that stay current: a player's open hand is edited in place when their situation
changes, through the token of the interaction it answered (docs/DISCORD-FACTS.md: an ephemeral
message can only be edited that way, for 15 minutes; such edits do not use the bot's request
budget, but are merged all the same).

Per player the latest hand answer is remembered (`opened`). The hands follow the game manager's
notices (`on_notice`, bot/services/notices.py); a hand whose situation (`situation`: the cards,
whether it is their turn, the round's end, what they may do) differs from what it shows is
edited: at once when it is their turn, else at most once every MERGE_GAP seconds, so a burst of
moves is one edit.
A minute before the token expires the hand says so and offers Refresh (any click on it gives it
a new token); just before the expiry, the last edit the token allows switches it off: it keeps
only what stays true (that it stopped, and Refresh), and past the expiry nothing is attempted.
A hand that a newer one replaces (My hand pressed again, or a button of an older hand) is
switched off the same way, and so is every open hand when its game ends, so no hand goes on
saying "Your move!" or "Waiting for Ann." when it is not true.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import discord

from bot import metrics
from bot.clock import Clock, sleep_or_wake
from bot.engine import ActionType, Card
from bot.render.painter import Painter
from bot.render.pictures import hand_picture_of
from bot.render.text import tr
from bot.services.notices import Notice
from bot.services.session import Session
from bot.services.timers import Timers
from bot.ui.answers import NOT_DONE, TOKEN_LIFETIME, TOKEN_NOT_DONE, Expired, Sent
from bot.ui.layout import let_go, notice, v2
from bot.ui.views import refresh_view

from .pressure import LoopPressure
from .reach import Colorblind

log = logging.getLogger(__name__)

MERGE_GAP = 2.0  # seconds between two live edits of one hand, unless it is its owner's turn
# ... while the event loop is busy (bot/outlets/pressure.py), for a hand that only shows the
# table's news: nothing in it is for its owner to do, and their turn will edit it at once.
MERGE_GAP_BUSY = 10.0
EXPIRY_NOTICE = 60.0  # seconds before its token expires that a hand says so
LAST_EDIT = 5.0  # seconds before its token expires that a hand is switched off
UNKNOWN_MESSAGE = 10008  # the player dismissed the hand


# What a hand's controls may do (UNO! and Catch! are the table's: they do not change a hand).
ON_A_HAND = frozenset({ActionType.PLAY, ActionType.SWAP, ActionType.DRAW, ActionType.PASS,
                       ActionType.SLAP, ActionType.COLOR, ActionType.CHALLENGE,
                       ActionType.ACCEPT})


def cards_of(session: Session, player: str) -> tuple[Card, ...]:
    """The cards `player` holds, as their picture shows them: interned cards, so a Flip card
    turned to its other side (F-4) is another value and its picture is drawn anew."""
    return session.view(player).hand


class Situation(NamedTuple):
    """Everything an open hand's text, picture and controls show: the cards held, the top card
    and colour, whom the table waits for, whether the round is over, the decision pending and
    what its controls may do (a decision that falls to them, a drawn card to play, a jump-in).
    A change of any of them is an edit, so a waiting hand never names an old top card."""

    hand: object
    top: object
    color: object
    turn: str | None
    round_over: bool
    pending: object
    actions: tuple[object, ...]

    def news_only(self, player: str) -> bool:
        """Whether it offers its player nothing: not their turn, no round's end, nothing to do."""
        return self.turn != player and not self.round_over and not self.actions


def situation(session: Session, player: str) -> Situation:
    view = session.view(player)
    pending = view.pending
    return Situation(view.hand, view.top, view.color, view.turn, view.round_over,
                     None if pending is None else (pending.kind, pending.amount),
                     tuple(a for a in view.legal_actions if a.type in ON_A_HAND))


# The hand's message as it is now, as its answer drew it (language, page, ...): its embed and
# its view; with True, it also says its token is about to expire and offers Refresh.
Redraw = Callable[[bool], dict[str, Any]]


@dataclass(eq=False)
class _Hand:
    """One player's latest hand answer."""

    sent: Sent
    expires_at: float  # when its token expires, on the bot's clock
    redraw: Redraw
    locale: str  # its reader's, for the notice that switches it off
    shown: Situation  # the situation it shows
    shown_at: float
    pictured: tuple[Card, ...] | None  # the cards its picture shows (None: no picture yet)
    expiring: bool = False  # it says its token is about to expire


Key = tuple[str, str]  # (game id, player)


class LiveHands:
    def __init__(self, clock: Clock, timers: Timers, painter: Painter,
                 settings: Colorblind, pressure: LoopPressure | None = None) -> None:
        self._clock = clock
        self._pressure = pressure
        self._timers = timers
        self._painter = painter
        self._settings = settings
        self._sessions: dict[str, Session] = {}  # the running games, as their notices say
        self._hands: dict[str, dict[str, _Hand]] = {}  # game id -> player -> their hand
        self._tasks: dict[Key, asyncio.Task[None]] = {}
        self._wake: dict[Key, asyncio.Event] = {}
        self._held: dict[Key, int] = {}  # clicks on a hand being answered (the answer shows it)
        self._closing: set[asyncio.Task[None]] = set()  # hands being switched off

    def opened(self, session: Session, player: str, sent: Sent, redraw: Redraw, *,
               locale: str) -> None:
        """`sent` (an answer to `player`) shows their hand as it is now, with its picture: it
        is the one to keep live from now on.
        The hand it replaces, if it is another message, is switched off."""
        now = self._clock.now()
        self._sessions.setdefault(session.game_id, session)
        expires_at = sent.expires_at if sent.expires_at is not None else now + TOKEN_LIFETIME
        shown = situation(session, player)
        hand = _Hand(sent, expires_at, redraw, locale, shown, now, cards_of(session, player))
        hands = self._hands.setdefault(session.game_id, {})
        older = hands.get(player)
        hands[player] = hand
        if older is not None and not sent.same_message(older.sent):
            self._switch_off(older, notice(tr(older.locale, "hand.superseded")))

        async def expiring() -> None:
            await self._expiring(session.game_id, player, hand)

        self._timers.schedule(("hand", session.game_id, player),
                              expires_at - EXPIRY_NOTICE, expiring)

    def edits_pending(self) -> bool:
        """Whether a live edit of a hand is waiting or under way, or may follow: a click on a
        hand still being answered holds that hand's edits and catches it up when done (tests
        wait for none of these)."""
        return bool(self._tasks or self._held)

    @contextlib.contextmanager
    def answering(self, game_id: str, user_id: int) -> Iterator[None]:
        """A click on the player's hand is being answered: the answer shows the hand, so no live
        edit crosses it; once answered, whatever it does not show is caught up."""
        key = (game_id, str(user_id))
        self._held[key] = self._held.get(key, 0) + 1
        try:
            yield
        finally:
            self._held[key] -= 1
            if not self._held[key]:
                del self._held[key]
                self._follow(key)

    def on_notice(self, news: Notice) -> None:
        """The game has changed (the game manager's notice)."""
        session = news.session
        if session.solo:  # its one message shows the hand (issue 30)
            return
        if news.change.over:
            self._sessions.pop(session.game_id, None)
        else:
            self._sessions[session.game_id] = session
        hands = self._hands.get(session.game_id)
        if not hands:
            return
        if news.change.over:  # switched off
            for hand in self._forget_game(session.game_id):
                self._switch_off(hand, notice(tr(hand.locale, "hand.game_over")))
            return
        for player in list(hands):
            self._follow((session.game_id, player))

    async def close(self) -> None:
        tasks = [*self._tasks.values(), *self._closing]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self._hands.clear()

    # -- keeping one hand live

    def _follow(self, key: Key) -> None:
        wake = self._wake.get(key)
        if wake is not None:
            wake.set()  # its task waits for the merge gap: it looks again
            return
        hand = self._hands.get(key[0], {}).get(key[1])
        session = self._sessions.get(key[0])
        if hand is None or session is None or key in self._held:
            return
        if (session.player(int(key[1])) is not None and self._clock.now() < hand.expires_at
                and situation(session, key[1]) == hand.shown):
            return  # the usual case: nothing this hand shows has changed (no task needed)
        self._wake[key] = asyncio.Event()
        self._tasks[key] = asyncio.create_task(self._keep_live(key), name=f"hand {key}")

    async def _keep_live(self, key: Key) -> None:
        game_id, player = key
        wake = self._wake[key]
        try:
            while True:
                wake.clear()
                hand = self._hands.get(game_id, {}).get(player)
                session = self._sessions.get(game_id)
                if hand is None or session is None or key in self._held:
                    return
                now = self._clock.now()
                if session.player(int(player)) is None or now >= hand.expires_at:
                    self._drop(key, hand)  # they left, or the token is gone: nothing to edit
                    if session.player(int(player)) is None:  # but what stays true
                        self._switch_off(hand, notice(tr(hand.locale, "error.left_game")))
                    return
                shows = situation(session, player)
                if shows == hand.shown:
                    return
                wait = hand.shown_at + self._merge_gap(player, shows) - now
                if wait > 0 and shows.turn != player:
                    await sleep_or_wake(self._clock, wake, wait)  # merged with what follows
                    continue
                await self._edit(key, session, hand)
        finally:
            if self._tasks.get(key) is asyncio.current_task():
                del self._tasks[key]
                del self._wake[key]

    def _merge_gap(self, player: str, shows: Situation) -> float:
        """How long after its last edit a hand that is not on turn is edited again."""
        busy = self._pressure is not None and self._pressure.busy
        return MERGE_GAP_BUSY if busy and shows.news_only(player) else MERGE_GAP

    async def _edit(self, key: Key, session: Session, hand: _Hand) -> None:
        """Show the hand as it is now. Its picture depends only on the cards: when they are the
        ones it shows, the edit keeps the picture the message has (no upload); else the new
        one is attached (drawn in the background if need be: a live edit has no deadline)."""
        player = key[1]
        cards = cards_of(session, player)
        picture = hand_picture_of(session, player, self._painter,
                                  colorblind=self._settings.colorblind(int(player)))
        fields: dict[str, Any] = {}
        if cards != hand.pictured:
            # No cards: no picture (not a blank one).
            file = await picture.file_or_none() if cards else None
            fields["attachments"] = [file] if file is not None else []
        if self._hands.get(key[0], {}).get(player) is not hand or key in self._held:
            return  # a newer answer shows the hand now
        shows = situation(session, player)
        if shows.hand != cards:
            return  # the cards changed while the picture was drawn: the caller looks again
        hand.shown, hand.shown_at = shows, self._clock.now()
        if "attachments" in fields:
            hand.pictured = cards if fields["attachments"] or not cards else None
        drawn = hand.redraw(hand.expiring)
        if fields.get("attachments", True):  # a picture: the one it has, or the new one
            drawn["shown"].picture = picture.url
        payload = v2(drawn["shown"], drawn["controls"])
        # The edit that tells them it is their move (bot/metrics.py): the move's version and time.
        turn = (session.version, session.last_action_at) if shows.turn == player else None
        try:
            await hand.sent.edit(**payload, **fields)
            if turn is not None:
                metrics.turn_noticed(key[0], turn[0], self._clock.now() - turn[1], "hand")
        except Expired:
            self._drop(key, hand)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_MESSAGE:
                self._drop(key, hand)
            else:
                log.info("hand of %s in game %s not updated: %s", player, key[0], exc)
        except NOT_DONE as exc:  # the next change tries again
            log.info("hand of %s in game %s not updated: %r", player, key[0], exc)
        finally:
            let_go(payload["view"])  # dynamic items: discord.py need not keep the view

    async def _expiring(self, game_id: str, player: str, hand: _Hand) -> None:
        """A minute before the token expires: the hand says so and offers Refresh; just before
        the expiry it is switched off (Refresh alone stays) and let go."""
        key = (game_id, player)
        if self._hands.get(game_id, {}).get(player) is not hand:
            return
        session = self._sessions.get(game_id)
        if session is None or self._clock.now() >= hand.expires_at:
            self._drop(key, hand)
            return
        hand.expiring = True
        await self._edit(key, session, hand)

        async def stopped() -> None:
            if self._hands.get(game_id, {}).get(player) is not hand:
                return
            self._drop(key, hand)
            live = self._sessions.get(game_id)
            if live is not None and live.player(int(player)) is not None:
                text = notice(tr(hand.locale, "hand.stopped"),
                              refresh_view(live, hand.locale))
                await self._off(hand, text)

        if self._hands.get(game_id, {}).get(player) is hand:
            self._timers.schedule(("hand", game_id, player), hand.expires_at - LAST_EDIT,
                                  stopped)

    def _drop(self, key: Key, hand: _Hand) -> None:
        hands = self._hands.get(key[0], {})
        if hands.get(key[1]) is hand:
            del hands[key[1]]
            self._timers.cancel(("hand", *key))
            if not hands:
                self._hands.pop(key[0], None)

    def _forget_game(self, game_id: str) -> list[_Hand]:
        hands = self._hands.pop(game_id, {})
        for player in hands:
            self._timers.cancel(("hand", game_id, player))
            task = self._tasks.get((game_id, player))
            if task is not None:
                task.cancel()
        return list(hands.values())

    # -- switching a hand off

    def _switch_off(self, hand: _Hand, payload: dict[str, Any]) -> None:
        """Edit `hand` (no longer the one kept live) in the background to `payload`, a notice
        that stays true, without its picture or controls."""
        if self._clock.now() >= hand.expires_at:
            return  # its token is gone: nothing can edit it
        task = asyncio.create_task(self._off(hand, payload), name="hand off")
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _off(self, hand: _Hand, payload: dict[str, Any]) -> None:
        try:
            await hand.sent.edit(**payload, attachments=[])
        except TOKEN_NOT_DONE as exc:  # dismissed, too late or unreachable: nothing more tried
            log.debug("a hand was not switched off: %r", exc)
        finally:
            let_go(payload["view"])
