"""The table: one game of UNO (a match of rounds), changed only through `apply`.

`apply(action)` validates completely before it changes anything, so a refused action raises
`IllegalAction` and leaves the state untouched without copying it. Players are seats (indices in
`players`, clockwise); names appear only at the edges (actions, events, views).

`Game` composes the rule families, siblings over the state (see `_state`): the deck and the deal
(`_deal`), penalties, talk, exchanges and jumping in, with turns, plays and `apply` here. Actions
go through one table (`Game.handlers`, action type -> handler), and so do card effects
(`Game.effects`, rank -> effect). A preset that changes the game itself is a variant: a subclass
that names its presets (UNO Flip: `_flip.FlipGame`; No Mercy: `_nomercy.NoMercyGame`), found by
`variant_of`, which `start` and `load` use. What a variant changes, it declares here as a class
attribute or overrides as a method, so the rest of the engine asks the game, never its preset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from ._deal import DealRules
from ._exchanges import ExchangeRules
from ._jumpin import JumpInRules
from ._legal import legal_actions
from ._penalties import PENALTY_RANKS
from ._random import SeededRandom
from ._state import (
    COLOR_CIRCLE,
    DARK_COLOR_CIRCLE,
    AnswerMode,
    Pending,
    PendingKind,
    illegal,
)
from ._talk import TalkRules
from .actions import Action, ActionType
from .cards import NUMBER_RANKS, Card, Color, Rank, Side
from .errors import ErrorCode
from .events import Event, EventReason, EventType, new_event
from .rules import Preset, RuleSet, SilenceMode, preset_of

MIN_PLAYERS, MAX_PLAYERS = 2, 10
_CIRCLES = {Side.LIGHT: COLOR_CIRCLE, Side.DARK: DARK_COLOR_CIRCLE}

# A card's effect: (game, seat, card, colour before, 7's target, events, final, empties).
Effect = Callable[["Game", int, Card, Color | None, int | None, list[Event], bool, bool], None]
# An action's handler: (game, seat, action, events).
Handler = Callable[["Game", int, Action, list[Event]], None]

# The variants by preset: every game class registers the presets it plays (`presets`).
_VARIANTS: dict[Preset, type[Game]] = {}


class Game(DealRules, TalkRules, ExchangeRules, JumpInRules):
    """A match at one table. Create it with `Game.start`; restore it with `load`."""

    # What a variant declares (the classic game's values here; each says where it differs).
    presets: ClassVar[tuple[Preset, ...]] = (Preset.CLASSIC, Preset.CNUNO)
    max_players: ClassVar[int] = MAX_PLAYERS  # C-2 (No Mercy: 6, M-2.1)
    may_pass_after_draw: ClassVar[bool] = True  # C-6 (No Mercy: the drawn card is played, M-4.2)
    sevens_swap: ClassVar[bool] = False  # H-3 as an option (No Mercy: always, M-9)
    mercy_rule: ClassVar[bool] = False  # M-10: 25 cards knock a player out of the round
    sides: ClassVar[tuple[Side, ...]] = (Side.LIGHT,)  # the sides of its cards (Flip: two, F-1)
    effects: ClassVar[Mapping[Rank, Effect]]  # rank -> effect (C-4), filled below
    handlers: ClassVar[Mapping[ActionType, Handler]]  # action type -> handler, filled below

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for preset in cls.__dict__.get("presets", ()):
            _VARIANTS[preset] = cls

    # ------------------------------------------------------------------ creation

    @classmethod
    def start(
        cls,
        players: Sequence[str],
        rules: RuleSet | None = None,
        *,
        seed: int = 0,
        dealer: str | None = None,
        deck: Sequence[Card] | None = None,
    ) -> tuple[Game, list[Event]]:
        """Seat the players, pick the first dealer and deal round 1.

        `dealer=None` draws for the dealer as C-3.1 says. `deck` (top of the pile first) replaces
        the first round's shuffle, for replays and tests.
        """
        players = tuple(players)
        rules = rules or RuleSet.classic()
        variant = variant_of(rules.preset)  # the preset decides, whoever is called
        most = variant.max_players
        if not MIN_PLAYERS <= len(players) <= most:
            raise ValueError(f"{rules.preset} takes {MIN_PLAYERS} to {most} players")
        if len(set(players)) != len(players):
            raise ValueError("player names must be distinct")
        game = variant(rules=rules, players=players, rng=SeededRandom(seed))
        game._prepare_deck(deck)
        events: list[Event] = []
        if dealer is None:
            game.dealer = game._draw_for_dealer(events)
        elif dealer in players:
            game.dealer = players.index(dealer)
        else:
            raise ValueError(f"the dealer {dealer!r} is not a player")
        if deck is not None:
            expected = sorted(c.code for c in game._new_deck())
            if sorted(c.code for c in deck) != expected:
                raise ValueError("the deck must hold exactly the rule set's cards")
            pile = list(reversed(deck))
        else:
            pile = game._shuffled_deck()
        game._deal_round(pile, events)
        return game, events

    def stack_minimum(self) -> int | None:
        """The lowest draw value a stack answer must have now: a No Mercy rule (M-6.2); None
        where the rules have no such minimum."""
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one action: return its events, or raise IllegalAction and change nothing."""
        seat = self._seat.get(action.by)
        if seat is None or not self.active[seat]:
            raise illegal(ErrorCode.UNKNOWN_PLAYER, f"{action.by!r} is not in the game")
        kind = action.type
        if self.round_over and kind is not ActionType.NEXT_ROUND:
            raise illegal(ErrorCode.ROUND_OVER, "the round is over")
        events: list[Event] = []
        self.handlers[kind](self, seat, action, events)
        if self.silence is not None:
            self._silence_over(events)
        if self.skip_next:
            self._pass_over_skipped(events)
        self.version += 1
        return events

    def _not_during_slap(self) -> None:
        if self.slap is not None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "wait until everyone has slapped (H-8)")

    def _pass_over_skipped(self, events: list[Event]) -> None:
        """N-5: the next time play reaches a player whose turn was forfeited, pass over them."""
        while (self.turn in self.skip_next and self.pending is None and self.slap is None
               and not self.round_over):
            seat = self.turn
            self.skip_next.discard(seat)
            self._skip(seat, events)
            self.turn = self._next(seat)

    # ------------------------------------------------------------------ play

    def _backs(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """F-2: the inactive faces of these cards (classic cards have none)."""
        return ()

    def _arranged(self, given: frozenset[str]) -> None:
        """Put a table arranged by hand (`arranged`, the fields `given`) in order: a variant's
        hook; classic cards need nothing."""

    def _on_play(self, seat: int, action: Action, events: list[Event]) -> None:
        card = action.card
        hand = self.hands[seat]
        held = card is not None and card in hand
        if not held and card is not None:
            card = self._named_card(seat, card)  # Flip: a card named by its face alone
            held = card in hand
        pending = self.pending
        jump = (pending.decider if pending is not None else self.turn) != seat
        if jump and not self.may_jump_in(seat, card):
            raise illegal(ErrorCode.NOT_YOUR_TURN, "the table is waiting for another player")
        if not held or card is None:
            raise illegal(ErrorCode.CARD_NOT_IN_HAND, "that card is not in your hand")
        if self.slap is not None:
            self._not_during_slap()
        mode: AnswerMode | None = None
        if pending is not None and not jump:
            mode = self._answer_mode(pending, card)
            if mode is None:
                raise illegal(ErrorCode.NOT_ALLOWED_NOW, f"answer the {pending.kind} first")
        drawn = self.drawn
        if drawn is not None and not jump and card is not drawn:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "only the card just drawn may be played")
        color_before = self.color
        if mode is None and not jump and not (
                card.color is None or card.color is color_before
                or card.rank is self.discard[-1].rank):
            raise illegal(ErrorCode.CARD_DOES_NOT_MATCH, f"{card} does not match")
        options = self.options
        color = card.color
        if color is None:
            if options.colours_around:
                color = self._around(color_before)  # H-9: a given colour is ignored
            else:
                color = self._color_arg(action.color)
        empties = len(hand) == 1  # a 0, 7 or 5 that empties a hand swaps nothing (C-8.1, H-13)
        # C-8.1: a last card's penalty cannot be answered (H-13: only the last stage's card).
        final = empties and (not options.seven_stages or self.stages[seat] == 1)
        other = None
        if options.seven_zero and card.rank is Rank.SEVEN and not empties:
            other = self._target_seat(seat, action.target)  # H-3

        # Validated: from here on the state changes.
        if drawn is not None and not jump:
            # C-4.4: the drawn card is the newest copy in the hand.
            del hand[len(hand) - 1 - hand[::-1].index(card)]
        else:
            hand.remove(card)
        self.drawn = None  # H-2: a jump-in ends the turn of a player deciding about a drawn card
        self.uno_owed = None  # C-5.2: any card played closes the window
        self.start_top = False
        self.discard.append(card)
        self.color = color
        name = self.players[seat]
        events.append(new_event(Event, (EventType.PLAYED, name, None, card,
                                        color if card.color is None else None, None, None,
                                        EventReason.JUMP_IN if jump else None, None)))
        left = len(hand)
        if left == 1:
            if action.uno:
                self._called_uno(seat, events)
            else:
                self.uno_owed = seat
        if mode is not None:
            assert pending is not None  # only a pending penalty has answers
            self._answer(mode, pending, seat, card, color_before, events, final=final)
        else:
            self.effects[card.rank](self, seat, card, color_before, other, events, final,
                                    empties)
        if self.options.silence != SilenceMode.OFF:
            self._start_silence(seat, card.rank, events)
        if left == 0 and self.pending is None:
            self._settle_if_empty(seat, events)

    def _around(self, color: Color | None) -> Color:
        """H-9: the next colour around the active side's circle in the direction of play."""
        circle = _CIRCLES[self.side]
        if color not in circle:
            return circle[0]
        i = circle.index(color)
        return circle[(i + self.direction) % len(circle)]

    # ------------------------------------------------------------------ card effects (C-4)

    def _number_effect(self, seat: int, card: Card, color_before: Color | None,
                       other: int | None, events: list[Event], final: bool,
                       empties: bool) -> None:
        """A number or a plain Wild: no effect, but H-3's 0 and 7 and H-6's 5."""
        self.turn = self._next(seat)
        if empties:
            return  # C-8.1, H-13: a 0, 7 or 5 that empties a hand has no effect
        rank = card.rank
        options = self.options
        if options.seven_zero and rank is Rank.ZERO:
            self._pass_hands(seat, events)
        elif other is not None:
            self._swap_hands(seat, other, events)
        elif options.swap_on_five and rank is Rank.FIVE:
            self.pending = Pending(PendingKind.SWAP, seat)

    def _skip_effect(self, seat: int, card: Card, color_before: Color | None,
                     other: int | None, events: list[Event], final: bool,
                     empties: bool) -> None:
        self._start_skip(seat, events, final=final)

    def _reverse_effect(self, seat: int, card: Card, color_before: Color | None,
                        other: int | None, events: list[Event], final: bool,
                        empties: bool) -> None:
        self.direction = -self.direction
        events.append(Event(EventType.REVERSED, by=self.players[seat], amount=self.direction))
        if self.in_round_count == 2:
            # Two players: the Reverse also skips the other, so the same player goes again.
            self._skip(self._next(seat), events)
            self.turn = seat
        else:
            self.turn = self._next(seat)

    def _skip_everyone_effect(self, seat: int, card: Card, color_before: Color | None,
                              other: int | None, events: list[Event], final: bool,
                              empties: bool) -> None:
        """F-6, M-5.3: everyone else is skipped; the player plays again at once."""
        for s in range(len(self.players)):
            if s != seat and self.in_round[s]:
                self._skip(s, events)
        self.turn = seat

    def _draw_effect(self, seat: int, card: Card, color_before: Color | None,
                     other: int | None, events: list[Event], final: bool,
                     empties: bool) -> None:
        self._start_draw_penalty(seat, card, color_before, events, final=final)

    # ------------------------------------------------------------------ draw, pass, colour

    # The pending decisions a Draw answers by taking the penalty (REPLAY.md: draw also accepts
    # a draw penalty), and why a second draw in one turn is refused.
    _DRAW_TAKES: ClassVar[frozenset[PendingKind]] = frozenset({PendingKind.CHALLENGE,
                                                               PendingKind.DRAW})
    _DRAWN_ALREADY: ClassVar[str] = "you have drawn already: play it or pass"

    def _turn_draw_begins(self, seat: int, events: list[Event]) -> bool:
        """The checks before a turn's draw; False when the Draw took a waiting penalty instead
        (the turn's draw does not happen)."""
        self._require_waiting_for(seat)
        self._not_during_slap()
        pending = self.pending
        if pending is not None:
            if pending.kind in self._DRAW_TAKES:
                self._accept(seat, events)
                return False
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, f"answer the {pending.kind} first")
        if self.drawn is not None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, self._DRAWN_ALREADY)
        self._close_uno_window_for(seat)
        return True

    def _on_draw(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self._turn_draw_begins(seat, events):
            return
        # H-1: keep drawing until a playable card, up to draw_cap cards.
        limit = self.options.draw_cap if self.options.draw_until_playable else 1
        got: list[Card] = []
        for _ in range(limit):
            got = self._draw(seat, 1, events, reason=EventReason.TURN)
            if not got or self.matches(got[0]):
                break
        if got and self.matches(got[0]):
            self.drawn = got[0]
            return
        if not got:
            # C-7 decision: nothing left to draw anywhere, so the player simply passes.
            events.append(Event(EventType.PASSED, by=self.players[seat],
                                reason=EventReason.NOTHING_TO_DRAW))
        self.turn = self._next(seat)

    def _on_pass(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        pending = self.pending
        if pending is not None and pending.kind is PendingKind.SWAP:
            self._decline_swap(seat, pending, events)  # H-6
            return
        self._pass_turn(seat, events)

    def _pass_turn(self, seat: int, events: list[Event]) -> None:
        """C-6: keep the card just drawn and pass (a variant may allow no passing)."""
        if self.drawn is None or self.pending is not None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "you may pass only after drawing")
        self._close_uno_window_for(seat)
        self.drawn = None
        events.append(Event(EventType.PASSED, by=self.players[seat]))
        self.turn = self._next(seat)

    def _on_color(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        if self.pending is None or self.pending.kind is not PendingKind.COLOR:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is no colour to name")
        color = self._color_arg(action.color)
        self.color = color
        self.pending = None
        events.append(Event(EventType.COLOR_CHOSEN, by=self.players[seat], color=color))

    def _on_accept(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        self._accept(seat, events)

    def _on_challenge(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        self._challenge(seat, events)

    def _on_swap_action(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        self._on_swap(seat, action.card, action.target, events)

    # ------------------------------------------------------------------ leaving (C-10)

    def _on_leave(self, seat: int, action: Action, events: list[Event]) -> None:
        name = self.players[seat]
        hand = self.hands[seat]
        most_held = self._most_held_color(seat)
        pending = self.pending
        next_seat = self._next(seat)
        # The hand goes to the bottom of the draw pile.
        self.draw_pile[0:0] = hand
        self.hands[seat] = []
        self.active[seat] = False
        self.in_round[seat] = False
        self.uno_called.discard(seat)
        self.skip_next.discard(seat)
        if self.uno_owed == seat:
            self.uno_owed = None
        events.append(Event(EventType.LEFT, by=name, amount=len(hand)))
        self._slap_without(seat, events)
        if sum(self.active) == 1:
            self._win_by_forfeit(events)
            return
        if self.in_round_count <= 1:
            self._end_round(events)  # H-12: the others are all out already
            return
        if pending is not None:
            if pending.kind is PendingKind.COLOR and pending.by == seat:
                self.color = most_held
                self.pending = None
                events.append(Event(EventType.COLOR_CHOSEN, by=name, color=most_held,
                                    reason=EventReason.LEFT))
            elif pending.kind is PendingKind.SWAP and seat in (pending.by, pending.target):
                self.pending = None  # a swap waiting on them is dropped
            elif self._drop_pending_of(seat, events):
                self.turn = next_seat
                self._settle_if_empty(pending.by, events)
                return
        if self.turn == seat:
            self.drawn = None
            self.turn = next_seat

    # ------------------------------------------------------------------ what players may do

    def legal_actions(self, player: str) -> list[Action]:
        """Everything `player` may do right now, in a stable order (see `_legal`)."""
        return legal_actions(self, player)

    def playable_cards(self, player: str) -> list[Card]:
        """The distinct cards of the player's hand they may play right now (for the hand's UI)."""
        seen: list[Card] = []
        for action in self.legal_actions(player):
            if action.type is ActionType.PLAY and action.card is not None and (
                    action.card not in seen):
                seen.append(action.card)
        return seen


Game.handlers = {
    ActionType.PLAY: Game._on_play,
    ActionType.DRAW: Game._on_draw,
    ActionType.PASS: Game._on_pass,
    ActionType.COLOR: Game._on_color,
    ActionType.UNO: lambda g, s, a, e: g._on_uno(s, e),
    ActionType.CATCH: lambda g, s, a, e: g._on_catch(s, a.target, e),
    ActionType.CHALLENGE: Game._on_challenge,
    ActionType.ACCEPT: Game._on_accept,
    ActionType.SWAP: Game._on_swap_action,
    ActionType.SLAP: lambda g, s, a, e: g._on_slap(s, e),
    ActionType.SLAP_TIMEOUT: lambda g, s, a, e: g._on_slap_timeout(s, e),
    ActionType.SPEAK: lambda g, s, a, e: g._on_speak(s, e),
    ActionType.LEAVE: Game._on_leave,
    ActionType.NEXT_ROUND: Game._on_next_round,
}


_NUMBER_EFFECT: Effect = Game._number_effect
Game.effects = {
    **dict.fromkeys(NUMBER_RANKS, _NUMBER_EFFECT),
    Rank.WILD: _NUMBER_EFFECT,
    Rank.SKIP: Game._skip_effect,
    Rank.REVERSE: Game._reverse_effect,
    **dict.fromkeys(PENALTY_RANKS, Game._draw_effect),
}


def variant_of(preset: Preset | str) -> type[Game]:
    """The game class a preset plays (python-chess's variants by name); RulesError for a name
    that is not a preset. `Game.start` and `load` create this class."""
    # A rule set's preset is a Preset already: no need to look its name up again.
    return _VARIANTS[preset if isinstance(preset, Preset) else preset_of(preset)]


_VARIANTS.update(dict.fromkeys(Game.presets, Game))
