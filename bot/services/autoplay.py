"""AI players at the bot's tables (issue #19): when an AI seat has something to do, it acts after a
human-like pause, through the same path as a click (`GameManager.act`).

After every applied action (and at a game's start or restore) `poke` looks at the table; if an AI
seat may act, a task waits `delay` seconds, copies that seat's `Observation` (a value with no
reference to the game), lets the policy decide in a worker thread (the engine only: the hard
level's search never runs on the event loop; the expert's longer search runs in a process of its
own, `SEARCHING_LEVELS`, where it cannot hold the GIL against the loop) and asks the manager to
apply the action for the game version it looked at. No game lock is held while it waits or thinks:
a human who acted meanwhile makes the version stale, the manager refuses the old move, and the new
action's own `poke` decides again. Out-of-turn moves (slaps, catches, late UNO calls, jump-ins) are
weighed before the move of the seat the table waits for, as at the AI-only tables of
`bot.ai.arena`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.ai import SEARCHING_LEVELS, decide, observe
from bot.engine import Action, ActionType

from .errors import Refusal
from .games import GameManager
from .notes import Note, NoteKind
from .notices import Notice
from .seats import STAND_IN_LEVEL, is_ai, level_of
from .session import Session

log = logging.getLogger(__name__)

AI_DELAY = 1.5  # seconds an AI player "thinks" before it acts, as a person would
ROUND_BREAK = 20.0  # seconds a tournament's table shows a round's end before the next deal


class AutoPlayer:
    def __init__(self, games: GameManager, *, delay: float = AI_DELAY,
                 round_break: float = ROUND_BREAK) -> None:
        """`round_break`: seconds a tournament's table shows a round's end before it deals the
        next. The players follow the manager's notices: every change may give an AI a move."""
        self._games = games
        self._delay = delay
        self._round_break = round_break
        games.notices.subscribe(self._on_notice)
        self._tasks: set[asyncio.Task[None]] = set()
        self._searcher: ProcessPoolExecutor | None = None  # started at the first search

    # -- giving a seat back (the game's lock is held: GameManager.change_seats)

    def reclaim(self, session: Session, player: str) -> bool:
        """Reclaim seat: `player` plays their own seat again, at once."""
        if session.stand_ins.pop(player, None) is None:
            return False
        session.note(Note(NoteKind.SEAT_RECLAIMED, player))
        return True

    def controlled(self, session: Session, player: str) -> bool:
        return is_ai(player) or player in session.stand_ins

    def _on_notice(self, notice: Notice) -> None:
        if not notice.change.over:
            self.poke(notice.session)

    def poke(self, session: Session) -> None:
        """The table changed: if an AI seat may act now, schedule its move."""
        if not self._candidates(session):
            return
        task = asyncio.create_task(self._move(session, session.version),
                                   name=f"ai {session.game_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def busy(self) -> bool:
        """Whether an AI move is waiting or under way (tests wait for none)."""
        return bool(self._tasks)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._searcher is not None:
            self._searcher.shutdown(wait=False, cancel_futures=True)
            self._searcher = None

    def _candidates(self, session: Session) -> list[str]:
        """The AI seats that may act now, the one the table waits for last. None while no
        human still plays (a table of AIs alone would play on for nobody), except at a
        tournament's table, whose result the tournament waits for: there the next round is
        also dealt, after a break, for the first seat (issue 31)."""
        game = session.game
        seated = [p for p, on in zip(game.players, game.active, strict=True) if on]
        alone = all(self.controlled(session, p) for p in seated)
        if session.finished or (alone and not session.tournament):
            return []
        if game.round_over:
            return seated[:1] if session.tournament else []
        waiting = game.waiting_for
        waiting_name = game.players[waiting] if waiting is not None else None
        others = [p for p in seated if self.controlled(session, p) and p != waiting_name and any(
            a.type is not ActionType.SLAP_TIMEOUT for a in game.legal_actions(p))]
        if waiting_name is not None and self.controlled(session, waiting_name):
            others.append(waiting_name)
        return others

    async def _move(self, session: Session, version: int) -> None:
        try:
            pause = self._round_break if session.game.round_over else self._delay
            if pause:
                await asyncio.sleep(pause)
            for player in self._candidates(session):
                if session.version != version:
                    return  # someone acted meanwhile; that action's poke decides again
                action = await self._decide(session, player)
                if action is None:
                    continue
                await self._games.act(session.game_id, 0, _building(action),
                                      version=version, acting_for=player)
                return
        except Refusal as refusal:  # stale (a human was quicker) or the game is over
            log.debug("AI move in game %s not taken: %s", session.game_id, refusal.key)
        except Exception:
            log.exception("an AI player of game %s failed to move", session.game_id)

    async def _decide(self, session: Session, player: str) -> Action | None:
        if session.game.round_over:
            return Action(player, ActionType.NEXT_ROUND)
        # Copied now, in one synchronous step: the worker sees only the copy.
        obs = observe(session.view(player), session.recent_events())
        seed = f"{session.game_id}:{player}:{session.version}"
        level = level_of(player) if is_ai(player) else session.stand_ins.get(player,
                                                                              STAND_IN_LEVEL)
        if level not in SEARCHING_LEVELS:
            return await asyncio.to_thread(decide, level, obs, seed)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._search_process(), decide, level, obs, seed)
        except BrokenProcessPool:  # the process died (killed?): a new one next time
            log.warning("the AI search process stopped; starting a new one")
            self._searcher = None
            return await asyncio.to_thread(decide, level, obs, seed)

    def _search_process(self) -> ProcessPoolExecutor:
        """One process for every table's searches (the machine's other core stays the bot's);
        started by a fork server, not forked from the bot with its threads and sockets."""
        if self._searcher is None:
            self._searcher = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("forkserver"))
        return self._searcher


def _building(action: Action) -> Callable[[Session, str], Action]:
    """The manager's builder for an action decided beforehand."""
    return lambda _session, _player: action
