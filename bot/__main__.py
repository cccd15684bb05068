"""`python -m bot`: load `.env`, check the settings, run the bot."""

from __future__ import annotations

import sys

from dotenv import find_dotenv, load_dotenv

from bot.settings import Settings, SettingsError


def main() -> int:
    # .env of the working directory (or a parent); variables already in the environment win,
    # as deployments expect.
    load_dotenv(find_dotenv(usecwd=True), override=False)
    try:
        Settings.from_env()
    except SettingsError as exc:
        print(f"uno-bot: {exc}", file=sys.stderr)
        return 2
    # The Discord client arrives with the bot issues; until then say so plainly instead of failing.
    print(
        "uno-bot: the settings are fine, but the Discord client is not built yet: only the rules "
        "engine exists so far (try `python -m bot.engine.replay FILE.json`).",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
