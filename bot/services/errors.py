"""The one way a service says no: a locale key and its parameters, rendered by the cog in the
clicking user's language (services never hold user-facing text)."""

from __future__ import annotations


class Refusal(Exception):
    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class Key(str):
    """A parameter that is itself a locale key (e.g. an option's name), translated together
    with the message in the reader's language."""
