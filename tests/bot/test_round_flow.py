"""Rounds and seats during play: the round's points and the Next round button, leaving and
kicking during a round (RULES.md C-8, C-10), long hands in pages, a 429 on the table edit."""

from __future__ import annotations

import pytest

from bot.outlets.table_pens import PenSource
from drivers.catalogue import card_name, en, en_part
from drivers.screen import footer_of, last_ephemeral, open_hand, table_after
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game


async def _three(harness: Harness) -> list[VirtualUser]:
    return [harness.user("Ann"), harness.user("Bob"), harness.user("Cid")]


async def test_round_points_then_next_round(harness: Harness) -> None:
    ann, bob, cid = await _three(harness)
    session = await start_game(harness, [ann, bob, cid])
    await rig(harness, session, {ann: ["R7"], bob: ["W", "G3"]}, start="R5", dealer=cid)
    session.game.hands[0][:] = session.game.hands[0][:1]  # Ann goes out with her last card
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, cid, session)
    points = session.game.scores[0]
    assert points > 0 and en_part("event.round_won", player="Ann") in text  # C-8
    assert en("table.round_points_line", player="Ann", count=points, total=points) in text
    table = cid.message(session.message_id)
    assert table.labels() == [en("button.next_round")]
    await cid.click(table, en("button.next_round"))
    text = await table_after(harness, ann, session)
    assert en("table.title", round=2) in text and session.game.round == 2
    assert en("button.hand") in ann.message(session.message_id).labels()


async def test_leaving_during_a_round_follows_c10(harness: Harness) -> None:
    ann, bob, cid = await _three(harness)
    session = await start_game(harness, [ann, bob, cid])
    await bob.slash("uno leave")
    assert last_ephemeral(bob) == en("lobby.left_game")
    text = await table_after(harness, ann, session)
    assert en("table.player_left", player="Bob") in text
    assert en_part("event.left", player="Bob") in text
    await bob.click(bob.message(session.message_id), en("button.hand"))
    assert last_ephemeral(bob) == en("error.left_game")


async def test_host_kicks_during_a_round_and_others_may_not(harness: Harness) -> None:
    ann, bob, cid = await _three(harness)
    session = await start_game(harness, [ann, bob, cid])
    await bob.slash("uno kick", player=cid)
    assert last_ephemeral(bob) == en("error.host_only")
    assert session.game.active == [True, True, True]
    await ann.slash("uno kick", player=cid)
    assert session.game.active == [True, True, False]
    text = await table_after(harness, bob, session)
    assert en("table.player_left", player="Cid") in text


async def test_the_last_opponent_leaving_ends_the_match_by_forfeit(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await bob.slash("uno leave")
    text = await table_after(harness, ann, session)
    assert en("event.match_won_forfeit", player="Ann") in text  # C-10 forfeit
    assert harness.bot is not None and harness.bot.games.in_channel(session.channel_id) is None


async def test_a_long_hand_is_shown_in_pages(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {}, start="R5", dealer=bob)
    game = session.game
    while len({c.code for c in game.hands[0]}) <= 25:  # more distinct cards than one page holds
        game.hands[0].append(game.draw_pile.pop())
    hand = await open_hand(harness, ann, session)
    assert "◀" in hand.labels() and "▶" in hand.labels()
    assert len(hand.buttons()) <= 25
    assert en_part("hand.page", page=1) in footer_of(hand)
    first = hand.labels()
    await ann.click(hand, "▶")
    hand = ann.message(hand.id)
    assert en_part("hand.page", page=2) in footer_of(hand)
    assert hand.labels() != first


async def test_a_429_on_the_table_edit_is_retried(harness: Harness) -> None:
    assert harness.bot is not None
    harness.bot.tables.pens = PenSource.NONE  # edited with the bot token (issue 29)
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5",
              dealer=bob)
    route = "/channels/{channel_id}/messages/{message_id}"
    harness.fake.inject_429("PATCH", route, times=1, retry_after=0.05)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, bob, session)  # the edit landed after the retry
    assert en("event.played", player="Ann", card=card_name("R7")) in text
    assert [r.status for r in harness.fake.rate_limited] == [429]


async def test_a_move_that_cannot_be_saved_is_not_made(harness: Harness,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3", "G4", "B6", "B8", "Y9", "Y2"]}, start="R5",
              dealer=bob)
    version, hand_before = session.game.version, list(session.game.hands[0])
    assert harness.bot is not None
    repo = harness.bot.games._repo

    async def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(repo, "update", disk_full)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    assert last_ephemeral(ann) == en("error.save_failed")
    current = harness.bot.games.get(session.game_id)
    assert current is not None
    game = current.game
    assert game.version == version and game.hands[0] == hand_before
    harness.session.take_bot_errors()  # the failed save is logged, as it should be
