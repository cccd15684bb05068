"""House rules H-1 … H-14 through the buttons: the host switches them on in the lobby's
rules editor (section P), virtual users trigger each rule on the public table and in their
private hands, and see what RULES.md section H says they should.

Deals are rigged with a stacked deck (Ann plays first, Cid deals, unless a test says otherwise);
every expected outcome is read from RULES.md, never from what the engine happens to do.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.fake_discord.users import SeenMessage
from bot.services.games import SLAP_WINDOW
from bot.ui.items import PlayButton, RulesSelect
from drivers.catalogue import card_name, card_names, colour, en, en_part, label
from drivers.controls import is_play, item_of
from drivers.screen import (
    SHOWN_HAND,
    enabled,
    footer_of,
    hand_cards,
    hand_text,
    last_ephemeral,
    open_hand,
    ping_of,
    seat,
    section_of,
    size,
    style_of,
    table_after,
    table_of,
    table_shows,
    table_text,
    trim,
)
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

GREEN, GREY = 3, 2  # button styles: a playable card, a card that only says why it is not


async def house(harness: Harness, users: list[VirtualUser], rules: dict[str, Any],
                **create: Any) -> Any:
    """A game whose host switched `rules` on in the lobby's rules editor (no turn timer)."""
    return await start_game(harness, users, rules=rules, **({"turn_timer": 0} | create))














def codes(session: Any, user: VirtualUser) -> list[str]:
    return sorted(c.code for c in session.game.hands[seat(session, user)])




async def pressed(user: VirtualUser, message: SeenMessage, label: str) -> SeenMessage:
    """Press a button that answers with (or edits into) an ephemeral message, and return it."""
    handle = await user.click(message, label)
    assert handle.response is not None and handle.response.ephemeral, last_ephemeral(user)
    return handle.response




async def quiet(harness: Harness) -> None:
    """Let the bot see a chat message it has nothing to do about."""
    await harness.pause(0.2)


# ---------------------------------------------------------------------------- P: rules editor


async def test_p_rules_editor_refuses_a_conflicting_combination(harness: Harness,
                                                                 players: list[VirtualUser]
                                                                 ) -> None:
    """P: `stacking` with `deflect_draw_two` is refused when the game is set up, with a clear
    ephemeral message naming both; a guest may not edit the rules; the host's valid choice is
    shown in the lobby and, once started, with the game (the Rules button)."""
    ann, bob, _ = players
    await ann.slash("uno create", turn_timer=0)
    lobby = harness.lobby(ann)
    penalties = RulesSelect("penalties", harness.fake.channel.id).custom_id
    handle = await ann.choose(lobby, "stacking", "deflect_draw_two", custom_id=penalties)
    assert handle.response is not None and handle.response.ephemeral
    assert handle.response.content == en(
        "lobby.conflict", first=en("option.stacking.name"),
        second=en("option.deflect_draw_two.name"))
    assert en("option.stacking.name") not in harness.lobby(ann).text  # nothing changed
    await bob.click(lobby, en("button.join"))
    await bob.choose(lobby, "stacking", custom_id=penalties)
    assert last_ephemeral(bob) == en("error.host_only")
    scoring = RulesSelect("scoring", harness.fake.channel.id).custom_id
    await ann.choose(lobby, "lazy_scoring", "penalty_scoring", custom_id=scoring)
    assert last_ephemeral(ann) == en(
        "lobby.conflict", first=en("option.lazy_scoring.name"),
        second=en("option.penalty_scoring.name"))
    await ann.choose(lobby, "stacking", "reverse_bounce", custom_id=penalties)
    shown = harness.lobby(ann).text
    assert en("option.stacking.name") in shown and en("option.reverse_bounce.name") in shown
    selected = [o["value"] for o in harness.lobby(ann).select(penalties)["options"]
                if o.get("default")]
    assert selected == ["stacking", "reverse_bounce"]
    await ann.click(lobby, en("button.start"))
    assert harness.bot is not None
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None
    assert session.game.options.stacking and session.game.options.reverse_bounce
    # The Start click is answered with the table; the lobby message is edited after that.
    await harness.fake.wait_for(lambda: session.message_id is not None and not lobby.buttons(),
                                timeout=3)
    rules = await pressed(bob, table_of(bob, session), en("button.rules"))
    listed = section_of(rules, en("rules.options"))
    assert en("option.stacking.name") in listed and en("option.reverse_bounce.name") in listed


# ---------------------------------------------------------------------------- H-1


async def test_h1_draw_until_playable_then_play_the_drawn_card(harness: Harness,
                                                               players: list[VirtualUser]
                                                               ) -> None:
    """H-1: Ann, with nothing to play, keeps drawing until a playable card (the fourth, Red 9),
    which she may play or keep; only it is offered."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["draw_until_playable"]})
    await rig(harness, session, {ann: ["G1", "G2", "G3", "B4", "B6", "Y7", "Y8"]}, start="R5",
              then=("G9", "B9", "Y9", "R9"))
    hand = await open_hand(harness, ann, session)
    assert not [b for b in hand.buttons() if b["style"] == GREEN]
    await ann.click(hand, en("button.draw"))
    hand = ann.message(hand.id)
    assert en("you.drew", cards=card_names("G9", "B9", "Y9", "R9")) in hand_text(hand)
    assert style_of(hand, label("R9")) == GREEN and style_of(hand, label("B9")) == GREY
    assert en("button.pass") in hand.labels() and en("button.draw") not in hand.labels()
    text = await table_after(harness, cid, session)
    assert en("event.drew", player="Ann", count=4) in text
    assert en("table.turn", player="Ann") in text
    assert card_name("R9") not in text  # the drawn cards are private
    await ann.click(hand, "🟥 Red 9")
    text = await table_after(harness, bob, session)
    assert en("event.played", player="Ann", card=card_name("R9")) in text
    assert en("table.turn", player="Bob") in text
    assert size(session, ann) == 7 + 4 - 1


async def test_h1_draw_cap_reached_passes_the_turn(harness: Harness,
                                                   players: list[VirtualUser]) -> None:
    """H-1: if `draw_cap` (10 by default) cards bring nothing playable, the turn passes."""
    ann, bob, _ = players
    session = await house(harness, players, {"play": ["draw_until_playable"]})
    assert session.game.options.draw_cap == 10
    await rig(harness, session, {ann: ["G1", "G2", "G3", "B4", "B6", "Y7", "Y8"]}, start="R5",
              then=("G9", "B9", "Y9", "G8", "B8", "G7", "B7", "G6", "Y6", "B3", "R9"))
    await ann.click(await open_hand(harness, ann, session), en("button.draw"))
    text = await table_after(harness, bob, session)
    assert en("event.drew", player="Ann", count=10) in text
    assert en("table.turn", player="Bob") in text
    assert size(session, ann) == 17 and "R9" not in codes(session, ann)


# ---------------------------------------------------------------------------- H-2


async def test_h2_jump_in_with_an_identical_card_skips_the_players_between(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-2: not on the start card; after Ann's Red 7, Cid (holding the identical Red 7) jumps in
    out of turn and play continues from him: Bob loses his turn. Only a player holding the
    identical card may press Jump in!; the others are refused privately."""
    ann, bob, cid = players
    olga = harness.user("Olga")
    session = await house(harness, players, {"play": ["jump_in"]})
    await rig(harness, session, {ann: ["R7", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["R3", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["R7", "R5", "Y1", "Y2", "Y3", "Y4", "Y6"]}, start="R5")
    table = table_of(cid, session)
    await harness.fake.wait_for(lambda: en("button.jump_in") in table.labels(), timeout=3)
    assert not enabled(table, en("button.jump_in"))  # Cid's Red 5 may not jump on the start card
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await harness.fake.wait_for(lambda: enabled(table, en("button.jump_in")), timeout=3)
    await bob.click(table, en("button.jump_in"))  # it is Bob's turn, and he holds no Red 7
    assert last_ephemeral(bob) == en("why.cannot_jump_in")
    await olga.click(table, en("button.jump_in"))
    assert last_ephemeral(olga) == en("error.not_in_game")
    hand = await pressed(cid, table, en("button.jump_in"))
    assert style_of(hand, label("R7")) == GREEN and style_of(hand, label("R5")) == GREY
    await cid.click(hand, "🟥 Red 5")  # out of turn only the identical card may be played
    assert last_ephemeral(cid) == en("why.not_your_turn_jump_in")
    await cid.click(hand, "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert en("event.jumped_in", player="Cid", card=card_name("R7")) in text
    assert en("table.turn", player="Ann") in text
    assert en("table.your_move", mention=ann.mention) == ping_of(table_of(ann, session))
    assert (size(session, ann), size(session, bob), size(session, cid)) == (6, 7, 6)
    # Nobody holds another Red 7 now, but the table does not tell (C-9): the button stays
    # enabled and refuses whoever cannot jump in.
    assert enabled(table_of(bob, session), en("button.jump_in"))
    await bob.click(table_of(bob, session), en("button.jump_in"))
    assert last_ephemeral(bob) == en("why.cannot_jump_in")


async def test_h2_jump_in_race_on_ones_own_card_is_taken_in_turn(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-2: Ann may jump in on her own Red 7 with the identical one; Bob, whose turn it is, may
    beat her to it by acting first. Both press at once, and the lock takes them one by one. If
    Bob is first, the top is no longer a Red 7: Ann's jump-in is refused, changes nothing, and
    her hand is shown as it is now. If Ann is first, play goes on from her to Bob with the same
    card on top, so his decision is the one he made it for (issue 18: same player awaited,
    nothing pending): his Red 3 still plays after her."""
    ann, bob, _ = players
    session = await house(harness, players, {"play": ["jump_in"]})
    await rig(harness, session, {ann: ["R7", "R7", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["R3", "B1", "B2", "B3", "B4", "B6", "B8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7 ×2")
    table = table_of(ann, session)
    await harness.fake.wait_for(lambda: enabled(table, en("button.jump_in")), timeout=3)
    ann_hand = await pressed(ann, table, en("button.jump_in"))
    bob_hand = await open_hand(harness, bob, session)
    version = session.game.version
    handles = await asyncio.gather(ann.click(ann_hand, "🟥 Red 7", wait=False),
                                   bob.click(bob_hand, "🟥 Red 3", wait=False))
    for handle in handles:
        await handle.wait_acknowledged()
    assert session.game.discard[-1].code == "R3" and size(session, bob) == 6  # either way
    text = await table_after(harness, bob, session)
    assert en("table.turn", player="Cid") in text
    if session.game.version == version + 2:  # Ann was first, then Bob
        assert size(session, ann) == 5
    else:  # Bob was first: Ann keeps her Red 7, and sees her hand as it is now
        assert session.game.version == version + 1
        assert "R7" in codes(session, ann) and size(session, ann) == 6
        assert en("hand.replaced") in hand_text(ann_hand)


async def test_h2_jump_in_on_a_draw_two_hits_the_player_after_the_jumper(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-2: Ann's Draw Two applies at once (Bob draws 2); Bob's identical one, jumped in on it,
    hits the player after him, Cid, and play goes on from there."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["jump_in"]})
    await rig(harness, session, {ann: ["R+2", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["R+2", "B1", "B2", "B3", "B4", "B6", "B8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Draw Two")
    text = await table_after(harness, bob, session)
    assert en("event.drew_and_skipped", player="Bob", count=2) in text
    assert en("table.turn", player="Cid") in text
    hand = await pressed(bob, table_of(bob, session), en("button.jump_in"))
    await bob.click(hand, "🟥 Red Draw Two")
    text = await table_after(harness, ann, session)
    assert en("event.jumped_in", player="Bob", card=card_name("R+2")) in text
    assert en("event.drew_and_skipped", player="Cid", count=2) in text
    assert en("table.turn", player="Ann") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (6, 8, 9)


async def test_h2_jump_in_ends_a_drawn_card_decision(harness: Harness,
                                                     players: list[VirtualUser]) -> None:
    """H-2: while Bob decides about the playable card he drew, Cid jumps in: Bob's turn ends and
    he keeps the card."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["jump_in"]})
    await rig(harness, session, {ann: ["R7", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["B1", "B2", "B3", "B4", "B6", "B8", "B9"],
                                 cid: ["R7", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]},
              start="R5", then=("R1",))
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    bob_hand = await open_hand(harness, bob, session)
    await bob.click(bob_hand, en("button.draw"))
    # Bob may play his Red 1, or keep it.
    assert en("button.pass") in bob.message(bob_hand.id).labels()
    await table_after(harness, cid, session)
    await cid.click(await pressed(cid, table_of(cid, session), en("button.jump_in")), "🟥 Red 7")
    text = await table_after(harness, ann, session)
    assert en("event.jumped_in", player="Cid", card=card_name("R7")) in text
    assert en("table.turn", player="Ann") in text
    assert "R1" in codes(session, bob) and size(session, bob) == 8
    bob_hand = await open_hand(harness, bob, session)
    assert en("button.pass") not in bob_hand.labels() and en("button.draw") not in bob_hand.labels()
    assert en("hand.waiting", player="Ann") in hand_text(bob_hand)


async def test_h2_plain_wild_jumps_in_on_a_wild_but_a_wild_draw_four_never(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-2: a plain Wild may jump in on a plain Wild (naming its colour); a Wild Draw Four never
    jumps in, even on a Wild Draw Four."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["jump_in"]})
    await rig(harness, session, {ann: ["W", "W+4", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["W+4", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["W", "R1", "R2", "R3", "R4", "R6", "R8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild")
    await ann.click(ann.message(hand.id), "🟦 Blue")
    table = table_of(cid, session)
    await harness.fake.wait_for(lambda: enabled(table, en("button.jump_in")), timeout=3)
    jump = await pressed(cid, table, en("button.jump_in"))
    await cid.click(jump, "⬛ Wild")
    await cid.click(cid.message(jump.id), "🟨 Yellow")
    text = await table_after(harness, ann, session)
    assert en("event.jumped_in_wild", player="Cid", card=card_name("W"),
              color=colour("Y", in_text=True)) in text
    assert en("table.turn", player="Ann") in text  # Bob lost his turn
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")  # legal: Ann holds no yellow card
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.accept"))
    await bob.click(table_of(bob, session), en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("table.turn", player="Cid") in text
    assert session.game.discard[-1].code == "W+4" and "W+4" in codes(session, bob)
    assert not enabled(table_of(bob, session), en("button.jump_in"))  # Bob's Wild Draw Four may not


# ---------------------------------------------------------------------------- H-3


async def test_h3_zero_passes_every_hand_and_seven_swaps_with_a_chosen_player(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-3: Ann's 0 passes every hand to the next player (clockwise); later Cid's 7 swaps hands
    with the player he picks, Ann. Each private hand shows its new cards."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["seven_zero"]})
    await rig(harness, session, {ann: ["R0", "R3", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["R7", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 0")
    text = await table_after(harness, bob, session)
    assert en("event.hands_passed", player="Ann") in text
    assert en("table.turn", player="Bob") in text
    assert codes(session, bob) == ["G1", "G2", "G3", "G4", "G6", "R3"]  # Ann's hand
    assert codes(session, cid) == ["B1", "B2", "B3", "B4", "B6", "B8", "R7"]  # Bob's
    assert codes(session, ann) == ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]  # Cid's
    bob_hand = await open_hand(harness, bob, session)
    assert card_name("G1") in hand_cards(bob_hand) and card_name("B1") not in hand_cards(bob_hand)
    await bob.click(bob_hand, "🟥 Red 3")
    cid_hand = await open_hand(harness, cid, session)
    await cid.click(cid_hand, "🟥 Red 7")  # the 7 asks: swap with whom?
    picker = cid.message(cid_hand.id)
    to_ann, to_bob = (en("button.to_player", player=p) for p in ("Ann", "Bob"))
    assert {to_ann, to_bob} <= set(picker.labels())
    await cid.click(picker, to_ann)
    text = await table_after(harness, bob, session)
    assert en("event.hands_swapped", player="Cid", target="Ann") in text
    assert en("table.turn", player="Ann") in text
    assert codes(session, cid) == ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]
    assert codes(session, ann) == ["B1", "B2", "B3", "B4", "B6", "B8"]
    assert en_part("table.player", player="Ann", count=6) in text
    assert en_part("table.player", player="Cid", count=7) in text
    assert card_name("B8") in hand_cards(await open_hand(harness, ann, session))


async def test_h3_a_seven_as_the_last_card_swaps_nothing(harness: Harness,
                                                          players: list[VirtualUser]) -> None:
    """H-3: no swap when the 7 is the player's last card: no target is asked, Ann goes out and
    keeps an empty hand."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["seven_zero"]})
    await rig(harness, session, {ann: ["R7"]}, start="R5")
    trim(session, ann, 1)
    hand = await open_hand(harness, ann, session)
    seven = item_of(hand.button("🟥 Red 7"))
    assert isinstance(seven, PlayButton) and seven.action.target is None  # at once, nobody named
    await ann.click(hand, "🟥 Red 7")
    text = await table_after(harness, cid, session)
    assert en_part("event.round_won", player="Ann") in text
    assert en_part("event.hands_swapped", player="").strip() not in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (0, 7, 7)


# ---------------------------------------------------------------------------- H-4


async def test_h4_draw_twos_stack_and_the_third_player_draws_the_sum(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-4: Bob answers Ann's Draw Two with his own; Cid, who cannot stack, draws 4 and loses
    his turn. Stack belongs to the player who must answer; the table asks whatever the hand
    holds (C-4: the wait reveals nothing)."""
    ann, bob, cid = players
    session = await house(harness, players, {"penalties": ["stacking"]})
    await rig(harness, session, {ann: ["R+2", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["G+2", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Draw Two")
    text = await table_after(harness, cid, session)
    assert en("table.pending.draw", player="Bob", count=2) in text
    await table_shows(harness, cid, session, en("button.stack"), en("button.accept"))
    await cid.click(table_of(cid, session), en("button.stack"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    hand = await pressed(bob, table_of(bob, session), en("button.stack"))
    assert style_of(hand, label("G+2")) == GREEN and en("button.accept") in hand.labels()
    await bob.click(hand, "🟩 Green Draw Two")
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw", player="Cid", count=4) in text
    await table_shows(harness, cid, session, en("button.stack"),
                      en("button.accept"))  # Cid holds no Draw Two
    await cid.click(table_of(cid, session), en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.accepted_draw", player="Cid", count=4) in text
    assert en("table.turn", player="Ann") in text
    assert size(session, cid) == 11


async def test_h4_wild_draw_fours_stack_and_a_guilty_challenge_draws_the_sum(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-4: Bob stacks a Wild Draw Four on Ann's (each names a colour, the last stands); Cid
    challenges the last one: Bob held a card of the colour before it (green), so he draws the
    whole sum, 8, and Cid plays normally (C-6 with H-4's sum)."""
    ann, bob, cid = players
    session = await house(harness, players, {"penalties": ["stacking"]})
    await rig(harness, session, {ann: ["W+4", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["W+4", "G7", "B1", "B2", "B3", "B4", "B6"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.challenge"), en("button.accept"),
                      en("button.stack"))
    hand = await pressed(bob, table_of(bob, session), en("button.stack"))
    await bob.click(hand, "⬛ Wild Draw Four")
    await bob.click(bob.message(hand.id), "🟦 Blue")
    text = await table_after(harness, cid, session)
    assert en("table.color", color=colour("B")) in text
    assert en("table.pending.challenge", player="Cid", by="Bob", card=card_name("W+4")) in text
    await table_shows(harness, cid, session, en("button.challenge"))
    await cid.click(table_of(cid, session), en("button.challenge"))
    text = await table_after(harness, ann, session)
    assert en("event.challenged_guilty", player="Cid", target="Bob", card=card_name("W+4")) in text
    assert en("table.turn", player="Cid") in text and en("table.color", color=colour("B")) in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (6, 6 + 8, 7)
    await harness.fake.wait_for(
        lambda: any(SHOWN_HAND in m.content for m in cid.ephemerals()), timeout=3)
    shown = [m.content for m in cid.ephemerals() if SHOWN_HAND in m.content]
    assert card_name("G7") in shown[-1]  # shown to the challenger alone (C-6)
    assert not any(SHOWN_HAND in m.content for m in ann.messages())


# ---------------------------------------------------------------------------- H-5


async def test_h5_silent_twos_the_first_to_write_draws_two(harness: Harness,
                                                            players: list[VirtualUser]) -> None:
    """H-5 (twos): after Ann's 2 everyone must stay silent; button presses never break it; Cid
    writes in the channel and draws 2, and the silence ends (Bob may then talk freely)."""
    ann, bob, cid = players
    session = await house(harness, players, {"silence": "twos"})
    await rig(harness, session, {ann: ["R2", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["R3", "B1", "B2", "B3", "B4", "B6", "B8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 2")
    text = await table_after(harness, cid, session)
    assert en("event.silence_started", player="Ann", count=2) in text
    await pressed(bob, table_of(bob, session), en("button.rules"))  # buttons are not chat
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 3")
    await table_after(harness, cid, session)
    assert session.game.silence is not None and size(session, bob) == 6
    await cid.say("hi")
    await harness.fake.wait_for(lambda: size(session, cid) == 9, timeout=3)
    text = await table_after(harness, ann, session)
    assert en("event.silence_broken", player="Cid", count=2) in text
    assert en_part("table.player", player="Cid", count=9) in text
    await bob.say("phew")
    await quiet(harness)
    assert size(session, bob) == 6 and session.game.silence is None


async def test_h5_silent_twos_end_when_the_turn_comes_back(harness: Harness,
                                                           players: list[VirtualUser]) -> None:
    """H-5 (twos): the silence lasts until the turn comes back to the player of the 2; then
    writing costs nothing."""
    ann, bob, cid = players
    session = await house(harness, players, {"silence": "twos"})
    await rig(harness, session, {ann: ["R2", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["R3", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["R4", "Y1", "Y2", "Y3", "Y6", "Y7", "Y8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 2")
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 3")
    await cid.click(await open_hand(harness, cid, session), "🟥 Red 4")
    text = await table_after(harness, ann, session)
    assert en("table.turn", player="Ann") in text and en("event.silence_ended") in text
    await bob.say("back to Ann: we may talk")
    await quiet(harness)
    assert size(session, bob) == 6


async def test_h5_silent_wilds_last_until_the_named_colour_changes(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-5 (wilds): Ann's Wild names blue and starts a silence; Bob's blue card keeps it; Cid's
    green 3 changes the colour and ends it; then Ann may write freely."""
    ann, bob, cid = players
    session = await house(harness, players, {"silence": "wilds"})
    await rig(harness, session, {ann: ["W", "G1", "G2", "G4", "G6", "G7", "G8"],
                                 bob: ["B3", "B1", "B2", "B4", "B6", "B7", "B8"],
                                 cid: ["G3", "Y1", "Y2", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild")
    await ann.click(ann.message(hand.id), "🟦 Blue")
    await bob.click(await open_hand(harness, bob, session), "🟦 Blue 3")
    text = await table_after(harness, cid, session)
    assert en("event.silence_started", player="Ann", count=2) in text
    assert en("event.silence_ended") not in text
    await cid.click(await open_hand(harness, cid, session), "🟩 Green 3")
    text = await table_after(harness, ann, session)
    assert en("event.silence_ended") in text
    await ann.say("finally")
    await quiet(harness)
    assert size(session, ann) == 6


# ---------------------------------------------------------------------------- H-6


async def test_h6_swap_on_five_each_chooses_the_card_they_give(harness: Harness,
                                                               players: list[VirtualUser]
                                                               ) -> None:
    """H-6: Ann plays a 5, names Bob and her Green 1; Bob names his Blue 9; the cards change
    hands. Each answer belongs to its player; each learns only the card they receive."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["swap_on_five"]})
    await rig(harness, session, {ann: ["Y5", "G1", "G2", "G3", "G4", "G6", "G7"],
                                 bob: ["B9", "B1", "B2", "B3", "B4", "B6", "B7"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "🟨 Yellow 5")
    text = await table_after(harness, cid, session)
    assert en("table.pending.swap", player="Ann") in text
    await table_shows(harness, bob, session, en("button.swap"))
    await bob.click(table_of(bob, session), en("button.swap"))
    assert last_ephemeral(bob) == en("error.not_your_turn")
    hand = ann.message(hand.id)
    assert en("button.keep_cards") in hand.labels()
    assert en("hand.decide.swap_offer") in hand_text(hand)  # issue 37: not "Your move!"
    await ann.click(hand, "🟩 Green 1")  # which player?
    picker = ann.message(hand.id)
    assert en("hand.pick_swap_card", card=label("G1")) in hand_text(picker)
    await ann.click(picker, en("button.to_player", player="Bob"))
    text = await table_after(harness, cid, session)
    assert en("event.swap_offered", player="Ann", target="Bob") in text
    assert en("table.pending.swap", player="Bob") in text
    assert card_name("G1") not in text  # the card offered is Ann's secret
    await cid.click(table_of(cid, session), en("button.swap"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    bob_hand = await pressed(bob, table_of(bob, session), en("button.swap"))
    assert style_of(bob_hand, label("B9")) == GREEN
    assert en("hand.decide.swap", by="Ann") in hand_text(bob_hand)
    await bob.click(bob_hand, "🟦 Blue 9")
    assert en("you.swap_received", card=card_name("G1")) in hand_text(bob.message(bob_hand.id))
    text = await table_after(harness, cid, session)
    assert en("event.swapped", player="Ann", target="Bob") in text
    assert en("table.turn", player="Bob") in text
    assert card_name("G1") not in text and card_name("B9") not in text
    assert "G1" in codes(session, bob) and "B9" not in codes(session, bob)
    assert "B9" in codes(session, ann) and "G1" not in codes(session, ann)
    assert card_name("B9") in hand_cards(await open_hand(harness, ann, session))


# ---------------------------------------------------------------------------- H-7


async def test_h7_lazy_scoring_no_totals_the_loser_deals_the_winner_starts(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-7: Ann goes out and scores nothing; Bob, left holding the most points, loses and deals
    the next round, in which Ann (the winner) plays first; no match is won."""
    ann, bob, cid = players
    session = await house(harness, players, {"scoring": ["lazy_scoring"]}, target=50)
    await rig(harness, session, {ann: ["R7"],
                                 bob: ["W", "W+4", "B1", "B2", "B3", "B4", "B6"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    trim(session, ann, 1)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, cid, session)
    assert en("event.round_won_no_points", player="Ann") in text
    assert en("event.round_lost", player="Bob") in text
    assert en("table.player", player="Ann", count=0, points=0) in text
    assert en("table.player", player="Bob", count=7, points=0) in text
    assert session.game.scores == [0, 0, 0] and session.game.match_winner is None
    table = table_of(cid, session)
    lazy = en("table.footer_lazy_scoring", preset="", timer="").strip(" ·")
    assert lazy in footer_of(table)
    assert table.labels() == [en("button.next_round")]
    await cid.click(table, en("button.next_round"))
    text = await table_after(harness, ann, session)
    assert en("event.round_started", round=2, player="Bob") in text
    start = session.game.discard[0].code  # round 2 is shuffled: any start card may come up
    if start[1:] == "S":  # the start card's effect falls on the winner (H-7)
        assert en("event.skipped", player="Ann") in text and en("table.turn", player="Bob") in text
    elif start[1:] == "+2":
        assert en("event.drew_and_skipped", player="Ann", count=2) in text
        assert en("table.turn", player="Bob") in text
    else:  # a Reverse makes the winner play first too; a Wild is hers to name
        assert session.game.waiting_for == seat(session, ann)


# ---------------------------------------------------------------------------- H-8


async def test_h8_uno_slap_the_last_hand_down_draws_two(harness: Harness,
                                                        players: list[VirtualUser]) -> None:
    """H-8: Ann calls UNO; everyone else must slap and play waits (Bob, whose turn it is, may
    not play; Ann may not slap her own call). Bob slaps; Cid, the last one, draws 2 and play
    goes on."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["uno_slap"]})
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["R8", "B1", "B2"]}, start="R5")
    trim(session, ann, 2)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7 + UNO!")
    text = await table_after(harness, cid, session)
    assert en("event.uno_called", player="Ann") in text and en("table.pending.slap") in text
    table = table_of(bob, session)
    assert en("button.slap") in table.labels()
    await ann.click(table, en("button.slap"))
    assert last_ephemeral(ann) == en("error.not_allowed_now")
    bob_hand = await open_hand(harness, bob, session)
    assert en("button.slap") in bob_hand.labels()
    await bob.click(bob_hand, "🟥 Red 8")  # turn actions wait
    assert last_ephemeral(bob) == en("why.slap")
    await bob.click(table, en("button.slap"))
    text = await table_after(harness, ann, session)
    assert en("event.slapped", player="Bob") in text
    assert en("event.slap_lost", player="Cid", count=2) in text
    assert en("event.slap_closed") in text and en("table.turn", player="Bob") in text
    assert (size(session, bob), size(session, cid)) == (7, 9)
    assert en("button.slap") not in table_of(cid, session).labels()
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 8")  # play goes on
    assert session.game.discard[-1].code == "R8"


async def test_h8_slap_race_has_one_winner(harness: Harness,
                                           players: list[VirtualUser]) -> None:
    """H-8: Bob and Cid slap at the same moment: one is first, the other is the last hand down
    and draws 2 (their late press is refused privately)."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["uno_slap"]})
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5")
    trim(session, ann, 2)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7 + UNO!")
    await table_shows(harness, bob, session, en("button.slap"))
    table = table_of(bob, session)
    handles = await asyncio.gather(bob.click(table, en("button.slap"), wait=False),
                                   cid.click(table, en("button.slap"), wait=False))
    for handle in handles:
        await handle.wait_acknowledged()
    sizes = (size(session, bob), size(session, cid))
    assert sorted(sizes) == [7, 9]  # exactly one loser
    loser = bob if sizes[0] == 9 else cid
    assert last_ephemeral(loser) == en("error.not_allowed_now")
    text = await table_after(harness, ann, session)
    assert en("event.slap_lost", player=loser.name, count=2) in text
    assert session.game.slap is None


async def test_h8_slap_window_times_out_and_everyone_late_draws_two(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-8: nobody slaps; when the window's time runs out (the bot's timer, 10 s) everyone who
    has not slapped draws 2."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["uno_slap"]})
    await rig(harness, session, {ann: ["R7", "G3"]}, start="R5")
    trim(session, ann, 2)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7 + UNO!")
    await table_shows(harness, bob, session, en("button.slap"))
    harness.clock.advance(SLAP_WINDOW - 1)
    await harness.pause(0.1)
    assert session.game.slap is not None  # not yet
    harness.clock.advance(2)
    await harness.fake.wait_for(lambda: session.game.slap is None, timeout=3)
    text = await table_after(harness, ann, session)
    assert en("event.slap_lost", player="Bob", count=2) in text
    assert en("event.slap_lost", player="Cid", count=2) in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (1, 9, 9)
    assert en("table.turn", player="Bob") in text


async def test_h8_two_players_slap_closes_the_window_then_the_challenge_opens(
        harness: Harness) -> None:
    """H-8: with two players the other's slap closes the window without penalty; a challenge
    opened by the same card (Ann's Wild Draw Four with UNO) waits until it closes."""
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await house(harness, [ann, bob], {"play": ["uno_slap"]})
    await rig(harness, session, {ann: ["W+4", "G3"]}, start="R5")
    trim(session, ann, 2)
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four + UNO!")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.slap"))
    table = table_of(bob, session)
    assert en("button.challenge") not in table.labels()
    assert en("button.accept") not in table.labels()
    await bob.click(table, en("button.slap"))
    text = await table_after(harness, ann, session)
    assert en("event.slapped", player="Bob") in text
    assert en_part("event.slap_lost", player="").strip() not in text
    assert en("table.pending.challenge", player="Bob", by="Ann", card=card_name("W+4")) in text
    assert size(session, bob) == 7
    await table_shows(harness, bob, session, en("button.challenge"), en("button.accept"))
    await bob.click(table_of(bob, session), en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.accepted_draw", player="Bob", count=4) in text and size(session, bob) == 11


# ---------------------------------------------------------------------------- H-9


async def test_h9_colours_around_a_wild_moves_the_colour_along_the_circle(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-9: a Wild names no colour (no colour picker): red → blue clockwise; after a Reverse,
    counter-clockwise, blue → red."""
    ann, bob, cid = players
    session = await house(harness, players, {"play": ["colours_around"]})
    await rig(harness, session, {ann: ["W", "W", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["BR", "B1", "B2", "B3", "B4", "B6", "B8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    wild = hand.button("⬛ Wild ×2")
    assert is_play(wild)  # played at once: nothing to choose
    await ann.click(hand, "⬛ Wild ×2")
    text = await table_after(harness, bob, session)
    assert en("table.color", color=colour("B")) in text and en("table.turn", player="Bob") in text
    await bob.click(await open_hand(harness, bob, session), "🟦 Blue Reverse")
    text = await table_after(harness, cid, session)
    assert en("direction.counterclockwise") in text and en("table.turn", player="Ann") in text
    await ann.click(await open_hand(harness, ann, session), "⬛ Wild")
    text = await table_after(harness, bob, session)
    assert en("table.color", color=colour("R")) in text and en("table.turn", player="Cid") in text


# ---------------------------------------------------------------------------- H-10


async def test_h10_draw_ten_names_a_colour_and_the_next_player_draws_ten(
        harness: Harness, players: list[VirtualUser]) -> None:
    """H-10: the blank cards join the deck as Draw Ten; a start Draw Ten is returned like a Wild
    Draw Four; played, it names a colour and the next player draws 10 and loses the turn (no
    challenge)."""
    ann, bob, cid = players
    session = await house(harness, players, {"penalties": ["draw_ten_blanks"]})
    game = session.game
    assert len(game.draw_pile) + sum(map(len, game.hands)) + len(game.discard) == 112
    await rig(harness, session, {}, start="W+10")
    text = await table_after(harness, ann, session)
    assert en("event.start_card_returned", card=card_name("W+10")) in text
    assert session.game.discard[-1].code != "W+10"
    await rig(harness, session, {ann: ["W+10", "G1", "G2", "G3", "G4", "G6", "G8"]},
              start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Draw Ten")
    await ann.click(ann.message(hand.id), "🟩 Green")
    text = await table_after(harness, cid, session)
    assert en("event.played_wild", player="Ann", card=card_name("W+10"),
              color=colour("G", in_text=True)) in text
    assert en("event.drew_and_skipped", player="Bob", count=10) in text
    assert en("table.turn", player="Cid") in text
    assert en("button.challenge") not in table_of(cid, session).labels()
    assert size(session, bob) == 17


async def test_h10_draw_tens_stack_under_h4(harness: Harness,
                                            players: list[VirtualUser]) -> None:
    """H-10 with H-4: a Draw Ten stacks on a Draw Ten; Cid draws the sum, 20."""
    ann, bob, cid = players
    session = await house(harness, players, {"penalties": ["stacking", "draw_ten_blanks"]})
    await rig(harness, session, {ann: ["W+10", "G1", "G2", "G3", "G4", "G6", "G8"],
                                 bob: ["W+10", "B1", "B2", "B3", "B4", "B6", "B8"]}, start="R5")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Draw Ten")
    await ann.click(ann.message(hand.id), "🟩 Green")
    await table_shows(harness, bob, session, en("button.stack"), en("button.accept"))
    hand = await pressed(bob, table_of(bob, session), en("button.stack"))
    await bob.click(hand, "⬛ Draw Ten")
    await bob.click(bob.message(hand.id), "🟦 Blue")
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw", player="Cid", count=20) in text
    await table_shows(harness, cid, session, en("button.accept"))
    await cid.click(table_of(cid, session), en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.accepted_draw", player="Cid", count=20) in text
    assert en("table.turn", player="Ann") in text
    assert en("table.color", color=colour("B")) in text and size(session, cid) == 27


# ---------------------------------------------------------------------------- H-11


async def test_h11_reverse_bounce_sends_the_penalty_back(harness: Harness,
                                                          players: list[VirtualUser]) -> None:
    """H-11: Bob answers Ann's Red Draw Two with a Red Reverse: the direction flips and the
    penalty goes back to Ann, who may bounce it again or draw; she draws 2, loses her turn,
    and play continues from her counter-clockwise (Cid)."""
    ann, bob, cid = players
    session = await house(harness, players, {"penalties": ["reverse_bounce"]})
    await rig(harness, session, {ann: ["R+2", "RR", "G1", "G2", "G3", "G4", "G6"],
                                 bob: ["RR", "B1", "B2", "B3", "B4", "B6", "B8"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    await ann.click(await open_hand(harness, ann, session), "🟥 Red Draw Two")
    await table_shows(harness, cid, session, en("button.bounce"), en("button.accept"))
    await cid.click(table_of(cid, session), en("button.bounce"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    hand = await pressed(bob, table_of(bob, session), en("button.bounce"))
    await bob.click(hand, "🟥 Red Reverse")
    text = await table_after(harness, cid, session)
    assert en("event.reversed", player="Bob", direction=en("direction.counterclockwise")) in text
    assert en("table.pending.draw", player="Ann", count=2) in text
    ann_hand = await pressed(ann, table_of(ann, session), en("button.bounce"))
    assert style_of(ann_hand, label("RR")) == GREEN  # she could bounce it again
    await ann.click(ann_hand, en("button.accept"))
    text = await table_after(harness, cid, session)
    assert en("event.accepted_draw", player="Ann", count=2) in text
    assert en("table.turn", player="Cid") in text and en("direction.counterclockwise") in text
    assert (size(session, ann), size(session, bob), size(session, cid)) == (8, 6, 7)


# ---------------------------------------------------------------------------- H-12


async def test_h12_play_to_the_last_player_holding_cards(harness: Harness,
                                                         players: list[VirtualUser]) -> None:
    """H-12: Ann goes out first and scores the other hands as they are then; the round goes on
    without her (she is passed over) until Bob goes out too; Cid, last, loses."""
    ann, bob, cid = players
    session = await house(harness, players, {"scoring": ["play_to_last"]})
    await rig(harness, session, {ann: ["R7"], bob: ["R8", "R9"],
                                 cid: ["R3", "G4", "G6", "B1", "B2", "Y1", "Y2"]}, start="R5")
    trim(session, ann, 1)
    trim(session, bob, 2)
    points = 8 + 9 + 3 + 4 + 6 + 1 + 2 + 1 + 2
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert en("event.went_out", player="Ann", place=1) in text
    assert en("event.round_won", player="Ann", count=points) in text
    assert en("table.turn", player="Bob") in text
    assert en("button.next_round") not in table_of(bob, session).labels()
    bob_hand = await open_hand(harness, bob, session)  # the table's My hand still works
    assert en("hand.your_move") in hand_text(bob_hand)
    assert en("hand.round_over") not in hand_text(bob_hand)
    await bob.click(bob_hand, "🟥 Red 8 + UNO!")
    await cid.click(await open_hand(harness, cid, session), "🟥 Red 3")
    text = await table_after(harness, bob, session)
    assert en("table.turn", player="Bob") in text  # Ann, out, is passed over
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 9")
    text = await table_after(harness, cid, session)
    assert en("event.went_out", player="Bob", place=2) in text
    assert session.game.round_over and session.game.round_loser == seat(session, cid)
    assert session.game.scores == [points, 0, 0]
    assert table_of(cid, session).labels() == [en("button.next_round")]


# ---------------------------------------------------------------------------- H-13


async def test_h13_seven_stages_emptied_hand_draws_the_next_stage(harness: Harness,
                                                                  players: list[VirtualUser]
                                                                  ) -> None:
    """H-13: Ann empties her first hand of 7 and draws 6, shown on the table; the first to play
    away a final one-card hand wins the round and scores as C-8."""
    ann, bob, cid = players
    session = await house(harness, players, {"scoring": ["seven_stages"]})
    await rig(harness, session, {ann: ["R7"], bob: ["R8", "B1", "B2", "B3", "B4", "B6", "B7"],
                                 cid: ["R9", "Y1", "Y2", "Y3", "Y4", "Y6", "Y7"]}, start="R5",
              then=("R1", "G1", "G2", "G3", "G4", "G6"))
    trim(session, ann, 1)  # down to the last card of her first stage hand
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, bob, session)
    assert en("event.stage_cleared", player="Ann", count=6) in text
    assert (en("table.player", player="Ann", count=6, points=0) + " · "
            + en("table.stage", count=6)) in text
    assert en("table.turn", player="Bob") in text
    assert codes(session, ann) == ["G1", "G2", "G3", "G4", "G6", "R1"]
    assert card_name("G6") in hand_cards(await open_hand(harness, ann, session))
    assert not session.game.round_over
    await bob.click(await open_hand(harness, bob, session), "🟥 Red 8")
    await cid.click(await open_hand(harness, cid, session), "🟥 Red 9")
    # Fast-forward: Ann is on her final one-card stage hand, the Red 1.
    session.game.stages[seat(session, ann)] = 1
    session.game.hands[seat(session, ann)][:] = [c for c in session.game.hands[0]
                                                 if c.code == "R1"]
    points = sum(c.points for s in (1, 2) for c in session.game.hands[s])
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 1")
    text = await table_after(harness, bob, session)
    assert en("event.round_won", player="Ann", count=points) in text
    assert session.game.scores[0] == points and session.game.round_over


# ---------------------------------------------------------------------------- H-14


async def test_h14_penalty_scoring_lowest_total_wins(harness: Harness,
                                                     players: list[VirtualUser]) -> None:
    """H-14: after the round everyone adds their own hand's points; Bob's total reaches the
    target (50), so the match ends and the lowest total, Ann's, wins it."""
    ann, bob, cid = players
    session = await house(harness, players, {"scoring": ["penalty_scoring"]}, target=50)
    await rig(harness, session, {ann: ["R7"],
                                 bob: ["W+4", "B1", "B2", "B3", "B4", "B6", "B7"],
                                 cid: ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}, start="R5")
    trim(session, ann, 1)
    penalty = en_part("table.footer_penalty_scoring", preset="").strip(" ·")
    assert penalty in footer_of(table_of(bob, session))
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    bob_points, cid_points = 50 + 1 + 2 + 3 + 4 + 6 + 7, 1 + 2 + 3 + 4 + 6 + 7 + 8
    await harness.fake.wait_for(lambda: session.finished, timeout=3)
    await harness.settle()
    text = table_text(table_of(cid, session))
    assert en("table.match_over", player="Ann") in text
    assert en("event.penalty_points", player="Bob", count=bob_points) in text
    assert en("event.penalty_points", player="Cid", count=cid_points) in text
    assert en("table.player_penalty", player="Bob", count=7, points=bob_points) in text
    assert en("table.player_penalty", player="Ann", count=0, points=0) in text
    assert session.game.scores == [0, bob_points, cid_points]
