"""Issue #18, items 3 and 4, through the fake Discord: the round's end lays every hand down with
its points, the round's points and the match totals (and nothing before the round is over); a
won match ends with its final standings, Rematch and Rules; `/uno help` in every language."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import RuleSet
from bot.fake_discord.users import components_of, texts_of
from bot.i18n import get_translator
from bot.render.text import card_label
from bot.ui.controls import MatchControl, TableControl
from bot.ui.items import MatchButton, RulesSelect
from drivers.catalogue import LOCALES, en
from drivers.controls import table_control
from drivers.screen import (
    heading,
    last_ephemeral,
    open_hand,
    sections_of,
    table_after,
    table_of,
    table_text,
    title_of,
)
from tests.fake_discord import VirtualUser

from .harness import Harness, rig, start_game
from .test_scoring import commit, keep, match_over, ready_to_win


def tr(locale: str, key: str, /, **params: object) -> str:
    return get_translator().translate(locale, key, **params)


def reveal_titles() -> set[str]:
    return {tr(lc, "table.revealed") for lc in ("en", "uk", "ru", "be")}


def public_payloads(h: Harness) -> list[dict[str, Any]]:
    """Every version of every public message (edits included)."""
    return [payload for stored in h.fake.messages.values() if stored.visible_to is None
            for payload in [*stored.history, stored.payload]]


def reveals(payload: dict[str, Any]) -> bool:
    return any(text.split("\n")[0] in {heading(title) for title in reveal_titles()}
               for text in texts_of(payload))


def plays_on(payload: dict[str, Any]) -> bool:
    """A table that still offers My hand: its round is being played."""
    return any(table_control(component) is TableControl.HAND
               for component in components_of(payload) if component.get("custom_id"))


def line(locale: str, name: str, cards: list[str]) -> str:
    from bot.engine import card

    held = [card(c) for c in cards]
    shown = ", ".join(f"{card_label(c, locale)} ({c.points})" for c in held)
    return tr(locale, "table.reveal_line", player=name, count=sum(c.points for c in held),
              cards=shown)


async def test_the_round_end_lays_every_hand_down_with_its_points(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await start_game(harness, [ann, bob, cid], turn_timer=0)
    await rig(harness, session, {ann: ["R7", "R8"], bob: ["W", "G3", "BS", "Y+2", "R1", "G0",
                                                          "B9"],
                                 cid: ["W+4", "Y5", "Y6", "B1", "B2", "G7", "G8"]},
              start="R5", dealer=cid)
    await commit(harness, session, keep(0, 1))  # Ann holds only her Red 7
    # Ann called UNO earlier: her mark goes when she is out (0 cards).
    await commit(harness, session, lambda game: game.uno_called.add(0))
    text = await table_after(harness, bob, session)
    ann_line = en("table.player", player="Ann", count=1, points=0)
    assert f"{ann_line} · {en('table.uno_mark')}" in text
    assert not any(reveals(p) for p in public_payloads(harness))  # C-9: nothing shown yet

    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    text = await table_after(harness, bob, session)
    bob_line = line("en", "Bob", ["W", "G3", "BS", "Y+2", "R1", "G0", "B9"])
    cid_line = line("en", "Cid", ["W+4", "Y5", "Y6", "B1", "B2", "G7", "G8"])
    assert bob_line == ("Bob — 103 points: ⬛ Wild (50), 🟩 Green 3 (3), 🟦 Blue Skip (20), "
                        "🟨 Yellow Draw Two (20), 🟥 Red 1 (1), 🟩 Green 0 (0), 🟦 Blue 9 (9)")
    assert f"{heading(en('table.revealed'))}\n" in text
    assert en("table.reveal_out", player="Ann") in text
    assert bob_line in text and cid_line in text
    points = 103 + 50 + 5 + 6 + 1 + 2 + 7 + 8
    assert en("table.round_points_line", player="Ann", count=points,
              total=points) in text  # C-8: the round's points
    standings = [en("table.standing_line", place=place, player=name, count=count)
                 for place, name, count in ((1, "Ann", points), (2, "Bob", 0), (2, "Cid", 0))]
    assert "\n".join([heading(en("table.totals")), *standings]) in text  # the match totals
    assert en("table.player", player="Ann", count=0, points=points) in text
    assert en("table.uno_mark") not in text.split(en("table.recent"))[0]  # out: no UNO! mark
    assert table_of(cid, session).labels() == [en("button.next_round")]
    # Every public version that lays the hands down is a table whose round is over.
    assert all(not plays_on(p) for p in public_payloads(harness) if reveals(p))

    await cid.click(table_of(cid, session), en("button.next_round"))
    text = await table_after(harness, ann, session)
    assert en("table.revealed") not in text and en("table.totals") not in text


# -- the end of a match: final standings, Rematch and Rules


async def won_match(h: Harness, users: list[VirtualUser], **create: Any) -> Any:
    """A match that `users[0]` wins at once: a Red 7 out to a target of 50 (C-8)."""
    session = await start_game(h, users, **({"turn_timer": 0, "target": 50} | create))
    await ready_to_win(h, session, users[0], users)
    await users[0].click(await open_hand(h, users[0], session), "🟥 Red 7")
    await match_over(h)
    await h.fake.wait_for(lambda: en("button.rematch") in table_of(users[0], session).labels(),
                          timeout=3)
    return session


async def test_a_won_match_ends_with_standings_rematch_and_rules(harness: Harness) -> None:
    ann, bob, cid = harness.user("Ann"), harness.user("Bob"), harness.user("Cid")
    session = await won_match(harness, [ann, bob, cid], turn_timer=45)
    table = table_of(bob, session)
    text = table_text(table)
    assert en("table.match_over", player="Ann") in text
    won = session.game.scores[0]
    standings = [en("table.standing_line", place=place, player=name, count=count)
                 for place, name, count in ((1, "Ann", won), (2, "Bob", 0), (2, "Cid", 0))]
    assert "\n".join([heading(en("table.final_standings")), *standings]) in text
    assert en("table.revealed") in text and en("table.round_points") in text
    assert table.labels() == [en("button.rematch"), en("button.rules")]

    # Rules: the rules the match was played by, privately, in the reader's language.
    olena = harness.user("Olena", locale="uk")
    rules = (await olena.click(table, en("button.rules"))).response
    assert rules is not None and rules.ephemeral
    assert title_of(rules) == tr("uk", "rules.in_force")
    assert tr("uk", "rules.target", count=50) in rules.text

    # Only the match's players may ask for a rematch.
    await olena.click(table, en("button.rematch"))
    assert last_ephemeral(olena) == tr("uk", "rematch.not_player")

    # Bob asks: a new lobby, everyone seated, Ann (the host) only has to Start.
    handle = await bob.click(table, en("button.rematch"))
    lobby = handle.response
    assert lobby is not None and not lobby.ephemeral
    assert title_of(lobby) == en("lobby.title")
    summary, timer, players = sections_of(lobby)
    seats = players[1].splitlines()
    assert seats == ["1. Ann (host)", "2. Bob", "3. Cid"]
    assert timer[1] == en("table.timer", seconds=45)
    assert en("rules.target", count=50) in summary[1]
    # A second click finds the channel busy.
    await cid.click(table, en("button.rematch"))
    assert last_ephemeral(cid).startswith(en("lobby.busy_lobby", link="").strip())

    await bob.click(lobby, "Start")
    assert last_ephemeral(bob) == en("error.host_only")
    await ann.click(lobby, "Start")
    assert harness.bot is not None
    again = harness.bot.games.in_channel(harness.fake.channel.id)
    assert again is not None and again.game_id != session.game_id
    assert again.game.rules == session.game.rules and again.turn_timer == 45
    assert again.game.players == session.game.players and again.host == str(ann.id)
    # With the rematch running, the old table's Rematch is refused as busy.
    await cid.click(table, en("button.rematch"))
    assert last_ephemeral(cid).startswith(en("lobby.busy_game", link="").strip())


async def test_a_rematch_keeps_custom_rules_and_works_after_a_restart(harness: Harness) -> None:
    """CNUNO with a preset option switched off, a silence and the bot restarted in between:
    the button's id keeps the rules, the match's record the players."""
    ann, bob = harness.user("Ann"), harness.user("Bob")
    await ann.slash("uno create", preset="cnuno", turn_timer=0, target=50)
    lobby = harness.lobby(ann)
    channel = harness.fake.channel.id
    await ann.choose(lobby, "twos", custom_id=RulesSelect("silence", channel).custom_id)
    await ann.choose(lobby, "deflect_skip", "deflect_draw_two", "wild_four_deflect",
                     "wild_four_challenge_returns",
                     custom_id=RulesSelect("penalties", channel).custom_id)  # reverse_chain off
    await bob.click(lobby, "Join")
    await ann.click(lobby, "Start")
    assert harness.bot is not None
    session = harness.bot.games.in_channel(channel)
    assert session is not None
    rules = session.game.rules
    assert not rules.options.reverse_chain and rules.options.silence == "twos"
    await ready_to_win(harness, session, ann, [ann, bob])
    await ann.click(await open_hand(harness, ann, session), "🟥 Red 7")
    await match_over(harness)
    await harness.fake.wait_for(lambda: en("button.rematch") in table_of(ann, session).labels(),
                                timeout=3)

    await harness.restart()
    table = table_of(bob, session)
    handle = await bob.click(table, en("button.rules"))
    assert handle.response is not None and handle.response.ephemeral
    assert en("option.silence.full.twos") in handle.response.text
    answer = (await bob.click(table, en("button.rematch"))).response
    assert answer is not None
    lobby = answer
    assert sections_of(lobby)[-1][1].splitlines() == ["1. Ann (host)", "2. Bob"]
    record = await harness.bot.lobbies.get(channel)
    assert record is not None and RuleSet.build(record.preset, record.options) == rules
    assert record.turn_timer == 0 and record.host_id == ann.id


async def test_a_rematch_of_a_match_with_no_record_is_refused(harness: Harness) -> None:
    """A Rematch whose match is not recorded (another server's id, or an id made up) says so."""
    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await won_match(harness, [ann, bob])
    table = table_of(ann, session)
    button = table.button(en("button.rematch"))
    rematch = MatchButton.parse(button["custom_id"])
    assert rematch is not None
    assert (rematch.what, rematch.game_id) == (MatchControl.REMATCH, session.game_id)
    assert rematch.rules.preset == "classic"
    assert len(button["custom_id"]) <= 100
    assert harness.bot is not None
    async with harness.bot.db.transaction() as conn:
        await conn.execute("DELETE FROM matches WHERE game_id = ?", (session.game_id,))
    await ann.click(table, en("button.rematch"))
    assert last_ephemeral(ann) == en("rematch.gone")
    assert await harness.bot.lobbies.get(harness.fake.channel.id) is None


# -- /uno help


@pytest.mark.parametrize("locale", LOCALES)
async def test_help_is_a_short_guide_in_the_users_language(harness: Harness,
                                                           locale: str) -> None:
    """Ephemeral, in the reader's language (Belarusian by /uno settings: Discord has no
    Belarusian client; Spanish from Latin America's client, es-419), from the keys the table
    and the commands use; with a game on, the rules in force follow, as the Rules button shows
    them."""
    client = {"en": "en-US", "es": "es-419", "pt": "pt-BR"}.get(locale, locale)
    user = harness.user("Olena", locale=client)
    if locale == "be":
        await user.slash("uno settings", language="be")
    handle = await user.slash("uno help")
    answer = handle.response
    assert answer is not None and answer.ephemeral
    assert answer.v2 and title_of(answer) == tr(locale, "help.title")
    text = answer.text  # not str(): its repr escapes the French no-break spaces
    for key in ("button.hand", "button.uno", "button.catch", "button.rules", "button.next_round",
                "button.rematch", "help.button.hand", "button.watch", "help.button.watch",
                "button.add_ai", "help.button.add_ai", "command.uno.create.description",
                "command.uno.help.description"):
        assert tr(locale, key) in text, key
    assert tr(locale, "help.start.text", join=tr(locale, "button.join"),
              start=tr(locale, "button.start")) in text
    assert "/uno create" in text and "/uno leaderboard" in text

    ann, bob = harness.user("Ann"), harness.user("Bob")
    session = await start_game(harness, [ann, bob], preset="cnuno")
    before = len(user.ephemerals())
    answer = (await user.slash("uno help")).response
    assert answer is not None and answer.ephemeral
    # The guide, then the rules in force here (together they may pass V2's 4,000 characters).
    await harness.fake.wait_for(lambda: len(user.ephemerals()) == before + 2, timeout=3)
    guide, rules = user.ephemerals()[before:]
    assert guide.id == answer.id and tr(locale, "help.here") in guide.text
    assert rules.v2 and title_of(rules) == tr(locale, "rules.in_force")
    assert tr(locale, "preset.cnuno.name") in rules.text
    assert session.game.rules.preset == "cnuno"
    if locale != "en":
        assert tr(locale, "help.title") != tr("en", "help.title")


def test_a_rules_code_reads_back_every_rule_set() -> None:
    """The Rematch and Rules ids keep a rule set whole: every on/off option has its bit."""
    from dataclasses import fields

    from bot.engine.rules import Options
    from bot.ui.items import MatchButton
    from bot.ui.rules_code import RULE_SWITCHES

    switches = {f.name for f in fields(Options) if isinstance(getattr(Options(), f.name), bool)}
    assert set(RULE_SWITCHES) == switches and len(RULE_SWITCHES) == len(switches)
    for rules in (RuleSet.classic(), RuleSet.build("cnuno", {"reverse_chain": False}),
                  RuleSet.build("flip", {"silence": "wilds", "target_score": 1000}),
                  RuleSet.classic(stacking=True, stack_mixed=True, draw_until_playable=True,
                                  draw_cap=5, penalty_scoring=True, silence="twos")):
        item = MatchButton(MatchControl.RULES, "0123abcd", rules, 600, 9)
        read = MatchButton.parse(item.custom_id)
        assert read is not None and len(item.custom_id) <= 100
        assert read.rules == rules and read.what is MatchControl.RULES
