"""One running game as the bot holds it: the engine's Game plus what the table needs besides.

Players are seated in the engine by their Discord user id (as a string), so names may change
without touching the game; the names shown are the ones they joined with.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field, fields
from typing import Any

from bot.engine import Event, Game, PlayerView, dump, load, player_view
from bot.storage import GameRecord

from .notes import Note
from .tally import Tally

log = logging.getLogger(__name__)

RECENT_EVENTS = 40  # events kept for the table's "what happened" lines (a draw is one per card)


@dataclass(eq=False)
class Session:
    game_id: str
    guild_id: int
    channel_id: int
    game: Game
    names: dict[str, str]
    locale: str  # the server's language: the public table speaks it
    turn_timer: int  # seconds; 0 = off
    host: str
    message_id: int | None = None
    timeouts: dict[str, int] = field(default_factory=dict)  # timeouts in a row (C-11)
    # The latest events, oldest first, as the engine wrote them, and the bot's own notes between
    # them: the renderer reads them as the table (Event.visible_to hides private cards), and one
    # draw of 4 needs all 4 to say "4".
    recent: list[dict[str, Any]] = field(default_factory=list)
    round_points: dict[str, int] = field(default_factory=dict)  # the last round's (C-8, H-14)
    last_action_at: float = 0.0
    turn_deadline: float | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # What the table message shows now (its version, its picture) is its publisher's
    # (bot/outlets/publisher.py): a session is the game, not one of its messages.
    started_at: float = 0.0  # the match's start on the bot's clock (0: its first action's time)
    # When the table message was posted, on the bot's clock (0: not known, so taken as old): a
    # table is moved before Discord counts it as older than an hour (bot/outlets/table_moves.py).
    table_posted_at: float = 0.0
    tally: Tally = field(default_factory=Tally)  # what the match's record needs
    # Issue 19: people whose seat an AI plays for now (player -> level), until they reclaim it.
    stand_ins: dict[str, str] = field(default_factory=dict)
    # Per player: their decision context (`decision_context`) and the version at which it last
    # changed, the "context mark" a hand's controls carry beside the game version, so a click
    # on an older hand still acts while its meaning holds (cogs/play.py). Not saved: after a
    # restart (or a reload) every mark starts again at the version then, so a control drawn
    # before is only applied at its own version.
    contexts: dict[str, tuple[tuple[object, ...], int]] = field(default_factory=dict)
    # Issue 31: the tournament this table belongs to ("": none); `ai_fill`: its host lets AIs
    # play for no-shows, so an AI takes over an idle seat and a table of stand-ins plays on.
    tournament: str = ""
    ai_fill: bool = False
    # Issue 30: a solo game against AI players (`/uno solo`): its one message shows the table
    # and the player's hand and is reached through interaction tokens only
    # (bot/outlets/token_tables.py); its results count in the player's own stats, unrated.
    solo: bool = False
    # Issue 30: a game where the bot is not a member (a group DM, a server reached through a
    # user's install): its public table is reached through interaction tokens only.
    tokens: bool = False
    # `history` read back: each line of `recent` by its id, with the line itself (so the id is
    # never another dict's): the table reads its log at every move, each line is parsed once.
    parsed: dict[int, tuple[dict[str, Any], Event | Note]] = field(default_factory=dict,
                                                                  repr=False)

    @property
    def via_tokens(self) -> bool:
        """Whether the table is reached only through interaction tokens (no bot token)."""
        return self.solo or self.tokens

    def __post_init__(self) -> None:
        if not self.started_at:
            self.started_at = self.last_action_at

    @property
    def finished(self) -> bool:
        return self.game.match_winner is not None

    @property
    def version(self) -> int:
        """The game's version: it rises with every applied action."""
        return self.game.version

    def view(self, player: str | None = None) -> PlayerView:
        """What `player` may see of the game (None: the public table); the renderers, views and
        cogs read the game only through this."""
        return player_view(self.game, player)

    def player(self, user_id: int | str) -> str | None:
        """The engine's name for a Discord user (or an AI player's name), if they sit at this
        table (and have not left)."""
        name = str(user_id)
        seat = self.game.players.index(name) if name in self.game.players else None
        return name if seat is not None and self.game.active[seat] else None

    def seated(self, user_id: int) -> bool:
        return str(user_id) in self.game.players

    def context(self, player: str) -> int:
        """`player`'s context mark: the version at which their decision context last changed
        (as far as this process saw: at least every applied action, through `remember`)."""
        key = decision_context(self.game, player)
        known = self.contexts.get(player)
        if known is None or known[0] != key:
            known = self.contexts[player] = (key, self.game.version)
        return known[1]

    def remember(self, events: list[Event]) -> None:
        """Keep new events for the table's log (and note whose decision context changed)."""
        for player in self.game.players:
            self.context(player)
        self.recent.extend(e.to_dict() for e in events)
        self.tally.observe(events, colors_named=not self.game.rules.options.colours_around)
        for event in events:
            if event.type == "round_started":
                self.round_points = {}
            elif event.type in ("round_won", "penalty_points") and event.by and event.amount:
                self.round_points[event.by] = event.amount
        del self.recent[:-RECENT_EVENTS]

    def note(self, note: Note) -> None:
        """Add the bot's own line to the log (kept with the next save, as events are)."""
        self.recent.append(note.to_dict())

    def history(self) -> list[Event | Note]:
        """The recent events and the bot's notes between them, oldest first. A line this
        release cannot read (kept by another one) is left out of what is shown, not fatal."""
        entries: list[Event | Note] = []
        known, parsed = self.parsed, {}
        for saved in self.recent:
            kept = known.get(id(saved))
            if kept is not None and kept[0] is saved:
                entry = kept[1]
            else:
                try:
                    entry = Note.from_dict(saved) or Event.from_dict(saved)
                except (KeyError, ValueError):
                    log.debug("game %s: a log line not read: %r", self.game_id, saved)
                    continue
            parsed[id(saved)] = (saved, entry)
            entries.append(entry)
        self.parsed = parsed
        return entries

    def recent_events(self) -> list[Event]:
        """The recent engine events alone."""
        return [e for e in self.history() if isinstance(e, Event)]

    # -- persistence

    def restore_from(self, saved: Session) -> None:
        """Become the saved state again (a failed save is undone): every field that is saved,
        so nothing an unsaved move changed (the host, the round points, ...) survives it."""
        for name in _SAVED_FIELDS:
            setattr(self, name, getattr(saved, name))

    def state(self) -> dict[str, Any]:
        return dump(self.game)

    def meta(self) -> dict[str, Any]:
        return {"names": self.names, "locale": self.locale, "turn_timer": self.turn_timer,
                "host": self.host, "timeouts": self.timeouts, "recent": self.recent,
                "round_points": self.round_points,
                "last_action_at": self.last_action_at,
                "started_at": self.started_at, "tally": self.tally.to_dict(),
                "stand_ins": self.stand_ins, "tournament": self.tournament,
                "ai_fill": self.ai_fill, "solo": self.solo, "tokens": self.tokens,
                # With the message it belongs to: a table posted after this save (whose id the
                # database has already) is not given an older table's time.
                # (The id as text: a snowflake is past what a JSON number holds exactly.)
                "table": {"id": str(self.message_id), "posted_at": self.table_posted_at}}

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        meta = record.meta_data()
        session = cls(
            game_id=record.game_id, guild_id=record.guild_id, channel_id=record.channel_id,
            game=load(record.data()), names=dict(meta.get("names", {})),
            locale=str(meta.get("locale", "en")), turn_timer=int(meta.get("turn_timer", 0)),
            host=str(meta.get("host", "")), message_id=record.message_id,
            timeouts={k: int(v) for k, v in meta.get("timeouts", {}).items()},
            recent=list(meta.get("recent", [])),
            round_points={k: int(v) for k, v in meta.get("round_points", {}).items()},
            last_action_at=float(meta.get("last_action_at", record.updated_at)),
            turn_deadline=record.turn_deadline,
            started_at=float(meta.get("started_at", 0.0)),
            tally=Tally.from_dict(meta.get("tally", {})),
            stand_ins={str(k): str(v) for k, v in meta.get("stand_ins", {}).items()},
            tournament=str(meta.get("tournament", "")), ai_fill=bool(meta.get("ai_fill", False)),
            solo=bool(meta.get("solo", False)), tokens=bool(meta.get("tokens", False)),
        )
        session.table_posted_at = _posted_at(meta.get("table"), record.message_id, session)
        return session


def _posted_at(saved: object, message_id: int | None, session: Session) -> float:
    """When the saved table message was posted, or a time before it (the table then moves a
    little early, never late). A table's id is saved at once and its time with the game's next
    save: a table whose id the save does not name was posted after that save, so after its
    last action. A save made before the time was kept has the match's start as the bound (a
    table it underestimates meets a 30046 at worst, and moves then)."""
    if not isinstance(saved, dict):
        return session.started_at
    if saved.get("id") == str(message_id):
        return float(saved.get("posted_at") or 0.0)
    return session.last_action_at


def decision_context(game: Game, player: str) -> tuple[object, ...]:
    """What a control's meaning depends on besides the cards: the round, the player the table
    waits for, the pending decision, and the card `player` has just drawn."""
    public = player_view(game, None)
    return (public.round, public.turn, public.pending, player_view(game, player).drawn)


# What `Session.from_record` reads back; the lock and what the table shows now are this
# process's own, and the ids never change. So is when the table was posted: this process
# knows it (the save may hold only a bound, `_posted_at`), and the table a failed save leaves
# is the one it posted (its id is saved at once).
_SAVED_FIELDS = tuple(f.name for f in fields(Session) if f.name not in {
    "game_id", "guild_id", "channel_id", "lock", "table_posted_at", "parsed"})
