"""The buttons under the table and under a hand, built from the engine's legal actions, so a
button is offered exactly when the rules allow its action.

Public table buttons stay valid for the whole game (they check the state when clicked); the
buttons of one decision (a card, a colour, a target, a challenge) carry the game version.
A decision that belongs to one player is also offered on the table, because the bot cannot open
a private message for a player who has not just clicked (docs/DISCORD-FACTS.md): its button
opens that player's hand and refuses everyone else.
"""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.engine import Action, ActionType, Card, PlayerView
from bot.render.faces import NO_FACES, Faces
from bot.render.hand import CARDS_PER_PAGE, distinct_cards, pages
from bot.render.pictures import card_numbers
from bot.render.text import (
    COLOR_MARKS,
    card_label,
    card_short,
    color_mark,
    color_name,
    name_of,
    tr,
)
from bot.services.session import Session

from .controls import DecisionControl, MatchControl, PageWay, TableControl
from .items import (
    ColorButton,
    Control,
    DecisionButton,
    MatchButton,
    PageButton,
    PickButton,
    PlayButton,
    TableButton,
    WhyButton,
)
from .layout import Controls

Style = discord.ButtonStyle
KEYCAPS = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟")

# Table buttons that open the deciding player's hand, by how their cards answer (H-4, H-11, N-1,
# N-2, N-4), and for a swap on a five (H-6).
ANSWER_BUTTONS = {"stack": TableControl.STACK, "deflect": TableControl.DEFLECT,
                  "deflect_skip": TableControl.DEFLECT, "bounce": TableControl.BOUNCE}


def _label(text: str) -> str:
    return text if len(text) <= 80 else text[:79] + "…"


def table_view(session: Session) -> Controls:
    """My hand, UNO!, Catch! (enabled while someone can be caught, C-5), Jump in (H-2), Slap!
    (H-8), the pending decision's buttons for the one player it belongs to, Next round; under a
    won match, Rematch and Rules."""
    lc, gid = session.locale, session.game_id
    view = Controls()
    public = session.view()
    if session.finished:  # the final table: a rematch of the same table, and its rules
        host = public.players.index(session.host) if session.host in public.players else 0
        for what, key, style in ((MatchControl.REMATCH, "button.rematch", Style.success),
                                 (MatchControl.RULES, "button.rules", Style.secondary)):
            view.add_item(MatchButton(what, gid, public.rules, session.turn_timer, host,
                                      label=tr(lc, key), style=style))
        return view
    if public.round_over:  # H-12: a round goes on after its winner is out
        view.add_item(TableButton(gid, TableControl.NEXT, label=tr(lc, "button.next_round"),
                                  style=Style.success, row=0))
        _reclaim(view, session)
        return view
    view.add_item(TableButton(gid, TableControl.HAND, label=tr(lc, "button.hand"),
                              style=Style.primary, row=0))
    view.add_item(TableButton(gid, TableControl.UNO, label=tr(lc, "button.uno"),
                              style=Style.danger, row=0))
    view.add_item(TableButton(gid, TableControl.CATCH, label=tr(lc, "button.catch"),
                              disabled=public.uno_owed is None, row=0))
    view.add_item(TableButton(gid, TableControl.RULES, label=tr(lc, "button.rules"), row=0))
    _reclaim(view, session)
    # Issue 18: anyone may follow the game in a live private view.
    view.add_item(TableButton(gid, TableControl.WATCH, label=tr(lc, "button.watch"), row=2))
    if public.rules.options.jump_in:
        # H-2, C-9: enabled whenever the rules allow a jump-in, not when someone holds the card
        # (that would tell the table who holds what); the button refuses those who cannot.
        view.add_item(TableButton(gid, TableControl.JUMP, label=tr(lc, "button.jump_in"),
                                  disabled=not public.jump_in_open, row=0))
    pending = public.pending
    if pending is not None and pending.kind == "slap":
        view.add_item(TableButton(gid, TableControl.SLAP, label=tr(lc, "button.slap"),
                                  style=Style.danger, row=1))
        return view
    waiting = public.turn
    if pending is not None and waiting is not None:
        legal = session.view(waiting).legal_actions
        for control in decision_controls(session, legal, lc, row=1,
                                         context=session.context(waiting)):
            view.add_item(control)
        for mode in answer_buttons(public):
            view.add_item(TableButton(gid, mode, label=tr(lc, f"button.{mode}"), row=1))
        if pending.kind == "swap":
            view.add_item(TableButton(gid, TableControl.SWAP, label=tr(lc, "button.swap"), row=1))
    return view


def _reclaim(view: Controls, session: Session) -> None:
    """Issue 19: while an AI plays someone's seat, they may take it back (between rounds too)."""
    if session.stand_ins:
        view.add_item(TableButton(session.game_id, TableControl.RECLAIM,
                                  label=tr(session.locale, "button.reclaim"), row=2))


def answer_buttons(public: PlayerView) -> list[TableControl]:
    """The answer buttons of a pending penalty: every answer the rules in force allow to it
    (H-4, H-11, N-1, N-2, N-4), whatever the deciding player holds. C-4: the wait reveals
    nothing about their hand, so the table's buttons may not either (the hand shows which of
    its cards answer)."""
    return list(dict.fromkeys(ANSWER_BUTTONS[mode] for mode in public.answer_modes))


def decision_controls(session: Session, legal: tuple[Action, ...], lc: str, *,
                      row: int, context: int) -> list[ColorButton | DecisionButton]:
    """Colour, Challenge and Accept buttons for the decision the legal actions allow (to the
    player whose context mark is `context`)."""
    gid, version = session.game_id, session.version
    kinds = {a.type for a in legal}
    controls: list[ColorButton | DecisionButton] = []
    if ActionType.COLOR in kinds:
        for color in dict.fromkeys(a.color for a in legal if a.type is ActionType.COLOR):
            assert color is not None
            controls.append(ColorButton(gid, version, color, row=row, context=context,
                                    label=f"{COLOR_MARKS.get(color, '')} {color_name(color, lc)}"))
    if ActionType.CHALLENGE in kinds:
        controls.append(DecisionButton(gid, version, DecisionControl.CHALLENGE,
                                       label=tr(lc, "button.challenge"),
                                       style=Style.danger, row=row, context=context))
    if ActionType.ACCEPT in kinds:
        controls.append(DecisionButton(gid, version, DecisionControl.ACCEPT,
                                       label=tr(lc, "button.accept"), row=row, context=context))
    return controls


def _choices(legal: tuple[Action, ...], card: Card, uno: bool) -> list[Action]:
    """The plays or swaps of one card (one per colour of a wild, per target of a 7 or a swap),
    with or without the UNO call. The engine lists a next-to-last card's plays with the call
    (C-5); playing it without the call is just as legal (and may be caught)."""
    return [replace(a, uno=uno) if a.type is ActionType.PLAY else a for a in legal
            if a.card is card and a.type in (ActionType.PLAY, ActionType.SWAP)]


def _choice_label(session: Session, action: Action, lc: str) -> str:
    if action.color is not None:
        return f"{COLOR_MARKS.get(action.color, '')} {color_name(action.color, lc)}"
    if action.target is not None:
        return _label(tr(lc, "button.to_player", player=name_of(session.names, action.target)))
    return _label(card_label(action.card, lc)) if action.card else "?"


def hand_view(session: Session, player: str, lc: str, *, page: int = 0,
              picking: Card | None = None, uno: bool = False,
              faces: Faces = NO_FACES, expiring: bool = False) -> Controls:
    """The hand's controls. A card's button wears its face (an application emoji, where
    `faces` has it) with the card's number in the picture in its label ("3 · Red 7"); without
    the face, the number's keycap and the card's colour mark and name. `expiring`: its token is
    about to expire, so it offers Refresh."""
    controls = _hand_controls(session, player, lc, page=page, picking=picking, uno=uno,
                              faces=faces)
    if expiring and len(controls) < 25:  # a full hand's buttons still renew it
        controls.add_item(PageButton(session.game_id, session.version, page, PageWay.REFRESH,
                                     label=tr(lc, "button.refresh"), style=Style.primary))
    return controls


def refresh_view(session: Session, lc: str) -> Controls:
    """Refresh alone: a hand that stopped updating shows the hand as it is now when pressed."""
    return Controls([PageButton(session.game_id, session.version, 0, PageWay.REFRESH,
                                label=tr(lc, "button.refresh"), style=Style.primary)])


def _hand_controls(session: Session, player: str, lc: str, *, page: int,
                   picking: Card | None, uno: bool, faces: Faces) -> Controls:
    """A choice of colour or player for one card, or else: the decision's buttons, the cards
    of this page, the turn's buttons (Draw, Pass, Slap) and the page buttons."""
    pview, context = session.view(player), session.context(player)
    if picking is not None:  # a card with several ways to play it: which colour, which player?
        return _pick_controls(session, pview, context, lc, picking=picking, uno=uno, page=page)
    view = Controls()
    decisions = decision_controls(session, pview.legal_actions, lc, row=0, context=context)
    for control in decisions:
        view.add_item(control)
    total = pages(pview.hand)
    page = min(max(page, 0), total - 1)
    first_row = 1 if decisions else 0
    buttons = _card_buttons(session, pview, context, lc, page=page, faces=faces)
    for index, button in enumerate(buttons[:(4 - first_row) * 5]):
        button.item.row = first_row + index // 5
        view.add_item(button)
    _turn_buttons(view, session, pview, context, lc)
    if total > 1:
        # The direction is part of the id: with two pages both buttons lead to the same page.
        gid, version = session.game_id, pview.version
        view.add_item(PageButton(gid, version, (page - 1) % total, PageWay.PREV, label="◀",
                                 row=4))
        view.add_item(PageButton(gid, version, (page + 1) % total, PageWay.NEXT, label="▶",
                                 row=4))
    return view


def _pick_controls(session: Session, pview: PlayerView, context: int, lc: str, *,
                   picking: Card, uno: bool, page: int) -> Controls:
    """The ways to play `picking` (a colour each, a player each) and Back to the hand."""
    gid = session.game_id
    view = Controls()
    for index, action in enumerate(_choices(pview.legal_actions, picking, uno)[:20]):
        view.add_item(PlayButton(gid, pview.version, action, row=index // 5, context=context,
                                 label=_choice_label(session, action, lc)))
    view.add_item(PageButton(gid, pview.version, page, PageWay.BACK,
                             label=tr(lc, "button.back"), row=4))
    return view


def _card_name(card: Card, lc: str, number: int | None, faces: Faces) -> str:
    """A card as its button names it, short for phones (issue 21): beside its face, the number
    it wears in the picture ("3 · Red 7"); without a face, its colour mark (the number is the
    button's keycap then)."""
    if faces.of(card) is None:
        return f"{color_mark(card)} {card_short(card, lc)}"
    return f"{number} · {card_short(card, lc)}" if number is not None else card_short(card, lc)


def _card_buttons(session: Session, pview: PlayerView, context: int, lc: str, *, page: int,
                  faces: Faces) -> list[Control]:
    """A button for each card of the page with its copies ("×2"), in the picture's order and
    with its numbers: green to play it (red to play it calling UNO!), grey to be told why it
    cannot be played now."""
    gid, version, legal = session.game_id, pview.version, pview.legal_actions
    playable: dict[Card, set[bool]] = {}
    for action in legal:
        if action.type in (ActionType.PLAY, ActionType.SWAP) and action.card is not None:
            playable.setdefault(action.card, set()).add(action.uno)
    numbers = card_numbers(pview.hand)
    buttons: list[Control] = []
    for card, count in distinct_cards(pview.hand)[page * CARDS_PER_PAGE:
                                                  (page + 1) * CARDS_PER_PAGE]:
        name = _card_name(card, lc, numbers.get(card), faces)
        label = _label(name + (f" ×{count}" if count > 1 else ""))
        calls = sorted({False} | playable[card]) if card in playable else []
        if not calls:  # shown, refused with the reason when pressed ("why can't I?")
            buttons.append(_wear_face(WhyButton(gid, version, card, label=label,
                                                context=context), card, numbers, faces))
        for call in calls:
            choices = _choices(legal, card, call)
            text = label if not call else _label(tr(lc, "button.play_uno", card=name))
            style = Style.danger if call else Style.success
            button: Control = (
                PlayButton(gid, version, choices[0], label=text, style=style, context=context)
                if len(choices) == 1 else
                PickButton(gid, version, card, call, page, label=text, style=style,
                           context=context))
            buttons.append(_wear_face(button, card, numbers, faces))
    return buttons


def _wear_face(button: Control, card: Card, numbers: dict[Card, int], faces: Faces) -> Control:
    """`button` with the card's face as its emoji, or else the keycap of the card's number in
    the picture (past ten, the card's name alone)."""
    face, number = faces.of(card), numbers.get(card)
    if face is not None:
        button.item.emoji = discord.PartialEmoji(name=face[0], id=face[1])
    elif number is not None and number <= len(KEYCAPS):
        button.item.emoji = KEYCAPS[number - 1]
    return button


def _turn_buttons(view: Controls, session: Session, pview: PlayerView, context: int,
                  lc: str) -> None:
    """Draw, Pass (Keep my cards, under a penalty), Slap!: what the rules allow this player."""
    gid = session.game_id
    kinds = {a.type for a in pview.legal_actions}
    if ActionType.DRAW in kinds:
        view.add_item(DecisionButton(gid, pview.version, DecisionControl.DRAW,
                                     label=tr(lc, "button.draw"), style=Style.primary, row=4,
                                     context=context))
    if ActionType.PASS in kinds:
        waits = pview.pending is not None and pview.pending.kind != "slap"  # a penalty's
        pass_key = "button.keep_cards" if waits else "button.pass"
        view.add_item(DecisionButton(gid, pview.version, DecisionControl.PASS,
                                     label=tr(lc, pass_key), row=4, context=context))
    if ActionType.SLAP in kinds:
        view.add_item(DecisionButton(gid, pview.version, DecisionControl.SLAP,
                                     label=tr(lc, "button.slap"), style=Style.danger, row=4,
                                     context=context))
