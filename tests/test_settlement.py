"""Settlement: who pays whom (RULESETS.md §4.5 payments, §4.6 pao, §4.8 noten, C11 chombo).

Seats follow the worked examples: seat 0 is East (the dealer), 1 South, 2 West,
3 North. Every payment test checks that points are conserved: the seats' net
deltas sum to exactly the riichi sticks taken from the table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.settlement import (
    TABLE,
    Payment,
    chombo_payments,
    classic_certain_mangan,
    net_deltas,
    noten_payments,
    pao_liability,
    win_payments,
)
from rules.hand import Meld, MeldKind, Source, Win
from rules.ruleset import PRESET_IDS, Ruleset, load_preset
from rules.scoring import YakuHan, score
from rules.tiles import EAST, SOUTH, WEST, parse_tile, parse_tiles

EAST_SEAT, SOUTH_SEAT, WEST_SEAT, NORTH_SEAT = 0, 1, 2, 3
MODERN_PAO = ("jpml", "wrc", "teiai", "gifu")


@dataclass(frozen=True, slots=True)
class Hand:
    """What settlement reads from a ScoreResult: B, the yakuman weight k and the yaku.

    The scorer is tested by the worked-example vectors; here each hand is stated
    as §4.11 states it.
    """

    base: int
    yakuman: int = 0
    yaku: tuple[YakuHan, ...] = ()


def yakuman_hand(ruleset_id: str, *names: str) -> Hand:
    """A yakuman hand valued as §4.3 says (stacked only where the preset stacks)."""
    rules = load_preset(ruleset_id)
    if rules.is_classic:
        return Hand(rules.classic_cap, 0, tuple(YakuHan(n, 0) for n in names))
    weight = len(names) if rules.yakuman_stacking else 1
    weight = min(weight, rules.yakuman_max)
    return Hand(8000 * weight, weight, tuple(YakuHan(n, 0) for n in names))


def settle(hand, ruleset: str | Ruleset, **kwargs) -> list[Payment]:
    """win_payments for a South (non-dealer) winner with East dealing, conservation checked."""
    kwargs.setdefault("winner", SOUTH_SEAT)
    kwargs.setdefault("dealer", EAST_SEAT)
    kwargs.setdefault("honba", 0)
    kwargs.setdefault("riichi_sticks", 0)
    rules = load_preset(ruleset) if isinstance(ruleset, str) else ruleset
    payments = win_payments(hand, ruleset=rules, **kwargs)
    assert_conserved(payments)
    return payments


def assert_conserved(payments: list[Payment]) -> None:
    from_table = sum(p.amount for p in payments if p.payer == TABLE)
    assert sum(net_deltas(payments)) == from_table


def paid(payments: list[Payment]) -> dict[int, int]:
    """Total paid by each seat (the table's sticks left out)."""
    out: dict[int, int] = {}
    for p in payments:
        if p.payer != TABLE:
            out[p.payer] = out.get(p.payer, 0) + p.amount
    return out


def meld(kind: MeldKind, tiles: str, source: Source | None = Source.TOIMEN) -> Meld:
    if kind is MeldKind.ANKAN:
        source = None
    parsed = tuple(parse_tiles(tiles))
    return Meld(kind, parsed, source, None if source is None else parsed[0])


def pon(tiles: str) -> Meld:
    return meld(MeldKind.PON, tiles)


def daiminkan(tiles: str) -> Meld:
    return meld(MeldKind.MINKAN, tiles)


def ankan(tiles: str) -> Meld:
    return meld(MeldKind.ANKAN, tiles)


def kakan(tiles: str) -> Meld:
    return meld(MeldKind.KAKAN, tiles)


# ---------------------------------------------------------------------------
# §4.5 payments


def test_non_dealer_ron_discarder_pays_four_base_plus_300_per_honba():
    payments = settle(Hand(960), "wrc", discarder=WEST_SEAT, honba=2)
    assert paid(payments) == {WEST_SEAT: 3900 + 600}
    assert {p.reason for p in payments} == {"hand", "honba"}


def test_ron_payment_is_rounded_once_30_fu_1_han_is_1000():
    assert paid(settle(Hand(240), "jpm", discarder=WEST_SEAT)) == {WEST_SEAT: 1000}


def test_dealer_ron_discarder_pays_six_base():
    payments = settle(Hand(240), "jpm", winner=EAST_SEAT, discarder=NORTH_SEAT)
    assert paid(payments) == {NORTH_SEAT: 1500}


def test_non_dealer_tsumo_dealer_pays_double_share_example_e5():
    payments = settle(Hand(320), "teiai", discarder=None)
    assert paid(payments) == {EAST_SEAT: 700, WEST_SEAT: 400, NORTH_SEAT: 400}


def test_dealer_tsumo_each_pays_double_base_example_e5():
    payments = settle(Hand(320), "teiai", winner=EAST_SEAT, discarder=None)
    assert paid(payments) == {SOUTH_SEAT: 700, WEST_SEAT: 700, NORTH_SEAT: 700}


@pytest.mark.parametrize("ruleset_id", ["jpm", "jpml", "wrc", "teiai", "gifu"])
def test_honba_and_sticks_example_e8(ruleset_id):
    payments = settle(Hand(960), ruleset_id, discarder=None, honba=2, riichi_sticks=2)
    assert paid(payments) == {EAST_SEAT: 2200, WEST_SEAT: 1200, NORTH_SEAT: 1200}
    assert Payment(TABLE, SOUTH_SEAT, 2000, "sticks") in payments
    assert net_deltas(payments)[SOUTH_SEAT] == 6600


def test_riichi_sticks_go_from_the_table_to_the_winner_on_ron():
    payments = settle(Hand(960), "wrc", discarder=NORTH_SEAT, riichi_sticks=3)
    assert Payment(TABLE, SOUTH_SEAT, 3000, "sticks") in payments
    assert net_deltas(payments) == [0, 3900 + 3000, 0, -3900]


def test_no_honba_and_no_sticks_record_no_empty_payments():
    payments = settle(Hand(960), "wrc", discarder=NORTH_SEAT)
    assert payments == [Payment(NORTH_SEAT, SOUTH_SEAT, 3900, "hand")]


def test_classic_payments_are_not_rounded_examples_c1_c2():
    assert paid(settle(Hand(60), "renmei_classic", discarder=WEST_SEAT)) == {WEST_SEAT: 240}
    tsumo = settle(Hand(60), "renmei_classic", discarder=None)
    assert paid(tsumo) == {EAST_SEAT: 120, WEST_SEAT: 60, NORTH_SEAT: 60}


def test_classic_has_no_honba_value():
    payments = settle(Hand(60), "renmei_classic", discarder=WEST_SEAT, honba=3)
    assert paid(payments) == {WEST_SEAT: 240}


def test_rinshan_win_after_daiminkan_is_a_tsumo_paid_by_all_three():
    assert not any(load_preset(p).daiminkan_pao for p in PRESET_IDS)
    payments = settle(Hand(2000), "wrc", discarder=None)
    assert paid(payments) == {EAST_SEAT: 4000, WEST_SEAT: 2000, NORTH_SEAT: 2000}


def test_winner_cannot_be_the_discarder_or_liable():
    with pytest.raises(ValueError):
        settle(Hand(960), "wrc", discarder=SOUTH_SEAT)
    with pytest.raises(ValueError):
        settle(yakuman_hand("wrc", "daisangen"), "wrc", discarder=None, liable=SOUTH_SEAT)


def test_payment_must_be_positive_with_a_known_reason():
    with pytest.raises(ValueError):
        Payment(0, 1, 0, "hand")
    with pytest.raises(ValueError):
        Payment(0, 1, 100, "gift")


# ---------------------------------------------------------------------------
# E11 — yakuman with pao (North liable for daisangen), South wins, 1 honba


def e11(ruleset_id: str, discarder: int | None) -> dict[int, int]:
    hand = yakuman_hand(ruleset_id, "daisangen")
    liable_yakuman = None if load_preset(ruleset_id).is_classic else "daisangen"
    payments = settle(
        hand,
        ruleset_id,
        discarder=discarder,
        honba=1,
        liable=NORTH_SEAT,
        liable_yakuman=liable_yakuman,
    )
    return paid(payments)


def test_e11_jpm_has_no_pao_tsumo_is_paid_by_all():
    assert e11("jpm", None) == {EAST_SEAT: 16100, WEST_SEAT: 8100, NORTH_SEAT: 8100}


@pytest.mark.parametrize("discarder", [WEST_SEAT, NORTH_SEAT])
def test_e11_jpm_ron_is_paid_by_the_discarder(discarder):
    assert e11("jpm", discarder) == {discarder: 32300}


@pytest.mark.parametrize("ruleset_id", MODERN_PAO)
def test_tsumo_with_pao_liable_player_pays_all_plus_honba(ruleset_id):
    assert e11(ruleset_id, None) == {NORTH_SEAT: 32300}


@pytest.mark.parametrize("ruleset_id", MODERN_PAO)
def test_ron_with_pao_half_each_discarder_pays_honba(ruleset_id):
    assert e11(ruleset_id, WEST_SEAT) == {NORTH_SEAT: 16000, WEST_SEAT: 16300}


@pytest.mark.parametrize("ruleset_id", MODERN_PAO)
def test_liable_player_dealing_in_pays_everything(ruleset_id):
    assert e11(ruleset_id, NORTH_SEAT) == {NORTH_SEAT: 32300}


def test_e11_classic_tsumo_liable_player_pays_the_whole_mangan():
    assert e11("renmei_classic", None) == {NORTH_SEAT: 2000}


def test_e11_classic_ron_liable_player_and_discarder_pay_half_each():
    assert e11("renmei_classic", WEST_SEAT) == {NORTH_SEAT: 1000, WEST_SEAT: 1000}


def test_e11_classic_liable_player_dealing_in_pays_all():
    assert e11("renmei_classic", NORTH_SEAT) == {NORTH_SEAT: 2000}


def test_pao_payment_is_labelled_pao():
    hand = yakuman_hand("wrc", "daisangen")
    payments = settle(hand, "wrc", discarder=WEST_SEAT, liable=NORTH_SEAT)
    assert Payment(NORTH_SEAT, SOUTH_SEAT, 16000, "pao") in payments


def test_dealer_yakuman_with_pao_ron_splits_48000():
    hand = yakuman_hand("wrc", "daisangen")
    payments = settle(
        hand, "wrc", winner=EAST_SEAT, discarder=WEST_SEAT, liable=NORTH_SEAT, honba=2
    )
    assert paid(payments) == {NORTH_SEAT: 24000, WEST_SEAT: 24600}


def test_dealer_yakuman_with_pao_tsumo_liable_player_pays_48000():
    hand = yakuman_hand("jpml", "daisuushii")
    payments = settle(hand, "jpml", winner=EAST_SEAT, discarder=None, liable=SOUTH_SEAT)
    assert paid(payments) == {SOUTH_SEAT: 48000}


# ---------------------------------------------------------------------------
# E12 — daisangen (North liable) + tsuuiisou, 1 honba


def e12(ruleset_id: str, discarder: int | None) -> dict[int, int]:
    hand = yakuman_hand(ruleset_id, "daisangen", "tsuuiisou")
    liable_yakuman = None if load_preset(ruleset_id).is_classic else "daisangen"
    payments = settle(
        hand,
        ruleset_id,
        discarder=discarder,
        honba=1,
        liable=NORTH_SEAT,
        liable_yakuman=liable_yakuman,
    )
    return paid(payments)


def test_e12_jpm_double_yakuman_tsumo_no_pao():
    assert e12("jpm", None) == {EAST_SEAT: 32100, WEST_SEAT: 16100, NORTH_SEAT: 16100}


def test_e12_jpm_double_yakuman_ron_no_pao():
    assert e12("jpm", WEST_SEAT) == {WEST_SEAT: 64300}


def test_jpml_stacked_yakuman_tsumo_honba_from_every_payer():
    # North 32,000 + 8,000 + 100; East 16,100; West 8,100 (002 J:パオ1, §6 A16).
    assert e12("jpml", None) == {NORTH_SEAT: 40100, EAST_SEAT: 16100, WEST_SEAT: 8100}


def test_jpml_stacked_yakuman_ron_honba_paid_by_liable_player():
    assert e12("jpml", WEST_SEAT) == {NORTH_SEAT: 16300, WEST_SEAT: 48000}


@pytest.mark.parametrize("ruleset_id", ["wrc", "teiai"])
def test_stacked_yakuman_tsumo_liable_player_pays_v_plus_share_and_honba(ruleset_id):
    assert e12(ruleset_id, None) == {NORTH_SEAT: 40300, EAST_SEAT: 16000, WEST_SEAT: 8000}


@pytest.mark.parametrize("ruleset_id", ["wrc", "teiai"])
def test_stacked_yakuman_ron_discarder_pays_half_v_plus_w_and_honba(ruleset_id):
    assert e12(ruleset_id, WEST_SEAT) == {NORTH_SEAT: 16000, WEST_SEAT: 48300}


def test_e12_gifu_single_yakuman_tsumo_liable_player_pays_all():
    assert e12("gifu", None) == {NORTH_SEAT: 32300}


def test_e12_gifu_single_yakuman_ron_split():
    assert e12("gifu", WEST_SEAT) == {NORTH_SEAT: 16000, WEST_SEAT: 16300}


def test_e12_classic_tsumo_is_a_mangan_paid_by_the_liable_player():
    assert e12("renmei_classic", None) == {NORTH_SEAT: 2000}


def test_e12_classic_ron_is_a_mangan_split_half_each():
    assert e12("renmei_classic", WEST_SEAT) == {NORTH_SEAT: 1000, WEST_SEAT: 1000}


@pytest.mark.parametrize("ruleset_id", ["jpml", "wrc", "teiai"])
def test_stacked_yakuman_ron_by_liable_player_pays_everything(ruleset_id):
    assert e12(ruleset_id, NORTH_SEAT) == {NORTH_SEAT: 64300}


def test_e12_through_the_real_scorer():
    """The scorer's result plugs straight into settlement (E12 tsumo, jpml)."""
    win = Win(
        concealed=tuple(parse_tiles("11z44z")),
        win_tile=parse_tile("4z"),
        melds=(
            meld(MeldKind.PON, "555z", Source.KAMICHA),
            meld(MeldKind.PON, "666z", Source.SHIMOCHA),
            meld(MeldKind.PON, "777z", Source.TOIMEN),
        ),
        tsumo=True,
        seat_wind=SOUTH,
        round_wind=EAST,
        honba=1,
    )
    result = score(win, load_preset("jpml"))
    assert result.ok
    payments = settle(
        result, "jpml", discarder=None, honba=1, liable=NORTH_SEAT, liable_yakuman="daisangen"
    )
    assert paid(payments) == {NORTH_SEAT: 40100, EAST_SEAT: 16100, WEST_SEAT: 8100}


# ---------------------------------------------------------------------------
# When liability applies


def test_jpm_never_applies_liability():
    hand = yakuman_hand("jpm", "daisangen")
    payments = settle(hand, "jpm", discarder=None, liable=NORTH_SEAT, liable_yakuman="daisangen")
    assert paid(payments) == {EAST_SEAT: 16000, WEST_SEAT: 8000, NORTH_SEAT: 8000}


def test_liability_applies_only_if_the_hand_is_won_with_that_yakuman():
    hand = yakuman_hand("wrc", "daisangen")
    payments = settle(hand, "wrc", discarder=None, liable=NORTH_SEAT, liable_yakuman="suukantsu")
    assert paid(payments) == {EAST_SEAT: 16000, WEST_SEAT: 8000, NORTH_SEAT: 8000}


def test_gifu_has_no_suukantsu_liability():
    hand = yakuman_hand("gifu", "suukantsu")
    payments = settle(hand, "gifu", discarder=None, liable=NORTH_SEAT, liable_yakuman="suukantsu")
    assert paid(payments) == {EAST_SEAT: 16000, WEST_SEAT: 8000, NORTH_SEAT: 8000}


def test_liable_yakuman_defaults_to_the_pao_yakuman_in_the_hand():
    hand = yakuman_hand("wrc", "daisangen")
    assert paid(settle(hand, "wrc", discarder=None, liable=NORTH_SEAT)) == {NORTH_SEAT: 32000}


def test_special_double_daisuushii_liability_covers_both_yakuman_of_its_weight():
    rules = load_preset("wrc").with_overrides({"special_double": True})
    hand = Hand(16000, 2, (YakuHan("daisuushii", 0),))
    payments = settle(hand, rules, discarder=None, liable=WEST_SEAT)
    assert paid(payments) == {WEST_SEAT: 64000}


def test_pao_tsumo_honba_none_leaves_the_honba_with_every_payer():
    rules = load_preset("wrc").with_overrides({"pao_tsumo_honba": "none"})
    hand = yakuman_hand("wrc", "daisangen")
    payments = settle(hand, rules, discarder=None, honba=1, liable=NORTH_SEAT)
    assert paid(payments) == {NORTH_SEAT: 32100, EAST_SEAT: 100, WEST_SEAT: 100}


def test_sticks_always_go_to_the_winner_under_pao():
    hand = yakuman_hand("jpml", "daisangen", "tsuuiisou")
    payments = settle(hand, "jpml", discarder=WEST_SEAT, riichi_sticks=2, liable=NORTH_SEAT)
    assert Payment(TABLE, SOUTH_SEAT, 2000, "sticks") in payments


# ---------------------------------------------------------------------------
# Who becomes liable (modern, §4.6.1, §6 A21)


@pytest.mark.parametrize("ruleset_id", MODERN_PAO)
def test_third_dragon_pon_makes_the_discarder_liable_for_daisangen(ruleset_id):
    rules = load_preset(ruleset_id)
    assert pao_liability(rules, [pon("555z"), pon("666z")], pon("777z")) == "daisangen"


def test_third_dragon_daiminkan_makes_the_discarder_liable():
    rules = load_preset("wrc")
    assert pao_liability(rules, [pon("555z"), pon("666z")], daiminkan("7777z")) == "daisangen"


def test_ankan_and_kakan_count_as_dragon_sets_before_the_call():
    rules = load_preset("gifu")
    assert pao_liability(rules, [ankan("5555z"), kakan("6666z")], pon("777z")) == "daisangen"


def test_second_dragon_pon_creates_no_liability():
    chi = meld(MeldKind.CHI, "123m", Source.KAMICHA)
    assert pao_liability(load_preset("wrc"), [pon("555z"), chi], pon("666z")) is None


@pytest.mark.parametrize("ruleset_id", MODERN_PAO)
def test_fourth_wind_set_makes_the_discarder_liable_for_daisuushii(ruleset_id):
    before = [pon("111z"), pon("222z"), ankan("3333z")]
    assert pao_liability(load_preset(ruleset_id), before, pon("444z")) == "daisuushii"


def test_third_wind_set_creates_no_liability():
    assert pao_liability(load_preset("wrc"), [pon("111z"), pon("222z")], pon("333z")) is None


@pytest.mark.parametrize("ruleset_id", ["jpml", "wrc", "teiai"])
def test_fourth_quad_by_daiminkan_makes_the_discarder_liable_for_suukantsu(ruleset_id):
    before = [daiminkan("1111m"), ankan("2222p"), kakan("3333s")]
    assert pao_liability(load_preset(ruleset_id), before, daiminkan("4444s")) == "suukantsu"


def test_gifu_fourth_quad_creates_no_liability():
    before = [daiminkan("1111m"), ankan("2222p"), kakan("3333s")]
    assert pao_liability(load_preset("gifu"), before, daiminkan("4444s")) is None


def test_kakan_upgrade_never_creates_suukantsu_liability():
    before = [daiminkan("1111m"), ankan("2222p"), daiminkan("3333s")]
    assert pao_liability(load_preset("wrc"), before, kakan("4444s")) is None


def test_fourth_quad_pon_is_not_a_quad():
    before = [daiminkan("1111m"), ankan("2222p"), daiminkan("3333s")]
    assert pao_liability(load_preset("wrc"), before, pon("444s")) is None


def test_jpm_has_no_liability():
    assert pao_liability(load_preset("jpm"), [pon("555z"), pon("666z")], pon("777z")) is None


def test_classic_liability_is_not_a_yakuman_liability():
    rules = load_preset("renmei_classic")
    assert pao_liability(rules, [pon("555z"), pon("666z")], pon("777z")) is None


def test_one_daiminkan_confirming_two_yakuman_names_daisangen():
    before = [daiminkan("5555z"), daiminkan("6666z"), ankan("1111m")]
    assert pao_liability(load_preset("wrc"), before, daiminkan("7777z")) == "daisangen"


# ---------------------------------------------------------------------------
# renmei_classic certainty test (§4.6.2, C10)


def test_classic_honor_meld_liability_example_c10():
    rules = load_preset("renmei_classic")
    # South round, South seat: 222z is a double wind (2 han).
    two = [pon("222z"), pon("555z")]
    assert not classic_certain_mangan(two, SOUTH, SOUTH, rules)  # 3 han 30 fu = 240
    assert classic_certain_mangan([*two, pon("666z")], SOUTH, SOUTH, rules)  # 4 han 40 fu = 640


def test_classic_honor_meld_liability_payments_example_c10():
    hand = Hand(500)
    tsumo = settle(hand, "renmei_classic", discarder=None, liable=EAST_SEAT)
    assert paid(tsumo) == {EAST_SEAT: 2000}
    ron = settle(hand, "renmei_classic", discarder=NORTH_SEAT, liable=EAST_SEAT)
    assert paid(ron) == {EAST_SEAT: 1000, NORTH_SEAT: 1000}


def test_classic_three_single_yakuhai_not_certain():
    rules = load_preset("renmei_classic")
    melds = [pon("555z"), pon("666z"), pon("333z")]  # haku, hatsu, West as seat wind
    assert not classic_certain_mangan(melds, WEST, EAST, rules)  # 3 han 40 fu = 320


def test_classic_three_dragon_melds_are_certain_as_daisangen():
    rules = load_preset("renmei_classic")
    assert classic_certain_mangan([pon("555z"), pon("666z"), pon("777z")], SOUTH, EAST, rules)


def test_classic_four_wind_melds_are_certain_as_daisuushii():
    rules = load_preset("renmei_classic")
    melds = [pon("111z"), pon("222z"), pon("333z"), pon("444z")]
    assert classic_certain_mangan(melds, SOUTH, EAST, rules)


def test_classic_four_honor_melds_make_toitoi_honitsu_and_tanki_certain():
    rules = load_preset("renmei_classic")
    three = [pon("555z"), pon("111z"), pon("333z")]  # haku, East round wind, guest West
    assert not classic_certain_mangan(three, SOUTH, EAST, rules)  # 2 han 40 fu = 160
    # + guest North: 2 + toitoi + honitsu = 4 han, 20 + 16 + 2 tanki = 38 → 40 fu: 640.
    assert classic_certain_mangan([*three, pon("444z")], SOUTH, EAST, rules)


def test_classic_kakan_melds_are_valued_as_pons():
    rules = load_preset("renmei_classic")
    upgraded = [kakan("5555z"), kakan("6666z"), kakan("3333z")]
    assert not classic_certain_mangan(upgraded, WEST, EAST, rules)  # 3 han 40 fu = 320
    called = [daiminkan("5555z"), daiminkan("6666z"), daiminkan("3333z")]
    assert classic_certain_mangan(called, WEST, EAST, rules)  # 3 han 70 fu = 560


def test_classic_certainty_ignores_melds_of_suited_tiles():
    rules = load_preset("renmei_classic")
    melds = [pon("222z"), pon("555z"), daiminkan("9999m")]
    assert not classic_certain_mangan(melds, SOUTH, SOUTH, rules)


# ---------------------------------------------------------------------------
# §4.8 noten payments


def test_noten_payments_one_tenpai():
    payments = noten_payments([False, True, False, False], load_preset("jpm"))
    assert net_deltas(payments) == [-1000, 3000, -1000, -1000]
    assert {p.reason for p in payments} == {"noten"}


def test_noten_payments_two_tenpai_example_e15():
    payments = noten_payments([False, True, True, False], load_preset("wrc"))
    assert net_deltas(payments) == [-1500, 1500, 1500, -1500]


def test_noten_payments_three_tenpai():
    payments = noten_payments([True, True, False, True], load_preset("jpml"))
    assert net_deltas(payments) == [1000, 1000, -3000, 1000]


@pytest.mark.parametrize("tenpai", [[False] * 4, [True] * 4])
def test_noten_payments_nothing_when_all_or_none_tenpai(tenpai):
    assert noten_payments(tenpai, load_preset("gifu")) == []


def test_classic_pays_nothing_at_a_draw():
    assert noten_payments([False, True, True, False], load_preset("renmei_classic")) == []


def test_net_deltas_leave_the_table_out():
    payments = [Payment(TABLE, 1, 1000, "sticks"), Payment(2, 1, 3900, "hand")]
    assert net_deltas(payments) == [0, 4900, -3900, 0]


# ---------------------------------------------------------------------------
# Chombo (C11; the result-point kinds live in results.py)


def test_classic_chombo_non_dealer_pays_half_mangan_two_to_one():
    payments = chombo_payments(SOUTH_SEAT, EAST_SEAT, load_preset("renmei_classic"))
    assert net_deltas(payments) == [500, -1000, 250, 250]
    assert {p.reason for p in payments} == {"chombo"}


def test_classic_chombo_dealer_pays_500_to_each():
    payments = chombo_payments(EAST_SEAT, EAST_SEAT, load_preset("renmei_classic"))
    assert net_deltas(payments) == [-1500, 500, 500, 500]


def test_classic_chombo_by_a_liable_player_is_a_full_mangan():
    rules = load_preset("renmei_classic")
    assert net_deltas(chombo_payments(NORTH_SEAT, EAST_SEAT, rules, liable=True)) == [
        1000,
        500,
        500,
        -2000,
    ]
    assert net_deltas(chombo_payments(EAST_SEAT, EAST_SEAT, rules, liable=True))[0] == -3000


@pytest.mark.parametrize("ruleset_id", ["jpm", "jpml", "wrc", "teiai", "gifu"])
def test_result_point_chombo_moves_no_table_points(ruleset_id):
    assert chombo_payments(SOUTH_SEAT, EAST_SEAT, load_preset(ruleset_id)) == []
