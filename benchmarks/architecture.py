"""How the bot's middle is put together (issue 35), as figures: run it before and after a change.

Usage, from the repository root::

    python benchmarks/architecture.py [--no-trace]

It prints:

reaches through the bot
    Static (`ast`): in bot/ui/, bot/outlets/ and cogs/, every attribute read through the bot
    object: `self._bot.X`, `self.bot.X`, and every `interaction.client` (per module, and in all),
    and how many of them are outside wiring: wiring is a cog's `__init__`, `cog_load`,
    `cog_unload`, `setup` (and the helper `_uno_group` of cog_load), and bot/ui/context.py
    (the one accessor of the way in's wiring).
    `UnoBot` should only wire: a part that reaches through it at run time depends on all of it.

import cycles, modules in a cycle
    Static (`ast`, bot/import_graph.py): the import circles among bot/ and cogs/ modules,
    counting every import (under `TYPE_CHECKING` and inside functions too).

climbs back up along one card played
    Traced, not static: the real bot on the offline fake Discord (bot/fake_discord), two players;
    the player whose turn it is opens their hand, and `sys.setprofile` records every call between
    two of the bot's modules from the click on a playable card (`PlayButton`) until the table's
    message shows the move and nothing more is under way (the table's edit, and what follows it:
    hands, pings, watchers). Each module has a layer, in the order the data flows (docs/STYLE.md:
    "interaction → cog → manager → events → render → one response", and after the save the
    outlets follow the manager's notice):

        0 wiring      bot.client
        1 way in      bot.ui's items, handlers, errors, click store (the click arrives)
        2 cogs        cogs.*
        3 hub         bot.services.* (the game manager and its services)
        4 storage     bot.storage.*, bot.ai.*, bot.tournament.*
        5 outlets     the way out: publisher, live hands, pings, watchers, table moves,
                      tournament board, budget, emoji (bot/outlets/, or bot/ui/ before the split)
        6 response    bot.render.*, and bot.ui's answers, replies, layout, views (what is drawn
                      and sent back)

    The data that flows down is read, not climbed to: the session and the engine's values
    (bot.engine.*, bot.services.session, .tally, .seats, .notices) and the leaves every layer uses
    (bot.i18n, bot.clock, bot.settings, bot.interactions, bot.ui.context: the wiring handed to
    the way in, ...) have no layer; nor have the
    timers and the settings reader (bot.services.timers, .settings), which the issue gives every
    outlet as a narrow tool (the "strict" figure counts them in layer 3 too). A *climb back up*
    is a distinct pair (calling function, called function) where the called function's module
    has a smaller layer number than the caller's: an outlet asking the manager, the response
    code asking a service, a callback handed down and called from below. Building a value (a
    class's `__init__`: a view making its buttons) is not a climb. The figure counts distinct
    pairs, so a loop or a coroutine's resumptions count once. The deal is the same every run
    (a fixed seed), so the same code is traced.

    The issue's own count (26 climbs before) was made by hand with a method it does not spell
    out; these figures are this script's, before and after alike.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import contextlib
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.import_graph import cycles, import_graph  # noqa: E402

OUTLETS = {"publisher", "live_hands", "pings", "watchers", "table_moves", "tournament_board",
           "budget", "emoji"}
RESPONSE_UI = {"answers", "replies", "layout", "views"}
DATA = ("bot.engine", "bot.services.session", "bot.services.tally", "bot.services.seats",
        "bot.services.notices")
TOOLS = ("bot.services.timers", "bot.services.settings")
LEAVES = ("bot.ui.context",)  # what the bot hands the way in at wiring (a clock, the settings)
BOT_NAMES = {"_bot", "bot"}
SEED = 35  # the deal of the traced game (the first player holds a playable card)


def layer(module: str, *, strict: bool = False) -> int | None:
    """The module's layer in the flow of one click (see the docstring); None: no layer."""
    if module.startswith(DATA + LEAVES) or not strict and module.startswith(TOOLS):
        return None
    parts = module.split(".")
    if module == "bot.client":
        return 0
    if parts[:2] in (["bot", "ui"], ["bot", "outlets"]) and len(parts) > 2:
        if parts[2] in OUTLETS or parts[1] == "outlets":
            return 5
        return 6 if parts[2] in RESPONSE_UI else 1
    if parts[0] == "cogs":
        return 2
    if parts[:2] == ["bot", "services"]:
        return 3
    if parts[:2] in (["bot", "storage"], ["bot", "ai"], ["bot", "tournament"]):
        return 4
    if parts[:2] == ["bot", "render"]:
        return 6
    return None


# -- static figures

WIRING = {"__init__", "cog_load", "cog_unload", "setup", "_uno_group"}  # (cog_load's helper)
WIRING_MODULES = {"bot/ui/context.py"}


def _reaches_bot(node: ast.AST) -> bool:
    if not isinstance(node, ast.Attribute):
        return False
    value = node.value
    through_bot = (isinstance(value, ast.Attribute) and value.attr in BOT_NAMES
                   and isinstance(value.value, ast.Name) and value.value.id == "self")
    client = node.attr == "client" and isinstance(value, ast.Name) and value.id == "interaction"
    return through_bot or client


def reaches(root: Path = ROOT) -> tuple[Counter[str], Counter[str]]:
    """Per module: reads through the bot object (`self._bot.X`, `self.bot.X`,
    `interaction.client`), all of them and those outside wiring."""
    found: Counter[str] = Counter()
    outside: Counter[str] = Counter()
    folders = [root / "bot" / "ui", root / "bot" / "outlets", root / "cogs"]
    for path in sorted(p for folder in folders if folder.exists() for p in folder.glob("*.py")):
        name = str(path.relative_to(root))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        wiring: set[int] = set()  # ids of the nodes inside a wiring function
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) \
                    and function.name in WIRING:
                wiring.update(id(node) for node in ast.walk(function))
        for node in ast.walk(tree):
            if _reaches_bot(node):
                found[name] += 1
                if id(node) not in wiring and name not in WIRING_MODULES:
                    outside[name] += 1
    return found, outside


# -- the traced card

class Tracer:
    def __init__(self) -> None:
        self.climbs: set[tuple[str, str]] = set()
        self.strict: set[tuple[str, str]] = set()  # with the timers and settings in layer 3
        self.calls: set[tuple[str, str]] = set()
        self.modules: set[str] = set()

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee = frame.f_globals.get("__name__", "")
        caller = frame.f_back.f_globals.get("__name__", "")
        if callee == caller or not _ours(callee) or not _ours(caller):
            return
        if frame.f_code.co_name in ("__init__", "__new__", "__post_init__"):
            return  # a value built, not control handed back up
        pair = (f"{caller}.{frame.f_back.f_code.co_qualname}",
                f"{callee}.{frame.f_code.co_qualname}")
        self.calls.add(pair)
        self.modules.update((caller, callee))
        for strict, found in ((False, self.climbs), (True, self.strict)):
            low, high = layer(caller, strict=strict), layer(callee, strict=strict)
            if low is not None and high is not None and high < low:
                found.add(pair)


def _ours(module: str) -> bool:
    return (module.startswith(("bot.", "cogs.")) and not module.startswith("bot.fake_discord")
            or module == "bot")


async def _card_played(tracer: Tracer) -> None:
    from bot.client import UnoBot
    from bot.discord_private import connection_state
    from bot.fake_discord.clock import FakeClock
    from bot.fake_discord.redirect import discord_py_pointed_at
    from bot.fake_discord.server import FakeDiscord
    from bot.fake_discord.users import VirtualUser
    from bot.render.text import tr
    from bot.settings import Settings

    fake = FakeDiscord(clock=FakeClock())
    await fake.start()
    with tempfile.TemporaryDirectory() as folder, discord_py_pointed_at(fake):
        settings = Settings(discord_token="fake-token", database_path=Path(folder) / "uno.db",
                            dev_guild_id=fake.guild_id, log_level="WARNING", picture_workers=0,
                            card_emoji=False)
        bot = UnoBot(settings, clock=fake.clock, refresh_delay=0, ai_delay=0)
        connection_state(bot).guild_ready_timeout = 0.05
        task = asyncio.create_task(bot.start(fake.token))
        try:
            await fake.wait_for(bot.is_ready, timeout=30)
            bot.games.new_seed = lambda: SEED
            ann, bob = (VirtualUser(fake, fake.add_member(name)) for name in ("Ann", "Bob"))
            await ann.slash("uno create", turn_timer=0)
            lobby = ann.last_message()
            await bob.click(lobby, tr("en", "button.join"))
            await ann.click(lobby, tr("en", "button.start"))
            session = await fake.wait_for(lambda: bot.games.in_channel(fake.channel.id))
            await fake.wait_for(lambda: session.message_id is not None, timeout=5)
            await asyncio.sleep(0.5)  # the first table's picture and the lobby's edit land
            mover = ann if session.view().turn == str(ann.id) else bob
            table = mover.message(session.message_id)
            handle = await mover.click(table, tr("en", "button.hand"))
            hand = handle.response
            assert hand is not None
            play = next(b for b in hand.buttons()
                        if ":act:play:" in b.get("custom_id", "") and not b.get("disabled"))
            version = session.version
            edits = mover.message(session.message_id).edits
            sys.setprofile(tracer)
            try:
                await mover.click(hand, custom_id=play["custom_id"])
                await fake.wait_for(lambda: session.version > version, timeout=5)
                await fake.wait_for(lambda: mover.message(session.message_id).edits > edits,
                                    timeout=5)
                await asyncio.sleep(0.3)  # what follows the table's edit (hands, pings)
            finally:
                sys.setprofile(None)
        finally:
            await bot.close()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 5)
            await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-trace", action="store_true", help="the static figures only")
    parser.add_argument("--show", action="store_true", help="list the climbs and reaches")
    options = parser.parse_args()
    found, outside = reaches()
    for title, counts in (("reaches through the bot", found), ("outside wiring", outside)):
        cogs = sum(n for name, n in counts.items() if name.startswith("cogs/"))
        outlets = sum(n for name, n in counts.items()
                      if not name.startswith("cogs/") and Path(name).stem in OUTLETS
                      or name.startswith("bot/outlets/"))
        print(f"{title}: {sum(counts.values())} (outlets {outlets}, cogs {cogs}, "
              f"ui way in {sum(counts.values()) - outlets - cogs})")
    if options.show:
        for name, count in sorted(found.items()):
            print(f"    {name}: {count} ({outside[name]} outside wiring)")
    circles = cycles(import_graph())
    print(f"import cycles: {len(circles)}")
    print(f"modules in a cycle: {sum(len(c) for c in circles)}")
    for circle in circles:
        print(f"    {len(circle)}: {', '.join(circle)}")
    if options.no_trace:
        return
    tracer = Tracer()
    asyncio.run(_card_played(tracer))
    print(f"one card played (traced): {len(tracer.calls)} distinct calls between "
          f"{len(tracer.modules)} of the bot's modules")
    print(f"climbs back up along one card played: {len(tracer.climbs)} "
          f"(strict: {len(tracer.strict)})")
    if options.show:
        for caller, callee in sorted(tracer.strict):
            strict = "" if (caller, callee) in tracer.climbs else " (strict)"
            print(f"    {caller} -> {callee}{strict}")


if __name__ == "__main__":
    main()
