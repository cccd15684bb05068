"""A finished round or match as the record the game manager saves with the state that ends it.

Results are read from the engine state at that moment plus the session's tally (what the state
does not keep). Each scoring is recorded in its own terms: C-8 / F-9 points go to the
round winner; under H-7 (lazy) a round has a winner and a loser and no points; under H-14
(penalty) everyone adds their own hand and the lowest total wins the match. A player who left
(C-10) played the match and lost it: they place after everyone who stayed, the later leaver
first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import Game
from bot.storage import MatchResult, MatchSeat, RoundResult, RoundSeat

from .seats import record_id

# Where a solo game's results are kept (issue 30): the player's own place, which no server's
# board reads, so practice against AI players never enters a server's standings.
OWN_STATS = 0


def _kept_in(session: Session) -> int:
    """A game's results go to its server; a solo game's to the player's own place; a group
    DM's (no server: guild 0) to the group DM itself, its own leaderboard (issue 30)."""
    if session.solo:
        return OWN_STATS
    return session.guild_id or session.channel_id

if TYPE_CHECKING:
    from .session import Session


def scoring_of(game: Game) -> str:
    options = game.rules.options
    return "lazy" if options.lazy_scoring else "penalty" if options.penalty_scoring else "standard"


def round_to_record(session: Session, now: float) -> RoundResult | None:
    """The round that has just ended and is not recorded yet, or None."""
    game = session.game
    if not game.round_over or game.round <= session.tally.recorded_round:
        return None
    scoring = scoring_of(game)
    winner, loser = game.round_winner, game.round_loser
    order = list(game.finished)
    if game.options.play_to_last and loser is not None and loser not in order:
        order.append(loser)  # H-12: the last one holding cards finishes last
    seats = []
    for seat, player in enumerate(game.players):
        if not game.active[seat] and seat != winner:
            continue  # left before the round ended (C-10): their match record says so
        seats.append(RoundSeat(
            user_id=record_id(player), seat=seat, name=session.names.get(player, ""),
            points=session.tally.round_points.get(player, 0) if scoring == "standard" else 0,
            penalty=game.last_round_points[seat] if scoring == "penalty" else 0,
            place=order.index(seat) + 1 if seat in order else None))
    return RoundResult(
        game_id=session.game_id, guild_id=_kept_in(session), round=game.round,
        preset=game.rules.preset, scoring=scoring,
        winner_id=None if winner is None else record_id(game.players[winner]),
        loser_id=None if loser is None else record_id(game.players[loser]),
        finished_at=now, seats=tuple(seats))


def match_to_record(session: Session, now: float) -> MatchResult | None:
    """The match, once it is won; None before."""
    game, tally = session.game, session.tally
    winner = game.match_winner
    if winner is None:
        return None
    scoring = scoring_of(game)
    n = len(game.players)
    stayed = [s for s in range(n) if game.active[s] and s != winner]
    places = {winner: 1}
    if scoring != "lazy":
        # C-8: the higher total places higher; H-14: the lower. Equal totals share a place.
        sign = 1 if scoring == "penalty" else -1
        for s in stayed:
            places[s] = 2 + sum(1 for o in stayed if sign * game.scores[o] < sign * game.scores[s])
    else:
        places.update({s: 2 for s in stayed})
    gone = [s for s in range(n) if not game.active[s]]
    leavers = [game.players.index(p) for p in reversed(tally.left) if p in game.players]
    leavers = [s for s in dict.fromkeys([*leavers, *gone]) if s in gone]
    places.update({s: len(stayed) + 2 + i for i, s in enumerate(leavers)})
    seats = tuple(
        MatchSeat(
            user_id=record_id(player), seat=seat, name=session.names.get(player, ""),
            place=places[seat], won=seat == winner, forfeited=not game.active[seat],
            points=game.scores[seat] if scoring == "standard" else 0,
            penalty=game.scores[seat] if scoring == "penalty" else 0,
            uno_missed=tally.uno_missed.get(player, 0),
            challenges_won=tally.challenges_won.get(player, 0),
            challenges_lost=tally.challenges_lost.get(player, 0),
            colors=dict(tally.colors.get(player, {})))
        for seat, player in enumerate(game.players))
    rules = game.rules
    return MatchResult(
        game_id=session.game_id, guild_id=_kept_in(session), preset=rules.preset,
        options={name: getattr(rules.options, name) for name in rules.enabled()},
        scoring=scoring, winner_id=record_id(game.players[winner]), started_at=session.started_at,
        finished_at=now, rounds=game.round, forfeit=n > 1 and sum(game.active) == 1,
        seats=seats)
