"""Watch (issue 18 item 6): anyone in the channel follows a game in a live private view of the
public table; only the latest watchers of a game are kept live."""

from __future__ import annotations

import functools

from bot.fake_discord.users import SeenMessage
from bot.outlets.watchers import WATCH_EVERY, WATCHERS_PER_GAME
from bot.render.table import render_table
from drivers.catalogue import card_name, en
from drivers.screen import footer_of, open_hand, table_after
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game


def _description(message: SeenMessage) -> str:
    return message.text


async def test_anyone_may_watch_a_live_view_of_the_public_table(harness: Harness) -> None:
    ann, bob, dan = harness.user("Ann"), harness.user("Bob"), harness.user("Dan")
    session = await start_game(harness, [ann, bob])
    await rig(harness, session, {ann: ["R7", "G3"], bob: ["B9", "Y4"]}, start="R5", dealer=bob)
    await table_after(harness, dan, session)
    await dan.click(dan.message(session.message_id), en("button.watch"))
    view = dan.ephemerals()[-1]
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
