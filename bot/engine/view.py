"""What one player may see (C-9): the only window the bot's renderers and AI players look through.

Built on demand from the game, in one pass, with no copies of anything another player holds:
their hands appear only as sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .game import Game
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class PendingView:
    """The public part of a pending decision (never the challenge's verdict)."""

    kind: str
    by: str
    victim: str | None
    amount: int | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    player: str | None  # None: a spectator, or the public table
    rules: RuleSet
    round: int
    players: tuple[str, ...]  # seat order, clockwise
    active: tuple[bool, ...]  # False for players who left
    dealer: str
    hand: tuple[Card, ...]  # the viewer's own hand, in the order received
    hand_sizes: tuple[int, ...]  # by seat
    top: Card
    color: str | None
    direction: int
    turn: str | None  # the player the table waits for
    pending: PendingView | None
    drawn: Card | None  # the viewer's just-drawn playable card
    uno_called: tuple[str, ...]
    uno_owed: str | None  # who may be caught for a missing UNO call right now
    draw_pile: int
    scores: tuple[int, ...]  # by seat
    round_winner: str | None
    match_winner: str | None
    legal_actions: tuple[Action, ...]


def player_view(game: Game, player: str | None) -> PlayerView:
    names = game.players
    seat = game.seat_of(player) if player is not None else None
    pending = game.pending
    waiting = game.waiting_for
    return PlayerView(
        player=player,
        rules=game.rules,
        round=game.round,
        players=names,
        active=tuple(game.active),
        dealer=names[game.dealer],
        hand=tuple(game.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(map(len, game.hands)),
        top=game.discard[-1],
        color=game.color.value if game.color is not None else None,
        direction=game.direction,
        turn=names[waiting] if waiting is not None else None,
        pending=None if pending is None else PendingView(
            pending.kind,
            names[pending.by],
            names[pending.victim] if pending.victim is not None else None,
            pending.amount,
        ),
        drawn=game.drawn if seat is not None and game.turn == seat else None,
        uno_called=tuple(names[s] for s in sorted(game.uno_called)),
        uno_owed=names[game.uno_owed] if game.uno_owed is not None else None,
        draw_pile=len(game.draw_pile),
        scores=tuple(game.scores),
        round_winner=names[game.round_winner] if game.round_winner is not None else None,
        match_winner=names[game.match_winner] if game.match_winner is not None else None,
        legal_actions=tuple(game.legal_actions(player)) if player is not None else (),
    )
