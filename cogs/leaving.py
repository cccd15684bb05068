"""Leaving a game under way (`/uno leave`, `/uno kick` during a round): C-10, or, where the
server lets an AI play on for players who leave (issue 19), the seat handed to an AI."""

from __future__ import annotations

from bot.engine import Action, ActionType
from bot.interactions import Interaction
from bot.render.events import escape_name
from bot.services.errors import Refusal
from bot.services.games import GameManager
from bot.services.session import Session
from bot.ui.replies import refuse, say, tell


async def leave_game(games: GameManager, interaction: Interaction, session: Session,
                     user_id: int, *, kicked: bool) -> None:
    """C-10 during a round: the player's cards go under the deck and play goes on."""
    target = str(user_id)

    def build(_: Session, player: str) -> Action:
        return Action(target, ActionType.LEAVE)

    try:
        if kicked and session.player(user_id) is None:
            raise Refusal("lobby.target_not_joined")
        if not kicked and session.player(user_id) is not None and (
                await games.change_seats(session, lambda s: games.take_over(s, target))):
            # Issue 19, the server's setting: an AI plays on for them (no C-10 leave).
            await tell(interaction, say(interaction, "table.ai_took_over",
                                        player=escape_name(session.names.get(target, ""))))
            return
        await games.act(session.game_id, interaction.user.id, build,
                        acting_for=target if kicked else None)
    except Refusal as refusal:
        await refuse(interaction, refusal)
        return
    name = escape_name(session.names.get(target, target))
    await tell(interaction, say(interaction, "lobby.kicked" if kicked else "lobby.left_game",
                                player=name))
