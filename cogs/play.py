"""Playing: the table's buttons, the private hand and its controls. Thin: parse the click, ask
the game manager, render the answer."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.engine import Action, ActionType, Card, card
from bot.engine.cards import CardParseError
from bot.render.events import describe, describe_all
from bot.render.hand import render_hand
from bot.render.pictures import hand_picture_of, table_picture_of
from bot.render.rules import rules_summary
from bot.render.table import TableText, render_table
from bot.render.why import explain
from bot.services.errors import Refusal
from bot.services.games import Outcome
from bot.services.session import Session
from bot.ui.items import DYNAMIC_ITEMS
from bot.ui.replies import refuse, user_locale
from bot.ui.views import hand_view, table_view

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


def _mentions(text: TableText) -> discord.AllowedMentions:
    users = [discord.Object(text.mention)] if text.mention is not None else []
    return discord.AllowedMentions(users=users, roles=False, everyone=False)


async def table_message(session: Session, *, picture: bool = True,
                        **options: Any) -> dict[str, Any]:
    """Everything of a table message: text, embed with its picture, buttons, and who may be
    pinged. `file` is for sending; `as_edit` turns it into the attachments of an edit."""
    text = render_table(session, **options)
    ended = bool(options)
    payload = {"content": text.content, "embed": text.embed, "allowed_mentions": _mentions(text),
               "view": discord.ui.View(timeout=None) if ended else table_view(session)}
    if picture:
        drawn = table_picture_of(session)
        text.embed.set_image(url=drawn.url)
        payload["file"] = await drawn.file()
    return payload


def as_edit(payload: dict[str, Any]) -> dict[str, Any]:
    """An edit replaces the message's attachments with the new picture."""
    edit = dict(payload)
    edit["attachments"] = [edit.pop("file")]
    return edit


def hand_message(session: Session, player: str, locale: str, *,
                 notes: list[str] | None = None, page: int = 0, picking: Card | None = None,
                 uno: bool = False) -> dict[str, Any]:
    """A private hand: its embed and its controls (the picture is attached by `_show_hand`)."""
    embed = render_hand(session, player, locale, notes=notes or [], page=page, picking=picking)
    view = hand_view(session, player, locale, page=page, picking=picking, uno=uno)
    return {"embed": embed, "view": view}


def _card(code: str) -> Card:
    try:
        return card(code)
    except CardParseError as exc:
        raise Refusal("error.stale_button") from exc


class Play(commands.Cog):
    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.games = bot.games
        self._answered: dict[int, int] = {}  # hand message -> the interaction that last showed it

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        self.games.attach(self.publish, self.abandoned)

    async def restore(self) -> None:
        """After a restart: every unfinished game's table shown again; its old buttons work."""
        for session in await self.games.restore():
            await self.publish(session)

    # -- the public table

    async def publish(self, session: Session, **options: Any) -> None:
        """Show the table's current state: edit the table message, or post it when it has none."""
        session.rendered_version = session.pictured_version = session.game.version
        payload = await table_message(session, **options)
        channel = self.bot.get_partial_messageable(session.channel_id, guild_id=session.guild_id)
        if session.message_id is not None:
            try:
                await channel.get_partial_message(session.message_id).edit(**as_edit(payload))
                return
            except discord.NotFound:
                log.info("table message of game %s was deleted; posting a new one",
                         session.game_id)
        message = await channel.send(**payload)
        await self.games.set_message(session, message.id)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """H-5: a player who writes in the channel during a silence is penalised. Only who
        wrote is used, never what (the bot has no message-content intent)."""
        if message.author.bot or message.guild is None:
            return
        session = self.games.in_channel(message.channel.id)
        if session is None or session.game.silence is None:
            return
        if session.player(message.author.id) is None:
            return
        try:
            await self.games.act(session.game_id, message.author.id,
                                 lambda _, player: Action(player, ActionType.SPEAK))
        except Refusal as refusal:
            log.debug("silence: %s not penalised (%s)", message.author.id, refusal.key)

    async def abandoned(self, session: Session) -> None:
        await self.publish(session, abandoned=True)

    async def post_table(self, interaction: Interaction, session: Session) -> None:
        """The first table of a game, as the answer to the click or command that started it."""
        # Answered at once; the first merged edit brings the picture.
        await interaction.response.send_message(**await table_message(session, picture=False))
        message = await interaction.original_response()
        await self.games.set_message(session, message.id)
        self.games.refresh(session)

    # -- clicks

    async def table_button(self, interaction: Interaction, game_id: str, what: str) -> None:
        session = self.games.get(game_id)
        try:
            if session is None:
                raise Refusal("error.game_over")
            if what == "rules":  # the rules in force, in the reader's language
                await interaction.response.send_message(
                    embed=rules_summary(session.game.rules, user_locale(interaction)),
                    ephemeral=True)
                return
            if what in _OPENS_HAND:
                check = _OPENS_HAND[what]
                if check is not None:
                    check(session, interaction.user.id)
                await self._open_hand(interaction, session)
                return
            if what not in _TABLE_ACTIONS:
                raise Refusal("error.stale_button")
            outcome = await self.games.act(game_id, interaction.user.id, _TABLE_ACTIONS[what])
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        await self._answer_on_table(interaction, outcome)

    async def control(self, interaction: Interaction, game_id: str, version: int, what: str,
                      args: list[str]) -> None:
        session = self.games.get(game_id)
        on_hand = bool(interaction.message and interaction.message.flags.ephemeral)
        try:
            if session is None:
                raise Refusal("error.game_over")
            player = session.player(interaction.user.id)
            if what in ("page", "pick"):
                await self._redraw_hand(interaction, session, player, what, version, args)
                return
            if what == "why":
                if version != session.game.version:  # the hand on screen is not the game now
                    raise Refusal("error.stale_button")
                raise explain(session, player, _card(args[0]) if args else None,
                              user_locale(interaction))
            build = _control_action(what, args)
            outcome = await self.games.act(game_id, interaction.user.id, build, version=version)
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        if on_hand:
            await self._answer_in_hand(interaction, outcome)
        else:
            await self._answer_on_table(interaction, outcome)

    # -- answers

    async def _show_hand(self, interaction: Interaction, session: Session, player: str,
                         payload: dict[str, Any], *, edit: bool) -> None:
        """Answer with the hand at once; its picture comes with the answer when it is already
        drawn, else right after it (the 3-second answer never waits for drawing). The late
        picture is dropped if a newer answer has replaced this hand meanwhile."""
        picture = hand_picture_of(session, player,
                                  colorblind=self.bot.settings.colorblind(interaction.user.id))
        embed, view = payload["embed"], payload["view"]
        ready = picture.ready()
        if ready is not None:
            embed.set_image(url=picture.url)
        attachments = [ready] if ready is not None else []
        if edit:
            await interaction.response.edit_message(embed=embed, view=view,
                                                    attachments=attachments)
        elif ready is not None:
            await interaction.response.send_message(embed=embed, view=view, file=ready,
                                                    ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
        # The buttons are dynamic items: discord.py need not keep this view (for 15 minutes).
        view.stop()
        if ready is not None:
            return
        key = interaction.message.id if edit and interaction.message else interaction.id
        self._answered[key] = interaction.id
        file = await picture.file()
        if self._answered.get(key) != interaction.id:
            return  # a newer answer shows this hand now
        del self._answered[key]
        embed.set_image(url=picture.url)
        try:
            await interaction.edit_original_response(embed=embed, attachments=[file])
        except discord.HTTPException as exc:  # the hand was replaced or its token ran out
            log.debug("hand picture not attached: %s", exc)
        except Exception:
            if not self.bot.is_closed():  # shutting down: the picture no longer matters
                raise

    async def _open_hand(self, interaction: Interaction, session: Session) -> None:
        player = session.player(interaction.user.id)
        if player is None:
            raise Refusal("error.left_game" if session.seated(interaction.user.id)
                          else "error.not_in_game")
        locale = user_locale(interaction)
        await self._show_hand(interaction, session, player,
                              hand_message(session, player, locale), edit=False)

    async def _redraw_hand(self, interaction: Interaction, session: Session,
                           player: str | None, what: str, version: int,
                           args: list[str]) -> None:
        if player is None:
            raise Refusal("error.not_in_game")
        locale = user_locale(interaction)
        if what == "page":
            page = int(args[0]) if args and args[0].isdigit() else 0
            await self._show_hand(interaction, session, player,
                                  hand_message(session, player, locale, page=page), edit=True)
            return
        if version != session.game.version or not args:
            raise Refusal("error.stale_button")
        picking, uno = _card(args[0]), len(args) > 1 and args[1] == "u"
        # A Flip card's button names it `light/dark` (parsed light side up): pick the card as
        # held, with the face now up (F-4: after a Flip it is the dark one).
        hand = session.game.hands[session.game.players.index(player)]
        picking = next((c for c in hand if c.code == picking.code), picking)
        page = int(args[2]) if len(args) > 2 and args[2].isdigit() else 0
        await self._show_hand(interaction, session, player, hand_message(
            session, player, locale, picking=picking, uno=uno, page=page), edit=True)

    def _notes(self, interaction: Interaction, outcome: Outcome) -> list[str]:
        """The action's events as its author sees them (their drawn cards, a shown hand)."""
        return describe_all(outcome.events, outcome.session.names, viewer=outcome.action.by,
                            locale=user_locale(interaction))

    async def _answer_in_hand(self, interaction: Interaction, outcome: Outcome) -> None:
        session, player = outcome.session, outcome.action.by
        locale = user_locale(interaction)
        notes = self._notes(interaction, outcome)
        if session.player(interaction.user.id) is None:  # they left or the match is over
            await interaction.response.edit_message(content="\n".join(notes) or None, embed=None,
                                                    view=None, attachments=[])
            return
        await self._show_hand(interaction, session, player,
                              hand_message(session, player, locale, notes=notes), edit=True)

    async def _answer_on_table(self, interaction: Interaction, outcome: Outcome) -> None:
        """A table button: the answer edits the table; its picture follows with the merged
        edit (drawn off the answer's clock); what only the clicker may see follows privately."""
        session = outcome.session
        message = interaction.message
        if message is not None and message.id == session.message_id:
            # The new text and buttons at once (an answer is exempt from the channel's rate
            # limit), keeping the old picture; the merged edit brings the new one.
            session.rendered_version = session.game.version
            payload = await table_message(session, picture=False)
            payload.pop("allowed_mentions")
            payload["embed"].set_image(url=table_picture_of(session).url)
            await interaction.response.edit_message(**payload)
        else:
            await interaction.response.defer()
        self.games.refresh(session)
        private = [line for event in outcome.events if event.type == "hand_shown"
                   and (line := describe(event, session.names, viewer=outcome.action.by,
                                         locale=user_locale(interaction))) is not None]
        if private:
            await interaction.followup.send("\n".join(private), ephemeral=True)


def _catch(session: Session, player: str) -> Action:
    owed = session.game.uno_owed
    if owed is None:
        raise Refusal("error.nobody_to_catch")
    return Action(player, ActionType.CATCH, target=session.game.players[owed])


_TABLE_ACTIONS: dict[str, Any] = {
    "uno": lambda session, player: Action(player, ActionType.UNO),
    "catch": _catch,
    "slap": lambda session, player: Action(player, ActionType.SLAP),
    "next": lambda session, player: Action(player, ActionType.NEXT_ROUND),
}


def _may_jump_in(session: Session, user_id: int) -> None:
    if session.player(user_id) is None:
        raise Refusal("error.not_in_game")
    if str(user_id) not in session.game.jumpers():
        raise Refusal("why.cannot_jump_in")


def _decides(session: Session, user_id: int) -> None:
    """Answer buttons on the table open the hand of the player the decision belongs to."""
    if session.player(user_id) is None:
        raise Refusal("error.not_in_game")
    seat = session.game.waiting_for
    if seat is None or session.game.players[seat] != str(user_id):
        raise Refusal("error.not_your_turn")


# Table buttons that open the clicker's hand once their check passes (My hand needs none
# beyond being seated, which opening the hand checks).
_OPENS_HAND: dict[str, Any] = {"hand": None, "jump": _may_jump_in, "stack": _decides,
                               "deflect": _decides, "bounce": _decides, "swap": _decides}


def _control_action(what: str, args: list[str]) -> Any:
    if what == "act" and len(args) == 5:
        kind = ActionType.SWAP if args[0] == "swap" else ActionType.PLAY
        played = _card(args[1])
        color = None if args[2] == "-" else args[2]
        uno, target = args[3] == "u", None if args[4] == "-" else args[4]
        return lambda session, player: Action(player, kind, played, color, target, uno)
    simple = {"draw": ActionType.DRAW, "pass": ActionType.PASS, "slap": ActionType.SLAP,
              "challenge": ActionType.CHALLENGE, "accept": ActionType.ACCEPT}
    if what in simple:
        kind = simple[what]
        return lambda session, player: Action(player, kind)
    if what == "color" and args:
        color = args[0]
        return lambda session, player: Action(player, ActionType.COLOR, color=color)
    raise Refusal("error.stale_button")


async def setup(bot: Any) -> None:
    await bot.add_cog(Play(bot))
