"""Results, leaderboards and statistics through the fake Discord: matches played by
virtual users fill the boards, ratings move the right way, pages and filters work (also after a
restart), a second server sees nothing of the first, stats are exact, forfeits (C-10) are losses,
lazy (H-7) and penalty (H-14) scoring are recorded in their own terms, forget-me removes a user,
and a crash around the last save records the match exactly once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import Game, RuleSet
from bot.fake_discord.users import SeenMessage
from bot.fake_discord.world import Member
from bot.rating import MIN_RATED_MATCHES
from bot.storage import StatsRepository, month_of
from drivers.catalogue import colour_label, en, tr
from drivers.screen import footer_of, open_hand, title_of
from tests.fake_discord import VirtualUser, fake_discord_session

from .harness import Driver, Harness, announce, rig, start_game


def row(place: int, player: str, wins: int, matches: int) -> str:
    """A line of the match-wins leaderboard."""
    return en("leaderboard.row.wins", place=place, player=player,
              wins=en("leaderboard.wins", count=wins),
              matches=en("leaderboard.matches", count=matches))


def footer(page: int, pages: int, *, period: str | None = None) -> str:
    """A leaderboard's footer, for every rule set."""
    return en("leaderboard.footer", page=page, pages=pages,
              period=period or en("leaderboard.period.all"), preset=en("leaderboard.any_preset"))


def stats_repo(h: Harness) -> StatsRepository:
    assert h.bot is not None
    return StatsRepository(h.bot.db)


async def commit(h: Harness, session: Any, change: Callable[[Game], None]) -> None:
    """Change the running game as the test's "given", saved like an applied action."""
    assert h.bot is not None
    async with session.lock:
        change(session.game)
        session.game.version += 1
        await h.bot.games._save(session)
    await announce(h, session)


def keep(seat: int, cards: int) -> Callable[[Game], None]:
    def change(game: Game) -> None:
        del game.hands[seat][cards:]
    return change


async def match_over(h: Harness) -> None:
    assert h.bot is not None
    bot = h.bot
    await h.fake.wait_for(lambda: bot.games.in_channel(h.fake.channel.id) is None, timeout=3)


async def ready_to_win(h: Harness, session: Any, winner: VirtualUser,
                       users: list[VirtualUser]) -> None:
    """`winner` moves first holding only a Red 7 on a Red 5; the next player holds two Wilds, so
    going out reaches the match target of 50 (C-8)."""
    i = users.index(winner)
    following = users[(i + 1) % len(users)]
    await rig(h, session, {winner: ["R7"], following: ["W", "W"]}, start="R5",
              dealer=users[i - 1])
    await commit(h, session, keep(i, 1))


async def quick_match(h: Harness, users: list[VirtualUser], winner: int = 0, *,
                      preset: str = "classic") -> Any:
    """A whole match in one play: `users[winner]` goes out and reaches the target."""
    session = await start_game(h, users, turn_timer=0, target=50, preset=preset)
    await ready_to_win(h, session, users[winner], users)
    await users[winner].click(await open_hand(h, users[winner], session), "🟥 Red 7")
    await match_over(h)
    return session


async def skill_of(h: Harness, user: VirtualUser) -> float:
    mine = await stats_repo(h).player_stats(h.fake.guild_id, user.id)
    assert mine is not None
    return mine.mu


async def rating_of(h: Harness, user: VirtualUser) -> float:
    mine = await stats_repo(h).player_stats(h.fake.guild_id, user.id)
    assert mine is not None
    return mine.rating


def lines(message: SeenMessage) -> list[str]:
    return [line for line in message.text.split("\n") if line.startswith("**")]


def fields(message: SeenMessage) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0].get("fields", [])}


async def board(user: VirtualUser, **options: Any) -> SeenMessage:
    handle = await user.slash("uno leaderboard", **options)
    assert handle.response is not None and not handle.response.ephemeral
    return handle.response


def enabled(message: SeenMessage, label: str) -> bool:
    return any(b["label"] == label and not b.get("disabled") for b in message.buttons())


async def stats_of(asker: VirtualUser, **options: Any) -> SeenMessage:
    handle = await asker.slash("uno stats", **options)
    assert handle.response is not None and handle.response.ephemeral
    return handle.response


async def test_matches_played_through_buttons_fill_the_boards_and_move_ratings(
        harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    users = [ann, bob, cid]
    first = await start_game(harness, users, turn_timer=0, target=50)
    await Driver(harness, users, seed=7).play_to_end()
    game = first.game
    winner = users[game.match_winner]
    totals = {u: game.scores[i] for i, u in enumerate(users)}
    await harness.settle()
    # Restarting after the end neither reloads the match nor records it again.
    bot = await harness.restart()
    assert bot.games.in_channel(first.channel_id) is None
    # Ratings move the right way: the winner's skill up, the last one's down (openskill).
    after_first = {u: await skill_of(harness, u) for u in users}
    recorded = await stats_repo(harness).match(first.game_id)
    assert recorded is not None
    last = users[max(recorded.seats, key=lambda s: s.place).seat]
    assert after_first[winner] > 25 > after_first[last]
    second_winner = next(u for u in users if u is not winner)
    again = await quick_match(harness, users, users.index(second_winner))
    after_second = {u: await skill_of(harness, u) for u in users}
    assert after_second[second_winner] > after_first[second_winner]
    repo = stats_repo(harness)
    record = await repo.match(first.game_id)
    assert record is not None and record.winner_id == winner.id and record.rounds == game.round
    assert [s.points for s in record.seats] == [totals[u] for u in users]
    assert [r.round for r in await repo.rounds(first.game_id)] == list(range(1, game.round + 1))

    wins = await board(ann)
    assert title_of(wins) == en("leaderboard.title", board=en("leaderboard.board.wins"))
    rows = lines(wins)
    assert len(rows) == 3
    # The two winners of one match each, in either order: compared without their places.
    def unplaced(line: str) -> str:
        return line.split(" ", 1)[1]

    assert {unplaced(rows[0]), unplaced(rows[1])} == {
        unplaced(row(1, winner.name, 1, 2)), unplaced(row(1, second_winner.name, 1, 2))}
    third = next(u for u in users if u not in (winner, second_winner))
    assert rows[2] == row(3, third.name, 0, 2)
    # Points: every round's C-8 points, both matches together, highest first.
    earned = {u: totals[u] + again.game.scores[i] for i, u in enumerate(users)}
    ranked = sorted((u for u in users if earned[u]), key=lambda u: (-earned[u], u.id))
    assert lines(await board(ann, board="points")) == [
        f"**{place}.** {u.name} — {en('count.points', count=earned[u])}"
        for place, u in enumerate(ranked, start=1)]
    rating = await board(ann, board="rating")
    assert lines(rating) == []  # nobody has MIN_RATED_MATCHES yet
    assert en("leaderboard.rating_note", count=MIN_RATED_MATCHES) in rating.text


async def test_ratings_rank_players_after_enough_matches(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    for n in range(MIN_RATED_MATCHES):
        await quick_match(harness, [ann, bob], winner=0 if n != 2 else 1)
    rating = await board(bob, board="rating")
    rows = lines(rating)
    assert len(rows) == 2
    # "**1.** Ann — <rating> · <matches>": the rating itself is openskill's.
    assert rows[0].startswith(en("leaderboard.row.rating", place=1, player="Ann", rating="",
                                 matches="").rstrip(" ·"))
    assert rows[1].startswith(en("leaderboard.row.rating", place=2, player="Bob", rating="",
                                 matches="").rstrip(" ·"))
    assert rows[0].endswith(en("leaderboard.matches", count=5))
    mine = await stats_of(ann)
    assert fields(mine)[en("stats.rating")].endswith(
        en("stats.rating_value", rating="", place=1).strip())


async def test_pages_and_filters_work_and_buttons_survive_a_restart(harness: Harness) -> None:
    users = [harness.user(f"P{i:02d}") for i in range(12)]
    for k in range(6):
        await quick_match(harness, users[2 * k:2 * k + 2])
    page_one = await board(users[0])
    assert len(lines(page_one)) == 10
    assert footer_of(page_one) == footer(1, 2)
    previous = en("leaderboard.button.previous")
    assert next(b for b in page_one.buttons() if b["label"] == previous).get("disabled")
    await harness.restart()
    await users[1].click(page_one,
                         en("leaderboard.button.next"))  # another member pages the public board
    assert lines(page_one) == [row(11, "P09", 0, 1), row(12, "P11", 0, 1)]
    assert footer_of(page_one) == footer(2, 2)
    await users[1].click(page_one, en("leaderboard.board.points"))
    assert len(lines(page_one)) == 6
    assert en("hand.page", page=1, pages=1) in footer_of(page_one)

    # A month later: the monthly board shows only this month's match; all-time shows all.
    harness.clock.advance(32 * 24 * 3600)
    await quick_match(harness, users[:2], winner=1, preset="cnuno")
    assert harness.bot is not None
    month = month_of(harness.clock.now())  # this month, as the board's buttons name it
    monthly = await board(users[0], period="this-month")
    assert lines(monthly) == [row(1, "P01", 1, 1), row(2, "P00", 0, 1)]
    year, number = month.split("-")
    period = en("leaderboard.period.month", month=en(f"leaderboard.month.{number}"), year=year)
    assert footer_of(monthly) == footer(1, 1, period=period)
    await users[0].click(monthly, en("leaderboard.button.all_time"))
    assert footer_of(monthly) == footer(1, 2)
    cnuno = await board(users[0], preset="cnuno")
    assert lines(cnuno) == [row(1, "P01", 1, 1), row(2, "P00", 0, 1)]
    classic_points = await board(users[0], board="points", preset="classic")
    assert len(lines(classic_points)) == 6


async def test_a_second_server_sees_nothing_of_the_first(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    await quick_match(harness, [ann, bob])
    assert len(lines(await board(ann))) == 2
    await harness.stop()
    # The same bot and database, now connected to another server where Ann is also a member.
    async with fake_discord_session() as other_session:
        other = Harness(other_session, harness.db_path)
        member = Member(ann.id, "Ann", "en-US")
        other.fake.members[ann.id] = member
        await other.start()
        assert other.fake.guild_id != harness.fake.guild_id
        there = VirtualUser(other.fake, member)
        for name in ("wins", "points", "rating"):
            shown = await board(there, board=name)
            assert lines(shown) == [] and en("leaderboard.empty") in shown.text
        handle = await there.slash("uno stats")
        assert there.ephemerals()[-1].content == en("stats.nothing", player="Ann")
        assert handle.acknowledged
        await other.stop()


async def test_stats_are_exact(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0, target=50)
    # Ann holds a Wild Draw Four and a red card (so the Four is played illegally, C-6); Bob one
    # Blue 7. The next draws are worth 160 points.
    await rig(harness, session, {ann: ["W+4", "R3"], bob: ["B7"]}, start="R5", dealer=bob,
              then=("W", "W", "G+2", "G+2", "Y9", "Y8"))
    await commit(harness, session, lambda g: (keep(0, 2)(g), keep(1, 1)(g)) and None)
    hand = await open_hand(harness, ann, session)
    await ann.click(hand, "⬛ Wild Draw Four")  # no UNO call: she will hold one card
    await ann.click(ann.message(hand.id), "🟦 Blue")
    table = bob.message(session.message_id)
    await harness.fake.wait_for(lambda: enabled(table, en("button.catch")), timeout=3)
    await bob.click(table, en("button.catch"))  # Ann draws 2 (C-5): a missed UNO call
    await harness.fake.wait_for(lambda: enabled(table, en("button.challenge")), timeout=3)
    await bob.click(bob.message(session.message_id), en("button.challenge"))  # guilty: Ann draws 4
    await bob.click(await open_hand(harness, bob, session), "🟦 Blue 7")
    await match_over(harness)
    assert session.game.scores == [0, 160]

    mine = fields(await stats_of(ann))
    unranked = en("stats.unranked", count=MIN_RATED_MATCHES - 1)
    assert mine == {
        en("stats.matches"): "1", en("stats.wins"): "0", en("stats.win_rate"): "0%",
        en("stats.average_points"): "0.0", en("stats.uno_missed"): "1",
        en("stats.challenges"): "0 / 1", en("stats.favourite_color"): colour_label("B"),
        en("stats.rating"): unranked, en("stats.rounds_won"): "0"}
    his = fields(await stats_of(ann, user=bob))  # another member's
    assert his == {
        en("stats.matches"): "1", en("stats.wins"): "1", en("stats.win_rate"): "100%",
        en("stats.average_points"): "160.0", en("stats.uno_missed"): "0",
        en("stats.challenges"): "1 / 0", en("stats.favourite_color"): en("stats.none_yet"),
        en("stats.rating"): unranked, en("stats.rounds_won"): "1"}
    assert ann.ephemerals()[-1].embeds[0]["title"] == en("stats.title", player="Bob")
    record = await stats_repo(harness).match(session.game_id)
    assert record is not None and record.duration >= 0 and record.seats[0].colors == {"B": 1}


async def test_a_forfeit_counts_as_a_loss_for_the_one_who_left(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    users = [ann, bob, cid]
    session = await start_game(harness, users, turn_timer=0, target=50)
    await ready_to_win(harness, session, ann, users)
    await cid.slash("uno leave")  # C-10: Cid forfeits
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await match_over(harness)
    repo = stats_repo(harness)
    record = await repo.match(session.game_id)
    assert record is not None and not record.forfeit
    assert [(s.place, s.won, s.forfeited) for s in record.seats] == [
        (1, True, False), (2, False, False), (3, False, True)]
    cids = fields(await stats_of(cid))
    assert cids[en("stats.matches")] == "1"
    assert cids[en("stats.wins")] == "0"
    assert cids[en("stats.forfeits")] == "1"
    # Last place for the one who left, below the one who stayed and lost.
    assert await rating_of(harness, cid) < await rating_of(harness, bob) < await rating_of(
        harness, ann)

    # Two players: the one who leaves loses, and the match is won by forfeit.
    session = await start_game(harness, [ann, bob], turn_timer=0, target=50)
    await bob.slash("uno leave")
    await match_over(harness)
    record = await repo.match(session.game_id)
    assert record is not None and record.forfeit and record.winner_id == ann.id
    assert [(s.user_id, s.won, s.forfeited) for s in record.seats] == [
        (ann.id, True, False), (bob.id, False, True)]
    wins = lines(await board(ann))
    assert wins[0] == row(1, "Ann", 2, 2)


async def _with_rules(h: Harness, users: list[VirtualUser], **options: Any) -> Any:
    """A game started from the lobby, then dealt again under other house rules."""
    session = await start_game(h, users, turn_timer=0)
    players = list(session.game.players)
    game, _ = Game.start(players, RuleSet.build("classic", options), seed=1)
    game.version = session.game.version
    session.game = game
    await ready_to_win(h, session, users[0], users)
    return session


async def test_lazy_and_penalty_scoring_are_recorded_in_their_own_terms(
        harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    repo = stats_repo(harness)
    # H-7: the round has a winner and a loser, no points, and the match goes on.
    session = await _with_rules(harness, [ann, bob], lazy_scoring=True)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await harness.fake.wait_for(lambda: session.game.round_over, timeout=3)
    rounds = await repo.rounds(session.game_id)
    assert [(r.scoring, r.winner_id, r.loser_id) for r in rounds] == [("lazy", ann.id, bob.id)]
    assert [s.points for s in rounds[0].seats] == [0, 0]
    await ann.slash("uno end")  # a lazy match never ends by itself (H-7)
    assert lines(await board(ann, board="points")) == []
    assert fields(await stats_of(bob))[en("stats.rounds_lost")] == "1"
    assert fields(await stats_of(ann))[en("stats.rounds_won")] == "1"

    # H-14: everyone adds their own hand; reaching the target ends it, the lowest total wins.
    session = await _with_rules(harness, [ann, bob], penalty_scoring=True, target_score=50)
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await match_over(harness)
    record = await repo.match(session.game_id)
    bob_total = session.game.scores[1]
    assert record is not None and record.scoring == "penalty" and record.winner_id == ann.id
    assert [(s.points, s.penalty) for s in record.seats] == [(0, 0), (0, bob_total)]
    rounds = await repo.rounds(session.game_id)
    assert [(s.points, s.penalty) for s in rounds[0].seats] == [(0, 0), (0, bob_total)]
    assert lines(await board(ann, board="points")) == []  # not forced into the points table
    bobs = fields(await stats_of(bob))
    assert bobs[en("stats.average_points")] == "—"
    assert bobs[en("stats.average_penalty")] == f"{bob_total}.0"


async def test_forget_me_removes_the_user_everywhere(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    first = await quick_match(harness, [ann, bob])
    await quick_match(harness, [cid, ann])
    handle = await ann.slash("uno forget-me")
    confirm = handle.response
    assert confirm is not None and confirm.ephemeral and confirm.content == en("forget.confirm")
    await ann.click(confirm, en("forget.button"))
    assert ann.message(confirm.id).content == en("forget.done")
    assert ann.message(confirm.id).buttons() == []
    for name in ("wins", "points", "rating"):
        assert all("Ann" not in line for line in lines(await board(bob, board=name)))
    await bob.slash("uno stats", user=ann)
    assert bob.ephemerals()[-1].content == en("stats.nothing", player="Ann")
    bobs = fields(await stats_of(bob))
    assert bobs[en("stats.matches")] == "1" and bobs[en("stats.wins")] == "0"
    record = await stats_repo(harness).match(first.game_id)
    assert record is not None and record.winner_id == -1
    assert [s.user_id for s in record.seats] == [-1, bob.id]
    # Asking again finds nothing left.
    again = (await ann.slash("uno forget-me")).response
    assert again is not None
    await ann.click(again, en("forget.button"))
    assert ann.message(again.id).content == en("forget.nothing")


class Crash(Exception):
    """The process dies here."""


async def test_a_crash_right_after_the_final_save_records_the_match_once(
        harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0, target=50)
    await ready_to_win(harness, session, ann, [ann, bob])
    assert harness.bot is not None
    manager = harness.bot.games

    async def die(_: Any) -> None:
        raise Crash

    manager._finish = die  # type: ignore[method-assign,assignment]
    hand = await open_hand(harness, ann, session)
    handle = await ann.click(hand, "🟥 Red 7", wait=False)
    await harness.fake.wait_for(lambda: harness.session.bot_errors(), timeout=3)
    assert any("Crash" in e for e in harness.session.take_bot_errors())
    # Had the process died, the click would go unanswered; a failure the bot survives is
    # answered with an apology, never left to time out.
    await handle.wait_acknowledged()
    assert handle.response is not None and handle.response.ephemeral
    assert handle.response.content == en("error.unexpected")

    bot = await harness.restart()
    assert bot.games.in_channel(session.channel_id) is None  # a finished match is not reloaded
    repo = StatsRepository(bot.db)
    assert (await repo.match(session.game_id)) is not None
    assert [r.round for r in await repo.rounds(session.game_id)] == [1]
    await harness.restart()
    mine = await stats_repo(harness).player_stats(harness.fake.guild_id, ann.id)
    assert mine is not None and (mine.matches, mine.wins, mine.rounds_won) == (1, 1, 1)


async def test_a_crash_during_the_final_save_loses_nothing(harness: Harness,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.storage.games as games_storage
    from bot.storage.stats import record as real

    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0, target=50)
    await ready_to_win(harness, session, ann, [ann, bob])
    async def dies_before_commit(*args: Any, **kwargs: Any) -> tuple[int, int]:
        await real(*args, **kwargs)
        raise Crash  # the results are written, the transaction is not committed

    monkeypatch.setattr(games_storage, "record_results", dies_before_commit)
    version = session.game.version
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    # The failed save is undone and the player told the move was not made.
    assert ann.ephemerals()[-1].content == en("error.save_failed")
    assert session.game.version == version
    assert any("saving game" in e for e in harness.session.take_bot_errors())
    monkeypatch.undo()

    bot = await harness.restart()
    repo = StatsRepository(bot.db)
    assert await repo.match(session.game_id) is None and await repo.rounds(session.game_id) == []
    restored = bot.games.in_channel(session.channel_id)
    assert restored is not None and restored.game.version == version  # the last saved state
    await ann.click(await open_hand(harness, ann, restored), "🟥 Red 7")  # played again
    await match_over(harness)
    assert (await repo.match(session.game_id)) is not None
    assert [r.round for r in await repo.rounds(session.game_id)] == [1]


async def test_a_round_is_recorded_with_the_state_that_ends_it(harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], turn_timer=0)  # to 500: one round is not all
    await rig(harness, session, {ann: ["R7"], bob: ["G3"]}, start="R5", dealer=bob)
    await commit(harness, session, keep(0, 1))
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await harness.fake.wait_for(lambda: session.game.round_over, timeout=3)
    points = session.game.scores[0]
    bot = await harness.restart()
    restored = bot.games.in_channel(session.channel_id)
    assert restored is not None and restored.tally.recorded_round == 1
    table = bob.message(session.message_id)  # shown again in the background after a restart
    await harness.fake.wait_for(lambda: en("button.next_round") in table.labels(), timeout=3)
    await bob.click(table, en("button.next_round"))
    await harness.fake.wait_for(lambda: restored.game.round == 2, timeout=3)
    rounds = await StatsRepository(bot.db).rounds(session.game_id)
    assert [(r.round, r.winner_id, [s.points for s in r.seats]) for r in rounds] == [
        (1, ann.id, [points, 0])]
    assert [s.place for s in rounds[0].seats] == [1, None]


async def test_replies_speak_the_right_language_and_refusals_change_nothing(
        harness: Harness) -> None:
    ann, bob = harness.user("Ann"), harness.user("Bob")
    olena = harness.user("Олена", locale="uk")
    await quick_match(harness, [ann, bob])
    await olena.slash("uno stats")
    assert olena.ephemerals()[-1].content == tr("uk", "stats.nothing", player="Олена")
    mine = await stats_of(olena, user=ann)
    assert mine.embeds[0]["title"] == "Статистика UNO: Ann"
    assert fields(mine)["Частка перемог"] == "100%"
    shown = await board(olena)  # public: the server's language (English here)
    assert title_of(shown) == en("leaderboard.title",
                                          board=en("leaderboard.board.wins"))
    # A button of an older bot naming a preset this one does not know.
    button = shown.button(en("leaderboard.button.next"))
    button["custom_id"] = "uno:lb:wins:all:gone:1:n"
    button["disabled"] = False
    before = list(shown.texts)
    await olena.click(shown, custom_id="uno:lb:wins:all:gone:1:n")
    assert olena.ephemerals()[-1].content == tr("uk", "leaderboard.stale")
    assert shown.texts == before
