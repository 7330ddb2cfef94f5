"""Chips (祝儀, RULESETS.md §8.5) in words: a win's chips on its result screen and the
game's on the final table, in our games with the house rule and in a chip lobby's
Tenhou record (the replay viewer shows the same screens).

Chips never move points, so they get their own lines beside the payments: what
earned them, how many each payer handed over, and every seat's chips moved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import GameEnded, Won

from .words import Message, check_lang

ELEMENTS = {
    "red_five": Message("red five", "赤"),
    "red_five_open": Message("red five", "赤"),
    "ura_dora": Message("ura dora", "裏ドラ"),
    "ippatsu": Message("ippatsu", "一発"),
    "yakuman": Message("yakuman", "役満"),
}
WIN = Message(
    "Chips: {items}, {each} from each payer: {moved}", "祝儀: {items} 各{each}枚: {moved}"
)
GAME = Message("Chips over the game: {moved}", "祝儀の合計: {moved}")


def _say(entry: Message, lang: str) -> str:
    return entry.ja if check_lang(lang) == "ja" else entry.en


def _moved(chips: Sequence[int], label: Callable[[int], str]) -> str:
    return ", ".join(f"{label(seat)} {n:+d}" for seat, n in enumerate(chips))


def win_chips_line(won: Won, label: Callable[[int], str], lang: str = "en") -> str | None:
    """The win's chips ("Chips: red five 1, ippatsu 1, 2 from each payer: East +6, ..."),
    or None when the win moved none."""
    if not any(won.chips):
        return None
    items = ", ".join(f"{_say(ELEMENTS[name], lang)} {n}" for name, n in won.chip_items)
    each = max(won.chips)  # what the winner got from one payer, times the payers
    payers = sum(1 for n in won.chips if n < 0)
    return _say(WIN, lang).format(
        items=items, each=each // max(payers, 1), moved=_moved(won.chips, label)
    )


def game_chips_line(
    event: GameEnded, label: Callable[[int], str], lang: str = "en"
) -> str | None:
    """Every seat's chips over the game, or None in a game without chips."""
    if not event.chips:
        return None
    return _say(GAME, lang).format(moved=_moved(event.chips, label))


__all__ = ["game_chips_line", "win_chips_line"]
