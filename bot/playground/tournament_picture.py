"""`python -m bot.playground.tournament_picture [--out FILE]`: the README's picture of a
tournament's standings board (issue 31), drawn by the playground's message drawing in headless
Chromium, as the preview's pictures are.

The board is the real renderer's V2 message (`bot.render.tournament.standings_board`) of a seeded
16-player Swiss tournament after two of its three rounds, played by the pure tournament logic
with seeded placings: the same picture on every run, without playing 8 matches of UNO first.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

from bot.fake_discord.world import snowflake
from bot.render.tournament import standings_board
from bot.services.tournament_doc import TournamentDoc
from bot.tournament import Format, Placing, Plan, Tournament
from bot.ui.layout import layout

from .browser import chromium, wait_for
from .preview import PAGE_WIDTH, ROOT, SHOWN_TIME, Moment, page

DEFAULT_OUT = ROOT / "docs" / "images" / "tournament-standings.png"
NAMES = ("Ann", "Bob", "Cid", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
         "Milo", "Nia", "Oleh", "Pia")
SEED = 31


def sample_doc(seed: int = SEED) -> TournamentDoc:
    """A Swiss night of 16 at tables of 4 after two rounds, placings drawn from `seed`."""
    rng = random.Random(seed)
    ids = list(range(1, len(NAMES) + 1))
    plan = Plan(Format.SWISS, 4, rounds=3)
    tournament = Tournament(plan, ids)
    for _ in range(2):
        round_ = tournament.next_round()
        for number, table in enumerate(round_.tables):
            order = list(table)
            rng.shuffle(order)
            tournament.record(round_.number, number, [
                Placing(p, place, rng.randrange(0, 300, 5) if place == 1 else 0)
                for place, p in enumerate(order, start=1)])
    return TournamentDoc(name="Friday night UNO", preset="classic", options={}, plan=plan,
                         turn_timer=60, ai_fill=True, locale="en", starts_at=0.0,
                         names=dict(zip(ids, NAMES, strict=True)), signups=ids,
                         tournament=tournament)


def board_view(doc: TournamentDoc) -> dict[str, object]:
    """The standings board as static/messages.js draws a message."""
    return {"id": str(snowflake()), "content": "", "author": {"id": "1", "name": "UNO Bot",
                                                             "bot": True},
            "embeds": [], "components": layout(standings_board(doc, "running"))
            .to_components(),  # type: ignore[no-untyped-call]  # discord.py leaves it untyped
            "attachments": [], "timestamp": SHOWN_TIME, "edited": True, "ephemeral": False,
            "loading": False, "v2": True}


async def draw(out: Path, seed: int = SEED) -> Path:
    moment = Moment("tournament-standings", "A tournament's standings board",
                    "Edited as each table finishes.", "everyone", [board_view(sample_doc(seed))])
    with tempfile.TemporaryDirectory(prefix="uno-tournament-") as folder:
        html = Path(folder) / "board.html"
        html.write_text(page([moment], {}, {"1": "UNO Bot"}), encoding="utf-8")
        async with chromium(html.resolve().as_uri(), width=PAGE_WIDTH, height=900) as tab:
            await wait_for(tab, "document.body?.dataset.drawn === 'true'")
            out.parent.mkdir(parents=True, exist_ok=True)
            await tab.locator("section[data-kind='tournament-standings'] .chat").screenshot(
                path=out)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.playground.tournament_picture",
                                     description="Draw the README's tournament standings board.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print(f"wrote {asyncio.run(draw(args.out, args.seed))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
