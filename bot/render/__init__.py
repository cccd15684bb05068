"""Turning engine state and events into the text the bot shows at the table."""
