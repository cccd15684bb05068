"""The game manager: every running game of this process, one lock per game, apply → save → show.

Data flows one way (docs/STYLE.md): a cog asks `act(...)`; under the game's lock the manager
checks the control's version, builds the action, lets the engine apply it, saves the new state
(before anyone is answered, so a crash loses nothing that was shown), re-arms the game's timer and
asks for a merged table edit. A refused action changes nothing: the engine validates fully before
it mutates, and a failed save reloads the last saved state.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.clock import Clock, sleep_or_wake
from bot.engine import Action, ActionType, Event, Game, IllegalAction, RuleSet, timeout_action
from bot.storage import ChannelBusy, GameStore, LobbyRecord

from .errors import Refusal
from .outlets import TableGone, TableOutlet
from .results import match_to_record, round_to_record
from .seats import is_ai, player_name
from .session import Session
from .timers import Timers

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_REMOVAL = 3  # C-11: three timeouts in a row and the player is out (C-10)
ABANDONED_AFTER = 24 * 3600  # no action for a day: the game is ended, so no channel stays stuck
REFRESH_DELAY = 0.25  # seconds a table edit waits, so a burst of actions is one edit
SLAP_WINDOW = 10  # seconds to put a hand on the table after an UNO call (H-8: 10 s)
TABLE_EDITS_AT_ONCE = 16  # table edits in flight at once (the request budget paces them)
RETRY_FIRST, RETRY_MAX = 1.0, 300.0  # seconds before a failed table edit or timer is retried
FINAL_TABLE_TRIES = 10  # an ended game's last table is tried this often (about 20 minutes)


def backoff(failures: int) -> float:
    """Seconds to wait after the n-th failure in a row: 1, 2, 4, ... up to five minutes."""
    return float(min(RETRY_MAX, RETRY_FIRST * 2.0 ** min(failures - 1, 20)))

Builder = Callable[[Session, str], Action]


def current(session: Session, player: str, version: int, context: int | None) -> bool:
    """Whether a control drawn for `player` at `version` (with context mark `context`) still
    means what it meant: drawn for this version, or in the decision context they are in now."""
    return version == session.version or (context is not None
                                          and context == session.context(player))


@dataclass(frozen=True, slots=True)
class Outcome:
    session: Session
    action: Action
    events: list[Event]


class GameManager:
    def __init__(self, repo: GameStore, clock: Clock, timers: Timers, tables: TableOutlet,
                 *, refresh_delay: float = REFRESH_DELAY) -> None:
        """`tables` shows a game's table (the manager knows no Discord); `refresh_delay` is how
        long a table edit waits for more actions to merge with (real seconds)."""
        self._repo = repo
        self._clock = clock
        self._timers = timers
        self._tables = tables
        self._refresh_delay = refresh_delay
        self._sessions: dict[str, Session] = {}
        self._by_channel: dict[int, str] = {}
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._wake: dict[str, asyncio.Event] = {}  # set by `refresh` for a waiting table task
        self._idle: dict[str, bool] = {}  # tables whose task waits only for a picture's time
        self._edits = asyncio.Semaphore(TABLE_EDITS_AT_ONCE)
        self._timer_failures: dict[str, int] = {}
        self._again: set[asyncio.Task[None]] = set()  # see `_show_again`
        self._stopping = False  # see `stop`
        # Told of every applied action and every new game (the AI players' scheduler).
        self.after_apply: Callable[[Session], None] | None = None
        # Asked before a player is removed for idling (C-11): True if an AI plays on for them.
        self.stand_in: Callable[[Session, str], bool] | None = None
        self.ended: Callable[[Session], None] | None = None  # won or not (issue 31)
        # Where a new game's seed comes from: secret, so nobody can foresee a deal; a test sets
        # it to deal the same cards every run.
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(32)

    # -- finding games

    def get(self, game_id: str) -> Session | None:
        return self._sessions.get(game_id)

    def in_channel(self, channel_id: int) -> Session | None:
        game_id = self._by_channel.get(channel_id)
        return self._sessions.get(game_id) if game_id else None

    def __len__(self) -> int:
        return len(self._sessions)

    # -- starting, restoring, ending

    async def start(self, lobby: LobbyRecord, *, locale: str, seed: int | None = None,
                    tournament: str = "", ai_fill: bool = False, game_id: str = "",
                    stand_ins: dict[str, str] | None = None, solo: bool = False,
                    tokens: bool = False) -> Session:
        """Deal the first round for a lobby's players (a tournament's table: issue 31; a solo
        game against AI players: issue 30)."""
        self._refuse_while_stopping()
        players = [player_name(user_id) for user_id in lobby.player_ids]
        rules = RuleSet.build(lobby.preset, lobby.options)
        game, events = Game.start(players, rules, seed=self.new_seed() if seed is None else seed)
        session = Session(
            game_id=game_id or secrets.token_hex(4), guild_id=lobby.guild_id,
            channel_id=lobby.channel_id, game=game,
            names={player_name(u): lobby.names.get(u) or str(u) for u in lobby.player_ids},
            locale=locale, turn_timer=lobby.turn_timer, host=str(lobby.host_id),
            last_action_at=self._clock.now(), tournament=tournament, ai_fill=ai_fill,
            stand_ins=dict(stand_ins or {}), solo=solo, tokens=tokens)
        session.remember(events)
        self._deadline(session)
        try:
            await self._save(session, first=True)
        except ChannelBusy as busy:
            raise Refusal("lobby.busy_game", link="") from busy
        self._track(session)
        self._arm(session)
        if self.after_apply is not None:
            self.after_apply(session)
        return session

    async def restore(self) -> list[Session]:
        """After a restart: every unfinished game back in memory, its timer re-armed."""
        restored = []
        for record in await self._repo.unfinished():
            try:
                session = Session.from_record(record)
            except Exception:
                log.exception("game %s could not be loaded; it is left in the database",
                              record.game_id)
                continue
            self._track(session)
            self._arm(session)
            restored.append(session)
        return restored

    async def set_message(self, session: Session, message_id: int, *,
                          posted_at: float | None = None) -> None:
        """The game's table is now `message_id`, posted at `posted_at` on the bot's clock (at
        the latest: now). The id is saved at once; the time goes with the next save."""
        session.message_id = message_id
        session.table_posted_at = self._clock.now() if posted_at is None else posted_at
        if self._sessions.get(session.game_id) is session:  # an ended game's row is gone
            await self._repo.set_message(session.game_id, message_id)

    async def end(self, session: Session) -> None:
        """Stop a game now (an admin's /uno end, or abandoned): forget it everywhere."""
        async with session.lock:
            self._refuse_while_stopping()
            await self._forget(session)

    async def stop(self, within: float) -> None:
        """A clean stop begins: no action is applied from now on (a click is told the bot is
        restarting, a timer fires again after the restart), and the actions under way finish
        their save, for `within` seconds at most, before the database closes under them."""
        self._stopping = True

        async def settled(session: Session) -> None:
            async with session.lock:
                pass

        try:
            await asyncio.wait_for(
                asyncio.gather(*(settled(s) for s in list(self._sessions.values()))), within)
        except TimeoutError:
            log.warning("actions still under way after %.0f s of a clean stop", within)

    def _refuse_while_stopping(self) -> None:
        if self._stopping:
            raise Refusal("error.restarting")

    async def close(self) -> None:
        for task in [*self._refreshing.values(), *self._again]:
            task.cancel()
        await asyncio.gather(*self._refreshing.values(), return_exceptions=True)
        self._refreshing.clear()

    # -- acting

    async def act(self, game_id: str, user_id: int, build: Builder, *,
                  version: int | None = None, context: int | None = None,
                  acting_for: str | None = None) -> Outcome:
        """Apply what `build(session, player)` asks for `user_id`, or raise `Refusal`.

        `version` is the game version a decision control was drawn for, `context` the player's
        context mark then (`Session.context`): a click on an older version is refused as out
        of date unless the player's decision context has not changed since (the engine then
        still refuses an action that is not legal now), so a stale button never acts on a
        situation it was not drawn for.
        `acting_for` names the player a host or moderator acts for (a kick, C-10); the cog has
        checked their right to.
        """
        session = self._sessions.get(game_id)
        if session is None:
            raise Refusal("error.game_over")
        async with session.lock:
            if self._sessions.get(game_id) is not session:
                raise Refusal("error.game_over")
            player = session.player(acting_for if acting_for else user_id)
            if player is None and acting_for is not None:
                raise Refusal("lobby.target_not_joined")
            if player is None:
                raise Refusal("error.left_game" if session.seated(user_id) else "error.not_in_game")
            if version is not None and not current(session, player, version, context):
                raise Refusal("error.stale_button")
            action = build(session, player)
            events = await self._apply(session, action)
            if acting_for is None:
                session.timeouts.pop(player, None)  # they acted themselves: count starts over
            return Outcome(session, action, events)

    async def _apply(self, session: Session, action: Action, *,
                     note: dict[str, str] | None = None) -> list[Event]:
        """Apply, remember, save, re-arm, refresh. Lock held by the caller."""
        self._refuse_while_stopping()
        try:
            events = session.game.apply(action)
        except IllegalAction as refused:
            raise Refusal(f"error.{refused.code.value}") from refused
        if note is not None:
            session.recent.append(note)
        session.remember(events)
        if session.player(session.host) is None:  # the host left: the host passes on
            session.host = next((p for p, on in zip(session.game.players, session.game.active,
                                                    strict=True) if on and not is_ai(p)),
                                session.host)
        session.last_action_at = self._clock.now()
        self._deadline(session)
        try:
            await self._save(session)
        except Exception as exc:
            # The engine moved on but the database did not: go back to what was saved, so what
            # players see and what survives a restart never differ; the player is told.
            log.exception("saving game %s failed; reloading its last saved state",
                          session.game_id)
            await self._reload(session)
            raise Refusal("error.save_failed") from exc
        if session.finished:
            await self._finish(session)
        else:
            self._arm(session)
        self.refresh(session)
        if self.after_apply is not None:
            self.after_apply(session)
        return events

    async def change_seats(self, session: Session, change: Callable[[Session], bool], *,
                           locked: bool = False) -> bool:
        """Change who controls seats (issue 19: `session.stand_ins`, which the engine does not
        see) under the game's lock; if `change` changed something, save it and show it.
        `locked`: the caller holds the lock already."""
        if not locked:
            async with session.lock:
                return await self.change_seats(session, change, locked=True)
        if self._sessions.get(session.game_id) is not session:
            raise Refusal("error.game_over")
        self._refuse_while_stopping()
        if not change(session):
            return False
        try:
            await self._save(session)
        except Exception as exc:  # as in `_apply`: back to what was saved, and say so
            log.exception("saving game %s failed; reloading its last saved state",
                          session.game_id)
            await self._reload(session)
            raise Refusal("error.save_failed") from exc
        self._show_again(session)
        if self.after_apply is not None:
            self.after_apply(session)
        return True

    def _show_again(self, session: Session) -> None:
        """Show the table anew although the game's version is the same (a seat changed hands):
        after an edit already under way, which may have drawn the table before the change."""
        running = self._refreshing.get(session.game_id)

        async def again() -> None:
            # An edit under way is let land first; a task that only waits for its picture's
            # moment is not (it is woken by `refresh` instead).
            while (running is not None and not running.done()
                   and not self._idle.get(session.game_id)):
                await asyncio.sleep(0.01)
            session.rendered_version = -1
            self.refresh(session)

        task = asyncio.create_task(again(), name=f"table again {session.game_id}")
        self._again.add(task)
        task.add_done_callback(self._again.discard)

    # -- the public table

    def refresh(self, session: Session) -> None:
        """Ask for a table edit; requests within the refresh delay become one edit, and a
        failed edit is retried with backoff until the table shows the latest state."""
        task = self._refreshing.get(session.game_id)
        if task is not None:
            self._wake[session.game_id].set()  # it may be waiting for the picture's turn
            return
        self._wake[session.game_id] = asyncio.Event()
        self._refreshing[session.game_id] = asyncio.create_task(
            self._refresh_later(session), name=f"table {session.game_id}")

    def edits_pending(self, game_id: str | None = None) -> bool:
        """Whether a table edit (of `game_id`, or of any game) is waiting or under way (tests
        wait for none; a picture merely waiting for its time does not count)."""
        return bool(self._again) or any(not self._idle.get(game)
                                        for game in self._refreshing
                                        if game_id is None or game == game_id)

    async def _refresh_later(self, session: Session) -> None:
        failures = 0
        game_id = session.game_id
        wake = self._wake[game_id]
        try:
            await asyncio.sleep(self._refresh_delay)
            while True:
                wake.clear()
                try:
                    async with self._edits:
                        picture_due = await self._tables.show(session)  # marks what it showed
                    failures = 0
                except TableGone:
                    await self._lost(session)
                    return
                except Exception as exc:
                    failures += 1
                    if failures > FINAL_TABLE_TRIES and self._sessions.get(
                            session.game_id) is not session:
                        log.warning("the last table of ended game %s was not shown: %s",
                                    session.game_id, exc)
                        return  # a game that has ended is not retried forever
                    delay = backoff(failures)
                    log.warning("the table of game %s could not be updated (%s); retrying in "
                                "%.0f s", session.game_id, exc, delay)
                    await self._clock.sleep(delay)
                    continue
                if session.rendered_version != session.version:
                    await asyncio.sleep(self._refresh_delay)  # changes made meanwhile merge
                    continue
                if picture_due is None or self._sessions.get(game_id) is not session:
                    return
                # The text is current; the picture waits for its moment, or for a new change.
                self._idle[game_id] = True
                try:
                    await sleep_or_wake(self._clock, wake, picture_due)
                finally:
                    self._idle.pop(game_id, None)
                if wake.is_set():
                    await asyncio.sleep(self._refresh_delay)
        finally:
            if self._refreshing.get(game_id) is asyncio.current_task():
                del self._refreshing[game_id]
                self._wake.pop(game_id, None)

    async def _lost(self, session: Session) -> None:
        """The table's channel is gone for good (deleted, or the bot removed from the server):
        the game ends as abandoned, recording no result, and frees its slot."""
        self._refreshing.pop(session.game_id, None)  # this very task: not to be cancelled
        self._wake.pop(session.game_id, None)
        log.info("game %s lost its channel %s; it is ended", session.game_id, session.channel_id)
        try:
            async with session.lock:
                if self._sessions.get(session.game_id) is session:
                    await self._forget(session)
        except Exception:  # the database failed: the game is ended at the next start instead
            log.exception("game %s could not be ended", session.game_id)

    # -- timers (C-11 and abandoned games)

    def _deadline(self, session: Session) -> None:
        game = session.game
        if game.slap is not None and not session.finished:  # H-8: the window closes by itself
            session.turn_deadline = session.last_action_at + SLAP_WINDOW
            return
        waiting = game.waiting_for is not None
        session.turn_deadline = (session.last_action_at + session.turn_timer
                                 if session.turn_timer and waiting and not session.finished
                                 else None)

    def _arm(self, session: Session, *, at: float | None = None) -> None:
        """Schedule the game's next timed action: its turn deadline, or the abandonment (or a
        retry of a timed action that failed, at `at`)."""
        abandoned = session.last_action_at + ABANDONED_AFTER
        if at is None:
            at = min(abandoned, session.turn_deadline or abandoned)
        version = session.game.version

        async def fire() -> None:
            await self._on_timer(session, version)

        self._timers.schedule(("game", session.game_id), at, fire)

    async def _on_timer(self, session: Session, version: int) -> None:
        async with session.lock:
            if self._sessions.get(session.game_id) is not session:
                return
            if session.game.version != version:  # someone acted meanwhile: already re-armed
                return
            if self._stopping:  # armed again by the restart
                return
            try:
                abandoned = await self._timed(session)
            except Exception as exc:  # a save or the database failed: never leave it unarmed
                if self._sessions.get(session.game_id) is not session:
                    return
                failures = self._timer_failures.get(session.game_id, 0) + 1
                self._timer_failures[session.game_id] = failures
                delay = backoff(failures)
                log.warning("the timed action of game %s failed (%s); retrying in %.0f s",
                            session.game_id, exc, delay)
                self._arm(session, at=self._clock.now() + delay)
                return
            self._timer_failures.pop(session.game_id, None)
        if abandoned:
            try:
                await self._tables.abandoned(session)
            except Exception as exc:  # the game is ended whether or not its table says so
                log.warning("the table of abandoned game %s was not updated: %s",
                            session.game_id, exc)

    async def _timed(self, session: Session) -> bool:
        """What the game's timer does now: end an abandoned game (True), act for an idle player
        (C-11), or wait again. Lock held by the caller."""
        if self._clock.now() >= session.last_action_at + ABANDONED_AFTER:
            log.info("game %s abandoned", session.game_id)
            await self._forget(session)
            return True
        action = timeout_action(session.game)
        if action is None or session.turn_deadline is None:
            self._arm(session)
            return False
        await self._timed_out(session, action)
        return False

    async def _timed_out(self, session: Session, action: Action) -> None:
        """C-11: act for the player; a draw is followed by the pass at once (one timeout), or
        under No Mercy by the drawn card, which must be played (M-14.3)."""
        player = action.by
        if action.type is not ActionType.SLAP_TIMEOUT:
            session.timeouts[player] = session.timeouts.get(player, 0) + 1
        await self._apply(session, action, note={"type": "timed_out", "by": player})
        follow = timeout_action(session.game)
        if (action.type is ActionType.DRAW and follow is not None and follow.by == player
                and follow.type in (ActionType.PASS, ActionType.PLAY)):
            await self._apply(session, follow)
        if (session.timeouts.get(player, 0) >= TIMEOUTS_BEFORE_REMOVAL and not session.finished
                and session.player(player) is not None):
            session.timeouts.pop(player, None)
            if self.stand_in is not None and await self.change_seats(
                    session, lambda s: self.stand_in is not None and self.stand_in(s, player),
                    locked=True):
                return  # issue 19: an AI plays on for them; no C-10
            await self._apply(session, Action(player, ActionType.LEAVE),
                              note={"type": "removed_idle", "by": player})

    # -- bookkeeping

    def _track(self, session: Session) -> None:
        self._sessions[session.game_id] = session
        self._by_channel[session.channel_id] = session.game_id

    async def _save(self, session: Session, *, first: bool = False) -> None:
        """Save the state; the state that ends a round records it, the one that ends the match
        records it and removes the game, in the same transaction. A failed save is
        undone by `_reload`, tally included. Most actions end nothing: one UPDATE saves them."""
        now = self._clock.now()
        ended = round_to_record(session, now)
        match = match_to_record(session, now)
        if ended is None and match is None and not first:
            await self._repo.update(
                session.game_id, state=session.state(), version=session.game.version,
                message_id=session.message_id, turn_deadline=session.turn_deadline,
                meta=session.meta())
            return
        if ended is not None:
            session.tally.recorded_round = ended.round
        await self._repo.save(
            session.game_id, guild_id=session.guild_id, channel_id=session.channel_id,
            state=session.state(), version=session.game.version, message_id=session.message_id,
            turn_deadline=session.turn_deadline, meta=session.meta(), round_result=ended,
            match_result=match)

    async def _reload(self, session: Session) -> None:
        try:
            record = await self._repo.load(session.game_id)
        except Exception:
            # The database cannot even be read: this process can no longer vouch for the game,
            # so it lets go of it (timer included); the saved state is reloaded at the next start.
            log.exception("game %s could not be reloaded; it is left to the next start",
                          session.game_id)
            self._timers.cancel(("game", session.game_id))
            self._untrack(session)
            return
        if record is None:
            await self._forget(session)
            return
        session.restore_from(Session.from_record(record))

    async def _finish(self, session: Session) -> None:
        """The match is won: the channel is free again (the final table stays on screen). The
        save that ended it already recorded it and removed the game row."""
        self._timers.cancel(("game", session.game_id))
        self._untrack(session)
        if self.ended is not None:
            self.ended(session)

    async def _forget(self, session: Session) -> None:
        self._timers.cancel(("game", session.game_id))
        task = self._refreshing.pop(session.game_id, None)
        self._wake.pop(session.game_id, None)
        if task is not None:
            task.cancel()
        await self._repo.delete(session.game_id)
        self._untrack(session)
        if self.ended is not None:
            self.ended(session)

    def _untrack(self, session: Session) -> None:
        self._timer_failures.pop(session.game_id, None)
        if self._sessions.get(session.game_id) is session:
            del self._sessions[session.game_id]
        if self._by_channel.get(session.channel_id) == session.game_id:
            del self._by_channel[session.channel_id]
