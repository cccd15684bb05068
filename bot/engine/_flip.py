"""UNO Flip (RULES.md section F) as a variant of the game: double-sided cards and a table that
turns over. Everything Flip changes lives here; the rules it shares with classic UNO are the
game's own, read through the active faces (a `FlipCard` reads as the face that is up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from ._game import Effect, Game
from ._state import AnswerMode, Pending, PendingKind
from .cards import Card, Color, FlipCard, Rank, Side, flip_faces, pair_faces
from .events import Event, EventType
from .rules import Options, Preset


class FlipGame(Game):
    """A match of UNO Flip (the `flip` preset)."""

    presets: ClassVar[tuple[Preset, ...]] = (Preset.FLIP,)
    sides: ClassVar[tuple[Side, ...]] = (Side.LIGHT, Side.DARK)
    flip: ClassVar[bool] = True

    @classmethod
    def deck_faces(cls, options: Options, side: Side = Side.LIGHT) -> list[Card]:
        """F-1: the 112 faces of one side (each match pairs them anew, `_prepare_deck`)."""
        light, dark = flip_faces()
        return dark if side is Side.DARK else light

    # ------------------------------------------------------------------ the cards (F-1)

    def _prepare_deck(self, deck: Sequence[Card] | None) -> None:
        """F-1 decision: the faces are paired once per match, from the game's random source
        (or as a given deck pairs them)."""
        light, dark = flip_faces()
        if deck is None:
            self._shuffle(dark)
            self.flip_deck = pair_faces(light, dark)
            return
        cards = [c for c in deck if isinstance(c, FlipCard) and not c.dark_up]
        if len(cards) != len(deck) or (
                sorted(c.light.code for c in cards) != sorted(c.code for c in light)
                or sorted(c.dark.code for c in cards) != sorted(c.code for c in dark)):
            raise ValueError("a Flip deck pairs the 112 light faces with the 112 dark faces "
                             "of F-1, written light/dark")
        self.flip_deck = sorted(cards, key=lambda c: c.code)

    def _new_deck(self) -> list[Card]:
        return list(self.flip_deck)

    def _arranged(self, given: frozenset[str]) -> None:
        """A table arranged by hand: every card with the table's side up (F-4 turns them all),
        and, unless given, the match's deck paired as the cards on the table are (F-1) when
        they are not the copied deck's cards."""
        up = self.side

        def sided(cards: list[Card]) -> list[Card]:
            return [c if c.side is up else c.turned for c in cards]

        self.hands = [sided(hand) for hand in self.hands]
        self.draw_pile = sided(self.draw_pile)
        self.discard = sided(self.discard)
        if self.drawn is not None and self.drawn.side is not up:
            self.drawn = self.drawn.turned
        cards = [*(c for hand in self.hands for c in hand), *self.draw_pile, *self.discard]
        deck = [c if c.side is Side.LIGHT else c.turned for c in cards]
        if "flip_deck" not in given and sorted(c.code for c in deck) != sorted(
                c.code for c in self.flip_deck):
            self.flip_deck = deck  # cards paired otherwise than the copied deck's

    # ------------------------------------------------------------------ naming a card

    def _named_card(self, seat: int, named: Card) -> Card:
        """REPLAY.md: a Flip card is named `light/dark`, or by its active face alone (the first
        such card in the hand; after a draw, the drawn card if its face is named). Asked only
        for a card not in the hand as named: a card from the legal actions is the held one."""
        if isinstance(named, FlipCard):
            return named if named.dark_up == (self.side is Side.DARK) else named.turned
        drawn = self.drawn
        if drawn is not None and self.turn == seat and drawn.face is named:
            return drawn
        for card in self.hands[seat]:
            if card.face is named:
                return card
        return named  # not held: refused with card_not_in_hand

    def _identical(self, card: Card, other: Card) -> bool:
        """H-2 in Flip: identical means the same active face (the other sides may differ)."""
        return card.face is other.face

    def jumpers(self) -> list[str]:
        if not self._jump_in_open():
            return []
        face = self.discard[-1].face
        waiting, hands, in_round = self.waiting_for, self.hands, self.in_round
        return [name for s, name in enumerate(self.players) if in_round[s] and s != waiting
                and any(c.face is face for c in hands[s])]

    def _backs(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """F-2: the inactive faces of these cards (what the other players see of a hand)."""
        return tuple(c.back for c in cards)  # type: ignore[misc]

    def answer_modes(self) -> list[AnswerMode]:
        """Section P: Flip refuses every rule that answers a penalty with a card (stacking,
        bounce, the deflections), so its tables offer no answer buttons."""
        return []

    # ------------------------------------------------------------------ effects (F-4, F-6)

    def _flip_effect(self, seat: int, card: Card, color_before: Color | None,
                     other: int | None, events: list[Event], final: bool,
                     empties: bool) -> None:
        self.turn = self._next(seat)
        if not empties:  # C-8.1: a last Flip card has no effect
            self._flip_table(seat, card, events)

    def _flip_table(self, seat: int, card: Card, events: list[Event]) -> None:
        """F-4: the discard pile and the draw pile are turned over, every hand is turned."""
        # Every card of a Flip table is a FlipCard, whose `twin` is itself turned over.
        self.discard = [c.twin for c in reversed(self.discard)]  # type: ignore[attr-defined]
        self.draw_pile = [c.twin for c in reversed(self.draw_pile)]  # type: ignore[attr-defined]
        self.hands = [[c.twin for c in hand] for hand in self.hands]  # type: ignore[attr-defined]
        self.drawn = None
        self.side = Side.DARK if self.side is Side.LIGHT else Side.LIGHT
        events.append(Event(EventType.FLIPPED, by=self.players[seat], card=card,
                            reason=self.side))
        top = self.discard[-1]
        if top.color is not None:
            self.color = top.color
        elif self.options.colours_around:
            self.color = self.colors[0]  # H-9: the first colour of the new side's circle
        else:
            # F-4 decision: the player of the Flip names the colour; the top's action is not
            # carried out.
            self.color = None
            self.pending = Pending(PendingKind.COLOR, by=seat)


# Flip's effects take a FlipGame: its table is only ever read by FlipGame instances.
_FLIP_EFFECT = cast(Effect, FlipGame._flip_effect)
FlipGame.effects = {**Game.effects, Rank.FLIP: _FLIP_EFFECT,
                    Rank.SKIP_EVERYONE: Game._skip_everyone_effect}
