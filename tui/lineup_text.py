"""A server's table in words: who plays each seat, what changed, the time left.

The seat panels name each seat's player (`seat_names`: the person's name, "AI
normal", a bot's "mortal (mjai)") and mark whoever left while the AI plays for them
(`away_seats`: the board's "away: AI plays" badge); the event log says who sat down,
left and came back (`lineup_news`); the prompt shows the decision's countdown
(`countdown`). Names were cleaned when they were read
(`engine.server.lineup.clean_name`); here they are only cut to a panel's width. They
are plain strings, which the board draws as `rich.text.Text`: never read as markup.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.cells import cell_len

from engine.server.clock import DecisionClock
from engine.server.lineup import Lineup, SeatPlayer

from .widgets.board import Players
from .words import WORDS, message

NAME_CELLS = 14  # a name in a seat panel, at most (then "…")
WARN_SECONDS = 5  # the countdown turns to a warning for the last seconds


def short_name(name: str, cells: int = NAME_CELLS) -> str:
    """`name` cut to `cells` terminal cells, "…" marking the cut (wide characters count two)."""
    if cell_len(name) <= cells:
        return name
    out = ""
    for char in name:
        if cell_len(out + char) > cells - 1:
            break
        out += char
    return out + "…"


def level_name(level: str, lang: str) -> str:
    """An AI level in `lang` ("normal", 中級), or as the server said it when unknown."""
    entry = WORDS.get(f"level.{level}")
    return entry.part(lang) if entry is not None else level


def player_label(player: SeatPlayer, lang: str = "en") -> str:
    """Who plays a seat, in a few words ("" for no seat)."""
    if player.kind == "person":
        return short_name(player.name)
    if player.kind == "ai":
        return message("lineup_ai", lang, level=level_name(player.level, lang)).strip()
    if player.kind == "bot":
        return message("lineup_bot", lang, name=short_name(player.name))
    if player.kind == "open":
        return message("lineup_open", lang)
    return ""


def seat_names(lineup: Lineup | None, lang: str = "en") -> tuple[str, ...]:
    """Each absolute seat's label for the seat panels (empty: nothing told)."""
    if lineup is None:
        return ()
    return tuple(player_label(p, lang) for p in lineup.seats)


def away_seats(lineup: Lineup | None) -> frozenset[int]:
    """The seats of people who are away (the table's AI plays for them meanwhile)."""
    if lineup is None:
        return frozenset()
    return frozenset(s for s, p in enumerate(lineup.seats) if p.kind == "person" and p.away)


def board_players(lineup: Lineup | None, lang: str = "en") -> Players:
    """What the board shows of `lineup`: each seat's label, who is away."""
    return Players(seat_names(lineup, lang), away_seats(lineup))


def lineup_news(before: Lineup | None, after: Lineup, lang: str = "en") -> list[str]:
    """The log's lines for a change of line-up: who sat down, left, came back."""
    lines = []
    for seat, now in enumerate(after.seats):
        was = before.seats[seat] if before is not None else None
        if now.kind != "person":
            continue
        name = short_name(now.name)
        if was is None or was.kind != "person" or was.name != now.name:
            if before is not None:  # the first line-up told is the table as it is
                lines.append(message("lineup_joined", lang, name=name))
            if now.away:
                lines.append(message("lineup_left", lang, name=name))
        elif now.away and not was.away:
            lines.append(message("lineup_left", lang, name=name))
        elif was.away and not now.away:
            lines.append(message("lineup_back", lang, name=name))
    return lines


@dataclass(frozen=True, slots=True)
class Countdown:
    """What the prompt shows of a decision's time: whole seconds left of the time per
    decision (`seconds`) and of the `bank`, whether the bank is being spent, and
    whether it is the last few seconds (`warn`)."""

    seconds: int
    bank: int
    in_bank: bool
    warn: bool

    def text(self, lang: str = "en") -> str:
        if self.in_bank:
            return message("clock_bank", lang, seconds=self.bank)
        if self.bank:
            return message("clock_with_bank", lang, seconds=self.seconds, bank=self.bank)
        return message("clock_decision", lang, seconds=self.seconds)


def countdown(clock: DecisionClock | None, now: float) -> Countdown | None:
    """The countdown of `clock` at `now` (None: no clock)."""
    if clock is None:
        return None
    per, bank = clock.left(now)
    in_bank = per <= 0 and clock.seconds > clock.per_decision
    total = per + bank
    return Countdown(math.ceil(per), math.ceil(bank), in_bank, total <= WARN_SECONDS)
