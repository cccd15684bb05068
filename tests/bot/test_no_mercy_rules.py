"""UNO Show 'Em No Mercy through the buttons: RULES.md section M's key moments as virtual users
see them on the public table and in their private hands, and whole No Mercy matches (two and
six players, with knockouts) played to their end.

Deals are rigged with the No Mercy set-ups of the golden files (tests/engine/golden_cases/
nomercy_common.py): with three players Ann plays first and Cid deals. Every expected outcome is
read from RULES.md (and the cards' written faces), never from the engine.
"""

from __future__ import annotations

from typing import Any

from drivers.catalogue import card_name, card_names, colour, colour_label, en, label
from drivers.screen import (
    footer_of,
    last_ephemeral,
    open_hand,
    size,
    table_after,
    table_of,
    table_text,
    title_of,
)
from tests.engine.golden_cases.nomercy_common import KO_HANDS, KO_THEN, NM3
from tests.fake_discord import VirtualUser

from .harness import Driver, Harness, rig_no_mercy, start_game

MATCH_SEED = 23


def by_user(users: list[VirtualUser], hands: dict[str, list[str]]) -> dict[VirtualUser, list[str]]:
    """The golden files' hands ("ann", "bob", "cid") for the virtual users of those names."""
    return {u: list(hands[u.name.lower()]) for u in users if u.name.lower() in hands}


async def no_mercy_game(harness: Harness, users: list[VirtualUser], hands: dict[str, list[str]],
                        start: str | list[str] = "R3", then: tuple[str, ...] = (),
                        **create: Any) -> Any:
    session = await start_game(harness, users, preset="no_mercy", turn_timer=0, **create)
    await rig_no_mercy(harness, session, by_user(users, hands), start=start, then=then)
    return session


async def press(harness: Harness, user: VirtualUser, session: Any, card: str,
                colour_letter: str | None = None) -> None:
    """Open the hand and press a card (and, for a wild card, a colour in the picker)."""
    hand = await open_hand(harness, user, session)
    handle = await user.click(hand, label(card))
    if colour_letter is not None:
        picking = handle.response if handle.response is not None else user.message(hand.id)
        await user.click(picking, colour_label(colour_letter))


async def press_button(harness: Harness, user: VirtualUser, session: Any, text: str) -> None:
    """Press a button of the hand (Draw, Accept ...)."""
    hand = await open_hand(harness, user, session)
    await user.click(hand, text)


# ---------------------------------------------------------------------------- the lobby


async def test_lobby_seats_six_and_refuses_a_seventh(harness: Harness) -> None:
    """M-2.1: No Mercy takes 2 to 6 players: the lobby says so and refuses the seventh."""
    users = [harness.user(f"P{i}") for i in range(7)]
    await users[0].slash("uno create", preset="no_mercy")
    lobby = harness.lobby(users[0])
    for user in users[1:6]:
        await user.click(lobby, en("button.join"))
    await harness.fake.wait_for(
        lambda: en("lobby.players", count=6, max=6) in table_text(lobby), timeout=3)
    assert en("preset.no_mercy.name") in table_text(lobby)
    await users[6].click(lobby, en("button.join"))
    assert last_ephemeral(users[6]) == en("lobby.full", max=6)


# ---------------------------------------------------------------------------- M-2, M-4


async def test_start_cards_passed_over_and_draw_until_playable(
        harness: Harness, players: list[VirtualUser]) -> None:
    """M-2.3: action cards turned up before the start number are passed over (the log says
    so); M-4.2: Ann draws until a playable card, which is then the only card she may play, and
    there is no Pass button."""
    ann, bob, _ = players
    session = await no_mercy_game(harness, players, NM3, start=["RS", "WCR", "R3"],
                                  then=("Y9", "G8", "R5"))
    text = await table_after(harness, bob, session)
    assert en("event.start_card_ignored", card=card_name("RS")) in text
    assert en("event.start_card", card=card_name("R3")) in text
    await press_button(harness, ann, session, en("button.draw"))
    assert size(session, ann) == 10
    hand = await open_hand(harness, ann, session)
    assert en("button.pass") not in hand.labels()
    await ann.click(hand, label("R7"))  # not the drawn card
    assert last_ephemeral(ann) == en("why.must_play", card=card_name("R5"))
    await press(harness, ann, session, "R5")
    text = await table_after(harness, bob, session)
    assert en("table.top", card=label("R5")) in text and en("table.turn", player="Bob") in text


# ---------------------------------------------------------------------------- M-5, M-6


async def test_discard_all_buries_its_colour_in_the_log(harness: Harness,
                                                       players: list[VirtualUser]) -> None:
    """M-5.4: Ann's Discard All takes her other red cards under it; the table's log names them
    (the buried cards are public: they lie in the discard pile)."""
    ann, bob, _ = players
    hands = {**NM3, "ann": ["RDA", "R7", "G3", "R9", "WCR", "B2", "R+2"]}
    session = await no_mercy_game(harness, players, hands)
    await press(harness, ann, session, "RDA")
    text = await table_after(harness, bob, session)
    assert en("event.discarded_all", player="Ann", card=card_name("RDA"),
              cards=card_names("R7", "R9", "R+2")) in text
    assert size(session, ann) == 3


async def test_stack_shows_running_total_and_minimum(harness: Harness,
                                                     players: list[VirtualUser]) -> None:
    """M-6.2-3: Bob stacks a green Draw Two on Ann's red one; the table tells Cid the running
    total (4) and the lowest draw card that answers it (+2); a Skip does not answer it, and
    the hand says why."""
    ann, bob, cid = players
    hands = {**NM3, "cid": ["R9", "Y7", "G1", "B6", "Y+4", "YR", "GS"]}
    session = await no_mercy_game(harness, players, hands)
    await press(harness, ann, session, "R+2")
    text = await table_after(harness, cid, session)
    assert en("table.pending.draw_min", player="Bob", count=2, min=2) in text
    await press(harness, bob, session, "G+2")
    text = await table_after(harness, cid, session)
    assert en("table.pending.draw_min", player="Cid", count=4, min=2) in text
    hand = await open_hand(harness, cid, session)
    await cid.click(hand, label("GS"))
    assert last_ephemeral(cid) == en("why.pending_draw_min", min=2)
    await press(harness, cid, session, "Y+4")  # a +4 is worth more than the last +2
    text = await table_after(harness, ann, session)
    assert en("table.pending.draw_min", player="Ann", count=8, min=4) in text


# ---------------------------------------------------------------------------- M-8


async def test_roulette_colour_is_offered_to_its_victim(harness: Harness,
                                                        players: list[VirtualUser]) -> None:
    """M-8: after Ann's Roulette the table waits for Bob to name a colour: the colour buttons
    are his alone; he turns cards up until green comes and loses his turn."""
    ann, bob, cid = players
    hands = {**NM3, "ann": ["WCR", *NM3["ann"][1:]]}
    session = await no_mercy_game(harness, players, hands, then=("R1", "Y2", "G4"))
    await press(harness, ann, session, "WCR")
    text = await table_after(harness, cid, session)
    assert en("table.pending.roulette", player="Bob") in text
    table = table_of(bob, session)
    await harness.fake.wait_for(lambda: colour_label("G") in table.labels(), timeout=3)
    await cid.click(table, colour_label("G"))
    assert last_ephemeral(cid) == en("error.not_your_turn")
    await bob.click(table, colour_label("G"))
    text = await table_after(harness, cid, session)
    assert en("event.color_chosen", player="Bob", color=colour("G", in_text=True)) in text
    assert en("event.drew_and_skipped", player="Bob", count=3) in text
    assert en("table.color", color=colour("G")) in text and en("table.turn", player="Cid") in text
    assert size(session, bob) == 10


# ---------------------------------------------------------------------------- M-10


async def test_knockout_is_shown_on_the_table(harness: Harness,
                                              players: list[VirtualUser]) -> None:
    """M-10: Ann and Bob each play a Wild Draw Ten; Cid takes 20 and, at 25 cards, is knocked
    out: the table crosses him out and the log says so; Ann plays next, and Cid's hand tells
    him why he cannot play."""
    ann, bob, cid = players
    session = await no_mercy_game(harness, players, KO_HANDS, then=tuple(KO_THEN))
    await press(harness, ann, session, "W+10", "R")
    await press(harness, bob, session, "W+10", "R")
    await press_button(harness, cid, session, en("button.accept"))
    text = await table_after(harness, ann, session)
    assert en("event.knocked_out", player="Cid", count=25) in text
    assert en("table.player_knocked_out", player="Cid", points=0) in text
    assert en("table.turn", player="Ann") in text
    assert size(session, cid) == 0


# ---------------------------------------------------------------------------- whole matches


async def _whole_match(harness: Harness, users: list[VirtualUser], target: int) -> int:
    """Play a No Mercy match through the buttons to its end; the knockouts the log showed."""
    assert harness.bot is not None
    harness.bot.games.new_seed = lambda: MATCH_SEED  # the same deals every run
    session = await start_game(harness, users, preset="no_mercy", target=target, turn_timer=0)
    driver = Driver(harness, users, seed=MATCH_SEED)
    knocked: set[tuple[int, str]] = set()  # (round, player)
    while await driver.step():
        game = session.game
        for seat in game.knocked_out:
            if (game.round, game.players[seat]) not in knocked:
                knocked.add((game.round, game.players[seat]))
                text = await table_after(harness, users[0], session)
                name = session.names[game.players[seat]]
                assert en("table.player_knocked_out", player=name,
                          points=game.scores[seat]) in text or game.round_over
        assert driver.clicks < 4000
    game = session.game
    assert game.match_winner is not None and max(game.scores) >= target
    table = table_of(users[0], session)
    title = en("table.match_over", player=session.names[game.players[game.match_winner]])
    await harness.fake.wait_for(lambda: title_of(table) == title, timeout=3)
    return len(knocked)


async def test_whole_two_player_match_through_buttons(harness: Harness) -> None:
    """M (2 players): a whole match to 250 points: with two players a knockout ends the round
    (M-10.5) and is worth 250 (M-13.1). The leaderboard and the stats filtered by the preset
    count it; the classic ones do not."""
    users = [harness.user("Ann"), harness.user("Bob")]
    await _whole_match(harness, users, target=250)
    await harness.settle()
    handle = await users[0].slash("uno leaderboard", preset="no_mercy")
    board = handle.response
    assert board is not None
    await harness.fake.wait_for(lambda: bool(board.texts), timeout=3)
    assert en("preset.no_mercy.name") in footer_of(board)
    assert en("leaderboard.wins", count=1) in board.text
    classic = (await users[0].slash("uno leaderboard", preset="classic")).response
    assert classic is not None and en("leaderboard.empty") in table_text(classic)
    for preset, matches in (("no_mercy", "1"), ("classic", "0")):
        stats = (await users[1].slash("uno stats", preset=preset)).response
        assert stats is not None and stats.ephemeral
        embed = stats.embeds[0]
        assert embed["description"] == en(f"preset.{preset}.name")
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert fields[en("stats.matches")] == matches


async def test_whole_six_player_match_with_knockouts(harness: Harness) -> None:
    """M (6 players, the most): a whole match to 50 points, with knockouts on the way."""
    users = [harness.user(f"Player{i}") for i in range(6)]
    knockouts = await _whole_match(harness, users, target=50)
    assert knockouts >= 1


# ---------------------------------------------------------------------------- M-14.3


async def test_turn_timer_draws_until_playable_and_plays_the_drawn_card(
        harness: Harness) -> None:
    """M-14.3: when Ann's time runs out the bot draws until playable for her (Y9, G8, then R5)
    and plays the drawn R5 at once: one timeout, and Bob plays next."""
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], preset="no_mercy", turn_timer=30)
    await rig_no_mercy(harness, session, {ann: NM3["ann"], bob: NM3["bob"]}, start="R3",
                       then=("Y9", "G8", "R5"))
    version = session.game.version
    harness.clock.advance(31)
    await harness.fake.wait_for(lambda: session.game.version > version + 1, timeout=3)
    text = await table_after(harness, bob, session)
    assert en("table.timed_out", player="Ann") in text
    assert en("event.played", player="Ann", card=card_name("R5")) in text
    assert en("table.turn", player="Bob") in text
    assert size(session, ann) == 9 and session.timeouts[str(ann.id)] == 1


async def test_m2_a_deal_that_passes_over_five_start_cards_is_logged_whole(
        harness: Harness, players: list[VirtualUser]) -> None:
    """M-2.3, issue 37: every start card passed over, and the start card, stay in the table's
    log (it once kept six lines, cutting the deal's first ones)."""
    _, bob, _ = players
    passed = ["RS", "WCR", "GR", "B+2", "Y+4"]
    session = await no_mercy_game(harness, players, NM3, start=[*passed, "R3"])
    text = await table_after(harness, bob, session)
    for code in passed:
        assert en("event.start_card_ignored", card=card_name(code)) in text, code
    assert en("event.start_card", card=card_name("R3")) in text
    assert en("event.round_started", round=1, player="Cid") in text


async def test_m13_a_round_won_by_knockout_reveals_the_knocked_out_and_the_winners_cards(
        harness: Harness) -> None:
    """M-10, M-13.1, M-16.3, issue 37: Bob, holding 16 cards, takes Ann's Wild Draw Ten and is
    knocked out at 25; Ann, the last player standing, wins the round holding six cards. The
    round's end explains its +250: Bob's line says he was knocked out, worth 250 to the
    winner, and Ann's cards are shown as scoring nothing."""
    from bot.engine import card

    ann, bob = harness.user("Ann"), harness.user("Bob")
    hands = {"ann": ["W+10", "R7", "G3", "Y5", "B2", "RS", "R+2"],
             "bob": ["R8", "Y2", "G6", "B4", "GS", "BR", "G5"]}
    session = await no_mercy_game(harness, [ann, bob], hands)
    session.game.hands[session.game.players.index(str(bob.id))].extend(
        card(code) for code in ["Y1", "Y3", "Y4", "Y6", "Y8", "Y9", "G1", "G2", "G4"])
    await press(harness, ann, session, "W+10", "R")
    await press_button(harness, bob, session, en("button.accept"))
    assert session.game.round_over
    text = await table_after(harness, ann, session)
    assert en("table.round_points_line", player="Ann", count=250, total=250) in text
    assert en("table.reveal_knocked_out", player="Bob", count=250) in text
    held = sum(card(code).points for code in hands["ann"][1:])
    assert en("table.reveal_winner", player="Ann", count=held, cards="\0").split("\0")[0] in text
