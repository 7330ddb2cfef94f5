"""Who plays each seat of a server's table: the `lineup` message, read safely.

The server tells every client (seats and spectators) the table's line-up when they
come in (`resume`'s `lineup` field) and whenever it changes (a `lineup` message: a
player joins, leaves, comes back). Each seat is one of: a person (their name, and
whether they are `away`: the table's AI plays for them meanwhile), the table's AI
(its level), an mjai bot (its name), a people's seat nobody took yet (`open`), or no
seat at all (`empty`, three players). Only names the players chose and the AI level
ever go in it: never a token, nothing of the game.

A name is user input on the way in (the server refuses one with control characters)
and is cleaned again on the way out here, on the client's side: a client may talk to
a server that did not check, so control and bidirectional-formatting characters are
dropped and the length is cut before anything shows it. Showing it literally (no
markup) is the widgets' part: they build `rich.text.Text` from it, never markup.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from .protocol import MAX_NAME

KINDS = ("person", "ai", "bot", "open", "empty")
# Characters that reorder or hide text around them (U+202A-E embeddings and
# overrides, U+2066-9 isolates, the marks): a name must not turn a line round.
_BIDI = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(text: object, limit: int = MAX_NAME) -> str:
    """`text` safe to show: no control, format-only or line-breaking character, at most
    `limit` characters, spaces trimmed ("" when nothing printable is left)."""
    if not isinstance(text, str):
        return ""
    kept = []
    for char in text:
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp"):
            continue
        kept.append(char)
    return "".join(kept).strip()[:limit].strip()


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Who plays one seat: `kind` (one of `KINDS`), the person's or the bot's `name`,
    the AI `level` (the AI's own, or the one standing in for a person who is away)."""

    kind: str
    name: str = ""
    level: str = ""
    away: bool = False


@dataclass(frozen=True, slots=True)
class Lineup:
    """The four seats' players, by absolute seat."""

    seats: tuple[SeatPlayer, ...]

    def to_dict(self) -> dict[str, Any]:
        out = []
        for player in self.seats:
            entry: dict[str, Any] = {"kind": player.kind}
            if player.name:
                entry["name"] = player.name
            if player.level:
                entry["ai"] = player.level
            if player.kind == "person":
                entry["away"] = player.away
            out.append(entry)
        return {"type": "lineup", "seats": out}


def read_lineup(data: object) -> Lineup | None:
    """A `lineup` message (or `resume`'s field) read; None when it is not one. Unknown
    kinds read as `ai` (a newer server's seat the AI plays is still a seat), names and
    levels are cleaned (`clean_name`)."""
    if not isinstance(data, dict):
        return None
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != 4:
        return None
    out = []
    for entry in seats:
        if not isinstance(entry, dict):
            return None
        kind = entry.get("kind")
        kind = kind if kind in KINDS else "ai"
        out.append(SeatPlayer(
            kind,
            clean_name(entry.get("name")),
            clean_name(entry.get("ai"), 16),
            entry.get("away") is True,
        ))
    return Lineup(tuple(out))
