"""Chips (a house rule, RULESETS.md §8.5) at a three-player table (§9): the empty seat
neither pays nor is paid, and ura dora chips follow the three-player dora order."""

from __future__ import annotations

from types import SimpleNamespace

from engine.chips import chip_deltas, chip_items
from rules.ruleset import resolve
from rules.tiles import parse_tile, parse_tiles

CHIPS = 'chips={red_five = 1, ura_dora = 1, ippatsu = 1}'


def test_a_three_player_tsumo_takes_chips_from_the_two_others_only():
    r = resolve("tenhou3", [CHIPS])
    assert chip_deltas(r, [("ura_dora", 1)], winner=1, discarder=None) == (-1, 2, -1, 0)
    assert chip_deltas(r, [("ura_dora", 1)], winner=1, discarder=2) == (0, 1, -1, 0)
    four = resolve("tenhou", [CHIPS])
    assert chip_deltas(four, [("ura_dora", 1)], winner=1, discarder=None) == (-1, 3, -1, -1)


def test_a_1m_ura_indicator_makes_9m_the_ura_dora_with_three_players():
    r = resolve("tenhou3", [CHIPS])
    no_yaku = SimpleNamespace(yakuman=0, yaku=())
    hand = parse_tiles("999m123p456p789s11z")
    items = chip_items(r, no_yaku, hand, (), (parse_tile("1m"),))  # type: ignore[arg-type]
    assert dict(items) == {"ura_dora": 3}
    four = resolve("tenhou", [CHIPS])
    assert chip_items(four, no_yaku, hand, (), (parse_tile("1m"),)) == ()  # type: ignore[arg-type]
