"""What players say at the table: the UNO call and catch (C-5), the slap (H-8), silence (H-5)."""

from __future__ import annotations

from ._state import Silence, Slap, TableState, illegal
from .cards import WILD_RANKS, Rank
from .errors import ErrorCode
from .events import Event, EventReason, EventType
from .rules import SilenceMode


class TalkRules(TableState):
    """What players say: uses only the state (a call or a catch draws cards, nothing more)."""

    # ------------------------------------------------------------------ UNO call and catch

    def _called_uno(self, seat: int, events: list[Event]) -> None:
        self.uno_called.add(seat)
        events.append(Event(EventType.UNO_CALLED, by=self.players[seat]))
        if self.options.uno_slap:
            # H-8: everyone else must put a hand on; play waits until the window settles.
            others = tuple(s for s in range(len(self.players)) if self.in_round[s] and s != seat)
            if others:
                self.slap = Slap(seat, others, len(others))

    def _on_uno(self, seat: int, events: list[Event]) -> None:
        if self.uno_owed == seat:
            self.uno_owed = None
            self._called_uno(seat, events)
            return
        if not self.options.false_uno_penalty:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "no UNO call is due")
        # C-5.4: a call that is not due costs 4 cards.
        events.append(Event(EventType.FALSE_UNO, by=self.players[seat]))
        self._draw(seat, 4, events, reason=EventReason.FALSE_UNO)

    def _on_catch(self, seat: int, target: str | None, events: list[Event]) -> None:
        owed = self.uno_owed
        if owed is None or owed == seat:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is nobody to catch")
        if target is None or target not in self._seat or target == self.players[seat]:
            raise illegal(ErrorCode.INVALID_TARGET, "name the player to catch")
        if self._seat[target] != owed:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, f"{target} cannot be caught")
        self.uno_owed = None  # caught once per window
        events.append(Event(EventType.CAUGHT, by=self.players[seat], target=target))
        self._draw(owed, 2, events, reason=EventReason.CAUGHT)

    # ------------------------------------------------------------------ H-8 slap

    def _on_slap(self, seat: int, events: list[Event]) -> None:
        slap = self.slap
        if slap is None or seat not in slap.waiting:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "there is nothing to slap")
        events.append(Event(EventType.SLAPPED, by=self.players[seat]))
        waiting = tuple(s for s in slap.waiting if s != seat)
        self._settle_slap(slap.by, waiting, slap.others, events)

    def _settle_slap(self, caller: int, waiting: tuple[int, ...], others: int,
                     events: list[Event]) -> None:
        """H-8: the last one to slap draws 2 (with two players the other's slap just closes it)."""
        if not waiting or others == 1:
            self.slap = None
        elif len(waiting) == 1:
            self.slap = None
            events.append(Event(EventType.SLAP_LOST, by=self.players[waiting[0]]))
            self._draw(waiting[0], 2, events, reason=EventReason.SLAP)
        else:
            self.slap = Slap(caller, waiting, others)
        if self.slap is None:
            events.append(Event(EventType.SLAP_CLOSED, by=self.players[caller]))

    def _on_slap_timeout(self, seat: int, events: list[Event]) -> None:
        slap = self.slap
        if slap is None:
            raise illegal(ErrorCode.NOT_ALLOWED_NOW, "no slap window is open")
        self.slap = None
        for late in slap.waiting:
            events.append(Event(EventType.SLAP_LOST, by=self.players[late]))
            self._draw(late, 2, events, reason=EventReason.SLAP)
        events.append(Event(EventType.SLAP_CLOSED, by=self.players[slap.by]))

    def _slap_without(self, seat: int, events: list[Event]) -> None:
        """C-10: a leaving player no longer has to slap; a leaving caller closes the window."""
        slap = self.slap
        if slap is None:
            return
        if slap.by == seat:
            self.slap = None
            events.append(Event(EventType.SLAP_CLOSED, by=self.players[seat]))
        elif seat in slap.waiting:
            waiting = tuple(s for s in slap.waiting if s != seat)
            self._settle_slap(slap.by, waiting, slap.others - 1, events)

    # ------------------------------------------------------------------ H-5 silence

    def _start_silence(self, seat: int, rank: Rank, events: list[Event]) -> None:
        mode = self.options.silence
        if mode == SilenceMode.TWOS and rank is Rank.TWO:
            self.silence = Silence(SilenceMode.TWOS, seat)
        elif mode == SilenceMode.WILDS and rank in WILD_RANKS:
            self.silence = Silence(SilenceMode.WILDS, seat, self.color)
        else:
            return
        events.append(Event(EventType.SILENCE_STARTED, by=self.players[seat]))

    def _on_speak(self, seat: int, events: list[Event]) -> None:
        """H-5: the first to break silence draws 2 and the silence ends; otherwise no effect."""
        if self.silence is None:
            return
        self.silence = None
        events.append(Event(EventType.SILENCE_BROKEN, by=self.players[seat]))
        self._draw(seat, 2, events, reason=EventReason.SILENCE)

    def _silence_over(self, events: list[Event]) -> None:
        """Checked after every action: twos last until the turn comes back to their player,
        wilds until the named colour changes."""
        silence = self.silence
        if silence is None:
            return
        if silence.kind is SilenceMode.TWOS:
            over = self.waiting_for == silence.by
        else:
            over = self.color is not silence.color
        if over or self.round_over:
            self.silence = None
            events.append(Event(EventType.SILENCE_ENDED, by=self.players[silence.by]))
