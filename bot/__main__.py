"""`python -m bot`: load `.env`, check the settings, run the bot.

`python3 dev.py run` adds `--playground-without-token`: with no DISCORD_TOKEN it then starts the
offline playground (bot/playground) instead of stopping. A deployment (`python -m bot`) never
does that: a missing token there stays an error.
"""

from __future__ import annotations

import logging
import os
import signal
import sys

import discord
from dotenv import dotenv_values, find_dotenv

from bot.event_loop import use_fast_loop
from bot.settings import Settings, SettingsError


def environment() -> dict[str, str]:
    """`.env` of the working directory (or a parent) under the process environment: variables
    already set win, as deployments expect."""
    found = find_dotenv(usecwd=True)
    from_file = {k: v for k, v in dotenv_values(found).items() if v is not None} if found else {}
    return {**from_file, **os.environ}


PLAYGROUND_FLAG = "--playground-without-token"
NO_TOKEN_PLAYGROUND = (
    "uno-bot: DISCORD_TOKEN is not set, so this starts the offline playground: the real bot on "
    "an offline Discord, played in your web browser (`python3 dev.py play` starts it "
    "directly).\nTo connect to Discord instead, copy .env.example to .env and put your bot's "
    "token there (Discord Developer Portal > your application > Bot > Reset Token), then run "
    "`python3 dev.py run` again.")


def main(argv: list[str] | None = None) -> int:
    # Ctrl+C (SIGINT) stops it cleanly even when it was started with SIGINT ignored (a shell's
    # background job, nohup): Python installs its own handler only for a signal that was
    # not ignored at start.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    argv = sys.argv[1:] if argv is None else argv
    env = environment()
    if PLAYGROUND_FLAG in argv and not env.get("DISCORD_TOKEN", "").strip():
        print(NO_TOKEN_PLAYGROUND, file=sys.stderr, flush=True)
        from bot.playground.__main__ import main as play

        return play([a for a in argv if a != PLAYGROUND_FLAG])
    try:
        settings = Settings.from_env(env)
    except SettingsError as exc:
        print(f"uno-bot: {exc}", file=sys.stderr)
        return 2
    from bot.client import UnoBot  # after the settings check: a missing token needs no Discord

    use_fast_loop()
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
