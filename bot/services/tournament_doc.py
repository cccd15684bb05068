"""A tournament as the bot keeps it (issue 31): the host's choices, the sign-ups and check-ins,
the pure `bot.tournament.Tournament` once it runs, each table's channel and game, and the ids of
the boards that show it. Saved whole as the `tournaments` row's JSON document."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.tournament import Plan, Tournament


@dataclass(slots=True)
class Table:
    """Where a table of a round plays: its thread (or the tournament's channel, when threads
    are not allowed there: those tables play one after another), and its game: its id is
    fixed when the round is seated (`game_id_of`), so a restart finds the game, or its match's
    record, whether or not the save that followed the deal happened."""

    round: int
    table: int
    channel_id: int | None = None
    game_id: str = ""
    thread: bool = True
    done: bool = False
    dealt: bool = False

    @property
    def key(self) -> str:
        return f"{self.round}:{self.table}"

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "table": self.table, "channel_id": self.channel_id,
                "game_id": self.game_id, "thread": self.thread, "done": self.done,
                "dealt": self.dealt}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        channel = data.get("channel_id")
        return cls(int(data["round"]), int(data["table"]),
                   None if channel is None else int(channel), str(data.get("game_id", "")),
                   bool(data.get("thread", True)), bool(data.get("done", False)),
                   bool(data.get("dealt", False)))


def game_id_of(tournament_id: str, round_: int, table: int) -> str:
    """A table's game id: hex like every game's, unique per tournament, round and table."""
    return f"{tournament_id}{round_:02x}{table:02x}"


@dataclass(slots=True)
class TournamentDoc:
    name: str
    preset: str
    options: dict[str, Any]
    plan: Plan
    turn_timer: int
    ai_fill: bool
    locale: str  # the server's language when it was created: the boards speak it
    starts_at: float  # when sign-up closes (check-in opens, or round 1 is seated)
    guild_id: int = 0
    channel_id: int = 0  # where its boards are, and its tables' threads
    checkin: int = 0  # seconds of check-in once sign-up closes (0: none)
    checkin_ends: float | None = None  # set while check-in is open
    signups: list[int] = field(default_factory=list)  # in sign-up order
    names: dict[int, str] = field(default_factory=dict)
    checked_in: list[int] = field(default_factory=list)
    tournament: Tournament | None = None  # once round 1 is seated
    tables: list[Table] = field(default_factory=list)
    messages: dict[str, int] = field(default_factory=dict)  # board name -> message id
    stand_ins: list[int] = field(default_factory=list)  # no-shows an AI plays for

    def table(self, round_: int, table: int) -> Table | None:
        return next((t for t in self.tables if (t.round, t.table) == (round_, table)), None)

    def by_game(self, game_id: str) -> Table | None:
        return next((t for t in self.tables if t.game_id == game_id), None)

    def name_of(self, user_id: int) -> str:
        return self.names.get(user_id) or str(user_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "preset": self.preset, "options": self.options,
            "plan": self.plan.to_json(), "turn_timer": self.turn_timer, "ai_fill": self.ai_fill,
            "locale": self.locale, "starts_at": self.starts_at, "checkin": self.checkin,
            "checkin_ends": self.checkin_ends, "signups": self.signups,
            "names": {str(k): v for k, v in self.names.items()},
            "checked_in": self.checked_in,
            "tournament": None if self.tournament is None else self.tournament.to_json(),
            "tables": [t.to_json() for t in self.tables], "messages": self.messages,
            "stand_ins": self.stand_ins, "guild_id": self.guild_id,
            "channel_id": self.channel_id}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentDoc:
        ends = data.get("checkin_ends")
        saved = data.get("tournament")
        return cls(
            name=str(data["name"]), preset=str(data["preset"]), options=dict(data["options"]),
            plan=Plan.from_json(data["plan"]), turn_timer=int(data["turn_timer"]),
            ai_fill=bool(data["ai_fill"]), locale=str(data["locale"]),
            starts_at=float(data["starts_at"]), checkin=int(data.get("checkin", 0)),
            checkin_ends=None if ends is None else float(ends),
            signups=[int(u) for u in data.get("signups", [])],
            names={int(k): str(v) for k, v in data.get("names", {}).items()},
            checked_in=[int(u) for u in data.get("checked_in", [])],
            tournament=None if saved is None else Tournament.from_json(saved),
            tables=[Table.from_json(t) for t in data.get("tables", [])],
            messages={str(k): int(v) for k, v in data.get("messages", {}).items()},
            stand_ins=[int(u) for u in data.get("stand_ins", [])],
            guild_id=int(data.get("guild_id", 0)), channel_id=int(data.get("channel_id", 0)))
