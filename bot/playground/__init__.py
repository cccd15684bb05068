"""The offline playground: the real bot on the offline Discord (bot/fake_discord), played in a
web browser with no Discord account or token. `python3 dev.py play` starts it."""
