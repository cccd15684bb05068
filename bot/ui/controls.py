"""The closed words of the public controls: what a lobby, table or final-table button does.
Each value is the part of the button's custom id that says it (bot/ui/items.py builds and
reads the ids); the items and the cogs dispatch on the members, never on strings."""

from __future__ import annotations

from enum import StrEnum


class LobbyControl(StrEnum):
    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    ADD_AI = "add_ai"  # opens the host's picker of levels
    REMOVE_AI = "remove_ai"  # opens the host's picker of seated AIs
    AI_LEVEL = "ai"  # on the picker: add an AI of `level` (id `ai_<level>`)
    UNSEAT = "unseat"  # on the picker: take out the AI `ai_user` (id `unseat_<-ai_user>`)


class TableControl(StrEnum):
    """What a table button does; each value is its id's last part (`uno:t:<game>:<value>`)."""

    HAND = "hand"
    UNO = "uno"
    CATCH = "catch"
    RULES = "rules"
    JUMP = "jump"
    SLAP = "slap"
    NEXT = "next"
    STACK = "stack"
    DEFLECT = "deflect"
    BOUNCE = "bounce"
    SWAP = "swap"
    RECLAIM = "reclaim"
    WATCH = "watch"


class MatchControl(StrEnum):
    """The buttons under a won match's table (`uno:m:<value>:...`)."""

    REMATCH = "rematch"
    RULES = "rules"


class DecisionControl(StrEnum):
    """A decision's buttons (`uno:c:<game>:<version>:<value>`): Draw, Pass (or keep the cards),
    Slap on a hand only; Challenge and Accept on the table too, for the player who decides."""

    DRAW = "draw"
    PASS = "pass"
    SLAP = "slap"
    CHALLENGE = "challenge"
    ACCEPT = "accept"

    @property
    def hand_only(self) -> bool:
        return self in (DecisionControl.DRAW, DecisionControl.PASS, DecisionControl.SLAP)


class PageWay(StrEnum):
    """How a hand's page button moves (`uno:c:...:page:<page>:<value>`): the way is part of the
    id because, with two pages, both arrows lead to the same page and Discord refuses equal ids."""

    PREV = "prev"
    NEXT = "next"
    BACK = "back"  # from a card's choices to the hand
    REFRESH = "refresh"  # renews a hand whose token is about to expire


class TournamentControl(StrEnum):
    """The sign-up board's buttons (`uno:n:<value>:<tournament>`)."""

    JOIN = "join"
    LEAVE = "leave"
    CHECKIN = "checkin"
    START = "start"
