"""Tournaments (issue 31): formats, seating, pairing, scoring and tie-breaks, pure like the
engine (no Discord, asyncio or database); the bot layer seats the tables and shows the boards."""

from .model import MAX_ROUNDS, Format, Plan, Round, TournamentError
from .pairing import partition, rematches, snake
from .scoring import BYE_POINTS, WIN_POINTS, Placing, Standing, placing_points
from .seating import smallest_table, table_sizes
from .tournament import Tournament

__all__ = [
    "BYE_POINTS", "MAX_ROUNDS", "WIN_POINTS", "Format", "Placing", "Plan", "Round", "Standing",
    "Tournament", "TournamentError", "partition", "placing_points", "rematches", "smallest_table",
    "snake", "table_sizes",
]
