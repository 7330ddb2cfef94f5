"""Drill runs by keys: answers at the end of a run, questions from the player's own
mistakes in kept games (a game file gone is skipped with a note), the menu's
mistakes line and answers toggle, and the all-last drill's figures kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from mahjong.shanten import Shanten
from test_learn_drill_screens import COMPACT, Clock, _answer, _screen
from test_review import _scripted

from engine.actions import Discard
from engine.scripted import t
from engine.storage.game_log import write_log
from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog
from rules.ruleset import load_preset
from rules.tiles import KIND_COUNT, parse_kinds, to_counts
from tui.learn.app import LearnApp
from tui.learn.drill_run import DrillSession
from tui.learn.mistakes import find_mistakes, mistake_key, mistake_question
from tui.screens.drill import DrillScreen
from tui.screens.drill_menu import DrillMenuScreen


def kept_game(data_dir: Path, name: str = "g1") -> Path:
    """A kept game where the human (seat 0) broke tenpai: discarded 1m, not the 5z."""
    path = data_dir / "games" / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_log(_scripted(Discard(0, t("1m"))), path)
    return path


def _lib_shanten(counts: list[int]) -> int:
    """The `mahjong` package's shanten (regular, seven pairs, thirteen orphans)."""
    return Shanten().calculate_shanten(counts[:KIND_COUNT])


def run_app(tmp_path: Path, **session: object) -> LearnApp:
    log = DrillLog(history_path(tmp_path))
    kind = str(session.pop("kind", "points"))
    drill = DrillSession(kind, load_preset("wrc"), 3, "en", log, data_dir=tmp_path,
                         **session)  # type: ignore[arg-type]
    return LearnApp(lambda: DrillScreen(drill, clock=Clock()))


async def test_answers_at_the_end_show_nothing_until_the_summary(tmp_path):
    app = run_app(tmp_path, at_end=3)
    async with app.run_test(size=COMPACT) as pilot:
        screen = _screen(app)
        asked = []
        for number, right in enumerate((True, False, True), 1):
            asked.append(screen.question.key)
            await _answer(pilot, screen, right)
            if number < 3:  # the next question at once, no answer shown
                assert not screen.summary and screen.answered is None
                assert str(screen.query_one("#drill-feedback").render()).strip() == ""
                assert f"question {number + 1}/3" in str(screen.query_one("#learn-keys").render())
        assert screen.summary and len(set(asked)) == 3
        summary = str(screen.query_one("#drill-feedback").render())
        assert "2 of 3 right." in summary
        assert summary.count("Your answer:") == 3 and summary.count("The answer:") == 3
        for answered in screen.session.run:
            assert answered.question.explanation[0] in summary
        assert "Enter: another run" in str(screen.query_one("#learn-keys").render())
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.summary and screen.session.run == []
        assert screen.question.key not in asked[::2]  # a new run: new questions
    summary = DrillLog(history_path(tmp_path)).summary()["points"]
    assert (summary.asked, summary.correct) == (3, 2)


def test_a_mistake_is_found_and_its_answer_is_the_tenpai_keeping_discard(tmp_path):
    kept_game(tmp_path)
    keys, notes = find_mistakes(tmp_path)
    assert keys == [mistake_key("g1", 0)] and notes == []
    q = mistake_question(keys[0], tmp_path)
    assert q.kind == "discard" and q.hand == "123456m789p1122s5z"
    counts = to_counts(parse_kinds(q.hand))
    by_discard = {}
    for kind in set(parse_kinds(q.hand)):
        counts[kind] -= 1
        by_discard[kind] = _lib_shanten(counts)
        counts[kind] += 1
    best = min(by_discard.values())
    assert {parse_kinds(v)[0] for v in q.answer} <= {k for k, s in by_discard.items()
                                                      if s == best}
    assert "1m" not in q.answer and "you discarded 1m" in q.explanation[0]
    assert q.explanation[1] == "The review's AI (hard) would discard 5z."


async def test_the_menu_counts_the_mistakes_and_plays_them_to_the_summary(tmp_path):
    kept_game(tmp_path)
    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path, seed=5))
    async with app.run_test(size=COMPACT) as pilot:
        menu = app.screen
        assert any(row[0] == "m" and "(1)" in row[1] for row in menu.rows)
        await pilot.press("m")
        await pilot.pause()
        screen = _screen(app)
        assert screen.session.source == (mistake_key("g1", 0),)
        await _answer(pilot, screen, right=True)
        assert screen.summary
        assert "1 of 1 right." in str(screen.query_one("#drill-feedback").render())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert any("end of a run of 10" in row[1] for row in app.screen.rows)
    assert DrillLog(history_path(tmp_path)).summary()["discard"].asked == 1


async def test_a_mistake_whose_game_is_gone_is_skipped_with_a_note(tmp_path):
    kept_game(tmp_path)
    source = (mistake_key("gone", 3), mistake_key("g1", 0))
    app = run_app(tmp_path, kind="discard", source=source)
    async with app.run_test(size=COMPACT) as pilot:
        screen = _screen(app)
        assert screen.question.key == mistake_key("g1", 0)
        await pilot.pause()
        assert any("gone" in str(n.message) for n in app._notifications)
        await _answer(pilot, screen, right=False)
        assert screen.summary
        assert "0 of 1 right." in str(screen.query_one("#drill-feedback").render())
    # answered wrong, it comes back in the plain discard drill
    assert DrillLog(history_path(tmp_path)).missed("discard") == [mistake_key("g1", 0)]


def test_a_missed_mistake_comes_back_in_the_discard_drill(tmp_path):
    kept_game(tmp_path)
    log = DrillLog(history_path(tmp_path))
    log.record("discard", mistake_key("g1", 0), correct=False, seconds=3)
    session = DrillSession("discard", load_preset("wrc"), 0, "en", log, data_dir=tmp_path)
    keys = []
    for _ in range(3):
        keys.append(session.next_question().key)
        session.answer({"1m"}, 1)
    assert keys[2] == mistake_key("g1", 0)


@pytest.mark.parametrize("at_end", [None, 2])
def test_the_all_last_drill_is_kept_like_the_others(tmp_path, at_end):
    log = DrillLog(history_path(tmp_path))
    session = DrillSession("alllast", load_preset("wrc"), 0, "en", log, at_end=at_end)
    for _ in range(2):
        q = session.next_question()
        session.answer(set(q.answer), 2.0)
    assert log.summary()["alllast"].asked == 2 and log.summary()["alllast"].correct == 2


def test_at_end_summary_snapshot(snap_compare, tmp_path):
    async def run(pilot) -> None:
        await pilot.pause()
        screen = _screen(pilot.app)
        for right in (True, False):
            await _answer(pilot, screen, right)

    assert snap_compare(run_app(tmp_path, kind="alllast", at_end=2), terminal_size=COMPACT,
                        run_before=run)


def test_mistake_question_snapshot(snap_compare, tmp_path):
    kept_game(tmp_path)
    app = run_app(tmp_path, kind="discard", source=(mistake_key("g1", 0),))
    assert snap_compare(app, terminal_size=COMPACT)


def test_menu_with_mistakes_and_answers_at_the_end_snapshot(snap_compare, tmp_path):
    kept_game(tmp_path)

    async def run(pilot) -> None:
        await pilot.press("e")
        await pilot.pause()

    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path, seed=5))
    assert snap_compare(app, terminal_size=COMPACT, run_before=run)


def test_a_later_mistake_shows_the_hand_and_the_rivers_as_they_were(tmp_path):
    """Tenpai kept with the 5z at turn 1, broken by 1m at turn 2: the question is the
    turn-2 hand (the 7z drawn) and every discard made before it, read from the log."""
    from test_review import BOTS, TENPAI

    from engine.scripted import advance, scripted_game
    from engine.storage.game_log import replay
    from rules.tiles import format_tiles

    game = scripted_game("wrc", [TENPAI, *BOTS], "5z2z3z6z7z")
    game.apply(Discard(0, t("5z")))
    advance(game, lambda g: 0 in g.pending_seats() and g.hand.phase == "turn")
    game.apply(Discard(0, t("1m")))
    path = tmp_path / "games" / "late.jsonl"
    path.parent.mkdir(parents=True)
    write_log(game, path)
    [key], _ = find_mistakes(tmp_path)
    step = int(key.rsplit(":", 1)[1])
    actions = replay(path).actions
    assert actions[step] == Discard(0, t("1m"))
    discarded = sorted((a.tile for a in actions[:step] if isinstance(a, Discard)),
                       key=lambda tile: tile.kind)
    q = mistake_question(key, tmp_path)
    assert q.hand == "123456m789p1122s7z"
    assert f"Seen on the table (counted): {format_tiles(discarded)}" in q.facts
    assert q.answer == {"7z"} and "turn 2" in q.facts[0]
