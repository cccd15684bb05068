"""Nothing stops the bot: a lost channel, clicks racing Start, failed table edits and timed
actions, a stalled save, controls clicked where they do not belong, and names made of markdown
and direction overrides. Each test failed on the bot before these were fixed."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from bot.engine import Action, ActionType, card
from bot.fake_discord.api import COMPONENT, DEFERRED_UPDATE
from bot.outlets.table_pens import PenSource
from bot.ui.controls import DecisionControl, TableControl
from bot.ui.items import DecisionButton, PlayButton, TableButton
from drivers.catalogue import en
from drivers.screen import body_of, open_hand, ping_of, table_text

from .harness import Harness, red_seven_for_ann, start_game

TABLE_EDIT = "/channels/{channel_id}/messages/{message_id}"


def top_line(table: Any) -> str:
    """The table's first line under its title: the top card."""
    heading = next(t for t in table.texts if t.startswith("### "))
    return heading.split("\n")[1]


async def test_a_game_whose_channel_is_gone_is_ended_and_the_bot_starts(
        harness: Harness) -> None:
    """Restoring a table in a deleted channel answers Unknown Channel: that game ends (as
    abandoned, no result), the bot starts anyway, and the channel's slot is free."""
    ann, bob, session = await red_seven_for_ann(harness)
    await harness.stop()
    harness.fake.channel_deleted = True
    bot = await harness.start()  # before: NotFound 10003 from setup_hook, the bot never starts
    await harness.fake.wait_for(lambda: bot.games.in_channel(session.channel_id) is None,
                                timeout=5)
    assert await bot.games._repo.load(session.game_id) is None
    assert {v.code for v in harness.fake.take_violations()} == {10003}
    harness.fake.channel_deleted = False  # the channel is back (or another takes its place)
    lobby = (await ann.slash("uno create")).response
    assert lobby is not None and not lobby.ephemeral


async def test_a_failed_table_edit_is_retried_until_the_table_is_current(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    assert harness.bot is not None
    tables = harness.bot.tables
    tables.pens = PenSource.NONE  # edited with the bot token, whose edit fails (issue 29)
    ann, bob, session = await red_seven_for_ann(harness)
    await harness.fake.wait_for(lambda: tables.current(session), timeout=3)
    harness.fake.fail_next("PATCH", TABLE_EDIT, status=403, code=50013,
                           message="Missing Permissions")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "🟥 Red 7")
    table = ann.message(session.message_id)
    # The first merged edit is refused; before, the table stayed stale until the next move.
    await harness.fake.wait_for(lambda: "Red 7" in top_line(table)
                                and tables.current(session), timeout=6)
    assert any("could not be updated" in r.getMessage() for r in caplog.records)


async def test_a_timed_action_whose_save_fails_is_tried_again(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    ann, bob, session = await red_seven_for_ann(harness, turn_timer=30)
    assert harness.bot is not None
    repo = harness.bot.games._repo
    real, calls, broken = repo.update, [], [True]

    async def fails_while_broken(*args: Any, **kwargs: Any) -> None:
        calls.append(1)
        if broken[0]:
            raise OSError("disk I/O error")
        await real(*args, **kwargs)

    monkeypatch.setattr(repo, "update", fails_while_broken)
    version = session.version
    harness.clock.advance(30)  # Ann's turn times out; its save fails
    # The failed save is undone: the game is as it was, and waits.
    await harness.fake.wait_for(lambda: bool(calls) and session.version == version, timeout=3)
    broken[0] = False  # the disk is back
    harness.clock.advance(5)  # before: never tried again, the game stalled until a restart
    await harness.fake.wait_for(lambda: session.version > version, timeout=3)
    assert any(e.get("type") == "timed_out" for e in session.recent)
    assert any("saving game" in e for e in harness.session.take_bot_errors())


async def test_a_stalled_save_is_deferred_and_still_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that holds a move past Discord's 3 s: the bot defers at about 2 s and answers
    after; before, the late answer hit an expired interaction (10062). The stall and the bot's
    watchdog run on the clock Discord's 3 s are measured on, which the test moves: 2 s, then
    1.5 s more (a watchdog on another clock would defer too late, and fail the test)."""
    ann, bob, session = await red_seven_for_ann(harness)
    assert harness.bot is not None
    repo = harness.bot.games._repo
    real = repo.update
    stalled = asyncio.Event()

    async def stalls(*args: Any, **kwargs: Any) -> None:
        stalled.set()
        await harness.clock.sleep(3.5)
        await real(*args, **kwargs)

    monkeypatch.setattr(repo, "update", stalls)
    hand = await open_hand(harness, ann, session)
    version = session.version
    handle = await ann.click(hand, "🟥 Red 7", wait=False)
    await harness.fake.wait_for(stalled.is_set, timeout=3)
    harness.clock.advance(2.0)  # the watchdog's moment
    await harness.fake.wait_for(lambda: handle.record.acknowledged, timeout=3)
    assert handle.record.ack_type == DEFERRED_UPDATE  # the deferral, in time
    harness.clock.advance(1.5)  # the write goes through, past Discord's 3 s
    await handle.wait_acknowledged()
    await harness.fake.wait_for(lambda: session.version > version, timeout=5)
    await harness.fake.wait_for(lambda: "Red 7" not in hand.labels(), timeout=3)


async def test_lobby_changes_racing_start_are_in_the_game_or_refused(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    dan = harness.user("Dan")
    await ann.slash("uno create")
    lobby = harness.lobby(ann)
    await bob.click(lobby, "Join")
    await dan.click(lobby, "Join")
    # All at once: Cid joins, Dan leaves, Ann starts.
    joining = await cid.click(lobby, "Join", wait=False)
    leaving = await dan.click(lobby, "Leave", wait=False)
    starting = await ann.click(lobby, "Start", wait=False)
    for handle in (joining, leaving, starting):
        await handle.wait_acknowledged()
    assert harness.bot is not None
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None
    players = set(session.view().players)

    def refused(handle: Any) -> bool:
        response = handle.response
        return response is not None and response.ephemeral and (
            response.content == en("lobby.game_running"))

    # What each user was told is what the game has.
    assert (str(cid.id) in players) is not refused(joining)
    assert (str(dan.id) in players) is refused(leaving)
    assert {str(ann.id), str(bob.id)} <= players
    await harness.fake.wait_for(lambda: not lobby.buttons(), timeout=3)  # the lobby closed


async def test_controls_act_only_where_they_belong(harness: Harness) -> None:
    """Discord delivers only ids that are on the clicked message (the fake refuses a forged
    one), and the bot checks rather than trusts it: a hand's control on a public message, or a
    table's button on another message, is refused and changes nothing."""
    from .test_seams import post_buttons

    ann, bob, session = await red_seven_for_ann(harness)
    gid, version = session.game_id, session.version
    table = ann.message(session.message_id)
    with pytest.raises(ValueError, match="not a control"):
        await harness.fake.create_interaction(ann.member, COMPONENT, {
            "custom_id": DecisionButton(gid, version, DecisionControl.DRAW).custom_id,
            "component_type": 2},
            table.stored)
    forged = [PlayButton(gid, version, Action("", ActionType.PLAY, card("R7"))).custom_id,
              TableButton(gid, TableControl.UNO).custom_id]
    elsewhere = await post_buttons(harness, session, forged)
    for custom_id in forged:
        answer = (await ann.click(elsewhere, custom_id=custom_id)).response
        assert answer is not None and answer.ephemeral
        assert answer.content == en("error.stale_button")
    assert session.version == version and not session.view().uno_called


async def test_names_are_shown_as_typed_never_as_markdown_or_reversed_text(
        harness: Harness) -> None:
    evil = "**Boss**\u202e\u200b"
    ann, bob = harness.user(evil), harness.user("Bob")
    await ann.slash("uno create")
    lobby = harness.lobby(ann)
    await bob.click(lobby, "Join")  # the lobby's message is known to the bot by now
    await ann.slash("uno end")
    closed = en("lobby.closed_by", player=r"\*\*Boss\*\*")
    await harness.fake.wait_for(lambda: body_of(lobby) == closed, timeout=3)
    session = await start_game(harness, [ann, bob], turn_timer=0)
    await ann.slash("uno end")
    table = bob.message(session.message_id)
    await harness.fake.wait_for(lambda: ping_of(table).startswith(r"\*\*Boss"), timeout=3)
    assert ping_of(table) == en("table.ended", player=r"\*\*Boss\*\*")
    assert "\u202e" not in table_text(table) and "\u200b" not in table_text(table)



async def test_a_table_left_with_buttons_by_a_lost_edit_loses_them_when_clicked(
        harness: Harness) -> None:
    """A process that dies between the save that ends a game and its table's edit leaves a table
    with buttons and no game behind it: the first click takes the buttons away."""
    ann, bob, session = await red_seven_for_ann(harness)
    await harness.settle()
    bot = await harness.restart()
    restored = bot.games.get(session.game_id)
    assert restored is not None
    await bot.games.end(restored)  # gone, as if the end's edit was lost with the process
    table = ann.message(session.message_id)
    assert table.buttons()
    answer = await ann.click(table, en("button.uno"))
    assert table.buttons() == []
    told = await answer.wait_followups(1)
    assert [m.content for m in told] == [en("error.game_over")] and told[0].ephemeral


async def test_a_failed_save_undoes_everything_the_move_changed(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host leaving (C-10) passes the host on; when that move cannot be saved, the host and
    everything else the move changed are as they were (before: the host stayed passed on)."""
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await start_game(harness, [ann, bob, cid], turn_timer=0)
    await harness.settle()
    meta, state = copy.deepcopy(session.meta()), copy.deepcopy(session.state())
    assert harness.bot is not None

    async def disk_full(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(harness.bot.games._repo, "update", disk_full)
    answer = (await ann.slash("uno leave")).response
    assert answer is not None and answer.content == en("error.save_failed")
    assert session.host == str(ann.id) and session.player(ann.id) == str(ann.id)
    assert session.meta() == meta and session.state() == state
    assert any("saving game" in e for e in harness.session.take_bot_errors())
