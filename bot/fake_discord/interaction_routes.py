"""The fake's interaction routes: the first response (callback) within Discord's 3 seconds, then
follow-ups and edits through the interaction's webhook token within its 15 minutes."""

from __future__ import annotations

from typing import Any, Protocol

from aiohttp import web

from .api import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    COMPONENT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
)
from .clock import FakeClock
from .limits import FLAG_EPHEMERAL, FLAG_LOADING
from .message_desk import MessageDesk
from .places import check_followup
from .replies import BODY as _BODY
from .replies import DiscordError
from .replies import json_response as _json
from .world import InteractionRecord, StoredMessage


class InteractionNeeds(Protocol):
    """What these routes use of the fake: a Protocol, so that this module does not import the server
    (which builds it) and imports flow one way."""

    clock: FakeClock
    response_deadline: float
    token_lifetime: float
    interactions: dict[int, InteractionRecord]
    interactions_by_token: dict[str, InteractionRecord]
    messages: dict[int, StoredMessage]
    desk: MessageDesk

    def check_app(self, request: web.Request) -> None: ...


class InteractionRoutes:
    """Interaction callbacks and the webhook-token routes, as Discord answers them."""

    def __init__(self, fake: InteractionNeeds) -> None:
        self._fake = fake

    async def callback(self, request: web.Request) -> web.Response:
        record = self._fake.interactions.get(int(request.match_info["interaction_id"]))
        if record is None or record.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        age = self._fake.clock.now() - record.created_at
        if age > self._fake.response_deadline:
            raise DiscordError(404, 10062, f"Unknown interaction (first response after {age:.2f}"
                                           f" s > {self._fake.response_deadline:g} s)",
                               interaction=record)
        if record.acknowledged:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.",
                               interaction=record)
        body = request[_BODY] or {}
        kind, data = body.get("type"), body.get("data") or {}
        source = self._fake.messages.get(record.source_message_id or 0)
        self._fake.desk.check_limits(data, record, source if kind == UPDATE_MESSAGE else None)
        allowed = {APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
                   COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
                   MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
                   AUTOCOMPLETE: {AUTOCOMPLETE_RESULT}}[record.type]
        if kind not in allowed:
            raise DiscordError(400, 50035, f"Invalid Form Body: callback type {kind} is not "
                                           f"valid for interaction type {record.type}",
                               interaction=record)
        flags = int(data.get("flags") or 0)
        message: StoredMessage | None = None
        if kind == MESSAGE:
            message = self._fake.desk.new_message(data, request, record=record, flags=flags)
        elif kind == DEFERRED_MESSAGE:
            message = self._fake.desk.new_message({}, request, record=record,
                                        flags=FLAG_LOADING | (flags & FLAG_EPHEMERAL))
            record.loading = True
        elif kind == UPDATE_MESSAGE:
            message = self._fake.messages.get(record.source_message_id or 0)
            if message is None or message.deleted:
                raise DiscordError(404, 10008, "Unknown Message", interaction=record)
            self._fake.desk.check_old_edit(message, record)
            message.edit(data)
            message.payload["attachments"] = self._fake.desk.attachments(
                data, request, message.payload["attachments"])
        elif kind == MODAL:
            record.modal = data
        elif kind == AUTOCOMPLETE_RESULT:
            record.autocomplete_choices = data.get("choices", [])
        record.ack_type = kind
        if message is not None:
            record.original_message_id = message.id
            await self._fake.desk.announce(message, "MESSAGE_UPDATE" if kind == UPDATE_MESSAGE
                                 else "MESSAGE_CREATE")
        answer: dict[str, Any] = {"interaction": {
            "id": str(record.id), "type": record.type,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message and message.visible_to is not None)}}
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["resource"] = {"type": kind, "message": message.payload}
        elif kind is not None:
            answer["resource"] = {"type": kind}
        return _json(answer)

    def _record_for_token(self, request: web.Request) -> InteractionRecord:
        """The interaction behind a webhook token, if Discord would still accept it."""
        self._fake.check_app(request)
        token = request.match_info["token"]
        record = self._fake.interactions_by_token.get(token)
        if record is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        age = self._fake.clock.now() - record.created_at
        if age > self._fake.token_lifetime:
            raise DiscordError(401, 50027, f"Invalid Webhook Token (interaction token used "
                                           f"{age / 60:.1f} min after the interaction; it "
                                           f"lives {self._fake.token_lifetime / 60:g} min)")
        if not record.acknowledged:
            raise DiscordError(404, 10015, "Unknown Webhook (follow-up or edit before the "
                                           "interaction was acknowledged)")
        return record

    async def followup(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_token(request)
        body = request[_BODY] or {}
        self._fake.desk.check_limits(body)
        check_followup(record.payload["authorizing_integration_owners"],
                       len(record.followup_ids))
        flags = int(body.get("flags") or 0)
        record.answered = True
        if record.loading and record.original_message_id is not None:
            # Discord: the first follow-up after a type-5 defer fills the loading message,
            # keeping the ephemerality chosen at the defer.
            message = self._fake.messages[record.original_message_id]
            message.edit({**body, "flags": message.payload["flags"] & ~FLAG_LOADING})
            message.payload["attachments"] = self._fake.desk.attachments(body, request, [])
            record.loading = False
            await self._fake.desk.announce(message, "MESSAGE_UPDATE")
        else:
            message = self._fake.desk.new_message(body, request, record=record, flags=flags)
            record.followup_ids.append(message.id)
            await self._fake.desk.announce(message, "MESSAGE_CREATE")
        if request.query.get("wait") in ("1", "true", "True"):
            return _json(message.payload)
        return web.Response(status=204)

    async def webhook_message(self, request: web.Request) -> web.StreamResponse:
        record = self._record_for_token(request)
        raw_id = request.match_info["message_id"]
        message_id = record.original_message_id if raw_id == "@original" else int(raw_id)
        message = self._fake.messages.get(message_id or 0)
        own = {record.original_message_id, *record.followup_ids}
        if message is None or message.deleted or message.id not in own:
            raise DiscordError(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(message.payload)
        if request.method == "DELETE":
            message.deleted = True
            await self._fake.desk.announce(message, "MESSAGE_DELETE")
            return web.Response(status=204)
        body = request[_BODY] or {}
        self._fake.desk.check_limits(body, edited=message)
        self._fake.desk.check_old_edit(message, record)
        record.answered = True
        if message.id == record.original_message_id and record.loading:
            body = {**body, "flags": (int(body.get("flags") or 0) | message.payload["flags"])
                    & ~FLAG_LOADING}
            record.loading = False
        message.edit(body)
        message.payload["attachments"] = self._fake.desk.attachments(body, request,
                                                           message.payload["attachments"])
        await self._fake.desk.announce(message, "MESSAGE_UPDATE")
        return _json(message.payload)
