"""What a win would do to a game, asked outside a game: the payments, the points
after, the final places and whether the game ends there.

A drill (the all-last question, `tui.learn.alllast`) poses a position that no
`Game` holds and asks what a win of a given value does to it. The answer is the
referee's own: `engine.settlement.win_payments` (honba and riichi sticks
included), `engine.ending.next_hand` (does the game end) and
`engine.results.final_results` (places with the ruleset's tie rule). A client
gets the answer as data and never imports the referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.ruleset import Ruleset
from rules.scoring import ScoreResult

from .ending import last_round
from .ending import next_hand as _next_hand
from .results import final_results
from .settlement import TABLE, Payment, win_payments
from .state import Round

__all__ = ["Payment", "WinOutcome", "last_round_wind", "places", "win_outcome"]


@dataclass(frozen=True, slots=True)
class WinOutcome:
    """One win's effect: who paid whom, the points after, each seat's final place
    (1-4, by seat) and whether the game is over after it."""

    payments: tuple[Payment, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    over: bool


def last_round_wind(ruleset: Ruleset) -> int:
    """The last round of the ruleset's game length (0 East .. 3 North)."""
    return last_round(ruleset)


def places(scores: Sequence[int], ruleset: Ruleset) -> tuple[int, ...]:
    """Each seat's place (1-4) if the game ended on `scores`, ties by the ruleset."""
    return tuple(row.rank for row in final_results(list(scores), ruleset))


def win_outcome(
    ruleset: Ruleset,
    scores: Sequence[int],
    result: ScoreResult,
    *,
    round_wind: int,
    dealer: int,
    honba: int,
    sticks: int,
    winner: int,
    discarder: int | None,
) -> WinOutcome:
    """The effect of `winner` (not the dealer: a dealer's win repeats the deal by rules
    this function does not ask) winning `result` (ron off `discarder`, or tsumo when
    None) in a hand of `round_wind` dealt by `dealer` with `honba` and `sticks`."""
    if winner == dealer:
        raise ValueError("win_outcome: the winner must not be the dealer")
    payments = win_payments(result, winner=winner, dealer=dealer, discarder=discarder,
                            honba=honba, riichi_sticks=sticks, ruleset=ruleset)
    after = list(scores)
    for p in payments:
        if p.payer != TABLE:
            after[p.payer] -= p.amount
        after[p.payee] += p.amount
    ended = _next_hand(ruleset, Round(round_wind, dealer, honba, sticks), "win",
                       renchan=False, time_up=False, scores=after).over
    return WinOutcome(tuple(payments), tuple(after), places(after, ruleset), ended)
