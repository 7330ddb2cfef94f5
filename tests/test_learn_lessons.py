"""The lessons: every script holds together and is played to its end through the
screen by its keys (a wrong answer first: feedback, retry), the answers checked
against independent computations, the progress kept."""

from __future__ import annotations

import itertools
import re

import pytest
from mahjong.shanten import Shanten
from test_differential_mahjong import lib_outcome, lib_score
from test_learn_drills import _complete
from test_tui_pilot import screen_text

from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog, lesson_progress
from rules.ruleset import load_preset
from rules.tiles import KIND_COUNT, kind_to_str, parse_kinds, to_counts
from tui.commands.learn import LESSON_COUNT
from tui.learn.app import LearnApp
from tui.learn.course import COURSE
from tui.learn.lessons import Act, Discard, LessonRun, Say, Waits, played_hand
from tui.screens.lesson import COMPLETE, NOT_YET, LessonScreen
from tui.screens.lesson_menu import LessonMenuScreen, lesson_key

WRC = load_preset("wrc")
COMPACT = (80, 24)
IDS = [lesson.id for lesson in COURSE]


def test_the_course_has_ten_lessons_in_the_teachers_order():
    assert len(COURSE) == LESSON_COUNT == 10
    assert IDS == ["tiles", "short", "full", "riichi", "calls", "yaku", "furiten", "result",
                   "defence", "sanma"]
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("lesson", COURSE, ids=IDS)
def test_each_script_holds_together(lesson):
    """After a discard step, the next hand is the hand less the (single) right discard,
    plus the tile drawn (written last)."""
    ruleset = load_preset(lesson.ruleset)
    for step, following in zip(lesson.steps, lesson.steps[1:], strict=False):
        if isinstance(step, Discard):
            (right,) = step.right(ruleset)
            kept = played_hand(step.hand, right)
            if isinstance(following, Discard):
                assert sorted(parse_kinds(following.hand)[:-1]) == parse_kinds(kept)
            else:
                assert sorted(parse_kinds(following.hand)) == parse_kinds(kept)
    for step in lesson.steps:
        assert step.say and step.goal
        q = step.question(ruleset, "k")
        assert q.answer and q.answer <= {c.value for c in q.choices}


@pytest.mark.parametrize("lesson", COURSE, ids=IDS)
def test_every_wrong_choice_is_explained_and_retried(lesson):
    run = LessonRun(lesson, load_preset(lesson.ruleset))
    while True:
        q = run.question()
        for choice in q.choices:
            if choice.value in q.answer and not q.multi:
                continue
            picked = {choice.value} if not q.multi else set(q.answer) ^ {choice.value}
            verdict = run.answer(picked)
            assert not verdict.right and verdict.text
            assert not run.passed
        assert run.answer(set(q.answer)).right
        if not run.next():
            break
    assert run.done


def _lib_shanten(counts: list[int]) -> int:
    return Shanten().calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)


def test_full_hand_discards_agree_with_the_mahjong_library():
    checked = 0
    for lesson in COURSE:
        ruleset = load_preset(lesson.ruleset)
        for step in lesson.steps:
            if not isinstance(step, Discard) or step.sets_done:
                continue
            hand = to_counts(parse_kinds(step.hand))
            after = {kind_to_str(k): _lib_shanten([n - (i == k) for i, n in enumerate(hand)])
                     for k in range(KIND_COUNT) if hand[k]}
            best = min(after.values())
            assert step.right(ruleset) <= {k for k, v in after.items() if v == best}
            checked += 1
    assert checked >= 3


def test_waits_agree_with_brute_force():
    checked = 0
    for lesson in COURSE:
        for step in lesson.steps:
            if isinstance(step, Waits):
                counts = to_counts(parse_kinds(step.hand))
                brute = {kind_to_str(k) for k in range(KIND_COUNT) if counts[k] < 4
                         and _complete([n + (i == k) for i, n in enumerate(counts)])}
                assert step.question(WRC, "k").answer == brute
                checked += 1
    assert checked == 5


def test_win_decisions_agree_with_the_mahjong_library():
    checked = 0
    for lesson in COURSE:
        for step in lesson.steps:
            if isinstance(step, Act) and step.decide == "win":
                lib = lib_outcome(lib_score(step.request, "wrc"), step.request)
                right = step.question(WRC, "k").answer
                if step.own_discards and not step.request.get("tsumo"):
                    assert right == {"pass"}  # furiten: tested by its own lesson step
                else:
                    assert right == {"win" if lib["ok"] else "pass"}, step.request
                checked += 1
    assert checked >= 8


async def _play(pilot, screen: LessonScreen, wrong_first: bool, look=None) -> None:
    """Answer every step by keys: a wrong choice first where there is one. `look(text)`
    reads the whole screen at each step, after each answer and at the end."""

    def seen() -> None:
        if look is not None:
            look(screen_text(pilot.app))

    while not screen.lesson_run.done:
        q = screen.question
        assert q is not None
        seen()
        if wrong_first:
            wrong = next((c for c in q.choices if c.value not in q.answer), None)
            if wrong is not None:
                await pilot.press(wrong.key)
                if q.multi:
                    await pilot.press("enter")
                await pilot.pause()
                assert screen.verdict is not None and not screen.verdict.right
                assert NOT_YET.text(screen.lesson_run.lang).strip() in screen_text(pilot.app)
                seen()
                if q.multi:
                    await pilot.press(wrong.key)  # take the wrong pick back
        keys = [c.key for c in q.choices if c.value in q.answer]
        for key in keys if q.multi else keys[:1]:
            await pilot.press(key)
        if q.multi:
            await pilot.press("enter")
        await pilot.pause()
        assert screen.verdict is not None and screen.verdict.right, screen.verdict
        seen()
        await pilot.press("enter")
        await pilot.pause()
    seen()


@pytest.mark.parametrize("number", range(1, len(COURSE) + 1))
async def test_each_lesson_is_played_to_its_end(number, tmp_path):
    app = LearnApp(lambda: LessonMenuScreen(tmp_path))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press(lesson_key(number))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson_run.lesson is COURSE[number - 1]
        await _play(pilot, screen, wrong_first=True)
        assert "Lesson complete!" in str(screen.query_one("#drill-feedback").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen)
        assert app.screen.rows[number - 1][2] == "done"
    assert lesson_progress(DrillLog(history_path(tmp_path)))[COURSE[number - 1].id].done


async def test_a_lesson_goes_on_where_it_was_left(tmp_path):
    app = LearnApp(lambda: LessonMenuScreen(tmp_path))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("2")
        await pilot.pause()
        screen = app.screen
        q = screen.question
        await pilot.press(next(c.key for c in q.choices if c.value in q.answer))
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.screen.rows[1][2] == "step 2 of 3"
        await pilot.press("2")
        await pilot.pause()
        assert app.screen.lesson_run.index == 1


def _before(number: int, wrong: bool):
    async def run(pilot) -> None:
        await pilot.press(lesson_key(number))
        await pilot.pause()
        screen = pilot.app.screen
        if wrong:
            q = screen.question
            bad = next(c for c in q.choices if c.value not in q.answer)
            await pilot.press(bad.key)
            if q.multi:
                await pilot.press("enter")
            await pilot.pause()

    return run


@pytest.mark.parametrize("number", range(1, len(COURSE) + 1))
def test_lesson_snapshot(number, snap_compare, tmp_path):
    app = LearnApp(lambda: LessonMenuScreen(tmp_path))
    assert snap_compare(app, terminal_size=COMPACT, run_before=_before(number, number in (2, 7)))


def test_lesson_menu_snapshot(snap_compare, tmp_path):
    assert snap_compare(LearnApp(lambda: LessonMenuScreen(tmp_path)), terminal_size=COMPACT)


# --- in Japanese ------------------------------------------------------------------------------

# ASCII a Japanese screen may keep: tile notation (removed first), the suit letters
# alone, key names, the AI level's and the preset's names as the game writes them.
ASCII_KEPT = {"m", "p", "s", "z", "Enter", "Esc", "G", "easy", "wrc"}


def english_words(text: str) -> list[str]:
    """The ASCII words of `text` beyond tile notation, numbers and key names."""
    text = re.sub(r"[0-9]+[mpsz]", " ", text)
    return [w for w in re.findall(r"[A-Za-z]+", text) if w not in ASCII_KEPT]


def test_the_english_word_check_can_fail():
    assert english_words("立直 riichi、Enter: 次へ") == ["riichi"]
    assert english_words("123m 456p 1z-4z (m) · Esc: 戻る") == []


@pytest.mark.parametrize("lesson", COURSE, ids=IDS)
def test_every_text_of_a_lesson_reads_in_japanese(lesson):
    """Each step in ja: the explanation, the goal, the facts, every choice, the feedback
    on every wrong choice and on the right one: no English sentence left."""
    ruleset = load_preset(lesson.ruleset)
    run = LessonRun(lesson, ruleset, lang="ja")
    texts = [lesson.title.text("ja")]
    while True:
        q = run.question()
        texts += [run.step.say.text("ja"), q.prompt, *q.facts, *(c.label for c in q.choices)]
        for choice in q.choices:
            verdict = run.step.judge(frozenset({choice.value}), ruleset, "ja")
            texts.append(verdict.text)
        texts.append(run.answer(set(q.answer)).text)
        if not run.next():
            break
    for text in texts:
        assert text and not english_words(text), text
    assert all(isinstance(step.say, Say) and step.say.ja != step.say.en for step in lesson.steps)


@pytest.mark.parametrize("number", range(1, len(COURSE) + 1))
async def test_each_lesson_is_played_to_its_end_in_japanese(number, tmp_path):
    """Through the screen in ja with kanji tiles: every screen of the lesson (each step,
    each wrong answer's feedback, the end) has no English word."""
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles="kanji", lang="ja"), lang="ja")

    def look(text: str) -> None:
        # a choice's key and mark: "a) ", "a [x]"
        text = re.sub(r"\b[a-z](?=\) | \[)|\[x\]", " ", text)
        assert not english_words(text), (english_words(text), text)

    async with app.run_test(size=COMPACT) as pilot:
        look(screen_text(app))
        await pilot.press(lesson_key(number))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson_run.lang == "ja"
        await _play(pilot, screen, wrong_first=True, look=look)
        assert COMPLETE.text("ja") in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.rows[number - 1][2] == "完了"
        look(screen_text(app))


def test_lesson_menu_snapshot_ja(snap_compare, tmp_path):
    assert snap_compare(LearnApp(lambda: LessonMenuScreen(tmp_path, tiles="kanji", lang="ja"),
                                 lang="ja"), terminal_size=COMPACT)


def test_lesson_snapshot_ja(snap_compare, tmp_path):
    """Lesson 7 (furiten) after a wrong answer, in ja with kanji tiles."""
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles="kanji", lang="ja"), lang="ja")
    assert snap_compare(app, terminal_size=COMPACT, run_before=_before(7, True))


@pytest.mark.parametrize("width", [20, 33, 40, 76])
def test_japanese_wraps_between_characters_never_inside_tile_notation(width):
    """Every ja explanation of the course, wrapped at `width`: each line fits, is never
    half empty before a long run (Rich's wrap at spaces did that), never starts with
    closing punctuation and never splits an ASCII word such as 1000 or 123m."""
    from rich.cells import cell_len

    from tui.wrap_ja import NO_LINE_END, NO_LINE_START, breaks, pieces

    texts = [step.say.ja for lesson in COURSE for step in lesson.steps]
    assert texts
    for text in texts:
        cuts = [0, *breaks(text, width), len(text)]
        lines = [text[a:b] for a, b in itertools.pairwise(cuts)]
        for before, line in itertools.pairwise(lines):
            assert line[0] not in NO_LINE_START and before.rstrip()[-1] not in NO_LINE_END, lines
            assert not (before[-1].isascii() and before[-1].isalnum()
                        and line[0].isascii() and line[0].isalnum()), lines
            start, end = pieces(line)[0]  # a line breaks only when the next piece did not fit
            assert cell_len(before) + cell_len(line[start:end].rstrip()) > width, lines
        assert all(cell_len(line.rstrip()) <= width for line in lines), lines
