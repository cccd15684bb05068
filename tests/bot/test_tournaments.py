"""Tournaments through the fake Discord (issue 31): a 16-player Swiss night of 4-player tables
over 3 rounds with no-shows played by AIs, four tables at once in their threads and a restart in
the middle of round 2; a 9-player single elimination with a bye; a cancel; the host's rights."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.storage import StatsRepository
from bot.tournament import rematches
from drivers.catalogue import en

from .harness import Harness
from .tournament_play import (
    board,
    boards,
    live,
    open_tournament,
    play_into_round_two,
    play_to_the_end,
    play_until,
    stored,
)


def _met_in(tables: list[list[int]]) -> Callable[[int, int], bool]:
    return lambda a, b: any(a in t and b in t for t in tables)


@pytest.mark.issue(31)
async def test_a_swiss_night_of_sixteen_runs_to_its_podium_across_a_restart(
        harness: Harness) -> None:
    h = harness
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"P{i:02d}") for i in range(16)]
    tid, signup = await open_tournament(h, host, players, name="Friday night", table_size=4,
                                        rounds=3, starts_in=10, checkin=5, ai_fill=True)
    assert en("tournament.players", count=16) in signup.text
    h.clock.advance(10 * 60 + 1)  # sign-up closes: check-in opens
    await h.fake.wait_for(lambda: en("button.check_in") in signup.labels(), timeout=5)
    present = players[:2]
    for player in present:
        await player.click(signup, en("button.check_in"))
    h.clock.advance(5 * 60 + 1)  # check-in closes: round 1 is seated
    current = live(h)
    assert current is not None
    await h.fake.wait_for(lambda: len([t for t in current.doc.tables if t.dealt]) == 4,
                          timeout=10)
    threads = h.fake.threads.of(h.fake.channel)
    assert sorted(t.id for t in threads) == sorted(t.channel_id or 0 for t in current.doc.tables)
    round_one = [t.game_id for t in current.doc.tables]
    no_shows = sorted(p.id for p in players[2:])
    assert sorted(current.doc.stand_ins) == no_shows  # the 14 who did not check in: AIs
    await h.fake.wait_for(lambda: boards(host, "tournament.pairings_title",
                                         name="Friday night", round=1) != [], timeout=5)

    playing = await play_into_round_two(h)
    await h.restart()  # in the middle of round 2
    assert h.bot is not None
    assert any(h.bot.games.get(game_id) is not None for game_id in playing)  # restored

    doc = await play_to_the_end(h, tid)
    tournament = doc.tournament
    assert tournament is not None and len(tournament.rounds) == 3
    earlier: list[list[int]] = []
    for round_ in tournament.rounds:  # no two met twice: 16 at tables of 4 over 3 rounds can
        assert rematches(round_.tables, _met_in(list(earlier))) == 0
        earlier.extend(round_.tables)
    standings = tournament.standings()
    await h.fake.wait_for(lambda: boards(host, "tournament.podium_title",
                                         name="Friday night") != [], timeout=10)
    podium = board(host, "tournament.podium_title", name="Friday night")
    assert podium.attachments and podium.attachments[0]["filename"] == "podium.png"
    final = board(host, "tournament.final_title", name="Friday night", round=3)
    winner = doc.name_of(standings[0].player)
    assert winner in final.text.split("\n")[1]
    # Every table was a match of the server's records: 12 tables, rated like any match.
    assert h.bot is not None
    stats = StatsRepository(h.bot.db)
    matches = [await stats.match(game_id) for game_id in round_one]
    assert all(m is not None for m in matches)
    started = max(m.started_at for m in matches if m is not None)
    assert all(m.finished_at > started for m in matches if m is not None)  # four at once
    seated = {s.user_id for m in matches if m is not None for s in m.seats}
    assert seated == {p.id for p in players}
    for player in players:
        counted = await stats.player_stats(h.fake.guild_id, player.id)
        assert counted is not None and counted.matches == 3 and counted.rated == 3
    # Each player's history in /uno stats.
    first = next(p for p in players if p.id == standings[0].player)
    shown = (await first.slash("uno stats")).response
    assert shown is not None
    assert en("stats.tournament_line", place=1, players=16, name="Friday night",
              points=standings[0].points) in shown.text


@pytest.mark.issue(31)
async def test_a_single_elimination_of_nine_gives_the_top_seed_a_bye(harness: Harness) -> None:
    h = harness
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"E{i}") for i in range(9)]
    tid, signup = await open_tournament(h, host, players, name="Knockout",
                                        format="elimination", table_size=8, advance=3,
                                        starts_in=1, checkin=1, ai_fill=True)
    h.clock.advance(61)
    await h.fake.wait_for(lambda: en("button.check_in") in signup.labels(), timeout=5)
    h.clock.advance(61)  # nobody checks in: an AI plays every seat

    doc = await play_to_the_end(h, tid)
    tournament = doc.tournament
    assert tournament is not None
    first, final = tournament.rounds
    assert first.byes == [players[0].id]  # everyone unrated: the first to sign up is seed 1
    assert len(first.tables) == 1 and len(first.tables[0]) == 8
    assert len(final.tables) == 1 and len(final.tables[0]) == 4 and not final.byes
    assert players[0].id in final.tables[0]
    pairings = board(host, "tournament.pairings_title", name="Knockout", round=1)
    assert en("tournament.bye_line", players="E0") in pairings.text
    await h.fake.wait_for(lambda: boards(host, "tournament.podium_title", name="Knockout") != [],
                          timeout=10)


@pytest.mark.issue(31)
async def test_the_host_cancels_and_only_the_host_may(harness: Harness) -> None:
    h = harness
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"C{i}") for i in range(4)]
    tid, signup = await open_tournament(h, host, players, name="Short", table_size=2,
                                        rounds=2, starts_in=30, ai_fill=True)
    stranger = players[0]
    refused = (await stranger.slash("uno tournament cancel")).response
    assert refused is not None and refused.text == en("tournament.host_only")
    again = (await host.slash("uno tournament create", name="Second")).response
    assert again is not None and again.text == en("tournament.busy")
    started = await host.click(signup, en("button.start"))  # the host starts early
    assert started.response is not None
    current = live(h)
    assert current is not None
    await h.fake.wait_for(lambda: len([t for t in current.doc.tables if t.dealt]) == 2,
                          timeout=10)
    assert h.bot is not None
    games = [t.game_id for t in current.doc.tables]
    done = (await host.slash("uno tournament cancel")).response
    assert done is not None and done.text == en("tournament.done_cancel")
    assert (await stored(h, tid)).status == "cancelled"
    assert all(h.bot.games.get(g) is None for g in games)  # its tables ended
    assert live(h) is None
    assert not signup.buttons()  # sign-up closed when it started
    standings = board(host, "tournament.standings_title", name="Short", round=0)
    await h.fake.wait_for(lambda: en("tournament.board_cancelled") in standings.text, timeout=5)
    none = (await host.slash("uno tournament status")).response
    assert none is not None and none.text == en("tournament.none")


@pytest.mark.issue(31)
async def test_without_threads_the_tables_play_in_the_channel_one_after_another(
        harness: Harness) -> None:
    h = harness
    h.fake.threads.forbidden.add(h.fake.channel.id)  # the bot may not create threads here
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"N{i}") for i in range(4)]
    tid, signup = await open_tournament(h, host, players, name="No threads", table_size=2,
                                        rounds=1, starts_in=1, checkin=1, ai_fill=True)
    h.clock.advance(61)
    await h.fake.wait_for(lambda: en("button.check_in") in signup.labels(), timeout=5)
    h.clock.advance(61)
    current = live(h)
    assert current is not None
    await h.fake.wait_for(lambda: any(t.dealt for t in current.doc.tables), timeout=10)
    assert h.bot is not None
    assert [t.channel_id for t in current.doc.tables if t.dealt] == [h.fake.channel.id]
    assert h.fake.threads.of(h.fake.channel) == []

    doc = await play_to_the_end(h, tid)
    assert [t.channel_id for t in doc.tables] == [h.fake.channel.id] * 2
    assert all(t.done and t.dealt for t in doc.tables)
    pairings = board(host, "tournament.pairings_title", name="No threads", round=1)
    assert en("tournament.in_channel") in pairings.text


@pytest.mark.issue(31)
async def test_a_paused_tournament_seats_no_new_round_until_resumed(harness: Harness) -> None:
    h = harness
    host = h.user("Host", permissions=["manage_guild"])
    players = [h.user(f"Q{i}") for i in range(4)]
    # A long turn timer: Q0, who checks in and never moves, holds their table (and so round
    # 1) until the test moves the clock, so the pause surely comes before round 1 ends.
    tid, signup = await open_tournament(h, host, players, name="Pausing", table_size=2,
                                        rounds=2, starts_in=30, checkin=1, ai_fill=True,
                                        turn_timer=300)
    await host.slash("uno tournament start")  # sign-up closes early: check-in opens
    assert en("button.check_in") in signup.labels()
    await players[0].click(signup, en("button.check_in"))
    await host.slash("uno tournament start")  # and the host starts without waiting for it
    paused = (await host.slash("uno tournament pause")).response
    assert paused is not None and paused.text == en("tournament.done_pause")
    current = live(h)
    assert current is not None and current.doc.tournament is not None

    async def round_one_over() -> bool:
        return all(t.done for t in current.doc.tables if t.round == 1)

    await play_until(h, round_one_over)
    await h.pause(0.3)
    assert len(current.doc.tournament.rounds) == 1  # paused: round 2 waits
    assert (await stored(h, tid)).status == "paused"
    resumed = (await host.slash("uno tournament resume")).response
    assert resumed is not None and resumed.text == en("tournament.done_resume")

    doc = await play_to_the_end(h, tid)
    assert doc.tournament is not None and len(doc.tournament.rounds) == 2


@pytest.mark.issue(31)
async def test_sign_up_refusals_and_the_hosts_list(harness: Harness) -> None:
    h = harness
    member = h.user("Member")
    refused = (await member.slash("uno tournament create", name="Mine")).response
    assert refused is not None and refused.text == en("tournament.manage_guild_only")
    host = h.user("Host", permissions=["manage_guild"])
    ann, bob, cid = h.user("Ann"), h.user("Bob"), h.user("Cid")
    _, signup = await open_tournament(h, host, [ann, bob], name="List", starts_in=30)
    twice = (await ann.click(signup, en("button.join"))).response
    assert twice is not None and twice.text == en("tournament.already_in")
    early = (await ann.click(signup, en("button.start"))).response
    assert early is not None and early.text == en("tournament.host_only")
    cannot = (await cid.click(signup, en("button.leave"))).response
    assert cannot is not None and cannot.text == en("tournament.not_in")
    added = (await host.slash("uno tournament add", player=cid)).response
    assert added is not None and added.text == en("tournament.done_add", player="Cid")
    kicked = (await host.slash("uno tournament kick", player=bob)).response
    assert kicked is not None and kicked.text == en("tournament.done_kick", player="Bob")
    await h.fake.wait_for(lambda: en("tournament.players", count=2) in signup.text, timeout=5)
    assert "Cid" in signup.text and "Bob" not in signup.text
    status = (await ann.slash("uno tournament status")).response
    assert status is not None and status.ephemeral and "Cid" in status.text


@pytest.mark.issue(31)
async def test_a_role_the_server_sets_may_open_a_tournament(harness: Harness) -> None:
    h = harness
    admin = h.user("Admin", permissions=["manage_guild"])
    role = h.fake.add_role("Organisers", 0)  # no permissions of its own
    # Discord announces a new role to the bot, which checks a member's roles against its cache.
    await h.fake.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(h.fake.guild_id),
                                                        "role": role.payload()}, h.fake.guild_id)
    await h.fake.wait_for(lambda: h.bot is not None and (guild := h.bot.get_guild(
        h.fake.guild_id)) is not None and guild.get_role(role.id) is not None, timeout=5)
    organiser, member = h.user("Org", roles=[role]), h.user("Member")
    unset = (await organiser.slash("uno tournament create", name="Early")).response
    assert unset is not None and unset.ephemeral
    assert unset.text == en("tournament.manage_guild_only")

    not_allowed = (await member.slash("uno settings", tournament_role=role)).response
    assert not_allowed is not None and not_allowed.text == en("settings.manage_guild_only")
    chosen = (await admin.slash("uno settings", tournament_role=role)).response
    mention = f"<@&{role.id}>"
    assert chosen is not None and en("settings.tournament_role", who=en(
        "settings.tournament_role_some", role=mention)) in chosen.text

    refused = (await member.slash("uno tournament create", name="Mine")).response
    assert refused is not None and refused.ephemeral
    assert refused.text == en("tournament.role_only", role=mention)
    assert live(h) is None  # nothing was opened
    await open_tournament(h, organiser, [member], name="Org night")
    current = live(h)
    assert current is not None and current.record.host_id == organiser.member.id
    cancelled = (await organiser.slash("uno tournament cancel")).response  # the host's right
    assert cancelled is not None and cancelled.text == en("tournament.done_cancel")

    everyone = (await admin.slash("uno settings", tournament_role=h.fake.home.everyone)).response
    assert everyone is not None and en("settings.tournament_role", who=en(
        "settings.tournament_role_none")) in everyone.text
    again = (await organiser.slash("uno tournament create", name="Late")).response
    assert again is not None and again.text == en("tournament.manage_guild_only")
