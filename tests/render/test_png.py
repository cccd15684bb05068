"""bot/render/png.py: the files it writes are the pictures, pixel for pixel, as Pillow reads
them (issue 29: the hand and table pictures are compressed by zlib-ng, not by Pillow)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine import Card, all_cards
from bot.render import images
from bot.render.cards import is_dark
from bot.render.images import TableImage
from bot.render.png import SIGNATURE, palette_png


def _read(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()  # Pillow checks every chunk's CRC and the pixel data's checksum as it reads
    return img


def _same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def _mapped(drawn: Image.Image) -> Image.Image:
    """A picture drawn whole, mapped to the bot's palette: what every picture is sent as."""
    return drawn.quantize(palette=images._palette(), dither=Image.Dither.NONE)


SEATS = [("Ann", 5, True, True), ("Bob", 1, False, True), ("Cid", 12, False, False)]


def _table(top: Card, seats: list[tuple[str, int, bool, bool]] = SEATS) -> TableImage:
    return TableImage(top=top, color=top.color.value if top.color else None, direction=-1,
                      players=seats)


@pytest.mark.parametrize("cards", [all_cards()[:1], all_cards()[:8], all_cards()[::9]])
def test_a_hand_picture_is_its_pasted_picture(cards: list[Card]) -> None:
    png = images.hand_image(cards)
    assert png.startswith(SIGNATURE)
    assert _same_pixels(_read(png), images._pasted_hand(tuple(cards), False))
    assert _same_pixels(_read(png), _mapped(images._hand_picture(tuple(cards), False)))


def test_a_table_picture_is_its_pasted_picture() -> None:
    view = _table(all_cards()[3])
    drawn = _mapped(images._table_picture(view, False))
    assert _same_pixels(_read(images.table_image(view)), drawn)


def test_a_picture_drawn_whole_is_written_mapped_to_the_palette() -> None:
    """Where plates would overlap, the table is drawn whole and mapped to the palette
    (`images._png`): that file too is the mapped picture."""
    drawn = images._table_picture(_table(all_cards()[0]), False)
    read = _read(images._png(drawn))
    assert read.mode == "P"
    assert _same_pixels(read, _mapped(drawn))


def test_a_flip_table_with_its_players_inactive_faces_is_its_picture() -> None:
    """UNO Flip's plates show each hand's other sides: a taller picture, pasted likewise."""
    dark = next(card for card in all_cards() if is_dark(card))
    light = all_cards()[5]
    view = TableImage(top=light, color=light.color.value if light.color else None,
                      direction=1, players=SEATS, draw_pile_inactive=dark,
                      others_inactive=[[dark], [], [dark, dark]])
    read = _read(images.table_image(view))
    assert read.size == images.table_size(view) != (images.TABLE_W, 640)
    assert _same_pixels(read, _mapped(images._table_picture(view, False)))


def test_only_a_palette_picture_without_transparency_is_written() -> None:
    with pytest.raises(ValueError):
        palette_png(Image.new("RGB", (4, 4)))
    see_through = Image.new("P", (4, 4))
    see_through.info["transparency"] = 0
    with pytest.raises(ValueError):
        palette_png(see_through)


def test_every_palette_index_and_a_row_of_one_pixel_survive() -> None:
    """The filter byte of each row is written from a column of zeros: the last index (255)
    and a picture one pixel wide prove no row is shifted or cut."""
    img = Image.new("P", (1, 256))
    img.putpalette([v for i in range(256) for v in (i, 255 - i, i // 2)])
    img.putdata(list(range(256)))
    read = _read(palette_png(img))
    assert list(read.getdata()) == list(range(256))
    assert read.getpalette() == img.getpalette()
