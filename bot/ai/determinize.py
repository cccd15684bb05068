"""Imagined tables for the hard player: every hidden card dealt at random, consistently with
what the seat has seen (its hand, the known discards, each hand's size, and in Flip the backs
of the others' cards and of the top of the draw pile, F-2).

The imagined table is a new `Game` built through the engine's own API (`arranged`: a fresh game
of the same players and rules with its table replaced by the imagined one), so it follows every
rule of the real one without this module knowing the engine's insides or its save format. It
is the player's own sample, never the real game: only the `Observation` goes in.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from bot.engine import (
    Card,
    Color,
    Game,
    Pending,
    PendingKind,
    Rank,
    RuleSet,
    Side,
    Silence,
    Slap,
    arranged,
    flip_card,
    variant_of,
)

from .memory import Memory, deck_faces, unseen_faces
from .observation import Observation


class Inconsistent(ValueError):
    """What the seat knows cannot be dealt (a partial log); the caller falls back."""


@lru_cache(maxsize=64)
def _template(players: tuple[str, ...], rules: RuleSet) -> Game:
    """A game of these players and rules, never changed: `arranged` copies it."""
    game, _ = Game.start(players, rules, seed=0)
    return game


def imagine(obs: Observation, memory: Memory, rng: random.Random) -> Game:
    """One table consistent with `obs`: the others' hands and the draw pile dealt at random."""
    n = len(obs.players)
    me = obs.seat
    sizes = obs.hand_sizes
    two_sided = len(variant_of(obs.rules.preset).sides) > 1  # F-2: the others' backs are seen
    others = [s for s in range(n) if s != me]
    need = sum(sizes[s] for s in others) + obs.draw_pile
    pool = unseen_faces(obs, memory)
    if len(pool) < need:
        raise Inconsistent("fewer unseen cards than hidden places")
    rng.shuffle(pool)
    if not two_sided:  # two-sided hands are dealt by their backs, which the lacks ignore
        pool = _respect_lacks(obs, memory, pool, need)
    hidden, extra = pool[:need], pool[need:]  # extra: discards the log no longer shows
    if two_sided:
        hands, draw_pile, extra_cards = _deal_flip(obs, memory, hidden, extra, rng)
    else:
        hands = {s: hidden[sum(sizes[o] for o in others[:i]):][:sizes[s]]
                 for i, s in enumerate(others)}
        draw_pile = hidden[need - obs.draw_pile:]
        extra_cards = extra
    hands[me] = list(obs.hand)
    discard = list(memory.discard) if memory.discard and memory.discard[-1] is obs.top else [
        obs.top]
    discard = extra_cards + discard
    return arranged(_template(obs.players, obs.rules),
                    **_table(obs, memory, hands, draw_pile, discard, rng))


def _respect_lacks(obs: Observation, memory: Memory, pool: list[Card], need: int
                   ) -> list[Card]:
    """Reorder the shuffled pool so that a player who drew on their turn while a colour was
    up gets neither that colour nor a wild (they would have played it), where the pool allows.
    The others' hands are dealt from the front of the pool in seat order (see `imagine`)."""
    if not memory.lacks:
        return pool
    sizes = obs.hand_sizes
    front: list[Card] = []
    rest = list(pool)
    for s in range(len(obs.players)):
        if s == obs.seat:
            continue
        color = memory.lacks.get(obs.players[s])
        take = sizes[s]
        if color is None:
            picked, rest = rest[:take], rest[take:]
        else:
            fits = [i for i, c in enumerate(rest) if c.color is not None and c.color.value != color]
            chosen = set(fits[:take])
            if len(chosen) < take:  # the pool cannot honour it: deal as it comes
                chosen |= set(i for i in range(len(rest)) if i not in chosen)
                chosen = set(sorted(chosen)[:take]) if len(chosen) > take else chosen
            picked = [rest[i] for i in sorted(chosen)][:take]
            rest = [c for i, c in enumerate(rest) if i not in chosen]
        front += picked
    return front + rest


def _deal_flip(obs: Observation, memory: Memory, hidden: list[Card], extra: list[Card],
               rng: random.Random) -> tuple[dict[int, list[Card]], list[Card], list[Card]]:
    """F-2: the others' backs and the draw pile's top back are known; pair the rest at random."""
    backs = Counter(deck_faces(obs, Side.LIGHT if obs.side is Side.DARK else Side.DARK))
    for card in (*obs.hand, *memory.discard, obs.top):
        back = card.back
        if back is not None and backs[back] > 0:
            backs[back] -= 1
    if memory.discard and memory.discard[-1] is obs.top and obs.top.back is not None:
        backs[obs.top.back] += 1
    known_backs = [b for hand in obs.others_inactive for b in hand]
    if obs.draw_pile_inactive is not None:
        known_backs.append(obs.draw_pile_inactive)
    for back in known_backs:
        if backs[back] <= 0:
            raise Inconsistent("a back face seen more often than the deck holds it")
        backs[back] -= 1
    free_backs = list(backs.elements())
    rng.shuffle(free_backs)
    dark = obs.side is Side.DARK

    def pair(face: Card, back: Card) -> Card:
        card = flip_card(back, face) if dark else flip_card(face, back)
        return card.turned if dark else card  # with the table's side up

    faces = iter(hidden)
    hands: dict[int, list[Card]] = {}
    for s, hand_backs in enumerate(obs.others_inactive):
        if s != obs.seat:
            hands[s] = [pair(next(faces), back) for back in hand_backs]
    pile_faces = list(faces)
    unknown = len(pile_faces) - (obs.draw_pile_inactive is not None)
    pile_backs = free_backs[:max(0, unknown)]
    if obs.draw_pile_inactive is not None:
        pile_backs.append(obs.draw_pile_inactive)  # the top of the pile: the end of the list
    if len(pile_backs) != len(pile_faces):
        raise Inconsistent("the draw pile cannot be paired")
    draw_pile = [pair(f, b) for f, b in zip(pile_faces, pile_backs, strict=True)]
    rest = free_backs[max(0, unknown):]
    extra_cards = [pair(f, b) for f, b in zip(extra, rest, strict=False)]
    return hands, draw_pile, extra_cards


def _turn_seat(obs: Observation, memory: Memory) -> int | None:
    pending = obs.pending
    if pending is None or pending.kind is PendingKind.SLAP:
        return obs.seat_of(obs.turn) if obs.turn is not None else None
    by = obs.seat_of(pending.by)
    if pending.kind in (PendingKind.CHALLENGE, PendingKind.DRAW, PendingKind.SKIP):
        return obs.seat_of(pending.victim) if pending.victim is not None else by
    if pending.kind is PendingKind.COLOR and not memory.played_this_round:
        return by  # C-3.3: a wild start card; its colour is named by the first player
    return obs.next_seat(by)  # F-4's colour or H-6's swap: the turn has passed on already


def _table(obs: Observation, memory: Memory, hands: dict[int, list[Card]],
           draw_pile: list[Card], discard: list[Card], rng: random.Random) -> dict[str, Any]:
    """The imagined table's fields, for `arranged` (the others are the template's)."""
    n = len(obs.players)
    seat = obs.seat_of
    pending = obs.pending
    went_out = [seat(p) for p in memory.went_out if p in obs.players]
    in_round = [obs.active[s] and s not in went_out for s in range(n)]
    table: dict[str, Any] = dict(
        scores=list(obs.scores), round=obs.round, dealer=seat(obs.dealer),
        active=list(obs.active), version=0, in_round=in_round,
        hands=[list(hands[s]) for s in range(n)], draw_pile=draw_pile, discard=discard,
        color=_color(obs.color), direction=obs.direction, turn=_turn_seat(obs, memory),
        pending=None, drawn=obs.drawn,
        uno_owed=seat(obs.uno_owed) if obs.uno_owed is not None else None,
        uno_called={seat(p) for p in obs.uno_called}, round_over=False,
        round_winner=went_out[0] if went_out else None, round_loser=None, finished=went_out,
        start_top=memory.round_started_seen and not memory.played_this_round,
        silence=None, slap=None, stages=list(obs.stages), skip_next=set(), side=obs.side,
        rng=random.Random(rng.getrandbits(64)),
    )
    if pending is not None and pending.kind is PendingKind.SLAP:
        table["slap"] = Slap(seat(pending.by), tuple(seat(p) for p in pending.waiting),
                             max(1, len(pending.waiting)))
    elif pending is not None:
        table["pending"] = _pending(obs, memory, hands, rng)
    if obs.silenced and memory.silence_by in obs.players:
        mode = obs.rules.options.silence
        table["silence"] = Silence(mode, seat(memory.silence_by),
                                   _color(obs.color) if mode == "wilds" else None)
    return table


def _pending(obs: Observation, memory: Memory, hands: dict[int, list[Card]],
             rng: random.Random) -> Pending:
    """The pending decision as the seat sees it, with the referee's notes imagined."""
    pending = obs.pending
    assert pending is not None and pending.kind is not PendingKind.SLAP
    seat = obs.seat_of
    by = seat(pending.by)
    top = obs.top
    color_before = memory.color_before_top
    offered = None
    if pending.kind is PendingKind.SWAP and pending.target is not None:
        offered = rng.choice(hands[by]) if hands[by] else None
    return Pending(
        kind=pending.kind, by=by,
        victim=seat(pending.victim) if pending.victim is not None else None,
        amount=pending.amount,
        guilty=color_before is not None and any(
            c.color is not None and c.color.value == color_before for c in hands[by]),
        color_before=_color(color_before),
        final=pending.kind in (PendingKind.CHALLENGE, PendingKind.DRAW,
                               PendingKind.SKIP) and not hands[by],
        bounced=pending.kind is PendingKind.DRAW and top.rank is Rank.REVERSE,
        until_color=top.rank is Rank.WILD_DRAW_COLOR and pending.amount is None,
        target=seat(pending.target) if pending.target is not None else None,
        card=offered,
    )


def _color(letter: str | None) -> Color | None:
    return Color(letter) if letter is not None else None
