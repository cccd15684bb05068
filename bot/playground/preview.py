"""`python -m bot.playground.preview [--out DIR] [--screenshots]`: every kind of message the bot
sends to a game, on one page, for reviewers (`python3 dev.py preview` runs it).

The real bot plays a short scripted game on the offline Discord of the playground (dealt from a
fixed seed, so every run shows the same cards): three people open a lobby and join, and at each
moment worth seeing the message as its reader sees it is kept — the lobby, the table mid-game,
a hand with a decision to make (the colour of a wild), and the table at the round's end. They
are written into ONE self-contained HTML file (styles, script, pictures and card-face emoji
inlined), drawn by the playground's own static/messages.js: an approximation of Discord's look.
`--screenshots` also saves one PNG of each kind (headless Chromium, as the playground's browser
test drives it) into docs/images/, which the README shows.

The script reads payloads, not the bot's objects: the controls it presses are found by their
custom ids wherever they sit (action rows of an embed message, or inside a Components V2
container), and the page draws either kind.

It lives with the playground because it is the playground — its offline Discord, its people and
its page's drawing code — run to a script instead of by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import copy
import json
import logging
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.client import UnoBot
from bot.fake_discord.emoji import AppEmojiStore
from bot.fake_discord.users import SeenMessage
from bot.fake_discord.world import Channel
from bot.services.session import Session
from bot.ui.controls import DecisionControl, LobbyControl, TableControl
from bot.ui.items import (
    ColorButton,
    DecisionButton,
    LobbyButton,
    PickButton,
    PlayButton,
    TableButton,
    UnoItem,
    read_id,
)

from .page_needs import Player
from .playground import Playground
from .preview_languages import add_servers, languages, names_picture, speak
from .web import STATIC, message_view

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = ROOT / "artifacts" / "preview"
DEFAULT_IMAGES = ROOT / "docs" / "images"
PAGE_NAME = "preview.html"
SEED = 7  # the deal; this one reaches a wild with a colour to choose early in the round
PEOPLE = ("Ann", "Bob", "Cid")
MID_GAME_AFTER = 4  # moves made before the table is shown "mid-game"
MAX_MOVES = 400  # a round that has not ended by then is a bug in the script (or the bot)
# A moment is kept once the offline Discord has been quiet this long (and the table's picture
# is current: it is redrawn a moment after the moves, bot/outlets/publisher.py).
QUIET = 0.5
SETTLE_TIMEOUT = 20.0
EMOJI_TIMEOUT = 60.0
# One time for every message: the page (and the README's pictures) do not change from run to
# run with the clock.
SHOWN_TIME = "2026-01-01T19:30:00+00:00"
PAGE_WIDTH = 860

KINDS = {
    "help": ("/uno help", "The short guide, privately, in the reader's language."),
    "lobby": ("The lobby", "A game opened with /uno create; Bob and Cid have joined."),
    "table": ("The table, mid-game", "The public table everyone sees, edited in place."),
    "hand": ("A hand with a decision", "A private hand (only its owner sees it) choosing the "
                                       "colour of a wild."),
    "round-end": ("The round's end", "The table when the round is won: every hand laid down "
                                     "with its points."),
}
SCREENSHOTS = ("lobby", "table", "hand", "round-end")  # the README's pictures, in English
CUSTOM_EMOJI = re.compile(r"<a?:\w+:(\d+)>")

log = logging.getLogger(__name__)


class PreviewError(Exception):
    """The scripted game did not reach a moment it should have."""


@dataclass
class Moment:
    kind: str
    title: str
    caption: str
    viewer: str  # whose screen it is
    # web.message_view's of the messages, their pictures inlined
    messages: list[dict[str, Any]] = field(default_factory=list)
    language: str = "en"  # the server's, which its tables and its people's answers speak


# --- reading payloads ----------------------------------------------------------------------------


def controls(message: SeenMessage) -> list[dict[str, Any]]:
    """The message's enabled buttons, wherever they are laid out."""
    return [b for b in message.buttons() if not b.get("disabled") and b.get("custom_id")]


def read(button: dict[str, Any]) -> UnoItem[Any] | None:
    """What a button does, read by the item that owns its id (bot/ui/items.py)."""
    return read_id(str(button["custom_id"]))


def matching(message: SeenMessage,
             test: Callable[[UnoItem[Any] | None], bool]) -> list[dict[str, Any]]:
    """The message's enabled buttons whose items pass `test`, in the message's order."""
    return [b for b in controls(message) if test(read(b))]


def lobby_button(message: SeenMessage, what: LobbyControl) -> dict[str, Any] | None:
    return next(iter(matching(message, lambda i: isinstance(i, LobbyButton) and i.what is what)),
                None)


def table_button(message: SeenMessage, what: TableControl) -> dict[str, Any] | None:
    return next(iter(matching(message, lambda i: isinstance(i, TableButton) and i.what is what)),
                None)


def deciding(*whats: DecisionControl) -> Callable[[UnoItem[Any] | None], bool]:
    """A hand's Draw, Pass, Challenge or Accept (the decision buttons named)."""
    return lambda item: isinstance(item, DecisionButton) and item.what in whats


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _emoji_ids(value: Any) -> set[int]:
    """The custom emoji a message shows: in its texts and on its buttons and options."""
    ids = {int(m) for text in _strings(value) for m in CUSTOM_EMOJI.findall(text)}
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            emoji = item.get("emoji")
            if isinstance(emoji, dict) and str(emoji.get("id") or "").isdigit():
                ids.add(int(emoji["id"]))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return ids


def data_uri(data: bytes, kind: str = "image/png") -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


def shown_emoji(moments: list[Moment], store: AppEmojiStore) -> dict[str, str]:
    """The pictures of the app's emoji the moments show (id -> data URI): the page needs no
    CDN. One the app does not have is left out, and the page shows it as `:name:`."""
    shown = set().union(*(_emoji_ids(m.messages) for m in moments))
    return {str(i): data_uri(store.emoji[i].image) for i in sorted(shown) if i in store.emoji}


# --- the scripted game ---------------------------------------------------------------------------


class Script:
    """Plays the game through the buttons people see and keeps the moments."""

    def __init__(self, playground: Playground, channel: Channel | None = None,
                 language: str = "en") -> None:
        self.playground = playground
        self.fake = playground.fake
        self.channel = channel or self.fake.home.channels[0]
        self.language = language
        self.people = list(playground.people.values())
        self.moments: dict[str, Moment] = {}

    @property
    def bot(self) -> UnoBot:
        assert self.playground.bot is not None
        return self.playground.bot

    def _channel_state(self) -> tuple[tuple[int, int, bool], ...]:
        """What the channel shows its people: each message with its number of edits."""
        return tuple((m.id, len(m.history), m.deleted) for person in self.people
                     for m in self.fake.messages_in(self.channel.id, person.id))

    async def settle(self, session: Session | None = None) -> None:
        """Wait until the bot has nothing left to show in this channel: no table edit pending,
        the table's picture (of `session`) current, and nothing new for a moment (games in
        other channels go on meanwhile)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_TIMEOUT
        seen: tuple[tuple[int, int, bool], ...] | None = None
        while loop.time() < deadline:
            busy = session is not None and (self.bot.table_feed.edits_pending(session.game_id)
                                            or not self.bot.tables.picture_current(session))
            if busy:
                seen = None
                await asyncio.sleep(0.05)
                continue
            state = self._channel_state()
            if state == seen:
                return
            seen = state
            await asyncio.sleep(QUIET)
        log.warning("the bot was still busy after %g s; keeping the moment as it is",
                    SETTLE_TIMEOUT)

    def keep(self, kind: str, viewer: Player, *messages: SeenMessage) -> None:
        title, caption = KINDS[kind]
        views = [copy.deepcopy(message_view(self.playground, m.stored)) for m in messages]
        for view in views:
            view["timestamp"] = SHOWN_TIME
            for attachment in view["attachments"]:
                data = self.fake.files.get(int(attachment["id"]))
                if data is not None:
                    attachment["url"] = data_uri(data)
                    attachment.pop("proxy_url", None)  # the offline Discord's, gone after the run
        self.moments[kind] = Moment(kind, title, caption, viewer.name, views, self.language)

    async def run(self) -> list[Moment]:
        ann, *others = self.people
        created = await (await ann.slash_in(self.channel, "uno create", {})).wait_acknowledged()
        lobby = created.response
        if lobby is None:
            raise PreviewError("/uno create was not answered with a lobby")
        for person in others:
            join = lobby_button(lobby, LobbyControl.JOIN)
            if join is None:
                raise PreviewError(f"the lobby has no Join button: {lobby.payload}")
            await person.click(lobby, custom_id=join["custom_id"])
        await self.settle()
        self.keep("lobby", ann, lobby)

        start = lobby_button(lobby, LobbyControl.START)
        if start is None:
            raise PreviewError(f"the lobby has no Start button: {lobby.payload}")
        await ann.click(lobby, custom_id=start["custom_id"])
        session = self.bot.games.in_channel(self.channel.id)
        if session is None:
            raise PreviewError("Start did not start a game")
        await self.fake.wait_for(lambda: session.message_id is not None, timeout=SETTLE_TIMEOUT)
        assert session.message_id is not None
        table = ann.message(session.message_id)
        await self.play_round(session, table)
        await self.settle(session)
        self.keep("round-end", ann, table)
        helped = await (await ann.slash_in(self.channel, "uno help", {})).wait_acknowledged()
        if helped.response is None:
            raise PreviewError("/uno help was not answered")
        await self.settle()
        self.keep("help", ann, helped.response)
        missing = [kind for kind in KINDS if kind not in self.moments]
        if missing:
            raise PreviewError(f"the game never showed {', '.join(missing)} "
                               f"(try another --seed)")
        return [self.moments[kind] for kind in KINDS]

    async def play_round(self, session: Session, table: SeenMessage) -> None:
        by_id = {str(p.id): p for p in self.people}
        for move in range(MAX_MOVES):
            if session.game.round_over:
                return
            if move == MID_GAME_AFTER and "table" not in self.moments:
                await self.settle(session)
                self.keep("table", self.people[0], table)
            player = by_id[str(session.view().turn)]
            hand_button = table_button(player.message(table.id), TableControl.HAND)
            if hand_button is None:
                await asyncio.sleep(0.05)  # the table's next edit brings its buttons back
                continue
            opened = await player.click(table, custom_id=hand_button["custom_id"])
            if opened.response is None:
                raise PreviewError(f"My hand of {player.name} opened nothing")
            await self.act(player, opened.response)
        raise PreviewError(f"the round did not end within {MAX_MOVES} moves")

    async def act(self, player: Player, hand: SeenMessage) -> None:
        """One move from a hand: a decision it asks for, else a card (wilds last, UNO called
        with the last-but-one card), else Pass, else Draw."""
        answers = deciding(DecisionControl.ACCEPT, DecisionControl.CHALLENGE)
        decision = matching(hand, lambda i: isinstance(i, ColorButton) or answers(i))
        if decision:
            await self.decide(player, hand, decision)
            return
        cards = matching(hand, lambda i: isinstance(i, PlayButton))
        wilds = matching(hand, lambda i: isinstance(i, PickButton))
        if cards:
            # With the UNO call where the hand offers it, so nobody is caught.
            chosen = max(cards, key=lambda b: isinstance(i := read(b), PlayButton)
                         and i.action.uno)
            await player.click(hand, custom_id=chosen["custom_id"])
        elif wilds:
            picked = await player.click(hand, custom_id=wilds[0]["custom_id"])
            if picked.response is None:
                raise PreviewError("a wild asked nothing")
            await self.decide(player, picked.response,
                              matching(picked.response, lambda i: isinstance(i, PlayButton)))
        else:
            fallback = (matching(hand, deciding(DecisionControl.PASS))
                        or matching(hand, deciding(DecisionControl.DRAW)))
            if not fallback:
                raise PreviewError(f"{player.name}'s hand offers no move: {hand.payload}")
            await player.click(hand, custom_id=fallback[0]["custom_id"])

    async def decide(self, player: Player, message: SeenMessage,
                     choices: list[dict[str, Any]]) -> None:
        if not choices:
            raise PreviewError(f"a decision without choices: {message.payload}")
        if "hand" not in self.moments:
            await self.settle()
            self.keep("hand", player, message)
        await player.click(message, custom_id=choices[0]["custom_id"])


def seeded(playground: Playground, seed: int) -> None:
    """Deal every game from `seed` (the bot draws a random one; the preview wants the same
    cards on every run)."""
    assert playground.bot is not None
    playground.bot.games.new_seed = lambda: seed


async def collect(*, seed: int = SEED, card_emoji: bool = True) -> tuple[list[Moment],
                                                                        dict[str, str],
                                                                        dict[str, str]]:
    """The moments of every language, the custom emoji pictures they show (id -> data URI) and
    the names of the people they may mention (id -> name). Each language's game is played in
    its own server at the same time as the others (preview_languages.py)."""
    with tempfile.TemporaryDirectory(prefix="uno-preview-") as folder:
        playground = Playground(Path(folder) / "preview.db", people=PEOPLE,
                                card_emoji=card_emoji)
        channels = add_servers(playground)
        await playground.start()
        try:
            playground.fake.wait_after_defer = 10.0  # a slow answer is awaited, not skipped
            bot = playground.bot
            assert bot is not None
            if card_emoji:
                try:
                    await asyncio.wait_for(bot.card_emoji.complete.wait(), EMOJI_TIMEOUT)
                except TimeoutError:
                    log.warning("the card faces were not all uploaded within %g s: some "
                                "cards show as text", EMOJI_TIMEOUT)
            await speak(playground, channels)
            seeded(playground, seed)
            played = await asyncio.gather(*(Script(playground, channel, code).run()
                                            for code, channel in channels.items()))
            moments = [moment for language in played for moment in language]
            problems = playground.problems()
            if problems:
                raise PreviewError("the bot did what Discord would refuse:\n"
                                   + "\n".join(problems))
            fake = playground.fake
            emoji = shown_emoji(moments, fake.app_emoji)
            names = {str(p.id): p.name for p in playground.people.values()}
            names[str(fake.application_id)] = fake.bot_user["username"]
            return moments, emoji, names
        finally:
            await playground.stop()


# --- the page ------------------------------------------------------------------------------------


def _script_json(value: Any) -> str:
    # Inside <script>, "</" would end the element.
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def page(moments: list[Moment], emoji: dict[str, str], names: dict[str, str]) -> str:
    """One HTML file that needs nothing else: messages.css/js of the playground, the preview's
    own layout (preview.css/js) and the data."""
    template = (STATIC / "preview.html").read_text(encoding="utf-8")
    data = {"moments": [asdict(m) for m in moments], "emoji": emoji, "names": names,
            "languages": languages(),
            "pictures": [{"kind": "names", "title": "Players' names in ten scripts",
                          "caption": "The table's picture draws every name in a font that has "
                                     "its letters, shaped (Arabic joined, right to left), "
                                     "with colour emoji where the system has them.",
                          "src": names_picture()}]}
    parts = {
        "/*STYLE*/": "\n".join((STATIC / name).read_text(encoding="utf-8")
                               for name in ("messages.css", "preview.css")),
        "/*DATA*/": f"const PREVIEW = {_script_json(data)};",
        "/*SCRIPT*/": "\n".join((STATIC / name).read_text(encoding="utf-8")
                                for name in ("messages.js", "preview.js")),
    }
    for marker, text in parts.items():
        template = template.replace(marker, text)
    return template


async def screenshots(html: Path, images: Path, kinds: list[str]) -> list[Path]:
    """One PNG of each kind's messages, as the page draws them, into `images`."""
    from .browser import chromium, wait_for

    saved = []
    async with chromium(html.resolve().as_uri(), width=PAGE_WIDTH, height=900) as page_:
        await wait_for(page_, "document.body?.dataset.drawn === 'true' && "
                              "[...document.images].every(i => i.complete)")
        for kind in kinds:
            path = images / f"preview-{kind}.png"
            await page_.locator(f"section[data-kind='{kind}'][data-language='en'] .chat"
                                ).screenshot(path=path)
            saved.append(path)
    return saved


async def build(out: Path, *, images: Path | None = None, seed: int = SEED,
                card_emoji: bool = True) -> tuple[Path, list[Path]]:
    """Write the page into `out` (and the screenshots into `images`, if given)."""
    moments, emoji, names = await collect(seed=seed, card_emoji=card_emoji)
    out.mkdir(parents=True, exist_ok=True)
    html = out / PAGE_NAME
    html.write_text(page(moments, emoji, names), encoding="utf-8")
    kinds = [m.kind for m in moments if m.language == "en" and m.kind in SCREENSHOTS]
    pictures = await screenshots(html, images, kinds) if images is not None else []
    return html, pictures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 dev.py preview", description=(
        "Render every kind of message of a game (lobby, table mid-game, a hand with a "
        "decision, the round's end) from the real bot on the offline Discord into one HTML "
        "page."))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"the folder of {PAGE_NAME} (default {DEFAULT_OUT.relative_to(ROOT)})")
    parser.add_argument("--screenshots", action="store_true",
                        help="also save one PNG per kind with headless Chromium")
    parser.add_argument("--images", type=Path, default=DEFAULT_IMAGES,
                        help="where --screenshots saves them (default "
                             f"{DEFAULT_IMAGES.relative_to(ROOT)}, which the README shows)")
    parser.add_argument("--seed", type=int, default=SEED, help="the deal (default %(default)s)")
    parser.add_argument("--no-emoji", action="store_true",
                        help="cards as text labels, without uploading the card-face emoji")
    args = parser.parse_args(argv)
    discord.utils.setup_logging(level=logging.WARNING)
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage())
    try:
        html, pictures = asyncio.run(build(args.out, images=args.images if args.screenshots
                                           else None, seed=args.seed,
                                           card_emoji=not args.no_emoji))
    except PreviewError as error:
        print(f"preview: {error}", file=sys.stderr)
        return 1
    print(f"wrote {html}")
    for picture in pictures:
        print(f"wrote {picture}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
