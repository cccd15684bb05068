"""A Discord bot that hosts UNO games. `bot.engine` holds the rules and imports nothing from Discord."""
