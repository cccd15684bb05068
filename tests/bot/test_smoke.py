from __future__ import annotations

import time

from .harness import Driver, Harness


async def test_full_match(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    await ann.slash("uno create")
    lobby = harness.lobby(ann)
    await bob.click(lobby, "Join")
    await ann.click(lobby, "Start")
    driver = Driver(harness, [ann, bob])
    start = time.perf_counter()
    await driver.play_to_end()
    print("clicks", driver.clicks, time.perf_counter() - start)
    await harness.settle()
    table = harness.table(ann)
    print(table.content, table.embeds)
