"""The playground's server without a browser: what each person sees through its API, the second
server, the settings going through the bot, the problems shown, and the command that starts it
when no token is set."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.fake_discord.users import components_of, texts_of
from bot.playground.page_needs import Player
from bot.playground.playground import Playground
from drivers.catalogue import en, tr

ROOT = Path(__file__).resolve().parents[2]


class Page:
    """The requests the page makes, for one playground."""

    def __init__(self, playground: Playground, http: aiohttp.ClientSession) -> None:
        self.playground = playground
        self.http = http
        self.url = playground.url.rstrip("/")

    async def state(self, person: Player, channel: int) -> dict[str, Any]:
        async with self.http.get(f"{self.url}/api/state",
                                 params={"as": str(person.id), "channel": str(channel)}) as r:
            assert r.status == 200
            state: dict[str, Any] = await r.json()
            return state

    async def post(self, path: str, person: Player, channel: int, **body: Any) -> Any:
        payload = {"as": str(person.id), "channel": str(channel), **body}
        async with self.http.post(f"{self.url}{path}", json=payload) as r:
            return r.status, await r.json()

    async def wait(self, person: Player, channel: int, check: Any) -> dict[str, Any]:
        """The state as soon as `check(state)` holds (the bot answers asynchronously)."""
        for _ in range(200):
            state = await self.state(person, channel)
            if check(state):
                return state
            await asyncio.sleep(0.02)
        raise AssertionError(f"the page never showed it; last state: {state['messages']}, "
                             f"problems {state['problems']}")


@pytest.fixture
async def page(tmp_path: Path) -> AsyncIterator[Page]:
    playground = Playground(tmp_path / "playground.db", card_emoji=False)
    await playground.start()
    try:
        async with aiohttp.ClientSession() as http:
            yield Page(playground, http)
    finally:
        await playground.stop()


def titles(state: dict[str, Any]) -> list[str]:
    """Each message's title: an embed's, or the heading of a V2 message (a lobby's)."""
    return [t.split("\n")[0].removeprefix("### ") for m in state["messages"]
            for t in texts_of(m) if t.startswith("### ")] + [
        e.get("title", "") for m in state["messages"] for e in m["embeds"]]


def text(message: dict[str, Any]) -> str:
    return "\n".join(texts_of(message))


async def test_the_second_server_has_its_own_channel_and_language(page: Page) -> None:
    fake = page.playground.fake
    ann = list(page.playground.people.values())[0]
    home = fake.home.channels[0].id
    [other] = [g for g in fake.guilds.values() if g is not fake.home and g.has_bot]
    channel = other.channels[0].id
    state = await page.state(ann, channel)
    # Beside them (issue 30): a server without the bot, and the group DM.
    assert [g["name"] for g in state["guilds"]] == [fake.home.name, other.name,
                                                    fake.without_bot.name, "Direct messages"]
    status, _ = await page.post("/api/slash", ann, channel, command="uno create", options={})
    assert status == 200
    state = await page.wait(ann, channel, lambda s: titles(s))
    # The second server speaks its own language (Ukrainian) to the table.
    assert titles(state)[0].startswith(tr("uk", "lobby.title"))
    assert state["messages"][0]["command"] == {"user": "Ann", "name": "uno create"}
    assert fake.messages_in(channel, ann.id)[0].payload["guild_id"] == str(other.id)
    assert (await page.state(ann, home))["messages"] == []


async def test_an_ephemeral_answer_is_seen_by_its_user_alone(page: Page) -> None:
    ann, bob = list(page.playground.people.values())[:2]
    channel = page.playground.fake.home.channels[1].id
    await page.post("/api/slash", bob, channel, command="uno join", options={})
    state = await page.wait(bob, channel, lambda s: s["messages"])
    [answer] = state["messages"]
    assert answer["ephemeral"] and answer["content"] == en("lobby.none")
    assert (await page.state(ann, channel))["messages"] == []


async def test_settings_go_through_the_bots_command(page: Page) -> None:
    bot = page.playground.bot
    assert bot is not None
    ann = list(page.playground.people.values())[0]
    channel = page.playground.fake.home.channels[0].id
    # Belarusian is the bot's own setting (Discord has no such client language).
    await page.post("/api/settings", ann, channel, language="be", colorblind=True)
    state = await page.wait(ann, channel, lambda s: s["messages"]
                            and not s["messages"][-1]["loading"])
    assert (bot.settings.user(ann.id).locale, bot.settings.user(ann.id).colorblind) == ("be", True)
    assert state["messages"][-1]["command"]["name"] == "uno settings"
    [me] = [p for p in (await page.state(ann, channel))["people"] if p["id"] == str(ann.id)]
    assert (me["language"], me["colorblind"]) == ("be", True)
    # Ukrainian is Discord's: the client sends it, and the bot's own choice goes back to auto.
    await page.post("/api/settings", ann, channel, language="uk")
    await page.wait(ann, channel, lambda s: len(s["messages"]) == 2)
    assert ann.locale == "uk" and bot.settings.user(ann.id).locale is None
    # Spanish is Discord's too (es-ES; es-419 reads the same file), and the menu lists every
    # language of the bot by its own name.
    await page.post("/api/settings", ann, channel, language="es")
    assert ann.locale == "es-ES" and bot.settings.user(ann.id).locale is None
    languages = (await page.state(ann, channel))["languages"]
    assert [lang["code"] for lang in languages][:4] == ["en", "uk", "ru", "be"]
    assert {lang["code"]: lang["name"] for lang in languages}["es"] == "Español"


async def test_what_discord_would_refuse_is_shown(page: Page) -> None:
    fake = page.playground.fake
    ann = list(page.playground.people.values())[0]
    channel = fake.home.channels[0].id
    fake.response_deadline = 0.0  # every first answer comes too late for this Discord
    await page.post("/api/slash", ann, channel, command="uno help", options={})
    state = await page.wait(ann, channel, lambda s: s["problems"])
    assert state["problems"][0].startswith("Discord would refuse: 10062")
    # An exception in a handler ends up in the bot's error log: shown too.
    logging.getLogger("cogs.lobby").error("a handler failed")
    state = await page.state(ann, channel)
    assert state["problems"][-1] == "The bot logged an error: cogs.lobby: a handler failed"


async def test_what_discords_client_would_not_send_is_refused_with_a_reason(page: Page) -> None:
    ann = list(page.playground.people.values())[0]
    channel = page.playground.fake.home.channels[0].id
    status, answer = await page.post("/api/slash", ann, channel, command="uno fly", options={})
    assert status == 400 and "uno fly" in answer["error"]
    status, answer = await page.post("/api/slash", ann, channel, command="uno create",
                                     options={"target": "many"})
    assert status == 400 and "target" in answer["error"]
    await page.post("/api/slash", ann, channel, command="uno create", options={})
    state = await page.wait(ann, channel, titles)
    lobby = state["messages"][0]["id"]
    status, answer = await page.post("/api/click", ann, channel, message=lobby,
                                     custom_id="uno:nothing")
    assert status == 400 and "uno:nothing" in answer["error"]
    assert page.playground.problems() == []


async def test_the_event_stream_tells_of_every_change(page: Page) -> None:
    ann = list(page.playground.people.values())[0]
    channel = page.playground.fake.home.channels[0].id
    async with page.http.get(f"{page.url}/api/events") as stream:
        first = int((await stream.content.readline()).decode().removeprefix("data: "))
        await stream.content.readline()  # the blank line that ends the event
        await page.post("/api/slash", ann, channel, command="uno help", options={})
        line = await asyncio.wait_for(stream.content.readline(), 5)
        assert int(line.decode().removeprefix("data: ")) > first


def _ignoring_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


async def test_dev_run_without_a_token_starts_the_playground(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--playground-without-token", "--port", "0", cwd=tmp_path,
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        # Started with SIGINT ignored, as a shell's background job or nohup starts it (and as a
        # suite started that way passes it on): Ctrl+C must stop it all the same.
        preexec_fn=_ignoring_sigint, start_new_session=True)
    assert process.stdout is not None and process.stderr is not None
    try:
        line = b""
        while b"http://127.0.0.1:" not in line:
            line = await asyncio.wait_for(process.stdout.readline(), 30)
            assert line, "the playground stopped before it printed its address"
        url = line.decode().split("open ", 1)[1].split()[0]
        async with aiohttp.ClientSession() as http, http.get(url) as answer:
            assert answer.status == 200 and "UNO bot playground" in await answer.text()
    finally:
        os.killpg(process.pid, signal.SIGINT)  # as Ctrl+C: every process of its group
        _, errors = await asyncio.wait_for(process.communicate(), 20)
    told = errors.decode()
    assert "DISCORD_TOKEN is not set" in told and ".env" in told and "Traceback" not in told
    assert process.returncode == 0
    assert not list(tmp_path.iterdir())  # nothing written where it ran: no uno.db


async def test_a_host_picks_house_rules_in_a_select_and_a_new_person_joins(page: Page) -> None:
    ann = list(page.playground.people.values())[0]
    channel = page.playground.fake.home.channels[0].id
    await page.post("/api/slash", ann, channel, command="uno create", options={})
    state = await page.wait(ann, channel, titles)
    lobby = state["messages"][0]
    menu = next(c for c in components_of(lobby) if c["type"] == 3 and c["max_values"] > 1)
    option = menu["options"][0]
    status, answer = await page.post("/api/choose", ann, channel, message=lobby["id"],
                                     custom_id=menu["custom_id"], values=["no-such-rule"])
    assert status == 400 and "no-such-rule" in answer["error"]
    await page.post("/api/choose", ann, channel, message=lobby["id"],
                    custom_id=menu["custom_id"], values=[option["value"]])
    assert option["label"] not in text(lobby)
    # The lobby's rules now name the house rule picked.
    await page.wait(ann, channel, lambda s: option["label"] in text(s["messages"][0]))

    async with page.http.post(f"{page.url}/api/people", json={"name": "Eve"}) as r:
        eve_id = (await r.json())["id"]
    eve = page.playground.people[int(eve_id)]
    await page.post("/api/click", eve, channel, message=lobby["id"], custom_id=next(
        c["custom_id"] for c in components_of(lobby) if c.get("label") == en("button.join")))
    state = await page.wait(eve, channel, lambda s: "Eve" in text(s["messages"][0]))
    assert "Eve" in [p["name"] for p in state["people"]]


async def test_commands_are_described_in_the_persons_discord_language(page: Page) -> None:
    bob = list(page.playground.people.values())[1]
    channel = page.playground.fake.home.channels[0].id
    await page.post("/api/settings", bob, channel, language="uk")
    state = await page.state(bob, channel)
    [create] = [c for c in state["commands"] if c["path"] == "uno create"]
    # Names stay English (bot/i18n/commands.py); Discord shows the descriptions translated.
    assert create["shown"] == "uno create"
    assert create["description"] == tr("uk", "command.uno.create.description")
    assert [o["description"] for o in create["options"] if o["name"] == "preset"] == [
        tr("uk", "command.uno.create.preset.description")]


async def test_only_this_computers_own_page_may_act(page: Page) -> None:
    ann = list(page.playground.people.values())[0]
    channel = page.playground.fake.home.channels[0].id
    body = f'{{"as": "{ann.id}", "channel": "{channel}", "command": "uno create"}}'
    # A form on another site can post plain text without the browser asking first.
    async with page.http.post(f"{page.url}/api/slash", data=body,
                              headers={"Content-Type": "text/plain"}) as r:
        assert r.status == 400 and "application/json" in (await r.json())["error"]
    # A site whose name was made to point at 127.0.0.1 (DNS rebinding) sends its own name.
    async with page.http.get(f"{page.url}/api/state", headers={"Host": "evil.example"}) as r:
        assert r.status == 403
    assert page.playground.fake.messages == {}


async def test_a_lobby_in_the_group_dm_goes_through_interactions(page: Page) -> None:
    """Issue 30: the group DM has no bot in it; the lobby is the answer to the command, and a
    join updates it in its own answer (a bot-token call there would be a problem shown)."""
    fake = page.playground.fake
    ann, bob = list(page.playground.people.values())[:2]
    assert fake.group_dm is not None
    channel = fake.group_dm.id
    status, _ = await page.post("/api/slash", ann, channel, command="uno create", options={})
    assert status == 200
    state = await page.wait(ann, channel, lambda s: titles(s))
    assert titles(state)[0].startswith(tr("en", "lobby.title"))
    assert (await page.state(bob, channel))["messages"]  # Bob sees it too
    assert page.playground.problems() == []


async def test_the_server_lets_its_organisers_open_tournaments(page: Page) -> None:
    """Issue 31 in the playground: each server has an Organisers role, which Cid holds; Ann
    (Manage Server) picks it among the server's roles for /uno settings tournament_role, and
    then Cid may open a tournament where Bob, without it, is refused."""
    ann, bob, cid = list(page.playground.people.values())[:3]
    channel = page.playground.fake.home.channels[0].id
    state = await page.state(ann, channel)
    [home] = [g for g in state["guilds"] if any(c["id"] == str(channel) for c in g["channels"])]
    organisers = next(r["id"] for r in home["roles"] if r["name"] == "Organisers")
    assert [p["moderator"] for p in state["people"]][:3] == [True, False, False]
    status, answer = await page.post("/api/slash", ann, channel, command="uno settings",
                                     options={"tournament_role": "404"})
    assert status == 400 and "tournament_role" in answer["error"]  # no such role here
    await page.post("/api/slash", ann, channel, command="uno settings",
                    options={"tournament_role": organisers})
    await page.wait(ann, channel, lambda s: s["messages"] and en(
        "settings.tournament_role_some", role=f"<@&{organisers}>") in s["messages"][-1]["content"])
    await page.post("/api/slash", bob, channel, command="uno tournament create",
                    options={"name": "Bob's"})
    await page.wait(bob, channel, lambda s: s["messages"] and s["messages"][-1]["content"] == en(
        "tournament.role_only", role=f"<@&{organisers}>"))
    await page.post("/api/slash", cid, channel, command="uno tournament create",
                    options={"name": "Cid's cup"})
    await page.wait(cid, channel, lambda s: any(
        en("tournament.signup_title", name="Cid's cup") in text(m)
        for m in s["messages"]))
