"""The Bot: opens the database, wires the services, loads the cogs and syncs slash commands.

It only wires (issue 35): the game manager is the hub, and the outlets subscribe to its notices,
each built with the few things it needs; nothing reaches through the bot at run time."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from typing import Any

import discord
from discord import InteractionType, app_commands
from discord.ext import commands

from bot import metrics
from bot.clock import Clock, SystemClock
from bot.discord_private import connection_state
from bot.gateway_diet import trim_parsers
from bot.gc_passes import FrozenSurvivors
from bot.i18n.commands import CommandTranslator, translated_payloads
from bot.interactions import Interaction
from bot.outlets.budget import RequestBudget
from bot.outlets.emoji import CardEmoji
from bot.outlets.live_hands import LiveHands
from bot.outlets.lobby_board import LobbyBoard
from bot.outlets.pings import TurnPings
from bot.outlets.pressure import LoopPressure
from bot.outlets.publisher import TablePublisher
from bot.outlets.table_feed import REFRESH_DELAY, TableFeed
from bot.outlets.token_lobbies import TokenLobbies
from bot.outlets.token_tables import TableRouter, TokenTables
from bot.outlets.tournament_board import TournamentBoard
from bot.outlets.watchers import Watchers
from bot.render.painter import Painter, default_workers
from bot.services.autoplay import ROUND_BREAK, AutoPlayer
from bot.services.games import GameManager
from bot.services.lobbies import LobbyService
from bot.services.settings import SettingsService
from bot.services.timers import Timers
from bot.services.tournaments import TournamentService
from bot.settings import Settings
from bot.storage import (
    BotStateRepository,
    GameRepository,
    LobbyRepository,
    SqlStore,
    StatsRepository,
    TournamentRepository,
    open_database,
)
from bot.storage.settings import SettingsRepository
from bot.storage.shards import Shards
from bot.ui import answers, click_store
from bot.ui.context import Wiring, wire
from bot.ui.errors import CommandTree, answer_unread_click
from bot.ui.handlers import Handlers
from bot.under_way import UnderWay

log = logging.getLogger(__name__)

# scoring and tournament add to /uno: after lobby
EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.scoring", "cogs.tournament", "cogs.solo")
DRAIN_SECONDS = 5.0  # how long a clean stop waits for table edits under way


class UnoBot(commands.AutoShardedBot):
    """AutoShardedBot so one process can serve many shards and several processes disjoint ones;
    every game lives in the process that receives its guild's interactions."""

    # The services, built in `setup_hook` (they need the database, which needs the loop).
    db: SqlStore
    lobbies: LobbyService
    games: GameManager
    autoplay: AutoPlayer
    settings: SettingsService
    timers: Timers
    tables: TablePublisher
    table_feed: TableFeed
    token_tables: TokenTables
    lobby_board: TokenLobbies
    hands: LiveHands
    painter: Painter
    pings: TurnPings
    watchers: Watchers
    card_emoji: CardEmoji
    tournaments: TournamentService
    metrics_server: metrics.Served | None

    def __init__(self, settings: Settings, *, clock: Clock | None = None,
                 refresh_delay: float = REFRESH_DELAY, ai_delay: float | None = None,
                 loop_pressure: bool = True, **options: Any) -> None:
        intents = discord.Intents.default()  # guild messages for H-5 silence; no content needed
        # Nobody's typing is read: those events (frequent in a busy guild) are not even sent.
        intents.typing = False
        # SHARD_COUNT / SHARD_IDS: exactly these shards in this process (other processes run the
        # rest on the same PostgreSQL); its repositories list only their guilds' tables.
        self.owned = Shards.of(settings.shard_count, settings.shard_ids)
        if self.owned is not None:
            options.setdefault("shard_count", self.owned.count)
            options.setdefault("shard_ids", sorted(self.owned.ids))
        # No message cache (`max_messages=None`): nothing reads cached messages, and the cache
        # held the last 1000 tables and hands (memory) and was scanned on every echoed edit.
        options.setdefault("max_messages", None)
        options.setdefault("http_trace", metrics.http_trace())  # first responses, 429s
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, tree_cls=CommandTree, **options)
        trim_parsers(connection_state(self))  # the echoes of its own posts and edits go unparsed
        click_store.install(self)  # a click builds its item, not the whole view
        self.config = settings
        self.clock: Clock = clock or SystemClock()
        # Every request with the bot's token waits its turn in the budget (bot/outlets/budget.py).
        self.budget = RequestBudget(settings.request_budget)
        self.budget.spend_from(self.http)
        self.refresh_delay = refresh_delay
        self.gc_passes = FrozenSurvivors()
        # How busy the event loop is (bot/outlets/pressure.py); `loop_pressure`: whether hands
        # that only show the table's news wait while it is busy (tests switch that off: their
        # edits must not wait on the machine's load).
        self.pressure = LoopPressure()
        self._hands_wait_when_busy = loop_pressure
        # Seconds an AI player waits before it acts: the settings' (AI_MOVE_DELAY); tests give 0.
        self.ai_delay = settings.ai_delay if ai_delay is None else ai_delay
        self.synced_now = False  # whether this start sent commands to Discord
        # Where the buttons' clicks go: each cog binds itself here when it loads.
        self.handlers = Handlers()
        self.under_way = UnderWay()
        self._item_types: list[type[discord.ui.DynamicItem[Any]]] = []
        self._watchdogs: set[asyncio.Task[None]] = set()

    async def setup_hook(self) -> None:
        self.db = await open_database(self.config.database)
        self.timers = Timers(self.clock)
        workers = self.config.picture_workers
        self.painter = Painter(default_workers() if workers is None else workers)
        settings = SettingsRepository(self.db)
        self.settings = SettingsService(settings)
        # What the answers to clicks and commands need of the bot (bot/ui/context.py).
        wire(self, Wiring(self.clock, self.settings, self.under_way, self.handlers,
                          self.is_closed))
        first = self.owned is None or self.owned.first
        # The card faces' emoji: read by every process, uploaded by shard 0's only, in the
        # background (text labels stand in until a face exists).
        self.card_emoji = CardEmoji(self, uploads=first)
        self.games = GameManager(
            GameRepository(self.db, clock=self.clock.now, shards=self.owned), self.clock,
            self.timers, takes_over=lambda guild: self.settings.guild(guild).ai_takeover)
        self._wire_outlets()
        self.autoplay = AutoPlayer(self.games, delay=self.ai_delay,
                                   # tests move at once (no AI delay): their breaks too
                                   round_break=ROUND_BREAK if self.ai_delay else 0.0)
        self.tournaments = TournamentService(
            TournamentRepository(self.db, clock=self.clock.now, shards=self.owned), self.games,
            self.autoplay, StatsRepository(self.db, clock=self.clock.now),
            TournamentBoard(self, self.http), self.table_feed, self.clock, self.timers)
        # Lobby messages: through the channel, or through tokens where the bot is not a member.
        self.lobby_board = TokenLobbies(LobbyBoard(self, self, self.clock, self.under_way),
                                        self.clock, BotStateRepository(self.db))
        self.lobbies = LobbyService(
            LobbyRepository(self.db, clock=self.clock.now, shards=self.owned), self.clock,
            self.timers, self.lobby_board)
        # Listening before loading: a change committed meanwhile is heard, not lost.
        await settings.watch(self.settings.changed, self.settings.load)
        await self.settings.load()
        await self.tree.set_translator(CommandTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if first:
            await self.sync_commands()  # once per bot: by the process holding shard 0
        if self.config.card_emoji:
            self.card_emoji.start()
        # Card faces are drawn once per process; drawing them now, off the event loop, keeps
        # the first hands of the day as fast as the later ones (hands are drawn in this
        # process once it is warm, by the workers until then; the workers, which draw the
        # tables, warm up as they start).
        self._warm_up = asyncio.create_task(self.painter.warm_up())
        # Lobbies and games of before a restart: timers re-armed, tables shown again.
        # The games are in memory before the first click can arrive; their tables are shown
        # again in the background (a lost channel ends its game there, and stops nothing else).
        await self.lobbies.restore()
        await self.games.restore()  # their notices show their tables and wake their AIs
        # Tournaments after their tables' games: a table that ended meanwhile is recorded.
        await self.tournaments.restore()
        # Everything loaded so far lives as long as the process: keep it out of the garbage
        # collector's full passes, which otherwise pause the event loop for tens of ms.
        gc.freeze()
        self.gc_passes.install()  # and what survives a full pass from now on (issue 29)
        self.pressure.start()
        self.metrics_server = metrics.serve(
            self.config.metrics_address, games=lambda: len(self.games),
            lobbies=lambda: self.timers.count("lobby"), pictures=lambda: self.painter.waiting)

    def _wire_outlets(self) -> None:
        """The way out: each outlet built with what it needs, subscribed to the game manager's
        notices in the order they show a change (the table first)."""
        self.tables = TablePublisher(self, self.games, self.painter, self.budget,
                                     self.card_emoji, self.settings, self.clock, self.under_way)
        # Tables reached through interaction tokens only (issue 30) are the feed's too.
        self.token_tables = TokenTables(self.clock, self.card_emoji, self.settings,
                                         self.timers)
        self.table_feed = TableFeed(TableRouter(self.tables, self.token_tables), self.games,
                                    self.clock, refresh_delay=self.refresh_delay)
        self.hands = LiveHands(self.clock, self.timers, self.painter, self.settings,
                               self.pressure if self._hands_wait_when_busy else None)
        self.pings = TurnPings(self, self, self.settings, self.clock, self.timers,
                               pens=self.tables.pen)
        self.watchers = Watchers(self.clock, self.budget)
        for outlet in (self.table_feed, self.hands, self.pings, self.watchers):
            self.games.notices.subscribe(outlet.on_notice)

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self._item_types.extend(items)

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().remove_dynamic_items(*items)
        self._item_types = [item for item in self._item_types if item not in items]

    async def on_interaction(self, interaction: Interaction) -> None:
        """Every interaction gets a watchdog that defers its answer if none is ready in about
        2 s; a click on one of our ids that no item reads (an older release's, or damaged) is
        answered as out of date instead of being left to time out."""
        command = interaction.command if interaction.type is not InteractionType.component \
            else None
        answers.received(interaction, self.clock,
                         public=bool(command is not None and command.extras.get("public")))
        watchdog = asyncio.create_task(answers.watch(interaction, self.clock),
                                       name=f"watchdog {interaction.id}")
        self._watchdogs.add(watchdog)
        watchdog.add_done_callback(self._watchdogs.discard)
        await answer_unread_click(interaction, self._item_types)

    async def sync_commands(self) -> None:
        """Send the commands to Discord only when they changed since the last sync: Discord
        allows 200 command creations a day per guild. A development guild gets them at once."""
        guild = (discord.Object(self.config.dev_guild_id)
                 if self.config.dev_guild_id is not None else None)
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        assert translator is not None
        commands = self.tree.get_commands(guild=guild)
        payload = await translated_payloads(self.tree, commands, translator)
        fingerprint = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}"
        state = BotStateRepository(self.db)
        if await state.get(key) == fingerprint:
            log.info("slash commands unchanged: not synced")
            return
        await self._upload_commands(guild, payload, commands)
        await state.set(key, fingerprint)
        self.synced_now = True
        log.info("slash commands synced %s", f"to guild {guild.id}" if guild else "globally")

    async def _upload_commands(self, guild: discord.Object | None, payload: list[dict[str, Any]],
                               commands: list[Any]) -> None:
        """`tree.sync`, with the payload it would translate a second time already translated."""
        app_id = self.application_id
        if app_id is None:
            raise app_commands.MissingApplicationID
        try:
            if guild is None:
                await self.http.bulk_upsert_global_commands(app_id, payload=payload)
            else:
                await self.http.bulk_upsert_guild_commands(app_id, guild.id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:  # as tree.sync says it
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise

    async def close(self) -> None:
        served: metrics.Served | None = getattr(self, "metrics_server", None)
        if served is not None:
            served.close()
        for watchdog in list(self._watchdogs):
            watchdog.cancel()
        if hasattr(self, "card_emoji"):  # before the HTTP session closes under its uploads
            await self.card_emoji.close()
        if hasattr(self, "tournaments"):  # no new round is seated while the process stops
            await self.tournaments.close()
        if hasattr(self, "games"):  # actions under way are saved before the database closes
            await self.games.stop(DRAIN_SECONDS)
        if hasattr(self, "under_way") and not self.is_closed():
            # A clean stop lets the table and lobby edits under way land (an ended game's last
            # table is saved nowhere else), for a few seconds at most.
            await self.under_way.drain(DRAIN_SECONDS)
        if hasattr(self, "timers"):  # no timer fires once the HTTP session is closed (pings)
            await self.timers.close()
        await super().close()
        if hasattr(self, "games"):  # setup_hook ran
            await self.autoplay.close()
            await self.hands.close()
            await self.pressure.close()
            await self.table_feed.close()
            await self.tables.close()
            await self.db.close()
            self.painter.close()
            self.budget.close()
            self.gc_passes.uninstall()
