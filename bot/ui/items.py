"""The bot's buttons, as dynamic items: everything a click needs is in its `custom_id`, so a
button works after a restart without any stored view (docs/DISCORD-FACTS.md). Each class builds
its id and parses it back with one template (discord.py's `dynamic_counter` example), strictly:
ASCII digits only, every part present. An id that no template reads is answered by the bot's
interaction listener (`unread_click`), never left silent.

- `uno:l:<what>:<channel>` lobby buttons (join, leave, start, add_ai, remove_ai; `ai_<level>`
  and `unseat_<AI seat>` on the host's pickers); `uno:r:<group>:<channel>` the host's rules
  editor;
- `uno:m:<what>:<game>:<rules>:<timer>:<host seat>` Rematch and Rules under a won match's table;
- `uno:t:<game>:<what>` table buttons: valid for the whole game, they check the state when
  clicked, so merged table edits never make a fair click look stale;
- `uno:c:<game>:<version>[.<context>]:<what>[:<args>]` controls tied to one decision (a card, a
  colour, a challenge): a click on one drawn for an older version of the game is applied only
  while the player's decision context is the one it was drawn in (`Session.context`: the
  version at which it last changed), and the action is legal now; an id without the context
  (of an older release) acts at its own version only.

Only these classes read an id: others (tests, the playground, benchmarks) call `read_id`, or an
item's `parse`, and look at the typed fields; they build an id by building the item.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterable
from typing import Any, Self, TypeVar, cast

import discord

from bot.engine import Action, ActionType, Card, CardParseError, RuleSet, card
from bot.interactions import Interaction
from bot.services.errors import Refusal
from bot.services.session import Session
from bot.storage import AI_LEVELS

from .answers import Expired
from .context import handlers, wiring_of
from .controls import (
    DecisionControl,
    LobbyControl,
    MatchControl,
    PageWay,
    TableControl,
)
from .replies import apologise, refuse
from .rules_code import RULES_PATTERN, read_rules, rules_code

log = logging.getLogger(__name__)

Style = discord.ButtonStyle
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])

_GAME = r"(?P<game>[0-9a-f]{1,16})"
_CONTROL = r"uno:c:" + _GAME + r":(?P<version>[0-9]{1,9})(?:\.(?P<context>[0-9]{1,9}))?:"
_CARD = r"[0-9A-Z+/]{1,16}"
_COLOR = r"[A-Z]"
_PAGE = r"[0-9]{1,3}"
_NEVER = r"(?!)"


class UnoItem(discord.ui.DynamicItem[ItemT], template=_NEVER):
    """The base of every button and select: parses its id through `from_match`, and answers
    whatever goes wrong. discord.py only logs an exception raised while reading an id or in a
    callback; here the user always gets an answer (a refusal, or a short apology)."""

    readable: bool = True  # False for an id that matched a template but could not be read
    stale: str = "error.stale_button"  # what an unreadable id of this class is answered
    # A control that only a private hand shows: Discord delivers only ids that are on the
    # clicked message, but the bot checks rather than trusts it.
    hand_only: bool = False

    def __init_subclass__(cls, *, template: str) -> None:
        super().__init_subclass__(template=template)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    @classmethod
    def parse(cls, custom_id: str) -> Self | None:
        """The item `custom_id` names, if this class's template reads it (else None); raises
        ValueError on an id the template matches but that cannot be read."""
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        return cls.from_match(match) if match is not None else None

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str], /) -> Self:
        try:
            return cls.from_match(match)
        except Exception:
            log.warning("unreadable %s id %r", cls.__name__, match.string, exc_info=True)
            unreadable = cls.__new__(cls)
            discord.ui.DynamicItem.__init__(unreadable, cast(ItemT, item))
            unreadable.readable = False
            return unreadable

    async def callback(self, interaction: Interaction) -> None:
        try:
            if not self.readable or self.hand_only and not on_a_hand(interaction):
                raise Refusal("error.stale_button" if self.readable else self.stale)
            wiring = wiring_of(interaction)
            with wiring.under_way.one() if wiring else contextlib.nullcontext():
                await self.run(interaction)  # a clean stop lets it finish
        except Refusal as refusal:
            await refuse(interaction, refusal)
        except Expired as expired:  # the answer came too late for Discord to take it
            log.warning("%s: answer dropped (%s)", self.custom_id, expired)
        except discord.HTTPException as exc:  # Discord refused a request: not a bug of ours
            log.warning("%s: Discord refused a request: %s", self.custom_id, exc)
            await apologise(interaction)
        except Exception:
            wiring = wiring_of(interaction)
            if wiring is not None and wiring.closed():  # shutting down mid-answer: no bug
                log.info("%s: not answered, the bot is closing", self.custom_id)
                return
            log.exception("the %s control %s failed", type(self).__name__, self.custom_id)
            await apologise(interaction)

    async def run(self, interaction: Interaction) -> None:
        raise NotImplementedError


def unread_click(interaction: Interaction,
                 items: Iterable[type[discord.ui.DynamicItem[Any]]]) -> bool:
    """Whether a component click carries one of this bot's ids that none of `items` reads: an
    id of an older release, or one damaged on the way. Such a click is answered as out of date."""
    if interaction.type is not discord.InteractionType.component:
        return False
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or not custom_id.startswith("uno:"):
        return False
    return not any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


def on_a_hand(interaction: Interaction) -> bool:
    """Whether the click came from a private message: an ephemeral one (a hand), or one in
    the player's DM with the bot, which nobody else sees (a solo game's: issue 30)."""
    message = interaction.message
    return message is not None and (message.flags.ephemeral
                                    or interaction.context.dm_channel is True)


def _stamp(version: int, context: int | None) -> str:
    """The version part of a control's id: the game version, and the context mark beside it."""
    return str(version) if context is None else f"{version}.{context}"


def _context(match: re.Match[str]) -> int | None:
    return int(match["context"]) if match["context"] is not None else None


def _card(code: str) -> Card:
    try:
        return card(code)
    except CardParseError as exc:
        raise ValueError(code) from exc


Button = discord.ui.Button[Any]


# -- the lobby


_LOBBY_PLAIN = (LobbyControl.JOIN, LobbyControl.LEAVE, LobbyControl.START, LobbyControl.ADD_AI,
                LobbyControl.REMOVE_AI)


class LobbyButton(UnoItem[Button], template=r"uno:l:(?:(?P<what>" + "|".join(_LOBBY_PLAIN)
                  + r")|ai_(?P<level>" + "|".join(AI_LEVELS) + r")|unseat_(?P<seat>[0-9]{2,3})):"
                  r"(?P<channel>[0-9]{1,20})"):
    """A lobby's buttons, and those of the host's Add AI and Remove AI pickers. `level` is set
    for AI_LEVEL, `ai_user` (the AI's lobby id, negative: bot/services/seats.py) for UNSEAT."""

    def __init__(self, what: LobbyControl, channel_id: int, *, level: str | None = None,
                 ai_user: int | None = None, label: str = "",
                 style: Style = Style.secondary) -> None:
        if (what is LobbyControl.AI_LEVEL) != (level in AI_LEVELS) or (
                (what is LobbyControl.UNSEAT) != (ai_user is not None and ai_user < 0)):
            raise ValueError(f"{what}: level {level!r}, AI {ai_user!r}")
        part = (f"ai_{level}" if what is LobbyControl.AI_LEVEL
                else f"unseat_{-(ai_user or 0)}" if what is LobbyControl.UNSEAT else what.value)
        super().__init__(discord.ui.Button(label=label or part, style=style,
                                           custom_id=f"uno:l:{part}:{channel_id}"))
        self.what, self.channel_id, self.level, self.ai_user = what, channel_id, level, ai_user

    @classmethod
    def from_match(cls, match: re.Match[str]) -> LobbyButton:
        channel = int(match["channel"])
        if match["level"] is not None:
            return cls(LobbyControl.AI_LEVEL, channel, level=match["level"])
        if match["seat"] is not None:
            return cls(LobbyControl.UNSEAT, channel, ai_user=-int(match["seat"]))
        return cls(LobbyControl(match["what"]), channel)

    async def run(self, interaction: Interaction) -> None:
        lobby = handlers(interaction).lobby
        if self.what is LobbyControl.AI_LEVEL and self.level is not None:
            await lobby.add_ai(interaction, self.channel_id, self.level)
        elif self.what is LobbyControl.UNSEAT and self.ai_user is not None:
            await lobby.remove_ai(interaction, self.channel_id, self.ai_user)
        else:
            await lobby.lobby_button(interaction, self.what, self.channel_id)


class RulesSelect(UnoItem[discord.ui.Select[Any]],
                  template=r"uno:r:(?P<group>[a-z]{1,12}):(?P<channel>[0-9]{1,20})"):
    """The host's rules editor in the lobby: one select per group of options."""

    def __init__(self, group: str, channel_id: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 min_values: int = 0, max_values: int = 1, row: int | None = None) -> None:
        options = options or [discord.SelectOption(label=group, value=group)]
        super().__init__(discord.ui.Select(
            custom_id=f"uno:r:{group}:{channel_id}", options=options, placeholder=placeholder,
            min_values=min_values, max_values=max_values, row=row))
        self.group, self.channel_id = group, channel_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RulesSelect:
        return cls(match["group"], int(match["channel"]))

    async def run(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await handlers(interaction).lobby.rules_select(interaction, self.group,
                                                             self.channel_id, values)


# -- the table

class TableButton(UnoItem[Button], template=r"uno:t:" + _GAME + r":(?P<what>"
                                            + "|".join(TableControl) + ")"):
    def __init__(self, game_id: str, what: TableControl, *, label: str = "",
                 style: Style = Style.secondary, disabled: bool = False,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style, disabled=disabled,
                                           custom_id=f"uno:t:{game_id}:{what}", row=row))
        self.game_id, self.what = game_id, what

    @classmethod
    def from_match(cls, match: re.Match[str]) -> TableButton:
        return cls(match["game"], TableControl(match["what"]))

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).play.table_button(interaction, self.game_id,
                                                            self.what)


# -- the final table: a rematch, and the rules the match was played by


class MatchButton(UnoItem[Button],
                  template=r"uno:m:(?P<what>" + "|".join(MatchControl) + "):" + _GAME + ":"
                  + RULES_PATTERN
                  + r":(?P<timer>[0-9]{1,3}):(?P<host>[0-9]{1,2})"):
    """Rematch and Rules under a won match's table. Everything they need is in the id: the
    rules, the turn timer and the host's seat; the players are the match's record."""

    def __init__(self, what: MatchControl, game_id: str, rules: RuleSet, turn_timer: int,
                 host_seat: int, *, label: str = "", style: Style = Style.secondary) -> None:
        custom_id = (f"uno:m:{what}:{game_id}:{rules_code(rules)}:{turn_timer}:{host_seat}")
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=custom_id))
        self.what, self.game_id, self.rules = what, game_id, rules
        self.turn_timer, self.host_seat = turn_timer, host_seat

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MatchButton:
        return cls(MatchControl(match["what"]), match["game"], read_rules(match),
                   int(match["timer"]), int(match["host"]))

    async def run(self, interaction: Interaction) -> None:
        if on_a_hand(interaction):
            raise Refusal("error.stale_button")
        if self.what is MatchControl.RULES:
            await handlers(interaction).play.match_rules(interaction, self.rules)
            return
        await handlers(interaction).lobby.rematch(
            interaction, self.game_id, self.rules, self.turn_timer, self.host_seat)


# -- controls of one decision (on a hand, or on the table for the player who decides)


class PlayButton(UnoItem[Button],
                 template=_CONTROL + r"act:(?P<kind>play|swap):(?P<card>" + _CARD + r"):"
                 r"(?P<color>" + _COLOR + r"|-):(?P<uno>u|-):"
                 r"(?P<target>[0-9]{1,20}|ai:[0-9]{2,3}|-)"):
    """One way to play (or, H-6, swap) one card: the colour of a wild, the target of a 7, the
    UNO call made with it. A target is a person's Discord id or an AI seat (`ai:12`, issue 19:
    without it a hand that could swap with an AI failed to show)."""

    hand_only = True

    def __init__(self, game_id: str, version: int, action: Action, *, label: str = "",
                 style: Style = Style.secondary, row: int | None = None,
                 context: int | None = None) -> None:
        assert action.card is not None and action.type in (ActionType.PLAY, ActionType.SWAP)
        custom_id = ":".join(("uno", "c", game_id, _stamp(version, context), "act",
                              action.type.value,
                              action.card.code, action.color or "-", "u" if action.uno else "-",
                              action.target or "-"))
        super().__init__(discord.ui.Button(label=label or action.card.code, style=style,
                                           custom_id=custom_id, row=row))
        self.game_id, self.version, self.action = game_id, version, action
        self.context = context

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PlayButton:
        kind = ActionType.SWAP if match["kind"] == "swap" else ActionType.PLAY
        color = None if match["color"] == "-" else match["color"]
        target = None if match["target"] == "-" else match["target"]
        action = Action("", kind, _card(match["card"]), color, target, match["uno"] == "u")
        return cls(match["game"], int(match["version"]), action, context=_context(match))

    async def run(self, interaction: Interaction) -> None:
        wanted = self.action

        def build(_: Session, player: str) -> Action:
            return Action(player, wanted.type, wanted.card, wanted.color, wanted.target,
                          wanted.uno)

        await handlers(interaction).play.act(interaction, self.game_id, self.version,
                                                   build, self.context)


_DECISION_ACTIONS = {DecisionControl.DRAW: ActionType.DRAW, DecisionControl.PASS: ActionType.PASS,
                     DecisionControl.SLAP: ActionType.SLAP,
                     DecisionControl.CHALLENGE: ActionType.CHALLENGE,
                     DecisionControl.ACCEPT: ActionType.ACCEPT}


class DecisionButton(UnoItem[Button],
                     template=_CONTROL + r"(?P<what>" + "|".join(DecisionControl) + ")"):
    """Draw, Pass (or keep the cards), Slap, Challenge, Accept. Challenge and Accept are also
    on the table, for the player the decision belongs to; the others only on a hand."""

    def __init__(self, game_id: str, version: int, what: DecisionControl, *, label: str = "",
                 style: Style = Style.secondary, row: int | None = None,
                 context: int | None = None) -> None:
        custom_id = f"uno:c:{game_id}:{_stamp(version, context)}:{what}"
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=custom_id, row=row))
        self.game_id, self.version, self.what = game_id, version, what
        self.context = context

    @classmethod
    def from_match(cls, match: re.Match[str]) -> DecisionButton:
        return cls(match["game"], int(match["version"]), DecisionControl(match["what"]),
                   context=_context(match))

    @property
    def hand_only(self) -> bool:  # type: ignore[override]
        return self.what.hand_only

    async def run(self, interaction: Interaction) -> None:
        kind = _DECISION_ACTIONS[self.what]
        await handlers(interaction).play.act(
            interaction, self.game_id, self.version, lambda _, player: Action(player, kind),
            self.context)


class ColorButton(UnoItem[Button], template=_CONTROL + r"color:(?P<color>" + _COLOR + ")"):
    """The colour named after a wild (C-3), when it is chosen after the play."""

    def __init__(self, game_id: str, version: int, color: str, *, label: str = "",
                 style: Style = Style.secondary, row: int | None = None,
                 context: int | None = None) -> None:
        custom_id = f"uno:c:{game_id}:{_stamp(version, context)}:color:{color}"
        super().__init__(discord.ui.Button(label=label or color, style=style,
                                           custom_id=custom_id, row=row))
        self.game_id, self.version, self.color = game_id, version, color
        self.context = context

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ColorButton:
        return cls(match["game"], int(match["version"]), match["color"],
                   context=_context(match))

    async def run(self, interaction: Interaction) -> None:
        color = self.color
        await handlers(interaction).play.act(
            interaction, self.game_id, self.version,
            lambda _, player: Action(player, ActionType.COLOR, color=color), self.context)


class PickButton(UnoItem[Button],
                 template=_CONTROL + r"pick:(?P<card>" + _CARD + r"):(?P<uno>u|-):"
                 r"(?P<page>" + _PAGE + ")"):
    """A card with several ways to play it: the hand then asks which colour or player."""

    hand_only = True

    def __init__(self, game_id: str, version: int, card: Card, uno: bool, page: int, *,
                 label: str = "", style: Style = Style.secondary,
                 context: int | None = None) -> None:
        custom_id = (f"uno:c:{game_id}:{_stamp(version, context)}:pick:{card.code}:"
                     f"{'u' if uno else '-'}:{page}")
        super().__init__(discord.ui.Button(label=label or card.code, style=style,
                                           custom_id=custom_id))
        self.game_id, self.version, self.card, self.uno, self.page = (game_id, version, card,
                                                                      uno, page)
        self.context = context

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PickButton:
        return cls(match["game"], int(match["version"]), _card(match["card"]),
                   match["uno"] == "u", int(match["page"]), context=_context(match))

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).play.pick(interaction, self.game_id, self.version,
                                                    self.card, self.uno, self.page,
                                                    self.context)


class PageButton(UnoItem[Button],
                 template=_CONTROL + r"page:(?P<page>" + _PAGE
                 + r"):(?P<way>" + "|".join(PageWay) + ")"):
    """◀ ▶ through a long hand, Back from a card's choices, and Refresh on a hand whose token
    is about to expire (its click renews it: bot/outlets/live_hands.py). The direction is part of
    the id: with two pages both arrows lead to the same page, and Discord refuses equal ids."""

    hand_only = True

    def __init__(self, game_id: str, version: int, page: int, way: PageWay, *,
                 label: str = "", row: int | None = None, style: Style = Style.secondary) -> None:
        custom_id = f"uno:c:{game_id}:{version}:page:{page}:{way}"
        super().__init__(discord.ui.Button(label=label or way, custom_id=custom_id, row=row,
                                           style=style))
        self.game_id, self.page, self.way = game_id, page, way

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageButton:
        return cls(match["game"], int(match["version"]), int(match["page"]),
                   PageWay(match["way"]))

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).play.page(interaction, self.game_id, self.page)


class WhyButton(UnoItem[Button], template=_CONTROL + r"why:(?P<card>" + _CARD + ")"):
    """A card that cannot be played now: pressing it says why."""

    hand_only = True

    def __init__(self, game_id: str, version: int, card: Card, *, label: str = "",
                 context: int | None = None) -> None:
        custom_id = f"uno:c:{game_id}:{_stamp(version, context)}:why:{card.code}"
        super().__init__(discord.ui.Button(label=label or card.code, custom_id=custom_id))
        self.game_id, self.version, self.card = game_id, version, card
        self.context = context

    @classmethod
    def from_match(cls, match: re.Match[str]) -> WhyButton:
        return cls(match["game"], int(match["version"]), _card(match["card"]),
                   context=_context(match))

    async def run(self, interaction: Interaction) -> None:
        await handlers(interaction).play.why(interaction, self.game_id, self.version,
                                                   self.card, self.context)


def read_id(custom_id: str) -> UnoItem[Any] | None:
    """The item of this module whose template reads `custom_id`, parsed by it (None: none reads
    it); the one way code outside the items reads an id."""
    for item in DYNAMIC_ITEMS:
        if (found := item.parse(custom_id)) is not None:
            return found
    return None


Control = PlayButton | DecisionButton | ColorButton | PickButton | PageButton | WhyButton
DYNAMIC_ITEMS = (LobbyButton, RulesSelect, TableButton, MatchButton, PlayButton, DecisionButton,
                 ColorButton, PickButton, PageButton, WhyButton)
