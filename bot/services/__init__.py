"""What the cogs call: lobbies, running games (one lock per channel), timers."""
