"""Issue 20, "Tested as deployed": two real bot processes (benchmarks/bot_process.py) on
disjoint shards of one bot, sharing one throwaway PostgreSQL, against the fake Discord of this
process, which routes each guild's events to the connection that identified with the guild's
shard.

Process A runs shard 0 of 2, process B shard 1; guild Alpha is on shard 0 and guild Beta on
shard 1 (their ids are made so). Only A syncs the commands. A game is played in each guild;
B is SIGKILLed mid-game and started again: its game resumes at the state saved before the kill
(the table shows it again, the next moves are applied), while A's game was not touched and went
on being played during B's downtime. A language set through A (in Alpha) is how B (in Beta)
answers that user. Neither process logs an error, and Discord would refuse nothing.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.fake_discord.world import Guild
from drivers.catalogue import tr
from drivers.killing import BotProcess, Trial
from tests.fake_discord import FakeDiscordSession, VirtualUser, fake_discord_session

PROCESS = re.compile(r"uno-process/(\w+)")  # benchmarks/bot_process.py --tag, in the User-Agent

SHARDS = 2
COMMANDS = ("/applications/{application_id}/commands",
            "/applications/{application_id}/guilds/{guild_id}/commands")
SETTLE_TIMEOUT = 10.0  # generous: two bots, PostgreSQL and the test share 2 busy cores
MOVES = 3


@dataclass
class Deployment:
    session: FakeDiscordSession
    url: str
    alpha: Guild   # on shard 0: process A's
    beta: Guild    # on shard 1: process B's
    a: BotProcess  # SHARD_COUNT=2 SHARD_IDS=0
    b: BotProcess  # SHARD_COUNT=2 SHARD_IDS=1


def _process(session: FakeDiscordSession, url: str, shard: int, folder: Path) -> BotProcess:
    return BotProcess(session, folder / "unused.db", folder / f"shard{shard}.log", seed=shard,
                      options=["--database-url", url, "--shard-count", str(SHARDS),
                               "--shard-ids", str(shard), "--tag", "AB"[shard],
                               "--request-budget", "22"])  # each process its share of 45/s


@pytest.fixture
async def deployed(postgres_url: str, tmp_path: Path) -> AsyncIterator[Deployment]:
    async with fake_discord_session(shard_count=SHARDS) as session:
        fake = session.fake
        d = Deployment(session, postgres_url, fake.add_guild("Alpha", shard_id=0),
                       fake.add_guild("Beta", shard_id=1),
                       _process(session, postgres_url, 0, tmp_path),
                       _process(session, postgres_url, 1, tmp_path))
        try:
            yield d
        finally:
            await asyncio.gather(d.a.stop(), d.b.stop())
        errors = [f"A: {e}" for e in d.a.errors()] + [f"B: {e}" for e in d.b.errors()]
        assert errors == [], "\n".join(errors)


def _member(fake_session: FakeDiscordSession, name: str, *guilds: Guild) -> VirtualUser:
    fake = fake_session.fake
    member = fake.add_member(name, guild=guilds[0])
    for guild in guilds[1:]:
        fake.join(member, guild)
    return VirtualUser(fake, member)


def _senders(session: FakeDiscordSession, guild: Guild) -> list[str]:
    """Which processes made the bot-token requests naming the guild or its channels (table
    edits, messages, the guild itself); interaction answers use the interactions' tokens and
    carry no tag."""
    named = {str(guild.id), *(str(c.id) for c in guild.channels)}
    return [found[1] if (found := PROCESS.search(r.agent)) else "?"
            for r in session.fake.requests if named & set(r.path.split("/"))]


def _ready_guilds(session: FakeDiscordSession, shard_id: int) -> set[int]:
    """The guilds the READY of the shard's live connection listed."""
    [live] = [s for s in session.fake.gateway.sessions.values()
              if s.shard_id == shard_id and s.ws is not None and not s.ws.closed]
    ready = next(f["d"] for f in live.sent if f["t"] == "READY")
    return {int(g["id"]) for g in ready["guilds"]}


async def _version(game: Trial) -> int:
    record = await game.saved()
    assert record is not None, "the game is no longer saved"
    return int(record.version)


async def _play(game: Trial, moves: int) -> None:
    """`moves` actions that change the saved game (a refused click or a lagging table can
    take a few more tries), stopping early only if the match is won."""
    target = await _version(game) + moves
    for _ in range(moves * 4):
        if await _version(game) >= target or not await game.step():
            return
    raise AssertionError(f"{moves} moves were not applied in {moves * 4} actions")


@pytest.mark.issue(20)
async def test_two_processes_on_disjoint_shards_share_postgresql(
        deployed: Deployment, tmp_path: Path) -> None:
    d = deployed
    fake = d.session.fake
    assert ((d.alpha.id >> 22) % SHARDS, (d.beta.id >> 22) % SHARDS) == (0, 1)

    # B first: it holds no shard 0, so it syncs nothing; then A syncs the commands, once.
    await d.b.start()
    assert [r for r in fake.requests if r.route in COMMANDS and r.method == "PUT"] == []
    await d.a.start()
    synced = [r for r in fake.requests if r.route in COMMANDS and r.method == "PUT"]
    assert [r.route for r in synced] == [COMMANDS[0]] and fake.global_commands
    # Each connection was told only its own shard's guilds.
    assert d.alpha.id in _ready_guilds(d.session, 0) and d.beta.id in _ready_guilds(d.session, 1)
    assert not _ready_guilds(d.session, 0) & _ready_guilds(d.session, 1)

    ann = _member(d.session, "Ann", d.alpha, d.beta)
    ann_a, ann_b = ann.in_channel(d.alpha.channels[0]), ann.in_channel(d.beta.channels[0])
    bob = _member(d.session, "Bob", d.alpha).in_channel(d.alpha.channels[0])
    cid = _member(d.session, "Cid", d.beta).in_channel(d.beta.channels[0])
    # A high target: the matches outlive the test's moves.
    game_a = Trial(d.session, tmp_path, 11, users=[ann_a, bob], bot=d.a, database=d.url,
                   target=500)
    game_b = Trial(d.session, tmp_path, 12, users=[ann_b, cid], bot=d.b, database=d.url,
                   target=500)

    # A game in each guild, both progressing.
    await game_a.set_up()
    await game_b.set_up()
    assert game_a.game_id != game_b.game_id
    for game in (game_a, game_b):
        started = await _version(game)
        await _play(game, MOVES)
        assert await _version(game) >= started + MOVES

    # B is killed mid-game, just after a click (which it may or may not have applied and
    # saved); A's game goes on meanwhile, B's stays as it was saved.
    await game_b.kill(in_flight=True)
    saved_b = await _version(game_b)
    before_a = await _version(game_a)
    table_a = fake.messages[game_a.table_id or 0]
    edits_a = len(table_a.history)
    await _play(game_a, MOVES)
    assert await _version(game_a) >= before_a + MOVES and len(table_a.history) > edits_a
    assert await _version(game_b) == saved_b

    # B comes back: its game resumes at the saved state (its cards conserved, its table showing
    # it again), and the next moves are applied.
    await game_b.restart()
    assert await _version(game_b) == saved_b and d.b.starts == 2
    after_a = await _version(game_a)
    await _play(game_b, MOVES)
    assert await _version(game_b) >= saved_b + MOVES
    # B's restart took nothing of A's: A's game moved only with A's players, and still does.
    assert await _version(game_a) == after_a
    await _play(game_a, 1)
    assert game_a.result.problems == game_b.result.problems == []
    # Each guild's tables were edited by its own process only (B's restart restored no table
    # of A's, nor did A ever write in B's guild).
    assert set(_senders(d.session, d.alpha)) == {"A"}
    assert set(_senders(d.session, d.beta)) == {"B"}

    # A language set through A (in Alpha) is how B (in Beta) answers: within a second for the
    # bot; generous here, on a loaded machine.
    expected = tr("uk", "settings.summary", language=tr("uk", "language.name"),
                  server_language=tr("uk", "settings.auto"), colorblind=tr("uk", "rules.off"))
    set_in_a = await ann_a.slash("uno settings", language="uk")
    assert set_in_a.response is not None
    assert set_in_a.response.content.splitlines()[0] == expected
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE_TIMEOUT
    while True:
        handle = await ann_b.slash("uno settings")
        assert handle.response is not None, "no answer from B"
        answer = handle.response.content.splitlines()[0]
        if answer == expected or loop.time() > deadline:
            break
        await asyncio.sleep(0.1)
    assert answer == expected
