"""The pieces of the table picture (bot/render/images.py): the cloth, the colour ring, the
draw pile's back and the players' name plates, each drawn once at twice its size where it needs
smooth curves, and cached."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import Card, Color

from .cards import CARD_H, CARD_W, FILL, INK, WHITE, cached_face, card_back, font
from .names import draw_name, fit_name

RGB = tuple[int, int, int]
HIGHLIGHT: RGB = (0xFF, 0xC8, 0x2E)
FELT: RGB = (0x1F, 0x5C, 0x3A)
DARK_FELT: RGB = (0x2E, 0x1F, 0x3D)  # Flip's dark side
PLATE_W, PLATE_H, BACKS_H = 184, 64, 56
MINI = 0.3  # scale of the inactive faces under a Flip player's name


@lru_cache(maxsize=256)
def mini_face(card: Card, colorblind: bool, dark: bool) -> Image.Image:
    """A face at MINI scale, for the inactive faces under a Flip player's name."""
    return cached_face(card, colorblind=colorblind, dark=dark).resize(
        (round(CARD_W * MINI), round(CARD_H * MINI)), Image.Resampling.LANCZOS)


def draw_plate(img: Image.Image, x: int, y: int, player: tuple[str, int, bool, bool],
                faces: Sequence[Card] | None, faces_dark: bool, colorblind: bool,
                backs: bool) -> None:
    name, size, turn, active = player
    state = "turn" if turn else ("active" if active else "out")
    plate = name_plate(state, backs)
    img.paste(plate, (x, y), plate)
    draw = ImageDraw.Draw(img)
    ink = INK if turn else ((255, 255, 255) if active else (150, 150, 150))
    w = draw_name(img, (x + 12, y + 20), fit_name(name, PLATE_W - 24, 20), 20, ink)
    if not active:  # struck through
        draw.line((x + 10, y + 21, x + 14 + w, y + 21), fill=ink, width=2)
    # The hand size beside a little card.
    draw.rounded_rectangle((x + 12, y + 36, x + 26, y + 56), 3, fill=INK, outline=WHITE,
                           width=2)
    draw.text((x + 34, y + 47), str(size), font=font(20), fill=ink, anchor="lm")
    if turn:
        draw.text((x + PLATE_W - 14, y + 47), "▶", font=font(18), fill=INK, anchor="rm")
    if faces:
        _draw_backs(img, x + 10, y + PLATE_H - 4, PLATE_W - 20, faces, faces_dark, colorblind)


def _draw_backs(img: Image.Image, x: int, y: int, width: int, faces: Sequence[Card], dark: bool,
                colorblind: bool) -> None:
    """A Flip hand's inactive faces, overlapped to fit; "+n" when even that is not enough."""
    w = round(CARD_W * MINI)
    shown = list(faces)
    step = (width - w) / max(len(shown) - 1, 1)
    more = 0
    if step < 7:  # too many to tell apart: show what fits and count the rest
        fit = (width - w - 30) // 7 + 1
        more, shown = len(shown) - fit, shown[:fit]
        step = 7
    else:
        step = min(step, w + 3)
    for i, card in enumerate(shown):
        face = mini_face(card.face, colorblind, dark)
        img.paste(face, (round(x + i * step), y), face)
    if more:
        ImageDraw.Draw(img).text((x + width, y + 27), f"+{more}", font=font(16), fill=WHITE,
                                 anchor="rm")


@lru_cache(maxsize=8)
def name_plate(state: str, backs: bool) -> Image.Image:
    """A player's name plate, drawn at twice its size for smooth corners."""
    h = PLATE_H + (BACKS_H if backs else 0)
    big = Image.new("RGBA", (PLATE_W * 2, h * 2), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    fill, edge = {"turn": ((*HIGHLIGHT, 255), (255, 255, 255, 255)),
                  "active": ((0x14, 0x18, 0x1C, 200), (255, 255, 255, 90)),
                  "out": ((0x30, 0x30, 0x30, 150), (120, 120, 120, 120))}[state]
    draw.rounded_rectangle((0, 0, PLATE_W * 2 - 1, h * 2 - 1), 24, fill=fill, outline=edge,
                           width=6 if state == "turn" else 2)
    return big.reduce(2)


@lru_cache(maxsize=32)
def colour_ring(color: Color | None, direction: int, colorblind: bool) -> Image.Image:
    """The colour in play as a ring, the direction of play as two arrows round it."""
    r_ring, r_arrow, s = 112, 136, 2
    size = 2 * (r_arrow + 16)
    big = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * s / 2
    ring_fill = FILL[color] if color is not None else (120, 120, 120)
    for r, w, fill in ((r_ring + 2, 16, (0, 0, 0, 90)), (r_ring, 12, (*ring_fill, 255))):
        draw.ellipse((c - r * s, c - r * s, c + r * s, c + r * s), outline=fill, width=w * s)
    arrow = (255, 255, 255, 220)
    for start in (200, 20):
        draw.arc((c - r_arrow * s, c - r_arrow * s, c + r_arrow * s, c + r_arrow * s), start,
                 start + 120, fill=arrow, width=6 * s)
        end = start + 120 if direction == 1 else start
        t = math.radians(end)
        px, py = c + r_arrow * s * math.cos(t), c + r_arrow * s * math.sin(t)
        tx, ty = -math.sin(t) * direction, math.cos(t) * direction
        nx, ny = math.cos(t), math.sin(t)
        head = 16 * s
        draw.polygon([(px + tx * head, py + ty * head),
                      (px + nx * head * 0.8 - tx * 2, py + ny * head * 0.8 - ty * 2),
                      (px - nx * head * 0.8 - tx * 2, py - ny * head * 0.8 - ty * 2)], fill=arrow)
    if colorblind and color is not None:
        bx, by, br = c, c - r_ring * s, 15 * s
        draw.ellipse((bx - br, by - br, bx + br, by + br), fill=WHITE, outline=INK, width=2 * s)
        draw.text((bx, by), color.value, font=font(20 * s), fill=INK, anchor="mm")
    return big.reduce(s)


@lru_cache(maxsize=4)
def cloth(width: int, height: int, dark: bool) -> Image.Image:
    """The table cloth: flat felt with a lighter oval, darker on Flip's dark side."""
    base = DARK_FELT if dark else FELT
    img = Image.new("RGB", (width * 2, height * 2), base)
    lighter = (round(base[0] * 1.25), round(base[1] * 1.25), round(base[2] * 1.25))
    ImageDraw.Draw(img).ellipse((120, 120, width * 2 - 120, height * 2 - 120), fill=lighter)
    return img.reduce(2)


@lru_cache(maxsize=1)
def pile_back() -> Image.Image:
    return card_back()
