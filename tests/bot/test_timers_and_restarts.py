"""Turn timers on the fake clock (RULES.md C-11, C-10), abandoned games, and restarts: the game
continues identically and buttons of before the restart still work."""

from __future__ import annotations

from bot.engine import dump
from bot.services.games import ABANDONED_AFTER
from drivers.catalogue import en
from drivers.screen import open_hand, table_after

from .harness import Harness, rig, start_game


async def _timer_fired(h: Harness, session: object, version: int) -> None:
    await h.fake.wait_for(lambda: session.game.version > version, timeout=3)  # type: ignore[attr-defined]


async def test_turn_timer_draws_and_passes_for_the_player(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=30)
    await rig(harness, session, {ann: ["G3", "G4", "B6", "B8", "Y9", "Y2", "Y3"]}, start="R5",
              then=("R1",))
    version = session.game.version
    harness.clock.advance(29)
    await harness.pause(0.1)
    assert session.game.version == version  # not yet
    harness.clock.advance(2)
    await _timer_fired(harness, session, version)
    await harness.fake.wait_for(lambda: session.game.turn == 1, timeout=3)
    text = await table_after(harness, bob, session)
    # C-11: drew (a playable Red 1, kept) and passed; one timeout, said on the table.
    assert en("table.timed_out", player="Ann") in text
    assert en("event.drew", player="Ann", count=1) in text
    assert en("event.passed", player="Ann") in text
    assert len(session.game.hands[0]) == 8 and session.timeouts[str(ann.id)] == 1


async def test_three_timeouts_in_a_row_remove_the_player(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await start_game(harness, [ann, bob, cid], turn_timer=20)
    # Nobody can match the start card: every turn is a draw (and a pass when it matches).
    await rig(harness, session, {ann: ["G1", "G2", "G3", "G4", "G6", "G7", "G8"],
                                 bob: ["B1", "B2", "B3", "B4", "B6", "B7", "B8"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]},
              start="R5", dealer=cid)
    game = session.game
    for _ in range(3):
        assert game.waiting_for == 0  # Ann's turn
        version = game.version
        harness.clock.advance(21)
        await _timer_fired(harness, session, version)
        await harness.fake.wait_for(lambda: game.waiting_for != 0 or not game.active[0],
                                    timeout=3)
        # Bob and Cid act themselves (their counts stay at zero).
        for user in (bob, cid):
            if not game.active[0] or game.waiting_for is None:
                break
            hand = await open_hand(harness, user, session)
            await user.click(hand, en("button.draw"))
            if en("button.pass") in user.message(hand.id).labels():
                await user.click(user.message(hand.id), en("button.pass"))
    await harness.fake.wait_for(lambda: not game.active[0], timeout=3)
    assert session.timeouts == {}
    text = await table_after(harness, bob, session)
    assert en("table.removed_idle", player="Ann") in text  # C-11 → C-10
    assert en("table.player_left", player="Ann") in text


async def test_a_game_nobody_plays_for_a_day_is_ended(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0)
    bot = harness.bot
    assert bot is not None
    # The table is posted first (under load its id came after the game had ended: CI once).
    await harness.fake.wait_for(lambda: session.message_id is not None, timeout=3)
    await harness.settle()  # the table's first edits land before the day passes, not after
    harness.clock.advance(ABANDONED_AFTER + 1)
    await harness.fake.wait_for(lambda: bot.games.in_channel(session.channel_id) is None,
                                timeout=3)
    table = ann.message(session.message_id)
    await harness.fake.wait_for(lambda: "nobody played" in table.text, timeout=3)
    assert table.buttons() == []
    await ann.slash("uno create")  # the channel is free again
    assert harness.lobby(ann)


async def test_restart_in_the_middle_of_a_turn_continues_identically(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=60)
    await rig(harness, session, {ann: ["R7", "R8", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "🟥 Red 7")
    bob_hand = await open_hand(harness, bob, session)
    await harness.settle()
    before = dump(session.game)
    deadline = session.turn_deadline
    bot = await harness.restart()
    restored = bot.games.in_channel(session.channel_id)
    assert restored is not None and restored is not session
    assert dump(restored.game) == before and restored.turn_deadline == deadline
    assert restored.message_id == session.message_id
    # A hand opened before the restart still plays (its version is current) ...
    playable = [b for b in bob_hand.buttons() if b["style"] == 3]
    if playable:
        await bob.click(bob_hand, custom_id=playable[0]["custom_id"])
    else:
        await bob.click(bob_hand, en("button.draw"))
    assert restored.game.version == int(before["version"]) + 1
    # ... and so does the table of before the restart.
    handle = await ann.click(ann.message(session.message_id), en("button.hand"))
    assert handle.response is not None and handle.response.ephemeral


async def test_turn_deadline_survives_a_restart(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=45)
    version = session.game.version
    bot = await harness.restart()
    restored = bot.games.in_channel(session.channel_id)
    assert restored is not None
    harness.clock.advance(46)
    await _timer_fired(harness, restored, version)
    assert restored.timeouts  # the timer acted for the waiting player
