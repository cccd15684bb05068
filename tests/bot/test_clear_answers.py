"""Issue 37, the small ones: an answer says why, or where to go, and shows nothing untrue.

Deals are rigged (Ann plays first); time moves with the harness clock, never by sleeping."""

from __future__ import annotations

from drivers.catalogue import en, label
from drivers.screen import hand_text, last_ephemeral, open_hand, table_of, trim
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game


async def test_c5_uno_not_due_says_why(harness: Harness, players: list[VirtualUser]) -> None:
    """C-5.1, C-5.4 (false_uno_penalty off): UNO! with seven cards is refused with the reason;
    after a call, a second one says it was made already."""
    ann, _, _ = players
    session = await start_game(harness, players, turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R3", "G3"]}, start="R5")
    await ann.click(table_of(ann, session), en("button.uno"))
    assert last_ephemeral(ann) == en("why.uno_not_due", count=7)
    trim(session, ann, 2)
    await ann.click(await open_hand(harness, ann, session),
                    en("button.play_uno", card=label("R7")))
    await ann.click(table_of(ann, session), en("button.uno"))
    assert last_ephemeral(ann) == en("why.uno_called_already")


async def test_a_hand_of_a_finished_match_points_to_the_new_tables_hand(
        harness: Harness, players: list[VirtualUser]) -> None:
    """Bob's hand outlived its token (so the match's end could not switch it off); a new game
    runs in the channel: its card says the game is over and where his cards are now."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0, target=50)
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["W", "W+4"], cid: ["W", "B1"]},
              start="R5")
    trim(session, ann, 1)
    old = await open_hand(harness, bob, session)
    await harness.settle()  # no table edit in flight through a token across the jump
    harness.clock.advance(15 * 60 + 1)
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    assert session.finished
    await start_game(harness, players, turn_timer=0)
    await bob.click(old, label("W"))
    assert last_ephemeral(bob) == en("error.game_over_new_table")


async def test_a_hand_with_no_card_has_no_picture(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """H-12 (play to the last): Ann is out and the round goes on; her hand lists no card and
    carries no (blank) picture."""
    ann, bob, cid = players
    session = await start_game(harness, players, turn_timer=0,
                               rules={"scoring": ["play_to_last"]})
    await rig(harness, session, {ann: ["R7"], bob: ["R8", "R9"], cid: ["R3", "G4"]},
              start="R5")
    trim(session, ann, 1)
    await ann.click(await open_hand(harness, ann, session), label("R7"))
    assert not session.game.round_over
    hand = (await ann.click(table_of(ann, session), en("button.hand"))).response
    assert hand is not None and hand.ephemeral
    await harness.pause(0.3)
    assert en("hand.title", count=0) in hand_text(hand)
    assert not hand.attachments
