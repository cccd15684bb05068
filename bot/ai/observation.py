"""What an AI player is given to decide with: one seat's view and what that seat has seen.

An `Observation` is a plain immutable value copied out of a `PlayerView` (C-9) and the events as
that seat may see them (`Event.visible_to`). It holds no reference to the `Game`, so a policy,
which receives only this value, has no path to another hand or to the order of the draw pile:
the separation is structural, not a matter of good manners (tests walk every reference).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import Action, ActionType, Card, Event, PendingView, PlayerView, RuleSet, Side


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's knowledge at one moment (every field is public to that seat)."""

    player: str
    players: tuple[str, ...]
    active: tuple[bool, ...]
    rules: RuleSet
    round: int
    dealer: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    color: str | None
    direction: int
    turn: str | None  # who the table waits for (a turn or a pending decision)
    pending: PendingView | None
    drawn: Card | None
    uno_called: tuple[str, ...]
    uno_owed: str | None
    draw_pile: int
    scores: tuple[int, ...]
    side: Side
    others_inactive: tuple[tuple[Card, ...], ...]  # F-2: the backs of the others' cards
    draw_pile_inactive: Card | None  # F-2: the face up on the draw pile
    stages: tuple[int, ...]
    silenced: bool
    legal_actions: tuple[Action, ...]
    events: tuple[Event, ...]  # what this seat saw, oldest first (possibly only the latest)

    @property
    def seat(self) -> int:
        return self.players.index(self.player)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player

    def seat_of(self, name: str) -> int:
        return self.players.index(name)

    def next_seat(self, seat: int, direction: int | None = None) -> int:
        """The next seat still holding cards in the direction of play (C-2)."""
        step = self.direction if direction is None else direction
        n = len(self.players)
        other = (seat + step) % n
        for _ in range(n):
            if self.active[other] and self.hand_sizes[other] > 0:
                return other
            other = (other + step) % n
        return seat

    def of_type(self, kind: ActionType) -> list[Action]:
        return [a for a in self.legal_actions if a.type is kind]


def observe(view: PlayerView, events: Iterable[Event] = ()) -> Observation:
    """Copy `view` (which must be a seated player's) and the seat's share of `events`.

    The events are passed through `visible_to` here, so a caller that hands over the referee's
    log by mistake still gives away nothing the seat could not see.
    """
    player = view.player
    if player is None:
        raise ValueError("an AI player observes from a seat, not as a spectator")
    return Observation(
        player=player, players=view.players, active=view.active, rules=view.rules,
        round=view.round, dealer=view.dealer, hand=view.hand, hand_sizes=view.hand_sizes,
        top=view.top, color=view.color, direction=view.direction, turn=view.turn,
        pending=view.pending, drawn=view.drawn, uno_called=view.uno_called,
        uno_owed=view.uno_owed, draw_pile=view.draw_pile, scores=view.scores, side=view.side,
        others_inactive=view.others_inactive, draw_pile_inactive=view.draw_pile_inactive,
        stages=view.stages, silenced=view.silenced, legal_actions=view.legal_actions,
        events=tuple(e.visible_to(player) for e in events),
    )
