"""Rulesets as frozen, validated data (RULESETS.md §2 parameter table, §7 presets as data)."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from rules.ruleset import (
    PRESET_IDS,
    RULE_KEYS,
    Ruleset,
    RulesetError,
    load_preset,
    parse_override,
    resolve,
)

RULESETS_MD = Path(__file__).resolve().parents[2] / "shared" / "RULESETS.md"


def _section(number: int) -> str:
    text = RULESETS_MD.read_text(encoding="utf-8")
    start = text.index(f"\n## {number}. ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def _presets_from_the_rulebook() -> dict[str, dict]:
    """§7: `[defaults]` updated by each preset's own table."""
    block = re.search(r"```toml\n(.*?)```", _section(7), re.S)
    assert block, "RULESETS.md §7 has no ```toml block"
    data = tomllib.loads(block.group(1))
    defaults = data.pop("defaults")
    return {pid: {**defaults, **table} for pid, table in data.items()}


def _section_2_keys() -> list[str]:
    return re.findall(r"^\| `([a-z0-9_]+)` \|", _section(2), re.M)


# §7: rows of §2 that the data refines into several fields, and rows that are shared code.
REFINED = {
    "uma": ("uma_mode", "uma"),
    "limits": ("limit_mangan_han", "limit_haneman_han", "limit_baiman_han", "limit_sanbaiman_han"),
    "chombo_penalty": ("chombo_penalty_kind", "chombo_penalty_value"),
    "other_penalties": ("call_word_penalty",),
}
DERIVED = {
    "game_end",
    "final_result",
    "limit_values",
    "pao_split",
    "chombo_triggers",
    "chombo_precedence",
    "agari_houki",
}


# --- every preset, every key -------------------------------------------------------------------


def test_the_six_presets():
    assert PRESET_IDS == ("jpm", "renmei_classic", "jpml", "wrc", "teiai", "gifu")
    assert set(_presets_from_the_rulebook()) == set(PRESET_IDS)


def _section_8_4_keys() -> set[str]:
    """The new parameters of §8.4 (the online presets' rules): not in the §7 data."""
    table = _section(8).split("### 8.4", 1)[1]
    keys = set(re.findall(r"`([a-z0-9_]+)`", table.split("\n\n", 2)[1]))
    # §8.5's key (`chips = false | {...}`), the house rule of the chip lobbies.
    keys |= set(re.findall(r"`([a-z0-9_]+)\b", _section(8).split("### 8.5", 1)[1]))
    # extension_target: the West round's target where it is not the return points
    # (Mahjong Soul's 30,000 against its 25,000 return; rules/presets.toml).
    # pao_stacked: §8.1 asks for Tenhou's pao split (the whole of a stacked yakuman) as a
    # ruleset parameter, the seeds keeping §4.6.1 (issue 22).
    known = {k for k in keys if k in RULE_KEYS}
    return known | {"extension_target", "pao_stacked"} | _section_9_keys()


def _section_9_keys() -> set[str]:
    """The three-player parameters (§9 "New §2 keys"), and the three the §9 table asks
    for without naming a key: no chi, rinshan kaihou on the kita tile, and ippatsu on a
    ron off a kita (rules/presets.toml cites their sources)."""
    text = _section(9).split("New §2 keys", 1)[1]
    keys = set(re.findall(r"`([a-z0-9_]+)`", text)) & set(RULE_KEYS)
    assert {"players", "removed_tiles", "kita", "tsumo_loss"} <= keys
    return keys | {"chi", "kita_rinshan", "kita_ron_ippatsu"}


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_preset_loads_with_every_section_7_key(preset):
    ruleset = load_preset(preset)
    assert ruleset.id == preset
    assert set(_presets_from_the_rulebook()[preset]) <= set(RULE_KEYS)
    # Every field is a §7 key, or one of the §8.4 parameters the seeds leave off.
    assert set(RULE_KEYS) - _section_8_4_keys() <= set(_presets_from_the_rulebook()[preset])
    assert {"abort_sanchahou", "riichi_min_tiles", "result_rounding"} <= _section_8_4_keys()


def test_every_section_2_row_is_a_field_or_refined_or_shared_code():
    keys = _section_2_keys()
    assert len(keys) > 80, "the §2 table was not found"
    for key in keys:
        if key in DERIVED:
            continue
        for field in REFINED.get(key, (key,)):
            assert field in RULE_KEYS, f"§2 row {key!r}: no ruleset field {field!r}"


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_preset_equals_the_rulebook_data(preset):
    expected = _presets_from_the_rulebook()[preset]
    got = load_preset(preset).as_dict()
    wrong = {k: (got[k], expected[k]) for k in expected if got[k] != expected[k]}
    assert not wrong, f"{preset}: (ours, RULESETS.md §7) {wrong}"


# --- spot checks against §2 --------------------------------------------------------------------


def test_jpm():
    r = load_preset("jpm")
    assert (r.starting_points, r.return_points, r.oka) == (25000, 30000, 20)
    assert (r.uma_mode, r.uma) == ("fixed", (30, 10, -10, -30))
    assert (r.ura_dora, r.kan_dora, r.kan_ura, r.ippatsu) == (True, True, True, True)
    assert (r.kiriage_30_4, r.kiriage_60_3) == (True, False)  # §6 A1
    assert r.pao == ()
    assert (r.chombo_penalty_kind, r.chombo_penalty_value) == ("result_pt", -40)
    assert r.total_check == "excess_from_first"


def test_jpml_has_no_ura_no_kan_dora_no_ippatsu_no_kiriage():
    r = load_preset("jpml")
    assert (r.dora, r.ura_dora, r.kan_dora, r.kan_ura, r.ippatsu) == (
        True,
        False,
        False,
        False,
        False,
    )
    assert (r.kiriage_30_4, r.kiriage_60_3) == (False, False)
    assert r.uma_mode == "float"
    assert r.uma_float == ((12, -1, -3, -8), (8, 4, -4, -8), (8, 3, 1, -12))
    assert r.pao == ("daisangen", "daisuushii", "suukantsu")
    assert r.pao_honba == "jpml"
    assert r.riichi_ankan == "composition_no_yaku_loss"


def test_wrc():
    r = load_preset("wrc")
    assert (r.uma_mode, r.uma) == ("fixed", (15, 5, -5, -15))
    assert (r.ura_dora, r.kan_dora, r.kan_ura, r.ippatsu) == (True, True, True, True)
    assert (r.kiriage_30_4, r.kiriage_60_3) == (True, True)  # §6 A19
    assert r.pao == ("daisangen", "daisuushii", "suukantsu")
    assert r.pao_honba == "discarder"


def test_teiai_is_four_hanchan_with_jpml_scoring():
    r = load_preset("teiai")
    assert r.games_per_session == 4
    assert (r.ura_dora, r.kan_dora, r.ippatsu, r.kiriage_30_4, r.kiriage_60_3) == (
        False,
        False,
        False,
        False,
        False,
    )
    assert r.uma_float == load_preset("jpml").uma_float
    assert r.pao_honba == "discarder"


def test_gifu_allows_kuikae_and_pays_single_yakuman_only():
    r = load_preset("gifu")
    assert r.kuikae == "allowed"
    assert (r.yakuman_stacking, r.yakuman_max) == (False, 1)
    assert r.time_limit_minutes == 50
    assert r.uma_mode == "none" and r.oka == 0
    assert r.rank_tie == "shared"
    assert r.pao == ("daisangen", "daisuushii")
    assert (r.chombo_penalty_kind, r.chombo_penalty_value) == ("result_points", -12000)
    assert r.call_word_penalty == -1000


def test_renmei_classic_is_the_classic_model_without_riichi():
    r = load_preset("renmei_classic")
    assert r.is_classic and r.scoring_model == "classic"
    assert r.min_yaku_han == 0  # §6 A13
    assert (r.riichi, r.ippatsu, r.double_riichi) == (False, False, False)
    assert (r.dora, r.ura_dora, r.kan_dora, r.red_fives) == (False, False, False, 0)
    assert (r.honba_value, r.noten_payment) == (0, 0)
    assert r.classic_cap == 500
    assert r.chiitoitsu == "none"
    assert (r.pinfu_tsumo, r.open_pinfu_ron_fu, r.chinitsu_fu) == ("classic_tsumo_yaku", 20, 10)
    assert (r.game_length, r.starting_points, r.renchan) == ("isshou", 2000, "win_only")
    assert r.kuikae == "allowed"
    assert r.furiten_scope == "same_tile"
    assert r.pao == ("classic_honor_mangan",)


@pytest.mark.parametrize("preset", ["jpm", "jpml", "wrc", "teiai", "gifu"])
def test_modern_presets_share_the_scoring_basics(preset):
    r = load_preset(preset)
    assert not r.is_classic
    assert r.min_yaku_han == 1
    assert (r.limit_mangan_han, r.limit_haneman_han, r.limit_baiman_han) == (5, 6, 8)
    assert r.limit_sanbaiman_han == 11
    assert (r.honba_value, r.noten_payment) == (300, 3000)
    assert r.chiitoitsu == "25fu_2han"
    assert (r.pinfu_tsumo, r.open_pinfu_ron_fu) == ("pinfu_20fu", 30)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_what_no_preset_uses(preset):
    r = load_preset(preset)
    assert r.red_fives == 0
    assert r.kazoe_yakuman is False
    assert r.special_double is False
    assert r.nagashi_mangan is False
    assert r.multiple_ron == "head_bump"
    assert r.double_wind_pair_fu == 2
    assert not (r.abort_kyuushu or r.abort_suufon or r.abort_suucha_riichi or r.abort_suukaikan)


RENHOU_MANGAN = ("jpml", "wrc")  # 002 【その他】 人和 満貫 (§6 A18); 003 §22, 004 ⑩: none


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_renhou_is_a_mangan_only_under_the_jpml_rulebook(preset):
    assert load_preset(preset).renhou == ("mangan" if preset in RENHOU_MANGAN else False)


def test_renhou_true_means_yakuman_and_other_values_are_refused():
    assert load_preset("wrc").with_overrides({"renhou": True}).renhou == "yakuman"
    assert load_preset("jpm").with_overrides({"renhou": "mangan"}).renhou == "mangan"
    with pytest.raises(RulesetError, match="renhou"):
        load_preset("wrc").with_overrides({"renhou": "baiman"})


def test_teiai_reads_its_tenpai_and_riichi_ankan_articles_literally():
    teiai = load_preset("teiai")
    assert teiai.tenpai_own_waits == "noten_concealed"  # 003 §14 (§6 A23)
    assert teiai.riichi_ankan == "composition_no_yaku_change"  # 003 §11 (§6 A24)
    assert load_preset("jpml").riichi_ankan == "composition_no_yaku_loss"


# --- house rules: with_overrides, parse_override, resolve -------------------------------------


def test_with_overrides_replaces_exactly_one_field():
    wrc = load_preset("wrc")
    house = wrc.with_overrides({"kiriage_30_4": False})
    assert house.kiriage_30_4 is False
    assert wrc.kiriage_30_4 is True  # the preset itself is untouched
    before, after = wrc.as_dict(), house.as_dict()
    assert {k for k in before if before[k] != after[k]} == {"kiriage_30_4"}
    assert house.id == "wrc"
    assert dict(house.overrides) == {"kiriage_30_4": False}


def test_overrides_accumulate():
    house = load_preset("wrc").with_overrides({"red_fives": 3})
    house = house.with_overrides({"kuikae": "allowed"})
    assert (house.red_fives, house.kuikae) == (3, "allowed")
    assert dict(house.overrides) == {"red_fives": 3, "kuikae": "allowed"}


def test_list_override_is_stored_as_a_tuple():
    house = load_preset("jpml").with_overrides({"uma": [20, 10, -10, -20]})
    assert house.uma == (20, 10, -10, -20)


def test_unknown_key_is_rejected_and_named():
    for make in (
        lambda: load_preset("wrc").with_overrides({"akadora": 3}),
        lambda: parse_override("akadora=3"),
        lambda: resolve("wrc", ["akadora=3"]),
    ):
        with pytest.raises(RulesetError, match="'akadora'"):
            make()


def test_unknown_key_suggests_close_keys():
    with pytest.raises(RulesetError, match=r"did you mean .*kiriage_30_4"):
        parse_override("kiriage=false")


def test_bad_enum_value_lists_the_allowed_values():
    with pytest.raises(RulesetError) as error:
        load_preset("wrc").with_overrides({"kuikae": "sometimes"})
    message = str(error.value)
    assert "'kuikae'" in message and "'sometimes'" in message
    assert "'forbidden'" in message and "'allowed'" in message


def test_multiple_ron_values_are_listed():
    with pytest.raises(RulesetError, match="'head_bump', 'double_ron', 'multiple'"):
        resolve("wrc", ["multiple_ron=triple"])


@pytest.mark.parametrize(
    ("override", "words"),
    [
        ({"kiriage_30_4": "yes"}, "true or false"),
        ({"kiriage_30_4": 1}, "true or false"),
        ({"red_fives": True}, "whole number"),
        ({"red_fives": 2.5}, "whole number"),
        ({"red_fives": 5}, "from 0 to 4"),
        ({"red_fives": -1}, "from 0 to 4"),
        ({"uma": [30, 10, -10]}, "four whole numbers"),
        ({"uma": "30,10,-10,-30"}, "four whole numbers"),
        ({"pao": ["daisangen", "tenhou"]}, "'daisangen', 'daisuushii', 'suukantsu'"),
        ({"pao": "daisangen"}, "use a list"),
        ({"double_wind_pair_fu": 3.0}, "whole number"),
        ({"uma_float": [1, 2, 3]}, '"1", "2", "3"'),
    ],
)
def test_bad_type_is_rejected_with_what_to_use(override, words):
    with pytest.raises(RulesetError) as error:
        load_preset("wrc").with_overrides(override)
    (key,) = override
    assert f"'{key}'" in str(error.value)
    assert words in str(error.value)


def test_overrides_are_checked_as_a_whole():
    with pytest.raises(RulesetError, match="classic_cap"):
        load_preset("renmei_classic").with_overrides({"classic_cap": 0})
    with pytest.raises(RulesetError, match="limit_"):
        load_preset("wrc").with_overrides({"limit_haneman_han": 4})


def test_errors_are_one_line():
    for make in (
        lambda: resolve("nope"),
        lambda: resolve("wrc", ["kuikae=sometimes"]),
        lambda: resolve("wrc", ["uma=[1, 2"]),
        lambda: resolve("wrc", ["kuikae"]),
    ):
        with pytest.raises(RulesetError) as error:
            make()
        assert "\n" not in str(error.value)


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesetError, match=r"'nope'.*jpm, renmei_classic, jpml, wrc, teiai, gifu"):
        load_preset("nope")


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("uma=[30, 10, -10, -30]", ("uma", [30, 10, -10, -30])),
        ('kuikae="allowed"', ("kuikae", "allowed")),
        ("kuikae=allowed", ("kuikae", "allowed")),  # a bare word, as people type it
        ("red_fives=3", ("red_fives", 3)),
        ("kazoe_yakuman=true", ("kazoe_yakuman", True)),
        (" kiriage_30_4 = false ", ("kiriage_30_4", False)),
        ("multiple_ron=double_ron", ("multiple_ron", "double_ron")),
    ],
)
def test_parse_override(text, parsed):
    assert parse_override(text) == parsed


@pytest.mark.parametrize("text", ["kuikae", "=3", "uma=[30, 10", "kuikae=not allowed"])
def test_parse_override_rejects_what_is_not_key_equals_toml(text):
    with pytest.raises(RulesetError):
        parse_override(text)


def test_resolve_applies_overrides_in_order():
    r = resolve("wrc", ["red_fives=3", "red_fives=4"])
    assert r.red_fives == 4
    assert resolve("wrc") is load_preset("wrc")


# --- the common online rules are expressible -----------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_red_fives_0_to_4(count):
    assert resolve("wrc", [f"red_fives={count}"]).red_fives == count


@pytest.mark.parametrize(
    ("override", "field", "value"),
    [
        ("kazoe_yakuman=true", "kazoe_yakuman", True),
        ("kazoe_yakuman=false", "kazoe_yakuman", False),
        ("kiriage_30_4=false", "kiriage_30_4", False),
        ("kiriage_60_3=false", "kiriage_60_3", False),
        ("kiriage_30_4=true", "kiriage_30_4", True),
        ("yakuman_stacking=false", "yakuman_stacking", False),
        ("special_double=true", "special_double", True),
        ("kuitan=false", "kuitan", False),
        ("multiple_ron=head_bump", "multiple_ron", "head_bump"),
        ("multiple_ron=double_ron", "multiple_ron", "double_ron"),
        ("multiple_ron=multiple", "multiple_ron", "multiple"),
        ("double_wind_pair_fu=4", "double_wind_pair_fu", 4),
        ("kuikae=allowed", "kuikae", "allowed"),
    ],
)
def test_common_online_rules(override, field, value):
    assert getattr(resolve("wrc", [override]), field) == value


def test_double_yakuman_on_and_off():
    gifu_with_doubles = resolve("gifu", ["yakuman_stacking=true", "yakuman_max=4"])
    assert (gifu_with_doubles.yakuman_stacking, gifu_with_doubles.yakuman_max) == (True, 4)
    wrc_without = resolve("wrc", ["yakuman_stacking=false"])
    assert wrc_without.yakuman_stacking is False


# --- frozen and hashable --------------------------------------------------------------------------


def test_rulesets_are_frozen():
    r = load_preset("wrc")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.kuikae = "allowed"  # type: ignore[misc]
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        r.house_rule = True  # type: ignore[attr-defined]
    assert r.kuikae == "forbidden"


def test_rulesets_are_hashable_and_equal_by_value():
    a = resolve("wrc", ["red_fives=3"])
    b = resolve("wrc", ["red_fives=3"])
    assert a == b and hash(a) == hash(b)
    assert a != load_preset("wrc")
    table = {load_preset(p): p for p in PRESET_IDS}
    table[a] = "wrc+aka"
    assert len(table) == 7
    assert table[b] == "wrc+aka"


def test_ruleset_is_a_slotted_dataclass():
    assert dataclasses.is_dataclass(Ruleset)
    assert not hasattr(load_preset("wrc"), "__dict__")


@pytest.mark.parametrize(
    "key",
    [
        "abort_kyuushu",
        "abort_suufon",
        "abort_suucha_riichi",
        "abort_suukaikan",
        "abort_sanchahou",
        "nagashi_mangan",
    ],
)
def test_endings_are_house_rules_any_preset_may_turn_on(key):
    # Refused while the engine had no such ending; played now (RULESETS.md §8.4, issue #14:
    # tests/test_engine_online_rules.py plays each one on a scripted wall).
    assert getattr(load_preset("wrc").with_overrides({key: True}), key) is True
    assert getattr(load_preset("wrc").with_overrides({key: False}), key) is False


def test_an_extension_needs_a_round_to_extend_into():
    with pytest.raises(RulesetError, match="rule 'extension'"):
        load_preset("renmei_classic").with_overrides({"extension": "west_sudden_death"})


# --- ranges and consistency: no accepted override makes a game fail (issue #10) ---------------


def test_every_int_field_has_a_range_or_choices():
    from rules.ruleset import INT_CHOICES, INT_RANGES

    ints = [f.name for f in dataclasses.fields(Ruleset) if f.type == "int"]
    assert ints and all(name in INT_RANGES or name in INT_CHOICES for name in ints)


@pytest.mark.parametrize(
    ("preset", "override", "words"),
    [
        ("wrc", {"honba_value": -1}, "from 0 to"),
        ("wrc", {"honba_value": 100}, "multiple of 3"),
        ("wrc", {"noten_payment": 1}, "multiple of 12"),
        ("wrc", {"noten_payment": -3000}, "from 0 to"),
        ("wrc", {"classic_cap": -1}, "from 0 to"),
        ("wrc", {"starting_points": 0}, "from 100 to"),
        ("wrc", {"chombo_penalty_value": 20}, "to 0"),
        ("gifu", {"call_word_penalty": 1000}, "to 0"),
        ("wrc", {"chinitsu_fu": -10}, "from 0 to 100"),
        ("jpm", {"oka": 5000}, "from -1000 to 1000"),
        ("wrc", {"uma": [15, 5, -5, -1500]}, "from -1000 to 1000"),
        ("wrc", {"chombo_penalty_kind": "classic_half_mangan"}, "positive cap"),
        ("wrc", {"pao": ["classic_honor_mangan"]}, "positive cap"),
        ("renmei_classic", {"classic_cap": 0}, "positive cap"),
    ],
)
def test_values_that_would_fail_a_game_are_refused(preset, override, words):
    with pytest.raises(RulesetError) as error:
        load_preset(preset).with_overrides(override)
    message = str(error.value)
    assert words in message and "\n" not in message, message
    (key,) = override
    assert key in message


@pytest.mark.parametrize(
    ("override", "value"),
    [
        ({"honba_value": 0}, 0),
        ({"honba_value": 1500}, 1500),
        ({"noten_payment": 0}, 0),
        ({"noten_payment": 1200}, 1200),
        ({"chombo_penalty_value": 0}, 0),
    ],
)
def test_the_edges_of_the_ranges_are_accepted(override, value):
    ((key, _),) = override.items()
    assert getattr(load_preset("wrc").with_overrides(override), key) == value


@pytest.mark.parametrize(
    "text",
    [
        "red_fives=3\nkuitan=1",  # the audit case: the second half was silently dropped
        "red_fives=3\n",
        "red_fives=3\r",
        "red_fives=3 kuitan=1",
        "red_fives=3 # comment\nkuitan=1",
        "kuitan\n=true",
        "kuikae=\x00allowed",
        "kuitan=",
        "honba_value=" + "9" * 5000,  # too long to read as an int, and too long at all
        "uma=" + "[" * 150 + "]" * 150,
    ],
)
def test_an_override_is_one_value_on_one_line(text):
    with pytest.raises(RulesetError) as error:
        parse_override(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 300


def test_red_fives_per_kind_is_what_the_wall_deals():
    from engine.wall import red_kinds
    from rules.ruleset import RED_FIVES, red_fives_per_kind

    for count in range(5):
        kinds = red_kinds(count)
        assert red_fives_per_kind(count) == {k: kinds.count(k) for k in set(kinds)}
        assert sum(red_fives_per_kind(count).values()) == count
    assert set(RED_FIVES) == set(range(5))
