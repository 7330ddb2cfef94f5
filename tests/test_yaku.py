"""One test per yaku and yakuman (CONTRACT.md ids), with the han of RULESETS.md §3.3-§3.5.

Unless a test says otherwise the winner sits South in the East round (a non-dealer) and
`paid(...)` is what RULESETS.md §4.10 calls the payment: the ron, or "non-dealer–dealer"
for a tsumo.
"""

from __future__ import annotations

import pytest
from conftest import MODERN, paid, scored, yaku

# A closed hand with no yaku of its own: 123m 456p 789s 99p + 13s waiting on a kanchan 2s.
PLAIN = ("123m456p99p13s789s", "2s")
# The same, opened by a chi: it needs a situational yaku to win.
PLAIN_OPEN = ("456p99p13s789s", "2s", ["chi 123m kamicha"])


# --- situational yaku (§3.2) -------------------------------------------------------------------


@pytest.mark.parametrize("preset", MODERN)
def test_riichi(preset):
    r = scored(preset, *PLAIN, riichi=True)
    assert yaku(r) == {"riichi": 1}
    assert (r["han"], r["fu"], paid(r)) == (1, 40, 1300)  # 20 + 10 closed ron + 2 kanchan


@pytest.mark.parametrize("preset", MODERN)
def test_double_riichi_replaces_riichi(preset):
    r = scored(preset, *PLAIN, riichi=True, double_riichi=True)
    assert yaku(r) == {"double_riichi": 2}
    assert paid(r) == 2600


@pytest.mark.parametrize("preset", ["jpm", "wrc", "gifu"])
def test_ippatsu(preset):
    r = scored(preset, *PLAIN, riichi=True, ippatsu=True)
    assert yaku(r) == {"riichi": 1, "ippatsu": 1}
    assert (r["han"], paid(r)) == (2, 2600)


@pytest.mark.parametrize("preset", ["jpml", "teiai"])
def test_no_ippatsu_in_jpml_and_teiai(preset):
    r = scored(preset, *PLAIN, riichi=True, ippatsu=True)
    assert yaku(r) == {"riichi": 1}
    assert paid(r) == 1300


@pytest.mark.parametrize("preset", MODERN)
def test_menzen_tsumo(preset):
    r = scored(preset, *PLAIN, tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1}
    assert (r["fu"], paid(r)) == (30, (300, 500))  # 20 + 2 tsumo + 2 kanchan → 30


@pytest.mark.parametrize("preset", MODERN)
def test_no_menzen_tsumo_for_an_open_hand(preset):
    assert scored(preset, *PLAIN_OPEN, tsumo=True)["error"] == "no_yaku"


@pytest.mark.parametrize("preset", MODERN)
def test_haitei(preset):
    r = scored(preset, *PLAIN_OPEN, tsumo=True, haitei=True)
    assert yaku(r) == {"haitei": 1}
    assert (r["fu"], paid(r)) == (30, (300, 500))


@pytest.mark.parametrize("preset", MODERN)
def test_haitei_with_a_closed_hand_adds_to_menzen_tsumo(preset):
    r = scored(preset, *PLAIN, tsumo=True, haitei=True)
    assert yaku(r) == {"menzen_tsumo": 1, "haitei": 1}
    assert paid(r) == (500, 1000)


@pytest.mark.parametrize("preset", MODERN)
def test_houtei(preset):
    r = scored(preset, *PLAIN_OPEN, houtei=True)
    assert yaku(r) == {"houtei": 1}
    assert (r["fu"], paid(r)) == (30, 1000)


@pytest.mark.parametrize("preset", MODERN)
def test_rinshan(preset):
    r = scored(
        preset,
        "99p13s789s",
        "2s",
        ["chi 123m kamicha", "minkan 8888m shimocha"],
        tsumo=True,
        rinshan=True,
    )
    assert yaku(r) == {"rinshan": 1}
    # 20 + 2 tsumo (a rinshan win is a tsumo) + 8 open simple quad + 2 kanchan = 32 → 40
    assert (r["fu"], paid(r)) == (40, (400, 700))


def test_ippatsu_never_combines_with_rinshan():
    """§3.2 ippatsu: "never combines with rinshan" — the kan itself ends the ippatsu window.

    Either answer is acceptable: `invalid` (contradictory flags, CONTRACT.md) or a win that
    does not list both.
    """
    r = scored(
        "wrc",
        "234m99m678s67s",
        "5s",
        ["ankan 5555p"],
        tsumo=True,
        rinshan=True,
        riichi=True,
        ippatsu=True,
    )
    if r["ok"]:
        assert not {"ippatsu", "rinshan"} <= set(yaku(r)), r["yaku"]
    else:
        assert r["error"] == "invalid"


def test_ippatsu_combines_with_chankan():
    r = scored("wrc", *PLAIN, riichi=True, ippatsu=True, chankan=True)
    assert yaku(r) == {"riichi": 1, "ippatsu": 1, "chankan": 1}


@pytest.mark.parametrize("preset", MODERN)
def test_chankan(preset):
    r = scored(preset, *PLAIN_OPEN, chankan=True)
    assert yaku(r) == {"chankan": 1}
    assert paid(r) == 1000


# --- yaku from the shape -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", MODERN)
def test_pinfu_ron(preset):
    r = scored(preset, "123m67m345p678s55p", "8m")
    assert yaku(r) == {"pinfu": 1}
    assert (r["fu"], paid(r)) == (30, 1000)


@pytest.mark.parametrize("preset", MODERN)
def test_pinfu_tsumo_is_20_fu(preset):
    r = scored(preset, "123m67m345p678s55p", "8m", tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1, "pinfu": 1}
    assert (r["fu"], paid(r)) == (20, (400, 700))


@pytest.mark.parametrize("preset", MODERN)
def test_tanyao_closed(preset):
    r = scored(preset, "234m78m567p222s55s", "6m")  # 222s: no pinfu
    assert yaku(r) == {"tanyao": 1}
    assert (r["fu"], paid(r)) == (40, 1300)


@pytest.mark.parametrize("preset", MODERN)
def test_tanyao_open_kuitan(preset):
    r = scored(preset, "234p678p34s55s", "2s", ["chi 456m kamicha"], seat_wind="W")
    assert yaku(r) == {"tanyao": 1}
    assert (r["fu"], paid(r)) == (30, 1000)


def test_without_kuitan_open_tanyao_is_no_yaku():
    """§2 `kuitan`: a house rule `kuitan=false` makes tanyao closed-only."""
    r = scored("wrc", "234p678p34s55s", "2s", ["chi 456m kamicha"], rules={"kuitan": False})
    assert r["ok"] is False and r["error"] == "no_yaku", r


def test_without_kuitan_closed_tanyao_still_counts():
    r = scored("wrc", "234m78m567p222s55s", "6m", rules={"kuitan": False})
    assert yaku(r) == {"tanyao": 1}


@pytest.mark.parametrize("preset", MODERN)
def test_iipeikou(preset):
    r = scored(preset, "112233m456p12s99p", "3s")
    assert yaku(r) == {"iipeikou": 1}
    assert (r["fu"], paid(r)) == (40, 1300)  # penchan


@pytest.mark.parametrize("preset", MODERN)
def test_iipeikou_needs_a_closed_hand(preset):
    r = scored(preset, "223344m567s8p", "8p", ["chi 678p kamicha"])
    assert yaku(r) == {"tanyao": 1}


@pytest.mark.parametrize(
    ("triplet", "yaku_id"),
    [("555z", "yakuhai_haku"), ("666z", "yakuhai_hatsu"), ("777z", "yakuhai_chun")],
)
@pytest.mark.parametrize("preset", MODERN)
def test_dragon_triplet(preset, triplet, yaku_id):
    closed = scored(preset, triplet + "123m456p78s99s", "6s")
    assert yaku(closed) == {yaku_id: 1}
    assert (closed["fu"], paid(closed)) == (40, 1300)  # 20 + 10 + 8 concealed honor triplet
    opened = scored(preset, "123m456p78s99s", "6s", [f"pon {triplet} toimen"])
    assert yaku(opened) == {yaku_id: 1}
    assert (opened["fu"], paid(opened)) == (30, 1000)  # 20 + 4 open honor triplet


@pytest.mark.parametrize("preset", MODERN)
def test_seat_wind(preset):
    r = scored(preset, "123m456p78s99s", "6s", ["pon 222z toimen"])  # South seat
    assert yaku(r) == {"yakuhai_seat_wind": 1}
    assert paid(r) == 1000


@pytest.mark.parametrize("preset", MODERN)
def test_round_wind(preset):
    r = scored(preset, "123m456p78s99s", "6s", ["pon 111z toimen"])  # East round
    assert yaku(r) == {"yakuhai_round_wind": 1}


@pytest.mark.parametrize("preset", MODERN)
def test_guest_wind_is_no_yaku(preset):
    r = scored(preset, "123m456p78s99s", "6s", ["pon 333z toimen"])
    assert r["error"] == "no_yaku"


@pytest.mark.parametrize("preset", MODERN)
def test_double_wind_triplet_counts_twice(preset):
    dealer = scored(preset, "123m456p78s99s", "6s", ["pon 111z toimen"], seat_wind="E")
    assert yaku(dealer) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}
    assert paid(dealer) == 2900  # dealer 30 fu 2 han
    south = scored(preset, "123m456p78s99s", "6s", ["pon 222z toimen"], round_wind="S")
    assert yaku(south) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}
    assert paid(south) == 2000


@pytest.mark.parametrize("preset", MODERN)
def test_chiitoitsu_is_25_fu_2_han(preset):
    r = scored(preset, "11m55m22p88p44s99s6z", "6z")
    assert yaku(r) == {"chiitoitsu": 2}
    assert (r["fu"], paid(r)) == (25, 1600)
    tsumo = scored(preset, "11m55m22p88p44s99s6z", "6z", tsumo=True)
    assert yaku(tsumo) == {"menzen_tsumo": 1, "chiitoitsu": 2}
    assert (tsumo["fu"], paid(tsumo)) == (25, (800, 1600))  # no tsumo fu


@pytest.mark.parametrize("preset", MODERN)
def test_four_identical_tiles_are_not_two_pairs(preset):
    r = scored(preset, "1111m55m22p88p44s9s", "9s")
    assert r["ok"] is False and r["error"] == "not_a_win"


@pytest.mark.parametrize("preset", MODERN)
def test_toitoi(preset):
    r = scored(preset, "555s77s99m", "7s", ["pon 222m toimen", "pon 888p kamicha"])
    assert yaku(r) == {"toitoi": 2}
    # 20 + 2 + 2 (open simple) + 4 (555s concealed) + 2 (777s completed by ron: open) = 30
    assert (r["fu"], paid(r)) == (30, 2000)


@pytest.mark.parametrize("preset", MODERN)
def test_sanankou(preset):
    r = scored(preset, "222m444p777s56m99s", "4m")
    assert yaku(r) == {"sanankou": 2}
    assert (r["fu"], paid(r)) == (50, 3200)  # 20 + 10 + 3 × 4 = 42 → 50
    tsumo = scored(preset, "222m444p777s56m99s", "4m", tsumo=True)
    assert yaku(tsumo) == {"menzen_tsumo": 1, "sanankou": 2}
    assert (tsumo["fu"], paid(tsumo)) == (40, (1300, 2600))


@pytest.mark.parametrize("preset", MODERN)
def test_sanankou_with_an_open_hand(preset):
    r = scored(preset, "222m777m444p5p", "5p", ["chi 123s kamicha"])
    assert yaku(r) == {"sanankou": 2}
    assert (r["fu"], paid(r)) == (40, 2600)  # 20 + 12 + 2 tanki = 34 → 40


@pytest.mark.parametrize("preset", MODERN)
def test_sanankou_counts_an_ankan(preset):
    r = scored(preset, "444p777s56m99s", "4m", ["ankan 2222m"])
    assert yaku(r) == {"sanankou": 2}
    assert (r["fu"], paid(r)) == (60, 3900)  # 20 + 10 + 16 + 4 + 4 = 54 → 60


@pytest.mark.parametrize("preset", MODERN)
def test_a_triplet_completed_by_ron_is_not_concealed_for_sanankou(preset):
    ron = scored(preset, "222m444p567m77s88s", "7s")
    assert yaku(ron) == {"tanyao": 1}
    assert (ron["fu"], paid(ron)) == (40, 1300)  # 20 + 10 + 4 + 4 + 2 (777s open)
    tsumo = scored(preset, "222m444p567m77s88s", "7s", tsumo=True)
    assert yaku(tsumo) == {"menzen_tsumo": 1, "tanyao": 1, "sanankou": 2}
    assert paid(tsumo) == (2000, 4000)


@pytest.mark.parametrize("preset", MODERN)
def test_sanshoku_doukou(preset):
    r = scored(preset, "222p222s45m99s", "3m", ["pon 222m toimen"])
    assert yaku(r) == {"sanshoku_doukou": 2}
    assert (r["fu"], paid(r)) == (30, 2000)


@pytest.mark.parametrize("preset", MODERN)
def test_sankantsu(preset):
    melds = ["ankan 2222m", "minkan 4444p shimocha", "ankan 6666s"]
    r = scored(preset, "78m99p", "6m", melds)
    assert yaku(r) == {"sankantsu": 2}
    assert (r["fu"], paid(r)) == (60, 3900)  # 20 + 16 + 8 + 16


@pytest.mark.parametrize("preset", MODERN)
def test_shousangen_adds_its_two_dragon_yakuhai(preset):
    r = scored(preset, "555z666z123m456p7z", "7z")
    assert yaku(r) == {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}
    assert (r["han"], r["fu"], paid(r)) == (4, 50, 8000)


@pytest.mark.parametrize("preset", MODERN)
def test_honroutou_with_toitoi(preset):
    r = scored(preset, "111s99s44z", "4z", ["pon 111m toimen", "pon 999p kamicha"])
    assert yaku(r) == {"toitoi": 2, "honroutou": 2}  # never with chanta
    assert (r["han"], r["fu"], paid(r)) == (4, 40, 8000)


@pytest.mark.parametrize("preset", MODERN)
def test_honroutou_with_chiitoitsu(preset):
    r = scored(preset, "11m99m11p99p11s99s1z", "1z")
    assert yaku(r) == {"chiitoitsu": 2, "honroutou": 2}
    assert (r["fu"], paid(r)) == (25, 6400)


@pytest.mark.parametrize("preset", MODERN)
def test_sanshoku(preset):
    closed = scored(preset, "123m123p23s456m99p", "1s")
    assert yaku(closed) == {"pinfu": 1, "sanshoku": 2}
    assert paid(closed) == 3900
    opened = scored(preset, "123m123p45m99p", "6m", ["chi 123s kamicha"])
    assert yaku(opened) == {"sanshoku": 1}
    assert paid(opened) == 1000


@pytest.mark.parametrize("preset", MODERN)
def test_ittsu(preset):
    closed = scored(preset, "123456789m45p99s", "3p")
    assert yaku(closed) == {"pinfu": 1, "ittsu": 2}
    assert paid(closed) == 3900
    opened = scored(preset, "123456m45p99s", "6p", ["chi 789m kamicha"])
    assert yaku(opened) == {"ittsu": 1}
    assert paid(opened) == 1000


@pytest.mark.parametrize("preset", MODERN)
def test_chanta(preset):
    closed = scored(preset, "123m789p789s999m4z", "4z")
    assert yaku(closed) == {"chanta": 2}
    assert (closed["fu"], paid(closed)) == (40, 2600)
    opened = scored(preset, "789p789s999m4z", "4z", ["chi 123m kamicha"])
    assert yaku(opened) == {"chanta": 1}
    assert (opened["fu"], paid(opened)) == (30, 1000)


@pytest.mark.parametrize("preset", MODERN)
def test_junchan_excludes_chanta(preset):
    closed = scored(preset, "123m789p789s999m1p", "1p")
    assert yaku(closed) == {"junchan": 3}
    assert paid(closed) == 5200
    opened = scored(preset, "789p789s999m1p", "1p", ["chi 123m kamicha"])
    assert yaku(opened) == {"junchan": 2}
    assert paid(opened) == 2000


@pytest.mark.parametrize("preset", MODERN)
def test_ryanpeikou_replaces_iipeikou_and_beats_chiitoitsu(preset):
    r = scored(preset, "112233m556677p8s", "8s")
    assert yaku(r) == {"ryanpeikou": 3}
    assert (r["fu"], paid(r)) == (40, 5200)  # the chiitoitsu reading would be 1,600


@pytest.mark.parametrize("preset", MODERN)
def test_honitsu(preset):
    closed = scored(preset, "123m345m78m444z33z", "6m")
    assert yaku(closed) == {"honitsu": 3}
    assert (closed["fu"], paid(closed)) == (40, 5200)
    opened = scored(preset, "345m78m444z33z", "6m", ["chi 123m kamicha"])
    assert yaku(opened) == {"honitsu": 2}
    assert (opened["fu"], paid(opened)) == (30, 2000)


@pytest.mark.parametrize("preset", MODERN)
def test_honitsu_with_chiitoitsu(preset):
    r = scored(preset, "11m33m55m77m99m33z4z", "4z")
    assert yaku(r) == {"chiitoitsu": 2, "honitsu": 3}
    assert paid(r) == 8000


@pytest.mark.parametrize("preset", MODERN)
def test_chinitsu_replaces_honitsu(preset):
    closed = scored(preset, "234m456m888m11m68m", "7m")
    assert yaku(closed) == {"chinitsu": 6}
    assert (closed["limit"], paid(closed)) == ("haneman", 12000)
    opened = scored(preset, "456m888m11m68m", "7m", ["chi 234m kamicha"])
    assert yaku(opened) == {"chinitsu": 5}
    assert (opened["limit"], paid(opened)) == ("mangan", 8000)


# --- yakuman (§3.4) ------------------------------------------------------------------------------


def _yakuman(result, *ids, k=1):
    assert result["ok"], result
    assert yaku(result) == dict.fromkeys(ids, 0)
    assert result["yakuman"] == k
    assert result["dora"] == {"dora": 0, "aka": 0, "ura": 0}


@pytest.mark.parametrize("preset", MODERN)
def test_kokushi(preset):
    r = scored(preset, "19m19p19s1234566z", "7z")
    _yakuman(r, "kokushi")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_kokushi_13_sided_is_a_single_yakuman(preset):
    r = scored(preset, "19m19p19s1234567z", "1m")
    _yakuman(r, "kokushi")
    assert paid(r) == 32000


def test_kokushi_13_sided_doubles_with_special_double():
    r = scored("wrc", "19m19p19s1234567z", "1m", rules={"special_double": True})
    _yakuman(r, "kokushi", k=2)
    assert paid(r) == 64000


def test_kokushi_single_wait_does_not_double_with_special_double():
    r = scored("wrc", "19m19p19s1234566z", "7z", rules={"special_double": True})
    _yakuman(r, "kokushi", k=1)


@pytest.mark.parametrize("preset", MODERN)
def test_suuankou_tsumo(preset):
    r = scored(preset, "111m222p333s44z66s", "6s", tsumo=True)
    _yakuman(r, "suuankou")
    assert paid(r) == (8000, 16000)


@pytest.mark.parametrize("preset", MODERN)
def test_suuankou_tanki_is_single(preset):
    r = scored(preset, "111m222p333s444z5z", "5z")
    _yakuman(r, "suuankou")
    assert paid(r) == 32000


def test_suuankou_tanki_doubles_with_special_double():
    r = scored("wrc", "111m222p333s444z5z", "5z", rules={"special_double": True})
    _yakuman(r, "suuankou", k=2)
    assert paid(r) == 64000


@pytest.mark.parametrize("preset", MODERN)
def test_shanpon_ron_is_not_suuankou(preset):
    """002 役28: the triplet completed by ron is open, so this is sanankou + toitoi."""
    r = scored(preset, "111m222p333s44z66s", "6s")
    assert yaku(r) == {"toitoi": 2, "sanankou": 2}
    assert r["yakuman"] == 0
    assert (r["han"], r["fu"], paid(r)) == (4, 50, 8000)


@pytest.mark.parametrize("preset", MODERN)
def test_daisangen(preset):
    r = scored(preset, "777z23m99p", "1m", ["pon 555z toimen", "pon 666z kamicha"])
    _yakuman(r, "daisangen")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_ryuuiisou_with_hatsu(preset):
    r = scored(preset, "223344666888s6z", "6z")
    _yakuman(r, "ryuuiisou")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_ryuuiisou_without_hatsu_is_allowed(preset):
    r = scored(preset, "2233444466688s", "8s")
    _yakuman(r, "ryuuiisou")


def test_ryuuiisou_hatsu_rule_requires_hatsu():
    without = scored("wrc", "2233444466688s", "8s", rules={"ryuuiisou_hatsu": True})
    assert without["yakuman"] == 0 and "ryuuiisou" not in yaku(without)
    with_hatsu = scored("wrc", "223344666888s6z", "6z", rules={"ryuuiisou_hatsu": True})
    _yakuman(with_hatsu, "ryuuiisou")


@pytest.mark.parametrize("preset", MODERN)
def test_tsuuiisou(preset):
    r = scored(preset, "222z333z555z6z", "6z", ["pon 111z toimen"])
    _yakuman(r, "tsuuiisou")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_tsuuiisou_as_seven_pairs(preset):
    r = scored(preset, "11z22z33z44z55z66z7z", "7z")
    _yakuman(r, "tsuuiisou")


@pytest.mark.parametrize("preset", MODERN)
def test_shousuushii(preset):
    r = scored(preset, "222z333z44z56m", "4m", ["pon 111z toimen"])
    _yakuman(r, "shousuushii")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_daisuushii_is_single(preset):
    r = scored(preset, "333z444z5m", "5m", ["pon 111z toimen", "pon 222z kamicha"])
    _yakuman(r, "daisuushii")  # shousuushii is not listed beside it
    assert paid(r) == 32000


def test_daisuushii_doubles_with_special_double():
    melds = ["pon 111z toimen", "pon 222z kamicha"]
    r = scored("wrc", "333z444z5m", "5m", melds, rules={"special_double": True})
    _yakuman(r, "daisuushii", k=2)


@pytest.mark.parametrize("preset", MODERN)
def test_chinroutou(preset):
    r = scored(preset, "999m111p999p1s", "1s", ["pon 111m toimen"])
    _yakuman(r, "chinroutou")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_suukantsu(preset):
    melds = ["minkan 2222m shimocha", "ankan 3333p", "minkan 4444s toimen", "ankan 6666s"]
    r = scored(preset, "7z", "7z", melds)
    _yakuman(r, "suukantsu")
    assert paid(r) == 32000


@pytest.mark.parametrize("preset", MODERN)
def test_junsei_chuuren_is_single(preset):
    r = scored(preset, "1112345678999m", "5m")
    _yakuman(r, "chuuren")
    assert paid(r) == 32000


def test_junsei_chuuren_doubles_with_special_double():
    r = scored("wrc", "1112345678999m", "5m", rules={"special_double": True})
    _yakuman(r, "chuuren", k=2)


def test_ordinary_chuuren_does_not_double_with_special_double():
    r = scored("wrc", "1113455678999m", "2m", rules={"special_double": True})
    _yakuman(r, "chuuren", k=1)


@pytest.mark.parametrize("preset", MODERN)
def test_chuuren_needs_a_closed_hand(preset):
    r = scored(preset, "11123456m99m", "7m", ["chi 789m kamicha"])
    assert r["yakuman"] == 0 and yaku(r)["chinitsu"] == 5


@pytest.mark.parametrize("preset", MODERN)
def test_tenhou(preset):
    r = scored(preset, "123m456p789s234s1z", "1z", seat_wind="E", tsumo=True, tenhou=True)
    _yakuman(r, "tenhou")
    assert paid(r) == (16000, "all")


@pytest.mark.parametrize("preset", MODERN)
def test_chiihou(preset):
    r = scored(preset, "123m456p789s234s1z", "1z", tsumo=True, chiihou=True)
    _yakuman(r, "chiihou")
    assert paid(r) == (8000, 16000)


# --- double yakuman (§3.4 stacking, §4.3) -----------------------------------------------------

DAISANGEN_TSUUIISOU = ("777z11z44z", "4z", ["pon 555z toimen", "pon 666z kamicha"])


@pytest.mark.parametrize("preset", ["jpm", "jpml", "wrc", "teiai"])
def test_daisangen_and_tsuuiisou_stack_to_double_yakuman(preset):
    r = scored(preset, *DAISANGEN_TSUUIISOU)
    _yakuman(r, "daisangen", "tsuuiisou", k=2)
    assert (r["limit"], paid(r)) == ("yakuman", 64000)


def test_gifu_pays_a_single_yakuman_but_lists_both():
    r = scored("gifu", *DAISANGEN_TSUUIISOU)
    _yakuman(r, "daisangen", "tsuuiisou", k=1)
    assert paid(r) == 32000


def test_yakuman_stacking_off_by_house_rule():
    r = scored("wrc", *DAISANGEN_TSUUIISOU, rules={"yakuman_stacking": False})
    _yakuman(r, "daisangen", "tsuuiisou", k=1)


@pytest.mark.parametrize(("preset", "each"), [("wrc", 32000), ("gifu", 16000)])
def test_tenhou_with_kokushi(preset, each):
    r = scored(preset, "19m19p19s1234567z", "1m", seat_wind="E", tsumo=True, tenhou=True)
    assert set(yaku(r)) == {"kokushi", "tenhou"}
    assert paid(r) == (each, "all")


FOUR_YAKUMAN = ("555z666z777z11z44z", "4z")  # dealer's tenhou: suuankou, daisangen, tsuuiisou


@pytest.mark.parametrize(("preset", "k"), [("jpm", 4), ("jpml", 4), ("wrc", 4), ("gifu", 1)])
def test_four_yakuman_in_one_hand(preset, k):
    r = scored(preset, *FOUR_YAKUMAN, seat_wind="E", tsumo=True, tenhou=True)
    _yakuman(r, "suuankou", "daisangen", "tsuuiisou", "tenhou", k=k)
    assert paid(r) == (16000 * k, "all")  # ×4 = 192,000 (000 第45条チ)


def test_yakuman_max_caps_the_multiple():
    r = scored(
        "wrc", *FOUR_YAKUMAN, seat_wind="E", tsumo=True, tenhou=True, rules={"yakuman_max": 2}
    )
    assert (r["yakuman"], paid(r)) == (2, (32000, "all"))


def test_suuankou_tanki_and_daisangen_is_double_not_triple():
    """§4.11 E13: the tanki wait itself never doubles."""
    r = scored("wrc", "555z666z777z222m9p", "9p", seat_wind="W")
    _yakuman(r, "suuankou", "daisangen", k=2)
    assert paid(r) == 64000


# --- traps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("pair", ["55z", "66z", "77z", "22z", "11z"])
def test_no_pinfu_with_a_value_pair(pair):
    """Dragons, the seat wind (South) and the round wind (East) all block pinfu."""
    r = scored("wrc", "123m67m345p678s" + pair, "8m", riichi=True)
    assert yaku(r) == {"riichi": 1}
    assert (r["fu"], paid(r)) == (40, 1300)  # 20 + 10 + 2 value pair = 32 → 40


def test_pinfu_with_a_guest_wind_pair():
    r = scored("wrc", "123m67m345p678s33z", "8m")
    assert yaku(r) == {"pinfu": 1}
    assert (r["fu"], paid(r)) == (30, 1000)


def test_no_pinfu_on_a_kanchan_wait():
    r = scored("wrc", "123m68m345p678s55p", "7m", riichi=True)
    assert yaku(r) == {"riichi": 1}
    assert r["fu"] == 40


def test_ryanmen_reading_beats_kanchan_reading_for_pinfu():
    """45567m + 6m is 456 (ryanmen 45) + 567, or 456 + 567 (kanchan 57): 高点法 picks pinfu."""
    r = scored("wrc", "45567m123p789s22s", "6m", riichi=True)
    assert yaku(r) == {"riichi": 1, "pinfu": 1}
    assert (r["fu"], paid(r)) == (30, 2000)  # not 40 fu 1 han (1,300)


def test_kanchan_reading_beats_ryanmen_reading_for_fu():
    """Without pinfu the kanchan reading's 2 fu lift 30 to 40 fu."""
    r = scored("wrc", "45567m111p789s22s", "6m", tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1}
    assert (r["fu"], paid(r)) == (40, (400, 700))  # 20 + 2 + 8 + 2 = 32; ryanmen would be 30


def test_3455_shape_ryanmen_reading_gives_pinfu():
    """3455m + 5m: 345 + 55 with the 5 in the sequence (ryanmen) or in the pair (tanki)."""
    r = scored("wrc", "3455m123p456s789s", "5m", riichi=True)
    assert yaku(r) == {"riichi": 1, "pinfu": 1}
    assert paid(r) == 2000


def test_3455_shape_tanki_reading_gives_more_fu():
    r = scored("wrc", "3455m111p456s789s", "5m", tsumo=True)
    assert (r["fu"], paid(r)) == (40, (400, 700))  # tanki 2 fu: 32 → 40


def test_23444_shape_keeps_the_triplet_concealed():
    """23444m + 4m by ron: 234 (ryanmen) + a concealed 444, not 444 completed by ron."""
    r = scored("wrc", "23444m111p789s55s", "4m", riichi=True)
    # 20 + 10 + 4 (444m concealed) + 8 (111p) = 42 → 50; the shanpon reading is 40
    assert (r["fu"], paid(r)) == (50, 1600)


@pytest.mark.parametrize("preset", MODERN)
def test_open_pinfu_shape_ron_is_30_fu(preset):
    r = scored(preset, "234p678p34s55s", "2s", ["chi 456m kamicha"])
    assert (r["fu"], paid(r)) == (30, 1000)


@pytest.mark.parametrize("preset", MODERN)
def test_open_pinfu_shape_tsumo_earns_tsumo_fu(preset):
    """§4.2: `if tsumo and not pinfu: raw += 2` — an open hand has no pinfu: 22 → 30 fu."""
    r = scored(preset, "234p678p34s55s", "2s", ["chi 456m kamicha"], tsumo=True)
    assert yaku(r) == {"tanyao": 1}
    assert (r["fu"], paid(r)) == (30, (300, 500))


@pytest.mark.parametrize("preset", MODERN)
def test_double_wind_pair_is_2_fu(preset):
    # dealer in the East round, pair 11z: 20 + 2 tsumo + 4 (222m) + 2 kanchan + 2 pair = 30
    r = scored(preset, "222m456p678s13s11z", "2s", seat_wind="E", tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1}
    assert (r["fu"], paid(r)) == (30, (500, "all"))


def test_double_wind_pair_is_4_fu_by_house_rule():
    r = scored(
        "wrc",
        "222m456p678s13s11z",
        "2s",
        seat_wind="E",
        tsumo=True,
        rules={"double_wind_pair_fu": 4},
    )
    assert {"item": "value_pair", "fu": 4, "tiles": "11z"} in r["fu_breakdown"]
    assert (r["fu"], paid(r)) == (40, (700, "all"))  # 32 → 40


def test_single_wind_pair_stays_2_fu_with_the_house_rule():
    r = scored("wrc", "222m456p678s13s22z", "2s", tsumo=True, rules={"double_wind_pair_fu": 4})
    assert r["fu"] == 30


@pytest.mark.parametrize("preset", MODERN)
def test_rinshan_tsumo_earns_tsumo_fu(preset):
    melds = ["chi 123m kamicha", "minkan 8888m shimocha"]
    r = scored(preset, "99p13s789s", "2s", melds, tsumo=True, rinshan=True)
    assert {"item": "tsumo", "fu": 2} in r["fu_breakdown"]
    assert r["fu"] == 40


def test_rinshan_without_tsumo_fu_by_house_rule():
    melds = ["chi 123m kamicha", "minkan 8888m shimocha"]
    r = scored(
        "wrc",
        "99p13s789s",
        "2s",
        melds,
        tsumo=True,
        rinshan=True,
        rules={"rinshan_tsumo_fu": False},
    )
    assert (r["fu"], paid(r)) == (30, (300, 500))


@pytest.mark.parametrize("preset", ["jpm", "teiai", "gifu", "renmei_classic"])
def test_renhou_flag_scores_nothing_without_renhou(preset):
    """003 §22 and 004 ⑩ have no 人和: the flag is accepted and ignored."""
    r = scored(preset, "123m67m345p678s55p", "8m", renhou=True)
    assert "renhou" not in yaku(r)
    assert r["yakuman"] == 0


@pytest.mark.parametrize("preset", ["jpml", "wrc"])
def test_A18_renhou_is_a_mangan_that_takes_no_yaku_or_dora(preset):
    """002 【その他】: 人和 満貫, 手役・ドラは複合しない."""
    r = scored(preset, "123m67m345p678s55p", "8m", renhou=True, dora_indicators="4p")
    assert yaku(r) == {"renhou": 0}
    assert (r["limit"], r["yakuman"], paid(r)) == ("mangan", 0, 8000)
    assert r["dora"] == {"dora": 0, "aka": 0, "ura": 0}


@pytest.mark.parametrize("preset", ["jpml", "wrc"])
def test_A18_renhou_without_any_yaku_is_still_a_mangan(preset):
    r = scored(preset, "123m67m345p678s11z", "8m", renhou=True)
    assert yaku(r) == {"renhou": 0} and paid(r) == 8000


@pytest.mark.parametrize("preset", ["jpml", "wrc"])
def test_A18_renhou_a_haneman_hand_scores_itself(preset):
    """跳満以上のアガリ形の場合は高点法に基づく: chinitsu pinfu ittsu pays baiman."""
    r = scored(preset, "1223345556789m", "4m", renhou=True)
    assert "renhou" not in yaku(r)
    assert (r["limit"], paid(r)) == ("baiman", 16000)


def test_A18_renhou_as_a_yakuman_house_rule():
    r = scored("wrc", "123m67m345p678s55p", "8m", renhou=True, rules={"renhou": True})
    assert yaku(r) == {"renhou": 0} and r["yakuman"] == 1


@pytest.mark.parametrize("preset", MODERN)
def test_kakan_is_an_open_quad(preset):
    r = scored(preset, "123m456p78s99s", "6s", ["kakan 7777z toimen"])
    assert yaku(r) == {"yakuhai_chun": 1}
    assert (r["fu"], paid(r)) == (40, 1300)  # 20 + 16 open honor quad = 36 → 40


@pytest.mark.parametrize("preset", MODERN)
def test_chankan_is_a_ron_for_fu(preset):
    r = scored(preset, "123m67m345p678s55p", "8m", chankan=True)
    assert yaku(r) == {"pinfu": 1, "chankan": 1}
    assert (r["fu"], paid(r)) == (30, 2000)


@pytest.mark.parametrize("preset", MODERN)
def test_haitei_with_pinfu_tsumo(preset):
    r = scored(preset, "123m67m345p678s55p", "8m", tsumo=True, haitei=True)
    assert yaku(r) == {"menzen_tsumo": 1, "pinfu": 1, "haitei": 1}
    assert (r["fu"], paid(r)) == (20, (700, 1300))


# --- dora, ura, kan dora, aka (§4.3) ------------------------------------------------------------

PINFU_TANYAO = ("234m67m345p678s55p", "8m")  # pinfu + tanyao, 30 fu; 5p ×3, 8s ×1


@pytest.mark.parametrize("preset", MODERN)
def test_dora_counts_every_copy(preset):
    r = scored(preset, *PINFU_TANYAO, dora_indicators="4p")
    assert r["dora"] == {"dora": 3, "aka": 0, "ura": 0}
    assert (r["han"], paid(r)) == (5, 8000)


@pytest.mark.parametrize("preset", MODERN)
def test_one_dora(preset):
    r = scored(preset, *PINFU_TANYAO, dora_indicators="7s")
    assert r["dora"]["dora"] == 1
    assert (r["han"], paid(r)) == (3, 3900)


@pytest.mark.parametrize(("preset", "dora"), [("jpm", 4), ("wrc", 4), ("gifu", 4)])
def test_kan_dora_indicators_count(preset, dora):
    r = scored(preset, *PINFU_TANYAO, dora_indicators="7s4p")
    assert r["dora"]["dora"] == dora


@pytest.mark.parametrize("preset", ["jpml", "teiai"])
def test_kan_dora_indicators_are_ignored_in_jpml_and_teiai(preset):
    r = scored(preset, *PINFU_TANYAO, dora_indicators="7s4p")
    assert r["dora"]["dora"] == 1
    assert paid(r) == 3900


def test_a_tile_indicated_twice_counts_twice():
    r = scored("wrc", *PINFU_TANYAO, dora_indicators="7s7s")
    assert r["dora"]["dora"] == 2


def test_a_quad_counts_four_copies():
    r = scored("wrc", "567p34s88p234m", "2s", ["ankan 1111m"], tsumo=True, dora_indicators="9m")
    assert r["dora"]["dora"] == 4


@pytest.mark.parametrize(("preset", "ura"), [("jpm", 3), ("wrc", 3), ("gifu", 3)])
def test_ura_dora_for_a_riichi_winner(preset, ura):
    r = scored(preset, *PINFU_TANYAO, riichi=True, ura_indicators="4p")
    assert r["dora"] == {"dora": 0, "aka": 0, "ura": ura}
    assert r["han"] == 3 + ura


@pytest.mark.parametrize("preset", ["jpml", "teiai"])
def test_no_ura_dora_in_jpml_and_teiai(preset):
    r = scored(preset, *PINFU_TANYAO, riichi=True, ura_indicators="4p")
    assert r["dora"]["ura"] == 0
    assert (r["han"], paid(r)) == (3, 3900)


def test_ura_dora_only_with_riichi():
    r = scored("wrc", *PINFU_TANYAO, ura_indicators="4p")
    assert r["dora"]["ura"] == 0
    assert paid(r) == 2000


def test_double_riichi_gets_ura_dora():
    r = scored("wrc", *PINFU_TANYAO, riichi=True, double_riichi=True, ura_indicators="4p")
    assert r["dora"]["ura"] == 3


def test_kan_ura():
    r = scored("wrc", *PINFU_TANYAO, riichi=True, ura_indicators="1z4p")
    assert r["dora"]["ura"] == 3
    without = scored(
        "wrc", *PINFU_TANYAO, riichi=True, ura_indicators="1z4p", rules={"kan_ura": False}
    )
    assert without["dora"]["ura"] == 0


@pytest.mark.parametrize("preset", MODERN)
def test_red_five_is_an_ordinary_five_without_red_fives(preset):
    """§1.3: no preset uses red fives; a red five is scored as a five with no dora value."""
    r = scored(preset, "234m67m340p678s55p", "8m", dora_indicators="4p")
    assert r["dora"] == {"dora": 3, "aka": 0, "ura": 0}  # the red 5p is still a 5p for dora


@pytest.mark.parametrize("red_fives", [1, 3, 4])
def test_red_five_is_aka_dora_when_the_ruleset_has_red_fives(red_fives):
    r = scored("wrc", "234m67m340p678s55p", "8m", rules={"red_fives": red_fives})
    assert r["dora"] == {"dora": 0, "aka": 1, "ura": 0}
    assert (r["han"], paid(r)) == (3, 3900)


def test_red_fives_in_melds_count():
    r = scored("wrc", "234m678m345s7s", "7s", ["pon 550p toimen"], rules={"red_fives": 3})
    assert yaku(r) == {"tanyao": 1}
    assert (r["dora"]["aka"], r["han"], paid(r)) == (1, 2, 2000)
    r = scored("wrc", "234m67m55p678s", "8m", ["chi 406p kamicha"], rules={"red_fives": 3})
    assert r["dora"]["aka"] == 1
    assert (r["han"], paid(r)) == (2, 2000)


def test_two_red_fives():
    # Two red 5p: the wall holds two under red_fives = 4 (under 3 there is one, engine/wall.py).
    r = scored("wrc", "234m67m340p678s50p", "8m", rules={"red_fives": 4})
    assert r["dora"]["aka"] == 2


@pytest.mark.parametrize("preset", MODERN)
def test_dora_alone_is_no_yaku(preset):
    r = scored(
        preset, "456s78s22p", "9s", ["chi 234m kamicha", "pon 999p toimen"], dora_indicators="1p"
    )
    assert (r["ok"], r["error"]) == (False, "no_yaku")
    closed = scored(preset, *PLAIN, dora_indicators="1s")
    assert (closed["ok"], closed["error"]) == (False, "no_yaku")


def test_aka_dora_alone_is_no_yaku():
    melds = ["chi 234m kamicha", "pon 999p toimen"]
    r = scored("wrc", "406s78s22p", "9s", melds, rules={"red_fives": 3})
    assert (r["ok"], r["error"]) == (False, "no_yaku")


@pytest.mark.parametrize("preset", MODERN)
def test_yakuman_ignores_dora(preset):
    r = scored(
        preset, "777z23m99p", "1m", ["pon 555z toimen", "pon 666z kamicha"], dora_indicators="6z"
    )
    _yakuman(r, "daisangen")
    assert paid(r) == 32000


# --- renmei_classic (§3.5) --------------------------------------------------------------------


def classic(*args, **kwargs):
    return scored("renmei_classic", *args, **kwargs)


def test_classic_chinitsu_is_3_han_plus_10_fu():
    r = classic("234m456m888m11m68m", "7m")
    assert yaku(r) == {"chinitsu": 3}
    # 20 + 10 + 4 (888m) + 2 kanchan + 10 chinitsu = 46 → 50; B = 50 × 2³ = 400
    assert (r["fu"], paid(r)) == (50, 1600)
    assert {"item": "chinitsu", "fu": 10} in r["fu_breakdown"]


def test_classic_honroutou_is_chanta_plus_toitoi_not_added_again():
    r = classic("111s99s44z", "4z", ["pon 111m toimen", "pon 999p kamicha"])
    assert yaku(r) == {"honroutou": 2}
    assert (r["fu"], paid(r)) == (40, 640)


def test_classic_junchan_shape_scores_chanta_1():
    r = classic("123m789p789s999m1p", "1p")
    assert yaku(r) == {"chanta": 1}
    assert (r["fu"], paid(r)) == (40, 320)


def test_classic_chanta_with_an_honor():
    r = classic("123m789p789s999m4z", "4z")
    assert yaku(r) == {"chanta": 1}
    assert paid(r) == 320


def test_classic_open_pinfu_is_ron_only_at_20_fu():
    r = classic("234p678p34s55s", "2s", ["chi 456m kamicha"], seat_wind="W")
    assert yaku(r) == {"pinfu": 1, "tanyao": 1}
    assert (r["fu"], paid(r)) == (20, 320)


def test_classic_open_pinfu_shape_by_tsumo_has_no_pinfu():
    r = classic("234p678p34s55s", "2s", ["chi 456m kamicha"], tsumo=True)
    assert yaku(r) == {"tanyao": 1}
    assert (r["fu"], paid(r)) == (30, (60, 120))  # 22 → 30; B = 60


def test_classic_closed_pinfu_shape_tsumo_gets_the_tsumo_yaku():
    r = classic("123m67m345p678s55p", "8m", tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1}
    assert (r["fu"], paid(r)) == (30, (60, 120))


def test_classic_tsumo_yaku_only_for_the_pinfu_shape():
    r = classic(*PLAIN, tsumo=True)
    assert yaku(r) == {}
    assert (r["han"], r["fu"], paid(r)) == (0, 30, (30, 60))


def test_classic_closed_pinfu_shape_tsumo_with_chinitsu_is_40_fu():
    r = classic("123456789m45m99m", "3m", tsumo=True)
    assert yaku(r) == {"menzen_tsumo": 1, "ittsu": 1, "chinitsu": 3}
    assert r["fu"] == 40  # 20 + 2 + 10 = 32 → 40


def test_classic_has_no_houtei():
    r = classic(*PLAIN, houtei=True)
    assert yaku(r) == {}
    assert paid(r) == 160


def test_classic_haitei_by_tsumo():
    r = classic(*PLAIN, tsumo=True, haitei=True)
    assert yaku(r) == {"haitei": 1}
    assert paid(r) == (60, 120)


def test_classic_has_no_iipeikou():
    r = classic("112233m456p12s99p", "3s")
    assert yaku(r) == {}
    assert (r["fu"], paid(r)) == (40, 160)


def test_classic_has_no_sanshoku():
    r = classic("123m123p23s456m99p", "1s")
    assert yaku(r) == {"pinfu": 1}
    assert paid(r) == 240


def test_classic_chiitoitsu_is_not_a_win():
    r = classic("11m55m22p88p44s99s6z", "6z")
    assert (r["ok"], r["error"]) == (False, "not_a_win")


def test_classic_ryanpeikou_shape_wins_as_four_sets():
    r = classic("112233m556677p8s", "8s")
    assert yaku(r) == {}
    assert (r["fu"], paid(r)) == (40, 160)


def test_classic_hand_without_yaku_wins():
    r = classic("456s78s22p", "9s", ["chi 234m kamicha", "pon 999p toimen"], tsumo=True)
    assert yaku(r) == {}
    assert (r["han"], r["fu"], paid(r)) == (0, 30, (30, 60))


def test_classic_has_no_riichi_dora_honba_or_sticks():
    r = classic(
        *PLAIN,
        riichi=True,
        ippatsu=True,
        dora_indicators="1m",
        ura_indicators="1s",
        honba=2,
        riichi_sticks=1,
    )
    assert yaku(r) == {}
    assert r["dora"] == {"dora": 0, "aka": 0, "ura": 0}
    assert (paid(r), r["points"]["honba"], r["points"]["sticks"]) == (160, 0, 0)


def test_classic_double_wind_triplet_is_2_han():
    r = classic("123m456p78s99s", "6s", ["pon 222z toimen"], round_wind="S")
    assert yaku(r) == {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1}
    assert (r["fu"], paid(r)) == (30, 480)


def test_classic_shousangen_is_1_han_plus_its_dragons():
    r = classic("555z666z123m456p7z", "7z")
    assert yaku(r) == {"shousangen": 1, "yakuhai_haku": 1, "yakuhai_hatsu": 1}
    assert (r["fu"], paid(r)) == (50, 1600)  # 20 + 10 + 8 + 8 + 2 pair + 2 tanki = 50


def test_classic_toitoi_is_1_han():
    r = classic("555s77s99m", "7s", ["pon 222m toimen", "pon 888p kamicha"])
    assert yaku(r) == {"toitoi": 1}
    assert (r["fu"], paid(r)) == (30, 240)


def test_classic_sanankou_is_1_han():
    r = classic("222m444p777s56m99s", "4m")
    assert yaku(r) == {"sanankou": 1}
    assert (r["fu"], paid(r)) == (50, 400)


def test_classic_yakuman_class_hand_is_a_mangan():
    r = classic("777z23m99p", "1m", ["pon 555z toimen", "pon 666z kamicha"], seat_wind="E")
    assert yaku(r) == {"daisangen": 0}
    assert (r["yakuman"], r["limit"], paid(r)) == (0, "mangan", 3000)


def test_classic_kokushi_is_a_mangan():
    r = classic("19m19p19s1234567z", "1m", tsumo=True)
    assert (r["yakuman"], r["limit"], paid(r)) == (0, "mangan", (500, 1000))


def test_classic_has_no_ryuuiisou():
    r = classic("2233444466688s", "8s")
    assert "ryuuiisou" not in yaku(r)
    assert r["yakuman"] == 0


def test_classic_has_no_sankantsu_or_sanshoku_doukou():
    r = classic("222p222s45m99s", "3m", ["pon 222m toimen"])
    assert yaku(r) == {}
    three_kans = classic("78m99p", "6m", ["ankan 2222m", "minkan 4444p shimocha", "ankan 6666s"])
    assert "sankantsu" not in yaku(three_kans)
