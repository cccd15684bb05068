"""The bot tests' harness: the shared drivers (drivers/harness.py) and the rigged deals only tests
use, built as the golden files build theirs (tests/engine/support.py)."""

from __future__ import annotations

from typing import Any

from drivers.harness import Driver, Harness, start_game
from tests.fake_discord import VirtualUser

__all__ = ["Driver", "Harness", "announce", "red_seven_for_ann", "redeal", "rig", "rig_flip",
           "rig_no_mercy", "start_game"]


async def rig(h: Harness, session: Any, hands: dict[VirtualUser, list[str]], start: str,
              then: tuple[str, ...] = (), dealer: VirtualUser | None = None) -> None:
    """Re-deal the running game from a stacked deck (the test's "given this deal"), saved and
    shown like any other state. The player after the dealer moves first."""
    from tests.engine.support import stacked_deck

    players = list(session.game.players)
    names = {str(u.id): codes for u, codes in hands.items()}
    deck = stacked_deck(players, names, start, then,
                        dealer=str(dealer.id) if dealer else players[-1],
                        draw_ten_blanks=session.game.options.draw_ten_blanks)
    await redeal(h, session, deck, str(dealer.id) if dealer else players[-1])


async def red_seven_for_ann(h: Harness, **create: Any) -> tuple[VirtualUser, VirtualUser, Any]:
    """Ann and Bob in a game (no turn timer unless `create` sets one) that Bob dealt: Ann moves
    first, holding a red 7 among seven cards, on a red 5; Bob holds seven greens."""
    ann, bob = h.user("Ann"), h.user("Bob")
    session = await start_game(h, [ann, bob], **{"turn_timer": 0, **create})
    await rig(h, session, {ann: ["R7", "B2", "G9", "Y1", "W", "R+2", "B5"],
                           bob: ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]}, "R5", dealer=bob)
    return ann, bob, session


async def rig_flip(h: Harness, session: Any, hands: dict[VirtualUser, list[str]], start: str,
                   then: tuple[str, ...] = (), after_flip: tuple[str, ...] = (),
                   dealer: VirtualUser | None = None) -> dict[VirtualUser, list[str]]:
    """`rig` for UNO Flip: a 112-card deck of `light/dark` cards (F-1) built as the Flip golden
    files build theirs (tests/engine/support.flip_deck): the hands (filled to 7), the
    start card, `then` (drawn next, before any Flip) and `after_flip` (drawn in that order once
    a Flip has turned the draw pile over). Returns each user's whole dealt hand."""
    from tests.engine.support import flip_deck

    players = list(session.game.players)
    names = {str(u.id): codes for u, codes in hands.items()}
    dealer_name = str(dealer.id) if dealer else players[-1]
    deck, full = flip_deck(players, names, start, then, after_flip, dealer_name)
    await redeal(h, session, deck, dealer_name)
    users = {str(u.id): u for u in hands}
    return {users[p]: cards for p, cards in full.items() if p in users}


async def rig_no_mercy(h: Harness, session: Any, hands: dict[VirtualUser, list[str]],
                       start: str | list[str], then: tuple[str, ...] = ()) -> None:
    """`rig` for No Mercy: a 168-card deck (M-1) built as the No Mercy golden files build
    theirs (tests/engine/support.no_mercy_stacked_deck); `start` may list the cards turned up
    before the start number card (M-2.3). The last player deals."""
    from tests.engine.support import no_mercy_stacked_deck

    players = list(session.game.players)
    names = {str(u.id): codes for u, codes in hands.items()}
    starts = [start] if isinstance(start, str) else start
    deck = no_mercy_stacked_deck(players, names, starts, then)
    await redeal(h, session, deck, players[-1])


async def redeal(h: Harness, session: Any, deck: list[str], dealer: str) -> None:
    """Re-deal the running game from `deck` (card codes, top of the draw pile first): saved,
    announced and shown as an applied action is."""
    from bot.engine import Game, card

    players = list(session.game.players)
    game, events = Game.start(players, session.game.rules, deck=[card(c) for c in deck],
                              dealer=dealer)
    game.version = session.game.version + 1  # a new state: saved like an applied action
    async with session.lock:
        session.game = game
        session.recent.clear()
        session.remember(events)
        assert h.bot is not None
        manager = h.bot.games
        manager._deadline(session)
        await manager._save(session)
        manager._arm(session)
    await announce(h, session, events)


async def announce(h: Harness, session: Any, events: list[Any] | None = None) -> None:
    """A state the test has set (a "given") is announced as an applied action is, under the
    game's lock, and its table shown."""
    from bot.services.notices import Change

    bot = h.bot
    assert bot is not None
    async with session.lock:
        bot.games._publish(session, Change.APPLIED, events)
    # As `Harness.settle`, through what a playground has too (the browser tests rig its deal).
    await h.fake.wait_for(lambda: not bot.table_feed.edits_pending(), timeout=5)
