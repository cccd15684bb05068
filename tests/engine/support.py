"""Helpers for engine tests: the golden files, stacked decks for replay files (classic and UNO
Flip), a random player, and the reload check."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.engine import Action, ActionType, Game, Rank, classic_deck, dump, load

GOLDEN = Path(__file__).resolve().parent / "golden"


def golden(name: str) -> dict[str, Any]:
    """The golden file `tests/engine/golden/<name>.json`."""
    with (GOLDEN / f"{name}.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def _deal_order(players: Sequence[str], dealer: str | None) -> list[str]:
    """The players in the order they are dealt to: from the dealer's left (the last player
    deals unless `dealer` is named)."""
    d = players.index(players[-1] if dealer is None else dealer)
    return [players[(d + 1 + i) % len(players)] for i in range(len(players))]


def _taker(remaining: Counter[str]) -> Callable[[str], str]:
    """`take(code)`: one more card of `code` out of `remaining`, refused when none is left."""
    def take(code: str) -> str:
        if remaining[code] <= 0:
            raise ValueError(f"the deck has no more {code}")
        remaining[code] -= 1
        return code
    return take


def stacked_deck(
    players: Sequence[str],
    hands: Mapping[str, Sequence[str]],
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
    order = _deal_order(players, dealer)
    remaining = Counter(c.code for c in classic_deck(draw_ten_blanks=draw_ten_blanks))
    take = _taker(remaining)

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


# ---------------------------------------------------------------- UNO Flip decks (F-1)

LIGHT_RANKS = [*"123456789", "+1", "R", "S", "F"]
DARK_RANKS = [*"123456789", "+5", "R", "SA", "F"]


def light_faces() -> list[str]:
    """F-1: per colour R Y G B two each of 1-9, +1, R, S, F; four W and four W+2 (112)."""
    out = [c + r for c in "RYGB" for r in LIGHT_RANKS for _ in range(2)]
    return out + ["W"] * 4 + ["W+2"] * 4


def dark_faces() -> list[str]:
    """F-1: per colour P T O V two each of 1-9, +5, R, SA, F; four W and four WDC (112)."""
    out = [c + r for c in "PTOV" for r in DARK_RANKS for _ in range(2)]
    return out + ["W"] * 4 + ["WDC"] * 4


assert len(light_faces()) == len(dark_faces()) == 112


def lt(card: str) -> str:
    return card.split("/")[0]


def dk(card: str) -> str:
    return card.split("/")[1]


def _remaining(used: Sequence[str]) -> tuple[list[str], list[str]]:
    """The light and dark faces not in `used`, each in the fixed order of light_faces()."""
    lights = Counter(light_faces())
    darks = Counter(dark_faces())
    for c in used:
        lights[lt(c)] -= 1
        darks[dk(c)] -= 1
        if lights[lt(c)] < 0 or darks[dk(c)] < 0:
            raise ValueError(f"the Flip deck has no more {c}")
    ls = [f for f in dict.fromkeys(light_faces()) for _ in range(lights[f])]
    ds = [f for f in dict.fromkeys(dark_faces()) for _ in range(darks[f])]
    return ls, ds


def pick(n: int, used: Sequence[str], dark_ok: Callable[[str], bool]) -> list[str]:
    """`n` cards not in `used` whose dark face passes `dark_ok` (fixed order; light faces taken
    from the end of the list, so that the number cards at its start stay for the hands)."""
    ls, ds = _remaining(used)
    ds = [d for d in ds if dark_ok(d)]
    assert len(ds) >= n and len(ls) >= n
    return [f"{lf}/{d}" for lf, d in zip(reversed(ls[-n:]), ds[:n], strict=True)]


def flip_deck(players: Sequence[str], hands: Mapping[str, Sequence[str]], start: str,
              then: Sequence[str] = (), after_flip: Sequence[str] = (),
              dealer: str | None = None) -> tuple[list[str], dict[str, list[str]]]:
    """A full Flip deck (top of the draw pile first) and the hands it deals.

    Hands shorter than 7 are filled from the rest of the deck (its light and dark faces paired in
    the fixed order of light_faces()/dark_faces()). `then` come right after the start card;
    `after_flip` are the last cards of the deck, reversed, so that they are drawn in that order
    once a Flip has turned the draw pile over.
    """
    order = _deal_order(players, dealer)
    explicit = [c for p in players for c in hands.get(p, ())] + [start, *then, *after_flip]
    ls, ds = _remaining(explicit)
    rest = iter([f"{lf}/{d}" for lf, d in zip(ls, ds, strict=True)])
    full = {p: list(hands.get(p, ())) for p in players}
    for p in players:
        assert len(full[p]) <= 7, p
        while len(full[p]) < 7:
            full[p].append(next(rest))
    deck = [full[p][r] for r in range(7) for p in order]
    deck += [start, *then, *rest, *reversed(after_flip)]
    assert len(deck) == 112
    assert Counter(map(lt, deck)) == Counter(light_faces())
    assert Counter(map(dk, deck)) == Counter(dark_faces())
    return deck, full


# ---------------------------------------------------------------- No Mercy decks (M-1)

def no_mercy_counts() -> Counter[str]:
    """M-1, counted from the rules text: per colour two of each 0-9, three Draw Two, two Draw
    Four, three Skip, two Skip Everyone, three Reverse, three Discard All; eight Wild Reverse
    Draw Four, four Wild Draw Six, four Wild Draw Ten, eight Wild Color Roulette (168)."""
    counts: Counter[str] = Counter()
    for color in "RYGB":
        for digit in "0123456789":
            counts[color + digit] = 2
        counts.update({color + "+2": 3, color + "+4": 2, color + "S": 3, color + "SA": 2,
                       color + "R": 3, color + "DA": 3})
    counts.update({"WR+4": 8, "W+6": 4, "W+10": 4, "WCR": 8})
    assert sum(counts.values()) == 168
    return counts


def no_mercy_stacked_deck(players: Sequence[str], hands: Mapping[str, Sequence[str]],
                          start: Sequence[str], then: Sequence[str] = (), *,
                          dealer: str | None = None) -> list[str]:
    """A full No Mercy deck (top of the draw pile first) that deals `hands` (hands shorter than
    7 are filled with number cards 1-9 across the colours in turn: R1 Y1 G1 B1 R2 ...), then
    turns up `start` (M-2.3: the last one a number card), then `then` in drawing order; the rest
    follows in a fixed order."""
    order = _deal_order(players, dealer)
    remaining = no_mercy_counts()
    take = _taker(remaining)

    fixed = {p: [take(c) for c in hands.get(p, ())] for p in players}
    starts = [take(c) for c in start]
    then_codes = [take(c) for c in then]
    numbers = [c + n for n in "123456789" for c in "RYGB"]
    for p in players:
        while len(fixed[p]) < 7:
            fixed[p].append(take(next(c for c in numbers if remaining[c] > 0)))
    deck = [fixed[p][r] for r in range(7) for p in order] + starts + then_codes
    for code in list(remaining):
        deck += [code] * remaining[code]
    assert Counter(deck) == no_mercy_counts()
    return deck


# ---------------------------------------------------------------- a random player

PENALTY_RANKS = (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.WILD_DRAW_TEN)


@dataclass(frozen=True)
class Habits:
    """How the players of `random_action` behave (the chances are per action)."""

    leave: float = 0.002  # someone leaves (only while more than two play)
    false_uno: float = 0.0  # someone calls UNO, due or not
    slap_timeouts: bool = False  # others' offered actions include the slap timeout
    take_penalty: float = 0.6  # the one a draw/challenge waits on answers it at once ...
    answer_either: bool = False  # ... by accepting (False), or accepting or challenging (True)
    forget_uno: float = 0.0  # a play that may call UNO does not


def random_action(game: Game, rng: random.Random, habits: Habits = Habits()) -> Action:
    """A random legal action, mixing in what players may do out of turn (jump-ins, UNO calls,
    catches, slaps, chat during silence, leaving). Random players mostly play when they can, so
    rounds end, and like people keep draw cards for last: two random players trading Draw Tens
    under H-13, or always stacking under H-4, could otherwise fill their hands for ever."""
    names = game.players
    active = [n for s, n in enumerate(names) if game.active[s]]
    if game.round_over:
        return Action(rng.choice(active), ActionType.NEXT_ROUND)
    roll = rng.random()
    if roll < habits.leave and len(active) > 2:
        return Action(rng.choice(active), ActionType.LEAVE)
    if roll < 0.03:
        return Action(rng.choice(active), ActionType.SPEAK)  # H-5: someone chats
    if habits.false_uno and roll < 0.03 + habits.false_uno:
        # M-16.5: a knocked-out No Mercy player may not call UNO at all.
        callers = [n for s, n in enumerate(names) if game.in_round[s]] if game.no_mercy else active
        return Action(rng.choice(callers), ActionType.UNO)
    if roll < 0.35:
        # Someone else acts if they may (jump-in, catch, UNO call, slap).
        offered = game.legal_actions(rng.choice(active))
        if not habits.slap_timeouts:
            offered = [a for a in offered if a.type is not ActionType.SLAP_TIMEOUT]
        if offered:
            return rng.choice(offered)
    waiting = game.waiting_for
    assert waiting is not None
    legal = game.legal_actions(names[waiting])
    assert legal, f"{names[waiting]} is waited for but has nothing to do"
    pending = game.pending
    if (pending is not None and pending.kind in ("draw", "challenge")
            and (habits.answer_either or game.slap is None)
            and rng.random() < habits.take_penalty):
        if habits.answer_either:
            return rng.choice([a for a in legal if a.type in (ActionType.ACCEPT,
                                                              ActionType.CHALLENGE)] or legal)
        return Action(names[waiting], ActionType.ACCEPT)
    plays = [a for a in legal if a.type is ActionType.PLAY]
    gentle = [a for a in plays if a.card is not None and a.card.rank not in PENALTY_RANKS]
    if gentle and rng.random() < 0.8:
        plays = gentle
    action = rng.choice(plays if plays and rng.random() < 0.9 else legal)
    if habits.forget_uno and action.uno and rng.random() < habits.forget_uno:
        action = replace(action, uno=False)  # forgets to call UNO: someone may catch them
    return action


def assert_reload_continues(game: Game) -> None:
    """A save at any point reloads (through JSON) to the same state, and the copy and the
    original give the same events for the next action and stay equal (random state included)."""
    copy = load(json.loads(json.dumps(dump(game))))
    assert dump(copy) == dump(game)
    if not game.round_over and game.waiting_for is not None:
        nxt = game.legal_actions(game.players[game.waiting_for])[0]
        assert copy.apply(nxt) == game.apply(nxt)
        assert dump(copy) == dump(game)
