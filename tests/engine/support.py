"""Helpers for engine tests: stacked decks for replay files, and the reload check."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from bot.engine import Game, classic_deck, dump, load


def stacked_deck(
    players: Sequence[str],
    hands: dict[str, Sequence[str]],
    start: str,
    then: Sequence[str] = (),
    *,
    dealer: str | None = None,
    draw_ten_blanks: bool = False,
) -> list[str]:
    """A full deck (top of the draw pile first, as REPLAY.md's `deck`) that deals `hands`.

    Players missing from `hands`, and hands shorter than 7, are filled from the unused cards.
    `start` is the start card; `then` are the next cards of the draw pile, in drawing order.
    The rest of the deck follows in a fixed order, so the file stays deterministic.
    """
    dealer = players[-1] if dealer is None else dealer
    d = players.index(dealer)
    order = [players[(d + 1 + i) % len(players)] for i in range(len(players))]
    remaining = Counter(c.code for c in classic_deck(draw_ten_blanks=draw_ten_blanks))

    def take(code: str) -> str:
        if remaining[code] <= 0:
            raise ValueError(f"the deck has no more {code}")
        remaining[code] -= 1
        return code

    fixed = {p: [take(c) for c in hands.get(p, ())] for p in players}
    start_code = take(start)
    then_codes = [take(c) for c in then]
    filler = list(dict.fromkeys(x.code for x in classic_deck(draw_ten_blanks=draw_ten_blanks)))
    # Fill hands with number cards 1-9 taken across the colours in turn (R1 Y1 G1 B1 R2 ...), so
    # filled hands are predictable; tests that depend on a whole hand should give all 7 cards.
    numbers = sorted((c for c in filler if len(c) == 2 and c[1] in "123456789"),
                     key=lambda c: (c[1], "RYGB".index(c[0])))
    for p in players:
        while len(fixed[p]) < 7:
            code = next(c for c in numbers if remaining[c] > 0)
            fixed[p].append(take(code))
    deck = [fixed[p][r] for r in range(7) for p in order]
    deck.append(start_code)
    deck += then_codes
    for code in filler:
        while remaining[code] > 0:
            deck.append(take(code))
    return deck


def assert_reload_continues(game: Game) -> None:
    """A save at any point reloads (through JSON) to the same state, and the copy and the
    original give the same events for the next action and stay equal (random state included)."""
    copy = load(json.loads(json.dumps(dump(game))))
    assert dump(copy) == dump(game)
    if not game.round_over and game.waiting_for is not None:
        nxt = game.legal_actions(game.players[game.waiting_for])[0]
        assert copy.apply(nxt) == game.apply(nxt)
        assert dump(copy) == dump(game)
