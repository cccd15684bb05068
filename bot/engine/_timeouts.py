"""C-11: what the bot's turn timer does for a player who let it run out.

The clock stays outside the engine (it is the bot's); this only says which action the timer
takes, so the rules of C-11 live with the other rules and are tested like them.
"""

from __future__ import annotations

from ._game import Game
from ._state import PendingKind
from .actions import Action, ActionType
from .cards import Rank


def timeout_action(game: Game) -> Action | None:
    """The action the turn timer takes for the player the table waits for (None: nobody).

    On a turn the player draws, and passes if they may: after a draw that left them a playable
    card the table still waits on them, so the timer's next call returns the pass.
    """
    if game.round_over:
        return None
    names = game.players
    if game.slap is not None:
        # H-8: the slap window's own timer; everyone who has not slapped draws 2.
        return Action(names[game.slap.by], ActionType.SLAP_TIMEOUT)
    seat = game.waiting_for
    if seat is None:
        return None
    name = names[seat]
    pending = game.pending
    drawn = game.drawn
    if pending is None and drawn is not None and not game.may_pass_after_draw:
        # M-14.3: the drawn card is played, without the UNO call (M-16.9); a colour as C-10,
        # a 7's target the next active player.
        color = None
        if drawn.color is None and drawn.rank is not Rank.WILD_COLOR_ROULETTE:
            color = game._most_held_color(seat).value
        target = names[game._next(seat)] if drawn.rank is Rank.SEVEN else None
        return Action(name, ActionType.PLAY, drawn, color, target)
    if pending is None:
        return Action(name, ActionType.PASS if drawn is not None else ActionType.DRAW)
    if pending.kind is PendingKind.COLOR or pending.kind is PendingKind.ROULETTE:
        # Named as C-10 says: the colour they hold most (M-14.3 for a Roulette).
        return Action(name, ActionType.COLOR, color=game._most_held_color(seat).value)
    if pending.kind is PendingKind.SWAP:
        if pending.card is None:
            return Action(name, ActionType.PASS)  # the swap offer is declined
        # The swap answer gives their first card.
        return Action(name, ActionType.SWAP, game.hands[seat][0], target=names[pending.by])
    # A challenge decision is accepted; a stack, deflect or bounce answer is declined.
    return Action(name, ActionType.ACCEPT)
