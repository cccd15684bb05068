"""The way out: what the bot shows after a change (the public table, live hands, turn pings,
watchers, tournament boards, the card emoji) and the request budget their requests go through.
The way in (items, views, the click store, answers to clicks) is `bot/ui/`."""
