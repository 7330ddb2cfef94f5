"""Every word the UI shows, in one table: romaji (or English) with its Japanese.

Players and rulebooks name yaku, calls and terms in Japanese; learners read
romaji. So every term is shown as both, "riichi 立直", and `lang="ja"` puts the
Japanese first, "立直 riichi". Widgets and screens never spell a term or a status
message themselves: they ask this module, so a wording is fixed in one place and
a test can check that every yaku and fu item the scorer emits has a name.

Keys are dotted by section (``yaku.pinfu``, ``fu.wait_kanchan``, ``limit.mangan``,
``call.pon``, ``wind.east``, ``seat.kamicha``); general vocabulary sits in
``term.*`` and `term` accepts it without the prefix (``term("riichi")``).
Sentences for the status line live in `MESSAGES` with an English and a Japanese
version and `{name}` fields.

The words themselves are data, `tui/lexicon/words.toml` (issue #21), read with the
standard library only: the `score` command may use it without loading Rich.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from rules.tiles import kind_to_str

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")


@dataclass(frozen=True, slots=True)
class Word:
    """A term as players say it (romaji or plain English) and as it is written in Japanese."""

    romaji: str
    japanese: str

    def show(self, lang: str = "en") -> str:
        """Both names, the chosen language first."""
        first, second = (
            (self.japanese, self.romaji)
            if check_lang(lang) == "ja"
            else (self.romaji, self.japanese)
        )
        return f"{first} {second}" if second else first

    @property
    def en(self) -> str:
        """The romaji or English part alone ("East 1")."""
        return self.romaji

    @property
    def ja(self) -> str:
        """The Japanese part alone ("東1局")."""
        return self.japanese

    def part(self, lang: str = "en") -> str:
        """Only the chosen language's part: compact labels take this, never a split
        of `show` (a part may itself hold spaces, "East 1", "riichi sticks")."""
        return self.japanese if check_lang(lang) == "ja" else self.romaji


@dataclass(frozen=True, slots=True)
class Message:
    """A status-line sentence in both languages; `{fields}` are filled by `message`."""

    en: str
    ja: str


# ---------------------------------------------------------------- the tables, as data
# Every table of words and sentences is data: tui/lexicon/words.toml, read once here
# (tomllib: standard library, so `score` and `sim` may use words without Rich). Edit
# the words there; the names below are this module's API, as they always were.
_LEXICON = "lexicon/words.toml"
_WHERE = "tui/lexicon/words.toml (read by tui/words.py)"  # where a missing word goes


def _lexicon() -> dict[str, Any]:
    """The data file, from the installed package (a wheel carries it: package data)."""
    text = resources.files(__package__ or "tui").joinpath(_LEXICON).read_text("utf-8")
    return tomllib.loads(text)


_DATA = _lexicon()
_INCLUDES: dict[str, list[str]] = _DATA.get("includes", {})


def _pairs(name: str) -> dict[str, tuple[str, str]]:
    """A table of terms: its own entries, then those of the tables it includes."""
    rows = {k: (v[0], v[1]) for k, v in _DATA.get(name, {}).items()}
    for other in _INCLUDES.get(name, []):
        rows.update(_pairs(other))
    return rows


def _messages(name: str) -> dict[str, Message]:
    rows = {k: Message(v["en"], v["ja"]) for k, v in _DATA.get(name, {}).items()}
    for other in _INCLUDES.get(name, []):
        rows.update(_messages(other))
    return rows


def _strings(name: str) -> dict[str, str]:
    rows = {k: str(v) for k, v in _DATA.get(name, {}).items()}
    for other in _INCLUDES.get(name, []):
        rows.update(_strings(other))
    return rows


def _words() -> dict[str, Word]:
    """Every term by its dotted key: each table under its prefix, in the file's order."""
    found: dict[str, Word] = {}
    for table, prefix in _DATA.get("prefixes", {}).items():
        for key, (romaji, japanese) in _pairs(table).items():
            found[f"{prefix}{key}"] = Word(romaji, japanese)
    return found


YAKU: dict[str, tuple[str, str]] = _pairs("YAKU")
FU_ITEMS: dict[str, tuple[str, str]] = _pairs("FU_ITEMS")
LIMITS: dict[str, tuple[str, str]] = _pairs("LIMITS")
CALLS: dict[str, tuple[str, str]] = _pairs("CALLS")
WINDS: dict[str, tuple[str, str]] = _pairs("WINDS")
DRAGONS: dict[str, tuple[str, str]] = _pairs("DRAGONS")
SEATS: dict[str, tuple[str, str]] = _pairs("SEATS")
TERMS: dict[str, tuple[str, str]] = _pairs("TERMS")
SCREEN_WORDS: dict[str, tuple[str, str]] = _pairs("SCREEN_WORDS")
RULE_GROUPS: dict[str, tuple[str, str]] = _pairs("RULE_GROUPS")
PARAMETERS: dict[str, tuple[str, str]] = _pairs("PARAMETERS")
VIEWER_WORDS: dict[str, tuple[str, str]] = _pairs("VIEWER_WORDS")
WORDS: dict[str, Word] = _words()
MESSAGES: dict[str, Message] = _messages("MESSAGES")
AI_REASONS: dict[str, str] = _strings("AI_REASONS")
AI_TERMS: dict[str, str] = _strings("AI_TERMS")
ONLINE_PARAMETERS: dict[str, tuple[str, str]] = _pairs("ONLINE_PARAMETERS")
SANMA_PARAMETERS: dict[str, tuple[str, str]] = _pairs("SANMA_PARAMETERS")
ENDINGS: dict[str, tuple[str, str]] = _pairs("ENDINGS")
ENDING_MESSAGES: dict[str, Message] = _messages("ENDING_MESSAGES")
LAUNCH_WORDS: dict[str, tuple[str, str]] = _pairs("LAUNCH_WORDS")


def check_lang(lang: str) -> Lang:
    """`lang` if supported, else a ValueError naming the choices (for `--lang`)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGS)}")
    return lang  # type: ignore[return-value]


def word(key: str) -> Word:
    """The entry for a dotted key; a bare key means ``term.<key>``."""
    full = key if "." in key else f"term.{key}"
    try:
        return WORDS[full]
    except KeyError:
        raise KeyError(f"no word for {full!r}: add it to {_WHERE}") from None


def first_name(key: str, lang: str = "en") -> str:
    """Only the name in the chosen language (column headings, compact labels)."""
    return word(key).part(lang)


def term(key: str, lang: str = "en") -> str:
    """The term in both languages: "riichi 立直" (en), "立直 riichi" (ja); key e.g. ``call.pon``."""
    return word(key).show(lang)


def yaku_name(yaku_id: str, lang: str = "en") -> str:
    """A yaku id of `rules.yaku.YAKU_ORDER` as players name it: "pinfu 平和"."""
    return term(f"yaku.{yaku_id}", lang)


def fu_name(item: str, lang: str = "en") -> str:
    """A fu breakdown item id (`FuItem.item`): "kanchan wait 嵌張待ち"."""
    return term(f"fu.{item}", lang)


def limit_name(limit: str, lang: str = "en") -> str:
    """A limit id (`ScoreResult.limit`): "mangan 満貫"."""
    return term(f"limit.{limit}", lang)


def call_name(call: str, lang: str = "en") -> str:
    """A call or declaration: "pon ポン"; accepts MeldKind values (minkan, kakan) too."""
    return term(f"call.{call}", lang)


def seat_name(relative: str, lang: str = "en") -> str:
    """A relative seat (kamicha, toimen, shimocha, self): "kamicha 上家"."""
    return term(f"seat.{relative}", lang)


_WIND_KEYS = ("east", "south", "west", "north")
_DRAGON_KEYS = ("haku", "hatsu", "chun")


def seat_word(relative: str) -> Word:
    """A relative seat's two names (`seat_name` shows both)."""
    return word(f"seat.{relative}")


def wind_word(wind: int) -> Word:
    """A wind as 0-3 (E S W N) or its tile kind 27-30, both names: East / 東."""
    index = wind - 27 if wind >= 27 else wind
    return word(f"wind.{_WIND_KEYS[index]}")


def wind_name(wind: int, lang: str = "en") -> str:
    """A wind as 0-3 (E S W N) or its tile kind 27-30: "East 東"."""
    return wind_word(wind).show(lang)


def tile_word(kind: int) -> Word:
    """A tile kind's names: suited tiles in mpsz in both parts ("4m"), honors named."""
    if kind < 27:
        return Word(kind_to_str(kind), kind_to_str(kind))
    if kind < 31:
        return wind_word(kind)
    return word(f"dragon.{_DRAGON_KEYS[kind - 31]}")


def tile_name(kind: int, lang: str = "en") -> str:
    """A tile kind in words: suited tiles in mpsz ("4m"), honors named ("South 南")."""
    if kind < 27:
        return kind_to_str(kind)
    return tile_word(kind).show(lang)


def round_word(wind: int, hand: int) -> Word:
    """A hand of a round in both languages, East 1 / 東1局; `hand` counts from 1."""
    w = wind_word(wind)
    return Word(f"{w.romaji} {hand}", f"{w.japanese}{hand}局")


def round_name(wind: int, hand: int, lang: str = "en") -> str:
    """A hand of a round: "East 1 東1局" (en) or "東1局 East 1" (ja); `hand` counts from 1."""
    return round_word(wind, hand).show(lang)


def amount(value: int, key: str, lang: str = "en") -> str:
    """A count with its unit: "30 fu 符", "2 han 翻", "1 honba 本場" ("30符 fu" in ja)."""
    w = word(key)
    if check_lang(lang) == "ja":
        return f"{value}{w.japanese} {w.romaji}"
    return f"{value:,} {w.romaji} {w.japanese}"


def message(key: str, lang: str = "en", **fields: object) -> str:
    """A status-line sentence in `lang`, its `{fields}` filled in."""
    try:
        entry = MESSAGES[key]
    except KeyError:
        raise KeyError(f"no message {key!r}: add it to {_WHERE}") from None
    text = entry.ja if check_lang(lang) == "ja" else entry.en
    return text.format(**fields)


