"""The event loop the bot runs on: uvloop where it is installed (issue 17: CPU per move).

Most of a move's CPU in the bot's process is I/O around it: the gateway's websocket, a few HTTP
requests to Discord (table edit, answers, live hands), the database thread's wake-ups and
the painter's pipe. uvloop (libuv, in C) runs those callbacks and transports for a fraction of
the pure-Python loop's cost; the code above it is the same asyncio API. It is a dependency on
Linux and macOS; elsewhere (Windows) the standard loop is used.
"""

from __future__ import annotations

import asyncio


def use_fast_loop() -> bool:
    """Make the loops created from now on (`asyncio.run`, discord.py's `Client.run`) uvloop's.
    Returns whether it is installed."""
    try:
        import uvloop
    except ModuleNotFoundError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True
