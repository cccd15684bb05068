"""Card faces drawn from code with Pillow: no copied artwork, so nothing to license.

Every face is drawn at three times its size and scaled down, which is Pillow's only way to get
smooth curves and text, then cached: there are about 250 distinct faces (both Flip sides and No
Mercy's, with and without the colour-blind marks), so each is drawn at most once per process.

Text is set in the DejaVu Sans shipped in `fonts/` (Bitstream Vera licence, see
`fonts/LICENSE-DejaVu.txt`), never Pillow's built-in bitmap font, which has no Cyrillic. The
basic layout engine is used on purpose: names need no shaping, and it makes the pixels the same
with or without libraqm installed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.engine import Card, Color, Rank, Side, all_cards

FONT_DIR = Path(__file__).resolve().with_name("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

CARD_W, CARD_H = 120, 180
_S = 2  # supersampling factor

RGB = tuple[int, int, int]
# The same hues as the embeds' side colours (bot/render/text.py), so text and images agree.
FILL: dict[Color, RGB] = {
    Color.RED: (0xD7, 0x26, 0x00), Color.YELLOW: (0xEC, 0xD4, 0x07),
    Color.GREEN: (0x37, 0x97, 0x11), Color.BLUE: (0x09, 0x56, 0xBF),
    Color.PINK: (0xD6, 0x33, 0x8A), Color.TEAL: (0x1B, 0xA3, 0x9C),
    Color.ORANGE: (0xF0, 0x8A, 0x24), Color.VIOLET: (0x7D, 0x3C, 0x98),
}
WILD_FILL: RGB = (0x1E, 0x1E, 0x1E)
WHITE: RGB = (255, 255, 255)
INK: RGB = (0x14, 0x14, 0x14)
_LIGHT_QUADS = (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW)  # clockwise from the top
_DARK_QUADS = (Color.PINK, Color.TEAL, Color.VIOLET, Color.ORANGE)
_PLUS = {Rank.DRAW_ONE: "+1", Rank.DRAW_TWO: "+2", Rank.DRAW_FIVE: "+5",
         Rank.WILD_DRAW_TWO: "+2", Rank.WILD_DRAW_FOUR: "+4", Rank.WILD_DRAW_TEN: "+10",
         Rank.DRAW_FOUR: "+4", Rank.WILD_DRAW_SIX: "+6"}  # No Mercy's (M-1) too


@lru_cache(maxsize=32)
def font(size: int, *, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at `size` px (Cyrillic included)."""
    path = FONT_BOLD if bold else FONT_REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def is_dark(card: Card) -> bool:
    """Whether `card` shows a dark-side face (F-1), as the card says (`Card.side`). A plain Wild
    exists on both sides: outside a Flip card it counts as light unless the caller says
    otherwise; No Mercy's Skip Everyone is a light-coloured card (M-1)."""
    return card.side is Side.DARK


def card_face(card: Card, *, colorblind: bool = False, dark: bool | None = None) -> Image.Image:
    """The RGBA face of `card` (a Flip card's active face), CARD_W x CARD_H, transparent outside
    its rounded corners. `dark` overrides the side (only a plain Wild needs it). A copy, so the
    caller may draw on it; the drawing itself is cached."""
    return cached_face(card, colorblind=colorblind, dark=dark).copy()


def cached_face(card: Card, *, colorblind: bool = False, dark: bool | None = None) -> Image.Image:
    """`card_face` without the copy, for pictures that only paste it: the image is shared by
    every caller, so never draw on it."""
    return _face(card.face.code, is_dark(card) if dark is None else dark, colorblind)


def warm_up(*, colorblind: bool = False) -> None:
    """Draw every face now (about half a second of CPU: call it from a thread at start-up), so
    the first pictures of a game cost what later ones do."""
    for card in all_cards():
        cached_face(card, colorblind=colorblind)
    cached_face(Card.parse(Rank.WILD.value), colorblind=colorblind, dark=True)


def card_back() -> Image.Image:
    """The back of a classic card (the draw pile): a pattern, no logo."""
    return _back().copy()


def clear_cache() -> None:
    """Forget every drawn face (benchmarks measure a cold start with it)."""
    _face.cache_clear()
    _back.cache_clear()
    _texture.cache_clear()


# ------------------------------------------------------------------------------ drawing

Point = tuple[float, float]


def _ellipse(cx: float, cy: float, a: float, b: float, tilt: float, t0: float = 0,
             t1: float = 360, steps: int = 72) -> list[Point]:
    """Points of an ellipse (half-axes a across, b along) turned `tilt` degrees clockwise."""
    th = math.radians(tilt)
    cos, sin = math.cos(th), math.sin(th)
    points = []
    for i in range(steps + 1):
        t = math.radians(t0 + (t1 - t0) * i / steps)
        x, y = a * math.cos(t), b * math.sin(t)
        points.append((cx + x * cos - y * sin, cy + x * sin + y * cos))
    return points


def _four_colour_oval(draw: ImageDraw.ImageDraw, cx: float, cy: float, a: float, b: float,
                      tilt: float, quads: tuple[Color, ...]) -> None:
    """A Wild's oval, one quarter per colour, starting at the top and going clockwise."""
    for i, color in enumerate(quads):
        arc = _ellipse(cx, cy, a, b, tilt, 225 + 90 * i, 315 + 90 * i, 18)
        draw.polygon([(cx, cy), *arc], fill=FILL[color])


class _Pen:
    """Draws a glyph twice, as its dark outline (every stroke `grow` px wider) and then in its
    colour: the shape glyphs get the same black edge as the text ones."""

    def __init__(self, draw: ImageDraw.ImageDraw, fill: RGB, grow: float) -> None:
        self.draw, self.fill, self.grow = draw, fill, grow

    def line(self, points: list[Point], width: float) -> None:
        self.draw.line(points, fill=self.fill, width=round(width + 2 * self.grow), joint="curve")

    def ring(self, cx: float, cy: float, r: float, width: float) -> None:
        g = self.grow
        self.draw.ellipse((cx - r - g, cy - r - g, cx + r + g, cy + r + g), outline=self.fill,
                          width=round(width + 2 * g))

    def arc(self, cx: float, cy: float, r: float, start: float, end: float, width: float) -> None:
        g = self.grow
        lead = math.degrees(g / r)  # the outline also rounds off the arc's open end
        self.draw.arc((cx - r - g, cy - r - g, cx + r + g, cy + r + g), start - lead, end,
                      fill=self.fill, width=round(width + 2 * g))

    def polygon(self, points: list[Point]) -> None:
        self.draw.polygon(points, fill=self.fill)
        if self.grow:
            self.draw.line([*points, points[0]], fill=self.fill, width=round(2 * self.grow),
                           joint="curve")

    def rect(self, box: tuple[float, float, float, float], radius: float,
             fill: RGB | None = None) -> None:
        g = self.grow
        x0, y0, x1, y1 = box
        self.draw.rounded_rectangle((x0 - g, y0 - g, x1 + g, y1 + g), radius + g,
                                    fill=fill if fill is not None else self.fill)


def _arrow(pen: _Pen, x0: float, y0: float, x1: float, y1: float, width: float,
           head: float) -> None:
    """A straight arrow from (x0, y0) to (x1, y1) with a triangular head."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head
    pen.line([(x0, y0), (bx + ux * 2, by + uy * 2)], width)
    pen.polygon([(x1, y1), (bx - uy * head * 0.75, by + ux * head * 0.75),
                 (bx + uy * head * 0.75, by - ux * head * 0.75)])


def _arc_head(pen: _Pen, cx: float, cy: float, r: float, angle: float, size: float,
              clockwise: bool = True) -> None:
    """An arrowhead at `angle` degrees (screen coordinates) on a circle, along its tangent."""
    t = math.radians(angle)
    px, py = cx + r * math.cos(t), cy + r * math.sin(t)
    sign = 1 if clockwise else -1
    tx, ty = -math.sin(t) * sign, math.cos(t) * sign  # the direction of travel
    nx, ny = math.cos(t), math.sin(t)
    pen.polygon([(px + tx * size, py + ty * size), (px + nx * size * 0.8, py + ny * size * 0.8),
                 (px - nx * size * 0.8, py - ny * size * 0.8)])


def _text_glyph(text: str, underline: bool) -> Callable[[_Pen, float, float, float], None]:
    def draw(pen: _Pen, cx: float, cy: float, size: float) -> None:
        f = font(round(size))
        grow = round(pen.grow)
        x0, y0, x1, y1 = f.getbbox(text, anchor="ls")
        x, y = cx - (x0 + x1) / 2, cy - (y0 + y1) / 2
        pen.draw.text((x, y), text, font=f, anchor="ls", fill=pen.fill, stroke_width=grow,
                      stroke_fill=pen.fill)
        if underline:
            w = (x1 - x0) * 0.8
            pen.line([(cx - w / 2, cy + size * 0.45), (cx + w / 2, cy + size * 0.45)], size * 0.07)
    return draw


def _skip(pen: _Pen, cx: float, cy: float, size: float) -> None:
    r, w = size * 0.42, size * 0.12
    pen.ring(cx, cy, r, w)
    d = (r - w / 2) * 0.72
    pen.line([(cx - d, cy + d), (cx + d, cy - d)], w)


def _skip_everyone(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """A skip sign inside a loop that comes back round: everyone is skipped, you play again."""
    r, w = size * 0.46, size * 0.09
    pen.arc(cx, cy, r, -60, 240, w)
    _arc_head(pen, cx, cy, r, 240, size * 0.17)
    inner, iw = size * 0.24, size * 0.08
    pen.ring(cx, cy, inner, iw)
    d = (inner - iw / 2) * 0.72
    pen.line([(cx - d, cy + d), (cx + d, cy - d)], iw)


def _reverse(pen: _Pen, cx: float, cy: float, size: float) -> None:
    half, off, w, head = size * 0.36, size * 0.15, size * 0.12, size * 0.3
    k = math.sqrt(0.5)
    # Two arrows along the "/" diagonal, side by side and pointing opposite ways.
    _arrow(pen, cx - half * k - off * k, cy + half * k - off * k,
           cx + half * k - off * k, cy - half * k - off * k, w, head)
    _arrow(pen, cx + half * k + off * k, cy - half * k + off * k,
           cx - half * k + off * k, cy + half * k + off * k, w, head)


def _flip(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """A card with two arrows turning round it."""
    w, h = size * 0.36, size * 0.54
    pen.rect((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), size * 0.06)
    r, lw, head = size * 0.45, size * 0.08, size * 0.16
    for start in (195, 15):
        pen.arc(cx, cy, r, start, start + 95, lw)
        _arc_head(pen, cx, cy, r, start + 95, head)


def _wild_draw_color(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """A plus and a four-colour card: draw until that colour comes."""
    _text_glyph("+", False)(pen, cx - size * 0.3, cy, size * 0.9)
    w, h = size * 0.38, size * 0.56
    x0, y0 = cx + size * 0.02, cy - h / 2
    pen.rect((x0, y0, x0 + w, y0 + h), size * 0.05)
    if not pen.grow:
        for i, color in enumerate(_DARK_QUADS):
            qx, qy = x0 + (i % 2) * w / 2, y0 + (i // 2) * h / 2
            pen.draw.rectangle((qx + 1, qy + 1, qx + w / 2 - 1, qy + h / 2 - 1), fill=FILL[color])


def _discard_all(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """Three cards fanned out and falling: the whole colour goes at once (M-5.4)."""
    w, h, r = size * 0.34, size * 0.5, size * 0.05
    for i, dx in enumerate((-0.26, 0.0, 0.26)):
        x, y = cx + dx * size - w / 2, cy - h / 2 + (i - 1) * size * 0.1
        pen.rect((x, y, x + w, y + h), r)
        if not pen.grow:  # a dark edge between the cards, so three can be told apart
            pen.draw.rounded_rectangle((x, y, x + w, y + h), r, outline=INK, width=2)
    _arrow(pen, cx, cy + size * 0.28, cx, cy + size * 0.52, size * 0.08, size * 0.14)


def _wild_reverse_draw_four(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """The Reverse's two arrows over a +4 (M-7)."""
    _reverse(pen, cx, cy - size * 0.26, size * 0.62)
    _text_glyph("+4", False)(pen, cx, cy + size * 0.3, size * 0.5)


def _roulette(pen: _Pen, cx: float, cy: float, size: float) -> None:
    """A four-colour wheel with a pointer: its victim turns cards up until a colour (M-8)."""
    r = size * 0.4
    head = size * 0.16
    pen.polygon([(cx, cy - r + head * 0.4), (cx - head * 0.6, cy - r - head),
                 (cx + head * 0.6, cy - r - head)])
    if pen.grow:
        g = pen.grow
        pen.draw.ellipse((cx - r - g, cy - r - g, cx + r + g, cy + r + g), fill=pen.fill)
        return
    for i, color in enumerate(_LIGHT_QUADS):
        pen.draw.pieslice((cx - r, cy - r, cx + r, cy + r), -90 + 90 * i, 90 * i, fill=FILL[color])
    dot = size * 0.08
    pen.draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=WHITE, outline=INK, width=2)


def _wild_mark(dark: bool) -> Callable[[_Pen, float, float, float], None]:
    """A small four-colour oval: a Wild's corner mark."""
    def draw(pen: _Pen, cx: float, cy: float, size: float) -> None:
        a, b = size * 0.28, size * 0.48
        if pen.grow:
            pen.polygon(_ellipse(cx, cy, a, b, 25))
        else:
            _four_colour_oval(pen.draw, cx, cy, a, b, 25, _DARK_QUADS if dark else _LIGHT_QUADS)
    return draw


def _glyph(rank: Rank, dark: bool) -> tuple[Callable[[_Pen, float, float, float], None], float]:
    """How to draw `rank`'s symbol, and its width as a share of its height."""
    if rank.value.isdigit():
        return _text_glyph(rank.value, rank.value in "69"), 0.7
    if rank in _PLUS:
        text = _PLUS[rank]
        return _text_glyph(text, False), 0.62 * len(text)
    shapes = {Rank.SKIP: _skip, Rank.SKIP_EVERYONE: _skip_everyone, Rank.REVERSE: _reverse,
              Rank.FLIP: _flip, Rank.WILD_DRAW_COLOR: _wild_draw_color,
              Rank.DISCARD_ALL: _discard_all, Rank.WILD_REVERSE_DRAW_FOUR: _wild_reverse_draw_four,
              Rank.WILD_COLOR_ROULETTE: _roulette}
    if rank in shapes:
        return shapes[rank], 1.0
    return _wild_mark(dark), 0.7  # Rank.WILD


def _outlined(draw: ImageDraw.ImageDraw, rank: Rank, dark: bool, cx: float, cy: float,
              size: float, fill: RGB, edge: RGB, grow: float) -> None:
    glyph, _ = _glyph(rank, dark)
    glyph(_Pen(draw, edge, grow), cx, cy, size)
    glyph(_Pen(draw, fill, 0), cx, cy, size)


def _pattern(draw: ImageDraw.ImageDraw, color: Color, w: int, h: int) -> None:
    """A texture per colour, so colours differ by more than their hue (colour-blind mode)."""
    step, lw, ink = 11 * _S, 3 * _S, 255
    kind = {Color.RED: "/", Color.YELLOW: "dots", Color.GREEN: "x", Color.BLUE: "-",
            Color.PINK: "\\", Color.TEAL: "rings", Color.ORANGE: "|", Color.VIOLET: "+"}[color]
    if kind in ("/", "x"):
        for k in range(-h, w + h, step):
            draw.line([(k, h), (k + h, 0)], fill=ink, width=lw)
    if kind in ("\\", "x"):
        for k in range(-h, w + h, step):
            draw.line([(k, 0), (k + h, h)], fill=ink, width=lw)
    if kind in ("-", "+"):
        for y in range(step // 2, h, step):
            draw.line([(0, y), (w, y)], fill=ink, width=lw)
    if kind in ("|", "+"):
        for x in range(step // 2, w, step):
            draw.line([(x, 0), (x, h)], fill=ink, width=lw)
    if kind in ("dots", "rings"):
        r = 3 * _S
        for row, y in enumerate(range(step // 2, h, step)):
            for x in range(step // 2 + (row % 2) * step // 2, w, step):
                if kind == "dots":
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
                else:
                    draw.ellipse((x - r, y - r, x + r, y + r), outline=ink, width=_S)


def _shade(rgb: RGB, k: float) -> RGB:
    return (round(rgb[0] * k), round(rgb[1] * k), round(rgb[2] * k))


@lru_cache(maxsize=8)
def _texture(color: Color) -> Image.Image:
    """The colour-blind pattern of `color` as a mask covering a face's coloured area."""
    W, H, inset = CARD_W * _S, CARD_H * _S, 6 * _S
    texture = Image.new("L", (W, H), 0)
    _pattern(ImageDraw.Draw(texture), color, W, H)
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((inset, inset, W - 1 - inset, H - 1 - inset), 8 * _S,
                                           fill=255)
    return ImageChops.multiply(texture, mask)


@lru_cache(maxsize=512)  # every face of every deck, with and without colour-blind marks
def _face(code: str, dark: bool, colorblind: bool) -> Image.Image:
    card = Card.parse(code)
    W, H, s = CARD_W * _S, CARD_H * _S, _S
    color = card.color
    fill = FILL[color] if color is not None else WILD_FILL
    border = INK if dark else WHITE
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), 12 * s, fill=border)
    if dark:  # a thin light edge, so a dark card stands out on a dark table
        draw.rounded_rectangle((0, 0, W - 1, H - 1), 12 * s, outline=(90, 90, 90), width=s)
    inset = 6 * s
    inner = (inset, inset, W - 1 - inset, H - 1 - inset)
    draw.rounded_rectangle(inner, 8 * s, fill=fill)
    if colorblind and color is not None:
        img.paste(_shade(fill, 0.72), (0, 0), _texture(color))

    cx, cy, tilt = W / 2, H / 2, 28
    oval = _ellipse(cx, cy, 38 * s, 72 * s, tilt)
    if color is None:
        _four_colour_oval(draw, cx, cy, 38 * s, 72 * s, tilt, _DARK_QUADS if dark else _LIGHT_QUADS)
        draw.line([*oval, oval[0]], fill=border, width=2 * s)
        glyph_fill, edge = WHITE, INK
    else:
        draw.polygon(oval, fill=INK if dark else WHITE)
        glyph_fill, edge = fill, (WHITE if dark else INK)
    if card.rank is not Rank.WILD:
        size = 58 * s
        if card.rank is Rank.WILD_DRAW_TEN:
            size = 46 * s
        _outlined(draw, card.rank, dark, cx, cy, size, glyph_fill, edge, 2.5 * s)

    # One corner mark (and a colour letter) drawn once, then turned half round for the other.
    corner = Image.new("RGBA", (W, 48 * s), (0, 0, 0, 0))
    cdraw = ImageDraw.Draw(corner)
    size = 24 * s
    _, share = _glyph(card.rank, dark)
    _outlined(cdraw, card.rank, dark, inset + 6 * s + size * share / 2, inset + 7 * s + size / 2,
              size, WHITE, INK, 1.5 * s)
    if colorblind and color is not None:
        r, bx, by = 11 * s, W - inset - 14 * s, inset + 15 * s
        cdraw.ellipse((bx - r, by - r, bx + r, by + r), fill=WHITE, outline=INK, width=s + 1)
        f = font(16 * s)
        cdraw.text((bx, by), color.value, font=f, fill=INK, anchor="mm")
    img.alpha_composite(corner)
    img.alpha_composite(corner.transpose(Image.Transpose.ROTATE_180), (0, H - corner.height))
    return img.reduce(_S)


@lru_cache(maxsize=1)
def _back() -> Image.Image:
    W, H, s = CARD_W * _S, CARD_H * _S, _S
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), 12 * s, fill=WHITE)
    draw.rounded_rectangle((6 * s, 6 * s, W - 1 - 6 * s, H - 1 - 6 * s), 8 * s, fill=WILD_FILL)
    draw.polygon(_ellipse(W / 2, H / 2, 38 * s, 72 * s, 28), fill=FILL[Color.RED])
    _four_colour_oval(draw, W / 2, H / 2, 16 * s, 30 * s, 28, _LIGHT_QUADS)
    return img.reduce(_S)
