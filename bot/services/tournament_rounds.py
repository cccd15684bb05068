"""Running a tournament's rounds (issue 31): seat a round, deal each table's game in its thread
through the same `GameManager.start` a lobby's Start uses, record each table as its match ends,
seat the next round when the last table of a round ends, and finish with the podium.

The pure rules (`bot.tournament`) decide who sits where and who ranks first; this layer only
turns them into games and boards, and saves the tournament's document after every step, so a
restart continues where it stopped (`resume`): a table whose match ended while the bot was down
is read back from the match's record.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field

from bot.clock import Clock
from bot.storage import LobbyRecord as Seating
from bot.storage import (
    MatchResult,
    StatsStore,
    TournamentEntry,
    TournamentRecord,
    TournamentStore,
)
from bot.tournament import Placing, TournamentError

from .autoplay import AutoPlayer
from .errors import Refusal
from .games import GameManager
from .notices import Notice
from .outlets import TableOutlet, TournamentOutlet
from .results import match_to_record
from .seats import STAND_IN_LEVEL
from .session import Session
from .tournament_doc import Table, TournamentDoc, game_id_of

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Live:
    """A tournament of this process that is not over: its last saved row and its document."""

    record: TournamentRecord
    doc: TournamentDoc
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def id(self) -> str:
        return self.record.tournament_id

    @property
    def status(self) -> str:
        return self.record.status


def placings_of(session: Session, match: MatchResult | None) -> list[Placing]:
    """A table's result: the match's places; a match ended before it was won (an admin's
    /uno end, abandoned) counts as last place for everyone at it."""
    if match is None:
        players = [int(p) for p in session.game.players]
        return [Placing(p, len(players)) for p in players]
    return match_placings(match)


def match_placings(match: MatchResult) -> list[Placing]:
    return [Placing(s.user_id, s.place, s.points) for s in match.seats]


class TournamentRounds:
    def __init__(self, repo: TournamentStore, games: GameManager, autoplay: AutoPlayer,
                 stats: StatsStore, outlet: TournamentOutlet, tables: TableOutlet,
                 clock: Clock) -> None:
        self._repo = repo
        self._games = games
        self._tables = tables
        self._autoplay = autoplay
        self._stats = stats
        self._outlet = outlet
        self._clock = clock
        self._live: dict[str, Live] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
        games.notices.subscribe(self._on_notice)

    def live(self, tournament_id: str) -> Live | None:
        return self._live.get(tournament_id)

    def busy(self) -> bool:
        """Whether a table's end is still being recorded (tests wait for none)."""
        return bool(self._tasks)

    async def close(self) -> None:
        """The process stops: a table's end not recorded yet is read back from its match's
        record at the next start (`resume`)."""
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _save(self, live: Live, status: str | None = None,
                    results: tuple[TournamentEntry, ...] = ()) -> None:
        live.record = await self._repo.save(
            live.id, status=status or live.status, state=live.doc.to_json(),
            version=live.record.version + 1, results=results)
        if live.record.over:
            self._live.pop(live.id, None)

    # -- a table's match ended

    def _on_notice(self, notice: Notice) -> None:
        if notice.change.over:
            self.game_ended(notice.session)

    def game_ended(self, session: Session) -> None:
        """A game is over, won or not: record its table in the background (the game's lock is
        held)."""
        if self._closing or not session.tournament or session.tournament not in self._live:
            return
        match = match_to_record(session, self._clock.now()) if session.finished else None
        task = asyncio.create_task(self._table_over(session, match),
                                   name=f"tournament table {session.game_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _table_over(self, session: Session, match: MatchResult | None) -> None:
        live = self._live.get(session.tournament)
        if live is None:
            return
        try:
            async with live.lock:
                table = live.doc.by_game(session.game_id)
                if table is None or table.done or live.record.over:
                    return
                await self._record(live, table, placings_of(session, match))
        except Exception:
            log.exception("tournament %s: the end of game %s was not recorded", live.id,
                          session.game_id)

    async def _record(self, live: Live, table: Table, placings: list[Placing]) -> None:
        tournament = live.doc.tournament
        assert tournament is not None
        try:
            tournament.record(table.round, table.table, placings)
        except TournamentError as refused:
            log.error("tournament %s table %s: %s", live.id, table.key, refused.code)
        table.done = True
        await self._save(live)
        await self._show(self._outlet.standings(live.doc, live.status))
        await self._next(live)

    async def _next(self, live: Live) -> None:
        """After a table: deal a waiting table in the channel, or the next round, or finish."""
        await self._deal_waiting(live)
        tournament = live.doc.tournament
        if tournament is None or tournament.current is None or not tournament.current.complete:
            return
        if tournament.finished:
            await self._finish(live)
        elif live.status == "running":
            await self._seat_round(live)

    # -- seating a round

    async def _seat_round(self, live: Live) -> None:
        doc = live.doc
        tournament = doc.tournament
        assert tournament is not None
        # Pure and quick for a server's night, but a search: off the event loop.
        round_ = await asyncio.to_thread(tournament.next_round)
        tables = [Table(round_.number, i, game_id=game_id_of(live.id, round_.number, i))
                  for i in range(len(round_.tables))]
        doc.tables.extend(tables)
        await self._save(live)
        for table in tables:  # the threads first, then every game at once
            await self._open(live, table)
        dealt = [table for table in tables if table.channel_id is not None
                 and await self._deal(live, table, announce=False)]
        await self._deal_waiting(live)
        await self._save(live)
        for table in dealt:
            await self._announce(live, table)
        await self._show(self._outlet.pairings(doc, round_.number))
        await self._show(self._outlet.standings(doc, live.status))

    def _players(self, doc: TournamentDoc, table: Table) -> list[int]:
        assert doc.tournament is not None
        return list(doc.tournament.rounds[table.round - 1].tables[table.table])

    async def _open(self, live: Live, table: Table) -> None:
        players = self._players(live.doc, table)
        try:
            thread = await self._outlet.open_table(live.doc, table, players)
        except Exception:
            log.exception("tournament %s: no thread for table %s", live.id, table.key)
            thread = None
        if thread is None:
            table.thread = False  # it plays in the tournament's channel when that is free
            return
        table.channel_id = thread

    async def _deal_waiting(self, live: Live) -> None:
        """Tables without a thread play in the tournament's channel, one after another."""
        channel = live.record.channel_id
        if self._games.in_channel(channel) is not None:
            return
        waiting = next((t for t in live.doc.tables if not t.thread and not t.done
                        and not t.dealt), None)
        if waiting is not None:
            waiting.channel_id = channel
            await self._deal(live, waiting)

    async def _deal(self, live: Live, table: Table, *, announce: bool = True) -> bool:
        """The table's game, as a lobby's Start deals it: the lobby skipped, seats assigned;
        `announce`: its table and players' ping now (else the caller does, `_announce`)."""
        doc, now = live.doc, self._clock.now()
        players = self._players(doc, table)
        assert table.channel_id is not None
        seating = Seating(
            guild_id=live.record.guild_id, channel_id=table.channel_id, host_id=players[0],
            preset=doc.preset, options=doc.options, turn_timer=doc.turn_timer,
            player_ids=tuple(players), names={p: doc.name_of(p) for p in players},
            created_at=now, expires_at=now, message_id=None)
        stand_ins = {str(p): STAND_IN_LEVEL for p in players if p in doc.stand_ins}
        try:
            await self._games.start(seating, locale=doc.locale, tournament=live.id,
                                    ai_fill=doc.ai_fill, stand_ins=stand_ins,
                                    game_id=table.game_id)
        except Refusal as refusal:
            log.warning("tournament %s table %s not dealt: %s", live.id, table.key, refusal.key)
            return False
        table.dealt = True
        if announce:
            await self._save(live)
            await self._announce(live, table)
        return True

    async def _announce(self, live: Live, table: Table) -> None:
        session = self._games.get(table.game_id)
        if session is not None:
            self._tables.refresh(session)
        await self._show(self._outlet.seated(live.doc, table, self._players(live.doc, table)))

    # -- the end

    async def _finish(self, live: Live) -> None:
        tournament = live.doc.tournament
        assert tournament is not None
        standings = tournament.standings()
        now = self._clock.now()
        results = tuple(TournamentEntry(live.id, live.record.guild_id, s.player, live.doc.name,
                                        s.rank, len(standings), s.points, now)
                        for s in standings)
        await self._save(live, "finished", results)
        await self._show(self._outlet.standings(live.doc, "finished"))
        await self._show(self._outlet.podium(live.doc))

    async def _show(self, shown: Awaitable[None]) -> None:
        """A board's post or edit: a failure is logged, never stops the tournament."""
        try:
            await shown
        except Exception:
            log.exception("a tournament board could not be shown")

    # -- after a restart

    async def resume(self, live: Live) -> None:
        """Continue a running tournament: tables whose match ended meanwhile are recorded from
        the match's record, tables not dealt yet are dealt."""
        doc = live.doc
        for table in [t for t in doc.tables if not t.done]:
            if self._games.get(table.game_id) is not None:
                table.dealt = True  # it plays on
                continue
            match = await self._stats.match(table.game_id)
            if match is not None:
                await self._record(live, table, match_placings(match))
                continue
            table.dealt = False  # never dealt (or lost with the process): dealt now
            if not table.thread:
                table.channel_id = None  # its turn in the channel comes again
                continue
            if table.channel_id is None:
                await self._open(live, table)
            if table.channel_id is not None:
                await self._deal(live, table)
        await self._next(live)
