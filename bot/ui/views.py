"""The buttons under the table and under a hand, built from the engine's legal actions, so a
button is offered exactly when the rules allow its action."""

from __future__ import annotations

import discord

from bot.engine import Action, ActionType, Card, player_view
from bot.render.hand import CARDS_PER_PAGE, distinct_cards, pages
from bot.render.table import waiting_player
from bot.render.text import COLOR_MARKS, card_label, color_name, tr
from bot.services.session import Session

from .items import Control, TableButton

Style = discord.ButtonStyle


def _view() -> discord.ui.View:
    return discord.ui.View(timeout=None)


def _label(text: str) -> str:
    return text if len(text) <= 80 else text[:79] + "…"


def table_view(session: Session) -> discord.ui.View:
    """My hand, UNO!, Catch! (enabled while someone can be caught, C-5), the pending decision's
    buttons for the one player it belongs to (answering anyone else with a refusal), Next round."""
    game, lc, gid = session.game, session.locale, session.game_id
    view = _view()
    if session.finished:
        return view
    public = player_view(game, None)
    if public.round_winner is not None:
        view.add_item(TableButton(gid, "next", label=tr(lc, "button.next_round"),
                                  style=Style.success, row=0))
        return view
    view.add_item(TableButton(gid, "hand", label=tr(lc, "button.hand"), style=Style.primary,
                              row=0))
    view.add_item(TableButton(gid, "uno", label=tr(lc, "button.uno"), style=Style.danger,
                              row=0))
    view.add_item(TableButton(gid, "catch", label=tr(lc, "button.catch"),
                              disabled=public.uno_owed is None, row=0))
    waiting = waiting_player(session)
    if public.pending is not None and waiting is not None:
        legal = player_view(game, waiting).legal_actions
        for control in decision_controls(session, legal, lc, row=1):
            view.add_item(control)
    return view


def decision_controls(session: Session, legal: tuple[Action, ...], lc: str, *,
                      row: int) -> list[Control]:
    """Colour, Challenge and Accept buttons for the decision the legal actions allow."""
    gid, version = session.game_id, session.game.version
    kinds = {a.type for a in legal}
    controls = []
    if ActionType.COLOR in kinds:
        for color in dict.fromkeys(a.color for a in legal if a.type is ActionType.COLOR):
            assert color is not None
            controls.append(Control(gid, version, "color", color, row=row,
                                    label=f"{COLOR_MARKS.get(color, '')} {color_name(color, lc)}"))
    if ActionType.CHALLENGE in kinds:
        controls.append(Control(gid, version, "challenge", label=tr(lc, "button.challenge"),
                                style=Style.danger, row=row))
    if ActionType.ACCEPT in kinds:
        controls.append(Control(gid, version, "accept", label=tr(lc, "button.accept"), row=row))
    return controls


def hand_view(session: Session, player: str, lc: str, *, page: int = 0,
              picking: Card | None = None, uno: bool = False) -> discord.ui.View:
    game, gid = session.game, session.game_id
    pview = player_view(game, player)
    version = pview.version
    legal = pview.legal_actions
    view = _view()
    if picking is not None:  # a wild was chosen: which colour (and the UNO call with it)?
        colors = dict.fromkeys(a.color for a in legal if a.type is ActionType.PLAY
                               and a.card is picking and a.color is not None)
        for color in colors:
            assert color is not None
            view.add_item(Control(gid, version, "play", picking.code, color, "u" if uno else "-",
                                  label=f"{COLOR_MARKS.get(color, '')} {color_name(color, lc)}",
                                  row=0))
        view.add_item(Control(gid, version, "page", str(page), label=tr(lc, "button.back"),
                              row=1))
        return view
    decisions = decision_controls(session, legal, lc, row=0)
    for control in decisions:
        view.add_item(control)
    plays: dict[Card, set[bool]] = {}
    for action in legal:
        if action.type is ActionType.PLAY and action.card is not None:
            plays.setdefault(action.card, set()).add(action.uno)
    cards = distinct_cards(pview.hand)
    total = pages(pview.hand)
    page = min(max(page, 0), total - 1)
    first_row = 1 if decisions else 0
    shown = cards[page * CARDS_PER_PAGE:(page + 1) * CARDS_PER_PAGE]
    slots = (4 - first_row) * 5
    buttons: list[Control] = []
    for card, count in shown:
        playable = card in plays
        label = _label(card_label(card, lc) + (f" ×{count}" if count > 1 else ""))
        what = "wild" if card.color is None and playable else "play"
        buttons.append(Control(gid, version, what, card.code, "-", "-", label=label,
                               style=Style.success if playable else Style.secondary))
        if playable and True in plays[card] and len(buttons) < slots:
            buttons.append(Control(gid, version, what, card.code, "-", "u",
                                   label=_label(tr(lc, "button.play_uno",
                                                   card=card_label(card, lc))),
                                   style=Style.danger))
    for index, button in enumerate(buttons[:slots]):
        button.item.row = first_row + index // 5
        view.add_item(button)
    kinds = {a.type for a in legal}
    if ActionType.DRAW in kinds:
        view.add_item(Control(gid, version, "draw", label=tr(lc, "button.draw"),
                              style=Style.primary, row=4))
    if ActionType.PASS in kinds:
        view.add_item(Control(gid, version, "pass", label=tr(lc, "button.pass"), row=4))
    if total > 1:
        # The direction is part of the id: with two pages both buttons lead to the same page.
        view.add_item(Control(gid, version, "page", str((page - 1) % total), "prev", label="◀",
                              row=4))
        view.add_item(Control(gid, version, "page", str((page + 1) % total), "next", label="▶",
                              row=4))
    return view
