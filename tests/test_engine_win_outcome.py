"""`engine.win_outcome`: what a win does to a position no game holds (the all-last
drill asks it), by the referee's own settlement, ending and results."""

from __future__ import annotations

import pytest

from engine.win_outcome import last_round_wind, places, win_outcome
from rules.ruleset import load_preset
from rules.scoring import DoraCount, Payments, ScoreResult, hand_base


def _result(han: int, fu: int, ruleset) -> ScoreResult:
    base, limit = hand_base(han, fu, ruleset)
    return ScoreResult(han, fu, (), DoraCount(), 0, limit, (),
                       Payments(None, None, None, 0, 0, 0), base, "standard", "")


def test_a_ron_at_all_last_pays_honba_and_sticks_and_ends_the_game() -> None:
    r = load_preset("wrc")
    scores = (24_000, 26_000, 22_000, 27_000)  # 1,000 in riichi sticks on the table
    out = win_outcome(r, scores, _result(2, 30, r), round_wind=last_round_wind(r), dealer=3,
                      honba=1, sticks=1, winner=2, discarder=1)
    # 2 han 30 fu ron: 2,000 + 300 honba from seat 1, 1,000 from the table to seat 2.
    assert out.scores == (24_000, 23_700, 25_300, 27_000)
    assert sum(out.scores) == sum(scores) + 1_000
    assert out.over
    assert out.ranks == (3, 4, 2, 1)
    assert out.ranks == places(out.scores, r)


def test_a_win_before_the_last_round_does_not_end_the_game() -> None:
    r = load_preset("wrc")
    out = win_outcome(r, (25_000,) * 4, _result(1, 30, r), round_wind=0, dealer=0, honba=0,
                      sticks=0, winner=1, discarder=None)
    assert not out.over
    assert sum(out.scores) == 100_000


def test_a_dealer_win_is_not_asked() -> None:
    r = load_preset("wrc")
    with pytest.raises(ValueError):
        win_outcome(r, (25_000,) * 4, _result(1, 30, r), round_wind=0, dealer=0, honba=0,
                    sticks=0, winner=0, discarder=1)
