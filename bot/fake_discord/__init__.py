"""An offline Discord that the real discord.py connects to: the HTTP API and gateway on
127.0.0.1, with one guild, its members, messages and interactions, enforcing Discord's limits.

It ships with the bot for the offline playground (`python3 dev.py play`) and is what the
end-to-end tests run the bot against (their pytest fixture is tests/fake_discord/fixtures.py).
`FakeDiscord` (server.py) is the server and its world (its routes by job in app_routes.py,
interaction_routes.py, channel_routes.py, threads.py; every request passes request_gate.py;
messages are made in message_desk.py); `VirtualUser` (users.py) a member who
acts through it; `FakeClock` (clock.py) the time Discord's deadlines are measured on.
"""
