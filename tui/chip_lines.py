"""Chips (祝儀, RULESETS.md §8.5) in words: a win's chips on its result screen and the
game's on the final table, in our games with the house rule and in a chip lobby's
Tenhou record (the replay viewer shows the same screens).

Chips never move points, so they get their own lines beside the payments: what
earned them, how many each payer handed over, and every seat's chips moved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import GameEnded, Won

from .words import message


def _moved(chips: Sequence[int], label: Callable[[int], str], *, zeros: bool = True) -> str:
    return ", ".join(f"{label(seat)} {n:+d}" for seat, n in enumerate(chips) if n or zeros)


def win_chips_line(won: Won, label: Callable[[int], str], lang: str = "en") -> str | None:
    """The win's chips ("Chips for red five 1, ippatsu 1: East +6, South -2, ..."), the
    seats that paid or got them only; None when the win moved none."""
    if not any(won.chips):
        return None
    items = ", ".join(f"{message(f'chip_{name}', lang)} {n}" for name, n in won.chip_items)
    return message("chips_win", lang, items=items, moved=_moved(won.chips, label, zeros=False))


def game_chips_line(
    event: GameEnded, label: Callable[[int], str], lang: str = "en"
) -> str | None:
    """Every seat's chips over the game, or None in a game without chips."""
    if not event.chips:
        return None
    return message("chips_game", lang, moved=_moved(event.chips, label))


__all__ = ["game_chips_line", "win_chips_line"]
