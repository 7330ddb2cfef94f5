"""Bilingual words are taken apart by their parts, never by splitting the shown text.

`Word.show` joins two names with a space, and a name may hold spaces itself
("East 1", "riichi sticks"): `show(...).split(" ")[0]` dropped the hand number
from the centre's round label ("East" for "East 1"). Issue #13 asks for this
class of bug to go: the UI takes `Word.part(lang)` (or `.en` / `.ja`), and this
test reads every module of tui/ for a split of a bilingual name.
"""

from __future__ import annotations

import ast
from pathlib import Path

from seat_views import dense_view

from tui.layout import board_layout
from tui.table_text import seat_label
from tui.widgets.board import canvas, paint_board
from tui.words import Word, round_word, seat_word, tile_word, wind_word

TUI = Path(__file__).resolve().parent.parent / "tui"

# Functions whose answer is a word in both languages ("East 東", "East 1 東1局").
BILINGUAL = {
    "term",
    "wind_name",
    "round_name",
    "seat_name",
    "tile_name",
    "yaku_name",
    "fu_name",
    "limit_name",
    "call_name",
    "amount",
    "show",
}
SPLITS = {"split", "rsplit", "partition", "rpartition"}


def _callee(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return None


def bilingual_splits(source: str) -> list[int]:
    """Lines where a bilingual name (a call above, or a name bound to one in the
    same function) is split."""
    tree = ast.parse(source)
    found: list[int] = []
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]
    for scope in scopes:
        bound = {
            target.id
            for node in ast.walk(scope)
            if isinstance(node, ast.Assign) and _callee(node.value) in BILINGUAL
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(scope):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr not in SPLITS:
                continue
            receiver = node.func.value
            if _callee(receiver) in BILINGUAL or (
                isinstance(receiver, ast.Name) and receiver.id in bound
            ):
                found.append(node.lineno)
    return sorted(set(found))


def test_the_checker_catches_a_split_bilingual_word() -> None:
    assert bilingual_splits('x = round_name(0, 1, "en").split(" ")[0]') == [1]
    assert bilingual_splits('def f():\n    n = wind_name(0)\n    a, b = n.split(" ", 1)') == [3]
    assert bilingual_splits('x = term("kyoutaku").split(" (")[0]') == [1]
    assert bilingual_splits('x = round_word(0, 1).part("en")') == []
    assert bilingual_splits('x = "a b".split()') == []


def test_no_ui_module_splits_a_bilingual_word() -> None:
    offenders = {
        str(path.relative_to(TUI.parent)): lines
        for path in sorted(TUI.rglob("*.py"))
        if (lines := bilingual_splits(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_word_parts() -> None:
    w = Word("riichi sticks", "供託")
    assert (w.en, w.ja) == ("riichi sticks", "供託")
    assert (w.part("en"), w.part("ja")) == ("riichi sticks", "供託")
    assert round_word(0, 1).part("en") == "East 1"
    assert round_word(27 + 1, 3).part("ja") == "南3局"
    assert wind_word(2).part("en") == "West" and wind_word(30).part("ja") == "北"
    assert seat_word("toimen").part("ja") == "対面"
    assert tile_word(31).part("en") == "Haku" and tile_word(31).part("ja") == "白"
    assert tile_word(4).part("ja") == "5m"
    assert seat_label(2, 0, 0, "en") == "West" and seat_label(2, 0, 0, "ja") == "西"


def test_the_centre_names_the_hand_number() -> None:
    view = dense_view()  # South 4
    for lang, expected in (("en", "South 4, honba"), ("ja", "南4局")):
        text = "\n".join(
            line.plain
            for line in canvas(paint_board(view, board_layout(120, 39, "text"), lang=lang))
        )
        assert expected in text
