"""The way in: Discord views and dynamic items (buttons that find their lobby or game by id), the
click store, and the answers to clicks. What is shown after a change is `bot/outlets/`."""
