"""The `tenhou` rules against the 20 real Tenhou records (RULESETS.md §8: the records decide).

Each record is read with `engine.storage.records.mjlog.parse_mjlog` and its hands' ends are
checked against the engine's own rule functions: where the game goes after every hand
(renchan, the West round, the all-last stop, bust), the final scores with the leftover
sticks, the final results as `owari` rounds them, the nagashi mangan payments, and the
abortive draws that pay nothing. The full replay through the engine is the importer's
(branch n-import); these are the rules it needs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.aborts import nagashi_payments
from engine.ending import deposits_to_first, next_hand
from engine.results import final_results, gosha_rokunyu
from engine.settlement import net_deltas
from engine.state import STICK, Round
from engine.storage.records.mjlog import MjlogGame, MjlogHand, Ryuukyoku, Win, parse_mjlog
from rules.ruleset import load_preset, tenhou_variant

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tenhou"
FILES = sorted(RECORDS.glob("*.mjlog"))
SANMA = "330ddeebf363174b7e6eacf5b25cacc934f3d2ee.mjlog"  # dnovikoff/tenhou sanma.xml


def _game(path: Path) -> MjlogGame:
    return parse_mjlog(path.read_bytes())


FOUR = [p for p in FILES if p.name != SANMA]


def _renchan(hand: MjlogHand) -> tuple[str, bool, bool]:
    """(reason, renchan, abortive) of a recorded hand, as the engine decides them."""
    ends = hand.ends
    if isinstance(ends[0], Win):
        return "win", any(isinstance(e, Win) and e.seat == hand.dealer for e in ends), False
    draw = ends[0]
    assert isinstance(draw, Ryuukyoku)
    if draw.kind in ("yao9", "kaze4", "reach4", "kan4", "ron3"):
        return "draw", True, True
    return "draw", draw.shown[hand.dealer] is not None, False


def test_the_records_are_there():
    assert len(FILES) == 20


@pytest.mark.parametrize("path", FOUR, ids=lambda p: p.name[:8])
def test_every_hand_goes_where_the_record_goes_next(path):
    # Renchan, honba, the West round (0e69…), bust (0176…, 0715…, 198c…) and the
    # all-last dealer stop, from the engine's `next_hand` under the record's variant.
    game = _game(path)
    r = tenhou_variant(game.go_type)
    for i, hand in enumerate(game.hands):
        reason, renchan, abortive = _renchan(hand)
        rnd = Round(hand.round_wind, hand.hand_number, hand.honba, hand.sticks)
        nxt = next_hand(r, rnd, reason, renchan, False, hand.scores_after, abortive=abortive)
        where = f"{path.name[:8]} hand {i}"
        if i == len(game.hands) - 1:
            assert nxt.over, f"{where}: the record ends here"
            continue
        following = game.hands[i + 1]
        assert not nxt.over, f"{where}: the record plays on"
        assert (nxt.round_wind, nxt.dealer, nxt.honba) == (
            following.round_wind,
            following.hand_number,
            following.honba,
        ), where


def test_the_records_hold_a_west_round_and_busts():
    games = [_game(p) for p in FOUR]
    assert any(h.round_wind == 2 for g in games for h in g.hands)
    assert sum(min(g.hands[-1].scores_after) < 0 for g in games) >= 3


@pytest.mark.parametrize("path", FOUR, ids=lambda p: p.name[:8])
def test_leftover_sticks_go_to_the_first_place(path):
    game = _game(path)
    r = tenhou_variant(game.go_type)
    scores = list(game.hands[-1].scores_after)
    left = (sum(game.final_scores) - sum(scores)) // STICK
    assert deposits_to_first(r, scores, left, STICK) == 0
    assert tuple(scores) == game.final_scores


@pytest.mark.parametrize("path", FOUR, ids=lambda p: p.name[:8])
def test_final_results_as_owari_shows_them(path):
    # The 2016 and 2018 records are rounded 五捨六入; the 2022 ones show tenths.
    game = _game(path)
    rounded = all(float(x).is_integer() for x in game.final_results)
    rows = final_results(game.final_scores, tenhou_variant(game.go_type, rounded=rounded))
    assert [row.result for row in rows] == pytest.approx(list(game.final_results))


def test_some_records_are_rounded_and_some_are_not():
    kinds = {all(float(x).is_integer() for x in _game(p).final_results) for p in FOUR}
    assert kinds == {True, False}


def test_gosha_rokunyu_rounds_the_hundreds_five_down_six_up_with_the_sign():
    assert [gosha_rokunyu(p) for p in (-24500, -7600, -12900, 12500, 12600, 0, -400)] == [
        -24, -8, -13, 12, 13, 0, 0,
    ]


def test_nagashi_mangan_pays_what_the_record_shows():
    found = 0
    for path in FOUR:
        for hand in _game(path).hands:
            end = hand.ends[0]
            if isinstance(end, Ryuukyoku) and end.kind == "nm":
                seats = [s for s in range(4) if end.deltas[s] > 0]
                payments = nagashi_payments(load_preset("tenhou"), seats, hand.dealer)
                assert tuple(net_deltas(payments)) == end.deltas
                found += 1
    assert found >= 1


def test_abortive_draws_in_the_records_pay_nothing():
    kinds = set()
    for path in FOUR:
        for hand in _game(path).hands:
            end = hand.ends[0]
            if isinstance(end, Ryuukyoku) and end.kind in ("yao9", "kaze4", "reach4", "kan4"):
                assert end.deltas == (0, 0, 0, 0)
                kinds.add(end.kind)
    assert kinds == {"yao9", "kaze4", "reach4", "kan4"}


def test_double_ron_sticks_go_to_the_winner_nearest_the_discarder():
    # 0cd1… E4-0: seat 1 deals into seats 2 and 3; the two riichi sticks go to seat 2.
    game = _game(RECORDS / "0cd16d7b4edc0171d17d0acbfb3eebb9ff152b96.mjlog")
    [hand] = [h for h in game.hands if len(h.ends) == 2]
    first, second = hand.ends
    assert isinstance(first, Win) and isinstance(second, Win)
    assert (first.seat, second.seat, first.from_seat) == (2, 3, 1)
    assert first.deltas[2] == first.points + 2 * STICK
    assert second.deltas[3] == second.points


def test_the_variant_follows_the_go_type_flags():
    assert tenhou_variant(0xA9) is load_preset("tenhou")
    assert tenhou_variant(0xA9 & ~0x08).game_length == "tonpuu"
    assert tenhou_variant(0xA9 | 0x02).red_fives == 0
    assert tenhou_variant(0xA9 | 0x04).kuitan is False
    # 0x10: three players, Tenhou's three-player lobby (RULESETS.md §9, issue 25)
    assert tenhou_variant(0xA9 | 0x10) is load_preset("tenhou3")
