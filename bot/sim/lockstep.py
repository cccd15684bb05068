"""The core checked against the engine: the same seeds, the same legal actions, the same state.

`check(matches, seed)` deals `Game.start` and `Table.start` from the same seeds, and at every
step compares every seat's legal actions (translated to the core's integers, in order) and the
whole table (hands in order, both piles, colour, direction, turn, what is pending, the drawn
card, scores and winners; under house rules a penalty's sum, a swap and a slap window too),
then applies the same randomly chosen action to both. A rule changed in one and not the other
fails here (the suite runs a sample; `benchmarks/core.py` runs more). What the core leaves to
the engine is left out of the comparison: UNO calls and catches, and under H-2 the jump-ins
(plays of a seat the table is not waiting for).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine import Action, ActionType, Game, PendingKind, RuleSet

from .bridge import Codec, color_id, core_for
from .flip import FlipTable
from .house import PENDING_DRAW, PENDING_SLAP, PENDING_SWAP, HouseTable
from .nomercy import PENDING_ROULETTE, NoMercyTable
from .table import NO_PENDING, PENDING_CHALLENGE, PENDING_COLOR, Table

_KINDS = {PendingKind.COLOR: PENDING_COLOR, PendingKind.CHALLENGE: PENDING_CHALLENGE,
          PendingKind.DRAW: PENDING_DRAW, PendingKind.SWAP: PENDING_SWAP,
          PendingKind.ROULETTE: PENDING_ROULETTE}
_LEFT_TO_THE_ENGINE = (ActionType.UNO, ActionType.CATCH)


class Diverged(AssertionError):
    """The core and the engine disagree (the message says where and how)."""


def engine_state(game: Game, codec: Codec) -> dict[str, object]:
    """The engine's table in the core's terms."""
    ids = codec.ids
    pending = game.pending
    kind, by, victim, guilty = NO_PENDING, -1, -1, False
    if pending is not None:
        kind = _KINDS[pending.kind]
        by, guilty = pending.by, pending.guilty and kind == PENDING_CHALLENGE
        victim = pending.victim if pending.victim is not None else (
            -1 if pending.target is None else pending.target)
    return {
        "hands": [ids(h) for h in game.hands], "pile": ids(game.draw_pile),
        "discard": ids(game.discard),
        "color": color_id(None if game.color is None else game.color.value),
        "direction": game.direction,
        "turn": -1 if game.turn is None else game.turn, "pending": (kind, by, victim, guilty),
        "drawn": -1 if game.drawn is None else codec.card_ids[game.drawn],
        "over": game.round_over,
        "winner": -1 if game.round_winner is None else game.round_winner,
        "scores": list(game.scores), "dealer": game.dealer, "round": game.round,
        "match_winner": -1 if game.match_winner is None else game.match_winner,
    }


def house_state(game: Game, codec: Codec) -> dict[str, object]:
    """The engine's state the house table adds: a penalty's sum and finality (H-4, C-8.1), the
    card offered in a swap (H-6), the slap window (H-8)."""
    pending, slap = game.pending, game.slap
    penalty = pending is not None and pending.kind in (PendingKind.DRAW, PendingKind.CHALLENGE)
    return {
        "amount": (pending.amount, pending.final) if penalty and pending is not None else None,
        "offered": -1 if pending is None or pending.card is None else codec.card_ids[
            pending.card],
        "slap": (slap.by, slap.waiting, slap.others) if slap is not None else None,
    }


def core_house_state(table: HouseTable) -> dict[str, object]:
    pending = table.under if table.pending == PENDING_SLAP else table.pending
    penalty = pending in (PENDING_DRAW, PENDING_CHALLENGE)
    return {
        "amount": (table.p_amount, table.p_final) if penalty else None,
        "offered": table.p_card if pending == PENDING_SWAP else -1,
        "slap": (table.slap_by, table.slap, table.slap_others) if table.slap else None,
    }


def no_mercy_state(game: Game, codec: Codec) -> dict[str, object]:
    """What the No Mercy table adds: the running total (M-6), who is still in the round and
    who was knocked out, in order (M-10)."""
    pending = game.pending
    return {"amount": pending.amount if pending is not None else None,
            "in_round": list(game.in_round), "knocked": list(game.knocked_out)}


def core_no_mercy_state(table: NoMercyTable) -> dict[str, object]:
    return {"amount": table.p_amount if table.pending == PENDING_DRAW else None,
            "in_round": table.in_round, "knocked": table.knocked}


def flip_state(game: Game, codec: Codec) -> dict[str, object]:
    """What the Flip table adds: the side up (F-4) and the match's cards (F-1's pairs)."""
    return {"side": 0 if game.side.value == "light" else 1, "deck": codec.ids(game.flip_deck)}


def core_flip_state(table: FlipTable) -> dict[str, object]:
    return {"side": table.side, "deck": list(table.deck)}


def core_state(table: Table) -> dict[str, object]:
    pending = table.pending
    if isinstance(table, HouseTable) and pending == PENDING_SLAP:
        pending = table.under
    return {
        "hands": [list(h) for h in table.hands], "pile": list(table.pile),
        "discard": list(table.discard), "color": table.color, "direction": table.direction,
        "turn": table.turn, "pending": (pending, table.p_by if pending else -1,
                                        table.p_victim if pending else -1,
                                        table.p_guilty and pending == PENDING_CHALLENGE),
        "drawn": table.drawn, "over": table.over, "winner": table.winner,
        "scores": list(table.scores), "dealer": table.dealer, "round": table.round,
        "match_winner": table.match_winner,
    }


@dataclass
class Checked:
    matches: int = 0
    actions: int = 0
    rounds: int = 0
    won: int = 0  # matches played to their winner (C-8.3)


def compare(game: Game, table: Table, where: str, codec: Codec) -> list[list[Action]]:
    """Raise `Diverged` unless both tables agree; return the engine's legal actions by seat."""
    mine, theirs = core_state(table), engine_state(game, codec)
    if isinstance(table, HouseTable):
        mine |= core_house_state(table)
        theirs |= house_state(game, codec)
    elif isinstance(table, NoMercyTable):
        mine |= core_no_mercy_state(table)
        theirs |= no_mercy_state(game, codec)
    elif isinstance(table, FlipTable):
        mine |= core_flip_state(table)
        theirs |= flip_state(game, codec)
    for key, value in theirs.items():
        if mine[key] != value:
            raise Diverged(f"{where}: {key} differs: engine {value!r}, core {mine[key]!r}")
    names, waiting = game.players, game.waiting_for
    legal = [[a for a in game.legal_actions(name) if a.type not in _LEFT_TO_THE_ENGINE and (
        seat == waiting or a.type is not ActionType.PLAY)] for seat, name in enumerate(names)]
    for seat, actions in enumerate(legal):
        expected = [codec.action_id(a, names) for a in actions]
        got = list(table.legal(seat))
        if got != expected:
            raise Diverged(f"{where}: seat {seat}'s legal actions differ: engine {expected}, "
                           f"core {got}")
    return legal


def check(matches: int, seed: int = 0, *, max_actions: int = 2_000,
          players: int = 4, rules: RuleSet | None = None) -> Checked:
    """Play `matches` matches (seeds `seed`...) in lockstep, each until its match is won or
    `max_actions` actions. The seat waiting chooses uniformly among all its legal actions a
    third of the time (drawing while it could play: long rounds, big hands, reshuffles, dry
    piles), otherwise among its plays if it has any (rounds that end: scores, matches won)."""
    names = tuple(f"P{i}" for i in range(players))
    done = Checked()
    rules = rules or RuleSet.classic()
    core = core_for(rules)
    if core is None:
        raise ValueError(f"the core does not play {rules.to_dict()}")
    for m in range(seed, seed + matches):
        game, _ = Game.start(names, rules, seed=m)
        table = core.start(players, m)
        codec = core.codec
        chooser = random.Random(m)
        for step in range(max_actions):
            legal = compare(game, table, f"match seed {m}, step {step}", codec)
            seat = game.waiting_for
            if seat is None:
                if game.match_winner is not None:
                    done.won += 1
                    break
                seat, done.rounds = 0, done.rounds + 1
            if game.slap is not None:  # H-8: any seat may act; the table waits for the slaps
                seat = chooser.choice([s for s, actions in enumerate(legal) if actions])
            actions = legal[seat]
            plays = [i for i, a in enumerate(actions) if a.type is ActionType.PLAY]
            if plays and chooser.random() >= 1 / 3:
                i = chooser.choice(plays)
            else:
                i = chooser.randrange(len(actions))
            game.apply(actions[i])
            table.apply(codec.action_id(actions[i], names))
            done.actions += 1
        done.matches += 1
    return done
