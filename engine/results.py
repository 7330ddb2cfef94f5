"""Final results of a game: places, rank points and each preset's final figure.

RULESETS.md §4.9 and §5.12: final table points (unclaimed sticks excluded) are
checked against the starting total (`total_check`), ranked with ties resolved
per `rank_tie`, and turned into the preset's result — pt with rank points
(`uma_mode` fixed or float, plus `oka`), or plain points against the return
points where a preset has no rank points (gifu; renmei_classic, whose return
points are 0, so its result is the raw points). Penalties recorded during the
game (`chombo_penalty_*`, `call_word_penalty`) apply to the result, never to
the table points (§5.13).

Arithmetic is exact (fractions) and converted to float only at the end, so
split rank points such as (50 + 10) / 2 come out as the rulebooks print them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.ruleset import Ruleset

PT = 1000  # table points per result pt (000 第38条: 100 points = 0.1 pt)

# Given the tied seats (ascending), return them best first (rank_tie = "external":
# 001 第4章3 breaks ties by data outside the game, e.g. event win rate).
TieBreak = Callable[[tuple[int, ...]], Sequence[int]]


@dataclass(frozen=True, slots=True)
class FinalResult:
    """One player's line of the final table."""

    seat: int
    points: int  # final table points (after total_check)
    rank: int  # 1-4; tied players share the better rank
    uma: float  # rank points incl. oka (pt), shares split on ties
    result: float  # pt where the preset has rank points, else points against the return


def final_results(
    points: Sequence[int],
    ruleset: Ruleset,
    *,
    chombos: Sequence[int] | None = None,
    call_word_penalties: Sequence[int] | None = None,
    tie_break: TieBreak | None = None,
) -> list[FinalResult]:
    """The final result of every seat, ordered by seat (RULESETS.md §4.9).

    `chombos` and `call_word_penalties` count each seat's recorded penalties.
    `tie_break` is used only where `rank_tie` is "external"; without it, or under
    "split"/"shared", tied players share the better place and split the rank points
    of the places they occupy (000 第39条ハ, 002 J:順位点, 003 §28 "折半"), which
    keeps the rank points summing to zero.
    """
    seats = len(points)  # four, or three (RULESETS.md §9)
    chombos = (0,) * seats if chombos is None else chombos
    call_word_penalties = (0,) * seats if call_word_penalties is None else call_word_penalties
    if not (len(chombos) == len(call_word_penalties) == seats):
        raise ValueError("points, chombos and call_word_penalties need one entry per seat")
    groups = _places(points, ruleset, tie_break)
    final = _total_check(points, groups[0], ruleset)
    place_points = _place_points(final, ruleset)

    in_pt = ruleset.uma_mode != "none" or ruleset.oka != 0
    rows: list[FinalResult | None] = [None] * seats
    place = 0
    for group in groups:
        share = sum(place_points[place : place + len(group)], Fraction(0)) / len(group)
        for seat in group:
            penalty = _penalty_points(chombos[seat], call_word_penalties[seat], ruleset)
            figure = final[seat] - ruleset.return_points + penalty  # in table points
            result = Fraction(figure, PT) + share if in_pt else figure + share * PT
            rows[seat] = FinalResult(seat, final[seat], place + 1, float(share), float(result))
        place += len(group)
    out = [row for row in rows if row is not None]
    if in_pt and ruleset.result_rounding == "thousand_gosha_rokunyu":
        out = _rounded(out, [seat for group in groups for seat in group], ruleset, penalties=[
            _penalty_points(chombos[s], call_word_penalties[s], ruleset) for s in range(seats)
        ])
    return out


def gosha_rokunyu(points: int) -> int:
    """Points in thousands as Tenhou rounds them: 五捨六入 on the hundreds of the
    amount, the sign kept: -24,500 → -24, -7,600 → -8, 12,500 → 12, 12,600 → 13
    (the records' `owari`, §8.1: 7386… has 5,500 → -24.5 → -44.0 with its uma)."""
    hundreds = abs(points) // 100
    rounded = (hundreds + 4) // 10
    return -rounded if points < 0 else rounded


def _rounded(
    rows: list[FinalResult], order: list[int], ruleset: Ruleset, penalties: Sequence[int]
) -> list[FinalResult]:
    """`result_rounding = "thousand_gosha_rokunyu"`: every place but the first is its
    points against the return rounded to thousands plus its rank points; the first
    takes what makes the results sum to zero (Tenhou's `owari`)."""
    out = list(rows)
    others = Fraction(0)
    for seat in order[1:]:
        row = rows[seat]
        base = gosha_rokunyu(row.points - ruleset.return_points) + Fraction(row.uma)
        others += base
        out[seat] = dataclasses.replace(
            row, result=float(base + Fraction(penalties[seat], PT))
        )
    first = order[0]
    out[first] = dataclasses.replace(
        rows[first], result=float(-others + Fraction(penalties[first], PT))
    )
    return out


def _places(
    points: Sequence[int], ruleset: Ruleset, tie_break: TieBreak | None
) -> list[tuple[int, ...]]:
    """Seats grouped by equal points, best first; a group of several is a tie."""
    groups: list[tuple[int, ...]] = []
    for value in sorted(set(points), reverse=True):
        tied = tuple(seat for seat, p in enumerate(points) if p == value)
        if len(tied) > 1 and ruleset.rank_tie == "seat_order":
            groups.extend((seat,) for seat in tied)  # Tenhou: from the first dealer on
        elif len(tied) > 1 and ruleset.rank_tie == "external" and tie_break is not None:
            order = tuple(tie_break(tied))
            if sorted(order) != list(tied):
                raise ValueError(f"tie_break must order exactly the seats {tied}, got {order}")
            groups.extend((seat,) for seat in order)
        else:
            groups.append(tied)
    return groups


def _total_check(points: Sequence[int], first: tuple[int, ...], ruleset: Ruleset) -> list[int]:
    """Take any excess over the starting total from first place, after ranking.

    000 第37条, 004 ルール③ (§6 A7): a sum above seats × starting points is a
    miscount taken from the player ranked first; places stay as ranked. Players tied
    for first share the excess equally (the rulebooks do not say; the lower seat
    takes any odd point). A shortfall is kept.
    """
    final = list(points)
    excess = sum(points) - len(points) * ruleset.starting_points
    if ruleset.total_check == "excess_from_first" and excess > 0:
        each, odd = divmod(excess, len(first))
        for i, seat in enumerate(first):
            final[seat] -= each + (1 if i < odd else 0)
    return final


def _place_points(final: Sequence[int], ruleset: Ruleset) -> list[Fraction]:
    """Rank points (pt) of places 1..4, oka included in first place."""
    if ruleset.uma_mode == "fixed":
        row: Sequence[int] = ruleset.uma
    elif ruleset.uma_mode == "float":
        # 002 J:順位点, 003 §28; §6 A14: floating is ≥ the return points, no floater
        # uses the one-float row. Four floaters (only possible at exactly 30,000 each,
        # a four-way tie worth 0) use the three-float row; every row sums to 0.
        if ruleset.float_at_return:
            floaters = sum(p >= ruleset.return_points for p in final)
        else:
            floaters = sum(p > ruleset.return_points for p in final)
        row = ruleset.uma_float[min(max(floaters, 1), len(ruleset.uma_float)) - 1]
    else:
        row = (0,) * len(final)
    out = [Fraction(v) for v in row]
    out[0] += ruleset.oka  # 000 第39条イ: oka goes to first place
    return out


def _penalty_points(chombos: int, call_words: int, ruleset: Ruleset) -> int:
    """Recorded penalties in table points (negative), applied to the result only (§5.13)."""
    penalty = ruleset.call_word_penalty * call_words  # 004 罰則②: points
    if ruleset.chombo_penalty_kind == "result_pt":
        penalty += ruleset.chombo_penalty_value * PT * chombos  # 000 第52条ト, 003 §25
    elif ruleset.chombo_penalty_kind == "result_points":
        penalty += ruleset.chombo_penalty_value * chombos  # 004 罰則①
    # classic_half_mangan is paid in table points at once (settlement.chombo_payments).
    return penalty


def session_total(games: Sequence[Sequence[FinalResult]]) -> list[float]:
    """Each seat's total over a session (teiai: four hanchan summed, 003 §1, §28).

    Penalties are already in each game's result, so the sum includes them once.
    Rounded to 1e-6 to drop binary noise from adding decimal pt figures.
    """
    seats = max((len(game) for game in games), default=4)
    figures: list[list[float]] = [[] for _ in range(seats)]
    for game in games:
        for row in game:
            figures[row.seat].append(row.result)
    return [round(math.fsum(values), 6) for values in figures]
