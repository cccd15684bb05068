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
