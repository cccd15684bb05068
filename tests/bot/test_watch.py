"""Watch (issue 18 item 6): anyone in the channel follows a game in a live private view of the
public table; only the latest watchers of a game are kept live."""

from __future__ import annotations

import functools
import gc
import logging
from typing import Any

import pytest

from bot.fake_discord.request_gate import DROPPED
from bot.fake_discord.users import SeenMessage
from bot.outlets.watchers import WATCH_EVERY, WATCHERS_PER_GAME
from bot.render.table import render_table
from drivers.catalogue import card_name, en
from drivers.screen import footer_of, open_hand, table_after
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game

TOKEN_EDIT = "/webhooks/{application_id}/{token}/messages/{message_id}"


def _description(message: SeenMessage) -> str:
    return message.text


async def _dan_watches(harness: Harness) -> tuple[VirtualUser, VirtualUser, VirtualUser, Any,
                                                  SeenMessage]:
    """Ann and Bob's game (rigged: Ann plays R7 first), and Dan's view of it, opened with
    Watch: Ann, Bob, Dan, the game, the view."""
    ann, bob, dan = harness.user("Ann"), harness.user("Bob"), harness.user("Dan")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["B9", "Y4"]}, start="R5", dealer=bob)
    await table_after(harness, dan, session)
    await dan.click(dan.message(session.message_id), en("button.watch"))
    return ann, bob, dan, session, dan.ephemerals()[-1]


async def test_anyone_may_watch_a_live_view_of_the_public_table(harness: Harness) -> None:
    ann, bob, dan, session, view = await _dan_watches(harness)
    assert footer_of(view) == en("watch.footer")
    assert render_table(session).shown.text in view.text
    assert card_name("B9") not in _description(view)  # nothing of a hand is shown
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await table_after(harness, dan, session)
    harness.clock.advance(WATCH_EVERY)
    played = en("event.played", player="Ann", card=card_name("R7"))
    await harness.fake.wait_for(lambda: played in _description(dan.message(view.id)),
                                timeout=3)
    assert en("button.watch") not in dan.message(view.id).labels()  # a view, not a table


async def test_only_the_latest_watchers_stay_live(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    watchers = [harness.user(f"Fan{i}") for i in range(WATCHERS_PER_GAME + 1)]
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["B9", "Y4"]}, start="R5", dealer=bob)
    await table_after(harness, ann, session)
    views = []
    for fan in watchers:
        await fan.click(fan.message(session.message_id), en("button.watch"))
        views.append(fan.ephemerals()[-1])
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await table_after(harness, ann, session)
    harness.clock.advance(WATCH_EVERY)
    played = en("event.played", player="Ann", card=card_name("R7"))
    def live(fan: VirtualUser, view: SeenMessage) -> bool:
        return played in _description(fan.message(view.id))

    for fan, view in zip(watchers[1:], views[1:], strict=True):
        await harness.fake.wait_for(functools.partial(live, fan, view), timeout=3)
    first = watchers[0].message(views[0].id)
    assert played not in _description(first)  # the oldest watcher's view is no longer live


async def test_a_view_whose_edit_loses_its_connection_catches_up_at_the_next_change(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    """Discord's connection drops under a watcher's edit (discord.py passes a dropped
    connection on as aiohttp's error): nothing is logged as an error, and the game's next
    change brings the view up to date."""
    ann, bob, dan, session, view = await _dan_watches(harness)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await table_after(harness, dan, session)
    await harness.settle()
    seen = len(harness.fake.requests)
    harness.fake.drop_next("PATCH", TOKEN_EDIT)  # the watcher's view is the edit now due
    harness.clock.advance(WATCH_EVERY)
    await harness.fake.wait_for(
        lambda: DROPPED in [r.status for r in harness.fake.requests[seen:]], timeout=3)
    await harness.settle()
    played = en("event.played", player="Ann", card=card_name("R7"))
    assert played not in _description(dan.message(view.id))
    gc.collect()  # a task left with an exception says so when it is collected
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    await bob.click(await open_hand(harness, bob, session), en("button.draw"))
    await table_after(harness, dan, session)
    harness.clock.advance(WATCH_EVERY)
    await harness.fake.wait_for(lambda: played in _description(dan.message(view.id)),
                                timeout=3)
