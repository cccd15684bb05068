"""Which guilds this process serves: with SHARD_COUNT / SHARD_IDS, several processes each run a
disjoint set of the bot's shards, and Discord sends a guild's events only to the shard
`(guild_id >> 22) % shard_count`. A game or lobby therefore belongs to the process running its
guild's shard: only that process restores it, times it out and expires it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} are not among 0..{self.count - 1}")

    @classmethod
    def of(cls, count: int | None, ids: tuple[int, ...] | None) -> Shards | None:
        """None (one process runs every shard Discord asks for) unless a count is configured."""
        if count is None:
            return None
        return cls(count, frozenset(range(count) if ids is None else ids))

    @property
    def every(self) -> bool:
        return len(self.ids) == self.count

    @property
    def first(self) -> bool:
        """Whether this process runs shard 0: the one that does the once-per-bot work (command
        sync), so several processes never do it together."""
        return 0 in self.ids

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids



def owns(shards: Shards | None, guild_id: int) -> bool:
    """Whether a guild is this process's (every guild when shards are not configured)."""
    return shards is None or shards.owns(guild_id)


def owned_sql(shards: Shards | None, column: str = "guild_id") -> str:
    """`owns` as a SQL condition (SQLite and PostgreSQL alike), for the repositories' queries;
    only integers are formatted into it."""
    if shards is None or shards.every:
        return "1 = 1"
    ids = ", ".join(str(int(i)) for i in sorted(shards.ids))
    return f"(({column} >> 22) % {int(shards.count)}) IN ({ids})"
