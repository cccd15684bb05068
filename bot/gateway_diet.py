"""What the bot leaves out of discord.py's gateway handling, because nothing in it reads the
result (issue 17: CPU per move).

The gateway echoes every message the bot posts (MESSAGE_CREATE) and every edit it makes
(MESSAGE_UPDATE: a table edit per move, live hands, watchers) back to the bot. discord.py turns
each into a full `Message` (components and all) and, with its default message cache, keeps the
last 1000 of them and scans that cache linearly on every edit. The bot needs none of it:
- it keeps no message cache (`max_messages=None`, see `UnoBot`): tables and hands are edited
  by id through `PartialMessage` or an interaction's token, a deleted table shows up as Unknown
  Message on its next edit (bot/outlets/publisher.py posts a new one), and clicks carry their
  message;
- no listener reads an edit (`on_message_edit`, `on_raw_message_edit`; a test keeps it so), so
  an edit is only needed where discord.py's view store syncs a stored view from it (a view with
  non-dynamic items; the bot's are dynamic and never stored per message);
- `on_message` (H-5 silence) reads people's messages only: a bot's own (or another bot's)
  MESSAGE_CREATE is dropped before it is parsed.

Everything else goes to discord.py's own parsers unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from discord.state import ConnectionState

from bot.discord_private import gateway_parsers, keeps_messages, tracks_message, view_key_of_update

Parser = Callable[[Any], None]

# The events a listener would need the skipped parsing for: none may be listened to.
EDIT_EVENTS = ("message_edit", "raw_message_edit")


def trim_parsers(state: ConnectionState[Any]) -> None:
    """Wrap MESSAGE_CREATE and MESSAGE_UPDATE in `state.parsers` (the dict every shard's
    websocket reads its parsers from) so that the parsing nobody reads is skipped."""
    parsers = gateway_parsers(state)
    parsers["MESSAGE_CREATE"] = _people_only(parsers["MESSAGE_CREATE"])
    parsers["MESSAGE_UPDATE"] = _tracked_only(state, parsers["MESSAGE_UPDATE"])


def _people_only(parse: Parser) -> Parser:
    def parse_message_create(data: dict[str, Any]) -> None:
        author = data.get("author") or {}
        if author.get("bot") or "webhook_id" in data:  # on_message ignores bots and webhooks
            return
        parse(data)

    return parse_message_create


def _tracked_only(state: ConnectionState[Any], parse: Parser) -> Parser:
    def parse_message_update(data: dict[str, Any]) -> None:
        # The same key discord.py uses to find a view stored for this message.
        if keeps_messages(state) or tracks_message(state, view_key_of_update(data)) \
                or tracks_message(state, int(data["id"])):
            parse(data)

    return parse_message_update
