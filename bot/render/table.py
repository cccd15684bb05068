"""The public table's text, in the server's language, drawn as what is shown (a title, the state
line, sections, a footer: bot/render/shown.py) that bot/ui/layout.py lays out as the Components
V2 message the table is. It shows only what everyone may see (hand sizes, never cards in a
hand)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import KNOCKOUT_POINTS, Card, Event, Side
from bot.services.notes import Note
from bot.services.seats import is_ai
from bot.services.session import Session

from .events import describe_all, escape_name
from .faces import NO_FACES, Faces
from .shown import Section, Shown
from .text import EMBED_COLORS, NEUTRAL, card_label, card_name, color_name, name_of, tr

LOG_LINES = 10  # a deal's lines (the start cards passed over, the first draws) fit whole
# A V2 message holds 4000 characters of text in all (docs/DISCORD-FACTS.md); the layout adds the
# ping line, headings and bold section names to the text: this leaves room for them.
TEXT_LIMIT = 3700
# A section's text, cut at a line past this: the table's sections were embed fields once, and
# their lengths are kept (the log and the hands laid down read the same as before).
SECTION_LIMIT = 1024
# The name of a section that goes on from the one before it (a zero-width space, as the embed
# field it once was needed; its one character still counts in the room the hands laid down get).
MORE_TITLE = "\u200b"
BACKS_SHOWN = 8  # inactive faces listed per Flip hand (a section holds SECTION_LIMIT)


@dataclass(frozen=True, slots=True)
class TableText:
    content: str  # mentions the player the table waits for (and nobody else)
    shown: Shown
    mention: int | None


def waiting_player(session: Session) -> str | None:
    return session.view().turn


def render_table(session: Session, *, ended_by: str | None = None,
                 abandoned: bool = False, faces: Faces = NO_FACES) -> TableText:
    names, lc = session.names, session.locale
    view = session.view()
    waiting = view.turn
    title = tr(lc, "table.title", round=view.round)
    if view.match_winner is not None:
        title = tr(lc, "table.match_over", player=name_of(names, view.match_winner))
    shown = Shown(title=title, colour=EMBED_COLORS.get(view.color or "", NEUTRAL))
    lines = [tr(lc, "table.top", card=card_label(view.top, lc, faces))]
    if view.color is not None:
        lines.append(tr(lc, "table.color", color=color_name(view.color, lc)))
    lines.append(tr(lc, f"table.direction.{'clockwise' if view.direction == 1 else 'counter'}"))
    lines.append(tr(lc, "table.draw_pile", count=view.draw_pile))
    if len(view.sides) > 1:  # F-1, F-2: the side in play, and what the draw pile's top shows
        lines.append(tr(lc, f"table.side.{view.side}"))
        if view.draw_pile_inactive is not None:
            lines.append(tr(lc, "table.draw_pile_back",
                            card=card_label(view.draw_pile_inactive, lc)))
    if view.pending is not None:
        lines.append(_pending_line(session, lc))
    elif waiting is not None:
        lines.append(tr(lc, "table.turn", player=name_of(names, waiting)))
    if session.turn_deadline is not None and waiting is not None:
        lines.append(tr(lc, "table.deadline", seconds=session.turn_timer))
    shown.text = "\n".join(lines)
    shown.add(tr(lc, "table.players"), _players(session, waiting))
    if view.round_winner is not None:
        shown.add(tr(lc, "table.round_points"), _round_points(session))
    if view.round_over and not view.rules.options.lazy_scoring:  # H-7 keeps no totals
        final = view.match_winner is not None
        shown.add(tr(lc, "table.final_standings" if final else "table.totals"),
                  _standings(session))
    reveal_at = len(shown.sections)
    recent = _log_lines(session, faces)[-LOG_LINES:]
    if recent:
        shown.add(tr(lc, "table.recent"), _fit("\n".join(recent)))
    shown.footer = _rules_line(session)
    if view.round_over:  # C-8: every hand laid down, in the room the text has left
        room = TEXT_LIMIT - len(shown)
        shown.sections[reveal_at:reveal_at] = [
            Section(name, text) for name, text in _reveal(session, room, faces)]
    content = ""
    mention = None
    if ended_by is not None:
        content = tr(lc, "table.ended", player=escape_name(ended_by))
    elif abandoned:
        content = tr(lc, "table.abandoned")
    elif waiting is not None and (is_ai(waiting) or waiting in session.stand_ins):  # issue 19
        content = tr(lc, "table.ai_move", player=name_of(session.names, waiting))
    elif waiting is not None:
        mention = int(waiting)
        content = tr(lc, "table.your_move", mention=f"<@{waiting}>")
    return TableText(content, shown, mention)


def _pending_line(session: Session, lc: str) -> str:
    view = session.view()
    pending = view.pending
    assert pending is not None
    names = session.names
    # H-6: once the swap is offered, the table waits for its target, not for its giver.
    who = name_of(names, pending.target or pending.victim or pending.by)
    key = f"table.pending.{pending.kind}"
    if pending.minimum is not None:  # No Mercy: the running total and its lowest answer (M-6)
        key = "table.pending.draw_min"
    # A challenge names its card: Wild Draw Four (C-6), or Flip's Wild Draw Two / Colour (F-5,
    # F-6); it is the top card while the decision waits.
    return tr(lc, key, player=who, by=name_of(names, pending.by),
              count=pending.amount or 0, card=card_name(view.top, lc), min=pending.minimum)


def _players(session: Session, waiting: str | None) -> str:
    lc = session.locale
    view = session.view()
    called = set(view.uno_called)
    knocked_out = set(view.knocked_out)
    lines = []
    for seat, player in enumerate(view.players):
        name = name_of(session.names, player)
        if not view.active[seat]:
            lines.append(tr(lc, "table.player_left", player=name))
            continue
        if player in knocked_out:  # M-10: out of this round, dealt in again next round
            lines.append(tr(lc, "table.player_knocked_out", player=name,
                            points=view.scores[seat]))
            continue
        marks = []
        if player in called and view.hand_sizes[seat]:  # out: no UNO! mark left to show
            marks.append(tr(lc, "table.uno_mark"))
        if view.rules.options.seven_stages:  # H-13: the stage hand each player is on
            marks.append(tr(lc, "table.stage", count=view.stages[seat]))
        key = ("table.player_penalty" if view.rules.options.penalty_scoring
               else "table.player")
        line = tr(lc, key, player=name, count=view.hand_sizes[seat], points=view.scores[seat])
        if player in session.stand_ins:  # issue 19: an AI plays this seat for now
            marks.append("🤖")
        prefix = "▶ " if player == waiting else "• "
        lines.append(prefix + line + (" · " + " ".join(marks) if marks else ""))
        backs = view.others_inactive[seat]
        if backs:  # F-2: the table sees the inactive faces of every hand
            shown = ", ".join(card_label(c, lc) for c in backs[:BACKS_SHOWN])
            more = "…" if len(backs) > BACKS_SHOWN else ""
            lines.append(f"  ↳ {tr(lc, 'table.backs', cards=shown + more)}")
    return _fit("\n".join(lines))


def _fit(text: str, limit: int = 1024) -> str:
    """A section holds SECTION_LIMIT characters: cut at a line, never in the middle of one."""
    if len(text) <= limit:
        return text
    return text[:text.rfind("\n", 0, limit - 1)] + "\n…"


def _round_points(session: Session) -> str:
    view, lc = session.view(), session.locale
    lines = []
    for seat, player in enumerate(view.players):
        points = session.round_points.get(player, 0)
        if points:
            lines.append(tr(lc, "table.round_points_line", player=name_of(session.names, player),
                            count=points, total=view.scores[seat]))
    return "\n".join(lines) or tr(lc, "table.no_round_points")


def _standings(session: Session) -> str:
    """The match totals, best first (C-8: the highest; H-14: the lowest); equal totals share a
    place, and those who left (C-10) come last. At the match's end: the final standings."""
    view, lc = session.view(), session.locale
    penalty = view.rules.options.penalty_scoring
    sign = 1 if penalty else -1
    winner = view.players.index(view.match_winner) if view.match_winner is not None else None
    stayed = [s for s in range(len(view.players)) if view.active[s]]
    others = [s for s in stayed if s != winner]
    # As the match's record places them (services/results.py): the winner first (H-14's
    # tie-break may have chosen between equal totals), then by total.
    places = {s: (winner is not None) + 1 + sum(sign * view.scores[o] < sign * view.scores[s]
                                                 for o in others) for s in others}
    if winner is not None:
        places[winner] = 1
    key = "table.standing_line_penalty" if penalty else "table.standing_line"
    lines = [tr(lc, key, place=places[s], player=name_of(session.names, view.players[s]),
                count=view.scores[s]) for s in sorted(stayed, key=lambda s: (places[s], s))]
    for place, s in enumerate((s for s in range(len(view.players)) if not view.active[s]),
                              start=len(stayed) + 1):
        lines.append(tr(lc, "table.standing_left", place=place,
                        player=name_of(session.names, view.players[s])))
    return _fit("\n".join(lines))


def _reveal(session: Session, room: int, faces: Faces) -> list[tuple[str, str]]:
    """C-8: what every player still held when the round ended, each card with its points
    (C-8.2, F-9: the face up), as sections of at most SECTION_LIMIT characters that together
    take no more than `room`. A long hand is cut short (its total stays): the text's limit. Cards
    wear their faces' emoji as far as the room left allows, whole lines at a time (an emoji
    cut in half would show as garbage): the lines that gain least from them first."""
    view, lc = session.view(), session.locale
    lines: list[tuple[str, str]] = []  # (with faces, in text)
    knocked_out = set(view.knocked_out)
    scored = not view.rules.options.lazy_scoring
    for seat, hand in enumerate(view.revealed_hands):
        player = view.players[seat]
        if not view.active[seat]:
            continue  # C-10: their cards went under the deck
        name = name_of(session.names, player)
        if player in knocked_out:  # M-10.2, M-13.1: set aside, scored as a knockout
            out = (tr(lc, "table.reveal_knocked_out", player=name, count=KNOCKOUT_POINTS)
                   if scored else tr(lc, "table.reveal_knocked_out_unscored", player=name))
            lines.append((out, out))
            continue
        if not hand:
            out = tr(lc, "table.reveal_out", player=name)
            lines.append((out, out))
            continue
        # M-16.3: the last player standing wins holding cards, which score nothing.
        key = "table.reveal_winner" if player == view.round_winner else "table.reveal_line"
        total = sum(c.points for c in hand)
        rich, plain = (tr(lc, key, player=name, count=total,
                          cards=", ".join(f"{card_label(c, lc, f)} ({c.points})" for c in hand))
                       for f in (faces, NO_FACES))
        lines.append((rich, plain))
    if not lines:
        return []
    title = tr(lc, "table.revealed")
    room -= len(title) + len(lines) * (len(MORE_TITLE) + 2)  # the names of extra fields
    share = max(60, min(SECTION_LIMIT, room // len(lines)))
    fitted = [plain if len(plain) <= share else plain[:share - 1] + "…" for _, plain in lines]
    spare = room - sum(len(line) + 1 for line in fitted)  # + 1: the line breaks
    for i in sorted(range(len(lines)), key=lambda i: len(lines[i][0]) - len(lines[i][1])):
        rich, plain = lines[i]
        extra = len(rich) - len(plain)
        if fitted[i] == plain and len(rich) <= SECTION_LIMIT and extra <= spare:
            fitted[i], spare = rich, spare - extra
    fields: list[tuple[str, str]] = []
    for line in fitted:
        if fields and len(fields[-1][1]) + 1 + len(line) <= SECTION_LIMIT:
            fields[-1] = (fields[-1][0], fields[-1][1] + "\n" + line)
        else:
            fields.append((MORE_TITLE if fields else title, line))
    return fields


def _rules_line(session: Session) -> str:
    lc, rules = session.locale, session.view().rules
    preset = tr(lc, f"preset.{rules.preset}.name")
    timer = (tr(lc, "table.timer", seconds=session.turn_timer) if session.turn_timer
             else tr(lc, "table.timer_off"))
    options = rules.options
    # Scoring variants say how the match is won in their own terms (H-7, H-12, H-13, H-14).
    key = next((f"table.footer_{name}" for name in ("lazy_scoring", "penalty_scoring",
                                                    "seven_stages") if getattr(options, name)),
               "table.footer")
    line = tr(lc, key, preset=preset, target=options.target_score, timer=timer)
    if options.play_to_last:
        line += " · " + tr(lc, "table.footer_play_to_last")
    return line


def _log_lines(session: Session, faces: Faces) -> list[str]:
    """The recent events in words; runs of engine events are read together (one line for a
    draw of three cards), the bot's own notes in between."""
    lc, names = session.locale, session.names
    log = session.history()
    turned = iter(_faces_as_played(session, [e for e in log if isinstance(e, Event)]))
    lines: list[str] = []
    batch: list[Event] = []
    for entry in log:
        if isinstance(entry, Note):
            lines += describe_all(batch, names, viewer=None, locale=lc, faces=faces)
            batch = []
            lines.append(tr(lc, f"table.{entry.kind}", player=name_of(names, entry.by)))
        else:
            batch.append(next(turned))
    return lines + describe_all(batch, names, viewer=None, locale=lc, faces=faces)


def _faces_as_played(session: Session, events: list[Event]) -> list[Event]:
    """F-4: the kept log names a Flip card `light/dark`, which reads back light side up. Turn each
    card to the face that was up when its event happened: a round starts light (F-1), each Flip
    says the side it turned to, and the current round ends on the side now in play. (A cut-off
    earlier round with no Flip left in the log is left as read: its side is not kept.)"""
    view = session.view()
    if len(view.sides) == 1 or not any(e.type == "flipped" for e in events) and (
            view.side == "light"):
        return events
    starts = [i for i, e in enumerate(events) if e.type == "round_started"]
    bounds = list(zip([0, *starts], [*starts, len(events)], strict=True))
    out: list[Event] = []
    for first, stop in bounds:
        part = events[first:stop]
        flip = next((e for e in part if e.type == "flipped"), None)
        side: str | None = None
        if part and part[0].type == "round_started":
            side = "light"
        elif flip is not None:
            side = "light" if flip.reason == "dark" else "dark"  # before it, the other side
        elif stop == len(events):
            side = view.side  # the current round, with no Flip since the log began
        for event in part:
            if side == "dark":
                event = event._replace(
                    card=_dark_up(event.card) if event.card is not None else None,
                    cards=tuple(map(_dark_up, event.cards)) if event.cards is not None else None)
            if event.type == "flipped":
                side = event.reason
            out.append(event)
    return out


def _dark_up(card: Card) -> Card:
    return card.turned if card.side is Side.LIGHT else card  # a one-sided card stays
