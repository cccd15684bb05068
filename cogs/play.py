"""Playing: the table's buttons, the private hand and its controls. Thin: parse the click, ask
the game manager, render the answer."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.engine import Action, ActionType, Card, RuleSet
from bot.interactions import Interaction
from bot.outlets.live_hands import cards_of
from bot.outlets.watchers import watched
from bot.render.events import describe, describe_all, escape_name
from bot.render.faces import NO_FACES, Faces
from bot.render.hand import render_hand
from bot.render.pictures import hand_picture_of
from bot.render.rules import rules_summary
from bot.render.text import tr
from bot.render.why import explain
from bot.services.errors import Refusal
from bot.services.games import Outcome, current
from bot.services.session import Session
from bot.ui.answers import Sent, send, update
from bot.ui.controls import TableControl
from bot.ui.handlers import Builder
from bot.ui.items import DYNAMIC_ITEMS, on_a_hand
from bot.ui.layout import let_go, notice, v2
from bot.ui.replies import refuse, say, tell, user_locale
from bot.ui.token_answers import clicked, table_answered
from bot.ui.views import hand_view

if TYPE_CHECKING:
    from bot.client import UnoBot

log = logging.getLogger(__name__)

def hand_message(session: Session, player: str, locale: str, *,
                 notes: list[str] | None = None, page: int = 0, picking: Card | None = None,
                 uno: bool = False, faces: Faces = NO_FACES,
                 expiring: bool = False) -> dict[str, Any]:
    """A private hand: what it shows and its controls (the picture is attached by
    `_show_hand`).
    `expiring`: its token is about to expire (bot/outlets/live_hands.py): it says so and offers
    Refresh."""
    lines = [*(notes or []), *([tr(locale, "hand.expiring")] if expiring else [])]
    shown = render_hand(session, player, locale, notes=lines, page=page, picking=picking,
                        faces=faces)
    controls = hand_view(session, player, locale, page=page, picking=picking, uno=uno,
                         faces=faces, expiring=expiring)
    return {"shown": shown, "controls": controls}


class Play(commands.Cog):
    """The table's buttons and the private hands (a `PlayHandler` for the dynamic items)."""

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot  # for binding itself when it loads (`cog_load`), nothing else
        # What the clicks use, taken once here (the bot only wires).
        self.games = bot.games
        self.tables = bot.tables  # the table's one writer
        self.table_feed = bot.table_feed
        self.hands = bot.hands
        self.pings = bot.pings
        self.watchers = bot.watchers
        self.autoplay = bot.autoplay
        self.card_emoji = bot.card_emoji
        self.settings = bot.settings
        self.painter = bot.painter
        self.handlers = bot.handlers  # a solo game's clicks go to its own handler (issue 30)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        self.bot.handlers.play_handler = self

    async def cog_unload(self) -> None:
        self.bot.handlers.play_handler = None
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """H-5: a player who writes in the channel during a silence is penalised. Only who
        wrote is used, never what (the bot has no message-content intent)."""
        if message.author.bot or message.guild is None:
            return
        session = self.games.in_channel(message.channel.id)
        if session is None or not session.view().silenced:
            return
        if session.player(message.author.id) is None:
            return
        try:
            await self.games.act(session.game_id, message.author.id,
                                 lambda _, player: Action(player, ActionType.SPEAK))
        except Refusal as refusal:
            log.debug("silence: %s not penalised (%s)", message.author.id, refusal.key)

    # -- clicks

    async def table_button(self, interaction: Interaction, game_id: str,
                           what: TableControl) -> None:
        session = self.games.get(game_id)
        if session is not None and session.solo and what != "rules":  # issue 30
            await self.handlers.solo.table_button(interaction, session,
                                                      _TABLE_ACTIONS.get(what))
            return
        if session is None and not on_a_hand(interaction):
            # A table whose game is gone yet still shows its buttons (its last edit was lost
            # with the process): the click takes them away, and says the game is over.
            await self.tables.retire(interaction)
        try:
            if session is None:
                raise Refusal("error.game_over")
            _on_its_table(interaction, session)
            if what is TableControl.RULES:  # the rules in force, in the reader's language
                await send(interaction, ephemeral=True,
                           **v2(rules_summary(session.view().rules, user_locale(interaction))))
                return
            if what is TableControl.WATCH:  # a live private view of the public table, for anyone
                locale = user_locale(interaction)
                sent = await send(interaction, ephemeral=True,
                                  **v2(watched(session, locale)))
                self.watchers.add(session, interaction.user.id, sent, locale)
                return
            if what is TableControl.RECLAIM:  # issue 19: the seat an AI played is theirs again
                player = str(interaction.user.id)
                if not await self.games.change_seats(
                        session, lambda s: self.autoplay.reclaim(s, player)):
                    raise Refusal("error.no_stand_in")
                await tell(interaction, say(interaction, "table.seat_reclaimed",
                                            player=escape_name(session.names.get(player, ""))))
                return
            if what in _OPENS_HAND:
                check = _OPENS_HAND[what]
                if check is not None:
                    check(session, interaction.user.id)
                if session.tokens:  # issue 30: the click brings the table up to date too,
                    await self._table_answer(interaction, session)  # the hand follows it
                await self._open_hand(interaction, session)
                return
            outcome = await self.games.act(game_id, interaction.user.id, _TABLE_ACTIONS[what])
        except Refusal as refusal:
            await refuse(interaction, refusal)
            return
        await self._answer_on_table(interaction, outcome)

    async def match_rules(self, interaction: Interaction, rules: RuleSet) -> None:
        """Rules under a won match's table: the rules it was played by, in the reader's
        language (the match is over, so they come from the button's id)."""
        await send(interaction, ephemeral=True,
                   **v2(rules_summary(rules, user_locale(interaction))))

    async def act(self, interaction: Interaction, game_id: str, version: int,
                  build: Builder, context: int | None = None) -> None:
        """A decision's control: a card, a colour, Draw, Pass, Challenge... on a hand or on the
        table; the answer goes where the click came from. A control of an older hand acts
        while its meaning holds (`current`); otherwise the answer is the hand as it is now."""
        solo = self.games.get(game_id)
        if solo is not None and solo.solo:  # its one message shows table and hand (issue 30)
            await self.handlers.solo.act(interaction, game_id, version, build, context)
            return
        on_hand = on_a_hand(interaction)
        holding = (self.hands.answering(game_id, interaction.user.id) if on_hand
                   else contextlib.nullcontext())
        with holding:  # no live edit of this hand crosses its answer
            try:
                session = self.games.get(game_id)
                if session is not None and not on_hand:
                    _on_its_table(interaction, session)
                outcome = await self.games.act(game_id, interaction.user.id, build,
                                               version=version, context=context)
            except Refusal as refusal:
                if not (on_hand and await self._replace_hand(interaction, game_id, version,
                                                             refusal)):
                    await refuse(interaction, self._over(interaction, refusal))
                return
            # The hands the move changed are drawn now, the mover's for this very answer, the
            # others' before their owners look (the table's edit may wait for the budget).
            self.tables.prepare_hands(outcome.session)
            if on_hand:
                await self._answer_in_hand(interaction, outcome)
            else:
                await self._answer_on_table(interaction, outcome)

    # A Refusal raised below is answered by the item that called (bot/ui/items.py).

    async def pick(self, interaction: Interaction, game_id: str, version: int, card: Card,
                   uno: bool, page: int, context: int | None = None) -> None:
        """A card with several ways to play it: the hand shows them (colours, targets)."""
        session, player = self._hand_of(interaction, game_id)
        if not current(session, player, version, context):
            await self._replace_hand(interaction, game_id, version,
                                     Refusal("error.stale_button"))
            return
        # A Flip card's id names it `light/dark` (parsed light side up): pick the card as held,
        # with the face now up (F-4: after a Flip it is the dark one).
        held = session.view(player).hand
        picking = next((c for c in held if c.code == card.code), card)
        if session.solo:
            await self.handlers.solo.show(interaction, session, picking=picking, page=page)
            return
        await self._show_hand(interaction, session, player, hand_message(
            session, player, user_locale(interaction), picking=picking, uno=uno, page=page,
            faces=self._faces(interaction)),
            edit=True)

    async def page(self, interaction: Interaction, game_id: str, page: int) -> None:
        session, player = self._hand_of(interaction, game_id)
        if session.solo:
            await self.handlers.solo.show(interaction, session, page=page)
            return
        await self._show_hand(interaction, session, player, hand_message(
            session, player, user_locale(interaction), page=page,
            faces=self._faces(interaction)), edit=True, page=page)

    async def why(self, interaction: Interaction, game_id: str, version: int,
                  card: Card, context: int | None = None) -> None:
        """A card that cannot be played: the refusal says why."""
        session, player = self._hand_of(interaction, game_id)
        if session.solo:  # the reason goes on its message, which catches up (issue 30)
            await self.handlers.solo.why(interaction, session, player, card, version,
                                             context)
            return
        if not current(session, player, version, context):  # the hand is not the game now
            await self._replace_hand(interaction, game_id, version,
                                     Refusal("error.stale_button"))
            return
        raise explain(session, player, card, user_locale(interaction))

    def _hand_of(self, interaction: Interaction, game_id: str) -> tuple[Session, str]:
        session = self.games.get(game_id)
        if session is None:
            raise self._over(interaction, Refusal("error.game_over"))
        player = session.player(interaction.user.id)
        if player is None:
            raise Refusal("error.not_in_game")
        return session, player

    def _over(self, interaction: Interaction, refusal: Refusal) -> Refusal:
        """A control of a game that is over, pressed by a player of the game now running in
        its channel (a rematch, a new match): the answer points to that game's My hand."""
        if refusal.key != "error.game_over" or interaction.channel_id is None:
            return refusal
        now = self.games.in_channel(interaction.channel_id)
        if now is None or now.player(interaction.user.id) is None:
            return refusal
        return Refusal("error.game_over_new_table")

    # -- answers

    def _faces(self, interaction: Interaction) -> Faces:
        """The card faces a hand may wear: the reader's set, where the bot may show emoji."""
        return self.card_emoji.for_interaction(
            interaction, colorblind=self.settings.colorblind(interaction.user.id))

    async def _replace_hand(self, interaction: Interaction, game_id: str, version: int,
                            refusal: Refusal) -> bool:
        """A control of an older hand whose meaning changed (or whose action is no longer
        legal): the answer is the hand as it is now, in place of the old one. False when the
        refusal is not about an older hand (the caller says it as usual)."""
        session = self.games.get(game_id)
        player = session.player(interaction.user.id) if session is not None else None
        if (session is None or player is None or version == session.version
                or refusal.key == "error.save_failed"):
            return False
        await self._show_hand(interaction, session, player, hand_message(
            session, player, user_locale(interaction),
            notes=[say(interaction, "hand.replaced")], faces=self._faces(interaction)),
            edit=True)
        return True

    async def _show_hand(self, interaction: Interaction, session: Session, player: str,
                         payload: dict[str, Any], *, edit: bool, page: int = 0) -> None:
        """Answer with the hand and its picture. The picture depends only on the cards held; it
        is drawn when they change (`prepare_hands`), or here if need be, in the bot's process
        (bot/render/painter.py: cheaper than a worker's round trip)."""
        picture = hand_picture_of(session, player, self.painter,
                                  colorblind=self.settings.colorblind(interaction.user.id))
        shown, controls = payload["shown"], payload["controls"]
        # A hand with no card (its player is out) has no picture rather than a blank one.
        ready = await picture.file_or_none() if cards_of(session, player) else None
        if ready is not None:
            shown.picture = picture.url
        attachments = [ready] if ready is not None else []
        fields = v2(shown, controls)  # a Components V2 message (bot/ui/layout.py)
        if edit:
            await update(interaction, **fields, attachments=attachments)
            # The clicked hand is the original response.
            clicked = interaction.message
            sent = Sent(interaction, None, message_id=clicked.id if clicked else None)
        elif ready is not None:
            sent = await send(interaction, **fields, file=ready, ephemeral=True)
        else:
            sent = await send(interaction, **fields, ephemeral=True)
        # The buttons are dynamic items: discord.py need not keep this view (for 15 minutes).
        let_go(fields["view"])
        # This answer is the player's hand now: it is kept live through its token, redrawn
        # as it was drawn (the reader's language and card faces, the page).
        locale, faces = user_locale(interaction), self._faces(interaction)

        def redraw(expiring: bool) -> dict[str, Any]:
            return hand_message(session, player, locale, page=page, expiring=expiring,
                                faces=faces)

        self.hands.opened(session, player, sent, redraw, locale=locale)

    async def _open_hand(self, interaction: Interaction, session: Session) -> None:
        player = session.player(interaction.user.id)
        if player is None:
            raise Refusal("error.left_game" if session.seated(interaction.user.id)
                          else "error.not_in_game")
        locale = user_locale(interaction)
        notes = ([tr(locale, "ping.dms_closed")]
                 if self.pings.dms_closed_note(interaction.user.id) else [])
        await self._show_hand(interaction, session, player,
                              hand_message(session, player, locale, notes=notes,
                                           faces=self._faces(interaction)), edit=False)

    def _notes(self, interaction: Interaction, outcome: Outcome) -> list[str]:
        """The action's events as its author sees them (their drawn cards, a shown hand)."""
        return describe_all(outcome.events, outcome.session.names, viewer=outcome.action.by,
                            locale=user_locale(interaction))

    async def _answer_in_hand(self, interaction: Interaction, outcome: Outcome) -> None:
        session, player = outcome.session, outcome.action.by
        locale = user_locale(interaction)
        notes = self._notes(interaction, outcome)
        if session.player(interaction.user.id) is None:  # they left or the match is over
            await update(interaction, **notice("\n".join(notes) or say(interaction,
                                                                           "error.game_over")),
                         attachments=[])
            return
        await self._show_hand(interaction, session, player,
                              hand_message(session, player, locale, notes=notes,
                                           faces=self._faces(interaction)), edit=True)

    async def _answer_on_table(self, interaction: Interaction, outcome: Outcome) -> None:
        """A table button: the answer edits the table's text (its picture follows when due, with
        a merged edit); what only the clicker may see follows privately."""
        session = outcome.session  # clicked on its table: `_on_its_table` checked it
        if (outcome.action.type is ActionType.NEXT_ROUND and not session.tokens
                and await self._new_round(interaction, session)):
            return
        # The publisher writes the table, through this answer; the table then catches up.
        self._reached(interaction, session, await self.table_feed.answer(interaction, session))
        private = [line for event in outcome.events if event.type == "hand_shown"
                   and (line := describe(event, session.names, viewer=outcome.action.by,
                                         locale=user_locale(interaction))) is not None]
        if private:
            await send(interaction, content="\n".join(private), ephemeral=True)

    async def _table_answer(self, interaction: Interaction, session: Session) -> None:
        """The table as the answer to a click on it, written by the publisher."""
        self._reached(interaction, session, await self.tables.answer(interaction, session))

    def _reached(self, interaction: Interaction, session: Session, shown: int | None) -> None:
        """A table reached through tokens (issue 30) that this click's answer showed at
        version `shown`: this click's token keeps it current next."""
        if shown is not None and session.tokens:
            table_answered(self.bot, interaction, session, clicked(interaction), shown)

    async def _new_round(self, interaction: Interaction, session: Session) -> bool:
        """Next round: the clicked table keeps the round's end (its hands and points) for
        everyone to read, without its buttons, and the new round gets a table message of its
        own (the publisher posts it, before this answer, so the game's table is never
        missing). False when the table was edited in place instead (after a restart the bot
        no longer knows the message shows a round's end)."""
        clicked = interaction.message
        try:
            await self.tables.show(session)
        except Exception as exc:  # noqa: BLE001 - the game's refresh tries again
            log.info("the new round's table of game %s not shown yet: %r", session.game_id, exc)
            self.table_feed.refresh(session)
        if clicked is None or session.message_id == clicked.id:
            return False
        await self.tables.retire(interaction)
        return True


def _on_its_table(interaction: Interaction, session: Session) -> None:
    """A table's control acts only from that game's table, in its channel (Discord delivers
    only ids that are on the clicked message, but the bot checks rather than trusts it)."""
    message = interaction.message
    if (message is None or message.id != session.message_id
            or interaction.channel_id != session.channel_id):
        raise Refusal("error.stale_button")


def _uno(session: Session, player: str) -> Action:
    """UNO! is due after one's next-to-last card (C-5.1); a call that is not (and costs
    nothing, C-5.4) is refused with the reason, not a bare "not now"."""
    public = session.view()
    if public.uno_owed != player and not public.rules.options.false_uno_penalty:
        if player in public.uno_called:
            raise Refusal("why.uno_called_already")
        raise Refusal("why.uno_not_due", count=len(session.view(player).hand))
    return Action(player, ActionType.UNO)


def _catch(session: Session, player: str) -> Action:
    owed = session.view().uno_owed
    if owed is None:
        raise Refusal("error.nobody_to_catch")
    return Action(player, ActionType.CATCH, target=owed)


_TABLE_ACTIONS: dict[TableControl, Builder] = {
    TableControl.UNO: _uno,
    TableControl.CATCH: _catch,
    TableControl.SLAP: lambda session, player: Action(player, ActionType.SLAP),
    TableControl.NEXT: lambda session, player: Action(player, ActionType.NEXT_ROUND),
}


def _may_jump_in(session: Session, user_id: int) -> None:
    if session.player(user_id) is None:
        raise Refusal("error.not_in_game")
    if str(user_id) not in session.view().jumpers:
        raise Refusal("why.cannot_jump_in")


def _decides(session: Session, user_id: int) -> None:
    """Answer buttons on the table open the hand of the player the decision belongs to."""
    if session.player(user_id) is None:
        raise Refusal("error.not_in_game")
    if session.view().turn != str(user_id):
        raise Refusal("error.not_your_turn")


# Table buttons that open the clicker's hand once their check passes (My hand needs none
# beyond being seated, which opening the hand checks).
_OPENS_HAND: dict[TableControl, Callable[[Session, int], None] | None] = {
    TableControl.HAND: None, TableControl.JUMP: _may_jump_in, TableControl.STACK: _decides,
    TableControl.DEFLECT: _decides, TableControl.BOUNCE: _decides, TableControl.SWAP: _decides}
# With rules, watch and reclaim, these two cover every TableControl (tests/bot/test_control_ids.py).


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Play(bot))
