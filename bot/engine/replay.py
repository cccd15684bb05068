"""`python -m bot.engine.replay FILE.json`: play a replay file, print the result (docs/REPLAY.md).

This module is the engine's one I/O edge. It exits 0 when the file was read, even if an action in it
was illegal (the result reports it), and 2 with a one-line message when the file is malformed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from ._game import MIN_PLAYERS, Game, variant_of
from ._state import PendingKind
from .actions import Action, ActionFormatError, ActionType
from .cards import Card, CardParseError
from .errors import IllegalAction, RulesError
from .events import Event
from .rules import RuleSet


class MalformedReplay(ValueError):
    """The file does not follow REPLAY.md (as opposed to an illegal action inside it)."""


def _parse(data: Any) -> tuple[RuleSet, list[str], str, int, list[Card] | None, list[Action]]:
    if not isinstance(data, Mapping):
        raise MalformedReplay("the file must hold one JSON object")
    try:
        rules = RuleSet.from_spec(data.get("rules", "classic"))
    except RulesError as exc:
        raise MalformedReplay(f"rules: {exc}") from None
    players = data.get("players")
    most = variant_of(rules.preset).max_players  # No Mercy: 6 (M-2.1)
    if (not isinstance(players, list) or not all(isinstance(p, str) for p in players)
            or not MIN_PLAYERS <= len(players) <= most or len(set(players)) != len(players)):
        raise MalformedReplay(f"`players` must list {MIN_PLAYERS} to {most} distinct names "
                              f"for preset {rules.preset.value!r}")
    dealer = data.get("dealer", players[-1])
    if dealer not in players:
        raise MalformedReplay(f"`dealer` {dealer!r} is not one of the players")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise MalformedReplay("`seed` must be an integer")
    deck = None
    if data.get("deck") is not None:
        if not isinstance(data["deck"], list):
            raise MalformedReplay("`deck` must be a list of cards")
        try:
            deck = [Card.parse(c) for c in data["deck"]]
        except CardParseError as exc:
            raise MalformedReplay(f"deck: {exc}") from None
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise MalformedReplay("`actions` must be a list")
    actions = []
    for i, raw in enumerate(raw_actions):
        try:
            action = Action.from_dict(raw)
        except ActionFormatError as exc:
            raise MalformedReplay(f"action {i}: {exc}") from None
        if action.type is ActionType.PLAY and action.card is None:
            raise MalformedReplay(f"action {i}: `play` needs a `card`")
        actions.append(action)
    return rules, players, dealer, seed, deck, actions


def run(data: Any) -> dict[str, Any]:
    """Play a parsed replay file; raise MalformedReplay if it does not follow the contract."""
    rules, players, dealer, seed, deck, actions = _parse(data)
    try:
        game, events = Game.start(players, rules, seed=seed, dealer=dealer, deck=deck)
    except ValueError as exc:
        raise MalformedReplay(str(exc)) from None
    applied = 0
    error = None
    for index, action in enumerate(actions):
        try:
            events += game.apply(action)
        except IllegalAction as exc:
            error = {"index": index, "code": exc.code.value, "message": exc.message}
            break
        applied += 1
    return result(game, events, applied, error)


def result(game: Game, events: list[Event], applied: int,
           error: dict[str, Any] | None) -> dict[str, Any]:
    """The referee's view of the state, shaped as REPLAY.md's output."""
    names = game.players
    waiting = game.waiting_for

    def name(seat: int | None) -> str | None:
        return names[seat] if seat is not None else None

    pending: dict[str, Any] | None = None
    if game.slap is not None:  # H-8: the slap window holds everything else back
        pending = {"kind": PendingKind.SLAP.value, "by": names[game.slap.by],
                   "waiting": [names[s] for s in game.slap.waiting]}
    elif game.pending is not None:
        p = game.pending
        pending = {"kind": p.kind.value, "by": names[p.by]}
        if p.kind is PendingKind.SWAP:
            pending["target"] = name(p.target)
        if p.victim is not None:
            pending["victim"] = names[p.victim]
        if p.until_color:
            pending["amount"] = "until_color"  # F-6
        elif p.amount is not None:
            pending["amount"] = p.amount
        minimum = game.stack_minimum() if p.kind is PendingKind.DRAW else None
        if minimum is not None:
            pending["min"] = minimum  # M-6.2
    elif game.drawn is not None and not game.may_pass_after_draw and waiting is not None:
        # M-4.2: the drawn playable card must be played, and nothing else.
        pending = {"kind": PendingKind.MUST_PLAY.value, "by": names[waiting],
                   "card": game.drawn.code}
    out: dict[str, Any] = {
        "round": game.round,
        "side": game.side.value,
        "turn": name(waiting),
        "direction": game.direction,
        "top": game.discard[-1].face.code,  # Flip: the active face alone
        "color": game.color.value if game.color is not None else None,
        "hands": {names[s]: [c.code for c in hand] for s, hand in enumerate(game.hands)},
        "draw_pile": len(game.draw_pile),
        "pending": pending,
        "round_winner": name(game.round_winner),
        "scores": dict(zip(names, game.scores, strict=True)),
        "match_winner": name(game.match_winner),
        "finished": [names[s] for s in game.finished],
    }
    if game.mercy_rule:  # M-10: present only under no_mercy, so other presets' output is unchanged
        out["knocked_out"] = [names[s] for s in game.knocked_out]
    out.update(applied=applied, error=error, events=[e.to_dict() for e in events])
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot.engine.replay FILE.json", file=sys.stderr)
        return 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            data = json.load(f)
        output = run(data)
    except OSError as exc:
        print(f"replay: cannot read {argv[0]}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"replay: not valid JSON: {exc}", file=sys.stderr)
        return 2
    except MalformedReplay as exc:
        print(f"replay: malformed file: {exc}", file=sys.stderr)
        return 2
    json.dump(output, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
