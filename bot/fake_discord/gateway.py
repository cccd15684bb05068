"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, outages.

Each connection identifies as one shard of `shard_count`; a guild's events go only to the
connection of the guild's shard, `(guild_id >> 22) % shard_count`, as on Discord (several bot
processes, each with its own shards, each get their own guilds' events).

Frames go out as plain JSON text: the client asks for zlib-stream but only inflates binary frames
(DISCORD-FACTS trap 5). Every dispatch is numbered and kept per session, so a client that comes
back with RESUME gets what it missed, as on Discord.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .world import snowflake

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41_250
# Close code of an abnormal drop: discord.py treats it as resumable, like Discord's 4000.
RESUMABLE_CLOSE = 4000


@dataclass
class GatewaySession:
    id: str
    shard_id: int
    shard_count: int
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    def covers(self, guild_id: int) -> bool:
        # Discord routes a guild's events to shard (guild_id >> 22) % shard_count.
        return (guild_id >> 22) % self.shard_count == self.shard_id


class Gateway:
    """Sessions by id, the op log a test can inspect, and the outage switch."""

    def __init__(self, token: Callable[[], str], ready: Callable[[GatewaySession], list[
            tuple[str, dict[str, Any]]]], members: Callable[[int], list[dict[str, Any]]]
                 ) -> None:
        self._token = token
        self._ready_events = ready
        self._members = members  # a guild's member payloads, by guild id
        self.sessions: dict[str, GatewaySession] = {}
        self.ops_received: list[int] = []
        self.url = ""
        self._open = asyncio.Event()
        self._open.set()
        self._sockets: set[web.WebSocketResponse] = set()
        self._dropped: set[web.WebSocketResponse] = set()  # closed by a simulated outage

    # --- test controls -------------------------------------------------------------------------

    async def drop_connections(self) -> None:
        """Close every socket as a network drop would; the client will RESUME when let back in."""
        self._open.clear()
        for session in self.sessions.values():
            session.resumed.clear()
        for ws in list(self._sockets):
            self._dropped.add(ws)
            await ws.close(code=RESUMABLE_CLOSE, message=b"fake outage")

    async def restore(self, timeout: float = 5.0) -> None:
        """Let clients reconnect and wait until every session has RESUMED."""
        self._open.set()
        live = [s for s in self.sessions.values() if not s.resumed.is_set()]
        await asyncio.wait_for(asyncio.gather(*(s.resumed.wait() for s in live)), timeout)

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"fake Discord stopping")

    def session_for(self, guild_id: int) -> GatewaySession | None:
        """The session serving a guild; a connected one before one waiting to resume."""
        covering = [s for s in self.sessions.values() if s.covers(guild_id)]
        live = [s for s in covering if s.ws is not None and not s.ws.closed]
        found = live or covering
        return found[0] if found else None

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int) -> None:
        session = self.session_for(guild_id)
        if session is None:
            raise RuntimeError(f"no gateway session covers guild {guild_id}: is the bot running?")
        await self._send_dispatch(session, event, data)

    # --- protocol ------------------------------------------------------------------------------

    async def _send(self, ws: web.WebSocketResponse | None, frame: dict[str, Any]) -> None:
        if ws is not None and not ws.closed:
            try:
                await ws.send_str(json.dumps(frame))
            except ConnectionError:
                log.debug("gateway frame lost on a closing socket; it stays buffered")

    async def _send_dispatch(self, session: GatewaySession, event: str,
                             data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        await self._send(session.ws, frame)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        session: GatewaySession | None = None
        try:
            # During an outage the client gets its socket but no HELLO until the test restores.
            await self._open.wait()
            await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                self.ops_received.append(op)
                if op == HEARTBEAT:
                    await self._send(ws, {"op": HEARTBEAT_ACK, "d": None})
                elif op == IDENTIFY:
                    session = await self._identify(ws, data)
                elif op == RESUME:
                    session = await self._resume(ws, data)
                elif op == REQUEST_MEMBERS and session is not None:
                    guild_id = int(data.get("guild_id") or 0)
                    if session.covers(guild_id):  # a shard asks only for its own guilds
                        await self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", {
                            "guild_id": str(guild_id), "members": self._members(guild_id),
                            "chunk_index": 0, "chunk_count": 1, "nonce": data.get("nonce")})
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                # A client closing with 1000 ends its session for Discord (a bot that shut
                # down); an outage keeps it resumable.
                if ws.close_code == 1000 and ws not in self._dropped:
                    self.sessions.pop(session.id, None)
            self._dropped.discard(ws)
        return ws

    async def _identify(self, ws: web.WebSocketResponse,
                        data: dict[str, Any]) -> GatewaySession | None:
        if data.get("token") != self._token():
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard_id, shard_count = data.get("shard") or [0, 1]
        session = GatewaySession(id=f"session-{snowflake()}", shard_id=shard_id,
                                 shard_count=shard_count, ws=ws)
        session.resumed.set()
        self.sessions[session.id] = session
        for event, payload in self._ready_events(session):
            await self._send_dispatch(session, event, payload)
        return session

    async def _resume(self, ws: web.WebSocketResponse,
                      data: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self._token():
            # d=false: not resumable, the client must IDENTIFY again.
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return None
        session.ws = ws
        last_seen = data.get("seq") or 0
        for frame in session.sent:
            if frame["s"] > last_seen:
                await self._send(ws, frame)
        await self._send_dispatch(session, "RESUMED", {})
        session.resumed.set()
        return session
