"""Classic rules with the house rules of RULES.md H that change what a table of players does:
seven-zero (H-3), stacking (H-4, with `stack_mixed`), swap on five (H-6) and the UNO slap (H-8).

`HouseTable` is the classic `Table` with these options as flags (`HouseRules`); the classic
table's hot path stays as it was, and a play that none of them touches still goes through it.
Two more house rules cost the core nothing, because nothing it simulates changes: jump-ins (H-2)
are out-of-turn plays, left to the engine's legal list as late UNO calls and catches are (the
core's `legal(seat)` lists no jump-in and its table never has one), and silence (H-5) only
punishes speaking, which no simulated player does. `bot.sim.lockstep` checks all of it against
the engine over the actions the core covers.

The states the classic table does not have: a draw penalty waiting for its victim to stack on
it or take it (`PENDING_DRAW`, its sum in `p_amount`), a 5's swap (`PENDING_SWAP`: `p_by` the
giver, `p_victim` the target and `p_card` the offered card once named), and an open slap window
(`PENDING_SLAP`, `slap` the seats that have not slapped; the decision it interrupted, if any,
waits in `under`). Rollouts may play a 7 by its card alone (`Table.matching`'s cards): it then
swaps with the smallest other hand, the choice a player would usually make.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .cards import (
    ACCEPT,
    CHALLENGE,
    COLOR,
    DRAW,
    DRAW_TWO,
    N_CARDS,
    PASS,
    PLAY_WILD_FOUR,
    RANK,
    REVERSE,
    SKIP,
    SLAP,
    SLAP_TIMEOUT,
    SWAP,
    TARGETED,
    UNO,
    WILD,
    WILD_FOUR,
)
from .table import (
    _NAMED,
    _PLAYED,
    _PLAYS,
    _PLAYS_UNO,
    NO_PENDING,
    PENDING_CHALLENGE,
    PENDING_COLOR,
    Table,
)

PENDING_DRAW, PENDING_SWAP, PENDING_SLAP = 3, 4, 5
SEVEN, FIVE = 7, 5
_ACCEPT, _CHALLENGE_OR_ACCEPT = (ACCEPT,), (CHALLENGE, ACCEPT)


class HouseRules(NamedTuple):
    """The house rules a `HouseTable` plays (the engine's option names)."""

    seven_zero: bool = False  # H-3
    stacking: bool = False  # H-4
    stack_mixed: bool = False  # H-4: a Wild Draw Four on a Draw Two too
    swap_on_five: bool = False  # H-6
    uno_slap: bool = False  # H-8


ALL_OFF = HouseRules()


def _touched(rules: HouseRules) -> tuple[bool, ...]:
    """By card: whether a play of it needs the house table's own play (a Wild Draw Four's
    penalty sum, a stackable Draw Two, a 0 or 7 under H-3, a 5 under H-6)."""
    ranks = {DRAW_TWO} if rules.stacking else set()
    ranks |= {0, SEVEN} if rules.seven_zero else set()
    ranks |= {FIVE} if rules.swap_on_five else set()
    return tuple(card == WILD_FOUR or RANK[card] in ranks for card in range(N_CARDS))


_apply, _legal = Table.apply, Table.legal  # the classic table's, called without `super()`


class HouseTable(Table):
    """A classic match under `HouseRules` (see the module)."""

    __slots__ = ("rules", "touched", "slap_on", "p_amount", "p_final", "p_card", "slap", "slap_by",
                 "slap_others", "under")

    def __init__(self, n: int, rng: random.Random, rules: HouseRules = ALL_OFF) -> None:
        super().__init__(n, rng)
        self.rules = rules
        self.touched = _touched(rules)
        self.slap_on = rules.uno_slap
        self.p_amount = 0  # the sum a pending draw penalty makes its victim draw (H-4)
        self.p_final = False  # C-8.1: the penalty card was its player's last: no answer
        self.p_card = -1  # H-6: the card offered
        self.slap: tuple[int, ...] = ()  # H-8: who has not slapped yet
        self.slap_by = -1
        self.slap_others = 0
        self.under = NO_PENDING  # the pending decision an open slap window holds back

    @classmethod
    def start(cls, n: int, seed: int, rules: HouseRules = ALL_OFF) -> HouseTable:
        table = cls(n, random.Random(seed), rules)
        table.dealer = table._draw_for_dealer()
        table.deal(table._shuffled_deck())
        return table

    def clone(self, rng: random.Random) -> HouseTable:
        table = super().clone(rng)
        assert isinstance(table, HouseTable)
        table.rules, table.touched, table.slap_on = self.rules, self.touched, self.slap_on
        table.p_amount, table.p_final = self.p_amount, self.p_final
        table.p_card, table.slap, table.slap_by = self.p_card, self.slap, self.slap_by
        table.slap_others, table.under = self.slap_others, self.under
        return table

    def deal(self, pile: list[int]) -> None:
        self.slap, self.under = (), NO_PENDING
        super().deal(pile)  # a start card's penalty never waits (its Draw Two is drawn)

    # ------------------------------------------------------------------ reading

    def waiting_for(self) -> int:
        if self.over:
            return -1
        pending = self.under if self.pending == PENDING_SLAP else self.pending
        if pending == NO_PENDING:
            return self.turn
        if pending == PENDING_COLOR or (pending == PENDING_SWAP and self.p_card < 0):
            return self.p_by
        return self.p_victim

    def legal(self, seat: int = -1) -> Sequence[int]:
        pending = self.pending
        if self.over or (pending == NO_PENDING and not self.rules.seven_zero) or (
                pending == PENDING_COLOR):
            return _legal(self, seat)
        if pending == PENDING_SLAP:  # H-8: everyone may time it out; who must slap, slaps
            if seat < 0:
                seat = self.waiting_for()
            return (SLAP + seat, SLAP_TIMEOUT) if seat in self.slap else (SLAP_TIMEOUT,)
        decider = self.waiting_for()
        if seat >= 0 and seat != decider:
            return ()
        if pending == NO_PENDING:
            return self._turn_plays()
        if pending == PENDING_SWAP:
            return self._swaps()
        out = list(_CHALLENGE_OR_ACCEPT if pending == PENDING_CHALLENGE else _ACCEPT)
        hand = self.hands[decider]
        plays = _PLAYS_UNO if len(hand) == 2 else _PLAYS
        for card in dict.fromkeys(hand):
            if self._answers(card):
                out += plays[card]
        return out

    def _turn_plays(self) -> list[int]:
        """H-3: the turn's plays, a 7 once per other seat (unless it is the last card)."""
        turn = self.turn
        hand = self.hands[turn]
        plays = _PLAYS_UNO if len(hand) == 2 else _PLAYS
        drawn = self.drawn
        cards = [drawn] if drawn >= 0 else list(dict.fromkeys(self.matching()))
        out: list[int] = []
        for card in cards:
            if RANK[card] == SEVEN and len(hand) > 1:
                play = plays[card][0]
                out += [TARGETED + s * 128 + play for s in range(self.n) if s != turn]
            else:
                out += plays[card]
        out.append(PASS if drawn >= 0 else DRAW)
        return out

    def _swaps(self) -> list[int]:
        """H-6: the giver offers a card to a seat (or passes); the target gives one back."""
        if self.p_card < 0:
            giver = self.p_by
            cards = dict.fromkeys(self.hands[giver])
            out = [SWAP + s * 64 + c for c in cards for s in range(self.n) if s != giver]
            out.append(PASS)
            return out
        return [SWAP + self.p_by * 64 + c for c in dict.fromkeys(self.hands[self.p_victim])]

    def _answers(self, card: int) -> bool:
        """H-4: whether `card` stacks on the pending penalty (the top card)."""
        if self.p_final or not self.rules.stacking:
            return False
        top = self.discard[-1]
        return card == top if top >= WILD else (
            RANK[card] == RANK[top] and card < WILD) or (
            card == WILD_FOUR and self.rules.stack_mixed)

    # ------------------------------------------------------------------ changing

    def apply(self, action: int) -> None:
        pending = self.pending
        if action < DRAW:
            if pending != NO_PENDING or self.touched[_PLAYED[action]] or (
                    self.slap_on and len(self.hands[self.turn]) == 2):
                self._play(action, -1)
            else:
                _apply(self, action)  # no house rule touches this play
        elif action >= SWAP:
            self._swap(action)
        elif action >= TARGETED:
            self._play((action - TARGETED) & 127, (action - TARGETED) >> 7)
        elif pending == PENDING_SLAP:
            self._slapped(action)
        elif pending == PENDING_SWAP:
            self.pending = NO_PENDING  # H-6: the giver declines (`pass`)
        elif pending == PENDING_DRAW:
            self._accept()  # `accept`, or a draw (REPLAY.md: it takes a waiting penalty)
        else:
            _apply(self, action)

    def _play(self, action: int, target: int) -> None:
        """A play some house rule touches (a 0, 5 or 7, a penalty, an answer, an UNO call)."""
        pending = self.pending
        seat = self.turn if pending == NO_PENDING else self.p_victim
        card = _PLAYED[action & ~UNO]
        hand = self.hands[seat]
        self._take_played(hand, card)
        color_before = self.color
        self.color = _NAMED[action & ~UNO]
        self.discard.append(card)
        left = len(hand)
        if left == 1 and self.rules.uno_slap:
            # H-8: the call (every listed play of a next-to-last card makes it) opens the
            # window before the card takes effect; play waits until it closes.
            self.slap_by, self.slap = seat, tuple(s for s in range(self.n) if s != seat)
            self.slap_others = self.n - 1
        if pending != NO_PENDING:  # H-4: a stack, the sum passes on
            self.pending = NO_PENDING
            self._penalty(seat, card, color_before, left == 0, self.p_amount)
        else:
            self._effect(seat, card, color_before, left, target)
        if self.slap:
            self.under, self.pending = self.pending, PENDING_SLAP
        if left == 0 and self.pending == NO_PENDING:
            self._win(seat)

    def _effect(self, seat: int, card: int, color_before: int, left: int, target: int) -> None:
        n, direction = self.n, self.direction
        rank = RANK[card]
        if rank == SKIP:
            self.turn = (seat + 2 * direction) % n
        elif rank == REVERSE:
            self.direction = direction = -direction
            self.turn = seat if n == 2 else (seat + direction) % n
        elif rank == DRAW_TWO or card == WILD_FOUR:
            self._penalty(seat, card, color_before, left == 0, 0)
        else:
            self.turn = (seat + direction) % n
            if left == 0:
                return  # C-8.1: a last 0, 7 or 5 swaps nothing
            rules = self.rules
            if rank == 0 and rules.seven_zero:  # H-3: hands move on
                hands = self.hands
                self.hands = [hands[(s - direction) % n] for s in range(n)]
            elif rank == SEVEN and rules.seven_zero:
                if target < 0:  # a rollout's 7 by its card alone: the smallest other hand
                    sizes = [(len(h), s) for s, h in enumerate(self.hands) if s != seat]
                    target = min(sizes)[1]
                hands = self.hands
                hands[seat], hands[target] = hands[target], hands[seat]
            elif rank == FIVE and rules.swap_on_five:
                self.pending, self.p_by, self.p_victim, self.p_card = PENDING_SWAP, seat, -1, -1

    def _penalty(self, seat: int, card: int, color_before: int, final: bool, base: int) -> None:
        """A Draw Two or Wild Draw Four hits the next player (`base`: the sum stacked on)."""
        victim = (seat + self.direction) % self.n
        if card == WILD_FOUR:  # C-6: always waits, a challenge being possible
            self.pending, self.p_by, self.p_victim = PENDING_CHALLENGE, seat, victim
            self.p_guilty = any(COLOR[c] == color_before for c in self.hands[seat])
            self.p_amount, self.p_final, self.turn = base + 4, final, victim
        elif not final and self.rules.stacking:
            self.pending, self.p_by, self.p_victim = PENDING_DRAW, seat, victim
            self.p_amount, self.p_final, self.turn = base + 2, False, victim
        else:
            self._draw(victim, base + 2)
            self.turn = (victim + self.direction) % self.n

    def _accept(self) -> None:
        victim, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        self._draw(victim, self.p_amount)
        self.turn = (victim + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _challenge(self) -> None:
        """C-6 with H-4's sum: guilty, its player draws it; innocent, the challenger the sum
        and two more."""
        seat, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        if self.p_guilty:
            self._draw(by, self.p_amount)
            self.turn = seat
        else:
            self._draw(seat, self.p_amount + 2)
            self.turn = (seat + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _swap(self, action: int) -> None:
        target, card = (action - SWAP) >> 6, (action - SWAP) & 63
        if self.p_card < 0:  # H-6: the offer
            self.p_victim, self.p_card = target, card
            return
        giver, taker, offered = self.p_by, self.p_victim, self.p_card
        self.hands[giver].remove(offered)
        self.hands[taker].remove(card)
        self.hands[giver].append(card)
        self.hands[taker].append(offered)
        self.pending = NO_PENDING

    def _slapped(self, action: int) -> None:
        """H-8: the last to slap draws 2 (two players: the other's slap just closes it); at the
        timeout, everyone who has not slapped draws 2."""
        if action == SLAP_TIMEOUT:
            late, self.slap = self.slap, ()
        else:
            self.slap = tuple(s for s in self.slap if s != action - SLAP)
            late = ()
            if self.slap and self.slap_others > 1 and len(self.slap) == 1:
                late, self.slap = self.slap, ()
            elif self.slap_others == 1:
                self.slap = ()
        for seat in late:
            self._draw(seat, 2)
        if not self.slap:
            self.pending, self.under = self.under, NO_PENDING

    # ------------------------------------------------------------------ rollouts

    def imagined(self, amount: int) -> None:
        """A penalty's total (H-4), and whether its card was its player's last (C-8.1: then
        nothing answers it)."""
        self.p_amount = amount
        self.p_final = self.pending == PENDING_CHALLENGE and not self.hands[self.p_by]

    def reply(self, rnd: Callable[[], float]) -> int:
        """A rollout's answer to what waits: slap (a random seat is last), stack when the hand
        can, else take the penalty; decline a swap; a colour as the classic table names it."""
        pending = self.pending
        if pending == PENDING_SLAP:
            waiting = self.slap
            return SLAP + waiting[int(rnd() * len(waiting))]
        if pending == PENDING_SWAP:
            if self.p_card < 0:
                return PASS
            return SWAP + self.p_by * 64 + self.hands[self.p_victim][0]
        if pending == PENDING_DRAW or pending == PENDING_CHALLENGE:
            for card in self.hands[self.p_victim]:
                if self._answers(card):
                    return card if card < WILD else PLAY_WILD_FOUR + self._most_held(self.p_victim)
            return ACCEPT
        return super().reply(rnd)
