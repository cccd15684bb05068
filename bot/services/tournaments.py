"""Tournaments (issue 31): a server's host opens one with `/uno tournament create`; players sign
up on its board until the start time, check in when check-in opens, and the bot runs the rounds
(tournament_rounds.py). One tournament per server is not over at a time; it lives in the process
of its server's shard, like the server's games.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

from bot.clock import Clock
from bot.engine import RulesError, RuleSet
from bot.storage import StaleVersion, StatsStore, TournamentBusy, TournamentStore
from bot.tournament import Format, Plan, Tournament, TournamentError

from .autoplay import AutoPlayer
from .errors import Refusal
from .games import GameManager
from .lobbies import max_players
from .outlets import TableOutlet, TournamentOutlet
from .timers import Timers
from .tournament_doc import TournamentDoc
from .tournament_rounds import Live, TournamentRounds

log = logging.getLogger(__name__)

MAX_SIGNUP = 7 * 24 * 3600  # a start at most a week ahead
MAX_CHECKIN = 3600
MAX_PLAYERS = 200


@dataclass(frozen=True, slots=True)
class Choices:
    """What the host chose in `/uno tournament create`."""

    name: str
    preset: str
    options: dict[str, Any]
    format: Format
    table_size: int
    rounds: int
    advance: int
    turn_timer: int
    ai_fill: bool
    starts_in: int  # seconds from now to the end of sign-up
    checkin: int  # seconds of check-in (0: none)


class TournamentService(TournamentRounds):
    def __init__(self, repo: TournamentStore, games: GameManager, autoplay: AutoPlayer,
                 stats: StatsStore, outlet: TournamentOutlet, tables: TableOutlet,
                 clock: Clock, timers: Timers) -> None:
        super().__init__(repo, games, autoplay, stats, outlet, tables, clock)
        self._timers = timers

    # -- reading

    def of_guild(self, guild_id: int) -> Live | None:
        return next((t for t in self._live.values() if t.record.guild_id == guild_id), None)

    def require(self, guild_id: int) -> Live:
        live = self.of_guild(guild_id)
        if live is None:
            raise Refusal("tournament.none")
        return live

    # -- opening

    async def create(self, *, guild_id: int, channel_id: int, host_id: int, locale: str,
                     choices: Choices) -> Live:
        plan = Plan(choices.format, choices.table_size, choices.rounds, choices.advance,
                    max_table=max_players(choices.preset))
        try:
            plan.check()
            RuleSet.build(choices.preset, choices.options)
        except TournamentError as refused:
            raise Refusal(f"tournament.{refused.code}", **refused.details) from refused
        except RulesError as refused:
            raise Refusal("tournament.bad_rules") from refused
        if not 0 <= choices.starts_in <= MAX_SIGNUP or not 0 <= choices.checkin <= MAX_CHECKIN:
            raise Refusal("tournament.bad_times")
        doc = TournamentDoc(
            name=choices.name, preset=choices.preset, options=dict(choices.options), plan=plan,
            turn_timer=choices.turn_timer, ai_fill=choices.ai_fill, locale=locale,
            starts_at=self._clock.now() + choices.starts_in, checkin=choices.checkin,
            guild_id=guild_id, channel_id=channel_id)
        try:
            record = await self._repo.create(
                tournament_id=secrets.token_hex(4), guild_id=guild_id, channel_id=channel_id,
                host_id=host_id, name=choices.name, state=doc.to_json())
        except TournamentBusy as busy:
            raise Refusal("tournament.busy") from busy
        live = Live(record, doc)
        self._live[live.id] = live
        self._arm(live)
        async with live.lock:
            await self._board(live)
        return live

    # -- sign-up

    async def join(self, live: Live, user_id: int, name: str) -> None:
        async with live.lock:
            self._signing_up(live)
            if user_id in live.doc.signups:
                raise Refusal("tournament.already_in")
            if len(live.doc.signups) >= MAX_PLAYERS:
                raise Refusal("tournament.full", max=MAX_PLAYERS)
            live.doc.signups.append(user_id)
            live.doc.names[user_id] = name
            await self._changed(live)

    async def leave(self, live: Live, user_id: int) -> None:
        async with live.lock:
            self._signing_up(live)
            if user_id not in live.doc.signups:
                raise Refusal("tournament.not_in")
            live.doc.signups.remove(user_id)
            if user_id in live.doc.checked_in:
                live.doc.checked_in.remove(user_id)
            await self._changed(live)

    async def check_in(self, live: Live, user_id: int) -> None:
        async with live.lock:
            self._signing_up(live)
            if live.doc.checkin_ends is None:
                raise Refusal("tournament.checkin_closed")
            if user_id not in live.doc.signups:
                raise Refusal("tournament.not_in")
            if user_id in live.doc.checked_in:
                raise Refusal("tournament.checked_in_already")
            live.doc.checked_in.append(user_id)
            await self._changed(live)

    async def kick(self, live: Live, user_id: int) -> None:
        """The host takes a player out: off the list, or out of the rounds still to come."""
        async with live.lock:
            doc = live.doc
            if doc.tournament is not None:
                try:
                    doc.tournament.drop(user_id)
                except TournamentError as refused:
                    raise Refusal("tournament.not_in") from refused
                await self._save(live)
                return
            if user_id not in doc.signups:
                raise Refusal("tournament.not_in")
            doc.signups.remove(user_id)
            if user_id in doc.checked_in:
                doc.checked_in.remove(user_id)
            await self._changed(live)

    async def add(self, live: Live, user_id: int, name: str) -> None:
        """The host adds a player late: to the list, or (Swiss) to the rounds still to come."""
        async with live.lock:
            doc = live.doc
            doc.names[user_id] = name
            if doc.tournament is None:
                if user_id in doc.signups:
                    raise Refusal("tournament.already_in")
                doc.signups.append(user_id)
                if doc.checkin_ends is not None:
                    doc.checked_in.append(user_id)  # the host vouches for them
                await self._changed(live)
                return
            try:
                doc.tournament.enter(user_id)
            except TournamentError as refused:
                raise Refusal(f"tournament.{refused.code}") from refused
            await self._save(live)

    def _signing_up(self, live: Live) -> None:
        if live.status != "signup":
            raise Refusal("tournament.signup_closed")

    async def _changed(self, live: Live) -> None:
        await self._save(live)
        await self._board(live)

    async def _board(self, live: Live) -> None:
        await self._show(self._outlet.signup(live.id, live.doc, live.status))
        if live.doc.messages and not live.record.over:
            await self._save(live)  # the board's id

    # -- the start

    def _arm(self, live: Live) -> None:
        at = live.doc.checkin_ends or live.doc.starts_at

        async def fire() -> None:
            await self.start(live, early=False)

        self._timers.schedule(("tournament", live.id), at, fire)

    async def start(self, live: Live, *, early: bool = True) -> None:
        """Sign-up ends: check-in opens (if the host asked for one), or round 1 is seated;
        during check-in, round 1 is seated. `early`: the host's Start, before the time."""
        async with live.lock:
            if live.status != "signup":
                if early:
                    raise Refusal("tournament.started_already")
                return
            doc = live.doc
            if doc.checkin and doc.checkin_ends is None:
                doc.checkin_ends = self._clock.now() + doc.checkin
                self._arm(live)
                await self._changed(live)
                return
            self._timers.cancel(("tournament", live.id))
            await self._begin(live)

    async def _begin(self, live: Live) -> None:
        doc = live.doc
        present = doc.checked_in if doc.checkin else doc.signups
        absent = [u for u in doc.signups if u not in present]
        players = [u for u in doc.signups if u in present or doc.ai_fill]
        if len(players) < 2:
            await self._save(live, "cancelled")
            await self._show(self._outlet.signup(live.id, doc, "cancelled"))
            return
        doc.stand_ins = absent if doc.ai_fill else []
        ratings = {u: await self._rating(live.record.guild_id, u) for u in players}
        seeds = sorted(players, key=lambda u: -ratings[u])  # stable: sign-up order among equals
        doc.tournament = Tournament(doc.plan, seeds)
        await self._save(live, "running")
        await self._show(self._outlet.signup(live.id, doc, "running"))
        await self._seat_round(live)

    async def _rating(self, guild_id: int, user_id: int) -> float:
        stats = await self._stats.player_stats(guild_id, user_id)
        return stats.rating if stats is not None and stats.rated else 0.0

    # -- the host's controls

    async def pause(self, live: Live) -> None:
        """No new round is seated until `resume`; tables under way play on."""
        async with live.lock:
            if live.status != "running":
                raise Refusal("tournament.not_running")
            await self._save(live, "paused")
            await self._show(self._outlet.standings(live.doc, "paused"))

    async def resume_paused(self, live: Live) -> None:
        async with live.lock:
            if live.status != "paused":
                raise Refusal("tournament.not_paused")
            await self._save(live, "running")
            await self._next(live)
            await self._show(self._outlet.standings(live.doc, live.status))

    async def cancel(self, live: Live) -> None:
        """Stop it now: its running tables end (no tournament result is recorded)."""
        async with live.lock:
            if live.record.over:
                raise Refusal("tournament.none")
            self._timers.cancel(("tournament", live.id))
            await self._save(live, "cancelled")
            for table in live.doc.tables:
                session = self._games.get(table.game_id) if table.game_id else None
                if session is not None:
                    await self._games.end(session)
            await self._show(self._outlet.standings(live.doc, "cancelled")
                             if live.doc.tournament is not None
                             else self._outlet.signup(live.id, live.doc, "cancelled"))

    # -- after a restart

    async def restore(self) -> None:
        for record in await self._repo.unfinished():
            try:
                live = Live(record, TournamentDoc.from_json(dict(record.state)))
            except Exception:
                log.exception("tournament %s could not be loaded", record.tournament_id)
                continue
            self._live[live.id] = live
            try:
                async with live.lock:
                    if live.status == "signup":
                        self._arm(live)
                    else:
                        await self.resume(live)
            except StaleVersion:
                log.warning("tournament %s changed meanwhile elsewhere", live.id)
            except Exception:
                log.exception("tournament %s could not be resumed", live.id)
