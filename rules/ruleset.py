"""Rulesets as frozen, validated data.

Every parameter of RULESETS.md §2 is a named field here, with the key of §7.
The six presets are loaded from `presets.toml`; house rules are field-by-field
overrides validated exactly like the presets. Nothing in the scorer or the
engine asks which preset it is playing: it reads these fields.
"""

from __future__ import annotations

import contextlib
import dataclasses
import marshal
import os
import sys
from dataclasses import dataclass, field
from functools import cache
from typing import Any

PRESET_IDS = ("jpm", "renmei_classic", "jpml", "wrc", "teiai", "gifu")
# The online presets (RULESETS.md §8): data like the seeds, but not from a seed rulebook,
# so kept apart from PRESET_IDS (the §7 presets every seed-table test walks).
ONLINE_PRESET_IDS = ("tenhou", "mleague", "mahjongsoul")
# The three-player presets (RULESETS.md §9): the same engine with `players = 3`, the
# tile set less `removed_tiles`, kita and tsumo loss as data, not a second engine.
SANMA_PRESET_IDS = ("tenhou3", "mahjongsoul3")
ALL_PRESET_IDS = PRESET_IDS + ONLINE_PRESET_IDS
# Every preset the rules, the engine, `sim`, `score` and `replay` take. The three-player
# ones stay out of ALL_PRESET_IDS (the launch screen, the seat protocol, mjai and the
# arena walk it) until those parts seat three (issue 25's next steps).
EVERY_PRESET_ID = ALL_PRESET_IDS + SANMA_PRESET_IDS
DEFAULT_PRESET = "wrc"


class RulesetError(ValueError):
    """An unknown preset, unknown key or bad value; the message is one line naming it."""


# Allowed values of every string field (RULESETS.md §7 "Enumerations").
ENUMS: dict[str, tuple[str, ...]] = {
    "game_length": ("hanchan", "isshou", "tonpuu"),  # tonpuu: East only (§8.1)
    "scoring_model": ("modern", "classic"),
    "uma_mode": ("fixed", "float", "none"),
    # seat_order: tied players rank by seat from the first dealer (Tenhou, §8.1).
    "rank_tie": ("split", "shared", "external", "seat_order"),
    "bust": ("none", "below_zero"),
    "extension": ("none", "west_sudden_death"),
    # win_when_first: only a dealer win stops the game (Tenhou: a real record's South 4
    # dealer, tenpai and first at the draw, plays on; rules/presets.toml).
    "last_dealer_stop": ("none", "win_or_tenpai_when_first", "win_when_first"),
    "result_rounding": ("none", "thousand_gosha_rokunyu"),
    # head_bump is every preset; double_ron and multiple express common online rules.
    "multiple_ron": ("head_bump", "double_ron", "multiple"),
    "riichi_pass": ("furiten", "none"),
    "noten_riichi": ("chombo", "none"),
    "tenpai_own_waits": ("noten", "noten_concealed", "none"),
    "tenpai_declaration": ("optional", "none"),
    "honba_counter": ("standard", "none"),
    "total_check": ("none", "excess_from_first"),
    "final_deposits": ("unclaimed", "none", "to_first"),
    "kuikae": ("forbidden", "allowed"),
    "riichi_points": ("any", "none", "min_1000"),
    "riichi_ankan": (
        "none",
        "composition",
        "composition_no_yaku_loss",
        "composition_no_yaku_change",
    ),
    "renchan": ("win_or_tenpai", "win_only"),
    "kan_dora_timing": ("immediate", "none", "closed_immediate_open_after_discard"),
    "pinfu_tsumo": ("pinfu_20fu", "classic_tsumo_yaku"),
    "chiitoitsu": ("25fu_2han", "none"),
    "pao_honba": ("discarder", "jpml", "none"),
    "pao_tsumo_honba": ("liable", "none"),
    # A pao yakuman with another yakuman (§4.6.1 "stacked"): the liable player answers
    # for his yakuman only (separate), or for the whole hand (whole: Tenhou, §8.1).
    "pao_stacked": ("separate", "whole"),
    "chombo_penalty_kind": ("result_pt", "result_points", "classic_half_mangan"),
    "chombo_hand": ("replay", "deal_passes"),
    "furiten_scope": ("all_waits", "same_tile"),
    "furiten_temporary": ("until_next_take", "same_tile_until_next_discard"),
    "furiten_after_riichi": ("permanent", "none"),
    # Three-player tsumo (RULESETS.md §9): "loss" (ツモ損) pays only the seats there are;
    # "north_bisection" (北家折半) splits the missing North's share between the payers.
    "tsumo_loss": ("none", "loss", "north_bisection"),
}
KITA_VALUES = ("nukidora",)  # `kita`: false, or North set aside as a dora (抜きドラ)

# The red fives each `red_fives` count puts in the wall, as (kind, copies): 5m is kind
# 4, 5p 13, 5s 22 (RULESETS.md §2; engine/wall.py deals exactly these, a test checks).
RED_FIVES: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((13, 1),),
    2: ((13, 1), (22, 1)),
    3: ((4, 1), (13, 1), (22, 1)),
    4: ((4, 1), (13, 2), (22, 1)),
}


def red_fives_per_kind(red_fives: int) -> dict[int, int]:
    """How many red copies of each five the wall holds under `red_fives`."""
    return dict(RED_FIVES[red_fives])


PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")
# Chips (祝儀, RULESETS.md §8.5): what earns them, each worth the number of chips every
# payer hands over (the discarder on a ron, each other seat on a tsumo). `red_five` is
# per red five in a closed hand, `red_five_open` per red five in an open one, `ura_dora`
# per ura dora, `ippatsu` and `yakuman` per win (a double yakuman counts twice).
CHIP_KEYS = ("red_five", "red_five_open", "ura_dora", "ippatsu", "yakuman")
CHIP_MAX = 100
RENHOU_VALUES = ("mangan", "yakuman")
PAO_CLASSIC = "classic_honor_mangan"

# Integer fields with a few meaningful values.
INT_CHOICES: dict[str, tuple[int, ...]] = {
    "double_wind_pair_fu": (2, 4),  # 2 in every preset (§6 A2); 4 is the common house rule
    "open_pinfu_ron_fu": (20, 30),  # 30 modern (000 第42条ニ); 20 in アルシーアル
    "players": (3, 4),  # seats at the table (RULESETS.md §9); 3 leaves the North seat empty
}

# Table points: far beyond any rulebook, small enough that no sum overflows a display.
POINTS_MAX = 1_000_000

# Integer fields with a meaningful range (inclusive). Every int field has one: an
# override outside it (a negative payment, a penalty that pays the offender) would
# let a game start and then fail in the middle of a hand.
INT_RANGES: dict[str, tuple[int, int]] = {
    "games_per_session": (1, 100),
    "time_limit_minutes": (0, 24 * 60),
    "starting_points": (100, POINTS_MAX),
    "return_points": (0, POINTS_MAX),
    "oka": (-1000, 1000),  # pt, like uma
    "noten_payment": (0, POINTS_MAX),
    "honba_value": (0, POINTS_MAX),
    "classic_cap": (0, POINTS_MAX),
    "chinitsu_fu": (0, 100),
    "chombo_penalty_value": (-POINTS_MAX, 0),  # penalties take, never give
    "call_word_penalty": (-POINTS_MAX, 0),
    "red_fives": (0, 4),
    "max_kans": (0, 4),
    "min_yaku_han": (0, 13),
    "yakuman_max": (1, 6),
    "kaimen_dice": (1, 2),
    "dead_wall": (14, 14),
    "discard_rows": (1, 24),
    "riichi_min_tiles": (0, 70),
    "extension_target": (0, POINTS_MAX),  # live tiles left to draw; 0 = no limit (§8.4)
    "fu_rounding": (0, 10),
    "payment_rounding": (0, 100),
    "limit_mangan_han": (0, 13),
    "limit_haneman_han": (0, 13),
    "limit_baiman_han": (0, 13),
    "limit_sanbaiman_han": (0, 13),
}
UMA_LIMIT = 1000  # pt, each place of `uma` and `uma_float`

# Amounts split among payers, so each share is whole: noten payments among any
# number of tenpai players (1 × 3, 2 × 2, 3 × 1 pairs: a multiple of 12), a honba
# among the three payers of a tsumo (a multiple of 3).
INT_MULTIPLES: dict[str, int] = {"noten_payment": 12, "honba_value": 3}


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One resolved preset (plus any house-rule overrides). Field names are §2/§7 keys."""

    id: str
    # 0. The table (RULESETS.md §9): seats and tile set
    players: int
    removed_tiles: str  # mpsz of the kinds taken out of the set, "" for none ("2345678m")
    chi: bool
    kita: bool | str  # false | "nukidora"
    kita_rinshan: bool  # a win on the kita replacement tile is rinshan kaihou
    kita_ron_ippatsu: bool  # a ron on a set-aside North keeps the winner's ippatsu
    tsumo_loss: str
    # A. Game structure and final result
    game_length: str
    games_per_session: int
    time_limit_minutes: int
    starting_points: int
    return_points: int
    oka: int
    uma_mode: str
    uma: tuple[int, int, int, int]
    uma_float: tuple[tuple[int, int, int, int], ...]  # rows for 1, 2, 3 floaters
    float_at_return: bool
    rank_tie: str
    bust: str
    agari_yame: bool
    final_deposits: str
    total_check: str
    extension: str
    extension_target: int  # points that end the extension; 0 = the return points
    last_dealer_stop: str
    result_rounding: str
    # B. Winning requirements and calls
    min_yaku_han: int
    kuitan: bool
    atozuke: bool
    kuikae: str
    max_kans: int
    multiple_ron: str
    # C. Dora
    red_fives: int
    dora: bool
    ura_dora: bool
    kan_dora: bool
    kan_ura: bool
    kan_dora_timing: str
    # D. Riichi
    riichi: bool
    riichi_points: str
    riichi_min_tiles: int
    ippatsu: bool
    double_riichi: bool
    furiten_riichi: bool
    riichi_no_draw: bool
    riichi_last_tile: bool
    riichi_ankan: str
    riichi_pass: str
    noten_riichi: str
    # E. Draws and dealership
    renchan: str
    formal_tenpai: bool
    tenpai_own_waits: str
    tenpai_declaration: str
    noten_payment: int
    honba_value: int
    honba_counter: str
    abort_kyuushu: bool
    abort_suufon: bool
    abort_suucha_riichi: bool
    abort_suukaikan: bool
    abort_sanchahou: bool
    nagashi_mangan: bool
    # F. Scoring
    scoring_model: str
    kiriage_30_4: bool
    kiriage_60_3: bool
    limit_mangan_han: int
    limit_haneman_han: int
    limit_baiman_han: int
    limit_sanbaiman_han: int
    classic_cap: int
    kazoe_yakuman: bool
    yakuman_stacking: bool
    yakuman_max: int
    special_double: bool
    kokushi_ankan: bool
    ryuuiisou_hatsu: bool
    renhou: bool | str  # false | "mangan" | "yakuman" (RULESETS.md §7, §6 A18)
    # G. Fu
    double_wind_pair_fu: int
    rinshan_tsumo_fu: bool
    pinfu_tsumo: str
    open_pinfu_ron_fu: int
    chiitoitsu: str
    haitei_rinshan: bool
    chinitsu_fu: int
    # H. Pao
    pao: tuple[str, ...]
    pao_honba: str
    pao_tsumo_honba: str
    pao_stacked: str
    daiminkan_pao: bool
    # Chips (§8.5): (element, chips) pairs in CHIP_KEYS order; () = no chips
    chips: tuple[tuple[str, int], ...]
    # I. Penalties
    chombo_penalty_kind: str
    chombo_penalty_value: int
    chombo_hand: str
    call_word_penalty: int
    # J. Furiten
    furiten_scope: str
    furiten_temporary: str
    furiten_after_riichi: str
    # K. Rounding and table
    fu_rounding: int
    payment_rounding: int
    kaimen_dice: int
    dead_wall: int
    discard_rows: int
    overrides: tuple[tuple[str, Any], ...] = field(default=())

    def __hash__(self) -> int:
        # Cheap: the preset id and the overrides determine every field.
        return hash((self.id, self.overrides))

    @property
    def seats(self) -> range:
        """The seats that play: 0..players-1; a three-player game's seat 3 is empty."""
        return range(self.players)

    @property
    def removed_kinds(self) -> frozenset[int]:
        """The tile kinds the set does not hold (`removed_tiles`)."""
        return _removed_kinds(self.removed_tiles)

    @property
    def is_classic(self) -> bool:
        return self.scoring_model == "classic"

    @property
    def seven_pairs(self) -> bool:
        """Whether seven pairs is a winning form at all: `chiitoitsu` "none" removes it
        (RULESETS.md, `chiitoitsu`: 001 第3章1), so shanten, waits and the AI's hand
        reading must leave the form out, not only its yaku."""
        return self.chiitoitsu != "none"

    def with_overrides(self, overrides: dict[str, Any]) -> Ruleset:
        """A new ruleset with some fields replaced (house rules), validated as a whole."""
        raw = self.as_dict()
        for key, value in overrides.items():
            if key not in RULE_KEYS:
                raise RulesetError(_unknown_key_message(key))
            raw[key] = value
        merged = dict(self.overrides)
        merged.update({k: _freeze(v) for k, v in overrides.items()})
        return _build(self.id, raw, tuple(sorted(merged.items())))

    def as_dict(self) -> dict[str, Any]:
        """Every rule field with plain (TOML-writable) values; no id or overrides."""
        out: dict[str, Any] = {}
        for name in RULE_KEYS:
            value = getattr(self, name)
            if name == "uma_float":
                value = {str(i + 1): list(row) for i, row in enumerate(value)}
            elif name == "chips":
                value = dict(value) if value else False
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


RULE_KEYS: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Ruleset) if f.name not in ("id", "overrides")
)
_FIELD_TYPES: dict[str, Any] = {f.name: f.type for f in dataclasses.fields(Ruleset)}


def _freeze(value: Any) -> Any:
    """A hashable copy of a TOML value (lists → tuples, tables → sorted pairs)."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _unknown_key_message(key: str) -> str:
    close = [k for k in RULE_KEYS if key.lower() in k or k in key.lower()]
    hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
    return (f"unknown rule key {key!r}{hint}; 'mahjong-tui rulesets --rules' lists every key"
            " with its meaning and allowed values")


def allowed_text(key: str) -> str:
    """The values rule `key` takes, in the words `_check_value` enforces ("true or
    false", "one of 'a', 'b'", "a number from 0 to 4"), for `rulesets --rules`."""
    if key not in _FIELD_TYPES or key in ("id", "overrides"):
        raise KeyError(key)
    kind = _FIELD_TYPES[key]
    if key in ENUMS:
        return "one of " + ", ".join(repr(v) for v in ENUMS[key])
    if key == "renhou":
        return 'false, "mangan" or "yakuman"'
    if key == "kita":
        return 'false or "nukidora"'
    if key == "removed_tiles":
        return 'tiles in mpsz, each kind once (e.g. "2345678m"), or "" for none'
    if kind == "bool":
        return "true or false"
    if kind == "int":
        choices = INT_CHOICES.get(key)
        if choices:
            return " or ".join(str(v) for v in choices)
        low, high = INT_RANGES[key]
        step = INT_MULTIPLES.get(key)
        return f"a number from {low} to {high}" + (f", a multiple of {step}" if step else "")
    if key == "uma":
        return f"four whole numbers from {-UMA_LIMIT} to {UMA_LIMIT}"
    if key == "uma_float":
        return 'a table with keys "1", "2", "3" of four numbers each'
    if key == "pao":
        return ("a list of any of " + ", ".join(repr(v) for v in PAO_YAKUMAN)
                + f", or exactly [{PAO_CLASSIC!r}]")
    if key == "chips":
        return (f"false, or a table of any of {', '.join(CHIP_KEYS)} to a whole number "
                f"of chips from 0 to {CHIP_MAX}")
    raise AssertionError(f"no allowed values for {key}")  # pragma: no cover


def _check_value(key: str, value: Any) -> Any:
    """Validate one field and return it in its frozen form."""
    kind = _FIELD_TYPES[key]
    if key in ENUMS:
        if value not in ENUMS[key]:
            allowed = ", ".join(repr(v) for v in ENUMS[key])
            raise RulesetError(
                f"rule {key!r}: {_short(value)} is not allowed; use one of {allowed}"
            )
        return value
    if key == "renhou":
        # §7: false | "mangan" (002 【その他】, §6 A18) | "yakuman"; true is "yakuman".
        if value is True:
            return "yakuman"
        if value is False or value in RENHOU_VALUES:
            return value
        raise RulesetError(
            f"rule 'renhou': {value!r} is not allowed; use false, \"mangan\" or \"yakuman\""
        )
    if key == "kita":
        if value is False or value in KITA_VALUES:
            return value
        raise RulesetError(
            f"rule 'kita': {_short(value)} is not allowed; use false or \"nukidora\""
        )
    if key == "removed_tiles":
        return _check_removed(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesetError(f"rule {key!r}: {_short(value)} is not allowed; use true or false")
        return value
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(f"rule {key!r}: {_short(value)} is not allowed; use a whole number")
        if key in INT_CHOICES and value not in INT_CHOICES[key]:
            allowed = " or ".join(str(v) for v in INT_CHOICES[key])
            raise RulesetError(f"rule {key!r}: {_short(value)} is not allowed; use {allowed}")
        choices = INT_CHOICES.get(key)
        low, high = (min(choices), max(choices)) if choices else INT_RANGES[key]
        if not low <= value <= high:
            raise RulesetError(
                f"rule {key!r}: {_short(value)} is not allowed; use a number from {low} to {high}"
            )
        step = INT_MULTIPLES.get(key)
        if key == "noten_payment":
            step = 0  # by the number of players: `_check_table`
        if step and value % step:
            raise RulesetError(
                f"rule {key!r}: {value} is not allowed; use a multiple of {step}, so that"
                " every share of it is whole"
            )
        return value
    if key == "uma":
        if (
            not isinstance(value, (list, tuple))
            or len(value) != 4
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not all(-UMA_LIMIT <= v <= UMA_LIMIT for v in value)
        ):
            raise RulesetError(
                f"rule 'uma': {_short(value)} is not allowed; use four whole numbers"
                f" from {-UMA_LIMIT} to {UMA_LIMIT}"
            )
        return tuple(value)
    if key == "uma_float":
        if not isinstance(value, dict) or set(value) != {"1", "2", "3"}:
            raise RulesetError(
                'rule \'uma_float\': use a table with keys "1", "2", "3" of four numbers each'
            )
        return tuple(_check_value("uma", value[k]) for k in ("1", "2", "3"))
    if key == "pao":
        if not isinstance(value, (list, tuple)):
            raise RulesetError(f"rule 'pao': {_short(value)} is not allowed; use a list")
        items = tuple(value)
        if items == (PAO_CLASSIC,):
            return items
        bad = [v for v in items if v not in PAO_YAKUMAN]
        if bad or len(set(items)) != len(items):
            allowed = ", ".join(repr(v) for v in PAO_YAKUMAN)
            raise RulesetError(
                f"rule 'pao': {list(items)!r} is not allowed; use any of {allowed}, "
                f"or exactly [{PAO_CLASSIC!r}]"
            )
        return items
    if key == "chips":
        return _check_chips(value)
    raise AssertionError(f"no validator for {key}")  # pragma: no cover


@cache
def _removed_kinds(text: str) -> frozenset[int]:
    from .tiles import parse_kinds

    return frozenset(parse_kinds(text)) if text else frozenset()


def _check_removed(value: Any) -> str:
    """`removed_tiles`: an mpsz string naming each removed kind once, kept as written."""
    usage = 'use tiles in mpsz, each kind once (e.g. "2345678m"), or ""'
    if not isinstance(value, str):
        raise RulesetError(f"rule 'removed_tiles': {_short(value)} is not allowed; {usage}")
    if not value:
        return value
    from .tiles import TileNotationError, parse_kinds

    try:
        kinds = parse_kinds(value)
    except (TileNotationError, ValueError):
        raise RulesetError(
            f"rule 'removed_tiles': {_short(value)} is not mpsz tiles; {usage}"
        ) from None
    if len(set(kinds)) != len(kinds) or "0" in value:
        raise RulesetError(f"rule 'removed_tiles': {_short(value)} is not allowed; {usage}")
    return value


def _check_chips(value: Any) -> tuple[tuple[str, int], ...]:
    """`chips = false`, or a table of CHIP_KEYS to whole numbers 0-CHIP_MAX (a missing key
    earns nothing); kept as pairs in CHIP_KEYS order, zeros left out."""
    if value is False:
        return ()
    if isinstance(value, tuple):  # the frozen form of an override, read again
        value = dict(value)
    usage = f"use false or a table of {', '.join(CHIP_KEYS)} = 0-{CHIP_MAX}"
    if not isinstance(value, dict):
        raise RulesetError(f"rule 'chips': {_short(value)} is not allowed; {usage}")
    unknown = [k for k in value if k not in CHIP_KEYS]
    bad = [
        k for k, v in value.items()
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= CHIP_MAX
    ]
    if unknown or bad:
        raise RulesetError(f"rule 'chips': {_short((unknown or bad)[0])} is not allowed; {usage}")
    return tuple((k, value[k]) for k in CHIP_KEYS if value.get(k))


def _build(
    preset_id: str, raw: dict[str, Any], overrides: tuple[tuple[str, Any], ...] = ()
) -> Ruleset:
    missing = [k for k in RULE_KEYS if k not in raw]
    if missing:
        raise RulesetError(f"preset {preset_id!r} is missing rule keys: {', '.join(missing)}")
    unknown = [k for k in raw if k not in RULE_KEYS]
    if unknown:
        raise RulesetError(_unknown_key_message(unknown[0]))
    values = {k: _check_value(k, raw[k]) for k in RULE_KEYS}
    _check_consistency(values)
    return Ruleset(id=preset_id, overrides=overrides, **values)


def _check_consistency(v: dict[str, Any]) -> None:
    """Combinations that no single field can reject."""
    if v["scoring_model"] == "classic" and v["classic_cap"] <= 0:
        raise RulesetError("rule 'classic_cap': the classic scoring model needs a positive cap")
    if v["chombo_penalty_kind"] == "classic_half_mangan" and v["classic_cap"] <= 0:
        raise RulesetError(
            "rule 'classic_cap': chombo_penalty_kind 'classic_half_mangan' pays half of a"
            " mangan at the classic cap, so it needs a positive cap"
        )
    if v["pao"] == (PAO_CLASSIC,) and v["classic_cap"] <= 0:
        raise RulesetError(
            f"rule 'classic_cap': pao [{PAO_CLASSIC!r}] pays a mangan at the classic cap,"
            " so it needs a positive cap"
        )
    if v["extension"] != "none" and v["game_length"] == "isshou":
        raise RulesetError(
            "rule 'extension': an isshou game already plays all four rounds, so there is"
            " no round to extend into; use extension = \"none\""
        )
    _check_table(v)
    if v["scoring_model"] == "modern":
        ladder = [v[f"limit_{n}_han"] for n in ("mangan", "haneman", "baiman", "sanbaiman")]
        if ladder != sorted(ladder) or ladder[0] < 1:
            raise RulesetError(
                "rules 'limit_*_han': mangan ≤ haneman ≤ baiman ≤ sanbaiman, all at least 1"
            )


def _check_table(v: dict[str, Any]) -> None:
    """The seats, the tile set, kita and tsumo loss fit together (RULESETS.md §9)."""
    players = v["players"]
    removed = _removed_kinds(v["removed_tiles"])
    if players == 4 and (v["kita"] or v["tsumo_loss"] != "none"):
        key = "kita" if v["kita"] else "tsumo_loss"
        raise RulesetError(
            f"rule {key!r}: only a three-player game has an empty North seat; use"
            f" {key} = {'false' if key == 'kita' else repr('none')} or players = 3"
        )
    if players == 3 and v["tsumo_loss"] == "none":
        # With an empty North seat a tsumo's missing share must be settled one way or
        # the other; "none" would quietly play as "loss".
        raise RulesetError(
            "rule 'tsumo_loss': a three-player game needs 'loss' (ツモ損: the empty"
            " seat's share is not paid) or 'north_bisection' (北家折半)"
        )
    if v["kita"] and 30 in removed:
        raise RulesetError("rule 'kita': the North tiles are set aside, so 'removed_tiles'"
                           " may not remove them")
    tiles = 4 * (34 - len(removed))
    if tiles < v["dead_wall"] + 13 * players + 4 * players:
        raise RulesetError(
            f"rule 'removed_tiles': {tiles} tiles leave too few to deal {players} hands"
            " and play a go-around"
        )
    reds = [kind for kind, _ in RED_FIVES[v["red_fives"]] if kind in removed]
    if reds:
        raise RulesetError(
            f"rule 'red_fives': {v['red_fives']} puts a red five of a removed kind in the set;"
            " use fewer red fives or remove other tiles"
        )
    # Noten payments split among any number of tenpai players: t × (players − t) shares.
    step = INT_MULTIPLES["noten_payment"] if players == 4 else 2
    if v["noten_payment"] % step:
        raise RulesetError(
            f"rule 'noten_payment': {v['noten_payment']} is not allowed; use a multiple of"
            f" {step}, so that every share of it is whole"
        )
    if players == 3 and v["uma"][3]:
        raise RulesetError("rule 'uma': a three-player game has no fourth place; make it 0")


_DATA_DIR = os.path.dirname(os.path.abspath(__file__))
# Bumped when the cached form changes; a cache of another version is read as a miss.
_TOML_CACHE_VERSION = 1


def load_data_toml(name: str) -> dict[str, Any]:
    """A TOML file of this package, parsed, through a cache kept beside the bytecode.

    Why: `mahjong-tui score` starts once per batch, and importing `tomllib` and
    parsing the presets and yaku tables costs more than scoring a few hundred hands.
    The parsed table is kept like Python keeps a module's bytecode: a `marshal` file
    in `__pycache__` (or under `sys.pycache_prefix`), valid while the TOML file's
    size and modification time are the ones it was made from, and not written when
    bytecode is not (`sys.dont_write_bytecode`). Any problem with the cache means
    parsing the TOML file, as without one.
    """
    path = os.path.join(_DATA_DIR, name)
    stat = os.stat(path)
    key = (_TOML_CACHE_VERSION, stat.st_mtime_ns, stat.st_size)
    cached = _toml_cache_path(name)
    try:
        with open(cached, "rb") as file:
            stamp, table = marshal.load(file)
        if stamp == key and isinstance(table, dict):
            return table
    except (OSError, EOFError, ValueError, TypeError):
        pass
    import tomllib

    with open(path, "rb") as file:
        table = tomllib.load(file)
    if not sys.dont_write_bytecode:
        _write_toml_cache(cached, key, table)
    return table


def _toml_cache_path(name: str) -> str:
    prefix = sys.pycache_prefix
    folder = (
        os.path.join(prefix, _DATA_DIR.lstrip(os.sep)) if prefix
        else os.path.join(_DATA_DIR, "__pycache__")
    )
    return os.path.join(folder, f"{name}.{sys.implementation.cache_tag}.marshal")


def _write_toml_cache(cached: str, key: tuple[int, int, int], table: dict[str, Any]) -> None:
    """Write the cache whole or not at all (a reader never sees half a file)."""
    partial = f"{cached}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(cached), exist_ok=True)
        with open(partial, "wb") as file:
            marshal.dump((key, table), file)
        os.replace(partial, cached)
    except (OSError, ValueError):  # a read-only install, a value marshal cannot hold
        with contextlib.suppress(OSError):
            os.unlink(partial)


@cache
def _preset_table() -> dict[str, dict[str, Any]]:
    data = dict(load_data_toml("presets.toml"))
    defaults = data.pop("defaults")

    def resolved(pid: str) -> dict[str, Any]:
        # `inherits` names the preset one differs from (tenhou3 is tenhou for three).
        own = dict(data[pid])
        base = own.pop("inherits", None)
        return {**(resolved(base) if base else defaults), **own}

    return {pid: resolved(pid) for pid in EVERY_PRESET_ID}


@cache
def load_preset(preset_id: str) -> Ruleset:
    """The resolved preset `preset_id` (one of ALL_PRESET_IDS)."""
    table = _preset_table()
    if preset_id not in table:
        raise RulesetError(
            f"unknown ruleset {preset_id!r}; choose one of {', '.join(EVERY_PRESET_ID)}"
        )
    return _build(preset_id, dict(table[preset_id]))


# Tenhou's GO `type` flags (RULESETS.md §8.1 "record flags"; tsubakisakura/mjlog2json).
GO_NO_RED = 0x02
GO_NO_KUITAN = 0x04
GO_HANCHAN = 0x08
GO_SANMA = 0x10
GO_CHIPS = 0x200  # a chip lobby (祝儀): [R] dnovikoff/tenhou chip.xml_, GO type 553 = 0x229


def chip_lobby(lobby: str) -> dict[str, Any]:
    """The rules a chip lobby of an online client adds to its preset, chips included
    (`[chip_lobbies.<lobby>]` in presets.toml, RULESETS.md §8.5)."""
    return dict(load_data_toml("presets.toml")["chip_lobbies"][lobby])


def tenhou_variant(go_type: int, *, rounded: bool = True, chips: bool = False) -> Ruleset:
    """The `tenhou` preset as a record's GO `type` sets it: 0x02 no red fives, 0x04 no
    open tanyao, 0x08 East–South (else East only), 0x10 three players (`tenhou3`,
    RULESETS.md §9). The overrides are the record's, so a replay names them.

    `rounded=False` is for records whose `owari` shows tenths (the 2022 records of
    shared/records/tenhou; the 2016 and 2018 ones are rounded 五捨六入): the GO type
    does not say which, the record's results do. A chip lobby (flag 0x200, or
    `chips=True`: the record's `sc` gives each seat's chips) plays the lobby's rules
    (§8.5, `chip_lobby`): its chips, kiriage and uma."""
    overrides: dict[str, Any] = {}
    if go_type & GO_NO_RED:
        overrides["red_fives"] = 0
    if go_type & GO_NO_KUITAN:
        overrides["kuitan"] = False
    if not go_type & GO_HANCHAN:
        overrides["game_length"] = "tonpuu"
    if not rounded:
        overrides["result_rounding"] = "none"
    if chips or go_type & GO_CHIPS:
        overrides.update(chip_lobby("tenhou"))
    base = load_preset("tenhou3" if go_type & GO_SANMA else "tenhou")
    return base.with_overrides(overrides) if overrides else base


# An override is one short line: the longest real one (`uma_float`) is about 70.
OVERRIDE_MAX_CHARS = 200


def _short(value: Any, limit: int = 60) -> str:
    """`repr(value)`, cut short: an error message stays one readable line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_override(text: str) -> tuple[str, Any]:
    """Parse `KEY=VALUE` with VALUE written in TOML (`true`, `3`, `"forbidden"`, `[1, 2]`).

    A bare word that is not TOML (`forbidden`) is taken as a string, as people type it.
    VALUE is exactly one TOML value: a line break or anything after the value
    (`3\nkuitan=1`) is an error, never a second setting read or silently dropped.
    """
    if len(text) > OVERRIDE_MAX_CHARS:
        raise RulesetError(
            f"rule override {_short(text)} is longer than {OVERRIDE_MAX_CHARS} characters"
        )
    key, sep, value_text = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise RulesetError(f"rule override {_short(text)} must be KEY=VALUE")
    if key not in RULE_KEYS:
        raise RulesetError(_unknown_key_message(key[:40]))
    bare = value_text.strip()
    if not bare or any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise RulesetError(
            f"rule {key!r}: {_short(bare)} is not one TOML value on one line"
            ' (e.g. true, 3, "forbidden")'
        )
    import tomllib

    try:
        table = tomllib.loads(f"v = {bare}")
    except (ValueError, RecursionError):  # TOMLDecodeError, or an int too long to read
        table = None
    if table is not None and list(table) == ["v"]:
        return key, table["v"]
    if table is None and bare.replace("_", "").isalnum():
        return key, bare
    raise RulesetError(
        f'rule {key!r}: {_short(bare)} is not a TOML value (e.g. true, 3, "forbidden")'
    )


def resolve(preset_id: str, overrides: list[str] | tuple[str, ...] = ()) -> Ruleset:
    """A preset with `KEY=VALUE` overrides applied, validated."""
    ruleset = load_preset(preset_id)
    if not overrides:
        return ruleset
    return ruleset.with_overrides(dict(parse_override(item) for item in overrides))
