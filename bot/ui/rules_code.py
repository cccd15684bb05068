"""A won match's rule set in a few characters of a button's id (`MatchButton`, bot/ui/items.py):
the match is gone from memory and from the games table once it is won, so the id keeps what its
Rematch and Rules buttons need. The code and its reader are one pair, kept here."""

from __future__ import annotations

import re

from bot.engine import SILENCE_VALUES, RuleSet

# The on/off options, in the order of the bits of a rules code. Append only: an id already
# posted reads its bits in this order (a missing trailing bit is an option then unknown: off).
RULE_SWITCHES = ("false_uno_penalty", "draw_until_playable", "jump_in", "seven_zero",
                 "stacking", "stack_mixed", "swap_on_five", "lazy_scoring", "uno_slap",
                 "colours_around", "draw_ten_blanks", "reverse_bounce", "play_to_last",
                 "seven_stages", "penalty_scoring", "deflect_skip", "deflect_draw_two",
                 "reverse_chain", "wild_four_deflect", "wild_four_challenge_returns")
RULES_PATTERN = (r"(?P<preset>[a-z_]{1,8})\.(?P<switches>[0-9a-f]{1,8})\.(?P<silence>[otw])\."
                 r"(?P<target>[0-9]{1,4})\.(?P<cap>[0-9]{1,3})")


def rules_code(rules: RuleSet) -> str:
    """A rule set in a few characters of an id (the match is gone from memory and from the
    games table once it is won; the id keeps what its buttons need): the preset, the switches
    as hex bits, the silence (H-5), the target and the draw cap (H-1)."""
    options = rules.options
    bits = sum(1 << i for i, name in enumerate(RULE_SWITCHES) if getattr(options, name))
    return f"{rules.preset}.{bits:x}.{options.silence[0]}.{options.target_score}.{options.draw_cap}"


def read_rules(match: re.Match[str]) -> RuleSet:
    """The rule set of a `rules_code`; raises (RulesError) if the engine refuses it."""
    bits = int(match["switches"], 16)
    silence = next(v for v in SILENCE_VALUES if v[0] == match["silence"])
    overrides: dict[str, object] = {name: bool(bits >> i & 1)
                                    for i, name in enumerate(RULE_SWITCHES)}
    overrides |= {"silence": silence, "target_score": int(match["target"]),
                  "draw_cap": int(match["cap"])}
    return RuleSet.build(match["preset"], overrides)
