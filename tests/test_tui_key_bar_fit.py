"""The table's key bar is never cut (issue 19): on a narrow row the greyed keys give
way first, then the ones that act now, the last listed first; help (`?`) always stays."""

from __future__ import annotations

from rich.cells import cell_len

from tui.widgets.prompt import KeyHint, fit_hints, hint_cells

HINTS = (
    KeyHint("?", "help"),
    KeyHint("Enter", "discard"),
    KeyHint("t", "tsumo", False),
    KeyHint("r", "riichi", False),
    KeyHint("i", "hint"),
    KeyHint("q / Ctrl+Q", "quit"),
    KeyHint("y", "abort", False),
)


def row(hints) -> int:
    return sum(hint_cells(h) for h in hints) + len(hints) - 1


def test_everything_shows_when_it_fits():
    assert fit_hints(HINTS, row(HINTS)) == HINTS


def test_greyed_keys_give_way_first_the_last_first():
    shown = fit_hints(HINTS, row(HINTS) - 1)
    assert shown == tuple(h for h in HINTS if h.key != "y"), shown
    enabled = tuple(h for h in HINTS if h.enabled)
    assert fit_hints(HINTS, row(enabled)) == enabled


def test_then_the_enabled_ones_and_help_always_stays():
    shown = fit_hints(HINTS, row(HINTS[:2]))
    assert shown == HINTS[:2], shown
    assert fit_hints(HINTS, 3) == HINTS[:1]
    for width in range(1, 90):
        shown = fit_hints(HINTS, width)
        assert shown[0].key == "?"
        assert len(shown) == 1 or row(shown) <= width, (width, shown)
        assert cell_len(" ".join(f"{h.key} {h.label}" for h in shown)) == row(shown)


def test_a_hint_marked_stays_never_gives_way():
    hints = (*HINTS[:-1], KeyHint("q", "quit", stays=True))
    shown = fit_hints(hints, row((hints[0], hints[-1])))
    assert shown == (hints[0], hints[-1]), shown
