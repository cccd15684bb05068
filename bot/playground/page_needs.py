"""What the playground's web page needs of the playground, in a module below both: the people it
acts as (`Player`), the address it answers on, and the playground as the page sees it
(`PageNeeds`). The playground builds the page (playground.py imports web.py) and the page reads
the playground only through this Protocol, so the data flows one way and no import goes back up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from bot.fake_discord.users import InteractionHandle, VirtualUser
from bot.fake_discord.world import Channel

from .servers import PlaygroundDiscord

if TYPE_CHECKING:
    from bot.client import UnoBot

HOST = "127.0.0.1"


class Player(VirtualUser):
    """A member of the playground, who runs slash commands in whichever channel is open."""

    async def slash_in(self, channel: Channel, command: str,
                       options: dict[str, Any]) -> InteractionHandle:
        return await self.in_channel(channel).slash(command, wait=False, **options)


class PageNeeds(Protocol):
    """The playground as its page uses it: the offline Discord, the bot (None until it runs),
    the people by id, what went wrong, and the two things the page asks of it."""

    fake: PlaygroundDiscord
    bot: UnoBot | None
    people: dict[int, Player]

    def add_person(self, name: str, *, moderator: bool = False) -> Player: ...

    def watch(self, handle: InteractionHandle) -> None: ...

    def problems(self) -> list[str]: ...
