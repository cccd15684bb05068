"""Card faces as small square pictures for application emoji, and how a face is named.

An emoji shows at about 20 px on a button or in text, where a whole card (2:3, corner marks and
all) would be a coloured smudge. So an emoji face is the card's middle: its colour, its big
symbol and (colour-blind set) its pattern, cut square from the existing art (inside the corner
marks) with rounded corners.

Each face's emoji name carries a fingerprint of its pixels (`uno_R7l_1a2b3c4d`): a face whose art
changed gets a new name, so the bot can tell a current emoji from one to replace without keeping
anything anywhere but in Discord's own list. Pixels, not PNG bytes, are hashed: a Pillow upgrade
that compresses differently must not re-upload every face.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import Card, Rank, all_cards

from .cards import CARD_H, CARD_W, cached_face, is_dark

SIZE = 64  # px: Discord shows emoji at 16-48 px; 64 stays sharp and a few KB
MAX_BYTES = 256 * 1024  # Discord's limit for an emoji's picture
_MARGIN = 12  # px of the card's sides left out: the corner marks, which blur at 20 px
PREFIX = "uno_"
NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")  # Discord's rule for an emoji's name
_OURS = re.compile(r"^uno_([A-Za-z0-9]+)_([0-9a-f]{8})$")


@dataclass(frozen=True, slots=True)
class FaceSpec:
    """One face to exist as an emoji: a card's face code, its side and the colour-blind marks."""

    code: str
    dark: bool
    colorblind: bool

    @property
    def key(self) -> str:
        """The face's name without its fingerprint: `R7l`, `P+5` -> `Pp5d`, `R7lc`."""
        return self.code.replace("+", "p") + ("d" if self.dark else "l") + \
            ("c" if self.colorblind else "")


def face_of(card: Card, *, colorblind: bool) -> FaceSpec:
    """The face `card` shows now (a Flip card's active side). A card without a colour has no
    colour-blind marks, so both sets share its face."""
    return FaceSpec(card.face.code, is_dark(card), colorblind and card.color is not None)


def all_faces() -> list[FaceSpec]:
    """Every face the bot draws: both Flip sides (and the plain Wild on each), with and
    without the colour-blind marks."""
    specs: dict[FaceSpec, None] = {}
    cards = [*all_cards(), Card.parse(Rank.WILD.value)]
    for card in cards:
        for colorblind in (False, True):
            specs[face_of(card, colorblind=colorblind)] = None
    specs[FaceSpec(Rank.WILD.value, True, False)] = None  # the plain Wild on the dark side
    return list(specs)


@lru_cache(maxsize=512)
def _image(spec: FaceSpec) -> Image.Image:
    face = cached_face(Card.parse(spec.code), colorblind=spec.colorblind, dark=spec.dark)
    side = CARD_W - 2 * _MARGIN
    left, top = _MARGIN, (CARD_H - side) // 2
    square = face.crop((left, top, left + side, top + side)).resize((SIZE, SIZE),
                                                                    Image.Resampling.LANCZOS)
    mask = Image.new("L", (SIZE, SIZE), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, SIZE - 1, SIZE - 1), SIZE // 6, fill=255)
    out = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    out.paste(square, (0, 0), mask)
    return out


def fingerprint(spec: FaceSpec) -> str:
    return hashlib.sha256(_image(spec).tobytes()).hexdigest()[:8]


def emoji_name(spec: FaceSpec) -> str:
    return f"{PREFIX}{spec.key}_{fingerprint(spec)}"


def face_png(spec: FaceSpec) -> bytes:
    out = io.BytesIO()
    _image(spec).save(out, "PNG", optimize=True)
    return out.getvalue()


def parse_name(name: str) -> tuple[str, str] | None:
    """(key, fingerprint) of one of our emoji names; None for any other emoji of the app."""
    match = _OURS.match(name)
    return (match.group(1), match.group(2)) if match else None


@dataclass(frozen=True)
class Faces:
    """The faces that exist as emoji now (key -> (name, id)), for one reader: the colour-blind
    set or the classic one. Empty where emoji cannot be shown: then every card is text."""

    emoji: Mapping[str, tuple[str, int]] = field(default_factory=dict)
    colorblind: bool = False

    def of(self, card: Card) -> tuple[str, int] | None:
        return self.emoji.get(face_of(card, colorblind=self.colorblind).key)

    def markup(self, card: Card) -> str | None:
        """The face as message text (`<:name:id>`), or None while it does not exist."""
        found = self.of(card)
        return f"<:{found[0]}:{found[1]}>" if found else None


NO_FACES = Faces()
