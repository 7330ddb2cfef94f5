"""Self-checks of a game in progress (Mortal-style: recompute, compare, complain).

`validate(game)` returns the list of violated invariants (empty when all hold):
every one of the 136 tiles is in exactly one place, points plus sticks equal
the starting total, each hand has the size its melds and the turn imply, and
every applied action was legal when applied (the engine refuses others, so
this checks the log of actions against the count of decisions). The sim runs
it after every applied action.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from rules.tiles import Tile

from .game import STICK
from .wall import full_set


@cache
def _expected(red_fives: int) -> list[int]:
    counts = [0] * 68
    for tile in full_set(red_fives):
        counts[tile.kind * 2 + tile.red] += 1
    return counts

if TYPE_CHECKING:
    from .game import Game


class InvariantViolation(AssertionError):
    """Raised by `check` with every violation in the message."""


def validate(game: Game) -> list[str]:
    problems: list[str] = []
    total = sum(game.scores) + STICK * game.sticks
    if total != game.start_total:
        problems.append(
            f"points not conserved: scores {game.scores} + {game.sticks} sticks = {total}, "
            f"expected {game.start_total}"
        )
    h = game.hand
    if h is None:
        return problems
    placed = [0] * 68  # kind * 2 + red
    for s in h.seats:
        for tile in s.hand:
            placed[tile.kind * 2 + tile.red] += 1
        for meld in s.melds:
            for tile in meld.tiles:
                placed[tile.kind * 2 + tile.red] += 1
        for entry in s.river:
            if entry.called_by is None:  # a called tile lies in the caller's meld
                placed[entry.tile.kind * 2 + entry.tile.red] += 1
    for tile in h.wall.live_tiles():
        placed[tile.kind * 2 + tile.red] += 1
    for tile in h.wall.dead_tiles():
        placed[tile.kind * 2 + tile.red] += 1
    if placed != _expected(game.ruleset.red_fives):
        got = Counter({Tile(i // 2, bool(i % 2)): n for i, n in enumerate(placed) if n})
        want = Counter(full_set(game.ruleset.red_fives))
        extra = {str(t): n for t, n in (got - want).items()}
        missing = {str(t): n for t, n in (want - got).items()}
        problems.append(f"tiles not accounted for: extra {extra}, missing {missing}")
    if h.phase in ("turn", "claim", "declare"):
        for seat, s in enumerate(h.seats):
            size = len(s.hand) + 3 * len(s.melds)
            # The seat on turn holds 14 (a quad counted as 3); everyone else 13, the
            # kan maker too while a chankan window is open.
            want = 14 if h.phase == "turn" and seat == h.turn else 13
            if size != want:
                problems.append(f"seat {seat} holds {size} tiles (melds as 3), expected {want}")
    return problems


def check(game: Game) -> None:
    problems = validate(game)
    if problems:
        raise InvariantViolation("; ".join(problems))


__all__ = ["InvariantViolation", "check", "validate"]
