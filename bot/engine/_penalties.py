"""Draw and skip penalties, and every answer to them.

C-4 ("When a penalty waits"): a penalty is applied at once unless the rules in force give its
victim an answer: a challenge (C-6), stacking (H-4), deflecting (N-1, N-2, N-4) or bouncing
(H-11). Then it waits for the victim, whatever their hand holds, so the wait reveals nothing.
A penalty card that was its player's last card (C-8.1) can be challenged but not answered.
"""

from __future__ import annotations

from ._scoring import ScoringRules
from ._state import AnswerMode, Pending, PendingKind, illegal
from .cards import Card, Color, Rank, all_cards
from .errors import ErrorCode
from .events import Event, EventReason, EventType

_PENALTY_AMOUNT = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4, Rank.WILD_DRAW_TEN: 10,
                   Rank.DRAW_ONE: 1, Rank.DRAW_FIVE: 5, Rank.WILD_DRAW_TWO: 2,
                   Rank.WILD_DRAW_COLOR: 0}
PENALTY_RANKS = tuple(_PENALTY_AMOUNT)
# Wild draw cards whose legality can be challenged (C-6, F-5, F-6).
CHALLENGEABLE = frozenset({Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TWO, Rank.WILD_DRAW_COLOR})
_PENALTY_KINDS = (PendingKind.CHALLENGE, PendingKind.DRAW, PendingKind.SKIP)


class PenaltyRules(ScoringRules):
    """Penalties and their answers: a settled penalty card may take its player out (scoring)."""

    # ------------------------------------------------------------------ starting a penalty

    def _start_draw_penalty(self, seat: int, card: Card, color_before: Color | None,
                            events: list[Event], *, final: bool, base: int = 0) -> None:
        """A Draw Two, Wild Draw Four or Draw Ten from `seat` hits the next player.

        `base` is the sum already pending when the card was stacked on it (H-4).
        """
        victim = self._next(seat)
        amount = base + _PENALTY_AMOUNT[card.rank]
        if card.rank in CHALLENGEABLE:
            # C-6 / F-5 / F-6: always waits for the victim's decision (a challenge is possible).
            guilty = any(c.color is color_before for c in self.hands[seat])
            until = card.rank is Rank.WILD_DRAW_COLOR
            self.pending = Pending(PendingKind.CHALLENGE, seat, victim,
                                   None if until else amount, guilty,
                                   color_before, final=final, until_color=until)
            self.turn = victim
        elif not final and self._draw_is_answerable(card.rank):
            self.pending = Pending(PendingKind.DRAW, seat, victim, amount)
            self.turn = victim
        else:
            self._take_penalty(victim, amount, events, reason=EventReason.PENALTY)

    def _draw_is_answerable(self, rank: Rank) -> bool:
        o = self.options
        if rank is Rank.DRAW_TWO:
            return o.stacking or o.deflect_draw_two or o.reverse_bounce
        return o.stacking  # Draw Ten (H-10): only stacking answers it

    def _start_skip(self, seat: int, events: list[Event], *, final: bool) -> None:
        """C-4 Skip; N-1: the victim may deflect it with an identical Skip."""
        victim = self._next(seat)
        if self.options.deflect_skip and not final:
            self.pending = Pending(PendingKind.SKIP, seat, victim)
            self.turn = victim
            return
        self._skip(victim, events)
        self.turn = self._next(victim)

    def _take_penalty(self, victim: int, amount: int, events: list[Event], *,
                      reason: EventReason, until_color: bool = False) -> None:
        """The victim draws (F-6: until the named colour, then `amount` more) and loses the
        turn; play continues from them (H-11: in the direction then in force)."""
        if until_color:
            self._draw_until(victim, self.color, events, reason=reason)
        self._draw(victim, amount, events, reason=reason)
        self._skip(victim, events)
        self.turn = self._next(victim)

    # ------------------------------------------------------------------ answering with a card

    def answer_modes(self) -> list[AnswerMode]:
        """Every way the rules in force let the pending penalty be answered (stack,
        deflect_skip, deflect, bounce; H-4, H-11, N-1, N-2, N-4), whatever the deciding player
        holds: the bot offers these on the public table, which must not hint at a hand (C-9)."""
        pending = self.pending
        if pending is None:
            return []
        modes = (self._answer_mode(pending, card) for card in all_cards())
        return list(dict.fromkeys(mode for mode in modes if mode is not None))

    def _answer_mode(self, pending: Pending, card: Card) -> AnswerMode | None:
        """How `card` answers the pending penalty, or None if it does not."""
        if pending.final:
            return None
        o = self.options
        top = self.discard[-1]
        kind = pending.kind
        if kind is PendingKind.SKIP:
            return AnswerMode.DEFLECT_SKIP if card is top else None  # N-1: exactly identical
        if kind is not PendingKind.DRAW and kind is not PendingKind.CHALLENGE:
            return None
        bounce = (o.reverse_bounce and card.rank is Rank.REVERSE and card.color is self.color)
        if pending.bounced:
            return AnswerMode.BOUNCE if bounce else None
        source = top.rank
        if bounce and source in (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR):
            return AnswerMode.BOUNCE
        rank = card.rank
        if o.stacking:
            mixed = o.stack_mixed and rank in (Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN)
            if rank is source or mixed:  # mixed: W+4 or W+10 on any draw card
                return AnswerMode.STACK
        if source is Rank.DRAW_TWO and o.deflect_draw_two and rank is Rank.DRAW_TWO:
            return AnswerMode.DEFLECT
        if (source is Rank.WILD_DRAW_FOUR and o.wild_four_deflect and rank is Rank.DRAW_TWO
                and card.color is self.color):
            return AnswerMode.DEFLECT
        return None

    def _answer(self, mode: AnswerMode, pending: Pending, seat: int, card: Card,
                color_before: Color | None, events: list[Event], *, final: bool) -> None:
        """Carry out an answer already validated by `_answer_mode` (the card is on the pile)."""
        self.pending = None
        # H-13: a stage-emptying penalty card that is answered has had its effect.
        self._settle_if_empty(pending.by, events)
        if mode is AnswerMode.STACK:  # H-4: the penalties add up and pass on
            self._start_draw_penalty(seat, card, color_before, events, final=final,
                                     base=pending.amount or 0)
        elif mode is AnswerMode.DEFLECT:  # N-2 / N-4: the last player of the chain draws 2, no sum
            self._start_draw_penalty(seat, card, color_before, events, final=final)
        elif mode is AnswerMode.DEFLECT_SKIP:  # N-1
            self._start_skip(seat, events, final=final)
        elif mode is AnswerMode.BOUNCE:  # H-11: the whole penalty goes back to its sender
            self.direction = -self.direction
            events.append(Event(EventType.REVERSED, by=self.players[seat], amount=self.direction))
            sender, amount = pending.by, pending.amount or 0
            if final:
                self._take_penalty(sender, amount, events, reason=EventReason.PENALTY)
            else:
                self.pending = Pending(PendingKind.DRAW, seat, sender, amount, bounced=True)
                self.turn = sender

    # ------------------------------------------------------------------ accept or challenge

    def _pending_penalty_for(self, seat: int, kinds: tuple[PendingKind, ...]) -> Pending:
        self._require_waiting_for(seat)
        pending = self.pending
        if pending is None or pending.kind not in kinds:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is nothing to challenge or accept")
        return pending

    def _accept(self, seat: int, events: list[Event]) -> None:
        """Take the pending penalty (the `accept` action, or `draw` for a draw penalty)."""
        pending = self._pending_penalty_for(
            seat, (PendingKind.CHALLENGE, PendingKind.DRAW, PendingKind.SKIP))
        self._close_uno_window_for(seat)
        self.pending = None
        name = self.players[seat]
        if pending.kind is PendingKind.SKIP:
            events.append(Event(EventType.ACCEPTED, by=name))
            self._skip(seat, events)
            self.turn = self._next(seat)
        else:
            events.append(Event(EventType.ACCEPTED, by=name, amount=pending.amount))
            self._take_penalty(seat, pending.amount or 0, events, reason=EventReason.PENALTY,
                               until_color=pending.until_color)
        self._settle_if_empty(pending.by, events)

    def _challenge(self, seat: int, events: list[Event]) -> None:
        """C-6 (with H-4's sums and N-5's returned card)."""
        pending = self._pending_penalty_for(seat, (PendingKind.CHALLENGE,))
        self._close_uno_window_for(seat)
        self.pending = None
        culprit = pending.by
        name, culprit_name = self.players[seat], self.players[culprit]
        card = self.discard[-1]
        events.append(Event(EventType.CHALLENGED, by=name, target=culprit_name, card=card,
                            reason=EventReason.GUILTY if pending.guilty else EventReason.INNOCENT))
        # C-6 / C-9: the challenged hand is shown to the challenger alone, once.
        events.append(Event(EventType.HAND_SHOWN, by=culprit_name, target=name,
                            cards=tuple(self.hands[culprit])))
        amount = pending.amount or 0
        until = pending.until_color
        if not pending.guilty:
            self._take_penalty(seat, amount + 2, events, reason=EventReason.CHALLENGE_LOST,
                               until_color=until)
        elif self.options.wild_four_challenge_returns:
            # N-5: the card goes back, the top card and colour before it stand again, and the
            # card's whole effect falls on its player: draw 4 and lose the next turn.
            # Decision: if a reshuffle took the card before it away, the Wild Draw Four stays
            # as the top card (a pile needs one) under the colour from before it.
            if len(self.discard) > 1:
                self.discard.pop()
                self.hands[culprit].append(card)
                events.append(Event(EventType.CARD_RETURNED, by=culprit_name, card=card))
            self.color = pending.color_before
            self._draw(culprit, amount, events, reason=EventReason.CHALLENGE_LOST)
            self.skip_next.add(culprit)
            self.turn = seat
        else:
            if until:
                self._draw_until(culprit, self.color, events, reason=EventReason.CHALLENGE_LOST)
            self._draw(culprit, amount, events, reason=EventReason.CHALLENGE_LOST)
            self.turn = seat  # the challenger takes their turn normally
        self._settle_if_empty(culprit, events)

    def _close_uno_window_for(self, seat: int) -> None:
        """C-5.2: the window closes when the player the table waits for (not its owner) acts."""
        if self.uno_owed is not None and self.uno_owed != seat:
            self.uno_owed = None

    def _drop_pending_of(self, seat: int, events: list[Event]) -> bool:
        """C-10: a penalty aimed at, or played by, a leaving player is dropped. True if the
        table was waiting on them for it (their turn then passes on)."""
        pending = self.pending
        if pending is None or pending.kind not in _PENALTY_KINDS:
            return False
        if pending.by == seat:
            # Their own penalty card waits: drop it; its victim plays normally.
            self.pending = None
            self.turn = pending.victim
            events.append(Event(EventType.PENALTY_DROPPED, by=self.players[pending.victim or 0]))
            return False
        if pending.victim == seat:
            self.pending = None
            events.append(Event(EventType.PENALTY_DROPPED, by=self.players[seat]))
            return True
        return False
