"""The house rules offered at the table (the launch screen's panel), and reading them back.

Each is one ruleset parameter (RULESETS.md §2) with the values a table commonly
picks; "preset" means no override. What the panel chooses becomes `KEY=VALUE`
items exactly as `--rule` takes them (`GameConfig.rules`), so they are validated,
saved, logged (`setup.overrides`) and recorded like any override. Rules given
with `--rule` that the panel does not offer are kept as they are.

`house_rules(ruleset)` is the other direction: the overrides a ruleset carries,
as (parameter, value) lines for the rules reference.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.ruleset import RULE_KEYS, Ruleset, RulesetError, chip_lobby, parse_override

PRESET = "preset"  # the value shown when the preset's own rule applies


@dataclass(frozen=True, slots=True)
class HouseRule:
    key: str  # the ruleset parameter
    label: str
    values: tuple[Any, ...]  # the choices after "preset", in cycling order


# Chips (祝儀, RULESETS.md §8.5) as a house rule take the values the ruleset data
# gives them (presets.toml: no preset plays chips; Tenhou's chip lobby sets one per red
# five, ura dora and ippatsu, five per yakuman), so the panel offers what a real table
# plays rather than numbers of its own.
CHIP_VALUES: dict[str, int] = dict(chip_lobby("tenhou")["chips"])

# The common house rules (issue #12). The abortive draws and nagashi mangan are
# parameters already, but the engine does not play them yet (another engineer is
# adding them): once it does, move them from WAITING_FOR_ENGINE into HOUSE_RULES.
HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("red_fives", "red fives", (0, 3, 4)),
    HouseRule("kuitan", "open tanyao", (True, False)),
    HouseRule("kiriage_30_4", "kiriage mangan", (True, False)),
    HouseRule("kazoe_yakuman", "kazoe yakuman", (True, False)),
    HouseRule("yakuman_stacking", "double yakuman", (True, False)),
    HouseRule("multiple_ron", "multiple ron", ("head_bump", "double_ron", "multiple")),
    HouseRule("chips", "chips", (CHIP_VALUES, False)),
)
WAITING_FOR_ENGINE: tuple[HouseRule, ...] = (
    HouseRule("abort_kyuushu", "nine terminals draw", (True, False)),
    HouseRule("abort_suufon", "four winds draw", (True, False)),
    HouseRule("abort_suucha_riichi", "four riichi draw", (True, False)),
    HouseRule("abort_suukaikan", "four kans draw", (True, False)),
    HouseRule("nagashi_mangan", "nagashi mangan", (True, False)),
)
assert all(rule.key in RULE_KEYS for rule in HOUSE_RULES + WAITING_FOR_ENGINE)


def show(value: Any, lang: str = "en") -> str:
    """A value as the panel shows it: yes/no, a count, a named choice; in Japanese
    through tui.words (a value without a word there is shown as it is)."""
    from .words import WORDS, first_name

    if value is True or value is False:
        return first_name("value.yes" if value else "value.no", lang)
    if isinstance(value, dict):  # chips: what earns them, how many each
        return chip_values(value, lang)
    key = f"value.{value}"
    if lang == "en" or isinstance(value, int):
        return str(value)
    return first_name(key, lang) if key in WORDS else str(value)


def chip_values(values: dict[str, int], lang: str = "en") -> str:
    """Chips in words: "red five 1, ura dora 1, ippatsu 1, yakuman 5" (an element
    named and valued as the one before it, a red five in an open hand, said once)."""
    from .words import message

    parts: list[str] = []
    for key, count in values.items():
        part = f"{message(f'chip_{key}', lang)} {count}"
        if part not in parts:
            parts.append(part)
    return ", ".join(parts)


def rule_name(key: str, lang: str = "en") -> str:
    """A house rule's name in `lang` (its panel label in English)."""
    from .words import first_name

    return first_name(f"house.{key}", lang)


def describe(rules: Sequence[str], lang: str = "en") -> str:
    """The chosen rules in one line: as `--rule` items in English, in words in
    Japanese ("赤ドラ 0枚"); an item the panel does not offer stays as it is."""
    if lang == "en":
        return ", ".join(rules)
    panel = {rule.key for rule in HOUSE_RULES}
    parts = []
    for text in rules:
        try:
            key, value = parse_override(text)
        except RulesetError:
            parts.append(text)
            continue
        parts.append(f"{rule_name(key, lang)} {show(value, lang)}" if key in panel else text)
    return "、".join(parts)


def item(key: str, value: Any) -> str:
    """One `KEY=VALUE` as `--rule` takes it (the value in TOML, which JSON's form is for
    a word, a number or yes/no; a table is TOML's inline `{a = 1, b = 2}`)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{k} = {json.dumps(v)}" for k, v in value.items())
        return f"{key}={{{inner}}}"
    return f"{key}={json.dumps(value)}"


def chosen(rules: Sequence[str]) -> dict[str, Any]:
    """The panel's rules among `rules` (the last one of a key wins, as `--rule` does);
    an item that does not parse is left out here (validation reports it)."""
    panel = {rule.key for rule in HOUSE_RULES}
    out: dict[str, Any] = {}
    for text in rules:
        try:
            key, value = parse_override(text)
        except RulesetError:
            continue
        if key in panel:
            out[key] = value
    return out


def panel_rules(rules: Sequence[str]) -> tuple[str, ...]:
    """The items of `rules` the panel offers (what the launch screen remembers: an item
    only `--rule` gave is not, since the panel could not take it back)."""
    panel = {rule.key for rule in HOUSE_RULES}
    return tuple(r for r in rules if r.partition("=")[0].strip() in panel)


def cycle(rules: Sequence[str], key: str) -> tuple[str, ...]:
    """`rules` with `key` moved on to its next value (preset -> each value -> preset)."""
    rule = next(r for r in HOUSE_RULES if r.key == key)
    current = chosen(rules).get(key, PRESET)
    order: list[Any] = [PRESET, *rule.values]
    index = next((i for i, v in enumerate(order) if v == current and type(v) is type(current)),
                 0)
    following = order[(index + 1) % len(order)]
    kept = tuple(r for r in rules if r.partition("=")[0].strip() != key)
    return kept if following == PRESET else (*kept, item(key, following))


def house_rules(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The ruleset's overrides as (parameter, value) lines, in the order they were given."""
    values = ruleset.as_dict()
    return [(key, show(values[key])) for key, _ in ruleset.overrides]
