"""The fake Discord holds every request to Discord's published API spec (bot/fake_discord/spec.py):
the copy it reads is the shared one, every route it serves is documented, and a body the spec
does not allow is refused like any other call Discord would refuse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.fake_discord.api import API
from bot.fake_discord.request_gate import spec_refusal
from bot.fake_discord.spec import SPEC_FOLDER, discord_api_spec
from tests.fake_discord import FakeDiscord, FakeDiscordSession

SHARED = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec"
# Routes of the fake that are not Discord's HTTP API: the gateway's websocket, and the CDN paths
# of attachments and emoji images.
NOT_THE_API = {"/gateway", "/attachments/{attachment_id}/{filename}", "/emojis/{emoji_file}"}


@pytest.mark.parametrize("name", ["openapi.json", "LICENSE", "VERSION"])
def test_the_spec_is_the_shared_copy(name: str) -> None:
    """The repository stands alone with its copy of the spec (MIT, its LICENSE beside it);
    refresh it with `cp ../shared/discord-api-spec/* bot/fake_discord/discord-api-spec/`."""
    if not (SHARED / name).is_file():
        pytest.skip(f"no {SHARED / name} beside this clone: nothing to compare the copy with")
    assert (SPEC_FOLDER / name).read_bytes() == (SHARED / name).read_bytes(), (
        f"bot/fake_discord/discord-api-spec/{name} differs from {SHARED / name}: copy it again")


def test_every_route_the_fake_serves_is_an_operation_of_the_spec() -> None:
    from aiohttp import web
    app = web.Application()
    FakeDiscord()._add_routes(app)
    spec = discord_api_spec()
    served = [(route.method, route.resource.canonical) for route in app.router.routes()
              if route.resource is not None and route.method != "HEAD"]
    api = [(method, path.removeprefix(API)) for method, path in served
           if path.removeprefix(API) not in NOT_THE_API]
    assert len(api) > 20
    # A parameter stands for any value: try each route with a made-up id in every parameter.
    undocumented = [f"{method} {path}" for method, path in api
                    if spec.operation(method, _filled(path)) is None]
    assert not undocumented, f"routes the fake serves that Discord does not document: " \
                             f"{undocumented}"


def _filled(template: str) -> str:
    return "/".join("123" if part.startswith("{") else part for part in template.split("/"))


def test_literal_segments_win_over_parameters() -> None:
    spec = discord_api_spec()
    me = spec.operation("GET", "/users/@me")
    someone = spec.operation("GET", "/users/80351110224678912")
    original = spec.operation("PATCH", "/webhooks/1/token/messages/@original")
    assert me is not None and me.template == "/users/@me"
    assert someone is not None and someone.template == "/users/{user_id}"
    assert original is not None and original.template.endswith("/messages/@original")
    assert spec.operation("POST", "/users/@me") is None  # a documented path, an undocumented verb
    assert spec.operation("GET", "/uno/tables") is None


def _button(style: int) -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 2, "style": style, "label": "Play",
                                       "custom_id": "play"}]}


@pytest.fixture
async def client(fake_discord: FakeDiscordSession) -> discord.Client:
    started: discord.Client = await fake_discord.start_bot(
        discord.Client(intents=discord.Intents.default()))
    return started


async def _post(client: discord.Client, fake_discord: FakeDiscordSession,
                body: dict[str, Any]) -> discord.HTTPException:
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await client.http.request(route, json=body)
    return refused.value


async def test_a_button_of_an_unknown_style_is_refused(fake_discord: FakeDiscordSession,
                                                      client: discord.Client) -> None:
    refused = await _post(client, fake_discord, {"content": "x", "components": [_button(9)]})
    assert (refused.status, refused.code) == (400, 50035)
    [violation] = fake_discord.take_violations()
    assert "body.components[0].components[0].style: 9 is not one of [1, 2, 3, 4, 5, 6]" in (
        violation.message)
    assert fake_discord.fake.channel_messages() == []


async def test_a_component_of_an_unknown_type_is_refused(fake_discord: FakeDiscordSession,
                                                        client: discord.Client) -> None:
    refused = await _post(client, fake_discord, {"content": "x", "components": [
        {"type": 1, "components": [{"type": 99, "custom_id": "what"}]}]})
    assert (refused.status, refused.code) == (400, 50035)
    [violation] = fake_discord.take_violations()
    assert "body.components[0].components[0].type: 99 is not one of [" in violation.message
    assert fake_discord.fake.channel_messages() == []


async def test_the_same_message_with_known_style_and_types_is_accepted(
        fake_discord: FakeDiscordSession, client: discord.Client) -> None:
    """The refusals above are for the style and the type, not for the message around them."""
    route = Route("POST", "/channels/{channel_id}/messages",
                  channel_id=fake_discord.fake.channel.id)
    await client.http.request(route, json={"content": "x", "components": [_button(1)]})
    [message] = fake_discord.fake.channel_messages()
    assert message.payload["components"][0]["components"][0]["style"] == 1


def test_an_undocumented_route_is_refused() -> None:
    """Every request the fake serves passes this check first (the fake's own unknown routes
    were refused before): a method and path Discord does not document answer 404."""
    for method, path in (("POST", "/users/@me"), ("GET", "/uno/tables"),
                         ("PATCH", "/channels/1/messages/2/everything")):
        refused = spec_refusal(method, path, "application/json", {})
        assert refused is not None and refused.status == 404
        assert refused.errors == [f"{method} {path}: not an operation of Discord's API spec"]


def test_snowflakes_are_taken_as_numbers_too() -> None:
    """Loosened on purpose (spec.py): discord.py sends allowed_mentions' ids and a new
    attachment's id as numbers, and Discord takes them; other numbers stay refused."""
    spec = discord_api_spec()
    operation = spec.operation("POST", "/channels/1/messages")
    assert operation is not None
    body = {"content": "<@80351110224678912>", "attachments": [{"id": 0, "filename": "t.png"}],
            "allowed_mentions": {"parse": [], "users": [80351110224678912, "1"]}}
    assert spec.problems(operation, "application/json", body) == []
    assert spec.problems(operation, "multipart/form-data", body) == []
    [problem] = spec.problems(operation, "application/json",
                              {**body, "attachments": [{"id": -1}]})
    assert "body.attachments[0].id" in problem
    [problem] = spec.problems(operation, "application/json", {"content": 7})
    assert "body.content: 7 is not of type" in problem


async def test_a_request_breaking_the_spec_is_refused_before_an_arranged_429(
        fake_discord: FakeDiscordSession, client: discord.Client) -> None:
    """A 429 or an error a test arranges for a route does not hide a body the spec refuses;
    the arranged answer goes to the next request instead."""
    fake = fake_discord.fake
    fake.inject_429("POST", "/channels/{channel_id}/messages")
    refused = await _post(client, fake_discord, {"content": "x", "components": [_button(9)]})
    assert (refused.status, refused.code) == (400, 50035)
    assert len(fake_discord.take_violations()) == 1 and fake.rate_limited == []
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=fake.channel.id)
    await client.http.request(route, json={"content": "x", "components": [_button(1)]})
    assert len(fake.rate_limited) == 1 and len(fake.channel_messages()) == 1
