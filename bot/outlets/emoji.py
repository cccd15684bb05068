"""The card faces as application emoji: found by name in the app's list, the missing ones
uploaded in the background, the outdated ones deleted, so they never pile up toward Discord's
2,000 a app.

Only the process holding shard 0 uploads and deletes (one bot, one set of emoji); the others
only read the list, again now and then until every face is there. Emoji routes have slow rate
limits, so uploads go one at a time with the lowest priority of the request budget: a game's
edits always pass first. A stop halfway loses nothing: the next start lists what exists and
uploads the rest.

Until a face exists, or where the bot may not show external emoji (Discord counts application
emoji as external in a server), cards are shown as text, as before.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.render.faces import (
    NO_FACES,
    Faces,
    FaceSpec,
    all_faces,
    emoji_name,
    face_png,
    parse_name,
)

from .budget import Priority, priority

log = logging.getLogger(__name__)

RELIST_SECONDS = 300.0  # how often a process that does not upload looks for new faces


class CardEmoji:
    """The faces that exist as emoji now, and the background task that makes them exist."""

    def __init__(self, client: discord.Client, *, uploads: bool,
                 specs: Callable[[], list[FaceSpec]] | None = None) -> None:
        self._client = client
        self.uploads = uploads  # whether this process owns the set (it holds shard 0)
        self._specs = specs or all_faces
        self.emoji: dict[str, tuple[str, int]] = {}  # face key -> (name, id), current only
        self.uploaded = 0
        self.deleted = 0
        self.complete = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="card emoji")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    # -- what the answers use

    def faces(self, *, colorblind: bool = False, allowed: bool = True) -> Faces:
        """The faces for one reader; none where emoji may not be shown."""
        if not allowed or not self.emoji:
            return NO_FACES
        return Faces(self.emoji, colorblind)

    def for_interaction(self, interaction: discord.Interaction, *,
                        colorblind: bool = False) -> Faces:
        """An answer shows emoji if the bot may use external emoji where it answers."""
        return self.faces(colorblind=colorblind,
                          allowed=interaction.app_permissions.use_external_emojis)

    def for_channel(self, channel: object) -> Faces:
        """A channel message shows emoji if the bot's permissions there are known and allow
        them (a channel not cached yet gets text: it cannot be checked)."""
        allowed = False
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread) and \
                channel.guild.me is not None:
            allowed = channel.permissions_for(channel.guild.me).use_external_emojis
        return self.faces(allowed=allowed)

    # -- the background work

    async def _run(self) -> None:
        try:
            while True:
                with priority(Priority.BACKGROUND):
                    await self.sync()
                if self.complete.is_set():
                    return
                await asyncio.sleep(RELIST_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - text labels go on; the next start tries again
            log.exception("card emoji: stopped")

    def _wanted(self) -> dict[str, tuple[FaceSpec, str]]:
        return {spec.key: (spec, emoji_name(spec)) for spec in self._specs()}

    async def sync(self) -> None:
        """List the app's emoji, keep the current faces, and (the uploading process) delete
        the outdated ones of ours and upload the missing ones."""
        # Naming a face draws it (its fingerprint): a second of CPU for the whole set, off the
        # event loop.
        wanted = await asyncio.to_thread(self._wanted)
        existing = await self._client.fetch_application_emojis()
        stale: list[discord.Emoji] = []
        for emoji in existing:
            parsed = parse_name(emoji.name)
            if parsed is None:
                continue  # not one of ours
            key = parsed[0]
            current = key in wanted and wanted[key][1] == emoji.name
            if current and self.emoji.setdefault(key, (emoji.name, emoji.id))[1] == emoji.id:
                continue
            stale.append(emoji)  # art changed, a face no longer drawn, or a duplicate
        if self.uploads:
            for emoji in stale:  # first: room under the limit for their replacements
                await emoji.delete()
                self.deleted += 1
            for key, (spec, name) in wanted.items():
                if key in self.emoji:
                    continue
                png = await asyncio.to_thread(face_png, spec)
                made = await self._client.create_application_emoji(name=name, image=png)
                self.emoji[key] = (made.name, made.id)
                self.uploaded += 1
        if all(key in self.emoji for key in wanted):
            self.complete.set()
            log.info("card emoji: %d faces ready (%d uploaded, %d deleted)", len(self.emoji),
                     self.uploaded, self.deleted)
