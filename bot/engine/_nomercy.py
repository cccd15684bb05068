"""UNO Show 'Em No Mercy (RULES.md section M) as a variant of the game: its 168-card deck, draw
until playable, stacking by the last card's value, the Roulette, sevens and zeros always on, and
the Mercy rule (25 cards knock a player out). Everything No Mercy changes lives here; the rest is
the game's own (C wherever M is silent).

A knocked-out player stays seated (`active`) but leaves the round (`in_round`), so every "next
player" of the game already counts active players only (M, "Active player").
"""

from __future__ import annotations

from typing import ClassVar, cast

from ._game import Effect, Game, Handler
from ._state import AnswerMode, Pending, PendingKind, illegal
from .actions import Action, ActionType
from .cards import NUMBER_RANKS, Card, Color, Rank, Side, no_mercy_deck
from .errors import ErrorCode
from .events import Event, EventReason, EventType
from .rules import Options, Preset, ScoringMode, SilenceMode

MAX_PLAYERS = 6  # M-2.1
MERCY_LIMIT = 25  # M-10.1: a hand of this many cards knocks its player out
KNOCKOUT_POINTS = 250  # M-13.1
# M-6.2: the draw cards and their values (a stack answer is worth at least the last one's).
DRAW_VALUES = {Rank.DRAW_TWO: 2, Rank.DRAW_FOUR: 4, Rank.WILD_REVERSE_DRAW_FOUR: 4,
               Rank.WILD_DRAW_SIX: 6, Rank.WILD_DRAW_TEN: 10}
ROULETTE = Rank.WILD_COLOR_ROULETTE


class NoMercyGame(Game):
    """A match of UNO Show 'Em No Mercy (the `no_mercy` preset)."""

    presets: ClassVar[tuple[Preset, ...]] = (Preset.NO_MERCY,)
    no_mercy: ClassVar[bool] = True
    max_players: ClassVar[int] = MAX_PLAYERS
    may_pass_after_draw: ClassVar[bool] = False  # M-4.2: the drawn card must be played
    sevens_swap: ClassVar[bool] = True  # M-9: sevens and zeros, whatever the options
    mercy_rule: ClassVar[bool] = True  # M-10

    @classmethod
    def deck_faces(cls, options: Options, side: Side = Side.LIGHT) -> list[Card]:
        """M-1: its own 168 cards, no plain Wild."""
        return no_mercy_deck()

    def stack_minimum(self) -> int:
        """M-6.2: the lowest draw value that may be stacked now: the last draw card's value."""
        return DRAW_VALUES.get(self.discard[-1].rank, 0)

    # ------------------------------------------------------------------ set-up (M-2.3)

    def _turn_up_start_card(self, events: list[Event]) -> None:
        """Turn up cards until a number card; those before it stay under it with no effect."""
        while True:
            start = self.draw_pile.pop()
            self.discard.append(start)
            if start.is_number:
                events.append(Event(EventType.START_CARD, card=start))
                break
            events.append(Event(EventType.START_CARD, card=start, ignored=True))
        self.color = start.color
        first = self.first_player if self.options.lazy_scoring else None
        if first is None or not self.active[first]:
            first = self._next(self.dealer)  # M-16.12: under H-7 the last winner plays first
        self.turn = first

    # ------------------------------------------------------------------ playing (M-3..M-9)

    def _jump_in_open(self) -> bool:
        # Section P: no jump-in while a drawn card must be played (nor while anything waits).
        return self.drawn is None and super()._jump_in_open()

    def may_jump_in(self, seat: int, card: Card | None) -> bool:
        return self.in_round[seat] and super().may_jump_in(seat, card)

    def _on_play(self, seat: int, action: Action, events: list[Event]) -> None:
        card = action.card
        hand = self.hands[seat]
        pending = self.pending
        jump = (pending.decider if pending is not None else self.turn) != seat
        if jump and not self.may_jump_in(seat, card):
            raise illegal(ErrorCode.NOT_YOUR_TURN, "the table is waiting for another player")
        if card is None or card not in hand:
            raise illegal(ErrorCode.CARD_NOT_IN_HAND, "that card is not in your hand")
        self._not_during_slap()
        stacked = pending is not None and not jump
        if stacked and self._answer_mode(pending, card) is None:  # type: ignore[arg-type]
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "only a draw card worth at least "
                          f"{self.stack_minimum()} answers this (M-6.2, M-6.4)")
        drawn = self.drawn
        if drawn is not None and not jump and card is not drawn:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "the card just drawn must be played (M-4.2)")
        if not stacked and not jump and not self.matches(card):
            raise illegal(ErrorCode.CARD_DOES_NOT_MATCH, f"{card} does not match")
        empties = len(hand) == 1
        color = card.color
        # M-8.1: a Roulette names no colour; M-16.6: a last one, like any last wild, does.
        if color is None and (card.rank is not ROULETTE or empties):
            color = self._color_arg(action.color)
        other = None
        if card.rank is Rank.SEVEN and not empties:  # M-16.6: a last 7's target is ignored
            other = self._seven_target(seat, action.target)

        # Validated: from here on the state changes.
        if drawn is not None and not jump:
            del hand[len(hand) - 1 - hand[::-1].index(card)]  # M-16.11: the drawn copy
        else:
            hand.remove(card)
        self.drawn = None
        self.uno_owed = None  # C-5.2: any card played closes the window
        self.start_top = False
        color_before = self.color
        self.discard.append(card)
        self.color = color
        events.append(Event(EventType.PLAYED, by=self.players[seat], card=card,
                            color=color if card.color is None and color else None,
                            reason=EventReason.JUMP_IN if jump else None))
        if empties:
            self.pending = None  # M-12.1: the last card has no effect; a pending total vanishes
            self._went_out(seat, events)
            return
        if stacked:
            assert pending is not None
            self.pending = None
            self._start_draw_penalty(seat, card, color_before, events, final=False,
                                     base=pending.amount or 0)
        else:
            self.effects[card.rank](self, seat, card, color_before, other, events, False, False)
        left = len(self.hands[seat])
        if left == 0:  # M-5.4: a Discard All shed the rest of the hand
            self._went_out(seat, events)
            return
        if left == 1:  # M-11.1: counted once burying, swapping or passing is done
            if action.uno:
                self._called_uno(seat, events)
            else:
                self.uno_owed = seat
        if self.options.silence != SilenceMode.OFF and card.rank is not ROULETTE:
            self._start_silence(seat, card.rank, events)  # M-16.8: a Roulette's starts later

    def _seven_target(self, seat: int, target: str | None) -> int:
        """M-9.1, M-16.6: another active player; omitted, the only other one."""
        others = [s for s in range(len(self.players)) if self.in_round[s] and s != seat]
        if target is None and len(others) == 1:
            return others[0]
        return self._target_seat(seat, target)

    def _number_effect(self, seat: int, card: Card, color_before: Color | None,
                       other: int | None, events: list[Event], final: bool,
                       empties: bool) -> None:
        """M-9: a 0 passes every active hand on, a 7 swaps; H-6's 5 if switched on."""
        self.turn = self._next(seat)
        if card.rank is Rank.ZERO:
            self._pass_hands(seat, events)
        elif other is not None:
            self._swap_hands(seat, other, events)
        elif self.options.swap_on_five and card.rank is Rank.FIVE:
            self.pending = Pending(PendingKind.SWAP, seat)

    def _discard_all_effect(self, seat: int, card: Card, color_before: Color | None,
                            other: int | None, events: list[Event], final: bool,
                            empties: bool) -> None:
        """M-5.4: every other card of its colour goes under it, in hand order."""
        hand = self.hands[seat]
        buried = [c for c in hand if c.color is card.color]
        hand[:] = [c for c in hand if c.color is not card.color]
        self.discard[-1:-1] = buried  # the Discard All stays on top
        events.append(Event(EventType.DISCARDED_ALL, by=self.players[seat], card=card,
                            cards=tuple(buried)))
        self.turn = self._next(seat)

    def _roulette_effect(self, seat: int, card: Card, color_before: Color | None,
                         other: int | None, events: list[Event], final: bool,
                         empties: bool) -> None:
        """M-8.1: the next player must name the colour; nothing else answers it."""
        victim = self._next(seat)
        self.color = None
        self.pending = Pending(PendingKind.ROULETTE, seat, victim)
        self.turn = victim

    # ------------------------------------------------------------------ penalties (M-6, M-7)

    def _start_draw_penalty(self, seat: int, card: Card, color_before: Color | None,
                            events: list[Event], *, final: bool, base: int = 0) -> None:
        """M-6.1: the penalty always waits for its victim; M-7: a `WR+4` turns play round first
        and, with two players, skips the other and aims at its own player."""
        amount = base + DRAW_VALUES[card.rank]
        victim = self._next(seat)
        if card.rank is Rank.WILD_REVERSE_DRAW_FOUR:
            self.direction = -self.direction
            events.append(Event(EventType.REVERSED, by=self.players[seat], amount=self.direction))
            if self.in_round_count == 2:
                self._skip(victim, events)
                victim = seat
            else:
                victim = self._next(seat)  # M-16.7: the one seated before, in the old direction
        self.pending = Pending(PendingKind.DRAW, seat, victim, amount)
        self.turn = victim

    def _answer_mode(self, pending: Pending, card: Card) -> AnswerMode | None:
        """M-6.2: a draw card worth at least the last draw card played, any colour or kind."""
        if pending.kind is not PendingKind.DRAW:
            return None
        value = DRAW_VALUES.get(card.rank)
        return AnswerMode.STACK if value is not None and value >= self.stack_minimum() else None

    def _take_penalty(self, victim: int, amount: int, events: list[Event], *,
                      reason: EventReason, until_color: bool = False) -> None:
        """M-6.2: the whole total, one card at a time, and the turn is lost; M-6.6: a knockout
        spends the rest."""
        self._draw(victim, amount, events, reason=reason)
        if self.in_round[victim] and not self.round_over:
            self._skip(victim, events)
            self.turn = self._next(victim)

    def _close_uno_window_for(self, seat: int) -> None:
        """M-16.2: the window also closes when its owner draws, takes a penalty or names a
        Roulette colour (they are the ones acting)."""
        self.uno_owed = None

    # ------------------------------------------------------------------ draw until playable (M-4)

    _DRAW_TAKES: ClassVar[frozenset[PendingKind]] = frozenset({PendingKind.DRAW})
    _DRAWN_ALREADY: ClassVar[str] = "play the card you drew (M-4.2)"

    def _on_draw(self, seat: int, action: Action, events: list[Event]) -> None:
        if not self._turn_draw_begins(seat, events):
            return
        while True:
            got = self._draw(seat, 1, events, reason=EventReason.TURN)
            if not self.in_round[seat] or self.round_over:
                return  # M-4.2: a knockout ends the drawing and the turn
            if not got:  # M-4.3: nothing left anywhere (cannot happen with 2-6 players)
                events.append(Event(EventType.PASSED, by=self.players[seat],
                                    reason=EventReason.NOTHING_TO_DRAW))
                self.turn = self._next(seat)
                return
            if self.matches(got[0]):
                self.drawn = got[0]  # it must now be played, and nothing else
                return

    def _pass_turn(self, seat: int, events: list[Event]) -> None:
        raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is no passing in No Mercy (M-4)")

    # ------------------------------------------------------------------ the Roulette (M-8)

    def _on_color(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        self._not_during_slap()
        pending = self.pending
        if pending is None or pending.kind is not PendingKind.ROULETTE:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is no colour to name")
        color = self._color_arg(action.color)
        self._close_uno_window_for(seat)  # M-16.2, like `accept`
        self.pending = None
        self.color = color
        events.append(Event(EventType.COLOR_CHOSEN, by=self.players[seat], color=color))
        if self.options.silence != SilenceMode.OFF:
            self._start_silence(pending.by, ROULETTE, events)  # M-16.8
        # M-8.2: turn cards up until the named colour (a wild never counts).
        while True:
            got = self._draw(seat, 1, events, reason=EventReason.ROULETTE)
            if not self.in_round[seat] or self.round_over:
                return
            if not got or got[0].color is color:
                break
        self._skip(seat, events)  # M-8.3
        self.turn = self._next(seat)

    # ------------------------------------------------------------------ the Mercy rule (M-10)

    def _draw(self, seat: int, count: int, events: list[Event], *,
              reason: EventReason) -> list[Card]:
        """Every card entering a hand is checked first (M-16.10): at 25 its player is out."""
        got: list[Card] = []
        hand = self.hands[seat]
        for _ in range(count):
            if not self.in_round[seat] or self.round_over:
                break
            one = super()._draw(seat, 1, events, reason=reason)
            if not one:
                break
            got += one
            if len(hand) >= MERCY_LIMIT:
                self._knock_out(seat, events)
                break
        return got

    def _knock_out(self, seat: int, events: list[Event]) -> None:
        """M-10.2–5: the hand goes under the discard pile; whatever they were doing stops."""
        hand = self.hands[seat]
        most_held = self._most_held_color(seat)
        self.discard[0:0] = hand
        self.hands[seat] = []
        self.in_round[seat] = False
        self.knocked_out.append(seat)
        self.uno_called.discard(seat)
        if self.uno_owed == seat:
            self.uno_owed = None
        name = self.players[seat]
        events.append(Event(EventType.KNOCKED_OUT, by=name, amount=len(hand)))
        silence = self.silence
        if silence is not None and silence.by == seat:  # M-16.5
            self.silence = None
            events.append(Event(EventType.SILENCE_ENDED, by=name))
        self._slap_without(seat, events)
        if self.round_over:
            return
        if self.in_round_count == 1:
            self._win_by_knockout(events)
            return
        self._release(seat, most_held, EventReason.KNOCKED_OUT, events)

    def _release(self, seat: int, most_held: Color, reason: EventReason,
                 events: list[Event]) -> None:
        """C-10 with M-16.1, for a player leaving or knocked out: a Roulette colour they owe is
        named for them, a penalty aimed at them or a swap with them is dropped (their own
        penalty stays with its victim), and a turn of theirs passes on."""
        pending = self.pending
        name = self.players[seat]
        if pending is not None:
            if pending.kind is PendingKind.ROULETTE and pending.victim == seat:
                self.pending = None
                self.color = most_held
                events.append(Event(EventType.COLOR_CHOSEN, by=name, color=most_held,
                                    reason=reason))
            elif pending.kind is PendingKind.DRAW and pending.victim == seat:
                self.pending = None
                events.append(Event(EventType.PENALTY_DROPPED, by=name))
            elif pending.kind is PendingKind.SWAP and seat in (pending.by, pending.target):
                self.pending = None
        if self.turn == seat:
            self.drawn = None
            self.turn = self._next(seat)

    def _win_by_knockout(self, events: list[Event]) -> None:
        """M-12.2, M-16.3: the last active player wins the round."""
        winner = self.in_round.index(True)
        self._went_out(winner, events)

    # ------------------------------------------------------------------ scoring (M-13)

    def _score_round_winner(self, seat: int, events: list[Event]) -> None:
        """M-13.1: the other active hands plus 250 per knockout; H-7 scores nothing."""
        points = 0
        if self.options.scoring is ScoringMode.CLASSIC:
            points = sum(c.points for s, hand in enumerate(self.hands) if s != seat
                         for c in hand) + KNOCKOUT_POINTS * len(self.knocked_out)
            self.scores[seat] += points
        # M-16.3: a winner still holding cards won because nobody else is left.
        reason = EventReason.KNOCKOUT if self.hands[seat] else None
        events.append(Event(EventType.ROUND_WON, by=self.players[seat], amount=points,
                            reason=reason))

    def _lazy_loser(self, events: list[Event]) -> None:
        """M-13.4: under H-7 the first player knocked out loses (else H-7 as written)."""
        if not self.knocked_out:
            super()._lazy_loser(events)
            return
        loser = self.knocked_out[0]
        self.round_loser = loser
        self.first_player = self.round_winner
        events.append(Event(EventType.ROUND_LOST, by=self.players[loser]))

    # ------------------------------------------------------------------ talk and leaving

    def _on_uno(self, seat: int, events: list[Event]) -> None:
        self._in_round_or_refuse(seat)  # M-16.5
        super()._on_uno(seat, events)

    def _on_catch(self, seat: int, target: str | None, events: list[Event]) -> None:
        self._in_round_or_refuse(seat)  # M-10.4
        super()._on_catch(seat, target, events)

    def _on_slap_timeout(self, seat: int, events: list[Event]) -> None:
        """M-16.10: the late slappers draw in turn order from the caller's left."""
        self._in_round_or_refuse(seat)
        slap = self.slap
        if slap is None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "no slap window is open")
        self.slap = None
        n = len(self.players)
        order = [(slap.by + self.direction * i) % n for i in range(1, n)]
        for late in (s for s in order if s in slap.waiting):
            if self.round_over:
                return
            if self.in_round[late]:
                events.append(Event(EventType.SLAP_LOST, by=self.players[late]))
                self._draw(late, 2, events, reason=EventReason.SLAP)
        if not self.round_over:
            events.append(Event(EventType.SLAP_CLOSED, by=self.players[slap.by]))

    def _on_speak(self, seat: int, events: list[Event]) -> None:
        if self.in_round[seat]:  # M-16.5: a knocked-out player's speech has no effect
            super()._on_speak(seat, events)

    def _in_round_or_refuse(self, seat: int) -> None:
        if not self.in_round[seat]:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "you are knocked out of this round")

    def _on_leave(self, seat: int, action: Action, events: list[Event]) -> None:
        """C-10 with M-14.2 and M-16.1."""
        name = self.players[seat]
        hand = self.hands[seat]
        most_held = self._most_held_color(seat)
        self.draw_pile[0:0] = hand  # a drawn card to play goes with the hand (M-14.2)
        self.hands[seat] = []
        self.active[seat] = False
        self.in_round[seat] = False
        self.uno_called.discard(seat)
        if self.uno_owed == seat:
            self.uno_owed = None
        events.append(Event(EventType.LEFT, by=name, amount=len(hand)))
        self._slap_without(seat, events)
        if sum(self.active) == 1:
            self._win_by_forfeit(events)  # C-10: only one seated player remains
            return
        if self.round_over:
            return
        if self.in_round_count == 1:
            self._win_by_knockout(events)  # M-14.2: the others are knocked out
            return
        self._release(seat, most_held, EventReason.LEFT, events)


# No Mercy's effects and handlers take a NoMercyGame: its tables are only read by NoMercyGame.
_DRAW: Effect = Game._draw_effect
NoMercyGame.effects = {
    **dict.fromkeys(NUMBER_RANKS, cast(Effect, NoMercyGame._number_effect)),
    Rank.SKIP: Game._skip_effect,
    Rank.REVERSE: Game._reverse_effect,
    Rank.SKIP_EVERYONE: Game._skip_everyone_effect,
    Rank.DISCARD_ALL: cast(Effect, NoMercyGame._discard_all_effect),
    **dict.fromkeys(DRAW_VALUES, _DRAW),
    ROULETTE: cast(Effect, NoMercyGame._roulette_effect),
}
_OWN_HANDLERS = {
    ActionType.PLAY: NoMercyGame._on_play,
    ActionType.DRAW: NoMercyGame._on_draw,
    ActionType.PASS: NoMercyGame._on_pass,
    ActionType.COLOR: NoMercyGame._on_color,
    ActionType.LEAVE: NoMercyGame._on_leave,
}
NoMercyGame.handlers = {**Game.handlers,
                        **{kind: cast(Handler, h) for kind, h in _OWN_HANDLERS.items()}}
