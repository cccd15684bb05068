"""The small language the golden cases (tests/engine/golden_cases/) are written in.

A case is one golden file: a REPLAY.md input (`replay`, with its whole deck), a subset of the
expected output (`expect`) and optionally partial events (`expect_events`). Cases are recorded by
`case` (classic decks, built by `support.stacked_deck`) or `record` (a deck built elsewhere, as
UNO Flip's), collected in `CASES` and written by `write` in one fixed JSON layout.

Every expected value is written by hand from docs/RULES.md and docs/REPLAY.md: nothing here runs
the engine. Conventions: the dealer is the last player listed unless a case says otherwise, so the
first listed plays first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tests.engine.support import no_mercy_stacked_deck, stacked_deck

Json = dict[str, Any]

CASES: dict[str, Json] = {}

P2 = ["ann", "bob"]
P3 = ["ann", "bob", "cid"]
P4 = ["ann", "bob", "cid", "dan"]
P5 = ["ann", "bob", "cid", "dan", "eve"]
P6 = ["ann", "bob", "cid", "dan", "eve", "fay"]
TEN = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon"]


# ---------------------------------------------------------------- actions (REPLAY.md shapes)

def act(by: str, do: str, **fields: Any) -> Json:
    return {"by": by, "do": do, **fields}


def play(by: str, card: str, color: str | None = None, *, uno: bool = False,
         target: str | None = None) -> Json:
    out: Json = {"by": by, "do": "play", "card": card}
    if color is not None:
        out["color"] = color
    if target is not None:
        out["target"] = target
    if uno:
        out["uno"] = True
    return out


def draw(by: str) -> Json:
    return act(by, "draw")


def pass_(by: str) -> Json:
    return act(by, "pass")


def catch(by: str, target: str | None) -> Json:
    return act(by, "catch") if target is None else act(by, "catch", target=target)


def accept(by: str) -> Json:
    return act(by, "accept")


def challenge(by: str) -> Json:
    return act(by, "challenge")


def speak(by: str) -> Json:
    return act(by, "speak")


def slap(by: str) -> Json:
    return act(by, "slap")


def swap(by: str, target: str, card: str) -> Json:
    return act(by, "swap", target=target, card=card)


def color(by: str, c: str) -> Json:
    return act(by, "color", color=c)


def opts(preset: str = "classic", **options: Any) -> Json:
    """A `rules` object: a preset with options switched on or set."""
    return {"preset": preset, "options": options}


# ---------------------------------------------------------------- expectations

def err(index: int, code: str) -> Json:
    return {"index": index, "code": code}


def ev(type_: str, **fields: Any) -> Json:
    return {"type": type_, **fields}


def ok(applied: int) -> Json:
    return {"applied": applied, "error": None}


def refused(index: int, code: str) -> Json:
    return {"applied": index, "error": err(index, code)}


def drew(by: str, cards: Sequence[str]) -> list[Json]:
    return [ev("drew", by=by, card=c) for c in cards]


def without(hand: Sequence[str], *cards: str) -> list[str]:
    """The hand after the named cards leave it. A card held twice may be named only if both
    copies leave (otherwise which copy left, and so the order, would be ambiguous)."""
    out = list(hand)
    for c in cards:
        assert c in out, f"{c} not in {hand}"
        out.remove(c)
    for c in cards:
        assert c not in out, f"ambiguous: {c} still in {out}"
    return out


def points(cards: Sequence[str]) -> int:
    """C-8.2 (and H-10): numbers face value; Draw Two, Reverse, Skip 20; wild cards 50."""
    total = 0
    for c in cards:
        if c in ("W", "W+4", "W+10"):
            total += 50
        elif c[1:] in ("S", "R", "+2"):
            total += 20
        else:
            total += int(c[1:])
    return total


# ---------------------------------------------------------------- recording cases

def record(name: str, rule: str, title: str, *, rules: Any, players: list[str],
           dealer: str | None, seed: int | None, deck: list[str], actions: list[Json],
           expect: Json, events: list[Json] | None) -> None:
    """One golden file, named `<rule>_<what it shows>`."""
    assert name not in CASES, name
    assert name.startswith(rule + "_"), name
    replay: Json = {"rules": rules, "players": players}
    if dealer is not None:
        replay["dealer"] = dealer
    if seed is not None:
        replay["seed"] = seed
    replay["deck"] = deck
    replay["actions"] = actions
    data: Json = {"rule": rule, "title": title, "replay": replay, "expect": expect}
    if events:
        data["expect_events"] = events
    CASES[name] = data


def _draw_ten_on(rules: Any) -> bool:
    return isinstance(rules, dict) and bool(rules.get("options", {}).get("draw_ten_blanks"))


def case(name: str, rule: str, title: str, *, players: list[str],
         hands: Mapping[str, Sequence[str]], start: str, actions: list[Json], expect: Json,
         then: Sequence[str] = (), dealer: str | None = None, rules: Any = "classic",
         seed: int | None = None, events: list[Json] | None = None) -> None:
    """One golden file of the 108-card deck (112 with H-10's Draw Ten blanks): the hands given
    (each of 0 or 7 cards; missing ones are filled), the start card and `then`, the next cards
    of the draw pile in drawing order."""
    for p in players:
        assert len(hands.get(p, [])) in (0, 7), (name, p)
    deck = stacked_deck(players, hands, start, then, dealer=dealer,
                        draw_ten_blanks=_draw_ten_on(rules))
    record(name, rule, title, rules=rules, players=players, dealer=dealer, seed=seed, deck=deck,
           actions=actions, expect=expect, events=events)


def nm_case(name: str, rule: str, title: str, *, players: list[str],
            hands: Mapping[str, Sequence[str]], start: str | Sequence[str], actions: list[Json],
            expect: Json, then: Sequence[str] = (), dealer: str | None = None,
            rules: Any = "no_mercy", seed: int | None = None,
            events: list[Json] | None = None) -> None:
    """One golden file of No Mercy's 168-card deck (M-1): as `case`, but `start` may list the
    cards turned up before the start number card (M-2.3), and hands may be shorter than 7."""
    starts = [start] if isinstance(start, str) else list(start)
    deck = no_mercy_stacked_deck(players, hands, starts, then, dealer=dealer)
    record(name, rule, title, rules=rules, players=players, dealer=dealer, seed=seed, deck=deck,
           actions=actions, expect=expect, events=events)


def nm_points(cards: Sequence[str]) -> int:
    """M-13.1: numbers face value; Skip, Reverse, Draw Two, Draw Four, Discard All, Skip
    Everyone 20; WR+4, W+6, W+10, WCR 50."""
    total = 0
    for c in cards:
        if c in ("WR+4", "W+6", "W+10", "WCR"):
            total += 50
        elif c[1:].isdigit():
            total += int(c[1:])
        else:
            total += 20
    return total


# ---------------------------------------------------------------- writing

def render(value: Any, indent: int = 0, used: int = 0) -> str:
    """JSON with short values on one line (100 columns), long lists of strings wrapped."""
    flat = json.dumps(value, ensure_ascii=False)
    if used + len(flat) <= 100 or not isinstance(value, (dict, list)) or not value:
        return flat
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = f"{inner}{json.dumps(k)}: "
            items.append(key + render(v, indent + 2, len(key)))
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if all(not isinstance(v, (dict, list)) for v in value):
        lines, line = [], ""
        for v in value:
            piece = json.dumps(v, ensure_ascii=False)
            if line and len(inner) + len(line) + len(piece) + 3 > 100:
                lines.append(line)
                line = ""
            line = f"{line}, {piece}" if line else piece
        lines.append(line)
        return "[\n" + ",\n".join(inner + ln for ln in lines) + "\n" + pad + "]"
    items = [inner + render(v, indent + 2, len(inner)) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def write(cases: Mapping[str, Json], directory: Path) -> None:
    """Replace every golden file in `directory` with `cases`, one `<name>.json` each."""
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("*.json"):
        old.unlink()
    for name, data in cases.items():
        (directory / f"{name}.json").write_text(render(data) + "\n", encoding="utf-8")
