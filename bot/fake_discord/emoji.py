"""The application's own emoji (`/applications/{app}/emojis`), validated as Discord does: a name
of 2-32 letters, digits or underscores and unique in the app, a PNG, JPEG, GIF or WebP picture
of at most 256 KB, at most 2,000 emoji. They belong to the application, not to a bot process:
they outlive a restart of the bot, as on Discord."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any

EMOJI_MAX = 2000
EMOJI_BYTES_MAX = 256 * 1024
NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")
_DATA_URI = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,(.+)$", re.DOTALL)


class EmojiError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class AppEmoji:
    id: int
    name: str
    image: bytes

    def payload(self, user: dict[str, Any]) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "roles": [], "user": user,
                "require_colons": True, "managed": False, "animated": False, "available": True}


class AppEmojiStore:
    def __init__(self) -> None:
        self.emoji: dict[int, AppEmoji] = {}
        self.created = 0  # uploads accepted, over the fake's life (across bot restarts)
        self.deleted = 0

    def create(self, new_id: int, body: Any) -> AppEmoji:
        body = body if isinstance(body, dict) else {}
        name, image = body.get("name"), body.get("image")
        if not isinstance(name, str) or not NAME.match(name):
            raise EmojiError(400, 50035, f"Invalid Form Body: name {name!r} must be 2-32 "
                                         "letters, digits or underscores")
        if any(e.name == name for e in self.emoji.values()):
            raise EmojiError(400, 50035, f"Invalid Form Body: the name {name!r} is taken "
                                         "(APPLICATION_EMOJI_NAME_ALREADY_TAKEN)")
        match = _DATA_URI.match(image) if isinstance(image, str) else None
        if match is None:
            raise EmojiError(400, 50035, "Invalid Form Body: image must be a data URI of a "
                                         "PNG, JPEG, GIF or WebP picture")
        try:
            data = base64.b64decode(match.group(2), validate=True)
        except binascii.Error:
            raise EmojiError(400, 50035, "Invalid Form Body: image is not base64") from None
        if len(data) > EMOJI_BYTES_MAX:
            raise EmojiError(400, 50045, f"File cannot be larger than {EMOJI_BYTES_MAX // 1024} "
                                         f"KB ({len(data)} bytes)")
        if len(self.emoji) >= EMOJI_MAX:
            raise EmojiError(400, 30018, f"Maximum number of emojis reached ({EMOJI_MAX})")
        emoji = AppEmoji(new_id, name, data)
        self.emoji[new_id] = emoji
        self.created += 1
        return emoji

    def delete(self, emoji_id: int) -> None:
        if self.emoji.pop(emoji_id, None) is None:
            raise EmojiError(404, 10014, "Unknown Emoji")
        self.deleted += 1
