"""AI players at the table, through the fake Discord (issue #19): the host seats them with Add
AI, one person and two AIs play a round to its end under each preset, and the lobby's rules for
them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import Observation
from bot.engine import Action
from bot.fake_discord.users import SeenMessage
from bot.render.table import waiting_player
from bot.services.seats import is_ai
from bot.storage import AI_BOARD_ROWS, StatsRepository
from bot.ui.items import RulesSelect
from drivers.catalogue import en, en_part
from drivers.screen import last_ephemeral, table_after, title_of
from tests.fake_discord import VirtualUser

from .harness import Driver, Harness, start_game


async def _table(h: Harness, user: VirtualUser, session: Any) -> SeenMessage:
    """The game's public table as `user` sees it, once it is posted."""
    await h.fake.wait_for(lambda: session.message_id is not None, timeout=3)
    return user.message(session.message_id)


async def _add_ai(h: Harness, host: VirtualUser, level: str) -> None:
    picker = (await host.click(h.lobby(host), en("button.add_ai"))).response
    assert picker is not None and picker.ephemeral
    assert picker.labels() == [en("button.ai_easy"), en("button.ai_normal"),
                               en("button.ai_hard"), en("button.ai_expert")]
    await host.click(picker, en(f"button.ai_{level}"))


@pytest.mark.parametrize("preset", ["classic", "cnuno", "flip"])
async def test_host_adds_ais_and_a_person_plays_a_round_with_them(harness: Harness,
                                                                  preset: str) -> None:
    ann = harness.user("Ann")
    await ann.slash("uno create", preset=preset)
    await _add_ai(harness, ann, "normal")
    assert last_ephemeral(ann) == en("lobby.ai_added", player="🤖 Ada ★★")
    await _add_ai(harness, ann, "hard")
    lobby = harness.lobby(ann)
    await harness.fake.wait_for(lambda: "🤖 Alan ★★★" in lobby.text, timeout=3)
    assert "🤖 Ada ★★" in lobby.text
    await ann.click(lobby, en("button.start"))  # one person and AIs: a valid game
    assert harness.bot is not None
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None
    assert session.game.players == (str(ann.id), "ai:12", "ai:23")
    await _play_until(harness, session, [ann], lambda: session.game.round_over, seed=3)
    assert session.game.round_over
    assert any(is_ai(str(e.get("by", ""))) for e in session.recent)
    text = await table_after(harness, ann, session)
    assert en_part("event.round_won") in text


async def test_an_expert_plays_a_round_thinking_in_a_process_of_its_own(
        harness: Harness) -> None:
    """Issue 33: the expert's search never runs on the event loop, nor in one of its threads."""
    ann = harness.user("Ann")
    await ann.slash("uno create")
    await _add_ai(harness, ann, "expert")
    assert last_ephemeral(ann) == en("lobby.ai_added", player="🤖 Ada ★★★★")
    await ann.click(harness.lobby(ann), en("button.start"))
    assert harness.bot is not None
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None and session.game.players == (str(ann.id), "ai:14")
    await _play_until(harness, session, [ann], lambda: session.game.round_over, seed=5)
    assert any(e.get("by") == "ai:14" for e in session.recent)
    assert harness.bot.autoplay._searcher is not None  # the search process was used


async def test_the_table_names_an_ai_without_pinging_it(harness: Harness) -> None:
    ann = harness.user("Ann")
    await ann.slash("uno create")
    await _add_ai(harness, ann, "easy")
    assert harness.bot is not None
    harness.bot.autoplay._delay = 30.0  # hold the AI back, to read the table while it thinks
    await ann.click(harness.lobby(ann), en("button.start"))
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None
    driver = Driver(harness, [ann], seed=1)
    for _ in range(10):  # Ann plays until the table waits for the AI
        if waiting_player(session) == "ai:11":
            break
        hand = (await ann.click(await _table(harness, ann, session), en("button.hand"))).response
        assert hand is not None
        await driver._act_in_hand(ann, hand)
    assert waiting_player(session) == "ai:11"
    await harness.fake.wait_for(lambda: session.message_id is not None, timeout=3)
    table = await table_after(harness, ann, session)
    assert en("table.ai_move", player="🤖 Ada ★") in table
    assert "<@ai:" not in table


async def test_only_the_host_adds_ais_and_they_count_toward_ten(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    await ann.slash("uno create")
    await bob.click(harness.lobby(ann), en("button.join"))
    await bob.click(harness.lobby(bob), en("button.add_ai"))
    assert last_ephemeral(bob) == en("error.host_only")
    for _ in range(8):
        await _add_ai(harness, ann, "easy")
    picker = (await ann.click(harness.lobby(ann), en("button.add_ai"))).response
    assert picker is not None
    await ann.click(picker, en("button.ai_easy"))
    assert last_ephemeral(ann) == en("lobby.full", max=10)


async def test_the_host_removes_an_ai_and_its_seat_is_free_again(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    await ann.slash("uno create")
    await bob.click(harness.lobby(ann), en("button.join"))
    assert en("button.remove_ai") not in harness.lobby(ann).labels()  # no AI to remove
    await _add_ai(harness, ann, "normal")
    await _add_ai(harness, ann, "hard")
    lobby = harness.lobby(ann)
    await harness.fake.wait_for(lambda: en("button.remove_ai") in lobby.labels(), timeout=3)
    await bob.click(lobby, en("button.remove_ai"))
    assert last_ephemeral(bob) == en("error.host_only")
    picker = (await ann.click(lobby, en("button.remove_ai"))).response
    assert picker is not None and picker.ephemeral
    assert picker.content == en("lobby.ai_remove_pick")
    assert picker.labels() == ["🤖 Ada ★★", "🤖 Alan ★★★"]
    await ann.click(picker, "🤖 Ada ★★")
    assert last_ephemeral(ann) == en("lobby.ai_removed", player="🤖 Ada ★★")
    assert harness.bot is not None
    stored = await harness.bot.lobbies.get(harness.fake.channel.id)
    assert stored is not None and stored.player_ids == (ann.id, bob.id, -23)
    await harness.fake.wait_for(lambda: "Ada" not in lobby.text, timeout=3)
    assert "🤖 Alan ★★★" in lobby.text
    await ann.click(picker, "🤖 Ada ★★")  # the picker is out of date now
    assert last_ephemeral(ann) == en("lobby.ai_gone")
    await _add_ai(harness, ann, "hard")  # takes the first AI's free number, not Alan's id
    assert last_ephemeral(ann) == en("lobby.ai_added", player="🤖 Ada ★★★")
    picker = (await ann.click(lobby, en("button.remove_ai"))).response
    assert picker is not None and picker.labels() == ["🤖 Alan ★★★", "🤖 Ada ★★★"]
    await ann.click(picker, "🤖 Alan ★★★")
    await ann.click(picker, "🤖 Ada ★★★")
    await harness.fake.wait_for(lambda: en("button.remove_ai") not in lobby.labels(), timeout=3)
    stored = await harness.bot.lobbies.get(harness.fake.channel.id)
    assert stored is not None and stored.player_ids == (ann.id, bob.id)


async def test_a_lobby_left_to_ais_alone_closes(harness: Harness) -> None:
    ann = harness.user("Ann")
    await ann.slash("uno create")
    await _add_ai(harness, ann, "normal")
    await ann.slash("uno leave")
    assert harness.bot is not None
    assert await harness.bot.lobbies.get(harness.fake.channel.id) is None


async def test_a_person_swaps_hands_with_an_ai(harness: Harness) -> None:
    """H-3 at a table with AIs: the 7's picker offers the AI players, and the swap is made (a
    hand whose buttons named an AI seat could not be shown at all)."""
    from drivers.screen import open_hand
    from tests.engine.support import stacked_deck

    from .harness import redeal

    ann = harness.user("Ann")
    await ann.slash("uno create", turn_timer=0)
    lobby = harness.lobby(ann)
    menu = RulesSelect("play", harness.fake.channel.id).custom_id
    await ann.choose(lobby, "seven_zero", custom_id=menu)
    await _add_ai(harness, ann, "normal")
    await _add_ai(harness, ann, "hard")
    assert harness.bot is not None
    harness.bot.autoplay._delay = 30.0  # the AIs wait while Ann plays her 7
    await ann.click(lobby, en("button.start"))
    session = harness.bot.games.in_channel(harness.fake.channel.id)
    assert session is not None
    ann_id = str(ann.id)
    hands = {ann_id: ["R7", "G1", "G2", "G3", "G4", "G6", "G8"],
             "ai:12": ["B1", "B2", "B3", "B4", "B6", "B8", "B9"],
             "ai:23": ["Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8"]}
    await redeal(harness, session, stacked_deck(session.game.players, hands, "R5",
                                                dealer="ai:23"), "ai:23")
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "🟥 Red 7")  # the 7 asks: swap with whom?
    picker = ann.message(hand.id)
    to_ada = en("button.to_player", player="🤖 Ada ★★")
    assert to_ada in picker.labels()
    await ann.click(picker, to_ada)
    text = await table_after(harness, ann, session)
    assert en("event.hands_swapped", player="Ann", target="🤖 Ada ★★") in text
    assert sorted(c.code for c in session.game.hands[0]) == hands["ai:12"]


async def test_an_ai_thinks_without_holding_the_game(harness: Harness,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """While an AI decides (in a worker thread), the game's lock is free: the host can end the
    game at once, and the AI's late move is refused as stale, changing nothing."""
    import threading

    import bot.services.autoplay as autoplay
    from bot.ai import NormalPolicy

    thinking, release = threading.Event(), threading.Event()

    class Slow(NormalPolicy):
        def decide(self, obs: Observation, rng: random.Random) -> Action | None:
            thinking.set()
            release.wait(10)
            return super().decide(obs, rng)

    monkeypatch.setattr(autoplay, "decide", lambda level, obs, seed: Slow().decide(
        obs, random.Random(seed)))
    ann = harness.user("Ann")
    await ann.slash("uno create")
    await _add_ai(harness, ann, "hard")
    assert harness.bot is not None
    games = harness.bot.games
    await ann.click(harness.lobby(ann), en("button.start"))
    session = games.in_channel(harness.fake.channel.id)
    assert session is not None
    await harness.fake.wait_for(lambda: session.message_id is not None, timeout=3)
    driver = Driver(harness, [ann], seed=2)
    for _ in range(10):  # Ann plays until the AI has something to do
        if thinking.is_set() or waiting_player(session) == "ai:13":
            break
        hand = (await ann.click(await _table(harness, ann, session), en("button.hand"))).response
        assert hand is not None
        await driver._act_in_hand(ann, hand)
    await harness.fake.wait_for(thinking.is_set, timeout=5)
    version = session.version
    await ann.slash("uno end")  # takes the game's lock: it must be free
    assert last_ephemeral(ann) == en("lobby.game_ended")
    release.set()
    await harness.fake.wait_for(lambda: not harness.bot.autoplay.busy(), timeout=5)  # type: ignore[union-attr]
    assert session.version == version and games.in_channel(harness.fake.channel.id) is None


async def _play_until(harness: Harness, session: Any, users: list[VirtualUser],
                      stop: Callable[[], bool], seed: int = 0) -> None:
    """The people act (random legal clicks) until `stop()`; AI-played seats act by themselves."""
    driver = Driver(harness, users, seed=seed)
    by_id = {str(u.id): u for u in users}
    for _ in range(500):
        if stop() or session.game.round_over:
            return
        waiting = waiting_player(session)
        user = by_id.get(waiting or "")
        if user is None or waiting in session.stand_ins:
            version = session.version
            await harness.fake.wait_for(lambda: session.version != version or stop(),  # noqa: B023
                                        timeout=5)
            continue
        await harness.fake.wait_for(lambda: session.message_id is not None, timeout=3)
        hand = (await user.click(user.message(session.message_id), en("button.hand"))).response
        assert hand is not None
        if waiting_player(session) != waiting:
            continue  # an AI was quicker (a jump-in, a catch): look again
        try:
            await driver._act_in_hand(user, hand)
        except RuntimeError as exc:  # the hand was drawn just after an AI moved first
            if not isinstance(exc.__cause__, StopIteration):
                raise
    raise AssertionError("never stopped")


async def test_a_player_who_leaves_is_played_by_an_ai_and_reclaims_the_seat(
        harness: Harness) -> None:
    """C-10 with the server's takeover setting: the seat stays (no leave in the engine), an AI
    plays it, and Reclaim seat gives it back at once."""
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob, cid = harness.user("Bob"), harness.user("Cid")
    await bob.slash("uno settings", ai_takeover=True)
    assert last_ephemeral(bob) == en("settings.manage_guild_only")
    await ann.slash("uno settings", ai_takeover=True)
    assert en("settings.ai_takeover", state=en("rules.on")) in last_ephemeral(ann)
    session = await start_game(harness, [ann, bob, cid])
    await bob.slash("uno leave")
    assert last_ephemeral(bob) == en("table.ai_took_over", player="Bob")
    bob_name = str(bob.id)
    assert session.game.active[1] and session.stand_ins == {bob_name: "normal"}
    text = await table_after(harness, ann, session)
    assert en("table.ai_took_over", player="Bob") in text and "🤖" in text
    moves_before = sum(1 for e in session.recent if e.get("by") == bob_name)
    await _play_until(harness, session, [ann, cid], lambda: sum(
        1 for e in session.recent if e.get("by") == bob_name
        and e.get("type") in ("played", "drew", "color_chosen")) > moves_before)
    table = ann.message(session.message_id)
    await harness.fake.wait_for(lambda: en("button.reclaim") in table.labels(), timeout=3)
    await ann.click(table, en("button.reclaim"))
    assert last_ephemeral(ann) == en("error.no_stand_in")
    await bob.click(bob.message(session.message_id), en("button.reclaim"))
    assert last_ephemeral(bob) == en("table.seat_reclaimed", player="Bob")
    assert session.stand_ins == {}
    text = await table_after(harness, cid, session)
    assert en("table.seat_reclaimed", player="Bob") in text
    await _play_until(harness, session, [ann, bob, cid],
                      lambda: waiting_player(session) == bob_name)
    if not session.game.round_over:
        version = session.version
        await harness.pause(0.2)
        assert session.version == version  # Bob's seat waits for Bob again


async def test_a_player_who_leaves_without_the_setting_leaves(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await start_game(harness, [ann, bob, cid])
    await bob.slash("uno leave")
    assert last_ephemeral(bob) == en("lobby.left_game")
    assert not session.game.active[1] and session.stand_ins == {}


# Seed 25 turns up a Wild as the start card with Ann to name its colour (C-3.3): her first timeout
# names it (C-11) and the turn stays hers, so her next timeout follows without Bob moving.
@pytest.mark.parametrize("seed", [1, 25], ids=["plain-start", "wild-start"])
async def test_an_idle_player_is_played_by_an_ai_instead_of_removed(harness: Harness,
                                                                    seed: int) -> None:
    """C-11 with the takeover setting: the third timeout in a row hands the seat to an AI."""
    ann = harness.user("Ann", permissions=["manage_guild"])
    bob = harness.user("Bob")
    await ann.slash("uno settings", ai_takeover=True)
    assert harness.bot is not None
    harness.bot.games.new_seed = lambda: seed
    session = await start_game(harness, [ann, bob], turn_timer=20)
    game = session.game
    name = str(ann.id)
    assert (game.pending is not None and waiting_player(session) == name) == (seed == 25)
    for count in (1, 2, 3):
        await _play_until(harness, session, [bob], lambda: waiting_player(session) == name)
        if game.round_over:
            return
        harness.clock.advance(21)
        # The timer acts for Ann: a draw and a pass, or the colour of a Wild start card, after
        # which the turn is still hers and her next timeout follows. It holds the game's lock
        # until it has armed the next deadline, which the next advance must find.
        await harness.fake.wait_for(
            lambda: (session.timeouts.get(name) == count  # noqa: B023
                     or (count == 3 and name in session.stand_ins))  # noqa: B023
            and not session.lock.locked(), timeout=5)
    await harness.fake.wait_for(lambda: name in session.stand_ins, timeout=5)
    assert game.active[0]
    text = await table_after(harness, bob, session)
    assert en("table.ai_took_over", player="Ann") in text


# The house rules of benchmarks/ai.py's house-rule line, switched on in the lobby's editor.
HOUSE_RULES: dict[str, list[str] | str] = {
    "play": ["jump_in", "seven_zero", "uno_slap", "swap_on_five"], "penalties": ["stacking"],
    "silence": "twos"}


@pytest.mark.parametrize(("preset", "rules"), [("classic", {}), ("classic", HOUSE_RULES),
                                               ("cnuno", {}), ("flip", {}), ("no_mercy", {})],
                         ids=["classic", "house-rules", "cnuno", "flip", "no-mercy"])
async def test_a_person_and_ais_play_a_whole_match_recorded_once(
        harness: Harness, preset: str, rules: dict[str, list[str] | str]) -> None:
    """Issue 19's done-when: a match to its end (C-8, to the lowest target the lobby allows),
    every round through the same loop as above; the match is recorded once, the AIs in their
    levels' rows of the boards."""
    ann = harness.user("Ann")
    await ann.slash("uno create", preset=preset, target=50, turn_timer=0)
    lobby = harness.lobby(ann)
    for group, values in rules.items():
        picked = [values] if isinstance(values, str) else values
        menu = RulesSelect(group, harness.fake.channel.id).custom_id
        await ann.choose(lobby, *picked, custom_id=menu)
    await _add_ai(harness, ann, "normal")
    await _add_ai(harness, ann, "hard")
    await ann.click(lobby, en("button.start"))
    assert harness.bot is not None
    games = harness.bot.games
    session = games.in_channel(harness.fake.channel.id)
    assert session is not None and session.game.rules.preset == preset
    options = session.game.rules.options
    for group, values in rules.items():  # the lobby's picks are the game's rules
        if group == "silence":
            assert options.silence == values
        else:
            assert all(getattr(options, name) for name in values)
    game = session.game
    for _ in range(30):  # rounds
        await _play_until(harness, session, [ann], lambda: game.match_winner is not None,
                          seed=game.round)
        if game.match_winner is not None:
            break
        table = await _table(harness, ann, session)
        await harness.fake.wait_for(lambda: en("button.next_round") in table.labels(),  # noqa: B023
                                    timeout=3)
        await ann.click(table, en("button.next_round"))
    winner = game.match_winner
    assert winner is not None and max(game.scores) >= 50
    table = await _table(harness, ann, session)
    # The move that won is applied before the table's edit showing it is even asked for (an AI
    # moves in a task of its own): no edit may be pending yet, so wait for the title itself.
    won = en("table.match_over", player=session.names[game.players[winner]])
    await harness.fake.wait_for(lambda: title_of(table) == won, timeout=5)
    await harness.settle()
    assert title_of(table) == won
    # The channel is free once the save that ended the match is committed; the table, drawn
    # from the game in memory, may show the end a moment before that.
    await harness.fake.wait_for(lambda: games.in_channel(harness.fake.channel.id) is None,
                                timeout=3)
    stats = StatsRepository(harness.bot.db)
    record = await stats.match(session.game_id)
    assert record is not None and record.rounds == game.round
    assert [s.user_id for s in record.seats] == [ann.id, -12, -23]
    assert record.winner_id == [ann.id, -12, -23][winner]
    assert len(await stats.rounds(session.game_id)) == game.round
    board = await stats.leaderboard(harness.fake.guild_id, board="wins")
    assert sorted((e.user_id, e.matches, e.wins) for e in board.entries) == sorted(
        (row, 1, int(seat == winner)) for seat, row in
        enumerate([ann.id, AI_BOARD_ROWS["normal"], AI_BOARD_ROWS["hard"]]))
    shown = (await ann.slash("uno leaderboard")).response
    assert shown is not None
    text = shown.text
    for level in ("normal", "hard"):
        assert en("leaderboard.ai_row", level=en(f"button.ai_{level}")) in text
    assert en("leaderboard.ai_note") in text
