"""One lesson, step by step: the explanation of the moment, the goal, the learner's
choice, feedback; a wrong choice is explained and the step tried again.

Keys: the choice's digit or letter picks (toggles, where several are right), Enter
confirms; after a right answer Enter (or Space) goes on; Esc goes back. The step
reached is kept (`engine.storage.history.drills.save_lesson`), so a lesson goes on where it
was left; a finished lesson starts again from its first step. At the end of the
last lesson under the first game's rules (lesson 9), p asks the app for the first
real game (`PlayFirstGame`).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine.storage.history.drills import DrillLog, DrillLogError, save_lesson

from ..learn.lessons import LessonRun, Say, Verdict
from ..learn.question import Question
from ..navigation import PlayFirstGame
from ..wrap_ja import JaWrapped
from .drill import CSS_FILE, GLOSSARY_KEY, choices_text, fit_line, keys_width, question_text

PLAY_KEY = "p"  # at the end of the last lesson and on the menu: the first game

# The screen's own words; the lesson's texts are in the course (`tui.learn.course`).
TITLE = Say("Lesson {number}: {title}", "レッスン{number}: {title}")
STEP = Say("Step {index} of {total}", "ステップ {index}/{total}")
RIGHT = Say("Right! ", "正解! ")
NOT_YET = Say("Not yet. ", "まだです。")
COMPLETE = Say("Lesson complete!", "レッスン完了!")
KEYS_DONE = Say("Enter: back to the lessons", "Enter: レッスン一覧へ")
KEYS_PLAY = Say("{key}: play your first game against easy · ",
                "{key}: 初めての対局 (相手は easy) · ")
KEYS_NEXT = Say("Enter: next step", "Enter: 次のステップ")
KEYS_PICK = Say("key: pick", "キー: 選ぶ")
KEYS_CHECK = Say(", Enter: check", "、Enter: 答え合わせ")
KEYS_GLOSSARY = Say("{glossary}: glossary", "{glossary}: 用語集")
KEYS_BACK = Say("Esc: back", "Esc: 戻る")
KEYS_TRIES = Say("try again ({tries} so far)", "もう一度 (これまで{tries}回)")
KEYS_TRIES_SHORT = Say("try again", "もう一度")
# The order the keys line gives way in when it is too wide (`fit_line`): the tries
# lose their count, then the glossary's key goes, then the tries; how to answer,
# go on and leave stay.
TRIES, GLOSSARY = 0, 2  # the parts: tries, how to answer or go on, glossary, Esc
LESSON_GIVE_WAY = [TRIES, GLOSSARY, TRIES]


class LessonScreen(Screen[bool]):
    """Plays `run` to its end; dismisses with whether the lesson was finished."""

    CSS_PATH: ClassVar = [CSS_FILE]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("enter,space", "confirm", "confirm", show=False),
    ]

    def __init__(self, run: LessonRun, number: int, *, log: DrillLog | None = None,
                 tiles: str = "text", last: bool = False) -> None:
        super().__init__(classes="learn-screen")
        self.lesson_run = run
        self.number = number
        self.progress_log = log
        self.tiles = tiles
        self.last = last  # the last lesson under the first game's rules: its end offers it
        self.question: Question | None = None
        self.picked: set[str] = set()
        self.verdict: Verdict | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="learn-body") as body:
            lang = self.lesson_run.lang
            body.border_title = TITLE.text(lang, number=self.number,
                                           title=self.lesson_run.lesson.title.text(lang))
            yield Static(id="lesson-say", classes="part")
            yield Static(id="drill-question", classes="part")
            yield Static(id="drill-choices", classes="part")
            yield Static(id="drill-feedback", classes="part")
        yield Static(id="learn-keys")

    def on_mount(self) -> None:
        self._ask()
        self.query_one("#learn-body").focus()

    # -- flow ----------------------------------------------------------------------------
    def _ask(self) -> None:
        self.question = self.lesson_run.question()
        self.picked = set()
        self.verdict = None
        self._show()
        self.query_one("#learn-body", VerticalScroll).scroll_home(animate=False)

    def pick(self, key: str) -> None:
        q = self.question
        if q is None or self.lesson_run.passed or self.lesson_run.done:
            return
        choice = next((c for c in q.choices if c.key == key), None)
        if choice is None:
            return
        if q.multi:
            self.picked ^= {choice.value}
            self.verdict = None
            self._show()
        else:
            self.picked = {choice.value}
            self.confirm()

    def confirm(self) -> None:
        if not self.picked or self.lesson_run.passed:
            return
        self.verdict = self.lesson_run.answer(self.picked)
        if not self.verdict.right and not (self.question and self.question.multi):
            self.picked = set()
        self._show()

    def go_on(self) -> None:
        more = self.lesson_run.next()
        self._save()
        if more:
            self._ask()
        else:
            self._show()

    def _save(self) -> None:
        if self.progress_log is None:
            return
        step = 0 if self.lesson_run.done else self.lesson_run.index
        try:
            save_lesson(self.progress_log, self.lesson_run.lesson.id, step,
                        done=self.lesson_run.done)
        except DrillLogError as error:
            self.notify(f"Progress is not kept: {error}", severity="warning")
            self.progress_log = None

    # -- keys ----------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if event.character == GLOSSARY_KEY:
            from .glossary import OpenGlossary

            self.post_message(OpenGlossary(lang=self.lesson_run.lang))
            event.stop()
        elif event.character == PLAY_KEY and self.lesson_run.done and self.last:
            event.stop()
            self.post_message(PlayFirstGame(self.lesson_run.lang, self.tiles))
        elif event.character and len(event.character) == 1 and event.character.isalnum():
            self.pick(event.character.lower())
            event.stop()

    def action_confirm(self) -> None:
        if self.lesson_run.done:
            self.dismiss(True)
        elif self.lesson_run.passed:
            self.go_on()
        else:
            self.confirm()

    def action_back(self) -> None:
        self.dismiss(self.lesson_run.done)

    # -- drawing -------------------------------------------------------------------------
    def _wrapped(self, text: Text) -> Text | JaWrapped:
        """Japanese sentences wrap between characters (`tui.wrap_ja`)."""
        return JaWrapped(text) if self.lesson_run.lang == "ja" else text

    def _show(self) -> None:
        q = self.question
        if q is None:
            return
        run = self.lesson_run
        lang = run.lang
        total = len(run.lesson.steps)
        say = Text(STEP.text(lang, index=run.index + 1, total=total) + "\n", style="dim")
        say.append(run.step.say.text(lang))
        self.query_one("#lesson-say", Static).update(self._wrapped(say))
        self.query_one("#drill-question", Static).update(
            self._wrapped(question_text(q, self.tiles)))
        self.query_one("#drill-choices", Static).update(
            choices_text(q, self.picked, run.passed, self.tiles))
        feedback = Text()
        if self.verdict is not None:
            head = (RIGHT if self.verdict.right else NOT_YET).text(lang)
            feedback.append(head, style="bold green" if self.verdict.right else "bold red")
            feedback.append(self.verdict.text)
        if run.done:
            feedback.append("\n\n" + COMPLETE.text(lang), style="bold green")
        self.query_one("#drill-feedback", Static).update(self._wrapped(feedback))
        self._show_keys()

    def on_resize(self) -> None:
        self._show_keys()

    def _show_keys(self) -> None:
        """The keys of the moment, on one row whatever the width (`fit_line`)."""
        q = self.question
        run = self.lesson_run
        lang = run.lang
        if q is None:
            return
        if run.done:
            keys = KEYS_DONE.text(lang)
            if self.last:
                keys = KEYS_PLAY.text(lang, key=PLAY_KEY) + keys
            self.query_one("#learn-keys", Static).update(keys)
            return
        tries: tuple[str, ...] = ("",)
        if run.passed:
            answer = KEYS_NEXT.text(lang)
        else:
            answer = KEYS_PICK.text(lang) + (KEYS_CHECK.text(lang) if q.multi else "")
            if run.tries:
                tries = (KEYS_TRIES.text(lang, tries=run.tries), KEYS_TRIES_SHORT.text(lang), "")
        parts = [tries, (answer,), (KEYS_GLOSSARY.text(lang, glossary=GLOSSARY_KEY), ""),
                 (KEYS_BACK.text(lang),)]
        self.query_one("#learn-keys", Static).update(
            fit_line(parts, LESSON_GIVE_WAY, keys_width(self)))
