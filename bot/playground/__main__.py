"""`python -m bot.playground [--port N]`: the bot on the offline Discord, and its web page.

The bot's data goes to a SQLite file in a new temporary folder, removed at the end: the
playground never opens the real bot's database, and each start begins with an empty one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import tempfile
from pathlib import Path

import discord

from .playground import Playground

DEFAULT_PORT = 8765


async def serve(port: int) -> None:
    with tempfile.TemporaryDirectory(prefix="uno-playground-") as folder:
        playground = Playground(Path(folder) / "playground.db")
        await playground.start(port)
        print(f"\nUNO playground: open {playground.url} in your browser "
              "(only this computer can reach it). Ctrl+C stops it.\n", flush=True)
        try:
            await asyncio.Event().wait()  # until Ctrl+C cancels the run
        finally:
            await playground.stop()


def main(argv: list[str] | None = None) -> int:
    # Ctrl+C (SIGINT) stops it cleanly even when it was started with SIGINT ignored (a shell's
    # background job, nohup): Python installs its own handler only for a signal that was
    # not ignored at start.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    parser = argparse.ArgumentParser(prog="python3 dev.py play", description=(
        "Play with the UNO bot in a web browser, on an offline Discord: no token, no network."))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the page's port on 127.0.0.1 (default {DEFAULT_PORT}; "
                             "a free one if it is taken)")
    parser.add_argument("--log-level", default="WARNING",
                        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                        help="what the bot and discord.py log to the terminal")
    args = parser.parse_args(argv)
    discord.utils.setup_logging(level=getattr(logging, args.log_level))
    # The playground has no voice: discord.py's warnings that it cannot speak are only noise.
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage())
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(args.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
