"""The simulation core's cards and actions as small integers (classic rules, RULES.md C-1).

A card is `colour * 13 + rank` for the 52 coloured faces (colours R, Y, G, B; ranks 0-9, Skip,
Reverse, Draw Two, the order of the engine's `classic_deck`), 52 for Wild and 53 for Wild Draw
Four. An action is one integer too (`PLAY_*`, `DRAW`, ...), so a legal-action list is a list of
ints and applying one is a branch on ranges: no objects are built per step.
"""

from __future__ import annotations

N_COLORS = 4
SKIP, REVERSE, DRAW_TWO = 10, 11, 12  # rank indices of the coloured action cards
WILD, WILD_FOUR = 52, 53  # card ids of the wild cards
N_CARDS = 54

COLOR = tuple([c // 13 for c in range(52)] + [-1, -1])  # -1: a wild card (no colour)
RANK = tuple([c % 13 for c in range(52)] + [13, 14])
# C-8.2: numbers score their face, coloured actions 20, wild cards 50.
POINTS = tuple([(c % 13 if c % 13 < 10 else 20) for c in range(52)] + [50, 50])


def classic_deck_ids() -> list[int]:
    """The 108 cards in the order of the engine's `classic_deck` (C-1): per colour one 0 and
    two of every other rank, then four Wilds and four Wild Draw Fours."""
    deck: list[int] = []
    for color in range(N_COLORS):
        deck.append(color * 13)
        for rank in range(1, 13):
            deck += [color * 13 + rank] * 2
    return deck + [WILD] * 4 + [WILD_FOUR] * 4


# Actions. A play of a coloured card is the card id; a wild is played naming a colour. `UNO`
# added to a play marks the play of one's next-to-last card with the UNO call (C-5).
PLAY_WILD = 52  # 52 + colour: a Wild naming that colour
PLAY_WILD_FOUR = 56  # 56 + colour: a Wild Draw Four naming that colour
UNO = 64
DRAW = 128
PASS = 129
CHALLENGE = 130
ACCEPT = 131
COLOR_BASE = 132  # 132 + colour: name the colour (a wild start card, C-3.3)
NEXT_ROUND = 140
# House rules (RULES.md H; `bot.sim.house`): a slap is the slapping seat's own action, a 7 under
# H-3 names its target and an H-6 swap its card and target, so these carry a seat.
SLAP_TIMEOUT = 141  # H-8: the window's time ran out
SLAP = 144  # 144 + seat: that seat puts its hand on (H-8)
TARGETED = 256  # 256 + target * 128 + play: a play naming another seat (a 7 under H-3)
SWAP = 2048  # 2048 + target * 64 + card: H-6's offer (or answer) of a card to a seat


def play_card(action: int) -> int:
    """The card an action plays (-1 for an action that plays none)."""
    if action >= DRAW:
        return -1
    base = action & ~UNO
    if base < PLAY_WILD:
        return base
    return WILD if base < PLAY_WILD_FOUR else WILD_FOUR


def targeted(play: int, target: int) -> int:
    """A play naming `target` (H-3's 7)."""
    return TARGETED + target * 128 + play


def swap(card: int, target: int) -> int:
    """H-6: `card` offered to (or given back to) `target`."""
    return SWAP + target * 64 + card


def played_color(action: int) -> int:
    """The colour a play leaves in force (a wild's named colour)."""
    base = action & ~UNO
    return COLOR[base] if base < PLAY_WILD else (base - PLAY_WILD) % N_COLORS
