"""The golden cases, one module per group of rule sections (docs/RULES.md, docs/REPLAY.md).

Each module lists its sections in `SECTIONS`: functions that record their cases with
tests/engine/golden_dsl.py. `build()` runs them all, in this order, and returns the cases by name.

Deck sizes: with the dealer last listed, 2 players leave 108 - 14 - 1 = 93 cards in the draw
pile, 3 players 86, 4 players 79 (with H-10's 112-card deck: 97, 90, 83; UNO Flip's 112 cards:
2 players 97, 3 players 90, 6 players 69, 10 players 41).

Readings followed where RULES.md leaves room (the titles of the files say which they rely on):
- H and N: a Wild Draw Four's pending kind is `challenge` even when stacking, bouncing or
  deflecting is also possible; `draw` by the victim of a pending draw/challenge accepts it;
  `draw` while an N-1 skip is pending is not_allowed_now; under H-12 `finished` does not list
  the last player left holding cards; a hand that comes down to one card by a 0/7 swap owes no
  UNO call; under H-3 a 7 with no target (when not the last card) is invalid_target.
- F-3: after a Wild Draw Two start card the player left of the dealer names the colour and then
  plays (as after a Wild start card, C-3), nobody draws.
- F-4: after a Flip the turn passes on as after a number card (the Flip itself skips nobody); the
  new top card's action is never carried out, whatever it is (Draw Five, a Flip, a wild draw).
- F-6: when the piles run out during a Wild Draw Colour draw, the victim still loses the turn.
- M (No Mercy): while a Roulette waits for its colour, `color` is null (as while a wild start
  card waits, C-3); a last WCR needs a colour like any last wild (M-16.6 over REPLAY.md's "ignored
  on WCR"); `must_play` is shown as `{"kind", "by", "card"}` and `min` follows `amount`; a penalty
  taker or Roulette victim gets `skipped` (as in C) unless knocked out; a colour named for a
  leaver is `color_chosen` with `reason: "left"` (C-10); the last active player's `round_won`
  carries `reason: "knockout"` also when the others left (M-14.2).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.engine.golden_dsl import CASES, Json

from . import (
    classic_c1_c4,
    classic_c5_c7,
    classic_c8_c10,
    cnuno,
    flip_f1_f3,
    flip_f4_f7,
    flip_f8_f9,
    house_h1_h3,
    house_h4_h6,
    house_h7_h9,
    house_h10_h11,
    house_h12_h14,
    nomercy_m1_m8,
    nomercy_m9_m16,
    presets,
    replay_errors,
)

MODULES = (
    classic_c1_c4, classic_c5_c7, classic_c8_c10, replay_errors,
    house_h1_h3, house_h4_h6, house_h7_h9, house_h10_h11, house_h12_h14, cnuno, presets,
    flip_f1_f3, flip_f4_f7, flip_f8_f9, nomercy_m1_m8, nomercy_m9_m16,
)
SECTIONS: tuple[Callable[[], None], ...] = tuple(s for m in MODULES for s in m.SECTIONS)


def build() -> dict[str, Json]:
    """Every golden case, by file name (without .json)."""
    CASES.clear()
    for section in SECTIONS:
        section()
    return dict(CASES)
