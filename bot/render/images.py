"""PNG pictures of a hand and of the table, built from the faces in `cards.py`.

These functions return bytes and know nothing of Discord: whoever sends a message attaches them.
Drawing takes milliseconds of CPU, which an event loop must not spend, so the bot draws through
`painter.Painter`, in worker processes; an unchanged picture comes from a small LRU cache. The
few shapes that need smooth curves (the colour ring, the arrows, the name plates) are drawn at
twice the size once and cached; a picture is then mostly pastes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine import Card, Color, all_cards

from .cards import CARD_H, CARD_W, INK, cached_face, font, is_dark
from .cards import warm_up as warm_faces
from .palette_store import stored_palette
from .png import palette_png
from .png_cache import PngCache
from .table_pieces import (
    BACKS_H,
    HIGHLIGHT,
    PLATE_H,
    PLATE_W,
    cloth,
    colour_ring,
    draw_plate,
    mini_face,
    name_plate,
    pile_back,
)

RGB = tuple[int, int, int]
PER_ROW = 7  # cards per row in a hand, at most: 916 px, within a phone's 1,000 (issue 21)
MARGIN, GAP, ROW_GAP = 14, 8, 6
LABEL = 30  # room under a card for its number
HAND_BG: RGB = (0x2B, 0x2D, 0x31)


# ------------------------------------------------------------------------------ cache


_HANDS = PngCache(64)
_TABLES = PngCache(64)


def clear_caches(*, palette: bool = True) -> None:
    """Forget the finished pictures and the pieces they are made of (for benchmarks); tests that
    only need fresh pieces keep the palette (`palette=False`): it is the same every time and
    costs half a second of CPU to choose again."""
    _HANDS.clear()
    _TABLES.clear()
    mini_face.cache_clear()
    _blank_hand.cache_clear()
    _face_tile.cache_clear()
    _label_tile.cache_clear()
    _middle_mapped.cache_clear()
    _felt_in_palette.cache_clear()
    _plate_tile.cache_clear()
    _ring_on_cloth.cache_clear()
    _pile_on_cloth.cache_clear()
    _dim_mask.cache_clear()
    if palette:
        _palette.cache_clear()
    name_plate.cache_clear()
    colour_ring.cache_clear()
    cloth.cache_clear()


def warm_up(*, colorblind: bool = False) -> None:
    """Draw every face and table piece now (about half a second of CPU: call it from a thread at
    start-up), so the first pictures of a game cost what later ones do."""
    warm_faces(colorblind=colorblind)
    _dim_mask()
    pile_back()
    for state in ("turn", "active", "out"):
        name_plate(state, False)
        name_plate(state, True)
    _palette()


def _png(img: Image.Image) -> bytes:
    """The picture as a PNG of one byte a pixel, in the fixed palette of `_palette`: one byte a
    pixel is written several times faster than three (Pillow tried every row filter on RGB), at
    half the size, and mapping to a fixed palette costs a quarter of choosing a palette for each
    picture. Flat art loses nothing visible. The file is written by `png.py`."""
    return palette_png(img.quantize(palette=_palette(), dither=Image.Dither.NONE))


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
        png = palette_png(_pasted_hand(*key))
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
        png = _png(_table_picture(view_data, colorblind)) if pasted is None else palette_png(
            pasted)
        _TABLES.put(key, png)
    return png


def _pasted_table(view: TableImage, colorblind: bool) -> Image.Image | None:
    """`_table_picture` in the palette, pasted from pieces mapped once (a pixel's palette
    index depends on its colour alone, so the picture is the same): the cloth, the middle
    (ring, top card, pile: the same for many moves) and each plate on its patch of cloth (a
    move changes one or two plates: the others are pasted as they were). None when plates
    overlap (a patch would miss its neighbour's plate): then the whole picture is drawn."""
    backs = _flip_backs(view)
    boxes = [(x, y, x + PLATE_W, y + h) for x, y, h in _plate_places(view)]
    if any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
        return None
    drawn, middle = _middle_mapped(view.top, view.color, view.direction, colorblind,
                                   view.draw_pile_inactive, backs)
    dark, size = is_dark(view.top), table_size(view)
    img = _felt_in_palette(*size, dark).copy()
    img.paste(middle, drawn[:2])
    for seat, (player, box) in enumerate(zip(view.players, boxes, strict=True)):
        faces = view.others_inactive[seat] if backs and view.others_inactive else None
        if _overlap(box, drawn):  # on the ring or the cards (a rare layout): drawn on them
            patch = cloth(*size, dark).copy()
            patch.paste(_middle_region(view, colorblind, drawn), drawn[:2])
            patch = patch.crop(box)
            draw_plate(patch, 0, 0, player, faces, not dark, colorblind, backs)
            tile = _in_palette(patch)
        else:
            tile = _plate_tile(box, size, dark, player, tuple(faces) if faces else None,
                               colorblind, backs)
        img.paste(tile, box[:2])
    return img


Box = tuple[int, int, int, int]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=512)
def _plate_tile(box: Box, size: tuple[int, int], dark: bool,
                player: tuple[str, int, bool, bool], faces: tuple[Card, ...] | None,
                colorblind: bool, backs: bool) -> Image.Image:
    """A plate drawn on the bare cloth at `box`, in the palette."""
    patch = cloth(*size, dark).crop(box)
    draw_plate(patch, 0, 0, player, faces, not dark, colorblind, backs)
    return _in_palette(patch)


@lru_cache(maxsize=128)
def _middle_mapped(top: Card, color: str | None, direction: int, colorblind: bool,
                   pile_inactive: Card | None, backs: bool) -> tuple[Box, Image.Image]:
    """The box of what `_table_middle_picture` draws on the cloth (the ring, the top card,
    the pile), and that box of it in the palette (a small tile, kept for many tables)."""
    view = TableImage(top=top, color=color, direction=direction, players=(),
                      draw_pile_inactive=pile_inactive,
                      others_inactive=((top,),) if backs else None)
    drawn = _middle_box(view, colorblind)
    return drawn, _in_palette(_middle_region(view, colorblind, drawn))


@lru_cache(maxsize=4)
def _felt_in_palette(width: int, height: int, dark: bool) -> Image.Image:
    return _in_palette(cloth(width, height, dark))


def _middle_region(view: TableImage, colorblind: bool, drawn: Box) -> Image.Image:
    """The box `drawn` of `_table_middle_picture`, from tiles drawn once: the ring on the
    cloth and the pile on the cloth (each blended where nothing else is drawn yet, so the
    pixels are the same); the top card alone is blended anew."""
    size, dark = table_size(view), is_dark(view.top)
    ring_box, top_box, pile_box = _middle_places(view, colorblind)
    if _overlap(pile_box, ring_box) or _overlap(pile_box, top_box):  # the pile covers the ring
        return _table_middle_picture(view, colorblind).crop(drawn)
    x, y = drawn[:2]
    img = cloth(*size, dark).crop(drawn)
    color = Color(view.color) if view.color is not None else None
    img.paste(_ring_on_cloth(color, view.direction, colorblind, dark, size, ring_box),
              (ring_box[0] - x, ring_box[1] - y))
    face = cached_face(view.top, colorblind=colorblind)
    img.paste(face, (top_box[0] - x, top_box[1] - y), face)
    img.paste(_pile_on_cloth(view.draw_pile_inactive, view.top.back is not None, colorblind,
                             dark, size, pile_box), (pile_box[0] - x, pile_box[1] - y))
    return img


@lru_cache(maxsize=64)
def _ring_on_cloth(color: Color | None, direction: int, colorblind: bool, dark: bool,
                   size: tuple[int, int], box: Box) -> Image.Image:
    ring = colour_ring(color, direction, colorblind)
    tile = cloth(*size, dark).crop(box)
    tile.paste(ring, (0, 0), ring)
    return tile


@lru_cache(maxsize=128)
def _pile_on_cloth(inactive: Card | None, two_sided: bool, colorblind: bool, dark: bool,
                   size: tuple[int, int], box: Box) -> Image.Image:
    """The draw pile as `_table_middle_picture` draws it (a stack of three: the inactive face
    of Flip's pile, or the back; an outline for Flip's empty pile), on the cloth of `box`."""
    tile = cloth(*size, dark).crop(box)
    pile = (cached_face(inactive, colorblind=colorblind, dark=not dark) if inactive is not None
            else None if two_sided else pile_back())
    if pile is not None:
        for offset in (6, 3, 0):
            tile.paste(pile, (offset, offset), pile)
            if offset:
                tile.paste(INK, (offset, offset), _dim_mask())
    else:
        ImageDraw.Draw(tile).rounded_rectangle((0, 0, CARD_W, CARD_H), 12,
                                               outline=(255, 255, 255), width=2)
    return tile


def _middle_places(view: TableImage, colorblind: bool) -> tuple[Box, Box, Box]:
    """Where `_table_middle_picture` draws the ring, the top card and the pile (its stack of
    three, or its outline)."""
    width, height = table_size(view)
    cx, cy = width / 2, height / 2
    ring = colour_ring(Color(view.color) if view.color is not None else None, view.direction,
                 colorblind)
    ring_x, ring_y = round(cx + 70 - ring.width / 2), round(cy - ring.height / 2)
    top_x, top_y = round(cx + 70 - CARD_W / 2), round(cy - CARD_H / 2)
    pile_x = round(cx - 150 - CARD_W / 2)
    return ((ring_x, ring_y, ring_x + ring.width, ring_y + ring.height),
            (top_x, top_y, top_x + CARD_W, top_y + CARD_H),
            (pile_x, top_y, pile_x + 6 + CARD_W + 1, top_y + 6 + CARD_H + 1))


def _middle_box(view: TableImage, colorblind: bool) -> Box:
    """The box `_table_middle_picture` draws in: the ring round the top card, the top card,
    and the pile."""
    width, height = table_size(view)
    boxes = _middle_places(view, colorblind)
    return (max(0, min(b[0] for b in boxes)), max(0, min(b[1] for b in boxes)),
            min(width, max(b[2] for b in boxes)), min(height, max(b[3] for b in boxes)))


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
        draw_plate(img, px, py, player, faces, not dark, colorblind, backs)
    return img


def _table_middle_picture(view: TableImage, colorblind: bool) -> Image.Image:
    width, height = table_size(view)
    dark = is_dark(view.top)
    img = cloth(width, height, dark).copy()
    cx, cy = width / 2, height / 2
    top_x = round(cx + 70 - CARD_W / 2)
    top_y = round(cy - CARD_H / 2)
    color = Color(view.color) if view.color is not None else None
    ring = colour_ring(color, view.direction, colorblind)
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
        pile = pile_back()
    if pile is not None:
        for offset in (6, 3, 0):  # a little stack, the lower cards shaded
            img.paste(pile, (pile_x + offset, top_y + offset), pile)
            if offset:
                img.paste(INK, (pile_x + offset, top_y + offset), _dim_mask())
    else:
        ImageDraw.Draw(img).rounded_rectangle((pile_x, top_y, pile_x + CARD_W, top_y + CARD_H),
                                              12, outline=(255, 255, 255), width=2)
    return img
