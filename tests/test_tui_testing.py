"""`tui.testing`, the public helper for scripting the UI: the README's example runs
here as written, and the helper's parts are checked on their own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tui.testing import Position, position_app, screen_text, seeded_app

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_example() -> dict[str, Any]:
    """The Python block of the README's "Scripting the UI in snapshot tests"
    section, run: its names (the tests it defines among them)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Scripting the UI in snapshot tests", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    names: dict[str, Any] = {"__name__": "readme_example"}
    exec(compile(block, str(README), "exec"), names)
    return names


def test_readme_example_as_text(tmp_path: Path) -> None:
    readme_example()["test_position_as_text"](tmp_path)


def test_readme_example_snapshot(snap_compare, tmp_path: Path) -> None:
    readme_example()["test_position_snapshot"](snap_compare, tmp_path)


def test_the_position_is_what_the_moves_made() -> None:
    game = readme_example()["POSITION"].host().game
    seats = game.hand.seats
    assert [len(s.melds) for s in seats] == [1, 1, 1, 1]
    assert seats[3].riichi and not any(s.riichi for s in seats[:3])
    assert game.pending_seats() == [0] and game.hand.phase == "turn"


def test_scores_and_a_seeded_game_reach_the_screen(tmp_path: Path) -> None:
    scores = (41_000, 19_000, 25_000, 35_000)
    position = Position(
        hands=("123m456p5789s116z", "258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z"),
        draws="9m",
        scores=scores,
    )
    text = screen_text(position_app(position, data_dir=tmp_path / "a"), size=(120, 40))
    for score in scores:
        assert f"{score:,}" in text
    seeded = screen_text(seeded_app(7, data_dir=tmp_path / "b"), size=(80, 24), press=("i",))
    assert "East 1" in seeded and "Hint:" in seeded  # the hint's key was pressed
