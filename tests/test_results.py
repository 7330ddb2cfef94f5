"""Final results (RULESETS.md §4.9, §5.12, §6 A14): every row of the §4.9 example table.

Points are given per seat 0-3; the examples list them 1st→4th, so seat 0 is first
unless a test scrambles the order on purpose.
"""

from __future__ import annotations

import pytest

from engine.results import FinalResult, final_results, session_total
from rules.ruleset import load_preset


def results(points, ruleset_id, **kwargs) -> list[float]:
    return [row.result for row in final_results(points, load_preset(ruleset_id), **kwargs)]


def ranks(points, ruleset_id, **kwargs) -> list[int]:
    return [row.rank for row in final_results(points, load_preset(ruleset_id), **kwargs)]


# ---------------------------------------------------------------------------
# The §4.9 example table, row by row


def test_jpm_results_oka_and_uma_example():
    assert results([41200, 33100, 16900, 8800], "jpm") == [61.2, 13.1, -23.1, -51.2]


def test_jpm_tie_splits_rank_points_including_oka():
    rows = final_results([35000, 35000, 20000, 10000], load_preset("jpm"))
    assert [r.result for r in rows] == [35.0, 35.0, -20.0, -50.0]
    assert [r.uma for r in rows] == [30.0, 30.0, -10.0, -30.0]  # (50 + 10) / 2 each


def test_jpml_float_table_two_floaters():
    assert results([45000, 34000, 25000, 16000], "jpml") == [23.0, 8.0, -9.0, -22.0]


def test_jpml_float_table_one_floater():
    assert results([52000, 28000, 22000, 18000], "jpml") == [34.0, -3.0, -11.0, -20.0]


def test_jpml_float_table_three_floaters():
    assert results([33000, 32000, 31000, 24000], "jpml") == [11.0, 5.0, 2.0, -18.0]


def test_jpml_tie_at_second_splits_the_float_rank_points():
    # 3 floaters: +8 / +3 / +1 / −12; 2nd and 3rd share (3 + 1) / 2.
    assert results([40000, 35000, 35000, 10000], "jpml") == [18.0, 7.0, 7.0, -32.0]


def test_wrc_fixed_uma_example():
    assert results([45000, 34000, 25000, 16000], "wrc") == [30.0, 9.0, -10.0, -29.0]


def test_gifu_results_in_points_no_uma():
    rows = final_results([45000, 34000, 25000, 16000], load_preset("gifu"))
    assert [r.result for r in rows] == [15000, 4000, -5000, -14000]
    assert [r.uma for r in rows] == [0, 0, 0, 0]


# ---------------------------------------------------------------------------
# Places and ties


def test_results_are_ordered_by_seat_whatever_the_places():
    rows = final_results([16900, 41200, 8800, 33100], load_preset("jpm"))
    assert [r.seat for r in rows] == [0, 1, 2, 3]
    assert [r.rank for r in rows] == [3, 1, 4, 2]
    assert [r.result for r in rows] == [-23.1, 61.2, -51.2, 13.1]


def test_tied_players_share_the_better_rank():
    assert ranks([35000, 35000, 20000, 10000], "jpm") == [1, 1, 3, 4]
    assert ranks([40000, 35000, 35000, 10000], "jpml") == [1, 2, 2, 4]


def test_wrc_three_way_tie_splits_three_places():
    rows = final_results([20000, 20000, 20000, 60000], load_preset("wrc"))
    assert [r.rank for r in rows] == [2, 2, 2, 1]
    assert [r.uma for r in rows] == [-5.0, -5.0, -5.0, 15.0]  # (5 − 5 − 15) / 3


def test_rank_points_always_sum_to_zero_with_oka_counted_once():
    for points in ([41200, 33100, 16900, 8800], [25000] * 4, [50000, 25000, 25000, 0]):
        rows = final_results(points, load_preset("jpm"))
        assert sum(r.uma for r in rows) == pytest.approx(20)  # oka
        assert sum(r.result for r in rows) == pytest.approx(0)


def test_gifu_tie_shares_place():
    assert ranks([40000, 40000, 25000, 15000], "gifu") == [1, 1, 3, 4]


def test_classic_tie_shares_place_without_a_hook():
    assert ranks([2500, 2500, 1500, 1500], "renmei_classic") == [1, 1, 3, 3]


def test_classic_tie_break_hook_orders_the_tied_players():
    calls = []

    def by_event_record(seats):
        calls.append(seats)
        return sorted(seats, reverse=True)

    got = ranks([2500, 2500, 1500, 1500], "renmei_classic", tie_break=by_event_record)
    assert got == [2, 1, 4, 3]
    assert calls == [(0, 1), (2, 3)]


def test_tie_break_hook_is_ignored_where_ties_split():
    assert ranks([35000, 35000, 20000, 10000], "jpm", tie_break=lambda seats: seats[::-1]) == [
        1,
        1,
        3,
        4,
    ]


def test_tie_break_hook_must_order_exactly_the_tied_seats():
    with pytest.raises(ValueError):
        ranks([2500, 2500, 1500, 1500], "renmei_classic", tie_break=lambda seats: [0])


# ---------------------------------------------------------------------------
# Floating (§6 A14)


def test_jpml_exactly_return_points_floats():
    # 30,000 floats: two floaters → +8 / +4 / −4 / −8.
    assert results([40000, 30000, 26000, 24000], "jpml") == [18.0, 4.0, -8.0, -14.0]


def test_jpml_no_floater_uses_the_one_float_row():
    # Possible only with unclaimed riichi sticks: the total is 115,000.
    assert results([29500, 29000, 28500, 28000], "jpml") == [11.5, -2.0, -4.5, -10.0]


def test_jpml_all_four_at_return_points_is_a_four_way_tie_worth_zero():
    rows = final_results([30000] * 4, load_preset("jpml"))
    assert [(r.rank, r.result) for r in rows] == [(1, 0.0)] * 4


def test_float_strictly_above_return_when_float_at_return_is_off():
    rules = load_preset("jpml").with_overrides({"float_at_return": False})
    rows = final_results([40000, 30000, 26000, 24000], rules)  # one floater now
    assert [r.result for r in rows] == [22.0, -1.0, -7.0, -14.0]


def test_teiai_game_result_is_computed_as_jpml():
    assert results([45000, 34000, 25000, 16000], "teiai") == [23.0, 8.0, -9.0, -22.0]


# ---------------------------------------------------------------------------
# total_check (000 第37条, 004 ルール③)


def test_jpm_total_check_takes_the_excess_from_first():
    rows = final_results([42200, 33100, 16900, 8800], load_preset("jpm"))  # 101,000
    assert [r.points for r in rows] == [41200, 33100, 16900, 8800]
    assert [r.result for r in rows] == [61.2, 13.1, -23.1, -51.2]


def test_total_check_keeps_the_place_ranked_before_the_excess_is_taken():
    rows = final_results([30000, 29500, 25000, 16500], load_preset("jpm"))  # 101,000
    assert [(r.points, r.rank) for r in rows] == [
        (29000, 1),
        (29500, 2),
        (25000, 3),
        (16500, 4),
    ]


def test_gifu_total_check_takes_the_excess_over_120000_from_first():
    rows = final_results([46000, 34000, 25000, 16000], load_preset("gifu"))
    assert [r.result for r in rows] == [15000, 4000, -5000, -14000]


def test_total_check_keeps_a_shortfall():
    rows = final_results([40000, 30000, 20000, 8000], load_preset("jpm"))  # 98,000
    assert [r.points for r in rows] == [40000, 30000, 20000, 8000]


def test_wrc_has_no_total_check():
    rows = final_results([46000, 34000, 25000, 16000], load_preset("wrc"))
    assert rows[0].points == 46000


# ---------------------------------------------------------------------------
# Penalties on the final result (§5.13)


def test_jpm_chombo_costs_40_pt():
    got = results([41200, 33100, 16900, 8800], "jpm", chombos=(0, 1, 0, 0))
    assert got == [61.2, -26.9, -23.1, -51.2]


@pytest.mark.parametrize("ruleset_id", ["jpml", "wrc", "teiai"])
def test_chombo_costs_20_pt(ruleset_id):
    got = results([45000, 34000, 25000, 16000], ruleset_id, chombos=(0, 0, 0, 2))
    plain = results([45000, 34000, 25000, 16000], ruleset_id)
    assert got[3] == plain[3] - 40 and got[:3] == plain[:3]


def test_chombo_does_not_change_places():
    assert ranks([45000, 34000, 25000, 16000], "jpm", chombos=(3, 0, 0, 0))[0] == 1


def test_gifu_chombo_costs_12000_points():
    got = results([45000, 34000, 25000, 16000], "gifu", chombos=(1, 0, 0, 0))
    assert got == [3000, 4000, -5000, -14000]


def test_gifu_call_word_penalty_costs_1000_points():
    got = results([45000, 34000, 25000, 16000], "gifu", call_word_penalties=(0, 0, 2, 0))
    assert got == [15000, 4000, -7000, -14000]


def test_call_word_penalty_is_zero_outside_gifu():
    got = results([45000, 34000, 25000, 16000], "wrc", call_word_penalties=(1, 1, 1, 1))
    assert got == [30.0, 9.0, -10.0, -29.0]


# ---------------------------------------------------------------------------
# renmei_classic and teiai sessions


def test_renmei_classic_result_is_raw_points():
    rows = final_results([2740, 2000, 1900, 1360], load_preset("renmei_classic"))
    assert [(r.rank, r.uma, r.result) for r in rows] == [
        (1, 0, 2740),
        (2, 0, 2000),
        (3, 0, 1900),
        (4, 0, 1360),
    ]


def test_classic_chombo_is_not_in_the_final_result():
    got = results([2740, 2000, 1900, 1360], "renmei_classic", chombos=(1, 0, 0, 0))
    assert got == [2740, 2000, 1900, 1360]


def test_teiai_session_total_sums_four_games_penalties_included():
    rules = load_preset("teiai")
    games = [
        final_results([45000, 34000, 25000, 16000], rules),  # +23 / +8 / −9 / −22
        final_results([16000, 45000, 34000, 25000], rules),  # −22 / +23 / +8 / −9
        final_results([25000, 16000, 45000, 34000], rules, chombos=(0, 0, 1, 0)),
        final_results([34000, 25000, 16000, 45000], rules),
    ]
    assert session_total(games) == [0.0, 0.0, -20.0, 0.0]


def test_session_total_adds_decimal_pt_without_binary_noise():
    rules = load_preset("jpm")
    game = final_results([41200, 33100, 16900, 8800], rules)
    assert session_total([game] * 3) == [183.6, 39.3, -69.3, -153.6]


def test_final_result_is_a_small_frozen_value():
    row = FinalResult(0, 30000, 1, 0.0, 0.0)
    with pytest.raises(AttributeError):
        row.rank = 2  # type: ignore[misc]
