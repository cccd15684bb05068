"""Which token edits each public table (issue 29), for the publisher (bot/outlets/publisher.py).

The answer that posted a table, and every click on the table answered by updating it
(UPDATE_MESSAGE or DEFERRED_UPDATE_MESSAGE), has the table as its `@original` for 15 minutes
(docs/DISCORD-FACTS.md, "Which edits of the public table an interaction token may make"): the
newest of them is the table's *pen*, and its edits spend nothing of the bot token's 50 requests
a second. A table without a live pen is edited with the bot token, and then waits for its fair
share of TABLE_SHARE of the request budget between two edits (`edit_wait`): when the budget is
short, a table catches up less often, in one edit that shows all it missed, rather than
spending a request on every move.
"""

from __future__ import annotations

import enum

from bot.clock import Clock
from bot.interactions import Interaction
from bot.services.session import Session
from bot.ui.answers import Sent

# Seconds of a pen's life (an interaction token's 15 minutes) under which it is not used any more:
# an edit sent just before the end may arrive after it.
PEN_MARGIN = 30.0

# What table edits with the bot token may spend of the request budget, at most, shared evenly by
# the tables edited that way of late (SHARE_HORIZON seconds): the rest is for pings, lobbies,
# new tables. A table waits at most MAX_GAP seconds between two such edits.
TABLE_SHARE = 0.5
SHARE_HORIZON = 60.0
MAX_GAP = 30.0
PRUNE_EVERY = 1.0  # seconds between two clean-ups of what is known, at least


class PenSource(enum.StrEnum):
    """Which answers may become a table's pen. Always ALL in the bot; benchmarks/bot_load.py
    compares it with a game more than 15 minutes old (CLICKS: the answer that posted the table
    has expired, clicks on the table still give pens) and with no pen at all (NONE)."""

    ALL = "all"
    CLICKS = "clicks"
    NONE = "none"


class TablePens:
    """The pens of the tables of this process, and when each was last edited with the bot
    token."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self.source = PenSource.ALL
        self._pens: dict[str, Sent] = {}  # game id -> its table's newest pen
        self._bot_edits: dict[str, float] = {}  # game id -> its table's last bot-token edit
        self._pruned_at = 0.0

    def posted(self, session: Session, sent: Sent) -> None:
        """`sent`, the answer to a command or click, is the game's table message."""
        if not session.via_tokens and self.source is PenSource.ALL:
            self._pens[session.game_id] = sent

    def clicked(self, session: Session, interaction: Interaction) -> None:
        """A click on the table answered by updating it: its token is the table's newest pen."""
        clicked = interaction.message
        if (clicked is not None and clicked.id == session.message_id and not session.via_tokens
                and self.source is not PenSource.NONE):
            self._pens[session.game_id] = Sent(interaction, None, message_id=clicked.id)
            self._prune(self._clock.now())

    def pen(self, session: Session) -> Sent | None:
        """The newest answer whose token edits the game's table message now, if one lives."""
        pen = self._pens.get(session.game_id)
        if pen is None or self.source is PenSource.NONE:
            return None
        if pen.message_id != session.message_id or not self._alive(pen, self._clock.now()):
            del self._pens[session.game_id]  # another message, or a token at its end
            return None
        return pen

    def refused(self, session: Session, pen: Sent) -> None:
        """Discord refused the pen: the bot token edits the table until a new click."""
        if self._pens.get(session.game_id) is pen:
            del self._pens[session.game_id]

    def spent_bot_token(self, session: Session) -> None:
        self._bot_edits[session.game_id] = self._clock.now()

    def forget(self, session: Session) -> None:
        """The game's table was shown for the last time."""
        self._bot_edits.pop(session.game_id, None)
        self._pens.pop(session.game_id, None)

    def edit_wait(self, session: Session, rate: float) -> float:
        """Seconds before the table's next edit may go (0: now), with a request budget of
        `rate` a second. An edit through a pen goes at once; one with the bot token waits for
        its table's share of the budget: TABLE_SHARE of it, shared by the tables edited so of
        late. Changes made meanwhile merge into the edit (the table catches up at once)."""
        if session.message_id is None or self.pen(session) is not None:
            return 0.0
        last = self._bot_edits.get(session.game_id)
        if last is None:
            return 0.0
        now = self._clock.now()
        self._prune(now)
        gap = min(MAX_GAP, len(self._bot_edits) / (rate * TABLE_SHARE))
        return max(0.0, last + gap - now)

    @staticmethod
    def _alive(pen: Sent, now: float) -> bool:
        return pen.expires_at is not None and pen.expires_at - now > PEN_MARGIN

    def _prune(self, now: float) -> None:
        """Forget bot-token edits older than SHARE_HORIZON and pens past their life (those of
        games that ended without a last edit too)."""
        if now - self._pruned_at < PRUNE_EVERY:
            return
        self._pruned_at = now
        for game_id, edited in list(self._bot_edits.items()):
            if edited < now - SHARE_HORIZON:
                del self._bot_edits[game_id]
        for game_id, pen in list(self._pens.items()):
            if not self._alive(pen, now):
                del self._pens[game_id]
