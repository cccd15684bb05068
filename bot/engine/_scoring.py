"""Going out, the end of a round, scores and matches: C-8, C-10's forfeit, H-7, H-12, H-13, H-14."""

from __future__ import annotations

from ._state import TableState
from .events import Event, EventReason, EventType
from .rules import ScoringMode


class ScoringRules(TableState):
    """Going out and scoring: uses only the state."""

    def _is_last_card(self, seat: int) -> bool:
        """Would emptying this hand take the player out (not merely end an H-13 stage)?"""
        return not self.options.seven_stages or self.stages[seat] == 1

    def _settle_if_empty(self, seat: int, events: list[Event]) -> None:
        """Call once the effect of a player's card is settled (C-8.1): an empty hand goes out,
        or under H-13 draws its next, smaller stage hand."""
        if self.hands[seat] or not self.in_round[seat] or self.round_over:
            return
        if not self._is_last_card(seat):
            size = self.stages[seat] - 1
            self.stages[seat] = size
            events.append(Event(EventType.STAGE_CLEARED, by=self.players[seat], amount=size))
            self._draw(seat, size, events, reason=EventReason.STAGE)
            return
        self._went_out(seat, events)

    def _went_out(self, seat: int, events: list[Event]) -> None:
        self.finished.append(seat)
        if self.options.play_to_last:
            events.append(Event(EventType.WENT_OUT, by=self.players[seat],
                                amount=len(self.finished)))
        if self.round_winner is None:
            self.round_winner = seat
            self._score_round_winner(seat, events)
        if not self.options.play_to_last:
            self._end_round(events)
            return
        # H-12: the round goes on without them until one player still holds cards.
        self.in_round[seat] = False
        if self.uno_owed == seat:
            self.uno_owed = None
        if self.in_round_count <= 1:
            self._end_round(events)
        elif self.turn == seat:
            self.turn = self._next(seat)

    def _score_round_winner(self, seat: int, events: list[Event]) -> None:
        """C-8.2: the winner scores every other hand, counted now (H-12: as they go out)."""
        points = 0
        if self.options.scoring is ScoringMode.CLASSIC:
            points = sum(c.points for s, hand in enumerate(self.hands) if s != seat for c in hand)
            self.scores[seat] += points
        events.append(Event(EventType.ROUND_WON, by=self.players[seat], amount=points))

    def _close_table(self) -> None:
        """The round is over: nothing waits any more."""
        self.round_over = True
        self.turn = None
        self.pending = None
        self.drawn = None
        self.uno_owed = None
        self.slap = None
        self.silence = None
        self.skip_next.clear()

    def _end_round(self, events: list[Event]) -> None:
        self._close_table()
        winner = self.round_winner
        remaining = [s for s in range(len(self.players)) if self.in_round[s] and s != winner]
        if self.options.play_to_last and len(remaining) == 1:
            self.round_loser = remaining[0]
        scoring = self.options.scoring
        if scoring is ScoringMode.LAZY:
            self._lazy_loser(events)
        elif scoring is ScoringMode.PENALTY:
            self._add_penalty_points(events)
        elif winner is not None and self.scores[winner] >= self.options.target_score:
            self._win_match(winner, events)

    def _lazy_loser(self, events: list[Event]) -> None:
        """H-7: the player left holding the most points loses and deals next; the winner plays
        first next round. Ties go to the earliest seat clockwise after the winner."""
        winner = self.round_winner
        assert winner is not None
        n = len(self.players)
        order = [(winner + i) % n for i in range(1, n)]
        holders = [s for s in order if self.active[s] and s not in self.finished]
        if self.options.play_to_last and self.round_loser is not None:
            loser = self.round_loser
        else:
            loser = max(holders, key=lambda s: sum(c.points for c in self.hands[s]))
        self.round_loser = loser
        self.first_player = winner
        events.append(Event(EventType.ROUND_LOST, by=self.players[loser]))

    def _add_penalty_points(self, events: list[Event]) -> None:
        """H-14: everyone adds their own hand (with H-12, only the last player); lowest wins."""
        n = len(self.players)
        points = [0] * n
        for s in range(n):
            if not self.active[s]:
                continue
            if self.options.play_to_last and s != self.round_loser:
                continue
            points[s] = sum(c.points for c in self.hands[s])
            self.scores[s] += points[s]
            if points[s]:
                events.append(Event(EventType.PENALTY_POINTS, by=self.players[s], amount=points[s]))
        self.last_round_points = points
        target = self.options.target_score
        if not any(self.scores[s] >= target for s in range(n) if self.active[s]):
            return
        # Tie-break: lower last-round points, then the earliest seat after this round's dealer.
        order = [(self.dealer + i) % n for i in range(1, n + 1)]
        contenders = [s for s in order if self.active[s]]
        best = min(contenders, key=lambda s: (self.scores[s], points[s], order.index(s)))
        self._win_match(best, events)

    def _win_match(self, seat: int, events: list[Event]) -> None:
        self.match_winner = seat
        events.append(Event(EventType.MATCH_WON, by=self.players[seat], amount=self.scores[seat]))

    def _win_by_forfeit(self, events: list[Event]) -> None:
        """C-10: the last player left wins the round and the match, scoring nothing."""
        seat = self.active.index(True)
        self.round_winner = seat
        if seat not in self.finished:
            self.finished.append(seat)
        name = self.players[seat]
        events.append(Event(EventType.ROUND_WON, by=name, amount=0, reason=EventReason.FORFEIT))
        self._close_table()
        self.match_winner = seat
        events.append(Event(EventType.MATCH_WON, by=name, amount=self.scores[seat],
                            reason=EventReason.FORFEIT))
