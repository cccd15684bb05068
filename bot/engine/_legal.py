"""Everything a player may do right now: what the bot offers as buttons and AI players choose from.

Legal-action lists are rebuilt at every step, and actions are immutable values, so each player
name's actions are built once and shared by every game in the process (`_OwnActions`).

The game is read through `LegalTable`, what this module needs of it: the game (`_game`) calls in
here and nothing here knows the game's class, so data flows one way. What a variant changes is
read from what it declares (`may_pass_after_draw`, `sevens_swap`, `mercy_rule`), never from
its name.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from ._state import COLOR_LETTERS, DARK_COLOR_LETTERS, Pending, PendingKind, Slap
from .actions import Action, ActionType
from .cards import Card, Color, Rank, Side
from .rules import Options

_LETTERS = {Side.LIGHT: COLOR_LETTERS, Side.DARK: DARK_COLOR_LETTERS}


class LegalTable(Protocol):
    """What the legal actions are built from: the table's state and a variant's declarations."""

    may_pass_after_draw: ClassVar[bool]
    sevens_swap: ClassVar[bool]
    mercy_rule: ClassVar[bool]
    _seat: dict[str, int]
    players: tuple[str, ...]
    active: list[bool]
    in_round: list[bool]
    hands: list[list[Card]]
    discard: list[Card]
    color: Color | None
    turn: int | None
    pending: Pending | None
    drawn: Card | None
    slap: Slap | None
    uno_owed: int | None
    round_over: bool
    match_winner: int | None
    side: Side
    options: Options

    def seat_of(self, name: str) -> int: ...

    def may_jump_in(self, seat: int, card: Card | None) -> bool: ...

    def _answer_mode(self, pending: Pending, card: Card) -> object | None: ...


def legal_actions(game: LegalTable, player: str, seat: int | None = None) -> list[Action]:
    """Everything `player` may do right now, in a stable order.

    A play of one's next-to-last card is listed with the UNO call (the choice a player makes with
    the play); calling UNO later, catching, jumping in (H-2) and slapping (H-8) are listed on
    their own, for whoever may do them. `leave` and `speak` are always possible and so never
    listed; `slap_timeout` is listed while a slap window is open (the bot's timer sends it).
    """
    if seat is None:
        seat = game._seat.get(player)
        if seat is None:
            seat = game.seat_of(player)  # raises unknown_player
    if not game.active[seat]:
        return []
    own = _OWN_ACTIONS.get(player) or _own_actions(player)
    if game.round_over:
        return [] if game.match_winner is not None else [own.next_round]
    if game.mercy_rule and not game.in_round[seat]:
        return []  # M-10.4: knocked out, they take no more part in the round
    slap = game.slap
    if slap is not None:
        return [own.slap, own.slap_timeout] if seat in slap.waiting else [own.slap_timeout]
    actions: list[Action] = []
    pending = game.pending
    hand = game.hands[seat]
    if pending is not None:
        if pending.decider == seat:
            _add_decisions(game, seat, own, actions)
    elif game.turn == seat:
        plays = own.plays_with_uno if len(hand) == 2 else own.plays
        drawn = game.drawn
        if drawn is not None:
            actions += _plays_of(game, seat, drawn, plays)
            if game.may_pass_after_draw:  # C-6 (M-4.2: the drawn card must be played)
                actions.append(own.pass_)
        else:
            color, top_rank = game.color, game.discard[-1].rank
            # Each distinct playable card once, in hand order.
            playable = dict.fromkeys([c for c in hand if c.color is None
                                      or c.color is color or c.rank is top_rank])
            options = game.options
            if options.colours_around:
                for card in playable:
                    actions += _plays_of(game, seat, card, plays)
            elif options.seven_zero or game.sevens_swap:  # a 7's targets (H-3, M-9), a WCR (M-8)
                special = (Rank.SEVEN, Rank.WILD_COLOR_ROULETTE)
                for card in playable:
                    actions += (_plays_of(game, seat, card, plays) if card.rank in special
                                else plays[card])
            else:  # the common case, kept free of per-card calls: this runs at every step
                for card in playable:
                    actions += plays[card]
            actions.append(own.draw)
    elif game.in_round[seat]:
        top = game.discard[-1]
        if game.may_jump_in(seat, top):
            face = top.face
            for card in dict.fromkeys([c for c in hand if c.face is face]):
                actions += _plays_of(game, seat, card, own.plays_with_uno if len(hand) == 2
                                     else own.plays)
    owed = game.uno_owed
    if owed is not None:
        actions.append(own.uno if owed == seat else own.catch(game.players[owed]))
    return actions


def _add_decisions(game: LegalTable, seat: int, own: _OwnActions, actions: list[Action]) -> None:
    """The answers of the player a pending decision belongs to."""
    pending = game.pending
    assert pending is not None
    kind = pending.kind
    if kind is PendingKind.COLOR or kind is PendingKind.ROULETTE:
        actions += own.dark_colors if game.side is Side.DARK else own.colors
        return
    hand = game.hands[seat]
    if kind is PendingKind.SWAP:  # H-6: offer a card to someone, or (target) give one back
        cards = dict.fromkeys(hand)
        if pending.card is None:
            others = [s for s in range(len(game.players)) if game.in_round[s] and s != seat]
            for card in cards:
                for other in others:
                    actions.append(Action(own.player, ActionType.SWAP, card,
                                          target=game.players[other]))
            actions.append(own.pass_)
        else:
            giver = game.players[pending.by]
            actions += [Action(own.player, ActionType.SWAP, card, target=giver) for card in cards]
        return
    if kind is PendingKind.CHALLENGE:
        actions.append(own.challenge)
    actions.append(own.accept)
    plays = own.plays_with_uno if len(hand) == 2 else own.plays
    for card in dict.fromkeys(hand):
        if game._answer_mode(pending, card) is not None:
            actions += _plays_of(game, seat, card, plays)


def _plays_of(game: LegalTable, seat: int, card: Card, plays: _Plays) -> tuple[Action, ...]:
    """The plays of one card: one per colour for a wild card (just one under H-9, which ignores
    the colour), one per target for a 7 under H-3 (unless it is the player's last card)."""
    options = game.options
    if card.color is None and options.colours_around:
        return plays.uncoloured(card)  # H-9 (F-7): the colour is not named
    last = len(game.hands[seat]) == 1
    if card.rank is Rank.WILD_COLOR_ROULETTE and not last:  # M-8.1: it names no colour
        return (Action(game.players[seat], ActionType.PLAY, card, None, None, plays.uno),)
    if card.rank is Rank.SEVEN and (options.seven_zero or game.sevens_swap) and not last:
        uno = plays[card][0].uno
        return tuple(Action(game.players[seat], ActionType.PLAY, card, None, game.players[s], uno)
                     for s in range(len(game.players)) if game.in_round[s] and s != seat)
    return plays[card]


class _Plays(dict[Card, tuple[Action, ...]]):
    """A player's plays of each card (one per colour for a wild card), built the first time a
    card is asked for: most players only ever hold a part of the 100-odd cards, and building all
    of them up front cost about 40 KB a player."""

    __slots__ = ("player", "uno")

    def __init__(self, player: str, uno: bool) -> None:
        super().__init__()
        self.player, self.uno = player, uno

    def __missing__(self, card: Card) -> tuple[Action, ...]:
        # Every Flip play comes here (its cards are not kept), so the coloured case is direct.
        if card.color is not None:
            plays: tuple[Action, ...] = (Action(self.player, ActionType.PLAY, card, None, None,
                                                self.uno),)
        else:
            plays = tuple(Action(self.player, ActionType.PLAY, card, c, None, self.uno)
                          for c in _LETTERS[card.side])
        if not card.per_match:  # a Flip match pairs its faces anew: its cards are not kept
            self[card] = plays
        return plays

    def uncoloured(self, card: Card) -> tuple[Action, ...]:
        """H-9's one play of a wild card, whose colour is ignored: a kept card's first play (its
        colour, never read, stays as it always was), else one that names none (F-7)."""
        if card.per_match:
            return (Action(self.player, ActionType.PLAY, card, None, None, self.uno),)
        return self[card][:1]


class _OwnActions:
    """Every action one player name is offered in every game, built once and shared."""

    __slots__ = ("player", "draw", "pass_", "challenge", "accept", "uno", "next_round", "colors",
                 "dark_colors", "slap", "slap_timeout", "plays", "plays_with_uno", "_catch")

    def __init__(self, player: str) -> None:
        self.player = player
        self.draw = Action(player, ActionType.DRAW)
        self.pass_ = Action(player, ActionType.PASS)
        self.challenge = Action(player, ActionType.CHALLENGE)
        self.accept = Action(player, ActionType.ACCEPT)
        self.uno = Action(player, ActionType.UNO)
        self.next_round = Action(player, ActionType.NEXT_ROUND)
        self.slap = Action(player, ActionType.SLAP)
        self.slap_timeout = Action(player, ActionType.SLAP_TIMEOUT)
        self.colors = tuple(Action(player, ActionType.COLOR, color=c) for c in COLOR_LETTERS)
        self.dark_colors = tuple(Action(player, ActionType.COLOR, color=c)
                                 for c in DARK_COLOR_LETTERS)
        self.plays = self._plays(uno=False)
        self.plays_with_uno = self._plays(uno=True)
        self._catch: dict[str, Action] = {}

    def _plays(self, *, uno: bool) -> _Plays:
        return _Plays(self.player, uno)
    def catch(self, target: str) -> Action:
        action = self._catch.get(target)
        if action is None:
            action = self._catch[target] = Action(self.player, ActionType.CATCH, target=target)
        return action


_OWN_ACTIONS: dict[str, _OwnActions] = {}
_OWN_ACTIONS_LIMIT = 2_000  # player names; a long-running bot sees many, so the cache is bounded


def _own_actions(player: str) -> _OwnActions:
    own = _OWN_ACTIONS.get(player)
    if own is None:
        if len(_OWN_ACTIONS) >= _OWN_ACTIONS_LIMIT:
            _OWN_ACTIONS.clear()
        own = _OWN_ACTIONS[player] = _OwnActions(player)
    return own

