"""Ending a transaction safely on a shared aiosqlite connection."""

from __future__ import annotations

import logging
import sqlite3

import aiosqlite

log = logging.getLogger(__name__)


async def rollback(conn: aiosqlite.Connection) -> None:
    """Roll back whatever transaction is open, if any.

    Issued unconditionally rather than after checking `in_transaction`: after a cancellation a
    queued BEGIN may not have run yet on aiosqlite's thread, and this ROLLBACK is queued behind
    it, so it still closes that transaction instead of leaving it open for the next user.
    """
    try:
        await conn.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:  # nothing was open: BEGIN never ran, or COMMIT did
        log.debug("rollback with no open transaction: %s", exc)
