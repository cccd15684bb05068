"""What one player may see (C-9): the only window the bot's renderers and AI players look through.

A view is a read-only window onto the live game, valid until the game next changes: creating one
costs nothing, and each field is computed when it is read (so an AI player that reads only its
legal actions pays only for those, and no full observation is rebuilt per step). Reading a view
after the game has changed raises `StaleView` instead of silently showing the new state;
`snapshot()` copies every field into an immutable value that may be kept.

Nothing here exposes another player's cards: their hands appear only as sizes.
"""

from __future__ import annotations

from typing import NamedTuple

from ._game import Game
from ._legal import legal_actions
from ._state import PendingKind
from .actions import Action
from .cards import Card, Side
from .rules import RuleSet


class StaleView(RuntimeError):
    """A view was read after the game it looks at had changed."""


class PendingView(NamedTuple):
    """The public part of a pending decision, shaped as REPLAY.md's `pending`: never the
    challenge's verdict, never the card offered in a swap."""

    kind: PendingKind  # challenge, draw, skip, color, swap, slap
    by: str
    victim: str | None
    amount: int | None
    target: str | None = None  # swap: who was asked (None until named)
    waiting: tuple[str, ...] = ()  # slap: who has not slapped yet
    minimum: int | None = None  # No Mercy draw: the lowest draw value that may answer (M-6.2)


class ViewSnapshot(NamedTuple):
    """Every field of a PlayerView, copied at one moment; safe to keep and to compare."""

    player: str | None
    version: int
    rules: RuleSet
    round: int
    players: tuple[str, ...]
    active: tuple[bool, ...]
    dealer: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card
    color: str | None
    direction: int
    turn: str | None
    pending: PendingView | None
    drawn: Card | None
    uno_called: tuple[str, ...]
    uno_owed: str | None
    draw_pile: int
    scores: tuple[int, ...]
    round_winner: str | None
    match_winner: str | None
    legal_actions: tuple[Action, ...]


class PlayerView:
    """`player`'s view of `game` (None: a spectator, or the public table)."""

    __slots__ = ("_game", "_seat", "_version", "_legal", "player")

    def __init__(self, game: Game, player: str | None) -> None:
        self._game = game
        seat = None
        if player is not None:
            seat = game._seat.get(player)
            if seat is None:
                seat = game.seat_of(player)  # raises unknown_player
        self._seat = seat
        self._version = game.version
        self._legal: tuple[Action, ...] | None = None
        self.player = player

    def _live(self) -> Game:
        game = self._game
        if game.version != self._version:
            raise StaleView("the game has changed since this view was made")
        return game

    def _name(self, seat: int | None) -> str | None:
        return self._game.players[seat] if seat is not None else None

    @property
    def version(self) -> int:
        """The game's version when the view was made; it rises by one with every applied action."""
        return self._version

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """What the viewer may do right now (empty for a spectator)."""
        game = self._game
        if game.version != self._version:
            raise StaleView("the game has changed since this view was made")
        if self._legal is None:  # computed once: an AI player reads it at every decision
            player = self.player
            self._legal = (tuple(legal_actions(game, player, self._seat)) if player is not None
                           else ())
        return self._legal

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand, in the order received (empty for a spectator)."""
        seat = self._seat
        return tuple(self._live().hands[seat]) if seat is not None else ()

    @property
    def drawn(self) -> Card | None:
        """The playable card the viewer has just drawn and may still play (C-4.4)."""
        game = self._live()
        return game.drawn if self._seat is not None and game.turn == self._seat else None

    @property
    def rules(self) -> RuleSet:
        return self._live().rules

    @property
    def round(self) -> int:
        return self._live().round

    @property
    def players(self) -> tuple[str, ...]:
        return self._live().players

    @property
    def active(self) -> tuple[bool, ...]:
        return tuple(self._live().active)

    @property
    def dealer(self) -> str:
        game = self._live()
        return game.players[game.dealer]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(map(len, self._live().hands))

    @property
    def top(self) -> Card:
        return self._live().discard[-1]

    @property
    def color(self) -> str | None:
        color = self._live().color
        return color.value if color is not None else None

    @property
    def direction(self) -> int:
        return self._live().direction

    @property
    def turn(self) -> str | None:
        """The player the table waits for (a turn, or a pending decision)."""
        return self._name(self._live().waiting_for)

    @property
    def pending(self) -> PendingView | None:
        game = self._live()
        names = game.players
        if game.slap is not None:  # H-8: the slap window holds everything else back
            return PendingView(PendingKind.SLAP, names[game.slap.by], None, None,
                               waiting=tuple(names[s] for s in game.slap.waiting))
        pending = game.pending
        if pending is None:
            return None
        minimum = game.stack_minimum() if pending.kind is PendingKind.DRAW else None
        return PendingView(pending.kind, names[pending.by], self._name(pending.victim),
                           pending.amount, self._name(pending.target), minimum=minimum)

    @property
    def side(self) -> Side:
        """F-1: "light" or "dark" (always light outside Flip)."""
        return self._live().side

    @property
    def others_inactive(self) -> tuple[tuple[Card, ...], ...]:
        """F-2: every other hand as its inactive faces, by seat (the viewer's own entry, and
        every entry outside Flip, is empty): a Flip player sees the backs of the others' cards."""
        game = self._live()
        return tuple(() if seat == self._seat else game._backs(hand)
                     for seat, hand in enumerate(game.hands))

    @property
    def draw_pile_inactive(self) -> Card | None:
        """F-2: the draw pile lies inactive face up, so its top card's other face is public."""
        game = self._live()
        return game.draw_pile[-1].back if game.draw_pile else None

    @property
    def jumpers(self) -> tuple[str, ...]:
        """H-2: who may jump in right now (the bot's "Jump in" button)."""
        return tuple(self._live().jumpers())

    @property
    def uno_called(self) -> tuple[str, ...]:
        game = self._live()
        return tuple(game.players[s] for s in sorted(game.uno_called))

    @property
    def uno_owed(self) -> str | None:
        """Who may be caught for a missing UNO call right now (C-5)."""
        return self._name(self._live().uno_owed)

    @property
    def draw_pile(self) -> int:
        return len(self._live().draw_pile)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._live().scores)

    @property
    def round_winner(self) -> str | None:
        return self._name(self._live().round_winner)

    @property
    def match_winner(self) -> str | None:
        return self._name(self._live().match_winner)

    # What the table shows besides the cards: all public.

    @property
    def round_over(self) -> bool:
        """The round is won and the table waits for Next round (H-12: it may go on)."""
        return self._live().round_over

    @property
    def flip(self) -> bool:
        return self._live().flip

    @property
    def sides(self) -> tuple[Side, ...]:
        """F-1: the sides the game's cards have (one outside Flip)."""
        return self._live().sides

    @property
    def may_pass_after_draw(self) -> bool:
        """C-6: whether a player who drew a playable card may keep it and pass (not in No
        Mercy, M-4.2)."""
        return self._live().may_pass_after_draw

    @property
    def no_mercy(self) -> bool:
        return self._live().no_mercy

    @property
    def knocked_out(self) -> tuple[str, ...]:
        """M-10: the players knocked out of this round, in order (always empty outside No
        Mercy)."""
        game = self._live()
        return tuple(game.players[s] for s in game.knocked_out)

    @property
    def jump_in_open(self) -> bool:
        """H-2: whether anyone holding the identical card could jump in now (never who)."""
        return self._live().jump_in_open()

    @property
    def answer_modes(self) -> tuple[str, ...]:
        """Every way the rules let the pending penalty be answered, whatever anyone holds."""
        return tuple(self._live().answer_modes())

    @property
    def silenced(self) -> bool:
        """H-5: a silence is on, so writing in the channel costs a penalty."""
        return self._live().silence is not None

    @property
    def stages(self) -> tuple[int, ...]:
        """H-13: the stage hand each seat is on."""
        return tuple(self._live().stages)

    @property
    def revealed_hands(self) -> tuple[tuple[Card, ...], ...]:
        """C-8: once the round is over every hand is laid down to be counted, so everyone may see
        it: each seat's cards, by seat (a card's `points` are its C-8 / F-9 value). While the
        round is on, nothing: every entry is empty (C-9)."""
        game = self._live()
        if not game.round_over:
            return tuple(() for _ in game.players)
        return tuple(tuple(hand) for hand in game.hands)

    def snapshot(self) -> ViewSnapshot:
        return ViewSnapshot(
            self.player, self._version, self.rules, self.round, self.players, self.active,
            self.dealer, self.hand, self.hand_sizes, self.top, self.color, self.direction,
            self.turn, self.pending, self.drawn, self.uno_called, self.uno_owed, self.draw_pile,
            self.scores, self.round_winner, self.match_winner, self.legal_actions,
        )


def player_view(game: Game, player: str | None) -> PlayerView:
    return PlayerView(game, player)
