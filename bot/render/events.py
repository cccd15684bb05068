"""Engine events as sentences for the table log, in the reader's language.

The engine writes events as the all-seeing referee (bot/engine/events.py); this module turns them
into the lines a given reader may see. Every word comes from the locale files (`event.*` for the
table, `you.*` for a player's own private cards); Python only picks the key and fills it in.

What a reader may learn is decided by `Event.visible_to` alone, never here: a sentence is built
from the event *as the reader sees it*, so a hidden card cannot leak into the text, and a
reader who may see the cards of a private event gets the second-person `you.*` sentence that
lists them ("You drew Red 7.").

Lines that are not worth showing (`describe` returns None):

- `dealt` to anyone but its receiver: the deal is 7 cards each by the rules, `round_started`
  already names the dealer, and 7 lines per player would bury the log. The receiver gets one
  "Your hand: ..." line (one per card from `describe`, one per player from `describe_all`).
- `swap_received` to anyone but its receiver: the card is hidden and `swapped` has already told
  the table that two players swapped a card.

`describe_all` reads a batch (the events of one action) as a whole, so the log says what a
person would say rather than one line per engine step:

- each player's dealt cards, and a run of draws by one player for one reason (a reshuffle may
  fall inside it), become one line ("Ann drew 3 cards.", "You drew Red 7, Wild.");
- a draw whose count was just announced (a false UNO call, a catch, a lost slap, a broken
  silence, a cleared stage, an accepted penalty) is not repeated to the table; the announcement
  states the number of cards really drawn. The drawer still sees which cards they got;
- a skip right after the skipped player's draw becomes "drew 2 cards and was skipped", after an
  accepted penalty it goes unsaid (taking a penalty is losing the turn), and an accepted Skip is
  said as such.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from bot.engine import Card, Event
from bot.i18n.translator import Translator, get_translator

from .faces import NO_FACES, Faces

__all__ = ["describe", "describe_all", "escape_name"]

# A line that also tells a skip folded into it (the renderer's own words, kept beside the
# engine's event rather than written into it):
SKIPPED = "skipped"  # a `drew` whose drawer also lost their turn ("drew_and_skipped")
SKIP = "skip"  # an `accepted` penalty that was a Skip ("accepted_skip")
_FOLDED = {("drew", SKIPPED): "drew_and_skipped", ("accepted", SKIP): "accepted_skip"}

# Private events whose cards their owner reads in the second person (`you.<type>`); the owner
# is whoever `Event.visible_to` shows the cards to.
_OWN_SENTENCES = frozenset({"dealt", "drew", "swap_offered", "swap_received", "hand_shown"})
# Private events with no public line once their cards are hidden (see the module docstring).
_SILENT_WHEN_HIDDEN = frozenset({"dealt", "swap_received"})

# Keys chosen by (type, reason) instead of the type alone.
_VARIANTS = {
    ("played", "jump_in"): "jumped_in",
    ("color_chosen", "left"): "color_chosen_left",
    ("color_chosen", "knocked_out"): "color_chosen_knocked_out",  # M-16.1
    ("round_won", "knockout"): "round_won_knockout",  # M-12.2
    ("challenged", "guilty"): "challenged_guilty",
    ("challenged", "innocent"): "challenged_innocent",
    ("round_won", "forfeit"): "round_won_forfeit",
    ("match_won", "forfeit"): "match_won_forfeit",
    ("passed", "nothing_to_draw"): "passed_nothing_to_draw",
}

# The cards these calls make someone draw by the rules (C-5.4, C-5, H-8, H-5). The events do not
# carry the number; `describe_all` uses the cards really drawn, this is for a lone event (and
# for the start of a silence, which is announced before anyone breaks it).
_RULE_DRAWS = {"false_uno": 4, "caught": 2, "slap_lost": 2, "silence_started": 2,
               "silence_broken": 2}

# Events that announce a draw with its count: whose draw follows ("by" or "target") and the
# reason the engine gives that draw.
_ANNOUNCED_DRAWS = {
    "false_uno": ("by", "false_uno"),
    "caught": ("target", "caught"),
    "slap_lost": ("by", "slap"),
    "silence_broken": ("by", "silence"),
    "stage_cleared": ("by", "stage"),
    "accepted": ("by", "penalty"),
}

# Discord markdown that a name could use to format (or link, or mention in) the table's text.
# The backslash comes first: a name ending in one would otherwise undo the escape after it.
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]<])")


# Direction overrides and isolates, marks and zero-width spaces: in a name they can reverse or
# hide the text around it on the table. The zero-width joiner stays: emoji sequences need it.
_INVISIBLE = re.compile("[\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064"
                        "\u2066-\u2069\ufeff]")


def clean_name(name: str) -> str:
    """A name without the characters that rearrange or hide the text around it."""
    return _INVISIBLE.sub("", name).strip() or "?"


def escape_name(name: str) -> str:
    """A player's name made inert in Discord markdown: each formatting character gets a
    backslash, which Discord shows as nothing, so "**Ann**" reads as typed and bolds nothing;
    and cleaned of direction overrides and zero-width characters (`clean_name`).

    Covers emphasis, strike, code, spoilers, quotes, headings, masked links and `<@...>` style
    mentions; pings themselves are the sender's job (`allowed_mentions`).
    """
    return _MARKDOWN.sub(r"\\\1", clean_name(name))


def describe(event: Event, names: Mapping[str, str], *, viewer: str | None, locale: str,
             translator: Translator | None = None) -> str | None:
    """The sentence for `event` as `viewer` (a player id, or None for the public table) may see
    it, in `locale`; None for the few events not worth a line (see the module docstring).

    `names` maps player ids to display names (an id without one, or with an empty one, is
    shown as is).
    `translator` is for tests (a strict one); the bot's shared translator by default.
    """
    return _describe(event, None, names, viewer=viewer, locale=locale, translator=translator)


# Sentences already written: the table's log says its last lines again at every move (issue 29:
# one table edit per move), so each line is written once. Keyed by the event as its reader sees
# it, the fold, the language and the names it shows; the faces and the translator are checked by
# identity (kept beside the line, so an id is never another object's).
_SAID: dict[tuple[object, ...], tuple[Faces, Translator, str | None]] = {}
SAID_KEPT = 8192  # sentences kept; past that the memo starts over


def _describe(event: Event, folded: str | None, names: Mapping[str, str], *,
              viewer: str | None, locale: str, translator: Translator | None,
              faces: Faces = NO_FACES) -> str | None:
    tr = translator or get_translator()
    seen = event.visible_to(viewer)
    said = (seen, folded, locale, id(faces), id(tr),
            None if seen.by is None else names.get(seen.by),
            None if seen.target is None else names.get(seen.target))
    kept = _SAID.get(said)
    if kept is not None and kept[0] is faces and kept[1] is tr:
        return kept[2]
    line = _sentence(seen, folded, names, tr, locale, faces)
    if len(_SAID) >= SAID_KEPT:
        _SAID.clear()
    _SAID[said] = (faces, tr, line)
    return line


def _sentence(seen: Event, folded: str | None, names: Mapping[str, str], tr: Translator,
              locale: str, faces: Faces) -> str | None:
    key = _key(seen, folded)
    if key is None:
        return None
    return tr.translate(locale, key, **_params(seen, names, tr, locale, faces))


def describe_all(events: Iterable[Event], names: Mapping[str, str], *, viewer: str | None,
                 locale: str, translator: Translator | None = None,
                 faces: Faces = NO_FACES) -> list[str]:
    """The lines for a batch of events (typically those of one action), as `viewer` may see
    them: merged and trimmed as the module docstring says, Nones dropped. Cards wear their
    face's emoji where `faces` has it."""
    lines = []
    for event, folded in _table_events(list(events), viewer):
        line = _describe(event, folded, names, viewer=viewer, locale=locale,
                         translator=translator, faces=faces)
        if line is not None:
            lines.append(line)
    return lines


# ---------------------------------------------------------------------------- one event


def _key(seen: Event, folded: str | None = None) -> str | None:
    """The locale key for an event already passed through `visible_to` (and `folded`, the
    skip `describe_all` folded into its line, if any)."""
    kind = seen.type
    if kind in _OWN_SENTENCES and (seen.card is not None or seen.cards):
        return f"you.{kind}"  # the cards are still there: this reader owns them
    if kind in _SILENT_WHEN_HIDDEN:
        return None
    name = _FOLDED.get((kind, folded or "")) or _VARIANTS.get((kind, seen.reason or ""), kind)
    if kind == "played" and seen.color is not None:
        name += "_wild"  # a wild card: the sentence names the colour chosen with it
    elif kind == "reversed" and seen.by is None:
        name = "reversed_start"
    elif kind == "accepted" and seen.amount:
        name = "accepted_draw"
    elif kind == "start_card" and seen.ignored:
        name = "start_card_ignored"  # M-2.3: turned up and passed over
    elif kind == "discarded_all" and not seen.cards:
        name = "discarded_all_none"  # M-5.4: nothing else of its colour to bury
    elif kind == "round_won" and seen.amount == 0 and seen.reason is None:
        name = "round_won_no_points"  # nothing scored (lazy or penalty scoring, H-7/H-14)
    return f"event.{name}"


def _params(seen: Event, names: Mapping[str, str], tr: Translator,
            locale: str, faces: Faces = NO_FACES) -> dict[str, object]:
    """Every placeholder the event can fill; each template uses the ones it needs."""
    params: dict[str, object] = {}

    def card(c: Card) -> str:
        face = faces.markup(c)
        return f"{face} {tr.card(c, locale=locale)}" if face else tr.card(c, locale=locale)

    if seen.by is not None:
        params["player"] = escape_name(names.get(seen.by) or seen.by)
    if seen.target is not None:
        params["target"] = escape_name(names.get(seen.target) or seen.target)
    if seen.card is not None:
        params["card"] = card(seen.card)
    if seen.cards:
        params["cards"] = tr.translate(locale, "card.separator").join(map(card, seen.cards))
    elif "card" in params:  # a lone engine event of one card, for the `you.*` lists
        params["cards"] = params["card"]
    if seen.color is not None:
        params["color"] = tr.color(seen.color, in_text=True, locale=locale)
    if seen.amount is not None:
        params["count"] = seen.amount
    else:  # a lone engine event: a draw of one card, or a call's draw by the rules
        params["count"] = _RULE_DRAWS.get(seen.type, len(seen.cards or ()) or 1)
    if seen.type == "round_started":
        params["round"] = seen.amount
    elif seen.type == "went_out":
        params["place"] = seen.amount
    elif seen.type == "reversed":  # the engine gives the new direction: 1 is clockwise
        way = "clockwise" if (seen.amount or 1) > 0 else "counterclockwise"
        params["direction"] = tr.translate(locale, f"direction.{way}")
    return params


# ---------------------------------------------------------------------------- a batch


def _table_events(events: Sequence[Event],
                  viewer: str | None) -> list[tuple[Event, str | None]]:
    """The batch as `viewer`'s log tells it: cards merged, draws folded into the event that
    announced them, skips folded into the draw or acceptance they follow (each line with the
    skip it tells, if any)."""
    merged = _merge_cards(events)
    told: set[int] = set()  # indices already said by an earlier line
    out: list[tuple[Event, str | None]] = []
    for i, event in enumerate(merged):
        if i in told:
            continue
        after = _next_step(merged, i)
        follower = merged[after] if after is not None else None
        draw = _announced_draw(event, follower)
        folded: str | None = None
        if draw is not None and after is not None:
            event = event._replace(amount=draw.amount)
            if draw.by != viewer:
                told.add(after)
            if event.type == "accepted" and (skip := _skip_after(merged, after, draw.by)) >= 0:
                told.add(skip)  # taking a penalty is losing the turn: no need to say it
        elif event.type == "accepted" and (skip := _skip_after(merged, i, event.by)) >= 0:
            folded = SKIP
            told.add(skip)
        elif (event.type == "drew" and event.by != viewer
              and (skip := _skip_after(merged, i, event.by)) >= 0):
            # The drawer's own log keeps "You drew ..." and the skip as two lines.
            folded = SKIPPED
            told.add(skip)
        out.append((event, folded))
    return out


def _merge_cards(events: Sequence[Event]) -> list[Event]:
    """Each player's dealt cards, and each run of draws by one player for one reason, as one
    event whose `cards` lists them and `amount` counts them (the engine gives one per card)."""
    out: list[Event] = []
    dealt_at: dict[str | None, int] = {}
    for event in events:
        if event.type not in ("dealt", "drew") or event.card is None:
            out.append(event)
            continue
        at = dealt_at.get(event.by) if event.type == "dealt" else _open_draw(out, event)
        if at is None:
            if event.type == "dealt":
                dealt_at[event.by] = len(out)
            out.append(event._replace(card=None, cards=(event.card,), amount=1))
        else:
            cards = (*(out[at].cards or ()), event.card)
            out[at] = out[at]._replace(cards=cards, amount=len(cards))
    return out


def _open_draw(out: list[Event], event: Event) -> int | None:
    """The draw that `event` continues: the last event, but for reshuffles, when it is a draw
    by the same player for the same reason."""
    for i in range(len(out) - 1, -1, -1):
        prev = out[i]
        if prev.type == "reshuffled":
            continue
        if prev.type == "drew" and prev.by == event.by and prev.reason == event.reason:
            return i
        return None
    return None


def _next_step(events: Sequence[Event], i: int) -> int | None:
    """The index of the next event after `i` that is not a reshuffle (a reshuffle can fall in
    the middle of anything that draws)."""
    for j in range(i + 1, len(events)):
        if events[j].type != "reshuffled":
            return j
    return None


def _skip_after(events: Sequence[Event], i: int, player: str | None) -> int:
    """The index of `player`'s skip when it is the next step after `i`, else -1."""
    after = _next_step(events, i)
    if after is not None and events[after].type == "skipped" and events[after].by == player:
        return after
    return -1


def _announced_draw(event: Event, follower: Event | None) -> Event | None:
    """The (merged) draw that `event` announces, when it follows it."""
    announced = _ANNOUNCED_DRAWS.get(event.type)
    if announced is None or follower is None or follower.type != "drew":
        return None
    whose, reason = announced
    drawer = event.target if whose == "target" else event.by
    return follower if follower.by == drawer and follower.reason == reason else None
