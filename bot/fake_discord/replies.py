"""How the fake answers: Discord's JSON responses and refusals, and where a request's parsed
body is kept; shared by the server and its route modules (threads.py)."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .world import InteractionRecord

# Typed request-storage keys where aiohttp has them (3.12+); plain strings before.
BODY: Any = web.RequestKey("body", object) if hasattr(web, "RequestKey") else "body"
UPLOADS: Any = web.RequestKey("uploads", dict) if hasattr(web, "RequestKey") else "uploads"


class DiscordError(Exception):
    """Raised inside a handler to answer the way Discord refuses a call."""

    def __init__(self, status: int, code: int, message: str, *, record: bool = True,
                 errors: list[str] | None = None, interaction: InteractionRecord | None = None):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.record, self.errors, self.interaction = record, errors or [], interaction


def json_response(data: Any, status: int = 200,
                  headers: dict[str, str] | None = None) -> web.Response:
    # Trap 1: the content type must be exactly application/json (no charset), or discord.py
    # reads the body as text; `body=` bytes keeps aiohttp from appending "; charset=utf-8".
    return web.Response(body=json.dumps(data).encode(), status=status,
                        content_type="application/json", headers=headers)
