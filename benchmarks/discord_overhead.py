"""What the bot's cuts of discord.py's per-event work save, per event, in CPU time (issue 17).

Usage, from the repository root::

    python benchmarks/discord_overhead.py [--repeat 7] [--number 300]

The load benchmark (benchmarks/bot_load.py) measures the bot's CPU per applied move as a whole,
which the machine's other load makes noisy to a millisecond or two; this one times each cut on
its own, in one process, with `time.process_time` (CPU, not wall-clock), on a message shaped
like a four-player table (a V2 container: texts, a picture, two rows of buttons with the bot's
ids), the median of `--repeat` runs of `--number` calls each, with the range:

    echoed edit     a MESSAGE_UPDATE of the bot's own table through discord.py's parser with
                    its default message cache full (1000 messages), against the parser of
                    bot/gateway_diet.py (no cache; the echo is dropped unparsed).
    click lookup    finding the clicked button: discord.py's `LayoutView.from_message` and a
                    walk of it, against bot/ui/click_store.py's walk of the parsed components
                    turning only the clicked one into an item.
    gateway JSON    decoding that MESSAGE_UPDATE frame: the standard library's json (what
                    discord.py used with orjson absent) against orjson.

uvloop's share (the event loop and transports) is not separable here: see the load benchmark.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import orjson  # noqa: E402

from bot.discord_private import connection_state, gateway_parsers, item_from_component  # noqa: E402
from bot.gateway_diet import trim_parsers  # noqa: E402
from bot.render.shown import Section, Shown  # noqa: E402
from bot.ui.click_store import clicked  # noqa: E402
from bot.ui.controls import TableControl  # noqa: E402
from bot.ui.items import TableButton  # noqa: E402
from bot.ui.layout import Controls, layout  # noqa: E402

CHANNEL, GUILD, BOT = 1_100_000_000_000_000_001, 1_100_000_000_000_000_002, 1_100_000_000_000_3
GAME = "0123456789abcdef"


def table_payload(message_id: int) -> dict[str, Any]:
    """A MESSAGE_UPDATE as Discord echoes a table edit: the bot's V2 layout, the bot's ids."""
    players = "\n".join(
        f"{name} — {n} cards" for name, n in (("Ann", 5), ("Bob", 7), ("Cid", 2), ("Dee", 6)))
    shown = Shown(title="UNO — round 1", colour=discord.Colour.red().value,
                  text="Top card: 🟥 Red 7\nTurn: **Ann** (clockwise)",
                  sections=[Section("Players", players), Section("Recent", "\n".join(
                      f"Player {i} played a card" for i in range(6)))],
                  footer="Game 0123 · version 42", picture="attachment://table.png")
    controls = Controls()
    for row, names in enumerate(((TableControl.HAND, TableControl.UNO, TableControl.CATCH,
                                  TableControl.SLAP), (TableControl.RULES, TableControl.WATCH))):
        for name in names:
            controls.add_item(TableButton(GAME, name, label=name.title(), row=row))
    components = layout(shown, controls).to_components()
    return {"id": str(message_id), "channel_id": str(CHANNEL), "guild_id": str(GUILD),
            "author": {"id": str(BOT), "username": "UNO", "discriminator": "0",
                       "avatar": None, "bot": True},
            "content": "", "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": "2026-01-01T00:00:01+00:00", "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "embeds": [],
            "attachments": [{"id": "1", "filename": "table.png", "size": 20000,
                             "url": "https://cdn.example/table.png",
                             "proxy_url": "https://cdn.example/table.png"}],
            "components": components, "pinned": False, "type": 0, "flags": 1 << 15}


def timed(call: Callable[[], object], number: int, repeat: int) -> list[float]:
    """µs of CPU per call, one figure per run."""
    runs = []
    for _ in range(repeat):
        started = time.process_time()
        for _ in range(number):
            call()
        runs.append((time.process_time() - started) / number * 1e6)
    return runs


def line(name: str, before: list[float], after: list[float]) -> str:
    def fig(runs: list[float]) -> str:
        return f"{statistics.median(runs):8.1f} [{min(runs):.1f}-{max(runs):.1f}]"

    saved = statistics.median(before) - statistics.median(after)
    return f"  {name:<14} {fig(before)}  {fig(after)}  {saved:8.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=300)
    args = parser.parse_args(argv)
    intents = discord.Intents.default()

    # discord.py as it comes: a full message cache, every echo parsed.
    stock = discord.Client(intents=intents, max_messages=1000)
    state = connection_state(stock)
    for i in range(1000):  # as MESSAGE_CREATE fills it
        gateway_parsers(state)["MESSAGE_CREATE"](table_payload(10_000 + i))
    echo = table_payload(5)  # a table not among the last 1000 messages: the scan goes through
    lean = discord.Client(intents=intents, max_messages=None)
    trim_parsers(connection_state(lean))

    message = discord.Message(state=state, channel=discord.Object(CHANNEL),  # type: ignore[arg-type]
                              data=table_payload(7))  # type: ignore[arg-type]
    # The last button: the longest walk for both.
    custom_id = TableButton(GAME, TableControl.WATCH).custom_id

    def whole_view() -> object:
        view = discord.ui.LayoutView.from_message(message, timeout=None)
        return next(i for i in view.walk_children()
                    if getattr(i, "custom_id", None) == custom_id)

    def one_item() -> object:
        component = clicked(message.components, 2, custom_id)
        assert component is not None
        return item_from_component(component)

    frame = json.dumps({"op": 0, "s": 1, "t": "MESSAGE_UPDATE", "d": echo})

    print(f"CPU µs per event, median [range] of {args.repeat} runs of {args.number} calls; "
          f"Python {sys.version.split()[0]}, discord.py {discord.__version__}")
    print(f"  {'':<14} {'discord.py':>22}  {'the bot now':>22}  {'saved':>8}")
    n, r = args.number, args.repeat
    print(line("echoed edit", timed(lambda: state.parsers["MESSAGE_UPDATE"](echo), n, r),
               timed(lambda: lean._connection.parsers["MESSAGE_UPDATE"](echo), n, r)))
    print(line("click lookup", timed(whole_view, n, r), timed(one_item, n, r)))
    print(line("gateway JSON", timed(lambda: json.loads(frame), n, r),
               timed(lambda: orjson.loads(frame), n, r)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
