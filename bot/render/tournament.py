"""A tournament's boards as V2 messages (issue 31): the sign-up board, the standings, a round's
tables and the podium, whose picture `podium_picture` draws with Pillow."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.services.tournament_doc import TournamentDoc
from bot.tournament import Format, Standing

from .cards import font
from .events import escape_name
from .shown import Shown
from .standings import GOLD
from .text import NEUTRAL, tr

MEDALS = ("🥇", "🥈", "🥉")
# Names shown on a board; the rest are counted (a V2 message's text holds 4,000 characters,
# and bot/ui/layout.py cuts a longer one at a line).
LIST_LIMIT = 40


def when(moment: float) -> str:
    """A Discord timestamp: each reader sees it in their own time zone, counting down."""
    return f"<t:{int(moment)}:R>"


def _format(doc: TournamentDoc, locale: str) -> str:
    plan = doc.plan
    if plan.format is Format.SWISS:
        return tr(locale, "tournament.format_swiss", rounds=plan.rounds)
    return tr(locale, "tournament.format_elimination", advance=plan.advance)


def _settings(shown: Shown, doc: TournamentDoc, locale: str) -> None:
    shown.add(tr(locale, "tournament.format"), _format(doc, locale))
    shown.add(tr(locale, "tournament.tables"),
              tr(locale, "tournament.table_size", size=doc.plan.table_size))
    shown.add(tr(locale, "lobby.rules"), tr(locale, f"preset.{doc.preset}.name"))
    if doc.ai_fill:
        shown.add(tr(locale, "tournament.no_shows"), tr(locale, "tournament.ai_fill"))


def _names(doc: TournamentDoc, users: list[int], locale: str) -> str:
    shown = [escape_name(doc.name_of(u)) + (" ✅" if u in doc.checked_in else "")
             for u in users[:LIST_LIMIT]]
    if len(users) > LIST_LIMIT:
        shown.append(tr(locale, "tournament.and_more", count=len(users) - LIST_LIMIT))
    return "\n".join(shown) or tr(locale, "tournament.nobody")


def signup_board(doc: TournamentDoc, status: str) -> Shown:
    locale = doc.locale
    shown = Shown(title=tr(locale, "tournament.signup_title", name=escape_name(doc.name)),
                  colour=GOLD if status == "signup" else NEUTRAL)
    if status == "signup" and doc.checkin_ends is not None:
        shown.text = tr(locale, "tournament.checkin_open", when=when(doc.checkin_ends))
    elif status == "signup":
        shown.text = tr(locale, "tournament.signup_open", when=when(doc.starts_at))
    else:
        shown.text = tr(locale, f"tournament.board_{status}")
    _settings(shown, doc, locale)
    shown.add(tr(locale, "tournament.players", count=len(doc.signups)),
              _names(doc, doc.signups, locale))
    return shown


def _line(doc: TournamentDoc, s: Standing, locale: str) -> str:
    mark = MEDALS[s.rank - 1] if s.rank <= len(MEDALS) else f"{s.rank}."
    text = tr(locale, "tournament.standing", rank=mark, player=escape_name(doc.name_of(s.player)),
              points=s.points, buchholz=s.buchholz, uno=s.uno_points)
    if s.out_in_round is not None:
        text += " · " + tr(locale, "tournament.out_in", round=s.out_in_round)
    return text


def standings_board(doc: TournamentDoc, status: str) -> Shown:
    locale = doc.locale
    tournament = doc.tournament
    assert tournament is not None
    played = sum(1 for r in tournament.rounds if r.complete)
    title = ("tournament.final_title" if status == "finished"
             else "tournament.standings_title")
    standings = tournament.standings()
    shown = Shown(title=tr(locale, title, name=escape_name(doc.name), round=played), colour=GOLD,
                  text="\n".join(_line(doc, s, locale) for s in standings[:LIST_LIMIT]))
    if status in ("paused", "cancelled"):
        shown.add(tr(locale, "tournament.status"), tr(locale, f"tournament.board_{status}"))
    key = "tournament.legend_swiss" if doc.plan.format is Format.SWISS else \
        "tournament.legend_elimination"
    shown.footer = tr(locale, key)
    return shown


def pairings_board(doc: TournamentDoc, round_number: int) -> Shown:
    locale = doc.locale
    tournament = doc.tournament
    assert tournament is not None
    round_ = tournament.rounds[round_number - 1]
    lines = []
    for number, players in enumerate(round_.tables):
        table = doc.table(round_number, number)
        names = ", ".join(escape_name(doc.name_of(p)) for p in players)
        where = (f"<#{table.channel_id}>" if table is not None and table.thread
                 and table.channel_id is not None else tr(locale, "tournament.in_channel"))
        lines.append(tr(locale, "tournament.table_line", table=number + 1, players=names,
                        where=where))
    if round_.byes:
        lines.append(tr(locale, "tournament.bye_line",
                        players=", ".join(escape_name(doc.name_of(p)) for p in round_.byes)))
    return Shown(title=tr(locale, "tournament.pairings_title", name=escape_name(doc.name),
                          round=round_number), colour=GOLD, text="\n".join(lines))


def podium_board(doc: TournamentDoc) -> Shown:
    """The top three over the podium's picture (sent with it as `podium.png`)."""
    locale = doc.locale
    assert doc.tournament is not None
    top = doc.tournament.podium()
    return Shown(title=tr(locale, "tournament.podium_title", name=escape_name(doc.name)),
                 colour=GOLD, picture="attachment://podium.png",
                 text="\n".join(f"{MEDALS[i]} **{escape_name(doc.name_of(s.player))}**"
                                for i, s in enumerate(top)))


# Left to right: (standing, how much lower, colour): the 2nd, the 1st, the 3rd.
_STEPS = ((1, 0.35, (0xBD, 0xC3, 0xC7)), (0, 0.0, (0xF1, 0xC4, 0x0F)),
          (2, 0.55, (0xCD, 0x7F, 0x32)))


def podium_picture(names: list[str]) -> bytes:
    """Three steps, the winner's in the middle, each with its name (Cyrillic included)."""
    width, height, base = 720, 360, 320
    image = Image.new("RGB", (width, height), (0x2B, 0x2D, 0x31))
    draw = ImageDraw.Draw(image)
    step_w = width // 3
    for slot, (index, lower, colour) in enumerate(_STEPS):
        if index >= len(names):
            continue
        top = int(120 + lower * 160)
        left = slot * step_w + 10
        draw.rectangle((left, top, left + step_w - 20, base), fill=colour)
        draw.text((left + (step_w - 20) // 2, top + 20), str(index + 1), fill=(0x14, 0x14, 0x14),
                  font=font(48), anchor="mt")
        name = names[index] if len(names[index]) <= 14 else names[index][:13] + "…"
        draw.text((left + (step_w - 20) // 2, top - 12), name, fill=(255, 255, 255),
                  font=font(22), anchor="ms")
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
