"""The game manager: every running game of this process, one lock per game, apply → save → show.

Data flows one way (docs/STYLE.md): a cog asks `act(...)`; under the game's lock the manager
checks the control's version, builds the action, lets the engine apply it, saves the new state
(before anyone is answered, so a crash loses nothing that was shown), re-arms the game's timer and
publishes a `Notice` (bot/services/notices.py): the table, the hands, the pings, the watchers, the
AI players and the tournaments follow it. A refused action changes nothing: the engine validates
fully before it mutates, and a failed save reloads the last saved state.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot import metrics
from bot.clock import Clock
from bot.engine import Action, ActionType, Event, Game, IllegalAction, RuleSet, timeout_action
from bot.storage import ChannelBusy, GameStore, LobbyRecord

from .errors import Refusal
from .notes import Note, NoteKind
from .notices import Change, Notice, Notices
from .results import match_to_record, round_to_record
from .seats import is_ai, player_name, take_over
from .session import Session
from .timers import Timers

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_REMOVAL = 3  # C-11: three timeouts in a row and the player is out (C-10)
ABANDONED_AFTER = 24 * 3600  # no action for a day: the game is ended, so no channel stays stuck
SLAP_WINDOW = 10  # seconds to put a hand on the table after an UNO call (H-8: 10 s)
RETRY_FIRST, RETRY_MAX = 1.0, 300.0  # seconds before a failed table edit or timer is retried


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
    def __init__(self, repo: GameStore, clock: Clock, timers: Timers, *,
                 takes_over: Callable[[int], bool] = lambda guild_id: False) -> None:
        """The manager knows no Discord: what it changed goes out as notices (`notices`).
        `takes_over(guild_id)`: the server's setting, whether an AI plays on for a person who
        leaves (C-10) or idles out (C-11)."""
        self._repo = repo
        self._clock = clock
        self._timers = timers
        self._takes_over = takes_over
        self.notices = Notices()
        self._sessions: dict[str, Session] = {}
        self._by_channel: dict[int, str] = {}
        self._timer_failures: dict[str, int] = {}
        self._stopping = False  # see `stop`
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
        self._publish(session, Change.STARTED)
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
        for session in restored:
            self._publish(session, Change.RESTORED)
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

    async def lost(self, session: Session) -> None:
        """The table's channel is gone for good (deleted, or the bot removed from the server):
        the game ends, recording no result, and frees its slot."""
        log.info("game %s lost its channel %s; it is ended", session.game_id, session.channel_id)
        async with session.lock:
            if self._sessions.get(session.game_id) is session:
                await self._forget(session)

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
                     note: Note | None = None) -> list[Event]:
        """Apply, remember, save, re-arm, publish. Lock held by the caller."""
        self._refuse_while_stopping()
        try:
            events = session.game.apply(action)
        except IllegalAction as refused:
            raise Refusal(f"error.{refused.code.value}") from refused
        if note is not None:
            session.note(note)
        session.remember(events)
        if session.player(session.host) is None:  # the host left: the host passes on
            session.host = next((p for p, on in zip(session.game.players, session.game.active,
                                                    strict=True) if on and not is_ai(p)),
                                session.host)
        session.last_action_at = self._clock.now()
        self._deadline(session)
        try:
            saving = time.perf_counter()
            await self._save(session)
            metrics.game_saved(time.perf_counter() - saving)
        except Exception as exc:
            # The engine moved on but the database did not: go back to what was saved, so what
            # players see and what survives a restart never differ; the player is told.
            log.exception("saving game %s failed; reloading its last saved state",
                          session.game_id)
            await self._reload(session)
            raise Refusal("error.save_failed") from exc
        metrics.move_applied()
        if session.finished:
            await self._finish(session)
        else:
            self._arm(session)
        self._publish(session, Change.FINISHED if session.finished else Change.APPLIED, events)
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
        self._publish(session, Change.SEATS)
        return True

    def take_over(self, session: Session, player: str) -> bool:
        """With the server's setting on (or at a table whose host lets AIs play for no-shows),
        an AI plays `player`'s seat from now on: for `change_seats`. False: it may not."""
        return take_over(session, player,
                         allowed=session.ai_fill or self._takes_over(session.guild_id))

    def _publish(self, session: Session, change: Change, events: list[Event] | None = None,
                 ) -> None:
        self.notices.publish(Notice(session, session.version, tuple(events or ()), change))

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
                await self._timed(session)
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

    async def _timed(self, session: Session) -> None:
        """What the game's timer does now: end an abandoned game (its notice says so), act for
        an idle player (C-11), or wait again. Lock held by the caller."""
        if self._clock.now() >= session.last_action_at + ABANDONED_AFTER:
            log.info("game %s abandoned", session.game_id)
            await self._forget(session, Change.ABANDONED)
            return
        action = timeout_action(session.game)
        if action is None or session.turn_deadline is None:
            self._arm(session)
            return
        await self._timed_out(session, action)

    async def _timed_out(self, session: Session, action: Action) -> None:
        """C-11: act for the player; a draw is followed by the pass at once (one timeout), or
        under No Mercy by the drawn card, which must be played (M-14.3)."""
        player = action.by
        if action.type is not ActionType.SLAP_TIMEOUT:
            session.timeouts[player] = session.timeouts.get(player, 0) + 1
        await self._apply(session, action, note=Note(NoteKind.TIMED_OUT, player))
        follow = timeout_action(session.game)
        if (action.type is ActionType.DRAW and follow is not None and follow.by == player
                and follow.type in (ActionType.PASS, ActionType.PLAY)):
            await self._apply(session, follow)
        if (session.timeouts.get(player, 0) >= TIMEOUTS_BEFORE_REMOVAL and not session.finished
                and session.player(player) is not None):
            session.timeouts.pop(player, None)
            if await self.change_seats(session, lambda s: self.take_over(s, player),
                                       locked=True):
                return  # issue 19: an AI plays on for them; no C-10
            await self._apply(session, Action(player, ActionType.LEAVE),
                              note=Note(NoteKind.REMOVED_IDLE, player))

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

    async def _forget(self, session: Session, change: Change = Change.ENDED) -> None:
        self._timers.cancel(("game", session.game_id))
        await self._repo.delete(session.game_id)
        self._untrack(session)
        self._publish(session, change)

    def _untrack(self, session: Session) -> None:
        self._timer_failures.pop(session.game_id, None)
        if self._sessions.get(session.game_id) is session:
            del self._sessions[session.game_id]
        if self._by_channel.get(session.channel_id) == session.game_id:
            del self._by_channel[session.channel_id]
