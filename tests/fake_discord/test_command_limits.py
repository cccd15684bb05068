"""The fake refuses the commands Discord would refuse (bot/fake_discord/command_limits.py)."""

from __future__ import annotations

from typing import Any

from bot.fake_discord.command_limits import check_commands


def _command(**changes: Any) -> dict[str, Any]:
    command: dict[str, Any] = {
        "name": "uno", "description": "Play UNO", "type": 1,
        "description_localizations": {"de": "UNO spielen", "es-419": "Jugar UNO"},
        "options": [{"type": 3, "name": "language", "description": "Your language",
                     "choices": [{"name": "Deutsch", "value": "de"},
                                 {"name": "日本語", "value": "ja"}]}]}
    command.update(changes)
    return command


def test_a_well_formed_command_passes() -> None:
    assert check_commands([_command()]) == []


def test_each_broken_rule_is_named() -> None:
    problems = check_commands([
        _command(name="Uno"),
        _command(description_localizations={"de": "x" * 101}),
        _command(description_localizations={"pt-PT": "Jogar"}),
        _command(name_localizations={"ja": "ウノ ゲーム"}),
        _command(options=[{"type": 3, "name": "pick", "description": "",
                           "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]),
    ])
    assert problems == [
        "Uno: name 'Uno'",
        "uno: description in de '" + "x" * 101 + "'",
        "uno: description localized for 'pt-PT', not a Discord locale",
        "uno: name in ja 'ウノ ゲーム'",
        "uno pick: description ''",
        "uno pick: 0 options, 26 choices",
    ]
