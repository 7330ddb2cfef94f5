"""RULESETS.md §4.10 reference tables, §4.4 limits, §4.5 honba and sticks, §4.7 classic cap.

The tables below are copied from RULESETS.md §4.10. Each checked cell is a concrete hand:
a "kit" with known fu and yaku, raised to the cell's han with dora from one indicator
(so it works in `jpml`/`teiai` too, which count only the first indicator).
"""

from __future__ import annotations

import re

import pytest
from conftest import MODERN, paid, scored

# --- §4.10, copied verbatim -------------------------------------------------------------------

RON_TABLE = """
| 20 | — | — | — | — |
| 25 | — | 1,600 / 2,400 | 3,200 / 4,800 | 6,400 / 9,600 |
| 30 | 1,000 / 1,500 | 2,000 / 2,900 | 3,900 / 5,800 | 7,700 / 11,600 ‡ |
| 40 | 1,300 / 2,000 | 2,600 / 3,900 | 5,200 / 7,700 | mangan |
| 50 | 1,600 / 2,400 | 3,200 / 4,800 | 6,400 / 9,600 | mangan |
| 60 | 2,000 / 2,900 | 3,900 / 5,800 | 7,700 / 11,600 ‡ | mangan |
| 70 | 2,300 / 3,400 | 4,500 / 6,800 | mangan | mangan |
| 80 | 2,600 / 3,900 | 5,200 / 7,700 | mangan | mangan |
| 90 | 2,900 / 4,400 | 5,800 / 8,700 | mangan | mangan |
| 100 | 3,200 / 4,800 | 6,400 / 9,600 | mangan | mangan |
| 110 | 3,600 / 5,300 | 7,100 / 10,600 | mangan | mangan |
"""

TSUMO_TABLE = """
| 20 | — | 400–700 / 700 all | 700–1,300 / 1,300 all | 1,300–2,600 / 2,600 all |
| 25 | — | — | 800–1,600 / 1,600 all | 1,600–3,200 / 3,200 all |
| 30 | 300–500 / 500 all | 500–1,000 / 1,000 all | 1,000–2,000 / 2,000 all | 2,000–3,900 / 3,900 all ‡ |
| 40 | 400–700 / 700 all | 700–1,300 / 1,300 all | 1,300–2,600 / 2,600 all | mangan |
| 50 | 400–800 / 800 all | 800–1,600 / 1,600 all | 1,600–3,200 / 3,200 all | mangan |
| 60 | 500–1,000 / 1,000 all | 1,000–2,000 / 2,000 all | 2,000–3,900 / 3,900 all ‡ | mangan |
| 70 | 600–1,200 / 1,200 all | 1,200–2,300 / 2,300 all | mangan | mangan |
| 80 | 700–1,300 / 1,300 all | 1,300–2,600 / 2,600 all | mangan | mangan |
| 90 | 800–1,500 / 1,500 all | 1,500–2,900 / 2,900 all | mangan | mangan |
| 100 | 800–1,600 / 1,600 all | 1,600–3,200 / 3,200 all | mangan | mangan |
| 110 | 900–1,800 / 1,800 all | 1,800–3,600 / 3,600 all | mangan | mangan |
"""  # noqa: E501

CLASSIC_TABLE = """
| 20 | — (a 20-fu ron is pinfu) | B 40: ron 160 / 240; tsumo — | B 80: 320 / 480 | B 160: 640 / 960 | B 320: 1,280 / 1,920 |
| 30 | B 30: ron 120 / 180; tsumo 30–60 / 60 all | B 60: 240 / 360; 60–120 / 120 all | B 120: 480 / 720; 120–240 / 240 all | B 240: 960 / 1,440; 240–480 / 480 all | B 480: 1,920 / 2,880; 480–960 / 960 all |
| 40 | B 40: 160 / 240; 40–80 / 80 all | B 80: 320 / 480; 80–160 / 160 all | B 160: 640 / 960; 160–320 / 320 all | B 320: 1,280 / 1,920; 320–640 / 640 all | mangan |
| 50 | B 50: 200 / 300; 50–100 / 100 all | B 100: 400 / 600; 100–200 / 200 all | B 200: 800 / 1,200; 200–400 / 400 all | B 400: 1,600 / 2,400; 400–800 / 800 all | mangan |
| 60 | B 60: 240 / 360; 60–120 / 120 all | B 120: 480 / 720; 120–240 / 240 all | B 240: 960 / 1,440; 240–480 / 480 all | B 480: 1,920 / 2,880; 480–960 / 960 all | mangan |
| 70 | B 70: 280 / 420 | B 140: 560 / 840 | B 280: 1,120 / 1,680 | mangan | mangan |
| 80 | B 80: 320 / 480 | B 160: 640 / 960 | B 320: 1,280 / 1,920 | mangan | mangan |
"""  # noqa: E501

MANGAN = {"ron": (8000, 12000), "tsumo": ((2000, 4000), (4000, "all"))}
# "Cells marked ‡ … become mangan … 30 fu 4 han in jpm, wrc, gifu; 60 fu 3 han in wrc, gifu."
KIRIAGE = {(30, 4): {"jpm", "wrc", "gifu"}, (60, 3): {"wrc", "gifu"}}


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def _rows(table: str, first_han: int) -> dict[tuple[int, int], str]:
    cells = {}
    for line in table.strip().splitlines():
        fu, *row = (c.strip() for c in line.strip("|").split("|"))
        for han, cell in enumerate(row, start=first_han):
            cells[int(fu), han] = cell
    return cells


RON = _rows(RON_TABLE, 1)
TSUMO = _rows(TSUMO_TABLE, 1)
CLASSIC = _rows(CLASSIC_TABLE, 0)


def expected_modern(how: str, fu: int, han: int, preset: str, dealer: bool):
    """The §4.10 cell for this preset: ron as an int; tsumo as (each, dealer) / (each, 'all')."""
    cell = (RON if how == "ron" else TSUMO)[fu, han]
    assert cell != "—", f"{how} {fu} fu {han} han cannot occur"
    kiriage = preset in KIRIAGE.get((fu, han), ())
    if cell == "mangan" or kiriage:
        return MANGAN[how][dealer]
    if how == "ron":
        non_dealer, dealer_value = (_number(v) for v in cell.rstrip(" ‡").split(" / "))
        return dealer_value if dealer else non_dealer
    non_dealer_part, dealer_part = cell.rstrip(" ‡").split(" / ")
    if dealer:
        return (_number(dealer_part.removesuffix(" all")), "all")
    each, from_dealer = non_dealer_part.split("–")
    return (_number(each), _number(from_dealer))


# --- the kits ------------------------------------------------------------------------------------
# kit: (concealed, winning tile, melds); fu and yaku do not depend on the seat (no 1z/2z).

KITS = {
    # pon 中 + sequences: ron 20 + 4 = 24 → 30; tsumo 26 → 30; 中 1 han
    "chun_pon": ("234m567p34s88p", "2s", ["pon 777z toimen"]),
    # pon 中, pon 111m, concealed 999p: ron 36 → 40; tsumo 38 → 40; 中 1 han
    "two_pons": ("999p34s88p", "2s", ["pon 777z toimen", "pon 111m kamicha"]),
    # closed 中 + 111m: ron 20 + 10 + 8 + 8 = 46 → 50 (中); tsumo 38 → 40 (中 + tsumo)
    "closed_chun_111m": ("777z111m567p34s88p", "2s", []),
    # pon 中, minkan 2222m, concealed 999p: tsumo 20 + 2 + 4 + 8 + 8 = 42 → 50 (中)
    "pon_minkan": ("999p34s88p", "2s", ["pon 777z toimen", "minkan 2222m shimocha"]),
    # ankan 2222m, concealed 中: ron 20 + 10 + 16 + 8 = 54 → 60 (中)
    "ankan_simple_chun": ("777z567p34s88p", "2s", ["ankan 2222m"]),
    # ankan 1111m, all else sequences: tsumo 20 + 2 + 32 = 54 → 60 (menzen tsumo only)
    "ankan_terminal": ("234m567p34s88p", "2s", ["ankan 1111m"]),
    # pon 中, ankan 1111m, concealed 999p: ron 64 → 70, tsumo 66 → 70 (中)
    "pon_ankan": ("999p34s88p", "2s", ["pon 777z toimen", "ankan 1111m"]),
    # pon 中, ankan 1111m, minkan 9999p: ron 72 → 80, tsumo 74 → 80 (中)
    "pon_ankan_minkan": ("34s88p", "2s", ["pon 777z toimen", "ankan 1111m", "minkan 9999p toimen"]),
    # pon 中, ankan 1111m, ankan 9999p: ron 88 → 90, tsumo 90 (中)
    "pon_two_ankan": ("34s88p", "2s", ["pon 777z toimen", "ankan 1111m", "ankan 9999p"]),
    # as above with a tanki on a 白 pair: ron 92 → 100, tsumo 94 → 100 (中)
    "pon_two_ankan_tanki": ("234s5z", "5z", ["pon 777z toimen", "ankan 1111m", "ankan 9999p"]),
    # ankan 1111m, ankan 9999p, concealed 999s: ron 20 + 10 + 32 + 32 + 8 = 102 → 110 (sanankou)
    "sanankou_two_ankan": ("999s34s88p", "2s", ["ankan 1111m", "ankan 9999p"]),
    # chiitoitsu: 25 fu, 2 han (3 by tsumo)
    "chiitoitsu": ("11m55m22p88p44s99s6z", "6z", []),
    # pinfu: ron 30 fu 1 han, tsumo 20 fu 2 han
    "pinfu": ("123m456m78p234s99s", "9p", []),
}

# (kit, ron or tsumo, extra request fields, fu, han)
CELLS = [
    ("chiitoitsu", "ron", {}, 25, 2),
    ("chiitoitsu", "ron", {"riichi": True}, 25, 3),
    ("chiitoitsu", "ron", {"dora_indicators": "4m"}, 25, 4),
    ("chiitoitsu", "tsumo", {}, 25, 3),
    ("chiitoitsu", "tsumo", {"riichi": True}, 25, 4),
    ("pinfu", "tsumo", {}, 20, 2),
    ("pinfu", "tsumo", {"dora_indicators": "9m"}, 20, 3),
    ("pinfu", "tsumo", {"dora_indicators": "8s"}, 20, 4),
    ("pinfu", "ron", {}, 30, 1),
    ("chun_pon", "ron", {}, 30, 1),
    ("chun_pon", "ron", {"dora_indicators": "4p"}, 30, 2),
    ("chun_pon", "ron", {"dora_indicators": "7p"}, 30, 3),
    ("chun_pon", "ron", {"dora_indicators": "6z"}, 30, 4),
    ("chun_pon", "tsumo", {}, 30, 1),
    ("chun_pon", "tsumo", {"dora_indicators": "4p"}, 30, 2),
    ("chun_pon", "tsumo", {"dora_indicators": "7p"}, 30, 3),
    ("chun_pon", "tsumo", {"dora_indicators": "6z"}, 30, 4),
    ("two_pons", "ron", {}, 40, 1),
    ("two_pons", "ron", {"dora_indicators": "2s"}, 40, 2),
    ("two_pons", "ron", {"dora_indicators": "7p"}, 40, 3),
    ("two_pons", "ron", {"dora_indicators": "6z"}, 40, 4),
    ("two_pons", "tsumo", {}, 40, 1),
    ("two_pons", "tsumo", {"dora_indicators": "2s"}, 40, 2),
    ("two_pons", "tsumo", {"dora_indicators": "7p"}, 40, 3),
    ("closed_chun_111m", "ron", {}, 50, 1),
    ("closed_chun_111m", "ron", {"dora_indicators": "4p"}, 50, 2),
    ("closed_chun_111m", "ron", {"dora_indicators": "7p"}, 50, 3),
    ("closed_chun_111m", "ron", {"dora_indicators": "9m"}, 50, 4),
    ("pon_minkan", "tsumo", {}, 50, 1),
    ("pon_minkan", "tsumo", {"dora_indicators": "2s"}, 50, 2),
    ("pon_minkan", "tsumo", {"dora_indicators": "7p"}, 50, 3),
    ("ankan_simple_chun", "ron", {}, 60, 1),
    ("ankan_simple_chun", "ron", {"dora_indicators": "4p"}, 60, 2),
    ("ankan_simple_chun", "ron", {"dora_indicators": "7p"}, 60, 3),
    ("ankan_simple_chun", "ron", {"dora_indicators": "6z"}, 60, 4),
    ("ankan_terminal", "tsumo", {}, 60, 1),
    ("ankan_terminal", "tsumo", {"dora_indicators": "4p"}, 60, 2),
    ("ankan_terminal", "tsumo", {"dora_indicators": "7p"}, 60, 3),
    ("pon_ankan", "ron", {}, 70, 1),
    ("pon_ankan", "ron", {"dora_indicators": "2s"}, 70, 2),
    ("pon_ankan", "ron", {"dora_indicators": "7p"}, 70, 3),
    ("pon_ankan", "tsumo", {}, 70, 1),
    ("pon_ankan", "tsumo", {"dora_indicators": "2s"}, 70, 2),
    ("pon_ankan_minkan", "ron", {}, 80, 1),
    ("pon_ankan_minkan", "ron", {"dora_indicators": "2s"}, 80, 2),
    ("pon_ankan_minkan", "tsumo", {}, 80, 1),
    ("pon_ankan_minkan", "tsumo", {"dora_indicators": "2s"}, 80, 2),
    ("pon_two_ankan", "ron", {}, 90, 1),
    ("pon_two_ankan", "ron", {"dora_indicators": "2s"}, 90, 2),
    ("pon_two_ankan", "tsumo", {}, 90, 1),
    ("pon_two_ankan", "tsumo", {"dora_indicators": "2s"}, 90, 2),
    ("pon_two_ankan", "tsumo", {"dora_indicators": "7p"}, 90, 3),
    ("pon_two_ankan_tanki", "ron", {}, 100, 1),
    ("pon_two_ankan_tanki", "ron", {"dora_indicators": "2s"}, 100, 2),
    ("pon_two_ankan_tanki", "tsumo", {}, 100, 1),
    ("pon_two_ankan_tanki", "tsumo", {"dora_indicators": "2s"}, 100, 2),
    ("sanankou_two_ankan", "ron", {}, 110, 2),
    ("sanankou_two_ankan", "ron", {"dora_indicators": "2s"}, 110, 3),
]


def _cell_id(cell) -> str:
    kit, how, extra, fu, han = cell
    return f"{how}-{fu}fu-{han}han-{kit}" + ("-riichi" if extra.get("riichi") else "")


@pytest.mark.parametrize("dealer", [False, True], ids=["non_dealer", "dealer"])
@pytest.mark.parametrize("preset", MODERN)
@pytest.mark.parametrize("cell", CELLS, ids=[_cell_id(c) for c in CELLS])
def test_reference_table_cell(cell, preset, dealer):
    kit, how, extra, fu, han = cell
    concealed, win, melds = KITS[kit]
    r = scored(
        preset,
        concealed,
        win,
        melds,
        tsumo=how == "tsumo",
        seat_wind="E" if dealer else "S",
        **extra,
    )
    assert r["ok"], r
    assert (r["fu"], r["han"]) == (fu, han)
    assert paid(r) == expected_modern(how, fu, han, preset, dealer)


def test_the_tables_are_read_as_written():
    """Guard the parser above with cells quoted by hand."""
    assert expected_modern("ron", 30, 1, "wrc", False) == 1000
    assert expected_modern("ron", 110, 2, "wrc", True) == 10600
    assert expected_modern("tsumo", 20, 2, "wrc", False) == (400, 700)
    assert expected_modern("tsumo", 110, 1, "wrc", True) == (1800, "all")
    assert expected_modern("ron", 30, 4, "jpml", False) == 7700
    assert expected_modern("ron", 30, 4, "jpm", False) == 8000
    assert expected_modern("ron", 60, 3, "jpm", True) == 11600
    assert expected_modern("tsumo", 60, 3, "gifu", False) == (2000, 4000)


# --- kiriage (§4.4) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "ron"),
    [("jpm", 8000), ("jpml", 7700), ("wrc", 8000), ("teiai", 7700), ("gifu", 8000)],
)
def test_30_fu_4_han(preset, ron):
    r = scored(preset, *KITS["chun_pon"], dora_indicators="6z")
    assert (r["fu"], r["han"], paid(r)) == (30, 4, ron)
    assert r["limit"] == ("mangan" if ron == 8000 else None)


@pytest.mark.parametrize(
    ("preset", "ron"),
    [("jpm", 7700), ("jpml", 7700), ("wrc", 8000), ("teiai", 7700), ("gifu", 8000)],
)
def test_60_fu_3_han(preset, ron):
    concealed, win, melds = KITS["ankan_simple_chun"]
    r = scored(preset, concealed, win, melds, dora_indicators="7p")
    assert (r["fu"], r["han"], paid(r)) == (60, 3, ron)


def test_kiriage_off_by_house_rule():
    concealed, win, melds = KITS["chun_pon"]
    rules = {"kiriage_30_4": False, "kiriage_60_3": False}
    r = scored("wrc", concealed, win, melds, dora_indicators="6z", rules=rules)
    assert paid(r) == 7700
    concealed, win, melds = KITS["ankan_simple_chun"]
    r = scored("wrc", concealed, win, melds, dora_indicators="7p", rules=rules)
    assert (r["fu"], r["han"], paid(r)) == (60, 3, 7700)


def test_kiriage_on_by_house_rule():
    concealed, win, melds = KITS["chun_pon"]
    r = scored("jpml", concealed, win, melds, dora_indicators="6z", rules={"kiriage_30_4": True})
    assert paid(r) == 8000


# --- limits (§4.4): 5 mangan, 6 haneman, 8 baiman, 11 sanbaiman, no kazoe ------------------

CHINITSU = ("234m456m888m11m68m", "7m")  # closed chinitsu, 6 han; 2m ×1, 1m ×2, 8m ×4

LADDER = [
    # (han, request fields, limit, non-dealer ron, dealer ron)
    (6, {}, "haneman", 12000, 18000),
    (7, {"riichi": True}, "haneman", 12000, 18000),
    (8, {"riichi": True, "dora_indicators": "1m"}, "baiman", 16000, 24000),
    (9, {"riichi": True, "dora_indicators": "9m"}, "baiman", 16000, 24000),
    (10, {"dora_indicators": "7m"}, "baiman", 16000, 24000),
    (11, {"riichi": True, "dora_indicators": "7m"}, "sanbaiman", 24000, 36000),
    (12, {"double_riichi": True, "dora_indicators": "7m"}, "sanbaiman", 24000, 36000),
    (
        13,
        {"double_riichi": True, "dora_indicators": "7m", "houtei": True},
        "sanbaiman",
        24000,
        36000,
    ),
]


@pytest.mark.parametrize("preset", MODERN)
def test_5_han_is_mangan(preset):
    r = scored(preset, "456m888m11m68m", "7m", ["chi 234m kamicha"])
    assert (r["han"], r["limit"], paid(r)) == (5, "mangan", 8000)
    dealer = scored(preset, "456m888m11m68m", "7m", ["chi 234m kamicha"], seat_wind="E")
    assert paid(dealer) == 12000


@pytest.mark.parametrize("preset", MODERN)
@pytest.mark.parametrize(("han", "fields", "limit", "ron", "dealer_ron"), LADDER)
def test_limit_ladder(preset, han, fields, limit, ron, dealer_ron):
    r = scored(preset, *CHINITSU, **fields)
    assert (r["han"], r["limit"], paid(r)) == (han, limit, ron)
    assert paid(scored(preset, *CHINITSU, seat_wind="E", **fields)) == dealer_ron


@pytest.mark.parametrize("preset", MODERN)
def test_limits_by_tsumo(preset):
    r = scored(preset, *CHINITSU, tsumo=True, riichi=True, dora_indicators="7m")
    assert (r["han"], r["limit"], paid(r)) == (12, "sanbaiman", (6000, 12000))
    r = scored(preset, *CHINITSU, tsumo=True)
    assert (r["han"], r["limit"], paid(r)) == (7, "haneman", (3000, 6000))
    r = scored(preset, *CHINITSU, tsumo=True, seat_wind="E", dora_indicators="1m")
    assert (r["han"], r["limit"], paid(r)) == (8, "baiman", (8000, "all"))


@pytest.mark.parametrize("preset", MODERN)
def test_15_han_is_still_sanbaiman(preset):
    """§4.11 E10."""
    r = scored(preset, "1122334555678m", "9m", tsumo=True, riichi=True, dora_indicators="4m")
    assert (r["han"], r["limit"], paid(r)) == (15, "sanbaiman", (6000, 12000))


def test_kazoe_yakuman_by_house_rule():
    thirteen = {"double_riichi": True, "dora_indicators": "7m", "houtei": True}
    r = scored("wrc", *CHINITSU, rules={"kazoe_yakuman": True}, **thirteen)
    assert r["han"] == 13
    assert paid(r) == 32000
    dealer = scored("wrc", *CHINITSU, rules={"kazoe_yakuman": True}, seat_wind="E", **thirteen)
    assert paid(dealer) == 48000


def test_12_han_is_sanbaiman_even_with_kazoe():
    twelve = {"double_riichi": True, "dora_indicators": "7m"}
    r = scored("wrc", *CHINITSU, rules={"kazoe_yakuman": True}, **twelve)
    assert (r["han"], r["limit"], paid(r)) == (12, "sanbaiman", 24000)


@pytest.mark.parametrize("preset", MODERN)
def test_yakuman_values(preset):
    daisangen = ("777z23m99p", "1m", ["pon 555z toimen", "pon 666z kamicha"])
    assert paid(scored(preset, *daisangen)) == 32000
    assert paid(scored(preset, *daisangen, seat_wind="E")) == 48000
    assert paid(scored(preset, *daisangen, tsumo=True)) == (8000, 16000)
    assert paid(scored(preset, *daisangen, tsumo=True, seat_wind="E")) == (16000, "all")


# --- honba and riichi sticks (§4.5) -------------------------------------------------------------


@pytest.mark.parametrize("preset", MODERN)
def test_honba_on_a_ron_is_300_each(preset):
    r = scored(preset, *KITS["chun_pon"], honba=2)
    p = r["points"]
    assert (p["ron"], p["total"], p["honba"], p["sticks"]) == (1000, 1000, 600, 0)


@pytest.mark.parametrize("preset", MODERN)
def test_honba_on_a_tsumo_is_100_from_each_payer(preset):
    r = scored(
        preset,
        "444m123p789s56s99p",
        "7s",
        tsumo=True,
        riichi=True,
        dora_indicators="1p",
        honba=2,
        riichi_sticks=2,
    )
    p = r["points"]  # §4.11 E8: dealer 2,000 + 200, each non-dealer 1,000 + 200; sticks 2,000
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (2000, 1000, 4000)
    assert (p["honba"], p["sticks"]) == (600, 2000)


@pytest.mark.parametrize("preset", MODERN)
def test_honba_on_a_dealer_tsumo(preset):
    r = scored(preset, *KITS["chun_pon"], tsumo=True, seat_wind="E", honba=1)
    p = r["points"]
    assert (p["tsumo_non_dealer"], p["total"], p["honba"]) == (500, 1500, 300)


@pytest.mark.parametrize("preset", MODERN)
def test_riichi_sticks_go_to_the_winner(preset):
    r = scored(preset, *KITS["chun_pon"], riichi_sticks=3)
    assert (r["points"]["total"], r["points"]["sticks"]) == (1000, 3000)


def test_honba_value_by_house_rule():
    r = scored("wrc", *KITS["chun_pon"], honba=2, rules={"honba_value": 1500})
    assert r["points"]["honba"] == 3000


@pytest.mark.parametrize("preset", MODERN)
def test_honba_on_a_yakuman(preset):
    r = scored(preset, "777z23m99p", "1m", ["pon 555z toimen", "pon 666z kamicha"], honba=1)
    assert (r["points"]["ron"], r["points"]["honba"]) == (32000, 300)


def test_classic_has_no_honba_or_sticks():
    r = scored("renmei_classic", "123m67m345p678s55p", "8m", honba=3, riichi_sticks=2)
    assert (paid(r), r["points"]["honba"], r["points"]["sticks"]) == (240, 0, 0)


# --- renmei_classic (§4.7, §4.10 last table) -----------------------------------------------------

CLASSIC_KITS = {
    # (concealed, win, melds, extra fields) → (fu, han)
    "open_pinfu": ("456p678s23s99p", "4s", ["chi 123m kamicha"], {}),  # 20 fu, pinfu
    "open_pinfu_tanyao": ("234p678p34s55s", "2s", ["chi 456m kamicha"], {}),  # §4.11 C7
    "open_pinfu_honitsu_ittsu": ("456m789m23m44z", "4m", ["chi 123m kamicha"], {}),
    "open_no_yaku": ("456s78s22p", "9s", ["chi 234m kamicha", "pon 999p toimen"], {}),  # C4
    "closed_pinfu": ("123m67m345p678s55p", "8m", [], {}),  # C1, C2
    "closed_pinfu_tanyao": ("234m67m345p678s55p", "8m", [], {}),
    "closed_pinfu_honitsu_ittsu": ("123m456m789m23m44z", "4m", [], {}),
    "chankan_chun_honitsu_ittsu": (
        "123m456m5z",
        "5z",
        ["pon 777z toimen", "chi 789m kamicha"],
        {"chankan": True},
    ),
    "haitei_chun_honitsu_ittsu": (
        "123m456m5z",
        "5z",
        ["pon 777z toimen", "chi 789m kamicha"],
        {"haitei": True},
    ),
    "open_111s_no_yaku": ("111s78s22p", "9s", ["chi 234m kamicha", "pon 999p toimen"], {}),
    "haku_kanchan": ("555z123m79p456s11s", "8p", [], {}),  # §4.11 C3
    "haku_honitsu": ("555z123m79m345m11m", "8m", [], {}),
    "haku_honitsu_ittsu": ("555z123m456m79m11m", "8m", [], {}),
    "haku_honitsu_ittsu_chankan": ("555z123m456m79m11m", "8m", [], {"chankan": True}),
    "guest_111m_kanchan": ("444z111m79p456s22s", "8p", [], {}),
    "haku_111m_kanchan": ("555z111m79p456s22s", "8p", [], {}),
    "haku_111m_honitsu": ("555z111m79m456m22m", "8m", [], {}),
    "sanankou_tanki": ("444z111m999p456s2s", "2s", [], {}),
    "ankan_no_yaku": ("234m567p34s88p", "2s", ["ankan 1111m"], {}),
    "ankan_chun": ("777z567p34s88p", "2s", ["ankan 1111m"], {}),
    "two_ankan_no_yaku": ("567p34s88p", "2s", ["ankan 1111m", "ankan 2222p"], {}),
}

CLASSIC_CELLS = [
    ("open_pinfu", "ron", 20, 1),
    ("open_pinfu_tanyao", "ron", 20, 2),
    ("open_pinfu_honitsu_ittsu", "ron", 20, 3),
    ("open_no_yaku", "ron", 30, 0),
    ("open_no_yaku", "tsumo", 30, 0),
    ("closed_pinfu", "ron", 30, 1),
    ("closed_pinfu", "tsumo", 30, 1),
    ("closed_pinfu_tanyao", "ron", 30, 2),
    ("closed_pinfu_tanyao", "tsumo", 30, 2),
    ("closed_pinfu_honitsu_ittsu", "ron", 30, 3),
    ("closed_pinfu_honitsu_ittsu", "tsumo", 30, 3),
    ("chankan_chun_honitsu_ittsu", "ron", 30, 4),
    ("haitei_chun_honitsu_ittsu", "tsumo", 30, 4),
    ("open_111s_no_yaku", "ron", 40, 0),
    ("open_111s_no_yaku", "tsumo", 40, 0),
    ("haku_kanchan", "ron", 40, 1),
    ("haku_kanchan", "tsumo", 40, 1),
    ("haku_honitsu", "ron", 40, 2),
    ("haku_honitsu_ittsu", "ron", 40, 3),
    ("haku_honitsu_ittsu_chankan", "ron", 40, 4),
    ("guest_111m_kanchan", "ron", 50, 0),
    ("haku_111m_kanchan", "ron", 50, 1),
    ("haku_111m_honitsu", "ron", 50, 2),
    ("sanankou_tanki", "ron", 60, 1),
    ("ankan_no_yaku", "ron", 70, 0),
    ("ankan_chun", "ron", 70, 1),
    ("two_ankan_no_yaku", "ron", 80, 0),
]


def expected_classic(how: str, fu: int, han: int, dealer: bool):
    """From the classic table: B, then ron 4B / 6B, tsumo B–2B / 2B all (§4.7)."""
    cell = CLASSIC[fu, han]
    if cell == "mangan":
        base = 500
    else:
        match = re.match(r"B ([\d,]+):", cell)
        assert match, cell
        base = _number(match.group(1))
        quoted = re.search(r"([\d,]+) / ([\d,]+)", cell)
        assert quoted and (_number(quoted.group(1)), _number(quoted.group(2))) == (
            4 * base,
            6 * base,
        )
    if how == "ron":
        return 6 * base if dealer else 4 * base
    return (2 * base, "all") if dealer else (base, 2 * base)


@pytest.mark.parametrize("dealer", [False, True], ids=["non_dealer", "dealer"])
@pytest.mark.parametrize(
    "cell", CLASSIC_CELLS, ids=[f"{c[1]}-{c[2]}fu-{c[3]}han-{c[0]}" for c in CLASSIC_CELLS]
)
def test_classic_table_cell(cell, dealer):
    kit, how, fu, han = cell
    concealed, win, melds, extra = CLASSIC_KITS[kit]
    r = scored(
        "renmei_classic",
        concealed,
        win,
        melds,
        tsumo=how == "tsumo",
        seat_wind="E" if dealer else "S",
        **extra,
    )
    assert r["ok"], r
    assert (r["fu"], r["han"]) == (fu, han)
    assert paid(r) == expected_classic(how, fu, han, dealer)
    assert r["limit"] == ("mangan" if CLASSIC[fu, han] == "mangan" else None)


def test_classic_table_is_read_as_written():
    assert expected_classic("ron", 30, 0, False) == 120
    assert expected_classic("tsumo", 30, 0, True) == (60, "all")
    assert expected_classic("ron", 80, 2, True) == 1920
    assert expected_classic("tsumo", 40, 4, False) == (500, 1000)


def test_classic_cap_is_500():
    """§4.11 C6: 50 fu 4 han would be 800; capped at 500 → the discarder pays 2,000."""
    r = scored("renmei_classic", "123p456p789p555p9p", "9p")
    assert (r["fu"], r["han"], r["limit"], paid(r)) == (50, 4, "mangan", 2000)
    dealer = scored("renmei_classic", "123p456p789p555p9p", "9p", seat_wind="E", tsumo=True)
    assert (dealer["limit"], paid(dealer)) == ("mangan", (1000, "all"))


def test_classic_5_han_is_a_mangan():
    r = scored("renmei_classic", "123456789m45m99m", "3m")  # pinfu, ittsu, chinitsu
    assert (r["fu"], r["han"], r["limit"], paid(r)) == (40, 5, "mangan", 2000)


def test_classic_cap_by_house_rule():
    r = scored("renmei_classic", "123p456p789p555p9p", "9p", rules={"classic_cap": 1000})
    assert (r["limit"], paid(r)) == (None, 3200)
