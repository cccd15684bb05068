"""`python -m bot`: load `.env`, check the settings, run the bot."""

from __future__ import annotations

import logging
import os
import sys

import discord
from dotenv import dotenv_values, find_dotenv

from bot.settings import Settings, SettingsError


def environment() -> dict[str, str]:
    """`.env` of the working directory (or a parent) under the process environment: variables
    already set win, as deployments expect."""
    found = find_dotenv(usecwd=True)
    from_file = {k: v for k, v in dotenv_values(found).items() if v is not None} if found else {}
    return {**from_file, **os.environ}


def main() -> int:
    try:
        settings = Settings.from_env(environment())
    except SettingsError as exc:
        print(f"uno-bot: {exc}", file=sys.stderr)
        return 2
    from bot.client import UnoBot  # after the settings check: a missing token needs no Discord

    bot = UnoBot(settings)
    try:
        # run() sets up logging at the chosen level and closes everything on Ctrl+C.
        bot.run(settings.discord_token, log_level=getattr(logging, settings.log_level))
    except discord.LoginFailure:
        print("uno-bot: Discord refused DISCORD_TOKEN: copy the token again from the Developer "
              "Portal (Bot > Reset Token) into .env.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
