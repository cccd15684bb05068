"""Makes the `fake_discord` fixture available to the tests in this folder."""

from tests.fake_discord.fixtures import fake_discord

__all__ = ["fake_discord"]
