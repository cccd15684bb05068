"""Golden cases of section P: what each preset switches on, and what it leaves off."""

from __future__ import annotations

from typing import Any

from tests.engine.golden_cases.house_h1_h3 import (
    J3,
    Z3,
)
from tests.engine.golden_dsl import (
    P3,
    case,
    ok,
    opts,
    play,
    refused,
    without,
)

# ================================================================ P presets

def p() -> None:
    kw: dict[str, Any] = {"players": P3, "hands": J3, "start": "R3"}
    case("P_cnuno_by_name", "P",
         "P: `\"rules\": \"cnuno\"` names the preset: jump-in (cid's R7) and N-1 (ann's Skip "
         "waits for bob) are in force",
         **kw, rules="cnuno",
         actions=[play("ann", "R7"), play("cid", "R7"), play("ann", "RS")],
         expect={"turn": "bob", "top": "RS",
                 "pending": {"kind": "skip", "victim": "bob", "by": "ann"}, **ok(3)})
    case("P_cnuno_preset_object", "P",
         "P: `{\"preset\": \"cnuno\"}` is the same preset",
         **kw, rules={"preset": "cnuno"},
         actions=[play("ann", "R7"), play("cid", "R7"), play("ann", "RS")],
         expect={"turn": "bob", "pending": {"kind": "skip", "victim": "bob", "by": "ann"},
                 **ok(3)})
    case("P_cnuno_option_override", "P",
         "P/REPLAY.md: an option given overrides the preset's value: cnuno without jump_in "
         "refuses cid's R7",
         **kw, rules=opts("cnuno", jump_in=False),
         actions=[play("ann", "R7"), play("cid", "R7")],
         expect={"turn": "bob", **refused(1, "not_your_turn")})
    case("P_house_option_in_cnuno", "P",
         "P: an H option can be switched on in the cnuno preset: seven_zero's 0 passes hands",
         players=P3, hands=Z3, start="R3", rules=opts("cnuno", seven_zero=True),
         actions=[play("ann", "R0")],
         expect={"turn": "bob", "hands": {"ann": Z3["cid"], "bob": without(Z3["ann"], "R0"),
                                          "cid": Z3["bob"]}, **ok(1)})
    case("P_classic_ignores_house_rules", "P",
         "P: the classic preset is C only: cid's identical R7 out of turn is refused",
         **kw, rules="classic", actions=[play("ann", "R7"), play("cid", "R7")],
         expect={"turn": "bob", **refused(1, "not_your_turn")})


SECTIONS = (p,)
