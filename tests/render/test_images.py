"""The card pictures (bot/render/cards.py, bot/render/images.py).

Every face of every deck is drawn and measured; colours are checked by hue, the colour-blind marks
by what is left once hue is gone; hands and tables are checked by size and by what changes when
their inputs change. A few pictures are pinned by hash per Pillow major version, since Pillow's
drawing may shift by a pixel between majors.
"""

from __future__ import annotations

import colorsys
import hashlib
import io
from collections import Counter
from pathlib import Path

import PIL
import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.engine.cards import (
    DARK_COLORS,
    LIGHT_COLORS,
    Color,
    FlipCard,
    all_cards,
    card,
    classic_deck,
    flip_card,
    flip_faces,
)
from bot.render import cards as faces
from bot.render import images, table_pieces
from bot.render.cards import CARD_H, CARD_W, FONT_BOLD, FONT_DIR, card_face
from bot.render.images import TableImage, hand_image, hand_size, table_image
from bot.render.palette_store import stored_palette
from bot.render.pictures import card_numbers

ROOT = Path(__file__).resolve().parents[2]

# Hue windows in degrees: what a player would call each colour.
HUES = {Color.RED: (0, 20), Color.YELLOW: (45, 65), Color.GREEN: (85, 140),
        Color.BLUE: (200, 235), Color.PINK: (310, 340), Color.TEAL: (165, 190),
        Color.ORANGE: (22, 40), Color.VIOLET: (265, 295)}


def _pixels(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    return img.convert("RGB")


def _rgb_triples(img: Image.Image) -> list[tuple[int, int, int]]:
    data = img.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def _hue_counts(img: Image.Image) -> Counter[int]:
    """How many opaque, clearly coloured pixels fall in each 10-degree hue bin."""
    alpha = img.getchannel("A").tobytes()
    counts: Counter[int] = Counter()
    for (r, g, b), a in zip(_rgb_triples(img), alpha, strict=True):
        h, s, v = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
        if a == 255 and s > 0.5 and v > 0.4:
            counts[int(h * 360)] += 1
    return counts


def _in(hue: int, window: tuple[int, int]) -> bool:
    return window[0] <= hue <= window[1]


def _flip_cards() -> list[FlipCard]:
    light, dark = flip_faces()
    pairs = list(dict.fromkeys(zip(light, dark, strict=True)))
    return [flip_card(lt, dk, dark_up=up) for lt, dk in pairs for up in (False, True)]


# ------------------------------------------------------------------------------ faces


def test_every_card_renders_at_card_size() -> None:
    for c in all_cards():
        for colorblind in (False, True):
            img = card_face(c, colorblind=colorblind)
            assert img.size == (CARD_W, CARD_H) == (120, 180), c
            assert img.mode == "RGBA"
            assert img.getpixel((0, 0))[3] == 0, "rounded corners are transparent"  # type: ignore[index]
            assert img.getpixel((CARD_W // 2, CARD_H // 2))[3] == 255  # type: ignore[index]
    assert card_face(card("W"), dark=True).size == (CARD_W, CARD_H)
    assert faces.card_back().size == (CARD_W, CARD_H)


def test_flip_cards_render_both_sides() -> None:
    for fc in _flip_cards():
        img = card_face(fc)
        assert img.size == (CARD_W, CARD_H)
        side = fc.dark if fc.dark_up else fc.light
        expected = card_face(side, dark=fc.dark_up) if side.is_wild else card_face(side)
        assert img.tobytes() == expected.tobytes(), fc.code
    # A Wild is on both sides of the deck: its dark face is drawn in the dark colours.
    light_w, dark_w = card_face(card("W")), card_face(card("W"), dark=True)
    assert light_w.tobytes() != dark_w.tobytes()
    assert {h // 10 for h in _hue_counts(dark_w)} & {17, 28}  # teal, violet
    assert {h // 10 for h in _hue_counts(light_w)} & {10, 21}  # green, blue


@pytest.mark.parametrize("color", [*LIGHT_COLORS, *DARK_COLORS], ids=str)
def test_a_coloured_card_is_mostly_its_colour(color: Color) -> None:
    ranks = ("5", "S", "R", "+2") if color in LIGHT_COLORS else ("5", "SA", "R", "+5", "F")
    for rank in ranks:
        counts = _hue_counts(card_face(card(color.value + rank)))
        total = sum(counts.values())
        inside = sum(n for hue, n in counts.items() if _in(hue, HUES[color]))
        assert total > 5000, f"{color}{rank}: too little colour"
        assert inside / total > 0.97, f"{color}{rank}: {counts.most_common(3)}"


@pytest.mark.parametrize("color", LIGHT_COLORS, ids=str)
def test_no_mercy_coloured_cards_are_mostly_their_colour(color: Color) -> None:
    """M-1's coloured Draw Four, Skip Everyone and Discard All, in the classic colours (a
    classic-coloured Skip Everyone is a light card, not Flip's dark one)."""
    for rank in ("+4", "SA", "DA"):
        counts = _hue_counts(card_face(card(color.value + rank)))
        total = sum(counts.values())
        inside = sum(n for hue, n in counts.items() if _in(hue, HUES[color]))
        assert total > 5000 and inside / total > 0.97, f"{color}{rank}"


def test_no_mercy_faces_differ() -> None:
    """Each new face (M-1) has its own picture, with and without the colour-blind marks."""
    codes = ["R+4", "RSA", "RDA", "WR+4", "W+6", "W+10", "WCR"]
    for colorblind in (False, True):
        faces = [card_face(card(c), colorblind=colorblind).tobytes() for c in codes]
        assert len(set(faces)) == len(codes)


def test_wild_cards_are_black_with_all_four_colours() -> None:
    for code in ("W", "W+4", "W+10", "W+2", "WDC", "WR+4", "W+6", "WCR"):
        img = card_face(card(code))
        dark_pixels = sum(1 for rgb in _rgb_triples(img) if max(rgb) < 50)
        assert dark_pixels > 5000, code
        counts = _hue_counts(img)
        quads = DARK_COLORS if code == "WDC" else LIGHT_COLORS
        for color in quads:
            assert sum(n for h, n in counts.items() if _in(h, HUES[color])) > 800, (code, color)


def test_colour_blind_mode_marks_each_colour_without_hue() -> None:
    for c in all_cards():
        if c.color is not None:
            assert card_face(c, colorblind=True).tobytes() != card_face(c).tobytes(), c
    for side in (LIGHT_COLORS, DARK_COLORS):
        # Where the plain face shows its flat colour, which pixels the colour-blind face changes:
        # the patterns of a side's four colours must differ well (the shapes are the same).
        marks = []
        for color in side:
            plain, marked = card_face(card(color.value + "5")), card_face(
                card(color.value + "5"), colorblind=True)
            fill = faces.FILL[color]
            marks.append([p == fill and m != fill for p, m in
                          zip(_rgb_triples(plain), _rgb_triples(marked), strict=True)])
        for i in range(4):
            assert sum(marks[i]) > 1500, f"{side[i]}: no visible pattern"
            for j in range(i + 1, 4):
                differ = sum(a != b for a, b in zip(marks[i], marks[j], strict=True))
                assert differ > 1500, (side[i], side[j])
        # And the letter in the corner differs in greyscale too.
        corners = [card_face(card(c.value + "5"), colorblind=True).convert("L")
                   .crop((CARD_W - 34, 8, CARD_W - 8, 34)).tobytes() for c in side]
        assert len(set(corners)) == 4


def test_faces_are_cached_and_copies_are_safe() -> None:
    a = card_face(card("R5"))
    a.paste((0, 0, 0, 255), (0, 0, CARD_W, CARD_H))
    assert card_face(card("R5")).tobytes() != a.tobytes()
    assert faces.cached_face(card("R5")) is faces.cached_face(card("R5"))


# ------------------------------------------------------------------------------ hands


@pytest.mark.parametrize(("count", "size"), [(1, (148, 238)), (25, (916, 886)),
                                              (60, (916, 1966))])
def test_hands_of_many_sizes(count: int, size: tuple[int, int]) -> None:
    deck = classic_deck()
    cards = (deck * 2)[7:7 + count]
    assert hand_size(count) == size
    assert _pixels(hand_image(cards)).size == hand_size(len(set(cards)))  # copies shown once


def test_every_card_is_numbered_and_the_picture_shows_only_what_is_held() -> None:
    """The picture depends on the cards held alone (what is playable now is on the buttons), so
    it is drawn again only when they change. Each card is shown once, numbered in the order of
    its first copy, its copies counted beside its number ("1 ×2"); its button wears the same
    number (issue 34: numbers 1, 2, 3 ... on both, whatever the copies)."""
    hand = [card(c) for c in ("R5", "G7", "W", "B+2", "R5", "YS")]
    assert card_numbers(hand) == {card("R5"): 1, card("G7"): 2, card("W"): 3, card("B+2"): 4,
                                  card("YS"): 5}
    img = _pixels(hand_image(hand))
    assert img.size == hand_size(5)

    def plate(index: int, dx: int) -> bool:  # the number plate's colour, dx from its middle
        x = images.MARGIN + index * (CARD_W + images.GAP) + CARD_W // 2 + dx
        pixel = img.getpixel((x, images.MARGIN + CARD_H + 16))
        assert isinstance(pixel, tuple)
        return max(abs(a - b) for a, b in zip(pixel, table_pieces.HIGHLIGHT, strict=True)) < 12

    for index in range(5):  # a number plate in the highlight colour under every card
        assert plate(index, -10) or plate(index, -14)
    assert plate(0, -26) and not plate(1, -26)  # "1 ×2" is a wider plate than "2"
    assert hand_image(hand) != hand_image(hand[:-1])
    assert hand_image(hand) != hand_image(hand[:-2])  # one Red 5 fewer: "1", not "1 ×2"


# ------------------------------------------------------------------------------ tables


def _players(names: list[str]) -> list[tuple[str, int, bool, bool]]:
    return [(name, 3 + i, i == 1, i != 2) for i, name in enumerate(names)]


def test_a_table_with_cyrillic_names_uses_the_shipped_font(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []
    real = ImageFont.truetype

    def spy(font: str, *args: object, **kwargs: object) -> ImageFont.FreeTypeFont:
        loaded.append(str(font))
        return real(font, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageFont, "truetype", spy)
    faces.font.cache_clear()
    images.clear_caches()
    try:
        names = ["Олександр", "Ґанна", "Фёдор", "Bob", "Їжак"]
        view = TableImage(top=card("B3"), color="B", direction=-1, players=_players(names))
        img = _pixels(table_image(view))
    finally:
        faces.font.cache_clear()
    assert img.size == images.table_size(view) == (960, 640)
    assert loaded and all(Path(p).parent == FONT_DIR for p in loaded)
    assert str(FONT_BOLD) in loaded
    assert faces.font(20).path == str(FONT_BOLD)
    assert (FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8").count("Bitstream") > 3
    # Real glyphs, not boxes: names differing in one Cyrillic letter give different pictures,
    # and a Cyrillic letter is not drawn like a character the font lacks.
    other = TableImage(top=card("B3"), color="B", direction=-1,
                       players=_players(["Олександп", *names[1:]]))
    assert _pixels(table_image(other)).tobytes() != img.tobytes()
    glyphs = []
    for text in ("Ж", "\ue000"):  # a private-use character: DejaVu has no glyph for it
        canvas = Image.new("L", (40, 40))
        ImageDraw.Draw(canvas).text((20, 20), text, font=faces.font(20), fill=255, anchor="mm")
        glyphs.append(canvas.tobytes())
    assert glyphs[0] != glyphs[1]


def test_table_inputs_change_the_picture() -> None:
    base = TableImage(top=card("R5"), color="R", direction=1,
                      players=_players(["Ann", "Bob", "Cy", "Di"]))
    pictures = {
        _pixels(table_image(v)).tobytes()
        for v in (base,
                  TableImage(card("R5"), "R", -1, base.players),
                  TableImage(card("R5"), None, 1, base.players),
                  TableImage(card("W"), "G", 1, base.players),
                  TableImage(card("R5"), "R", 1, _players(["Ann", "Bob", "Cy", "Dj"])))}
    assert len(pictures) == 5
    assert table_image(base, colorblind=True) != table_image(base)
    # The dataclass stores tuples, so equal inputs are equal keys.
    again = TableImage(card("R5"), "R", 1, [list(p) for p in base.players])  # type: ignore[misc]
    assert again == base and hash(again) == hash(base)


def test_flip_table_shows_the_inactive_faces() -> None:
    fcs = _flip_cards()[::2]
    hands = [fcs[0:7], fcs[7:9], fcs[9:30]]
    top = fcs[40].turned
    view = TableImage(top=top, color="T", direction=1,
                      players=[(n, len(h), i == 0, True) for i, (n, h)
                               in enumerate(zip(["Аня", "Bo", "Ці"], hands, strict=True))],
                      draw_pile_inactive=fcs[50].light,
                      others_inactive=[[c.light for c in h] for h in hands])
    img = _pixels(table_image(view))
    assert img.size == images.table_size(view) == (960, 640 + table_pieces.BACKS_H)
    without = TableImage(top=top, color="T", direction=1, players=view.players)
    assert _pixels(table_image(without)).size == (960, 640)


# ------------------------------------------------------------------------------ pinned pixels

# sha256 of the decoded RGB pixels, by Pillow major version. To update after a deliberate change
# of the drawing: run this test and copy the printed hashes.
PINNED: dict[str, dict[str, str]] = {
    "13": {
        "face-R7": "dcfa97144f009262d6184f330acc9cd96f92655bf5ecf91bbfccbfd0cbd60b60",
        "face-W+4": "a63bc78da82333c9a70210af108a692ab1c3130c76e5c30bb1785e647d4e07be",
        "face-T+5-colorblind": "752e259ff1d4627cb8e79c1d324b2e842dbc45a00a5545d19630858cf25fffa6",
        "hand": "0eaba67190ecaba82a5d478fe2182e9e67cfb4662cb414021d51c149f618cf70",
        "table": "0410d5d46cf4609b316772ccbfd9f40b8d11afb48b2cc66a13ee0e2be1a34226",
    },
}


def _pinned_pictures() -> dict[str, Image.Image]:
    hand = [card(c) for c in ("R5", "G+2", "W+4", "BS", "YR", "R0", "B9")]
    view = TableImage(top=card("G7"), color="G", direction=-1,
                      players=_players(["Олександр", "Bob", "Мария", "Dave", "Їжак"]))
    return {
        "face-R7": card_face(card("R7")),
        "face-W+4": card_face(card("W+4")),
        "face-T+5-colorblind": card_face(card("T+5"), colorblind=True),
        "hand": _pixels(hand_image(hand)),
        "table": _pixels(table_image(view, colorblind=True)),
    }


def test_pinned_pictures() -> None:
    got = {name: hashlib.sha256(img.convert("RGB").tobytes()).hexdigest()
           for name, img in _pinned_pictures().items()}
    major = PIL.__version__.split(".")[0]
    if major not in PINNED:
        pytest.skip(f"no pinned hashes for Pillow {major}: {got}")
    assert got == PINNED[major], f"Pillow {PIL.__version__}: {got}"


# ------------------------------------------------------------------------------ pasted pictures


@pytest.mark.parametrize("seed", range(6))
def test_pasted_pictures_are_the_drawn_ones(seed: int) -> None:
    """Hands and tables are pasted from pieces already in the palette (issue 29): the PNG is
    byte for byte the one the whole picture drawn and then mapped to the palette gives."""
    import random

    rng = random.Random(seed)
    deck = list(all_cards())
    flips = [c for c in deck if isinstance(c, FlipCard)]
    colorblind = seed % 2 == 1
    images.clear_caches(palette=False)  # fresh pieces; the palette is fixed (0.5 s to choose)
    for count in (1, 7, 8, 15, 23, 40):
        hand = tuple(rng.choice(deck) for _ in range(count))
        assert hand_image(hand, colorblind=colorblind) == images._png(
            images._hand_picture(hand, colorblind))
    names = ["Олександр", "Bob", "Мария", "Їжак", "A rather long name", "g12p3"]
    for seats in range(2, 11):
        top = rng.choice(deck)
        flip = isinstance(top, FlipCard)
        view = TableImage(
            top=top, color=None if top.color is None else top.color.value,
            direction=rng.choice((1, -1)),
            players=[(rng.choice(names), rng.randint(0, 25), seat == seats - 1,
                      rng.random() > 0.2) for seat in range(seats)],
            draw_pile_inactive=rng.choice(flips) if flip else None,
            others_inactive=[[rng.choice(flips) for _ in range(rng.randint(0, 9))]
                             for _ in range(seats)] if flip else None)
        images.clear_caches(palette=False)
        assert images._pasted_table(view, colorblind) is not None  # no plates overlap
        assert table_image(view, colorblind=colorblind) == images._png(
            images._table_picture(view, colorblind))


def test_a_stored_palette_maps_pictures_as_the_chosen_one(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The palette a process chose is read back by the next (bot/render/palette_store.py)
    instead of being chosen again, and maps a picture to the same bytes; another sheet (other
    art, other fonts) is chosen anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    hand = tuple(all_cards()[:12])
    sheet = images._hand_picture(hand, False)
    chosen: list[Image.Image] = []

    def choose(image: Image.Image) -> Image.Image:
        chosen.append(image)
        return image.quantize(64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)

    first = stored_palette(sheet, choose)
    again = stored_palette(sheet, choose)
    assert len(chosen) == 1 and list(tmp_path.glob("uno-bot/palette-*.rgb"))
    picture = images._hand_picture(hand[:5], True)

    def mapped(palette: Image.Image) -> bytes:
        return picture.quantize(palette=palette, dither=Image.Dither.NONE).tobytes()

    assert mapped(again) == mapped(first)
    stored_palette(images._hand_picture(hand[:3], False), choose)
    assert len(chosen) == 2
