"""Reasons a level gives for a decision, worded for a learner and translatable.

A `Reason` is the English sentence itself (a `str`, so logs, tests and the review
read it as text) that also keeps its `key` and its `fields`. The AI never imports
the UI; the UI words a reason in another language from the key and the fields
(`tui.words.AI_REASONS`), naming tiles, seats and shanten its own way. So the
fields keep their meaning, not their English: tile kinds (`Tiles`), a seat
(`Seat`), a shanten count (`Shanten`), a term the UI can translate (`Term`:
a plan such as "tanyao", a danger class such as "genbutsu"), a nested reason,
or a plain number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.tiles import kind_name

_RELATIVE = ("yourself", "shimocha, on your right", "toimen, across", "kamicha, on your left")
_WIND_NAMES = ("East", "South", "West", "North")


class Tiles(tuple):
    """Tile kinds (0-33), shown as "2p 5p East" in English."""

    def __str__(self) -> str:
        return " ".join(kind_name(k) for k in self)


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as the deciding player sees it: its wind this hand and where it sits."""

    seat: int
    me: int
    dealer: int
    players: int = 4  # with three, the seat after me is shimocha and the one before kamicha

    def __str__(self) -> str:
        n = self.players
        wind = _WIND_NAMES[(self.seat - self.dealer) % n]
        offset = (self.seat - self.me) % n
        return f"{wind} ({_RELATIVE[3 if offset == n - 1 else offset]})"


@dataclass(frozen=True, slots=True)
class Shanten:
    """A shanten count: -1 complete, 0 tenpai, n n-shanten."""

    value: int

    def __str__(self) -> str:
        if self.value < 0:
            return "complete"
        if self.value == 0:
            return "tenpai"
        return f"{self.value}-shanten"


class Term(str):
    """A word of the AI's vocabulary the UI may translate (plans, danger classes)."""


# The English of the reasons whose callers' templates read badly once filled in
# ("Hatsu is no copies left against East (kamicha (left))'s riichi"): the levels
# keep passing their template, and the key's wording here wins, so every level and
# every log says the same English sentence. The fields stay the caller's.
ENGLISH: dict[str, str] = {
    "danger_riichi": "{tile} against the riichi of {who} — {why}: about {chance} to deal in",
    "danger": "{tile} against {who} ({threat}) — {why}: about {chance} to deal in",
    "ankan_free": "ankan of {tile}: the four tiles are not part of a sequence",
    "ankan": "ankan {tile}: the shanten stays the same, with a rinshan draw and a new dora",
    "ankan_riichi": "ankan after riichi: the waits stay the same, and one more dora",
    "no_riichi_dead": "no riichi: every copy of the waits ({waits}) is already in sight",
    "dama_thin_early": "dama: only {count} tile(s) wait ({waits}); it is early enough to"
    " improve the wait",
    "riichi_no_yaku": "riichi: the hand has no yaku without it; {count} tiles wait ({waits})",
    "dama_against_riichi": "dama: the hand has a yaku and someone is in riichi; stay free"
    " to fold",
    "fold": "fold: the hand is {shanten} and worth ~{points}; the safest tile is better"
    " than pushing",
    "call": "call {call} with {tiles}: {before} -> {after}, with a yaku ({plan})",
    "pass_no_call": "pass: no call lowers the shanten ({shanten}) and keeps a yaku",
    "kita": "kita: a North set aside is a dora and a free draw",
}


class Reason(str):
    """An English sentence with the key and fields it was made from."""

    key: str
    fields: dict[str, Any]
    template: str  # the English before filling, so a UI can name the tiles its own way

    def __new__(cls, key: str, template: str, **fields: Any) -> Reason:
        template = ENGLISH.get(key, template)
        text = template.format(**{k: str(v) for k, v in fields.items()})
        reason = super().__new__(cls, text)
        reason.key = key
        reason.fields = fields
        reason.template = template
        return reason

    def __reduce__(self):  # pickling keeps the key, fields and template (worker processes)
        return (_rebuild, (str(self), self.key, self.fields, self.template))


def _rebuild(text: str, key: str, fields: dict[str, Any], template: str = "") -> Reason:
    reason = str.__new__(Reason, text)
    reason.key = key
    reason.fields = fields
    reason.template = template
    return reason


__all__ = ["ENGLISH", "Reason", "Seat", "Shanten", "Term", "Tiles"]
