"""Imagined tables for the hard player: every hidden card dealt at random, consistently with
what the seat has seen (its hand, the known discards, each hand's size, and in Flip the backs
of the others' cards and of the top of the draw pile, F-2).

The imagined table is a new `Game` built through the engine's public save format (`dump` of a
fresh game of the same players and rules, with the round's fields replaced, then `load`), so
it follows every rule of the real one without this module knowing the engine's insides. It is
the player's own sample, never the real game: only the `Observation` goes in.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from bot.engine import Card, Game, PendingKind, Rank, RuleSet, Side, dump, flip_card, load

from .memory import Memory, deck_faces, unseen_faces
from .observation import Observation


class Inconsistent(ValueError):
    """What the seat knows cannot be dealt (a partial log); the caller falls back."""


@lru_cache(maxsize=64)
def _template(players: tuple[str, ...], rules: RuleSet) -> dict[str, Any]:
    game, _ = Game.start(players, rules, seed=0)
    return dump(game)


def imagine(obs: Observation, memory: Memory, rng: random.Random) -> Game:
    """One table consistent with `obs`: the others' hands and the draw pile dealt at random."""
    n = len(obs.players)
    me = obs.seat
    sizes = obs.hand_sizes
    flip = obs.rules.preset == "flip"
    others = [s for s in range(n) if s != me]
    need = sum(sizes[s] for s in others) + obs.draw_pile
    pool = unseen_faces(obs, memory)
    if len(pool) < need:
        raise Inconsistent("fewer unseen cards than hidden places")
    rng.shuffle(pool)
    pool = _respect_lacks(obs, memory, pool, need)
    hidden, extra = pool[:need], pool[need:]  # extra: discards the log no longer shows
    if flip:
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
    return load(_state(obs, memory, hands, draw_pile, discard, rng))


def _respect_lacks(obs: Observation, memory: Memory, pool: list[Card], need: int
                   ) -> list[Card]:
    """Reorder the shuffled pool so that a player who drew on their turn while a colour was
    up gets neither that colour nor a wild (they would have played it), where the pool allows.
    The others' hands are dealt from the front of the pool in seat order (see `imagine`)."""
    if not memory.lacks or obs.rules.preset == "flip":
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


def _state(obs: Observation, memory: Memory, hands: dict[int, list[Card]],
           draw_pile: list[Card], discard: list[Card], rng: random.Random) -> dict[str, Any]:
    data = dict(_template(obs.players, obs.rules))
    n = len(obs.players)
    seat = obs.seat_of
    pending = obs.pending
    went_out = [seat(p) for p in memory.went_out if p in obs.players]
    in_round = [obs.active[s] and s not in went_out for s in range(n)]
    data.update(
        scores=list(obs.scores), round=obs.round, dealer=seat(obs.dealer),
        active=list(obs.active), version=0, in_round=in_round,
        hands=[codes(hands[s]) for s in range(n)], draw_pile=codes(draw_pile),
        discard=codes(discard), color=obs.color, direction=obs.direction,
        turn=_turn_seat(obs, memory), pending=None,
        drawn=obs.drawn.code if obs.drawn is not None else None,
        uno_owed=seat(obs.uno_owed) if obs.uno_owed is not None else None,
        uno_called=sorted(seat(p) for p in obs.uno_called), round_over=False,
        round_winner=went_out[0] if went_out else None, round_loser=None, finished=went_out,
        start_top=memory.round_started_seen and not memory.played_this_round,
        silence=None, slap=None, stages=list(obs.stages), skip_next=[], side=obs.side.value,
        rng=_rng_state(rng),
    )
    if obs.rules.preset == "flip":
        every = [*hands.values()]
        cards = [c for hand in every for c in hand] + draw_pile + discard
        data["flip_deck"] = [c.code for c in cards]
    if pending is not None and pending.kind is PendingKind.SLAP:
        data["slap"] = {"by": seat(pending.by), "waiting": [seat(p) for p in pending.waiting],
                        "others": max(1, len(pending.waiting))}
    elif pending is not None:
        by = seat(pending.by)
        top = obs.top
        color_before = memory.color_before_top
        offered = None
        if pending.kind is PendingKind.SWAP and pending.target is not None:
            offered = rng.choice(hands[by]).code if hands[by] else None
        data["pending"] = {
            "kind": pending.kind.value, "by": by,
            "victim": seat(pending.victim) if pending.victim is not None else None,
            "amount": pending.amount,
            "guilty": color_before is not None and any(
                c.color is not None and c.color.value == color_before for c in hands[by]),
            "color_before": color_before,
            "final": pending.kind in (PendingKind.CHALLENGE, PendingKind.DRAW,
                                      PendingKind.SKIP) and not hands[by],
            "bounced": pending.kind is PendingKind.DRAW and top.rank is Rank.REVERSE,
            "until_color": top.rank is Rank.WILD_DRAW_COLOR and pending.amount is None,
            "target": seat(pending.target) if pending.target is not None else None,
            "card": offered,
        }
    if obs.silenced and memory.silence_by in obs.players:
        mode = obs.rules.options.silence.value
        data["silence"] = {"kind": mode, "by": seat(memory.silence_by),
                           "color": obs.color if mode == "wilds" else None}
    return data


def codes(cards: list[Card]) -> list[str]:
    return [c.code for c in cards]


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = random.Random(rng.getrandbits(64)).getstate()
    return [version, list(internal), gauss]
