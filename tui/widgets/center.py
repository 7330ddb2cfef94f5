"""The centre of the table: round and hand (東1局), honba, riichi sticks, tiles
left, and each seat's wind and score where that player sits.

As on an automatic table's display: the round in the middle, the four seats
around it (bottom = you), the player whose turn it is marked, riichi shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from ..words import amount, first_name, message, round_name, term, wind_name
from .base import TileWidget
from .event_log import LineCache

TURN_MARK = ">"


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat as the centre shows it."""

    wind: int = 0  # 0 East .. 3 North (East = dealer)
    score: int = 0
    riichi: bool = False
    turn: bool = False
    name: str = ""  # "you", "toimen", ...


@dataclass(frozen=True, slots=True)
class CenterData:
    """`seats` by screen side: bottom (you), right, top, left."""

    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    tiles_left: int = 70
    dice: str = ""
    seats: tuple[SeatScore, ...] = (SeatScore(), SeatScore(1), SeatScore(2), SeatScore(3))
    compact: bool = False
    honba_used: bool = True
    sticks_used: bool = True  # presets without riichi have no sticks to show
    minutes_left: int | None = None  # a time limit's playing time left (gifu)


def seat_text(seat: SeatScore, lang: str) -> Text:
    kanji = wind_name(seat.wind, lang).split(" ")[1 if lang == "en" else 0]
    text = Text(no_wrap=True, end="")
    text.append(f"{TURN_MARK} " if seat.turn else "  ", style="bold reverse" if seat.turn else "")
    text.append(kanji, style="bold")
    text.append(f" {seat.score:,}")
    if seat.riichi:
        text.append(" R", style="bold red")
    return text


def _centred(text: Text, width: int) -> Text:
    pad = max(0, (width - text.cell_len) // 2)
    out = Text(" " * pad, no_wrap=True, end="")
    out.append_text(text)
    return out


def center_text(data: CenterData, lang: str = "en", width: int = 34) -> Text:
    rnd = round_name(data.round_wind, data.hand_number + 1, lang)
    info = [Text(rnd, style="bold")]
    counters = []
    if data.honba_used:
        counters.append(amount(data.honba, "honba", lang))
    if data.sticks_used:
        counters.append(f"{term('kyoutaku', lang).split(' (')[0]} {data.sticks}")
    left = f"{term('tiles_left', lang)} {data.tiles_left}"
    if data.minutes_left is not None:  # beside the tiles left: the counters line is full
        left += f" · {message('centre_time_left', lang, minutes=data.minutes_left)}"
    if data.compact:
        short = [f"{data.honba} {term('honba', lang).split(' ')[0]}"] if data.honba_used else []
        if data.sticks_used:
            short.append(message("centre_sticks_short", lang, sticks=data.sticks))
        short.append(message("centre_left_short", lang, left=data.tiles_left))
        first = Text(rnd, style="bold", no_wrap=True, end="")
        return Text("\n", end="").join([first, Text(" · ".join(short), no_wrap=True)])
    info.append(Text(" · ".join(counters)))
    info.append(Text(left, style="bold"))
    if data.dice:
        info.append(Text(data.dice, style="dim"))
    lines = [_centred(t, width) for t in info]
    bottom, right, top, left_seat = (seat_text(s, lang) for s in data.seats)
    lines.append(Text(""))
    lines.append(_centred(top, width))
    middle = Text(no_wrap=True, end="")
    middle.append_text(left_seat)
    middle.append(" " * max(1, width - left_seat.cell_len - right.cell_len))
    middle.append_text(right)
    lines.append(middle)
    lines.append(_centred(bottom, width))
    legend = Text(no_wrap=True, end="")
    for glyph, key, style in (("==", "wall", "yellow"), ("::", "dead_wall", "magenta"),
                              ("rr", "rinshan", "cyan")):
        what = first_name(f"legend.{key}", lang)
        if legend.cell_len:
            legend.append(" ")
        legend.append(glyph, style=style)
        legend.append(f" {what}", style="dim")
    lines.append(_centred(legend, width))
    return Text("\n", no_wrap=True, end="").join(lines)


class CenterInfo(LineCache, TileWidget[CenterData]):
    DEFAULT_DATA = CenterData()
    data: reactive[CenterData] = reactive(DEFAULT_DATA, layout=False)

    def render(self) -> Text:
        width = self.size.width or 34
        return center_text(self.data, self.lang, width)
