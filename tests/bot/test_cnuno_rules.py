"""The CNUNO preset through the buttons: RULES.md N-1 … N-6, with the preset's
jump-in (H-2, section P), as virtual users see them on the public table and in their hands.

Deals are rigged with a stacked deck (Ann plays first, Cid deals); every expected outcome is read
from RULES.md, never from the engine.
"""

from __future__ import annotations

from typing import Any

from drivers.catalogue import card_name, colour, en, en_part, label
from drivers.screen import (
    footer_of,
    hand_cards,
    hand_text,
    last_ephemeral,
    open_hand,
    ping_of,
    section_of,
    size,
    style_of,
    table_after,
    table_of,
    table_shows,
    uno_seat,
)
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game


async def cnuno(harness: Harness, players: list[VirtualUser], hands: dict[VirtualUser, list[str]],
                start: str = "R5", then: tuple[str, ...] = ()) -> Any:
    session = await start_game(harness, players, preset="cnuno")
    await rig(harness, session, hands, start=start, then=then)
    return session












# ---------------------------------------------------------------------------- N-1


async def test_n1_skip_deflected_with_an_identical_skip_then_accepted(
        harness: Harness, players: list[VirtualUser]) -> None:
    """N-1: Bob, about to be skipped by Ann's Red Skip, deflects it with his own Red Skip (his
    Green Skip is not identical); the skip passes to Cid, who has none and accepts it (C-4: the
    table asks him the same way)."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {
        ann: ["RS", "G1", "G2", "G3", "G4", "G6", "G7"],
        bob: ["RS", "GS", "B1", "B2", "B3", "B4", "B6"],
        cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Skip")
    text = await table_after(harness, cid, session)
    # C-4 "When a penalty waits": the skip waits for Bob's answer.
    assert en("table.pending.skip", player="Bob") in text
    assert en("table.your_move", mention=bob.mention) == ping_of(table_of(bob, session))
    await table_shows(harness, cid, session, en("button.deflect"), en("button.accept"))
    # The answer belongs to Bob: anyone else is refused privately.
    await cid.click(table_of(cid, session), en("button.deflect"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    hand = (await bob.click(table_of(bob, session), en("button.deflect"))).response
    assert hand is not None and hand.ephemeral
    assert style_of(hand, label("RS")) == 3  # the identical Skip answers
    assert style_of(hand, label("GS")) == 2  # another colour does not (N-1: same colour)
    assert en("button.accept") in hand.labels() and en("button.draw") not in hand.labels()
    await bob.click(hand, "🟩 Green Skip")
    assert last_ephemeral(bob) == en("why.pending_skip")
    await bob.click(hand, "🟥 Red Skip")
    text = await table_after(harness, ann, session)
    assert en("event.played", player="Bob", card=card_name("RS")) in text
    assert en("table.pending.skip", player="Cid") in text
    # Cid holds no identical Skip: still asked, and the table offers the same buttons (C-4: the
    # wait reveals nothing); his hand shows that no card of his answers.
    table = table_of(cid, session)
    await table_shows(harness, cid, session, en("button.deflect"), en("button.accept"))
    hand = (await cid.click(table, en("button.deflect"))).response
    assert hand is not None
    assert not [b for b in hand.buttons() if b["style"] == 3]
    await cid.click(table, en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.accepted_skip", player="Cid") in text
    assert en("table.turn", player="Ann") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (6, 6, 7)


async def test_n1_skip_accepted_by_its_victim(harness: Harness,
                                              players: list[VirtualUser]) -> None:
    """N-1: `accept` takes the skip: Bob loses his turn, nobody draws, Cid plays."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {ann: ["RS", "G1"], bob: ["RS", "B1"]})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Skip")
    await table_shows(harness, bob, session, en("button.accept"))
    hand = await open_hand(harness, bob, session)
    await bob.click(hand, en("button.accept"))  # from his hand this time
    text = await table_after(harness, ann, session)
    assert en("event.accepted_skip", player="Bob") in text
    assert en("table.turn", player="Cid") in text
    assert size(session, bob) == 7


async def test_n1_start_card_skip_applies_at_once(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """N-1: a start-card Skip applies at once (C-3): Ann is skipped, nothing waits, even though
    she holds an identical Skip."""
    ann, bob, _ = players
    session = await cnuno(harness, players, {ann: ["RS", "G1"]}, start="RS")
    text = await table_after(harness, bob, session)
    assert en("event.skipped", player="Ann") in text and en("table.turn", player="Bob") in text
    labels = table_of(bob, session).labels()
    assert en("button.deflect") not in labels and en("button.accept") not in labels


# ---------------------------------------------------------------------------- N-2


async def test_n2_draw_two_deflected_penalties_do_not_add_up(
        harness: Harness, players: list[VirtualUser]) -> None:
    """N-2: Ann's Red Draw Two is deflected by Bob with a Green Draw Two (any colour) and by
    Cid with a Blue one; the last of the chain, Ann, draws 2 (not 6) and loses her turn."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {
        ann: ["R+2", "G1", "G2", "G3", "G4", "G6", "G7"],
        bob: ["G+2", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"],
        cid: ["B+2", "B1", "B2", "B3", "B4", "B6", "B7"]})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Draw Two")
    text = await table_after(harness, cid, session)
    assert en("table.pending.draw", player="Bob", count=2) in text
    await table_shows(harness, bob, session, en("button.deflect"), en("button.accept"))
    hand = (await bob.click(table_of(bob, session), en("button.deflect"))).response
    assert hand is not None
    assert style_of(hand, label("G+2")) == 3
    await bob.click(hand, "🟩 Green Draw Two")
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw", player="Cid", count=2) in text  # not 4: no sum
    await table_shows(harness, cid, session, en("button.deflect"))
    hand = (await cid.click(table_of(cid, session), en("button.deflect"))).response
    assert hand is not None
    await cid.click(hand, "🟦 Blue Draw Two")
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw", player="Ann", count=2) in text
    await table_shows(harness, ann, session, en("button.deflect"),
                      en("button.accept"))  # C-4: whatever she holds
    await ann.click(table_of(ann, session), en("button.accept"))  # Ann has no Draw Two left
    text = await table_after(harness, bob, session)
    assert en("event.accepted_draw", player="Ann", count=2) in text
    assert en("table.turn", player="Bob") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (8, 6, 6)
    # Ann sees which 2 cards she drew in her own hand.
    hand = await open_hand(harness, ann, session)
    assert en("hand.title", count=8) in hand_text(hand)


# ---------------------------------------------------------------------------- N-3


async def test_n3_reverse_chain_in_turn_and_by_jump_in(harness: Harness,
                                                       players: list[VirtualUser]) -> None:
    """N-3: each Reverse of a chain changes the direction: one reverses, two cancel, three
    reverse again; a fourth, jumped in (H-2, part of the preset), cancels again."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {
        ann: ["RR", "YR", "G1", "G2", "G3", "G4", "G6"],
        bob: ["YR", "B1", "B2", "B3", "B4", "B6", "B7"],
        cid: ["GR", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Reverse")
    text = await table_after(harness, bob, session)
    assert en("table.direction.counter") in text and en("table.turn", player="Cid") in text
    await cid.click(await open_hand(harness, cid, session), "🟩 Green Reverse")
    text = await table_after(harness, bob, session)
    assert en("table.direction.clockwise") in text and en("table.turn",
                                                          player="Ann") in text  # two cancel
    await ann.click(await open_hand(harness, ann, session), "🟨 Yellow Reverse")
    text = await table_after(harness, bob, session)
    assert en("table.direction.counter") in text and en("table.turn", player="Cid") in text  # three
    # Bob holds the identical Yellow Reverse: he jumps in, out of turn.
    table = table_of(bob, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.jump_in")).get("disabled"),
                                timeout=3)
    hand = (await bob.click(table, en("button.jump_in"))).response
    assert hand is not None and style_of(hand, label("YR")) == 3
    await bob.click(hand, "🟨 Yellow Reverse")
    text = await table_after(harness, ann, session)
    assert en("event.jumped_in", player="Bob", card=card_name("YR")) in text
    assert en("table.direction.clockwise") in text and en("table.turn",
                                                          player="Cid") in text  # four cancel
    await cid.click(await open_hand(harness, cid, session), "🟨 Yellow 1")
    text = await table_after(harness, ann, session)
    assert en("table.turn", player="Ann") in text  # clockwise from Cid


# ---------------------------------------------------------------------------- N-4


async def test_n4_wild_four_deflected_with_a_draw_two_of_the_named_colour(
        harness: Harness, players: list[VirtualUser]) -> None:
    """N-4: Bob avoids Ann's Wild Draw Four (green named) only with a Green Draw Two (his Blue
    one cannot); from there the chain follows N-2: Cid deflects it with any Draw Two, and Ann,
    its last player, draws 2 (not 4)."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {
        ann: ["W+4", "G3", "B4", "G4", "B6", "Y9", "Y2"],
        bob: ["G+2", "B+2", "Y1", "Y3", "Y4", "B1", "B2"],
        cid: ["Y+2", "G1", "G2", "G6", "G7", "B3", "B7"]})
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    text = await table_after(harness, cid, session)
    assert en("table.pending.challenge", player="Bob", by="Ann", card=card_name("W+4")) in text
    await table_shows(harness, bob, session, en("button.challenge"), en("button.accept"),
                      en("button.deflect"))
    deflecting = (await bob.click(table_of(bob, session), en("button.deflect"))).response
    assert deflecting is not None
    hand = deflecting
    assert style_of(hand, label("G+2")) == 3
    assert style_of(hand, label("B+2")) == 2  # not the named colour
    await bob.click(hand, "🟦 Blue Draw Two")
    assert last_ephemeral(bob) == en("why.pending_challenge", card=card_name("W+4"))
    await bob.click(hand, "🟩 Green Draw Two")
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw", player="Cid", count=2) in text
    await table_shows(harness, cid, session, en("button.deflect"))
    deflecting = (await cid.click(table_of(cid, session), en("button.deflect"))).response
    assert deflecting is not None
    await cid.click(deflecting, "🟨 Yellow Draw Two")  # N-2: a Draw Two of any colour
    text = await table_after(harness, bob, session)
    assert en("table.pending.draw", player="Ann", count=2) in text
    await table_shows(harness, ann, session, en("button.accept"))
    await ann.click(table_of(ann, session), en("button.accept"))
    text = await table_after(harness, bob, session)
    assert en("event.accepted_draw", player="Ann", count=2) in text
    assert en("table.turn", player="Bob") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (6 + 2, 6, 6)


async def test_n4_wild_four_accepted_draws_four(harness: Harness,
                                                players: list[VirtualUser]) -> None:
    """N-4/C-6: a victim who does not deflect accepts the whole 4 and loses the turn."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {ann: ["W+4", "G3", "B4", "G4", "B6", "Y9", "Y2"],
                                             bob: ["G+2", "B1"]})
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.accept"))
    await bob.click(table_of(bob, session), en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("event.accepted_draw", player="Bob", count=4) in text
    assert en("table.turn", player="Cid") in text
    assert size(session, bob) == 11


# ---------------------------------------------------------------------------- N-5


async def test_n5_guilty_challenge_returns_the_wild_four(harness: Harness,
                                                         players: list[VirtualUser]) -> None:
    """N-5 guilty: the Wild Draw Four goes back into Ann's hand, she draws 4, the Red 5 and red
    stand again, Bob plays normally, and the next time play reaches Ann she is passed over."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {
        ann: ["W+4", "R3", "B4", "G4", "B6", "Y9", "Y2"],
        bob: ["R8", "B1", "B2", "B3", "Y1", "Y3", "Y4"],
        cid: ["R9", "G1", "G2", "G3", "G6", "G7", "B7"]})
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.challenge"))
    await bob.click(table_of(bob, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_guilty", player="Bob", target="Ann",
              card=card_name("W+4")) in text
    assert en("event.card_returned", card=card_name("W+4"), player="Ann") in text
    assert en("table.top", card=label("R5")) in text
    assert en("table.color", color=colour("R")) in text
    assert en("table.turn", player="Bob") in text
    assert en_part("table.player", player="Ann", count=11) in text  # 7 - 1 + 1 + 4
    # C-6: only Bob was shown Ann's hand.
    await harness.fake.wait_for(lambda: any(  # a private follow-up to the challenger
        en_part("you.hand_shown", player="Ann") in m.content and card_name("R3") in m.content
        for m in bob.ephemerals()), timeout=3)
    assert not any(en_part("you.hand_shown", player="Ann") in m.content
                   for m in cid.messages())
    # Ann holds her Wild Draw Four again.
    assert label("W+4") in hand_cards(await open_hand(harness, ann, session))
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 8")
    await cid.click(await open_hand(harness, cid, session), "🟥 Red 9")
    text = await table_after(harness, bob, session)
    assert en("event.skipped", player="Ann") in text
    assert en("table.turn", player="Bob") in text  # her next turn is lost
    assert size(session, ann) == 11


async def test_n5_innocent_challenge_costs_four_plus_two(harness: Harness,
                                                         players: list[VirtualUser]) -> None:
    """N-5 innocent: Ann held no red; Bob draws 4 plus 2 and loses his turn; the Wild Draw Four
    and green stand."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {ann: ["W+4", "G3", "B4", "G4", "B6", "Y9", "Y2"]})
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.challenge"))
    await bob.click(table_of(bob, session), en("button.challenge"))
    text = await table_after(harness, cid, session)
    assert en("event.challenged_innocent", player="Bob", target="Ann",
              card=card_name("W+4")) in text
    assert en("table.turn", player="Cid") in text
    assert en("table.top", card=label("W+4")) in text
    assert en("table.color", color=colour("G")) in text
    assert size(session, bob) == 7 + 6 and size(session, ann) == 6


# ---------------------------------------------------------------------------- N-6


async def _next_to_last(harness: Harness, players: list[VirtualUser],
                        extra: dict[VirtualUser, list[str]] | None = None) -> Any:
    """Ann holds two cards, Red 7 and Green 3, on a Red 5; Cid holds the other Red 7."""
    ann, _, cid = players
    session = await cnuno(harness, players, {ann: ["R7", "G3"], cid: ["R7"], **(extra or {})})
    session.game.hands[0][:] = session.game.hands[0][:2]  # down to her next-to-last card
    return session


async def test_n6_uno_called_with_the_next_to_last_card(harness: Harness,
                                                        players: list[VirtualUser]) -> None:
    """N-6/C-5: the call made with the play: nobody can catch Ann."""
    ann, bob, cid = players
    session = await _next_to_last(harness, players)
    hand = await open_hand(harness, ann, session)
    assert en("button.play_uno", card=label("R7")) in hand.labels()
    await ann.click(hand, "🟥 Red 7 + UNO!")
    text = await table_after(harness, bob, session)
    assert en("event.uno_called", player="Ann") in text and uno_seat("Ann") in text
    assert table_of(cid, session).button(en("button.catch")).get("disabled")  # nobody to catch
    assert size(session, ann) == 1


async def test_n6_uno_called_right_after_the_play(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """N-6/C-5.1: the call may follow the play, before anyone catches her."""
    ann, bob, cid = players
    session = await _next_to_last(harness, players)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = table_of(ann, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    await ann.click(table, en("button.uno"))
    text = await table_after(harness, bob, session)
    assert en("event.uno_called", player="Ann") in text and uno_seat("Ann") in text
    assert table_of(cid, session).button(en("button.catch")).get("disabled")
    assert size(session, ann) == 1


async def test_n6_forgotten_uno_is_caught_for_two(harness: Harness,
                                                  players: list[VirtualUser]) -> None:
    """N-6: others may remind (catch) until the window closes; the penalty is 2."""
    ann, bob, cid = players
    session = await _next_to_last(harness, players)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = table_of(cid, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    await cid.click(table, en("button.catch"))
    text = await table_after(harness, bob, session)
    assert en("event.caught", player="Cid", target="Ann", count=2) in text
    assert en_part("table.player", player="Ann", count=3) in text
    assert table_of(bob,
                    session).button(en("button.catch")).get("disabled")  # once per window (C-5.2)
    assert size(session, ann) == 3


async def test_n6_window_closes_when_someone_jumps_in(harness: Harness,
                                                      players: list[VirtualUser]) -> None:
    """N-6/C-5.2: the window closes when any player plays a card, a jump-in included: Cid
    jumps in with the identical Red 7 and Ann can no longer be caught."""
    ann, bob, cid = players
    session = await _next_to_last(harness, players)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = table_of(cid, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.jump_in")).get("disabled"),
                                timeout=3)
    jump = (await cid.click(table, en("button.jump_in"))).response
    assert jump is not None
    await cid.click(jump, "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert en("event.jumped_in", player="Cid", card=card_name("R7")) in text
    assert en("table.turn", player="Ann") in text  # Bob lost his turn
    assert table_of(bob, session).button(en("button.catch")).get("disabled")
    assert size(session, ann) == 1


async def test_n6_window_closes_when_the_next_player_plays(harness: Harness,
                                                           players: list[VirtualUser]) -> None:
    """N-6/C-5.2: once Bob, whom the table waits for, plays, Ann owes nothing."""
    ann, bob, cid = players
    session = await _next_to_last(harness, players, {bob: ["R8"]})
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    table = table_of(cid, session)
    await harness.fake.wait_for(lambda: not table.button(en("button.catch")).get("disabled"),
                                timeout=3)
    # Cid's screen still shows the table of before Bob's move.
    await harness.hold_back_table_edit(bob.click(await open_hand(harness, bob, session),
                                                 "🟥 Red 8"))
    await cid.click(table, en("button.catch"))  # the stale-but-enabled button checks the state
    assert last_ephemeral(cid) == en("error.nobody_to_catch")
    await table_after(harness, cid, session)
    assert table.button(en("button.catch")).get("disabled")
    assert size(session, ann) == 1


# ---------------------------------------------------------------------------- P / H-2


async def test_p_cnuno_jump_in_not_on_the_start_card_and_rules_shown(
        harness: Harness, players: list[VirtualUser]) -> None:
    """P: the cnuno preset is classic plus jump_in and N-1 … N-5, shown with the game. H-2: no
    jump-in on the start card; a player without an identical card is refused."""
    ann, bob, cid = players
    session = await cnuno(harness, players, {ann: ["R3", "G2"], bob: ["R5", "B1"],
                                             cid: ["R3", "G1"]})
    table = table_of(bob, session)
    await harness.fake.wait_for(lambda: en("button.jump_in") in table.labels(), timeout=3)
    # Bob's Red 5 may not jump on the start card.
    assert table.button(en("button.jump_in")).get("disabled")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 3")
    await harness.fake.wait_for(lambda: not table.button(en("button.jump_in")).get("disabled"),
                                timeout=3)
    await bob.click(table, en("button.jump_in"))  # Cid may, Bob holds no Red 3
    assert last_ephemeral(bob) == en("why.cannot_jump_in")
    assert en("preset.cnuno.name") in footer_of(table)
    await cid.click(table, en("button.rules"))
    listed = section_of(cid.ephemerals()[-1], en("rules.options"))
    for option in ("jump_in", "deflect_skip", "deflect_draw_two", "reverse_chain",
                   "wild_four_deflect", "wild_four_challenge_returns"):
        assert en(f"option.{option}.name") in listed
