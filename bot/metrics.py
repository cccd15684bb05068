"""The bot's own figures, live: `/metrics` in Prometheus' text format (issue 29).

Off unless METRICS_ADDRESS is set (e.g. `127.0.0.1:9464`); read it with
`curl -s http://127.0.0.1:9464/metrics | grep ^uno_`. The rest of the bot reports through the
small hooks below (one line where something happens), so no module needs to know Prometheus;
a hook only counts, it never changes what the bot does. The figures are kept whether or not
they are served (a counter is a few hundred nanoseconds); what costs anything (the HTTP server
in its thread, the event loop's probe) runs only when served.

What is measured where:
- moves applied (`uno_moves_applied_total`): the game manager, once an action is saved;
- first response (`uno_first_response_seconds`): an interaction's callback, from the time in its
  id (Discord's snowflake: when Discord created it) to the callback's answer;
- turn notice (`uno_turn_notice_seconds{by}`): from the move that made a player awaited to
  their open hand's live edit saying it is their move, or their ping (the first of the two);
- bot-token requests by priority, the time they waited for the budget, 429 answers (by token);
- table-edit lag (`uno_table_edit_lag_seconds`): from a move to the table edit that shows it;
  table edits by token (`uno_table_edits_total{token}`: a click's interaction token or the bot's);
- games and lobbies running, pictures waiting, their draw time (by kind);
- event-loop lag (how late the probe's 0.1 s sleep wakes: bot/outlets/pressure.py) and
  database save time.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1420070400000
PROBE_EVERY = 0.25  # seconds between two updates of the gauges
NOTICED = 4096  # games whose last noticed turn is remembered (one notice per turn)
_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")
_FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
_HUMAN = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)

REGISTRY = CollectorRegistry()
MOVES = Counter("uno_moves_applied", "Actions applied to games and saved", registry=REGISTRY)
FIRST_RESPONSE = Histogram(
    "uno_first_response_seconds", "From Discord creating an interaction to the bot's first "
    "response (Discord allows 3 s)", buckets=(*_FAST, 3.0, 5.0), registry=REGISTRY)
TURN_NOTICE = Histogram(
    "uno_turn_notice_seconds", "From a move to the next player's live hand or ping saying it "
    "is their move", ["by"], buckets=_HUMAN, registry=REGISTRY)
REQUESTS = Counter("uno_bot_token_requests", "Requests made with the bot's token, by priority",
                   ["priority"], registry=REGISTRY)
BUDGET_WAIT = Histogram("uno_budget_wait_seconds", "How long a bot-token request waited for "
                        "the request budget", buckets=(0.0, *_FAST, 5.0), registry=REGISTRY)
RATE_LIMITED = Counter("uno_http_429", "Answers 429 (rate limited) from Discord, by token "
                       "(bot, or an interaction's)", ["token"], registry=REGISTRY)
TABLE_EDIT_LAG = Histogram("uno_table_edit_lag_seconds", "From a move to the table edit "
                           "showing it", buckets=_HUMAN, registry=REGISTRY)
TABLE_EDITS = Counter("uno_table_edits", "Edits of public tables, by the token that made them "
                      "(a click's interaction token, or the bot's)", ["token"], registry=REGISTRY)
GAMES = Gauge("uno_games_running", "Games in play in this process", registry=REGISTRY)
LOBBIES = Gauge("uno_lobbies_open", "Lobbies open in this process", registry=REGISTRY)
PICTURES_WAITING = Gauge("uno_pictures_waiting", "Pictures waiting or being drawn",
                         registry=REGISTRY)
PICTURE_DRAW = Histogram("uno_picture_draw_seconds", "From a picture's request to its PNG "
                         "(waiting for a worker included), by kind", ["kind"], buckets=_FAST,
                         registry=REGISTRY)
LOOP_LAG = Histogram("uno_event_loop_lag_seconds", "How late the event loop woke a sleeper",
                     buckets=(0.001, 0.0025, *_FAST), registry=REGISTRY)
DATABASE_SAVE = Histogram("uno_database_save_seconds", "Saving a game after an action",
                          buckets=(0.0005, 0.001, 0.0025, *_FAST), registry=REGISTRY)

_noticed: OrderedDict[str, int] = OrderedDict()  # game id -> the version last noticed


# -- the hooks


def move_applied() -> None:
    MOVES.inc()


def turn_noticed(game_id: str, version: int, seconds: float, by: str) -> None:
    """A player learnt it is their move (`by`: "hand" or "ping"); only the first notice of a
    game's version counts."""
    if _noticed.get(game_id) == version:
        return
    _noticed[game_id] = version
    _noticed.move_to_end(game_id)
    while len(_noticed) > NOTICED:
        _noticed.popitem(last=False)
    TURN_NOTICE.labels(by).observe(max(0.0, seconds))


def bot_request(priority: str) -> None:
    REQUESTS.labels(priority.lower()).inc()


def budget_waited(seconds: float) -> None:
    BUDGET_WAIT.observe(seconds)


def table_shown(seconds: float) -> None:
    TABLE_EDIT_LAG.observe(max(0.0, seconds))


def table_edited(token: str) -> None:
    """A table was edited through `token`: "interaction" (a pen, issue 29) or "bot"."""
    TABLE_EDITS.labels(token).inc()


def picture_drawn(kind: str, seconds: float) -> None:
    PICTURE_DRAW.labels(kind).observe(seconds)


def loop_late(seconds: float) -> None:
    LOOP_LAG.observe(seconds)


def game_saved(seconds: float) -> None:
    DATABASE_SAVE.observe(seconds)


def _created_at(interaction_id: int) -> float:
    """When Discord created the interaction (the timestamp in its snowflake), in Unix seconds."""
    return ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000


def http_trace() -> aiohttp.TraceConfig:
    """Reads every HTTP answer the bot gets (discord.py's `http_trace`): interaction callbacks
    for the first response, 429s for the rate limits."""
    trace = aiohttp.TraceConfig()

    async def ended(session: aiohttp.ClientSession, context: SimpleNamespace,
                    params: aiohttp.TraceRequestEndParams) -> None:
        path = params.url.path
        if params.response.status == 429:
            token = "interaction" if "/interactions/" in path or "/webhooks/" in path else "bot"
            RATE_LIMITED.labels(token).inc()
        found = _CALLBACK.search(path)
        if found is not None and params.response.status < 300:
            FIRST_RESPONSE.observe(max(0.0, time.time() - _created_at(int(found.group(1)))))

    trace.on_request_end.append(ended)
    return trace


# -- serving


class Served:
    """The HTTP server of `/metrics` and the gauges' updates; `close()` stops both."""

    def __init__(self, address: tuple[str, int], gauges: dict[Gauge, Callable[[], int]]) -> None:
        host, port = address
        self._server, self._thread = start_http_server(port, host, registry=REGISTRY)
        self.port: int = self._server.server_port
        self._gauges = gauges
        self._probe = asyncio.create_task(self._watch(), name="metrics probe")
        log.info("metrics served at http://%s:%d/metrics", host, self.port)

    async def _watch(self) -> None:
        while True:
            for gauge, read in self._gauges.items():
                gauge.set(read())
            await asyncio.sleep(PROBE_EVERY)

    def close(self) -> None:
        self._probe.cancel()
        # shutdown() waits for the serving thread to notice: off the event loop's thread.
        threading.Thread(target=self._stop, name="metrics stop", daemon=True).start()

    def _stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def serve(address: tuple[str, int] | None, **gauges: Callable[[], int]) -> Served | None:
    """Serve /metrics at `address` (None: not served). `gauges`: games, lobbies, pictures, read
    on the event loop every PROBE_EVERY seconds."""
    if address is None:
        return None
    known: dict[str, Any] = {"games": GAMES, "lobbies": LOBBIES, "pictures": PICTURES_WAITING}
    return Served(address, {known[name]: read for name, read in gauges.items()})
