"""The table: one game of UNO (a match of rounds), changed only through `apply`.

`apply(action)` validates completely before it changes anything, so a refused action raises
`IllegalAction` and leaves the state untouched without copying it. Players are seats (indices in
`players`, clockwise); names appear only at the edges (actions, events, views).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, ActionType
from .cards import Card, Color, Rank, all_cards, classic_deck
from .errors import ErrorCode, IllegalAction
from .events import Event
from .rules import RuleSet

COLORS = tuple(Color)
COLOR_LETTERS = tuple(c.value for c in COLORS)
_COLOR_BY_LETTER = {c.value: c for c in Color}
HAND_SIZE = 7

MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the table waits for besides a normal turn (REPLAY.md `pending`).

    `guilty` and `color_before` are the referee's notes for a challenge (C-6); they are never shown
    in a player's view, since they would reveal the hand of the Wild Draw Four's player.
    """

    kind: str  # "challenge" | "color" (later issues add "draw", "skip", "swap", "slap")
    by: int  # who played the card (challenge), or who must name the colour (color)
    victim: int | None = None
    amount: int | None = None
    guilty: bool = False
    color_before: Color | None = None

    @property
    def decider(self) -> int:
        return self.by if self.victim is None else self.victim


def _illegal(code: ErrorCode, message: str) -> IllegalAction:
    return IllegalAction(code, message)


class Game:
    """A match at one table. Create it with `Game.start`; restore it with `serialize.load`."""

    # Everything below is plain data so that `serialize` can dump and load it exactly.
    rules: RuleSet
    players: tuple[str, ...]
    rng: random.Random
    scores: list[int]
    round: int
    dealer: int
    active: list[bool]  # False once a player has left (C-10)
    match_winner: int | None
    hands: list[list[Card]]
    draw_pile: list[Card]  # top of the pile is the END of the list
    discard: list[Card]  # top card is the END of the list
    color: Color | None  # None only while a start-card Wild waits for its colour
    direction: int
    turn: int | None
    pending: Pending | None
    drawn: Card | None  # C-4.4: the playable card the player at turn just drew
    uno_owed: int | None  # C-5: the player who may be caught right now
    uno_called: set[int]  # players holding one card who have called UNO (for display)
    round_winner: int | None
    finished: list[int]
    version: int  # +1 per applied action: views and the bot's buttons use it to spot stale state
    # Derived from the above, rebuilt by `_index()`; never serialized.
    _seat: dict[str, int]

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
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"UNO takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(players)) != len(players):
            raise ValueError("player names must be distinct")
        game = cls.__new__(cls)
        game.rules = rules or RuleSet.classic()
        game.players = players
        game._index()
        game.rng = random.Random(seed)
        game.scores = [0] * len(players)
        game.round = 0
        game.active = [True] * len(players)
        game.match_winner = None
        game.uno_called = set()
        game.version = 0
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

    def _index(self) -> None:
        """Rebuild the derived lookups (after creation or loading)."""
        self._seat = {name: seat for seat, name in enumerate(self.players)}

    def _new_deck(self) -> list[Card]:
        return classic_deck(draw_ten_blanks=self.rules.options.draw_ten_blanks)

    def _shuffle(self, cards: list[Card]) -> None:
        """Fisher-Yates on `rng.random()`: deterministic per seed, and about three times faster
        than `random.shuffle` (whose per-card `_randbelow` is Python code): shuffling is most of
        the cost of starting a round."""
        rnd = self.rng.random
        for i in range(len(cards) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]

    def _shuffled_deck(self) -> list[Card]:
        deck = self._new_deck()
        self._shuffle(deck)
        return deck

    def _draw_for_dealer(self, events: list[Event]) -> int:
        """C-3.1: all draw; the highest number deals (action cards count 0); ties draw again."""
        contenders = list(range(len(self.players)))
        while True:
            cards = self.rng.sample(self._new_deck(), len(contenders))
            values = {}
            for seat, drawn in zip(contenders, cards, strict=True):
                values[seat] = int(drawn.rank.value) if drawn.is_number else 0
                events.append(Event("drew_for_dealer", by=self.players[seat], card=drawn))
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                events.append(Event("dealer_chosen", by=self.players[contenders[0]]))
                return contenders[0]

    def _deal_round(self, pile: list[Card], events: list[Event]) -> None:
        """C-3.2–3: deal seven each from the left of the dealer, then turn up the start card."""
        n = len(self.players)
        self.round += 1
        self.hands = [[] for _ in range(n)]
        self.draw_pile = pile
        self.discard = []
        self.direction = 1
        self.pending = None
        self.drawn = None
        self.uno_owed = None
        self.uno_called = set()
        self.round_winner = None
        self.finished = []
        events.append(Event("round_started", by=self.players[self.dealer], amount=self.round))
        order = self._seats_from(self._next(self.dealer))
        hands, names = self.hands, self.players
        for _ in range(HAND_SIZE):
            for seat in order:
                card = pile.pop()
                hands[seat].append(card)
                events.append(Event("dealt", names[seat], None, card))
        self._turn_up_start_card(events)

    def _seats_from(self, first: int) -> list[int]:
        """Active seats clockwise starting at `first`."""
        n = len(self.players)
        return [s % n for s in range(first, first + n) if self.active[s % n]]

    def _turn_up_start_card(self, events: list[Event]) -> None:
        """C-3.3: the start card and its effect on the player left of the dealer."""
        while True:
            start = self.draw_pile.pop()
            events.append(Event("start_card", card=start))
            if start.rank is not Rank.WILD_DRAW_FOUR and start.rank is not Rank.WILD_DRAW_TEN:
                break
            # A Wild Draw Four goes back into the pile, which is reshuffled.
            self.draw_pile.append(start)
            self._shuffle(self.draw_pile)
            events.append(Event("start_card_returned", card=start))
        self.discard.append(start)
        first = self._next(self.dealer)
        self.turn = first
        rank = start.rank
        self.color = start.color
        if rank is Rank.SKIP:
            self._skip(first, events)
            self.turn = self._next(first)
        elif rank is Rank.DRAW_TWO:
            self._draw(first, 2, events, reason="draw_two")
            self._skip(first, events)
            self.turn = self._next(first)
        elif rank is Rank.REVERSE:
            self.direction = -1
            events.append(Event("reversed", amount=-1))
            self.turn = self.dealer
        elif rank is Rank.WILD:
            # No colour until the player left of the dealer names one (nothing is played before).
            self.color = None
            self.pending = Pending("color", by=first)

    # ------------------------------------------------------------------ seats

    def _next(self, seat: int) -> int:
        """The next seat in the current direction, passing over absent players."""
        n = len(self.players)
        active = self.active
        direction = self.direction
        seat = (seat + direction) % n
        while not active[seat]:
            seat = (seat + direction) % n
        return seat

    def seat_of(self, name: str) -> int:
        seat = self._seat.get(name)
        if seat is None:
            raise _illegal(ErrorCode.UNKNOWN_PLAYER, f"{name!r} is not a player")
        return seat

    @property
    def active_count(self) -> int:
        return sum(self.active)

    @property
    def round_over(self) -> bool:
        return self.round_winner is not None

    @property
    def waiting_for(self) -> int | None:
        """The seat the table waits for: the pending decision's owner, or the player at turn."""
        if self.round_winner is not None:
            return None
        if self.pending is not None:
            return self.pending.decider
        return self.turn

    # ------------------------------------------------------------------ rules helpers

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def matches(self, card: Card) -> bool:
        """C-4.1–3: colour, number or symbol; wild cards always."""
        return card.color is None or card.color is self.color or card.rank is self.discard[-1].rank

    def _color_arg(self, text: str | None) -> Color:
        color = _COLOR_BY_LETTER.get(text) if text is not None else None
        if color is None:
            raise _illegal(ErrorCode.COLOR_REQUIRED, "name a colour: R, Y, G or B")
        return color

    def _most_held_color(self, seat: int) -> Color:
        """C-10/C-11: the colour a player holds most, ties in the order R, Y, G, B."""
        counts = {c: 0 for c in COLORS}
        for card in self.hands[seat]:
            if card.color is not None:
                counts[card.color] += 1
        return max(COLORS, key=lambda c: counts[c])  # max keeps the first of equal counts

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one action: return its events, or raise IllegalAction and change nothing."""
        seat = self._seat.get(action.by)
        if seat is None or not self.active[seat]:
            raise _illegal(ErrorCode.UNKNOWN_PLAYER, f"{action.by!r} is not in the game")
        kind = action.type
        if self.round_winner is not None and kind is not ActionType.NEXT_ROUND:
            raise _illegal(ErrorCode.ROUND_OVER, "the round is over")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, f"{kind.value!r} is not part of these rules")
        events: list[Event] = []
        handler(self, seat, action, events)
        self.version += 1
        return events

    # -- turn checks shared by the handlers

    def _require_waiting_for(self, seat: int) -> None:
        if self.waiting_for != seat:
            raise _illegal(ErrorCode.NOT_YOUR_TURN, "the table is waiting for another player")

    def _close_uno_window(self, seat: int) -> None:
        """C-5.2: the window closes when the player the table waits for (not its owner) acts."""
        if self.uno_owed is not None and self.uno_owed != seat:
            self.uno_owed = None

    # -- play

    def _on_play(self, seat: int, action: Action, events: list[Event]) -> None:
        pending = self.pending
        if (pending.decider if pending is not None else self.turn) != seat:
            raise _illegal(ErrorCode.NOT_YOUR_TURN, "the table is waiting for another player")
        card = action.card
        hand = self.hands[seat]
        if card is None or card not in hand:
            raise _illegal(ErrorCode.CARD_NOT_IN_HAND, "that card is not in your hand")
        if pending is not None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, f"answer the {pending.kind} first")
        drawn = self.drawn
        if drawn is not None and card is not drawn:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "only the card just drawn may be played")
        color_before = self.color
        wild = card.color is None
        if not (wild or card.color is color_before or card.rank is self.discard[-1].rank):
            raise _illegal(ErrorCode.CARD_DOES_NOT_MATCH, f"{card} does not match")
        color = card.color
        if color is None:
            color = self._color_arg(action.color)

        # Validated: from here on the state changes.
        if drawn is not None:
            # C-4.4: the drawn card is the newest copy in the hand.
            del hand[len(hand) - 1 - hand[::-1].index(card)]
            self.drawn = None
        else:
            hand.remove(card)
        self.uno_owed = None  # C-5.2: any card played closes the window
        self.discard.append(card)
        self.color = color
        name = self.players[seat]
        events.append(Event("played", name, None, card, color.value if wild else None))
        left = len(hand)
        if left == 1:
            if action.uno:
                self.uno_called.add(seat)
                events.append(Event("uno_called", name))
            else:
                self.uno_owed = seat
        self._card_effect(seat, card, color_before, events)
        if left == 0 and self.pending is None:
            self._win_round(seat, events)

    def _card_effect(self, seat: int, card: Card, color_before: Color | None,
                     events: list[Event]) -> None:
        """C-4 effects; sets whose turn it is next."""
        if card.plain:  # a number or a Wild: no effect in C-4 (house-rule numbers come first)
            self.turn = self._next(seat)
            return
        rank = card.rank
        if rank is Rank.SKIP:
            victim = self._next(seat)
            self._skip(victim, events)
            self.turn = self._next(victim)
        elif rank is Rank.REVERSE:
            self.direction = -self.direction
            events.append(Event("reversed", by=self.players[seat], amount=self.direction))
            if self.active_count == 2:
                # Two players: the Reverse also skips the other, so the same player goes again.
                other = self._next(seat)
                self._skip(other, events)
                self.turn = seat
            else:
                self.turn = self._next(seat)
        elif rank is Rank.DRAW_TWO:
            victim = self._next(seat)
            self._draw(victim, 2, events, reason="draw_two")
            self._skip(victim, events)
            self.turn = self._next(victim)
        elif rank is Rank.WILD_DRAW_FOUR:
            victim = self._next(seat)
            guilty = any(c.color is color_before for c in self.hands[seat])
            self.pending = Pending("challenge", by=seat, victim=victim, amount=4,
                                   guilty=guilty, color_before=color_before)
            self.turn = victim
        else:
            self.turn = self._next(seat)

    def _skip(self, seat: int, events: list[Event]) -> None:
        events.append(Event("skipped", self.players[seat]))

    # -- draw, pass

    def _on_draw(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        pending = self.pending
        if pending is not None:
            if pending.kind == "challenge":
                self._on_accept(seat, action, events)
                return
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, f"answer the {pending.kind} first")
        if self.drawn is not None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "you have drawn already: play it or pass")
        self._close_uno_window(seat)
        drawn = self._draw(seat, 1, events, reason="turn")
        if drawn and self.matches(drawn[0]):
            self.drawn = drawn[0]
            return
        if not drawn:
            # C-7 decision: nothing left to draw anywhere, so the player simply passes.
            events.append(Event("passed", by=self.players[seat], reason="nothing_to_draw"))
        self.turn = self._next(seat)

    def _on_pass(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        if self.drawn is None or self.pending is not None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "you may pass only after drawing")
        self._close_uno_window(seat)
        self.drawn = None
        events.append(Event("passed", by=self.players[seat]))
        self.turn = self._next(seat)

    def _draw(self, seat: int, count: int, events: list[Event], *, reason: str) -> list[Card]:
        """Move up to `count` cards to a hand, rebuilding the pile from the discards (C-7)."""
        hand = self.hands[seat]
        name = self.players[seat]
        pile = self.draw_pile
        got: list[Card] = []
        for _ in range(count):
            if not pile:
                if len(self.discard) < 2:
                    break  # C-7 decision: draw as many as there are
                self._reshuffle(events)
                pile = self.draw_pile
            card = pile.pop()
            hand.append(card)
            got.append(card)
            events.append(Event("drew", name, None, card, None, None, None, reason))
        if got:
            self.uno_called.discard(seat)
        return got

    def _reshuffle(self, events: list[Event]) -> None:
        top = self.discard.pop()
        pile = self.discard
        self._shuffle(pile)
        self.draw_pile = pile
        self.discard = [top]
        events.append(Event("reshuffled", amount=len(pile)))

    # -- colour choice (start card Wild)

    def _on_color(self, seat: int, action: Action, events: list[Event]) -> None:
        self._require_waiting_for(seat)
        if self.pending is None or self.pending.kind != "color":
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "there is no colour to name")
        color = self._color_arg(action.color)
        self.color = color
        self.pending = None
        events.append(Event("color_chosen", by=self.players[seat], color=color.value))

    # -- Wild Draw Four: challenge or accept (C-6)

    def _pending_challenge_for(self, seat: int) -> Pending:
        self._require_waiting_for(seat)
        pending = self.pending
        if pending is None or pending.kind != "challenge":
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "there is nothing to challenge or accept")
        return pending

    def _on_accept(self, seat: int, action: Action, events: list[Event]) -> None:
        pending = self._pending_challenge_for(seat)
        self._close_uno_window(seat)
        self.pending = None
        events.append(Event("accepted", by=self.players[seat], amount=pending.amount))
        self._draw(seat, pending.amount or 0, events, reason="wild_draw_four")
        self._skip(seat, events)
        self.turn = self._next(seat)
        self._settle_last_card(pending.by, events)

    def _on_challenge(self, seat: int, action: Action, events: list[Event]) -> None:
        pending = self._pending_challenge_for(seat)
        self._close_uno_window(seat)
        self.pending = None
        culprit = pending.by
        name, culprit_name = self.players[seat], self.players[culprit]
        result = "guilty" if pending.guilty else "innocent"
        events.append(Event("challenged", by=name, target=culprit_name,
                            card=self.discard[-1], reason=result))
        # C-6 / C-9: the challenged hand is shown to the challenger alone, once.
        events.append(Event("hand_shown", by=culprit_name, target=name,
                            cards=tuple(self.hands[culprit])))
        amount = pending.amount or 0
        if pending.guilty:
            self._draw(culprit, amount, events, reason="challenge_lost")
            self.turn = seat  # the challenger takes their turn normally
        else:
            self._draw(seat, amount + 2, events, reason="challenge_lost")
            self._skip(seat, events)
            self.turn = self._next(seat)
        self._settle_last_card(culprit, events)

    def _settle_last_card(self, seat: int, events: list[Event]) -> None:
        """C-8.1: a last Wild Draw Four ends the round once its challenge decision is settled."""
        if not self.hands[seat] and self.active[seat]:
            self._win_round(seat, events)

    # -- UNO call and catch (C-5)

    def _on_uno(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.uno_owed == seat:
            self.uno_owed = None
            self.uno_called.add(seat)
            events.append(Event("uno_called", by=self.players[seat]))
            return
        if not self.rules.options.false_uno_penalty:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "no UNO call is due")
        events.append(Event("false_uno", by=self.players[seat]))
        self._draw(seat, 4, events, reason="false_uno")

    def _on_catch(self, seat: int, action: Action, events: list[Event]) -> None:
        owed = self.uno_owed
        if owed is None or owed == seat:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "there is nobody to catch")
        target = action.target
        if target is None or target not in self.players or target == action.by:
            raise _illegal(ErrorCode.INVALID_TARGET, "name the player to catch")
        if self._seat[target] != owed:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, f"{target} cannot be caught")
        self.uno_owed = None  # caught once per window
        events.append(Event("caught", by=self.players[seat], target=target))
        self._draw(owed, 2, events, reason="caught")

    def _on_speak(self, seat: int, action: Action, events: list[Event]) -> None:
        """H-5's chat message: accepted and without effect while no silence is on."""

    # -- leaving (C-10)

    def _on_leave(self, seat: int, action: Action, events: list[Event]) -> None:
        name = self.players[seat]
        hand = self.hands[seat]
        most_held = self._most_held_color(seat)
        waiting = self.waiting_for
        pending = self.pending
        next_seat = self._next(seat)
        # The hand goes to the bottom of the draw pile.
        self.draw_pile[0:0] = hand
        self.hands[seat] = []
        self.active[seat] = False
        self.uno_called.discard(seat)
        if self.uno_owed == seat:
            self.uno_owed = None
        events.append(Event("left", by=name, amount=len(hand)))
        if self.active_count == 1:
            self._win_by_forfeit(events)
            return
        if pending is not None and pending.kind == "challenge" and pending.by == seat:
            # Their own Wild Draw Four waits: drop the decision and its penalty.
            self.pending = None
            self.turn = pending.victim
            events.append(Event("penalty_dropped", by=self.players[pending.victim or 0]))
            return
        if waiting != seat:
            return
        if pending is not None and pending.kind == "color":
            self.color = most_held
            events.append(Event("color_chosen", by=name, color=most_held.value, reason="left"))
        elif pending is not None:
            events.append(Event("penalty_dropped", by=name))
        self.pending = None
        self.drawn = None
        self.turn = next_seat
        if pending is not None and pending.kind == "challenge":
            # C-8.1: a last Wild Draw Four aimed at them is settled by their leaving.
            self._settle_last_card(pending.by, events)

    # -- end of round, match, next round

    def _win_round(self, seat: int, events: list[Event]) -> None:
        """C-8: the winner scores the cards left in every other hand."""
        points = sum(c.points for s, hand in enumerate(self.hands) if s != seat for c in hand)
        self.round_winner = seat
        self.finished = [seat]
        self.turn = None
        self.pending = None
        self.drawn = None
        self.uno_owed = None
        self.scores[seat] += points
        name = self.players[seat]
        events.append(Event("round_won", by=name, amount=points))
        if self.scores[seat] >= self.rules.options.target_score:
            self.match_winner = seat
            events.append(Event("match_won", by=name, amount=self.scores[seat]))

    def _win_by_forfeit(self, events: list[Event]) -> None:
        """C-10: the last player left wins the round and the match, scoring nothing."""
        seat = self.active.index(True)
        self.round_winner = seat
        self.match_winner = seat
        self.finished = [seat]
        self.turn = None
        self.pending = None
        self.drawn = None
        name = self.players[seat]
        events.append(Event("round_won", by=name, amount=0, reason="forfeit"))
        events.append(Event("match_won", by=name, amount=self.scores[seat], reason="forfeit"))

    def _on_next_round(self, seat: int, action: Action, events: list[Event]) -> None:
        if self.round_winner is None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "the round is still being played")
        if self.match_winner is not None:
            raise _illegal(ErrorCode.NOT_ALLOWED_NOW, "the match is over")
        self.direction = 1
        self.dealer = self._next(self.dealer)  # C-3.1 decision: the deal passes clockwise
        self._deal_round(self._shuffled_deck(), events)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, player: str) -> list[Action]:
        """Everything `player` may do right now, in a stable order.

        A play of one's next-to-last card is listed with the UNO call (the choice a player makes
        with the play); calling UNO later or catching is listed on its own. `leave` is always
        possible and so never listed.
        """
        seat = self.seat_of(player)
        if not self.active[seat]:
            return []
        own = _own_actions(player)
        if self.round_winner is not None:
            return [] if self.match_winner is not None else [own.next_round]
        actions: list[Action]
        pending = self.pending
        if pending is not None:
            if pending.decider != seat:
                actions = []
            elif pending.kind == "challenge":
                actions = [own.challenge, own.accept]
            else:
                actions = list(own.colors)
        elif self.turn == seat:
            hand = self.hands[seat]
            plays = own.plays_with_uno if len(hand) == 2 else own.plays
            drawn = self.drawn
            if drawn is not None:
                actions = [*plays[drawn], own.pass_]
            else:
                color, top_rank = self.color, self.discard[-1].rank
                actions = []
                # Each distinct playable card once, in hand order.
                for card in dict.fromkeys([c for c in hand if c.color is None
                                           or c.color is color or c.rank is top_rank]):
                    actions += plays[card]
                actions.append(own.draw)
        else:
            actions = []
        owed = self.uno_owed
        if owed is not None:
            actions.append(own.uno if owed == seat else own.catch(self.players[owed]))
        return actions

    def playable_cards(self, player: str) -> list[Card]:
        """The distinct cards of the player's hand they may play right now (for the hand's UI)."""
        seat = self.seat_of(player)
        if (self.round_winner is not None or self.pending is not None or self.turn != seat):
            return []
        if self.drawn is not None:
            return [self.drawn]
        out: list[Card] = []
        for card in self.hands[seat]:
            if card not in out and self.matches(card):
                out.append(card)
        return out


_HANDLERS = {
    ActionType.PLAY: Game._on_play,
    ActionType.DRAW: Game._on_draw,
    ActionType.PASS: Game._on_pass,
    ActionType.COLOR: Game._on_color,
    ActionType.UNO: Game._on_uno,
    ActionType.CATCH: Game._on_catch,
    ActionType.CHALLENGE: Game._on_challenge,
    ActionType.ACCEPT: Game._on_accept,
    ActionType.SPEAK: Game._on_speak,
    ActionType.LEAVE: Game._on_leave,
    ActionType.NEXT_ROUND: Game._on_next_round,
}


class _OwnActions:
    """Every action one player name can ever be offered, built once and shared.

    Legal-action lists are rebuilt at every step, and actions are immutable values, so the same
    instances serve every game in the process (the cache is bounded: see `_own_actions`).
    """

    __slots__ = ("player", "draw", "pass_", "challenge", "accept", "uno", "next_round", "colors",
                 "plays", "plays_with_uno", "_catch")

    def __init__(self, player: str) -> None:
        self.player = player
        self.draw = Action(player, ActionType.DRAW)
        self.pass_ = Action(player, ActionType.PASS)
        self.challenge = Action(player, ActionType.CHALLENGE)
        self.accept = Action(player, ActionType.ACCEPT)
        self.uno = Action(player, ActionType.UNO)
        self.next_round = Action(player, ActionType.NEXT_ROUND)
        self.colors = tuple(Action(player, ActionType.COLOR, color=c) for c in COLOR_LETTERS)
        self.plays = self._plays(uno=False)
        self.plays_with_uno = self._plays(uno=True)
        self._catch: dict[str, Action] = {}

    def _plays(self, *, uno: bool) -> dict[Card, tuple[Action, ...]]:
        """For each card, its plays: one per colour for a wild card."""
        return {
            card: tuple(Action(self.player, ActionType.PLAY, card, c, None, uno)
                        for c in (COLOR_LETTERS if card.color is None else (None,)))
            for card in all_cards()
        }

    def catch(self, target: str) -> Action:
        action = self._catch.get(target)
        if action is None:
            action = self._catch[target] = Action(self.player, ActionType.CATCH, target=target)
        return action


_OWN_ACTIONS: dict[str, _OwnActions] = {}
_OWN_ACTIONS_LIMIT = 10_000  # player names; a long-running bot sees many, so the cache is bounded


def _own_actions(player: str) -> _OwnActions:
    own = _OWN_ACTIONS.get(player)
    if own is None:
        if len(_OWN_ACTIONS) >= _OWN_ACTIONS_LIMIT:
            _OWN_ACTIONS.clear()
        own = _OWN_ACTIONS[player] = _OwnActions(player)
    return own
