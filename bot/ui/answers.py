"""Answering an interaction, whether or not the watchdog deferred it first.

Discord drops an interaction that gets no answer within 3 seconds. A move normally answers in a
few milliseconds with one response; when something holds it up (a stalled write), the watchdog
started for every interaction (`watch`) sends a deferral at about 2 seconds, and the answer then
goes out as a follow-up or an edit of the original response instead. Every answer of the bot goes
through `send` and `update` here, under one lock per interaction, so the deferral and the answer
never race, and nothing is sent on a token Discord has already let go of.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp
import discord

from bot.clock import Clock
from bot.discord_private import edit_unread

from .context import wiring_of

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds: the answer is deferred if none is ready by then
RESPONSE_DEADLINE = 3.0  # Discord's limit for the first response
TOKEN_LIFETIME = 15 * 60.0  # follow-ups and edits work this long after the interaction

Interaction = discord.Interaction[Any]

_LOCK, _RECEIVED, _PUBLIC = "uno.answer_lock", "uno.received_at", "uno.public"


class Expired(Exception):
    """The interaction's token can no longer be used: the answer is dropped."""


# What a request to Discord may end in instead of its answer: Discord refusing it, or no answer
# at all. A dropped connection reaches the bot as aiohttp's error: discord.py passes it on (it
# retries only some `OSError`s) and does not wrap it in `HTTPException`. Background edits that
# give up, or fall back, on a refusal do the same on these.
NOT_DONE = (discord.HTTPException, aiohttp.ClientError)
# ... and, for a request through an interaction's token, the token too old to use.
TOKEN_NOT_DONE = (Expired, *NOT_DONE)


def _lock(interaction: Interaction) -> asyncio.Lock:
    lock = interaction.extras.get(_LOCK)
    if lock is None:
        lock = interaction.extras[_LOCK] = asyncio.Lock()
    return lock


def _age(interaction: Interaction, clock: Clock | None) -> float:
    received = interaction.extras.get(_RECEIVED)
    if clock is None or received is None:
        return 0.0
    return clock.now() - float(received)


def _clock(interaction: Interaction) -> Clock | None:
    wiring = wiring_of(interaction)
    return wiring.clock if wiring is not None else None


def _usable(interaction: Interaction) -> None:
    age = _age(interaction, _clock(interaction))
    limit = TOKEN_LIFETIME if interaction.response.is_done() else RESPONSE_DEADLINE
    if age >= limit:
        raise Expired(f"interaction {interaction.id} is {age:.1f} s old")


def received(interaction: Interaction, clock: Clock, *, public: bool = False) -> None:
    """Note when an interaction arrived (on the bot's clock, which Discord's deadlines follow in
    tests too), and whether a deferred command answer should be public."""
    interaction.extras[_RECEIVED] = clock.now()
    interaction.extras[_PUBLIC] = public


async def watch(interaction: Interaction, clock: Clock) -> None:
    """Defer the answer when none is ready at DEFER_AFTER, so a slow move still gets one."""
    await clock.sleep(DEFER_AFTER)
    async with _lock(interaction):
        if interaction.response.is_done():
            return
        if _age(interaction, clock) >= RESPONSE_DEADLINE:
            return  # too late for anything: Discord has shown its own failure already
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()  # the answer edits the clicked message
            else:
                await interaction.response.defer(
                    thinking=True, ephemeral=not interaction.extras.get(_PUBLIC, False))
        except discord.HTTPException as exc:
            log.warning("could not defer interaction %s: %s", interaction.id, exc)
            return
        log.info("interaction %s deferred: no answer within %.1f s", interaction.id,
                 DEFER_AFTER)


class Sent:
    """A message sent as an answer, editable later through the interaction's token (a hand's
    picture is attached after its first answer)."""

    def __init__(self, interaction: Interaction, message: discord.Message | None, *,
                 message_id: int | None = None) -> None:
        """`message`: a follow-up; None: the original response, whose message is `message_id`
        where known (the clicked message an update answered, or the response's message)."""
        self._interaction = interaction
        self._message = message  # None: it is the original response
        self._message_id = message.id if message is not None else message_id

    @property
    def id(self) -> int | None:
        return self._message.id if self._message is not None else None

    @property
    def message_id(self) -> int | None:
        """The message this answer shows, where known."""
        return self._message_id

    def same_message(self, other: Sent) -> bool:
        """Whether both answers show the same message (an unknown message is another one)."""
        return self is other or (self._message_id is not None
                                 and self._message_id == other._message_id)

    @property
    def expires_at(self) -> float | None:
        """When Discord lets go of the token this message is edited through, on the bot's
        clock (None: the interaction's arrival was not noted)."""
        received = self._interaction.extras.get(_RECEIVED)
        return None if received is None else float(received) + TOKEN_LIFETIME

    async def edit(self, **fields: Any) -> None:
        """Edit the message through the token; Discord's answer is not read (live hands and
        tables are edited so at every move: bot/discord_private.py, `edit_unread`)."""
        interaction = self._interaction
        async with _lock(interaction):
            _usable(interaction)
            await edit_unread(interaction, None if self._message is None else self._message.id,
                              **fields)

    async def message(self) -> discord.Message:
        if self._message is not None:
            return self._message
        return await self._interaction.original_response()

    @property
    def interaction_id(self) -> int:
        return self._interaction.id

    async def follow_up(self, **fields: Any) -> Sent:
        """A new message through this answer's token (a turn ping where the bot is not a
        member: issue 30)."""
        interaction = self._interaction
        async with _lock(interaction):
            _usable(interaction)
            message = await interaction.followup.send(wait=True, **fields)
            return Sent(interaction, message)

    async def delete(self) -> None:
        """Delete this message through its token, while it lives."""
        interaction = self._interaction
        async with _lock(interaction):
            _usable(interaction)
            if self._message is None:
                await interaction.delete_original_response()
            else:
                await interaction.followup.delete_message(self._message.id)


async def send(interaction: Interaction, **fields: Any) -> Sent:
    """A new message as the answer (or a follow-up, once the answer was deferred or sent)."""
    async with _lock(interaction):
        _usable(interaction)
        if not interaction.response.is_done():
            response = await interaction.response.send_message(**fields)
            return Sent(interaction, None, message_id=response.message_id)
        message = await interaction.followup.send(wait=True, **fields)
        return Sent(interaction, message)


async def acknowledge(interaction: Interaction) -> None:
    """Acknowledge a click without editing its message: what it changed shows another way (a
    table that moves is posted anew rather than edited: bot/outlets/table_moves.py)."""
    async with _lock(interaction):
        _usable(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()


async def update(interaction: Interaction, **fields: Any) -> None:
    """Edit the message whose control was clicked, as the answer."""
    async with _lock(interaction):
        _usable(interaction)
        if not interaction.response.is_done():
            await interaction.response.edit_message(**fields)
        else:
            await edit_unread(interaction, None, **fields)

