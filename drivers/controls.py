"""What a button a virtual user sees does, read through the bot's own items (bot/ui/items.py):
the drivers never take a custom id apart by position, so an id's layout can change in one place."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.fake_discord.users import SeenMessage
from bot.ui.controls import DecisionControl, LobbyControl, TableControl
from bot.ui.items import (
    ColorButton,
    DecisionButton,
    LobbyButton,
    PickButton,
    PlayButton,
    TableButton,
    UnoItem,
    WhyButton,
    read_id,
)

Button = Mapping[str, Any]


def item_of(button: Button) -> UnoItem[Any] | None:
    """The bot's item behind a button as the user sees it (None: not one of its ids)."""
    return read_id(str(button.get("custom_id", "")))


def is_colour(button: Button) -> bool:
    return isinstance(item_of(button), ColorButton)


def is_play(button: Button) -> bool:
    """A card played (or swapped) as it is: no choice left to make."""
    return isinstance(item_of(button), PlayButton)


def is_pick(button: Button) -> bool:
    """A card with several ways to play it: the hand asks which."""
    return isinstance(item_of(button), PickButton)


def is_card(button: Button) -> bool:
    return isinstance(item_of(button), PlayButton | PickButton)


def decision(button: Button) -> DecisionControl | None:
    """Draw, pass, slap, challenge or accept (the decision button's word), else None."""
    item = item_of(button)
    return item.what if isinstance(item, DecisionButton) else None


def lobby_control(button: Button) -> LobbyControl | None:
    item = item_of(button)
    return item.what if isinstance(item, LobbyButton) else None


def table_control(button: Button) -> TableControl | None:
    item = item_of(button)
    return item.what if isinstance(item, TableButton) else None


def game_of(button: Button) -> str | None:
    """The game a table button belongs to."""
    item = item_of(button)
    return item.game_id if isinstance(item, TableButton) else None


def lobby_button(message: SeenMessage, what: LobbyControl) -> dict[str, Any] | None:
    """The enabled lobby button of `message` that does `what`."""
    return next((b for b in message.buttons()
                 if not b.get("disabled") and lobby_control(b) is what), None)


def table_button(message: SeenMessage, what: TableControl) -> dict[str, Any] | None:
    """The enabled table button of `message` that does `what`."""
    return next((b for b in message.buttons()
                 if not b.get("disabled") and table_control(b) is what), None)


def hand_only(button: Button) -> bool:
    """A control only a private hand may show (a card button elsewhere would show the hand)."""
    item = item_of(button)
    return item is not None and item.hand_only


def choices_in_order(hand: SeenMessage) -> list[list[dict[str, Any]]]:
    """A hand's enabled controls as a player picks among them: a colour to name, a decision to
    answer, a playable card (green, or red with the UNO call), else pass, else draw."""
    buttons = [b for b in hand.buttons() if not b.get("disabled")]
    return [[b for b in buttons if is_colour(b)],
            [b for b in buttons if decision(b) in (DecisionControl.CHALLENGE,
                                                    DecisionControl.ACCEPT, DecisionControl.SLAP)],
            [b for b in buttons if b.get("style") in (3, 4) and is_card(b)],
            [b for b in buttons if decision(b) is DecisionControl.PASS],
            [b for b in buttons if decision(b) is DecisionControl.DRAW]]


def kind(button: Button) -> str:
    """What a hand's control does, in a word for counting: "card" (played at once), "pick"
    (asks which way first), "color", a decision's word (draw, pass, ...), else ""."""
    item = item_of(button)
    if isinstance(item, PlayButton):
        return "card"
    if isinstance(item, PickButton):
        return "pick"
    if isinstance(item, ColorButton):
        return "color"
    return item.what if isinstance(item, DecisionButton) else ""


def stamp(button: Button) -> tuple[int, int | None] | None:
    """A decision control's game version and context mark (None: not such a control, or
    an id without the mark)."""
    item = item_of(button)
    if isinstance(item, PlayButton | DecisionButton | ColorButton | PickButton | WhyButton):
        return item.version, item.context
    return None
