"""A Discord bot that hosts UNO games. `bot.engine` holds the rules and knows nothing of Discord."""
