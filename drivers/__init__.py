"""What the tests and the benchmarks both drive the bot with: the real bot on the offline fake
Discord (`fake_session`, `harness`), reading what users see (`screen`, `catalogue`), the stateful
fuzz (`fuzzing`) and the kill-and-restart trials (`killing`). tests/ and benchmarks/ import from
here, never from each other; nothing here imports either of them."""
