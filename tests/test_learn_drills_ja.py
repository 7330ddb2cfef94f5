"""`--lang ja`: every drill kind writes its question, choices and explanation in
Japanese; the only ASCII words left are tile names, the ruleset's id and key
names (yaku and fu names are the glossary's Japanese part alone)."""

from __future__ import annotations

import re

import pytest
from test_learn_drill_runs import kept_game

from rules.ruleset import load_preset
from tui.learn.drills import DRILLS, make_question
from tui.learn.mistakes import mistake_key, mistake_question
from tui.learn.question import Question
from tui.screens.drill import drill_title, summary_text
from tui.screens.drill_menu import DrillMenuScreen

WRC = load_preset("wrc")
WORD = re.compile(r"[A-Za-z][A-Za-z_'-]*")
TILES = re.compile(r"[0-9]+[mpsz]")


def _allowed() -> set[str]:
    """Key names, the ruleset id and the x of '30 x 2^(3 + 2)'."""
    return {"Enter", "Esc", "x", WRC.id}


def english_left(lines: list[str]) -> set[str]:
    allowed = _allowed()
    found = set()
    for line in lines:
        found |= {w for w in WORD.findall(TILES.sub("", line)) if w not in allowed}
    return found


def _lines(q: Question) -> list[str]:
    return [q.prompt, *q.facts, *(c.label for c in q.choices), *q.explanation]


@pytest.mark.parametrize("kind", DRILLS)
@pytest.mark.parametrize("seed", range(8))
def test_every_drill_reads_in_japanese(kind, seed):
    q = make_question(kind, seed, WRC, "ja")
    assert english_left(_lines(q)) == set(), _lines(q)
    assert english_left([drill_title(kind, "ja")]) == set()


def test_the_same_question_in_english_has_english_words():
    """The check can fail: the English question is full of English words."""
    assert len(english_left(_lines(make_question("points", 0, WRC, "en")))) > 5


def test_a_mistake_question_and_the_summary_read_in_japanese(tmp_path):
    kept_game(tmp_path, "20260101-1200")  # a game id as the app names them
    q = mistake_question(mistake_key("20260101-1200", 0), tmp_path, "ja")
    assert english_left(_lines(q)) == set(), _lines(q)
    from tui.learn.drill_run import Answered

    summary = summary_text([Answered(q, frozenset({"1m"}), False)], "kanji", "ja")
    assert english_left(summary.plain.splitlines()) == set()


async def test_the_menu_reads_in_japanese(tmp_path):
    from tui.learn.app import LearnApp

    app = LearnApp(lambda: DrillMenuScreen(WRC, tmp_path, lang="ja"), lang="ja")
    async with app.run_test(size=(80, 24)):
        rows = [" ".join(row[1:]) for row in app.screen.rows]
        keys = str(app.screen.query_one("#learn-keys").render())
        assert english_left([*rows, keys]) - {"m", "e", "l"} == set(), rows  # key letters


@pytest.mark.parametrize("kind", ["points", "alllast"])
def test_japanese_answer_snapshot(kind, snap_compare, tmp_path):
    from test_learn_drill_screens import COMPACT, Clock, _snap_before

    from engine.storage.history.db import history_path
    from engine.storage.history.drills import DrillLog
    from tui.learn.app import LearnApp
    from tui.learn.drill_run import DrillSession
    from tui.screens.drill import DrillScreen

    session = DrillSession(kind, WRC, 3, "ja", DrillLog(history_path(tmp_path)))
    app = LearnApp(lambda: DrillScreen(session, tiles="kanji", clock=Clock()), lang="ja")
    assert snap_compare(app, terminal_size=COMPACT, run_before=_snap_before(False))
