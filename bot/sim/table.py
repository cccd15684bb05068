"""A classic table (RULES.md C) as plain lists of small integers, for rollouts and benchmarks.

The same rules as `bot.engine.Game` under the classic preset, for the actions a table of
players takes (plays, draws, passes, colours, challenges, the next round); what only people at
a real table do (leaving, a late UNO call or catch, speaking) is not here. It is checked in
lockstep against the engine (`bot.sim.lockstep`): dealt from the same seed it deals the same
cards, offers the same legal actions in the same order and reaches the same state after each.

Why it is fast: cards and actions are ints (`bot.sim.cards`), hands are lists of them, a step
builds no event or action objects, and `apply` trusts its caller (legality is the legal list's
business, as in a rollout that only ever picks from it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Self

from .cards import (
    ACCEPT,
    CHALLENGE,
    COLOR,
    COLOR_BASE,
    DRAW,
    DRAW_TWO,
    N_CARDS,
    NEXT_ROUND,
    PASS,
    PLAY_WILD,
    PLAY_WILD_FOUR,
    POINTS,
    RANK,
    REVERSE,
    SKIP,
    UNO,
    WILD,
    WILD_FOUR,
    classic_deck_ids,
    play_card,
    played_color,
)

HAND_SIZE = 7
TARGET_SCORE = 500  # C-8.3
NO_PENDING, PENDING_COLOR, PENDING_CHALLENGE = 0, 1, 2
_COLOR_ACTIONS = tuple(COLOR_BASE + k for k in range(4))
_WILD_PLAYS = tuple(PLAY_WILD + k for k in range(4))
_WILD_FOUR_PLAYS = tuple(PLAY_WILD_FOUR + k for k in range(4))
_DECK = tuple(classic_deck_ids())
# Each card's plays (a wild's one per colour), without and with the UNO call.
_PLAYS = tuple(_WILD_PLAYS if c == WILD else _WILD_FOUR_PLAYS if c == WILD_FOUR else (c,)
               for c in range(N_CARDS))
# The card each play action (0 to DRAW - 1) plays, and the colour it leaves in force.
_PLAYED = tuple(play_card(a) for a in range(DRAW))
_NAMED = tuple(played_color(a) if play_card(a) >= 0 else -1 for a in range(DRAW))
_PLAYS_UNO = tuple(tuple(a | UNO for a in plays) for plays in _PLAYS)
_DRAW, _PASS, _NEXT_ROUND = (DRAW,), (PASS,), (NEXT_ROUND,)
_CHALLENGE_OR_ACCEPT = (CHALLENGE, ACCEPT)
# Which cards match, by colour in force (-1: none yet) and the top card's rank (C-4.1-3).
_MATCH = tuple(tuple(c >= WILD or COLOR[c] == color or RANK[c] == top for c in range(N_CARDS))
               for color in range(-1, 4) for top in range(15))


class Table:
    """One classic match: the round's state as public attributes the search reads directly."""

    # The deck in the engine's order, and each card's value in the draw for the dealer (C-3.1:
    # numbers their face, anything else 0): a variant with other cards declares its own.
    DECK: tuple[int, ...] = _DECK
    DEALER_VALUES: tuple[int, ...] = tuple(RANK[c] if RANK[c] < 10 else 0 for c in range(N_CARDS))
    CARD_COLOR: tuple[int, ...] = COLOR  # each card's colour (-1: a wild card)

    __slots__ = ("n", "rng", "hands", "pile", "discard", "color", "direction", "turn",
                 "pending", "p_by", "p_victim", "p_guilty", "drawn", "over", "winner",
                 "scores", "dealer", "round", "match_winner")

    def __init__(self, n: int, rng: random.Random) -> None:
        self.n = n
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []  # the top of the draw pile is the END of the list
        self.discard: list[int] = []  # the top card is the end of the list
        self.color = -1  # -1 only while a wild start card waits for its colour
        self.direction = 1
        self.turn = -1
        self.pending = NO_PENDING
        self.p_by = -1  # a pending colour's namer, or a Wild Draw Four's player
        self.p_victim = -1  # a Wild Draw Four's victim (C-6)
        self.p_guilty = False  # C-6: its player held the colour in force
        self.drawn = -1  # C-4.4: the playable card just drawn
        self.over = False
        self.winner = -1
        self.scores = [0] * n
        self.dealer = 0
        self.round = 0
        self.match_winner = -1

    def clone(self, rng: random.Random) -> Table:
        """A copy to play on (a search's simulation), with its own random source."""
        cls = type(self)  # a variant's table copies as its own class (and its fields)
        table = cls.__new__(cls)
        table.n, table.rng = self.n, rng
        table.hands = [hand[:] for hand in self.hands]
        table.pile, table.discard = self.pile[:], self.discard[:]
        table.color, table.direction, table.turn = self.color, self.direction, self.turn
        table.pending, table.p_by, table.p_victim = self.pending, self.p_by, self.p_victim
        table.p_guilty, table.drawn, table.over = self.p_guilty, self.drawn, self.over
        table.winner, table.scores, table.dealer = self.winner, self.scores[:], self.dealer
        table.round, table.match_winner = self.round, self.match_winner
        return table

    # ------------------------------------------------------------------ dealing (C-3)

    @classmethod
    def start(cls, n: int, seed: int) -> Self:
        """Draw for the dealer and deal round 1 exactly as `Game.start(..., seed=seed)` does."""
        table = cls(n, random.Random(seed))
        table.dealer = table._draw_for_dealer()
        table.deal(table._shuffled_deck())
        return table

    def _draw_for_dealer(self) -> int:
        """C-3.1: the highest number deals (action cards count 0); ties draw again."""
        deck, worth, n = self.DECK, self.DEALER_VALUES, self.n
        size = len(deck)
        if n > 5 or size <= 21:  # `rng.sample` draws these another way
            return self._draw_for_dealer_by_sample()
        # What `rng.sample(deck, k)` does for k <= 5 of more than 21 cards, inline (a third of
        # a game's set-up otherwise): distinct places from `getrandbits(size.bit_length())`,
        # a place past the deck or already taken drawn again.
        getrandbits, bits = self.rng.getrandbits, size.bit_length()
        contenders: list[int] = list(range(n))
        while True:
            taken: set[int] = set()
            best, tops = -1, contenders
            for seat in contenders:
                j = getrandbits(bits)
                while j >= size or j in taken:
                    j = getrandbits(bits)
                taken.add(j)
                value = worth[deck[j]]
                if value > best:
                    best, tops = value, [seat]
                elif value == best:
                    tops.append(seat)
            if len(tops) == 1:
                return tops[0]
            contenders = tops

    def _draw_for_dealer_by_sample(self) -> int:
        contenders = list(range(self.n))
        while True:
            cards = self.rng.sample(self.DECK, len(contenders))
            values = [self.DEALER_VALUES[c] for c in cards]
            best = max(values)
            contenders = [s for s, v in zip(contenders, values, strict=True) if v == best]
            if len(contenders) == 1:
                return contenders[0]

    def _shuffled_deck(self) -> list[int]:
        deck = list(self.DECK)
        self._shuffle(deck)
        return deck

    def _shuffle(self, cards: list[int]) -> None:
        """The engine's Fisher-Yates on `rng.random()`, so the same seed shuffles the same."""
        rnd = self.rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]

    def _deal_hands(self, pile: list[int]) -> int:
        """C-3.2: a new round, seven cards each from the left of the dealer (the first player,
        returned)."""
        n = self.n
        self.round += 1
        hands: list[list[int]] = [[] for _ in range(n)]
        self.hands = hands
        self.pile = pile
        self.discard = []
        self.direction, self.pending, self.drawn = 1, NO_PENDING, -1
        self.over, self.winner = False, -1
        first = (self.dealer + 1) % n
        # Round-robin from `first`, one card each from the top (the end of the list) seven times.
        dealt = n * HAND_SIZE
        for i in range(n):
            hands[(first + i) % n] = pile[-1 - i:-1 - dealt:-n]
        del pile[-dealt:]
        return first

    def deal(self, pile: list[int]) -> None:
        """C-3.2-3: seven each from the left of the dealer, then the start card."""
        n = self.n
        first = self._deal_hands(pile)
        while True:
            start = pile.pop()
            if start != WILD_FOUR:
                break
            pile.append(start)  # C-3.3: a Wild Draw Four goes back and the pile is reshuffled
            self._shuffle(pile)
        self.discard.append(start)
        self.turn = first
        self.color = COLOR[start]
        rank = RANK[start]
        if rank == SKIP:
            self.turn = (first + 1) % n
        elif rank == DRAW_TWO:
            self._draw(first, 2)
            self.turn = (first + 1) % n
        elif rank == REVERSE:
            self.direction = -1
            self.turn = self.dealer
        elif start == WILD:
            self.pending, self.p_by, self.p_victim = PENDING_COLOR, first, -1

    # ------------------------------------------------------------------ reading

    def waiting_for(self) -> int:
        """The seat the table waits for (-1 once the round is over)."""
        if self.over:
            return -1
        pending = self.pending
        if pending == NO_PENDING:
            return self.turn
        return self.p_by if pending == PENDING_COLOR else self.p_victim

    def legal(self, seat: int = -1) -> Sequence[int]:
        """A seat's legal actions (by default the waiting seat's) in the engine's order (see
        `bot.engine._legal`): the plays first, then Draw or Pass. Shared tuples stand for the
        fixed answers (Draw alone, the colours, the challenge), so nothing here is the
        caller's to change."""
        if self.over:
            return _NEXT_ROUND if self.match_winner < 0 else ()
        pending = self.pending
        if pending == NO_PENDING:
            turn = self.turn
            if seat >= 0 and seat != turn:
                return ()
            hand = self.hands[turn]
            drawn = self.drawn
            if drawn >= 0:
                return (_PLAYS_UNO if len(hand) == 2 else _PLAYS)[drawn] + _PASS
            ok = _MATCH[self.color * 15 + RANK[self.discard[-1]] + 15]
            cards = [c for c in hand if ok[c]]  # as `matching`, without the call
            if not cards:
                return _DRAW
            if len(hand) != 2 and max(cards) < WILD:  # the common case: coloured cards
                return [*dict.fromkeys(cards), DRAW]
            plays = _PLAYS_UNO if len(hand) == 2 else _PLAYS
            out: list[int] = []
            for card in dict.fromkeys(cards):
                out += plays[card]
            out.append(DRAW)
            return out
        decider = self.p_by if pending == PENDING_COLOR else self.p_victim
        if seat >= 0 and seat != decider:
            return ()
        return _CHALLENGE_OR_ACCEPT if pending == PENDING_CHALLENGE else _COLOR_ACTIONS

    def matching(self) -> list[int]:
        """The cards of the hand at turn that match the top card (C-4.1-3), in hand order with
        repeats: what a quick simulated player picks from (`legal` lists them once each)."""
        ok = _MATCH[self.color * 15 + RANK[self.discard[-1]] + 15]
        return [c for c in self.hands[self.turn] if ok[c]]

    def matches(self, card: int) -> bool:
        """C-4.1-3: colour, number or symbol; wild cards always."""
        return card >= WILD or COLOR[card] == self.color or RANK[card] == RANK[self.discard[-1]]

    def reply(self, rnd: Callable[[], float]) -> int:
        """A rollout's answer to the pending decision (`bot.ai.playout`): a Wild Draw Four is
        accepted (a challenge is rare and mostly lost, C-6), a colour is the one its namer holds
        most. A variant's table answers its own decisions."""
        if self.pending == PENDING_CHALLENGE:
            return ACCEPT
        return COLOR_BASE + self._most_held(self.p_by)

    def _most_held(self, seat: int) -> int:
        """The colour `seat` holds most (ties: the first in R, Y, G, B)."""
        counts = [0, 0, 0, 0]
        colors = self.CARD_COLOR
        for card in self.hands[seat]:
            color = colors[card]
            if color >= 0:
                counts[color] += 1
        return counts.index(max(counts))

    def imagined(self, amount: int) -> None:
        """Complete a table an AI dealt from its seat's view (`bot.ai.worlds`: hands, piles,
        colour, turn and the pending decision set): a variant derives what else it keeps.
        `amount`: a pending penalty's total."""

    def wild_plays(self, card: int) -> Sequence[int]:
        """The plays of a wild card of the hand at turn (one per colour it may name)."""
        return _PLAYS[card]

    def wild_play(self, card: int) -> int:
        """The play of a wild card naming the colour its player (at turn) holds most."""
        return (PLAY_WILD if card == WILD else PLAY_WILD_FOUR) + self._most_held(self.turn)

    # ------------------------------------------------------------------ changing

    def apply(self, action: int) -> None:
        """Apply a legal action of the seat the table waits for (not validated: see module).
        A play is handled here rather than in a method of its own: it is most steps."""
        if action >= DRAW:
            if action == DRAW and self.pending == NO_PENDING:
                self._turn_draw()  # the next most common step, one call shallower
            else:
                self._apply_other(action)
            return
        seat = self.turn
        card = _PLAYED[action]
        hand = self.hands[seat]
        if self.drawn >= 0:  # C-4.4: the drawn card is the newest copy in the hand
            if hand[-1] == card:  # as it is unless an AI's imagined table says otherwise
                hand.pop()
            else:
                del hand[len(hand) - 1 - hand[::-1].index(card)]
            self.drawn = -1
        else:
            hand.remove(card)
        color_before = self.color
        self.color = _NAMED[action]
        self.discard.append(card)
        n, direction = self.n, self.direction
        rank = RANK[card]
        if rank < SKIP or card == WILD:
            self.turn = (seat + direction) % n
        elif rank == SKIP:
            self.turn = (seat + 2 * direction) % n
        elif rank == REVERSE:
            self.direction = direction = -direction
            self.turn = seat if n == 2 else (seat + direction) % n
        elif rank == DRAW_TWO:
            victim = (seat + direction) % n
            self._draw(victim, 2)
            self.turn = (victim + direction) % n
        else:  # C-6: a Wild Draw Four waits for its victim to challenge or accept
            victim = (seat + direction) % n
            self.pending, self.p_by, self.p_victim = PENDING_CHALLENGE, seat, victim
            self.p_guilty = any(COLOR[c] == color_before for c in hand)
            self.turn = victim
            return
        if not hand:
            self._win(seat)

    def _take_played(self, hand: list[int], card: int) -> None:
        """A played card leaves the hand: C-4.4, the drawn card is the newest copy; otherwise
        the first (`apply` does the same inline: it is most steps)."""
        if self.drawn >= 0:
            if hand[-1] == card:
                hand.pop()
            else:
                del hand[len(hand) - 1 - hand[::-1].index(card)]
            self.drawn = -1
        else:
            hand.remove(card)

    def _apply_other(self, action: int) -> None:
        if action == DRAW:
            if self.pending == PENDING_CHALLENGE:
                self._accept()  # REPLAY.md: a draw takes a waiting draw penalty
            else:
                self._turn_draw()
        elif action == PASS:
            self.drawn = -1
            self.turn = (self.turn + self.direction) % self.n
        elif action == ACCEPT:
            self._accept()
        elif action == CHALLENGE:
            self._challenge()
        elif action == NEXT_ROUND:
            self.dealer = (self.dealer + 1) % self.n  # C-3.1 decision: clockwise
            self.deal(self._shuffled_deck())
        else:  # a colour for a wild start card
            self.color = action - COLOR_BASE
            self.pending = NO_PENDING

    def _turn_draw(self) -> None:
        seat = self.turn
        pile = self.pile
        if pile:  # the common case, without `_draw`'s loop
            card = pile.pop()
            self.hands[seat].append(card)
        elif self._draw(seat, 1):
            card = self.hands[seat][-1]
        else:
            self.turn = (seat + self.direction) % self.n  # C-7 decision: nothing to draw
            return
        if card >= WILD or COLOR[card] == self.color or RANK[card] == RANK[self.discard[-1]]:
            self.drawn = card
            return
        self.turn = (seat + self.direction) % self.n

    def _accept(self) -> None:
        victim, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        self._draw(victim, 4)
        self.turn = (victim + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _challenge(self) -> None:
        """C-6: a guilty player draws the four; otherwise the challenger draws six."""
        seat, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        if self.p_guilty:
            self._draw(by, 4)
            self.turn = seat
        else:
            self._draw(seat, 6)
            self.turn = (seat + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _draw(self, seat: int, count: int) -> int:
        """Move up to `count` cards to a hand, reshuffling the discards when needed (C-7)."""
        hand, pile = self.hands[seat], self.pile
        got = 0
        while True:
            take = count - got
            if take > len(pile):
                take = len(pile)
            if take:  # from the top (the end), one by one
                hand += pile[:-take - 1:-1]
                del pile[-take:]
                got += take
            if got == count:
                return count
            if len(self.discard) < 2:
                return got  # C-7 decision: draw as many as there are
            top = self.discard.pop()
            pile = self.pile = self.discard
            self._shuffle(pile)
            self.discard = [top]

    def _win(self, seat: int) -> None:
        """C-8: the round is over; the winner scores every other hand."""
        self.over, self.winner = True, seat
        self.turn, self.pending, self.drawn = -1, NO_PENDING, -1
        points = POINTS.__getitem__
        self.scores[seat] += sum(sum(map(points, hand)) for s, hand in enumerate(self.hands)
                                 if s != seat)
        if self.scores[seat] >= TARGET_SCORE:
            self.match_winner = seat
