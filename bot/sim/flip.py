"""UNO Flip (RULES.md F) on the simulation core: double-sided cards and a table that turns over.

The same `Table` API as classic (`legal`, `matching`, `apply`, `clone`, `reply`), checked in
lockstep against `bot.engine.FlipGame` (`bot.sim.lockstep`); the preset as it comes, no
option. A face is a small integer (light: `colour * 16 + rank`, ranks 1-9, then Draw One,
Reverse, Skip, Flip; 64 Wild, 65 Wild Draw Two; dark: 128 more, with Draw Five and Skip
Everyone for Draw One and Skip, 192 Wild, 193 Wild Draw Colour). A card is its two faces,
`card(light, dark)` (F-1: the faces are paired once per match, so two cards with the same faces
are the same card, as in the engine), read through the active side's tables (`col`, `rank`,
...): turning the table over (F-4) swaps those tables and reverses the piles, and no hand
changes. A play is the card itself for a coloured face (every card is above the shared
actions' numbers), `WILD_PLAY + 4 * card + colour` for a wild one; the UNO call changes
nothing the core simulates, so a play carries none.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import add

from .cards import ACCEPT, CHALLENGE, COLOR_BASE, DRAW, NEXT_ROUND, PASS
from .table import NO_PENDING, PENDING_CHALLENGE, PENDING_COLOR, Table

N_FACES = 256
DARK = 128
_RANKS = tuple(range(1, 14))  # 1-9, then the action at 10 (+1 / +5), R 11, S / SA 12, F 13
LIGHT_FACES = tuple([c * 16 + r for c in range(4) for r in _RANKS for _ in range(2)]
                    + [64] * 4 + [65] * 4)
DARK_FACES = tuple(DARK + f for f in LIGHT_FACES)
# What each face does (F-5, F-6, C-4).
PLAIN, DRAW_ONE, DRAW_FIVE, REVERSE, SKIP, SKIP_ALL, FLIP, WILD_TWO, WILD_COLOR = range(9)


def _face_tables() -> tuple[tuple[int, ...], ...]:
    color, rank, effect, points = ([0] * N_FACES for _ in range(4))
    for face in range(N_FACES):
        dark, low = face >= DARK, face % DARK
        if low >= 64:  # the wild cards: 64 + 0 Wild, 64 + 1 Wild Draw Two / Colour
            color[face], rank[face] = -1, 14 + low - 64
            effect[face] = PLAIN if low == 64 else WILD_COLOR if dark else WILD_TWO
            points[face] = 40 if low == 64 else 60 if dark else 50  # F-9
            continue
        r = low % 16
        color[face], rank[face] = low // 16, r
        effect[face] = {10: DRAW_FIVE if dark else DRAW_ONE, 11: REVERSE,
                        12: SKIP_ALL if dark else SKIP, 13: FLIP}.get(r, PLAIN)
        points[face] = r if r < 10 else {10: 20 if dark else 10, 12: 30 if dark else 20}.get(
            r, 20)
    return tuple(color), tuple(rank), tuple(effect), tuple(points)


COLOR, RANK, EFFECT, POINTS = _face_tables()


FIRST_CARD = 256  # above DRAW, PASS, ... (`bot.sim.cards`)
_LOWS = 66  # a face less its side's 128: coloured up to 61, the wild ones 64 and 65
N_CARDS = FIRST_CARD + _LOWS * _LOWS
WILD_PLAY = 1 << 16  # + 4 * card + colour


def card(light: int, dark: int) -> int:
    """The card with these faces (F-1)."""
    return FIRST_CARD + light * _LOWS + dark - DARK


def _side(dark: bool) -> tuple[tuple[int, ...], ...]:
    """One side's tables by card: colour, rank, effect, points, and a mask for matching (a
    card matches when its mask shares a bit with `FlipTable.matching`'s `want`)."""
    faces = [0] * FIRST_CARD + [(DARK + c % _LOWS if dark else c // _LOWS)
                                for c in range(N_CARDS - FIRST_CARD)]
    mask = [(WILD_BIT if COLOR[f] < 0 else 1 << COLOR[f]) | 1 << (4 + RANK[f]) for f in faces]
    return (tuple(COLOR[f] for f in faces), tuple(RANK[f] for f in faces),
            tuple(EFFECT[f] for f in faces), tuple(POINTS[f] for f in faces), tuple(mask))


WILD_BIT = 1 << 20
SIDES = (_side(False), _side(True))
_LIGHT_BASES = tuple(card(light, DARK) - DARK for light in LIGHT_FACES)  # + a dark face
_DEALER_VALUES = tuple(r if r < 10 else 0 for r in SIDES[0][1])  # C-3.1: the light faces
_COLORS = tuple(COLOR_BASE + x for x in range(4))
_CHALLENGE_OR_ACCEPT = (CHALLENGE, ACCEPT)
TARGET_SCORE = 500


class FlipTable(Table):
    """One UNO Flip match (see the module); `side` 0 light, 1 dark, `deck` the match's cards
    (its faces paired when the match starts, F-1)."""

    DEALER_VALUES = _DEALER_VALUES
    __slots__ = ("deck", "side", "col", "rank", "effect", "points", "mask")

    def __init__(self, n: int, rng: random.Random, deck: Sequence[int] = ()) -> None:
        super().__init__(n, rng)
        if not deck:  # F-1: the faces paired once per match, from the match's generator
            dark = list(DARK_FACES)
            self._shuffle(dark)
            deck = tuple(map(add, _LIGHT_BASES, dark))  # `card(light, dark)` for each, in C
        self.deck = tuple(deck)
        self.turn_to(0)

    # The classic table's class attributes, read from the match's deck and the side up (F-7).

    def turn_to(self, side: int) -> None:
        """Put `side` up (0 light, 1 dark): its tables become the table's."""
        self.side = side
        self.col, self.rank, self.effect, self.points, self.mask = SIDES[side]

    @property
    def CARD_COLOR(self) -> tuple[int, ...]:  # type: ignore[override]  # noqa: N802
        return self.col  # the active side's (F-7)

    @property
    def DECK(self) -> tuple[int, ...]:  # type: ignore[override]  # noqa: N802
        return self.deck

    def clone(self, rng: random.Random) -> FlipTable:
        table = super().clone(rng)
        assert isinstance(table, FlipTable)
        table.deck = self.deck
        table.turn_to(self.side)
        return table

    def deal(self, pile: list[int]) -> None:
        """C-3 with F-3: every round starts light side up; a Flip start card goes back."""
        self.turn_to(0)
        n, first = self.n, self._deal_hands(pile)
        effect = self.effect
        while True:
            start = pile.pop()
            if effect[start] != FLIP:
                break
            pile.append(start)
            self._shuffle(pile)
        self.discard.append(start)
        self.turn, self.color = first, self.col[start]
        kind = effect[start]
        if kind == SKIP:
            self.turn = (first + 1) % n
        elif kind == DRAW_ONE:
            self._draw(first, 1)
            self.turn = (first + 1) % n
        elif kind == REVERSE:
            self.direction, self.turn = -1, self.dealer
        elif self.color < 0:  # a Wild or Wild Draw Two only asks for the colour
            self.pending, self.p_by, self.p_victim = PENDING_COLOR, first, -1

    # ------------------------------------------------------------------ reading

    def legal(self, seat: int = -1) -> Sequence[int]:
        if self.over:
            return (NEXT_ROUND,) if self.match_winner < 0 else ()
        pending = self.pending
        decider = self.waiting_for()
        if seat >= 0 and seat != decider:
            return ()
        if pending == PENDING_COLOR:
            return _COLORS
        if pending == PENDING_CHALLENGE:
            return _CHALLENGE_OR_ACCEPT
        if self.drawn >= 0:
            return [*self.wild_plays(self.drawn), PASS]
        out: list[int] = []
        for card in dict.fromkeys(self.matching()):
            out += self.wild_plays(card)
        out.append(DRAW)
        return out

    def wild_plays(self, card: int) -> Sequence[int]:
        """A card's plays: itself for a coloured face, one per colour for a wild one."""
        if self.col[card] >= 0:
            return (card,)
        return tuple(WILD_PLAY + 4 * card + x for x in range(4))

    def wild_play(self, card: int) -> int:
        if self.col[card] >= 0:
            return card
        return WILD_PLAY + 4 * card + self._most_held(self.turn)

    def matching(self) -> list[int]:
        mask, color = self.mask, self.color
        want = WILD_BIT | 1 << (4 + self.rank[self.discard[-1]]) | (1 << color if color >= 0
                                                                     else 0)
        return [c for c in self.hands[self.turn] if mask[c] & want]

    def matches(self, card: int) -> bool:
        col = self.col[card]
        return col < 0 or col == self.color or self.rank[card] == self.rank[self.discard[-1]]

    # ------------------------------------------------------------------ changing

    def apply(self, action: int) -> None:
        if FIRST_CARD <= action < WILD_PLAY:
            self._play(action, self.col[action])
        elif action >= WILD_PLAY:
            self._play((action - WILD_PLAY) >> 2, (action - WILD_PLAY) & 3)
        else:  # the classic table's, with Flip's own draws, penalties and deal
            self._apply_other(action)

    def _play(self, card: int, color: int) -> None:
        seat = self.turn
        hand = self.hands[seat]
        self._take_played(hand, card)
        color_before = self.color
        self.color = color
        self.discard.append(card)
        n, direction = self.n, self.direction
        kind = self.effect[card]
        if kind == PLAIN:
            self.turn = (seat + direction) % n
        elif kind == SKIP:
            self.turn = (seat + 2 * direction) % n
        elif kind == REVERSE:
            self.direction = direction = -direction
            self.turn = seat if n == 2 else (seat + direction) % n
        elif kind == SKIP_ALL:  # F-6
            self.turn = seat
        elif kind == DRAW_ONE or kind == DRAW_FIVE:
            victim = (seat + direction) % n
            self._draw(victim, 1 if kind == DRAW_ONE else 5)
            self.turn = (victim + direction) % n
        elif kind == FLIP:
            self.turn = (seat + direction) % n
            if hand:  # C-8.1: a last Flip has no effect
                self._flip(seat)
        else:  # F-5, F-6: a wild draw card waits for its victim to challenge or accept
            victim = (seat + direction) % n
            col = self.col
            self.pending, self.p_by, self.p_victim = PENDING_CHALLENGE, seat, victim
            self.p_guilty = any(col[c] == color_before for c in hand)
            self.turn = victim
            return
        if not hand and self.pending == NO_PENDING:
            self._win(seat)

    def _flip(self, seat: int) -> None:
        """F-4: both piles turned over, every hand turned; a wild on top: its player names the
        colour (its action is not carried out)."""
        self.discard.reverse()
        self.pile.reverse()
        self.drawn = -1
        self.turn_to(1 - self.side)
        self.color = self.col[self.discard[-1]]
        if self.color < 0:
            self.pending, self.p_by, self.p_victim = PENDING_COLOR, seat, -1

    def _turn_draw(self) -> None:
        seat = self.turn
        if self._draw(seat, 1) and self.matches(self.hands[seat][-1]):
            self.drawn = self.hands[seat][-1]
            return
        self.turn = (seat + self.direction) % self.n  # C-7 decision: nothing to draw: pass

    def _until(self, seat: int) -> None:
        """F-6: draw until a card of the colour in force (a wild does not count)."""
        hand, color, col = self.hands[seat], self.color, self.col
        while self._draw(seat, 1) and col[hand[-1]] != color:
            pass

    def _accept(self) -> None:
        victim, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        if self.effect[self.discard[-1]] == WILD_COLOR:
            self._until(victim)
        else:
            self._draw(victim, 2)
        self.turn = (victim + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _challenge(self) -> None:
        """F-5, F-6: guilty, its player draws (2, or until the colour); innocent, the
        challenger draws that and 2 more and loses the turn."""
        seat, by = self.p_victim, self.p_by
        self.pending = NO_PENDING
        until = self.effect[self.discard[-1]] == WILD_COLOR
        if self.p_guilty:
            if until:
                self._until(by)
            else:
                self._draw(by, 2)
            self.turn = seat
        else:
            if until:
                self._until(seat)
            self._draw(seat, 2 if until else 4)
            self.turn = (seat + self.direction) % self.n
        if not self.hands[by]:
            self._win(by)

    def _win(self, seat: int) -> None:
        """C-8 with F-9: the faces up when the round ends score."""
        self.over, self.winner = True, seat
        self.turn, self.pending, self.drawn = -1, NO_PENDING, -1
        points = self.points
        self.scores[seat] += sum(points[c] for s, hand in enumerate(self.hands) if s != seat
                                 for c in hand)
        if self.scores[seat] >= TARGET_SCORE:
            self.match_winner = seat

    def reply(self, rnd: Callable[[], float]) -> int:
        return ACCEPT if self.pending == PENDING_CHALLENGE else (
            COLOR_BASE + self._most_held(self.p_by))
