"""PNG pictures of a hand and of the table, built from the faces in `cards.py`.

These functions return bytes and know nothing of Discord: whoever sends a message attaches them.
Drawing takes milliseconds of CPU, which an event loop must not spend, so the bot draws through
`painter.Painter`, in worker processes; an unchanged picture comes from a small LRU cache. The
few shapes that need smooth curves (the colour ring, the arrows, the name plates) are drawn at
twice the size once and cached; a picture is then mostly pastes.
"""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import Card, Color, all_cards

from .cards import CARD_H, CARD_W, FILL, INK, WHITE, cached_face, card_back, font, is_dark
from .cards import warm_up as warm_faces
from .names import draw_name, fit_name
from .palette_store import stored_palette
from .png_cache import PngCache

RGB = tuple[int, int, int]
PER_ROW = 7  # cards per row in a hand, at most: 916 px, within a phone's 1,000 (issue 21)
MARGIN, GAP, ROW_GAP = 14, 8, 6
LABEL = 30  # room under a card for its number
HAND_BG: RGB = (0x2B, 0x2D, 0x31)
HIGHLIGHT: RGB = (0xFF, 0xC8, 0x2E)
FELT: RGB = (0x1F, 0x5C, 0x3A)
DARK_FELT: RGB = (0x2E, 0x1F, 0x3D)  # Flip's dark side
PNG_LEVEL = 1  # zlib level: on flat colour 1 is nearly as small as 9, and much faster


# ------------------------------------------------------------------------------ cache


_HANDS = PngCache(64)
_TABLES = PngCache(64)


def clear_caches(*, palette: bool = True) -> None:
    """Forget the finished pictures and the pieces they are made of (for benchmarks); tests that
    only need fresh pieces keep the palette (`palette=False`): it is the same every time and
    costs half a second of CPU to choose again."""
    _HANDS.clear()
    _TABLES.clear()
    _mini.cache_clear()
    _blank_hand.cache_clear()
    _face_tile.cache_clear()
    _label_tile.cache_clear()
    _table_middle.cache_clear()
    _dim_mask.cache_clear()
    if palette:
        _palette.cache_clear()
    _plate.cache_clear()
    _ring.cache_clear()
    _felt.cache_clear()


def warm_up(*, colorblind: bool = False) -> None:
    """Draw every face and table piece now (about half a second of CPU: call it from a thread at
    start-up), so the first pictures of a game cost what later ones do."""
    warm_faces(colorblind=colorblind)
    _dim_mask()
    _back()
    for state in ("turn", "active", "out"):
        _plate(state, False)
        _plate(state, True)
    _palette()


def _png(img: Image.Image) -> bytes:
    """The picture as a PNG of one byte a pixel, in the fixed palette of `_palette`: Pillow
    encodes one byte a pixel several times faster than three (it tries every row filter on
    RGB), at half the size, and mapping to a fixed palette costs a quarter of choosing a palette
    for each picture. Flat art loses nothing visible."""
    out = io.BytesIO()
    img.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """256 colours chosen once from pictures holding every face (both card sets, both Flip
    sides), the felts, plates, rings and labels (half a second, at warm-up; kept on disk for the
    next process: palette_store.py)."""
    faces = all_cards()
    samples = [_hand_picture(faces, colorblind) for colorblind in (False, True)]
    dark = next((c for c in faces if is_dark(c)), faces[0])
    seats = [("Ann", 7, True, True), ("Bob", 1, False, True), ("Cid", 12, False, False)]
    for top, color in ((faces[0], faces[0].color), (dark, dark.color)):
        for direction in (1, -1):
            samples.append(_table_picture(TableImage(
                top=top, color=None if color is None else color.value, direction=direction,
                players=seats), False))
    sheet = Image.new("RGB", (max(i.width for i in samples), sum(i.height for i in samples)))
    y = 0
    for sample in samples:
        sheet.paste(sample, (0, y))
        y += sample.height
    return stored_palette(sheet, lambda sheet: sheet.quantize(
        256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))


@lru_cache(maxsize=256)
def _mini(card: Card, colorblind: bool, dark: bool) -> Image.Image:
    """A face at MINI scale, for the inactive faces under a Flip player's name."""
    return cached_face(card, colorblind=colorblind, dark=dark).resize(
        (round(CARD_W * MINI), round(CARD_H * MINI)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=1)
def _dim_mask() -> Image.Image:
    """Where and how strongly a card that cannot be played is greyed: every face has the same
    outline, so one mask serves them all and no dimmed copies are kept."""
    return cached_face(Card.parse("R0")).getchannel("A").point(lambda a: a * 45 // 100)


# ------------------------------------------------------------------------------ hand


def hand_grid(count: int) -> tuple[int, int]:
    """(columns, rows) of a hand of `count` cards: at most PER_ROW a row, rows balanced."""
    rows = max(1, -(-count // PER_ROW))
    return max(1, -(-count // rows)), rows


def hand_size(count: int) -> tuple[int, int]:
    """The pixel size of `hand_image` for `count` different cards."""
    cols, rows = hand_grid(count)
    row_h = CARD_H + LABEL
    return (2 * MARGIN + cols * CARD_W + (cols - 1) * GAP,
            2 * MARGIN + rows * row_h + (rows - 1) * ROW_GAP)


def hand_groups(cards: Sequence[Card]) -> list[tuple[Card, int]]:
    """Each card once, in the order of its first copy, with how many are held: what the picture
    shows and the buttons offer (one button a card), numbered alike 1, 2, ... (issue 34)."""
    return list(Counter(cards).items())


def hand_image(cards: Sequence[Card], *, colorblind: bool = False) -> bytes:
    """A PNG of `cards` in rows: each card once, numbered 1, 2, ... in the order of its first
    copy as the hand's buttons are, its copies counted beside its number ("3 ×2"). It shows only
    what is held, not what is playable now (the buttons say that), so it is drawn again only
    when the cards change.

    It is pasted together from pieces already in the palette (`_pasted_hand`): mapping a pixel
    to the fixed palette depends on its colour alone, so a card's tile mapped once is the same
    bytes in every hand, and the picture is exactly the one `_hand_picture` draws, at a
    fraction of its cost (no drawing, no mapping of the whole picture)."""
    key = (tuple(cards), colorblind)
    png = _HANDS.get(key)
    if png is None:
        out = io.BytesIO()
        _pasted_hand(*key).save(out, "PNG", compress_level=PNG_LEVEL)
        png = out.getvalue()
        _HANDS.put(key, png)
    return png


def _pasted_hand(cards: tuple[Card, ...], colorblind: bool) -> Image.Image:
    """`_hand_picture` in the palette, from cached tiles: each card's face on the hand's
    background, and each number's label under it."""
    groups = hand_groups(cards)
    cols, _ = hand_grid(len(groups))
    img = _blank_hand(hand_size(len(groups))).copy()
    for i, (card, copies) in enumerate(groups):
        row, col = divmod(i, cols)
        x = MARGIN + col * (CARD_W + GAP)
        y = MARGIN + row * (CARD_H + LABEL + ROW_GAP)
        img.paste(_face_tile(card, colorblind), (x, y))
        img.paste(_label_tile(_label(i + 1, copies)), (x, y + CARD_H))
    return img


@lru_cache(maxsize=16)
def _blank_hand(size: tuple[int, int]) -> Image.Image:
    return _in_palette(Image.new("RGB", size, HAND_BG))


@lru_cache(maxsize=512)
def _face_tile(card: Card, colorblind: bool) -> Image.Image:
    tile = Image.new("RGB", (CARD_W, CARD_H), HAND_BG)
    face = cached_face(card, colorblind=colorblind)
    tile.paste(face, (0, 0), face)
    return _in_palette(tile)


@lru_cache(maxsize=256)
def _label_tile(label: str) -> Image.Image:
    """The label under a card, drawn where `_hand_picture` draws it (the card's left edge is
    at a whole pixel there too, so the label's pixels are the same)."""
    tile = Image.new("RGB", (CARD_W, LABEL), HAND_BG)
    _draw_label(ImageDraw.Draw(tile), 0, 0 - CARD_H, label)
    return _in_palette(tile)


def _in_palette(img: Image.Image) -> Image.Image:
    return img.quantize(palette=_palette(), dither=Image.Dither.NONE)


def _hand_picture(cards: tuple[Card, ...], colorblind: bool) -> Image.Image:
    groups = hand_groups(cards)
    width, height = hand_size(len(groups))
    cols, _ = hand_grid(len(groups))
    img = Image.new("RGB", (width, height), HAND_BG)
    draw = ImageDraw.Draw(img)
    for i, (card, copies) in enumerate(groups):
        row, col = divmod(i, cols)
        x = MARGIN + col * (CARD_W + GAP)
        y = MARGIN + row * (CARD_H + LABEL + ROW_GAP)
        face = cached_face(card, colorblind=colorblind)
        img.paste(face, (x, y), face)
        _draw_label(draw, x, y, _label(i + 1, copies))
    return img


def _label(number: int, copies: int) -> str:
    return f"{number} ×{copies}" if copies > 1 else str(number)


def _draw_label(draw: ImageDraw.ImageDraw, x: int, y: int, label: str) -> None:
    """The label (number, copies) of the card whose top left corner is at (x, y), under it."""
    number_font = font(18)
    cx, cy = x + CARD_W / 2, y + CARD_H + 4 + 12
    half = max(13, number_font.getlength(label) / 2 + 8)
    draw.rounded_rectangle((cx - half, cy - 12, cx + half, cy + 12), 12, fill=HIGHLIGHT)
    draw.text((cx, cy), label, font=number_font, fill=INK, anchor="mm")


# ------------------------------------------------------------------------------ table


@dataclass(frozen=True, slots=True)
class TableImage:
    """What the table picture shows: only public facts (hand sizes, never a hand's cards).

    `players` are (name, hand size, is it their turn, still in the game) by seat, clockwise from
    the top. For Flip, `draw_pile_inactive` is the draw pile's visible inactive face and
    `others_inactive` every hand's inactive faces by seat (PlayerView's fields of those names).
    Sequences are stored as tuples, so the value is hashable and keys the picture cache.
    """

    top: Card
    color: str | None
    direction: int
    players: Sequence[tuple[str, int, bool, bool]]
    draw_pile_inactive: Card | None = None
    others_inactive: Sequence[Sequence[Card]] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(tuple(p) for p in self.players))
        if self.others_inactive is not None:
            object.__setattr__(self, "others_inactive",
                               tuple(tuple(h) for h in self.others_inactive))


TABLE_W = 960
PLATE_W, PLATE_H, BACKS_H = 184, 64, 56
MINI = 0.3  # scale of the inactive faces under a Flip player's name


def table_size(view_data: TableImage) -> tuple[int, int]:
    """The pixel size of `table_image`: taller when the plates hold Flip's inactive faces."""
    return TABLE_W, 640 + (BACKS_H if _flip_backs(view_data) else 0)


def _flip_backs(view_data: TableImage) -> bool:
    return view_data.others_inactive is not None and any(view_data.others_inactive)


def table_image(view_data: TableImage, *, colorblind: bool = False) -> bytes:
    """A PNG of the table: the top card inside a ring of the colour in play, an arrow for the
    direction of play, the draw pile, and each player's plate (name, hand size; the player the
    table waits for lit up, players out of the game greyed)."""
    key = (view_data, colorblind)
    png = _TABLES.get(key)
    if png is None:
        pasted = _pasted_table(view_data, colorblind)
        if pasted is None:
            png = _png(_table_picture(view_data, colorblind))
        else:
            out = io.BytesIO()
            pasted.save(out, "PNG", compress_level=PNG_LEVEL)
            png = out.getvalue()
        _TABLES.put(key, png)
    return png


def _pasted_table(view: TableImage, colorblind: bool) -> Image.Image | None:
    """`_table_picture` in the palette: the cloth, ring and cards (the same for many moves)
    from a cache, each plate drawn on its patch of that cloth and mapped alone (a pixel's
    palette index depends on its colour alone, so the picture is the same). None when plates
    overlap (a patch would miss its neighbour's plate): then the whole picture is drawn."""
    middle, mapped = _table_middle(view.top, view.color, view.direction, colorblind,
                                   view.draw_pile_inactive, _flip_backs(view))
    places = _plate_places(view)
    boxes = [(x, y, x + PLATE_W, y + h) for x, y, h in places]
    if any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
           for i, a in enumerate(boxes) for b in boxes[i + 1:]):
        return None
    img = mapped.copy()
    dark = is_dark(view.top)
    backs = _flip_backs(view)
    for seat, (player, box) in enumerate(zip(view.players, boxes, strict=True)):
        patch = middle.crop(box)
        faces = view.others_inactive[seat] if backs and view.others_inactive else None
        _draw_plate(patch, 0, 0, player, faces, not dark, colorblind, backs)
        img.paste(_in_palette(patch), box[:2])
    return img


@lru_cache(maxsize=64)
def _table_middle(top: Card, color: str | None, direction: int, colorblind: bool,
                  pile_inactive: Card | None, backs: bool) -> tuple[Image.Image, Image.Image]:
    """The table without its plates, in RGB and in the palette."""
    view = TableImage(top=top, color=color, direction=direction, players=(),
                      draw_pile_inactive=pile_inactive,
                      others_inactive=((top,),) if backs else None)
    img = _table_middle_picture(view, colorblind)
    return img, _in_palette(img)


def _plate_places(view: TableImage) -> list[tuple[int, int, int]]:
    """(x, y, height) of each seat's plate, clockwise from the top."""
    width, height = table_size(view)
    cx, cy = width / 2, height / 2
    plate_h = PLATE_H + (BACKS_H if _flip_backs(view) else 0)
    n = len(view.players)
    rx, ry = cx - PLATE_W / 2 - 12, cy - plate_h / 2 - 12
    places = []
    for seat in range(n):
        angle = math.radians(-90 + 360 * seat / max(n, 1))
        places.append((round(cx + rx * math.cos(angle) - PLATE_W / 2),
                       round(cy + ry * math.sin(angle) - plate_h / 2), plate_h))
    return places


def _table_picture(view: TableImage, colorblind: bool) -> Image.Image:
    img = _table_middle_picture(view, colorblind)
    dark = is_dark(view.top)
    backs = _flip_backs(view)
    for seat, (player, (px, py, _)) in enumerate(zip(view.players, _plate_places(view),
                                                     strict=True)):
        faces = view.others_inactive[seat] if backs and view.others_inactive else None
        _draw_plate(img, px, py, player, faces, not dark, colorblind, backs)
    return img


def _table_middle_picture(view: TableImage, colorblind: bool) -> Image.Image:
    width, height = table_size(view)
    dark = is_dark(view.top)
    img = _felt(width, height, dark).copy()
    cx, cy = width / 2, height / 2
    top_x = round(cx + 70 - CARD_W / 2)
    top_y = round(cy - CARD_H / 2)
    color = Color(view.color) if view.color is not None else None
    ring = _ring(color, view.direction, colorblind)
    img.paste(ring, (round(cx + 70 - ring.width / 2), round(cy - ring.height / 2)), ring)
    face = cached_face(view.top, colorblind=colorblind)
    img.paste(face, (top_x, top_y), face)

    pile_x = round(cx - 150 - CARD_W / 2)
    pile: Image.Image | None
    if view.draw_pile_inactive is not None:
        pile = cached_face(view.draw_pile_inactive, colorblind=colorblind, dark=not dark)
    elif view.top.back is not None:
        pile = None  # two-sided cards (Flip) with an empty draw pile: no back to show
    else:
        pile = _back()
    if pile is not None:
        for offset in (6, 3, 0):  # a little stack, the lower cards shaded
            img.paste(pile, (pile_x + offset, top_y + offset), pile)
            if offset:
                img.paste(INK, (pile_x + offset, top_y + offset), _dim_mask())
    else:
        ImageDraw.Draw(img).rounded_rectangle((pile_x, top_y, pile_x + CARD_W, top_y + CARD_H),
                                              12, outline=(255, 255, 255), width=2)
    return img


def _draw_plate(img: Image.Image, x: int, y: int, player: tuple[str, int, bool, bool],
                faces: Sequence[Card] | None, faces_dark: bool, colorblind: bool,
                backs: bool) -> None:
    name, size, turn, active = player
    state = "turn" if turn else ("active" if active else "out")
    plate = _plate(state, backs)
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
        face = _mini(card.face, colorblind, dark)
        img.paste(face, (round(x + i * step), y), face)
    if more:
        ImageDraw.Draw(img).text((x + width, y + 27), f"+{more}", font=font(16), fill=WHITE,
                                 anchor="rm")


@lru_cache(maxsize=8)
def _plate(state: str, backs: bool) -> Image.Image:
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
def _ring(color: Color | None, direction: int, colorblind: bool) -> Image.Image:
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
def _felt(width: int, height: int, dark: bool) -> Image.Image:
    """The table cloth: flat felt with a lighter oval, darker on Flip's dark side."""
    base = DARK_FELT if dark else FELT
    img = Image.new("RGB", (width * 2, height * 2), base)
    lighter = (round(base[0] * 1.25), round(base[1] * 1.25), round(base[2] * 1.25))
    ImageDraw.Draw(img).ellipse((120, 120, width * 2 - 120, height * 2 - 120), fill=lighter)
    return img.reduce(2)


@lru_cache(maxsize=1)
def _back() -> Image.Image:
    return card_back()
