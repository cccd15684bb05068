"""UNO Show 'Em No Mercy (RULES.md M) on the simulation core: its own cards as small integers,
draw until playable, stacking by value, the Wild Reverse Draw Four, the Roulette, Skip Everyone,
Discard All, sevens and zeros always on, and the Mercy rule (25 cards knock a player out).

The same `Table` API as classic (`legal`, `matching`, `apply`, `clone`, `reply`), checked in
lockstep against `bot.engine.NoMercyGame` (`bot.sim.lockstep`). The preset as it comes: no
house-rule option (those it accepts, H-2, H-5, H-6, H-7, H-8, are not simulated here). The UNO
call changes nothing the core simulates, so a play's id carries none.

Cards: `colour * 16 + rank` for the 144 coloured cards (ranks 0-9, then Draw Two, Draw Four,
Skip, Skip Everyone, Reverse, Discard All: M-1's order), 64-67 for the wild cards (Wild Reverse
Draw Four, Wild Draw Six, Wild Draw Ten, Wild Color Roulette). A play is the coloured card's id;
a wild draw card's play is `64 + 4 * kind + colour`; a Roulette's is 76 (it names no colour,
M-8.1) or 77 + colour as a last card (M-16.6). A 7 names its target as in `bot.sim.house`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import ACCEPT, COLOR_BASE, DRAW, NEXT_ROUND, TARGETED
from .table import NO_PENDING, Table

PENDING_DRAW, PENDING_ROULETTE = 3, 6
ZERO, SEVEN = 0, 7
DRAW_TWO, DRAW_FOUR, SKIP, SKIP_ALL, REVERSE, DISCARD_ALL = range(10, 16)
WILD_REVERSE_FOUR, WILD_SIX, WILD_TEN, ROULETTE = 64, 65, 66, 67
N_CARDS = 68
MERCY_LIMIT = 25  # M-10.1
KNOCKOUT_POINTS = 250  # M-13.1
TARGET_SCORE = 1000  # M-13.2
PLAY_ROULETTE = 76  # M-8.1: names no colour; 77 + colour as a last card (M-16.6)

COLOR = tuple([c // 16 for c in range(64)] + [-1] * 4)
RANK = tuple([c % 16 for c in range(64)] + [16, 17, 18, 19])  # the wild cards' own ranks
POINTS = tuple([(c % 16 if c % 16 < 10 else 20) for c in range(64)] + [50] * 4)
# M-6.2: the draw cards' values (0: not a draw card).
VALUE = tuple([{DRAW_TWO: 2, DRAW_FOUR: 4}.get(c % 16, 0) for c in range(64)] + [4, 6, 10, 0])
_COUNTS = (2,) * 10 + (3, 2, 3, 2, 3, 3)  # M-1: per colour, by rank
DECK = tuple([c * 16 + r for c in range(4) for r in range(16) for _ in range(_COUNTS[r])]
             + [WILD_REVERSE_FOUR] * 8 + [WILD_SIX] * 4 + [WILD_TEN] * 4 + [ROULETTE] * 8)
# The card each play (0 to 80) plays, and the colour it names (-1: none yet, a Roulette's).
_PLAYED = tuple(range(64)) + tuple(64 + k // 4 for k in range(12)) + (ROULETTE,) * 5
_NAMED = COLOR[:64] + tuple(k % 4 for k in range(12)) + (-1, 0, 1, 2, 3)
# Each card's plays as a turn or an answer offers them: a wild draw card once per colour.
_PLAYS = tuple([(c,) for c in range(64)] + [tuple(64 + 4 * k + x for x in range(4))
                                             for k in range(3)] + [(PLAY_ROULETTE,)])
_LAST_ROULETTE = tuple(77 + x for x in range(4))
_COLORS = tuple(COLOR_BASE + x for x in range(4))
# The number cards a play of which does nothing but change the turn (not a 0 or a 7, M-9).
_PLAIN = tuple(c < 64 and RANK[c] < 10 and RANK[c] not in (ZERO, SEVEN) for c in range(N_CARDS))
_MATCH = tuple(tuple(c >= 64 or COLOR[c] == color or RANK[c] == top for c in range(N_CARDS))
               for color in range(-1, 4) for top in range(20))


_draw = Table._draw  # C-7's draw, called without `super()`


class NoMercyTable(Table):
    """One No Mercy match (see the module); `in_round` False for a player knocked out."""

    DECK = DECK
    DEALER_VALUES = tuple(r if r < 10 else 0 for r in RANK)
    CARD_COLOR = COLOR

    __slots__ = ("in_round", "knocked", "p_amount")

    def __init__(self, n: int, rng: random.Random) -> None:
        super().__init__(n, rng)
        self.in_round = [True] * n
        self.knocked: list[int] = []  # M-10: knocked out this round, in order
        self.p_amount = 0  # M-6: the running total

    def clone(self, rng: random.Random) -> NoMercyTable:
        table = super().clone(rng)
        assert isinstance(table, NoMercyTable)
        table.in_round, table.knocked = self.in_round[:], self.knocked[:]
        table.p_amount = self.p_amount
        return table

    def deal(self, pile: list[int]) -> None:
        """M-2.3: cards are turned up until a number card, the others staying under it."""
        self.in_round, self.knocked = [True] * self.n, []
        self.turn = self._deal_hands(pile)
        discard = self.discard
        while True:
            start = pile.pop()
            discard.append(start)
            if RANK[start] < 10:
                break
        self.color = COLOR[start]

    def _next(self, seat: int) -> int:
        """The next seat in the direction of play still in the round (M: active players)."""
        n, direction, in_round = self.n, self.direction, self.in_round
        seat = (seat + direction) % n
        while not in_round[seat]:
            seat = (seat + direction) % n
        return seat

    # ------------------------------------------------------------------ reading

    def waiting_for(self) -> int:
        if self.over:
            return -1
        return self.turn if self.pending == NO_PENDING else self.p_victim

    def legal(self, seat: int = -1) -> Sequence[int]:
        if self.over:
            return (NEXT_ROUND,) if self.match_winner < 0 else ()
        decider = self.waiting_for()
        if seat >= 0 and (seat != decider or not self.in_round[seat]):
            return ()
        pending = self.pending
        if pending == PENDING_ROULETTE:
            return _COLORS
        hand = self.hands[decider]
        if pending == PENDING_DRAW:  # M-6.2: a draw card worth at least the last one
            least = VALUE[self.discard[-1]]
            out = [ACCEPT]
            for card in dict.fromkeys(hand):
                if VALUE[card] >= least:
                    out += _PLAYS[card]
            return out
        if self.drawn >= 0:  # M-4.2: the drawn card, and nothing else
            return self._plays_of(self.drawn, hand, decider)
        out = []
        for card in dict.fromkeys(self.matching()):
            out += self._plays_of(card, hand, decider)
        out.append(DRAW)
        return out

    def _plays_of(self, card: int, hand: list[int], seat: int) -> list[int]:
        """M-9.1: a 7 once per other seat in the round; a last Roulette names a colour."""
        if len(hand) == 1:
            return list(_LAST_ROULETTE if card == ROULETTE else _PLAYS[card])
        if RANK[card] == SEVEN:
            return [TARGETED + s * 128 + card for s in range(self.n)
                    if s != seat and self.in_round[s]]
        return list(_PLAYS[card])

    def matching(self) -> list[int]:
        ok = _MATCH[self.color * 20 + RANK[self.discard[-1]] + 20]
        return [c for c in self.hands[self.turn] if ok[c]]

    def matches(self, card: int) -> bool:
        return card >= 64 or COLOR[card] == self.color or RANK[card] == RANK[self.discard[-1]]

    # ------------------------------------------------------------------ changing

    def apply(self, action: int) -> None:
        if action < DRAW:
            card = _PLAYED[action]
            if self.pending or not _PLAIN[card]:
                self._play(action, -1)
                return
            # The most common step, a number card with no effect, kept to one call.
            seat = self.turn
            hand = self.hands[seat]
            if self.drawn < 0:
                hand.remove(card)
            else:  # M-16.11: the drawn copy
                self._take_played(hand, card)
            self.discard.append(card)
            self.color = COLOR[card]
            if not hand:
                self._win(seat)
                return
            n, direction, in_round = self.n, self.direction, self.in_round
            seat = (seat + direction) % n
            while not in_round[seat]:
                seat = (seat + direction) % n
            self.turn = seat
        elif action >= TARGETED:
            self._play((action - TARGETED) & 127, (action - TARGETED) >> 7)
        elif action == DRAW:
            if self.pending == PENDING_DRAW:
                self._accept()  # REPLAY.md: a draw takes a waiting penalty
            else:
                self._turn_draw()
        elif action == ACCEPT:
            self._accept()
        elif action == NEXT_ROUND:
            self.dealer = (self.dealer + 1) % self.n  # C-3.1 decision: clockwise
            self.deal(self._shuffled_deck())
        else:
            self._roulette(action - COLOR_BASE)

    def _play(self, action: int, target: int) -> None:
        seat = self.turn
        card = _PLAYED[action]
        hand = self.hands[seat]
        if self.drawn < 0:
            hand.remove(card)
        else:
            self._take_played(hand, card)  # M-16.11: a drawn card is the drawn copy
        self.discard.append(card)
        self.color = _NAMED[action]
        if not hand:  # M-12.1: the last card has no effect; a pending total vanishes
            self._win(seat)
            return
        if self.pending == PENDING_DRAW:  # M-6.3: the total passes on
            self.pending = NO_PENDING
            self._penalty(seat, card, self.p_amount)
        else:
            self._effect(seat, card, target)
        if not self.hands[seat]:  # M-5.4: a Discard All shed the rest
            self._win(seat)

    def _effect(self, seat: int, card: int, target: int) -> None:
        rank = RANK[card]
        if rank < 10:
            self.turn = self._next(seat)  # only a 0 or a 7 (see `_PLAIN`)
            if rank == ZERO:  # M-9.2: every hand in the round moves on
                hands, nxt = self.hands, self._next
                moved = {nxt(s): hands[s] for s in range(self.n) if self.in_round[s]}
                for s, hand in moved.items():
                    hands[s] = hand
            elif rank == SEVEN:  # M-9.1 (a rollout's 7 by its card alone: the smallest hand)
                if target < 0:
                    target = self._smallest_other(seat)
                hands = self.hands
                hands[seat], hands[target] = hands[target], hands[seat]
        elif rank == SKIP:
            self.turn = self._next(self._next(seat))
        elif rank == REVERSE:
            self.direction = -self.direction
            self.turn = seat if sum(self.in_round) == 2 else self._next(seat)
        elif rank == SKIP_ALL:  # M-5.3
            self.turn = seat
        elif rank == DISCARD_ALL:  # M-5.4: the rest of its colour goes under it
            color, hand = COLOR[card], self.hands[seat]
            self.discard[-1:-1] = [c for c in hand if COLOR[c] == color]
            hand[:] = [c for c in hand if COLOR[c] != color]
            self.turn = self._next(seat)
        elif card == ROULETTE:  # M-8.1
            victim = self._next(seat)
            self.color = -1
            self.pending, self.p_by, self.p_victim, self.turn = (PENDING_ROULETTE, seat, victim,
                                                                 victim)
        else:
            self._penalty(seat, card, 0)

    def _smallest_other(self, seat: int) -> int:
        """The seat in the round with the fewest cards but `seat` (the first of equals)."""
        best, size = -1, MERCY_LIMIT
        for s, hand in enumerate(self.hands):
            if s != seat and self.in_round[s] and len(hand) < size:
                best, size = s, len(hand)
        return best

    def _penalty(self, seat: int, card: int, base: int) -> None:
        """M-6.1: it always waits for its victim; M-7: a `WR+4` turns play round first and,
        with two players, aims at its own player."""
        victim = self._next(seat)
        if card == WILD_REVERSE_FOUR:
            self.direction = -self.direction
            victim = seat if sum(self.in_round) == 2 else self._next(seat)
        self.pending, self.p_by, self.p_victim = PENDING_DRAW, seat, victim
        self.p_amount, self.turn = base + VALUE[card], victim

    def _accept(self) -> None:
        """M-6.2: the whole total, the turn lost; M-6.6: a knockout spends the rest."""
        victim = self.p_victim
        self.pending = NO_PENDING
        self._draw(victim, self.p_amount)
        if self.in_round[victim] and not self.over:
            self.turn = self._next(victim)

    def _turn_draw(self) -> None:
        """M-4: draw until playable; the playable card must then be played."""
        seat = self.turn
        hand, pile = self.hands[seat], self.pile
        color, top = self.color, RANK[self.discard[-1]]
        while True:
            if pile and len(hand) < MERCY_LIMIT - 1:  # `_draw`'s common case, inline
                card = pile.pop()
                hand.append(card)
            else:
                got = self._draw(seat, 1)
                if not self.in_round[seat] or self.over:
                    return
                if not got:  # M-4.3: nothing left anywhere
                    self.turn = self._next(seat)
                    return
                pile, card = self.pile, hand[-1]  # a reshuffle makes a new pile
            if card >= 64 or COLOR[card] == color or RANK[card] == top:
                self.drawn = card
                return

    def _roulette(self, color: int) -> None:
        """M-8.2-3: the victim names the colour and turns cards up until it comes."""
        seat = self.p_victim
        self.pending, self.color = NO_PENDING, color
        hand = self.hands[seat]
        while True:
            got = self._draw(seat, 1)
            if not self.in_round[seat] or self.over:
                return
            if not got or COLOR[hand[-1]] == color:
                break
        self.turn = self._next(seat)

    def _draw(self, seat: int, count: int) -> int:
        """C-7's draw, each card checked by the Mercy rule first (M-10.1, M-16.10): the 25th
        card knocks its player out, and nothing more is drawn."""
        if not self.in_round[seat] or self.over:
            return 0
        hand, pile = self.hands[seat], self.pile
        room = MERCY_LIMIT - len(hand)
        if count < room and count <= len(pile):  # the common case: no knockout, no reshuffle
            hand += pile[:-count - 1:-1]
            del pile[-count:]
            return count
        got = _draw(self, seat, count if count < room else room)
        if len(hand) >= MERCY_LIMIT:
            self._knock_out(seat)
        return got

    def _knock_out(self, seat: int) -> None:
        """M-10.2-5: the hand goes under the discard pile; play passes on."""
        self.discard[0:0] = self.hands[seat]
        self.hands[seat] = []
        self.in_round[seat] = False
        self.knocked.append(seat)
        if sum(self.in_round) == 1:
            self._win(self.in_round.index(True))  # M-12.2
        elif self.turn == seat:
            self.drawn = -1
            self.turn = self._next(seat)

    def _win(self, seat: int) -> None:
        """M-13.1: the other hands and 250 a knockout; the match at 1000."""
        self.over, self.winner = True, seat
        self.turn, self.pending, self.drawn = -1, NO_PENDING, -1
        self.scores[seat] += sum(POINTS[c] for s, hand in enumerate(self.hands) if s != seat
                                 for c in hand) + KNOCKOUT_POINTS * len(self.knocked)
        if self.scores[seat] >= TARGET_SCORE:
            self.match_winner = seat

    # ------------------------------------------------------------------ rollouts

    def imagined(self, amount: int) -> None:
        """The running total (M-6); who holds no cards mid-round is out of it (M-10)."""
        self.p_amount = amount
        self.in_round = [bool(hand) for hand in self.hands]
        self.knocked = [s for s, hand in enumerate(self.hands) if not hand]

    def reply(self, rnd: Callable[[], float]) -> int:
        """Stack the least draw card that may (M-6.2), else take the total; a Roulette's
        colour is the one held most."""
        if self.pending == PENDING_ROULETTE:
            return COLOR_BASE + self._most_held(self.p_victim)
        least = VALUE[self.discard[-1]]
        best, best_value = -1, 1 << 30
        for card in self.hands[self.p_victim]:  # the first of the least values
            value = VALUE[card]
            if least <= value < best_value:
                best, best_value = card, value
        if best < 0:
            return ACCEPT
        return best if best < 64 else _PLAYS[best][self._most_held(self.p_victim)]

    def wild_plays(self, card: int) -> Sequence[int]:
        if card == ROULETTE and len(self.hands[self.turn]) == 1:
            return _LAST_ROULETTE  # M-16.6
        return _PLAYS[card]

    def wild_play(self, card: int) -> int:
        """The play of a wild card naming the colour its player holds most (a Roulette names
        none)."""
        hand = self.hands[self.turn]
        if card == ROULETTE:
            return PLAY_ROULETTE if len(hand) > 1 else 77 + self._most_held(self.turn)
        return _PLAYS[card][self._most_held(self.turn)]
