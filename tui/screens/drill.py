"""One drill at a time: a question, the learner's pick, the answer and why, next.

Keys: the choice's digit or letter picks (toggles, where several are right),
Enter confirms, then Enter (or Space) goes on to the next question; Esc goes back.
In a run whose answers wait for the end (`DrillSession.at_end`, and a run of the
player's own mistakes), the next question follows the pick at once, and after
the last one the summary lists every question, the pick, the answer and why;
Enter starts another run.
With a timer, a question not answered in time counts as wrong. The figures
(answered, right, average time) are the session's (`tui.learn.drill_run`), kept
per drill kind in the history file (`engine.storage.history.drills`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rules.tiles import parse_tiles

from ..learn.drill_run import Answered, DrillSession
from ..learn.drills import DRILL_TITLES
from ..learn.question import Question
from ..learn.texts import text
from ..tiles import tiles_text
from ..wrap_ja import JaWrapped

CSS_FILE = Path(__file__).resolve().parent / "learn.tcss"
GLOSSARY_KEY = "G"  # capital: the choices' keys are digits and small letters
LONG_LABEL = 12  # cells: choices with a longer label go one a line, the others share lines
KEYS_GAP = " · "

# The drill's keys line: its parts and the order they give way in when the line is
# too wide (`fit_line`): the figures lose their average, then their revisit count,
# then the glossary's key goes, then the figures; how to answer and Esc stay.
FIGURES, GLOSSARY = 0, 2  # the parts: figures, how to answer, glossary, Esc
DRILL_GIVE_WAY = [FIGURES, FIGURES, GLOSSARY, FIGURES]


def fit_line(parts: Sequence[tuple[str, ...]], give_way: Sequence[int], width: int) -> str:
    """A keys line no wider than `width` cells, if it can be: each part is its forms,
    longest first ("" drops it); each entry of `give_way` moves that part on to its
    next, shorter form, until the line fits. A keys line is one row, and what passes
    its right edge is lost: at 80 columns that was Esc, the way out."""
    chosen = [0] * len(parts)

    def line() -> str:
        return KEYS_GAP.join(form for part, at in zip(parts, chosen, strict=True)
                             if (form := part[at]))

    for index in give_way:
        if cell_len(line()) <= width:
            break
        chosen[index] = min(chosen[index] + 1, len(parts[index]) - 1)
    return line()


def keys_width(screen: Screen[Any]) -> int:
    """The cells the keys line has: the screen's width less its padding (learn.tcss)."""
    return max(screen.app.size.width - 2, 1)


def ja_wrapped(text: Text, lang: str) -> Text | JaWrapped:
    """Japanese wraps between characters (`tui.wrap_ja`); Rich would break
    only at a space and leave a sentence's first half on a short line."""
    return JaWrapped(text) if lang == "ja" else text


def question_text(q: Question, tiles: str) -> Text:
    """The prompt, the hand drawn in the tile style, and the facts."""
    text = Text()
    text.append(q.prompt + "\n", style="bold")
    if q.hand:
        text.append_text(tiles_text(parse_tiles(q.hand), tiles))
        text.append("\n")
    for fact in q.facts:
        text.append(in_face(fact, tiles) + "\n", style="dim")
    text.rstrip()
    return text


_MPSZ_WORD = re.compile(r"(?<![\w])(?:[0-9]+[mpsz])+(?![\w])")


def in_face(line: str, tiles: str) -> str:
    """A fact's tiles (a river, a discard, a dora: mpsz words such as `4m` or `666z`)
    drawn in the player's tile face, as the hand above them is: the facts show the
    table, not the notation (the lessons and legend that teach mpsz say it in prose)."""
    if tiles == "text":
        return line

    def draw(match: re.Match[str]) -> str:
        try:
            shown = parse_tiles(match.group(0))
        except ValueError:
            return match.group(0)
        return " ".join(tiles_text([t], tiles).plain.strip() for t in shown)

    return _MPSZ_WORD.sub(draw, line)


def choice_label(label: str, tiles: str) -> str:
    """A label that is one tile in mpsz ('2m') drawn in the player's tile style first
    ('二萬 2m'): the hand above is drawn in that style, and a learner reading kanji or
    pictures should not have to translate the choices back (the notation stays beside
    it, since the explanations write mpsz)."""
    if tiles == "text" or len(label) != 2 or label[1] not in "mpsz" or not label[0].isdigit():
        return label
    try:
        drawn = tiles_text(parse_tiles(label), tiles).plain.strip()
    except ValueError:
        return label
    return f"{drawn} {label}" if drawn != label else label


def choices_text(q: Question, picked: set[str], shown: bool,
                 tiles: str = "text") -> RenderableType:
    """The choices with their keys; picks marked; once `shown`, right ones green. Short
    labels share lines in columns of one width (a choice is never split; columns as
    wide as their own widest cell left wide gaps after the short ones), long ones go
    one a line."""
    cells: list[Text] = []
    for c in q.choices:
        mark = "x" if c.value in picked else " "
        style = ""
        if shown:
            style = "bold green" if c.value in q.answer else (
                "bold red" if c.value in picked else "dim")
        label = choice_label(c.label, tiles)
        cell = f"{c.key} [{mark}] {label}" if q.multi else f"{c.key}) {label}"
        cells.append(Text(cell, style=style, no_wrap=True))
    if any(cell_len(c.label) > LONG_LABEL for c in q.choices):
        return Text("\n").join(cells)
    return Columns(cells, padding=(0, 3), width=max(cell.cell_len for cell in cells))


class DrillScreen(Screen[None]):
    """Questions of one drill kind until Esc."""

    CSS_PATH: ClassVar = [CSS_FILE]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("enter,space", "confirm", "confirm", show=False),
    ]

    def __init__(self, session: DrillSession, *, timer: float | None = None,
                 tiles: str = "text", clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(classes="learn-screen")
        self.session = session
        self.timer = timer
        self.tiles = tiles
        self.clock = clock
        self.question: Question | None = None
        self.picked: set[str] = set()
        self.answered: bool | None = None  # None: still asking
        self.summary = False  # the run is over: its summary is shown
        self.started = 0.0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="learn-body") as body:
            body.border_title = drill_title(self.session.kind, self.session.lang)
            yield Static(id="drill-question", classes="part")
            yield Static(id="drill-choices", classes="part")
            yield Static(id="drill-feedback", classes="part")
        yield Static(id="learn-keys")

    def on_mount(self) -> None:
        if self.session.problem:
            self.notify(self.session.problem, severity="warning", timeout=10)
        if self.timer:
            self.set_interval(1.0, self._tick)
        self.next_question()
        self.query_one("#learn-body").focus()

    # -- flow ----------------------------------------------------------------------------
    def next_question(self) -> None:
        question = self.session.next_question()
        for note in self.session.notes:
            self.notify(note, severity="warning", timeout=10)
        self.session.notes.clear()
        self.picked = set()
        self.answered = None
        self.summary = question is None
        if question is not None:
            self.question = question
        self.started = self.clock()
        self._show()
        self.query_one("#learn-body", VerticalScroll).scroll_home(animate=False)

    @property
    def waits_for_end(self) -> bool:
        """Answers shown only at the end of the run (at_end, or the own mistakes)."""
        return self.session.at_end is not None or bool(self.session.source)

    def pick(self, key: str) -> None:
        question = self.question
        if question is None or self.answered is not None or self.summary:
            return
        choice = next((c for c in question.choices if c.key == key), None)
        if choice is None:
            return
        if question.multi:
            self.picked ^= {choice.value}
            self._show()
        else:
            self.picked = {choice.value}
            self.confirm()

    def confirm(self) -> None:
        if self.question is None or self.answered is not None or self.summary:
            return
        if not self.picked and not self._timed_out():
            return
        spent = self.clock() - self.started
        self.answered = self.session.answer(self.picked, spent)
        if self.session.problem:
            self.notify(self.session.problem, severity="warning", timeout=10)
        if self.waits_for_end:
            self.next_question()
            return
        self._show()

    def _timed_out(self) -> bool:
        return bool(self.timer) and self.clock() - self.started >= (self.timer or 0)

    def _tick(self) -> None:
        if self.summary:
            return
        if self.answered is None and self._timed_out():
            self.confirm()
        elif self.answered is None:
            self._show_keys()

    # -- keys ----------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if event.character == GLOSSARY_KEY:
            from .glossary import OpenGlossary

            self.post_message(OpenGlossary(lang=self.session.lang))
            event.stop()
        elif event.character and len(event.character) == 1 and event.character.isalnum():
            self.pick(event.character.lower())
            event.stop()

    def action_confirm(self) -> None:
        if self.summary:
            self.session.new_run()
            self.next_question()
        elif self.answered is None:
            self.confirm()
        else:
            self.next_question()

    def action_back(self) -> None:
        self.dismiss(None)

    # -- drawing -------------------------------------------------------------------------
    def _show(self) -> None:
        q = self.question
        self.query_one("#drill-choices").display = not self.summary
        if self.summary:
            self.query_one("#drill-question", Static).update(
                Text(text("screen.summary", self.session.lang), style="bold"))
            self.query_one("#drill-choices", Static).update("")
            self.query_one("#drill-feedback", Static).update(ja_wrapped(
                summary_text(self.session.run, self.tiles, self.session.lang), self.session.lang))
            self._show_keys()
            return
        if q is None:
            return
        lang = self.session.lang
        self.query_one("#drill-question", Static).update(
            ja_wrapped(question_text(q, self.tiles), lang))
        self.query_one("#drill-choices", Static).update(
            choices_text(q, self.picked, self.answered is not None, self.tiles))
        self.query_one("#drill-feedback", Static).update(
            ja_wrapped(self._feedback_text(q), lang))
        self._show_keys()

    def _feedback_text(self, q: Question) -> Text:
        if self.answered is None:
            return Text("")
        lang = self.session.lang
        out = Text()
        if self.answered:
            out.append(text("screen.right", lang) + "\n", style="bold green")
        else:
            right = ", ".join(q.labels(q.answer))
            out.append(text("screen.wrong", lang).format(right=right) + "\n", style="bold red")
        out.append("\n".join(q.explanation))
        return out

    def on_resize(self) -> None:
        self._show_keys()

    def _figures(self) -> tuple[str, ...]:
        """The session's figures, longest first: with the average and the revisit
        count, without the average, the score and the run's place alone, nothing."""
        s = self.session
        lang = s.lang
        score = text("keys.figures", lang).format(right=s.right, asked=s.asked)
        accuracy = text("keys.accuracy", lang).format(
            accuracy=f"{s.accuracy:.0%}", seconds=f"{s.seconds / s.asked:.1f}") if s.asked else ""
        revisit = text("keys.revisit", lang).format(count=len(s.missed)) if s.missed else ""
        run = short_run = ""
        if self.waits_for_end and not self.summary:
            total = s.at_end if s.at_end is not None else len(s.source)
            run = text("keys.run", lang).format(done=len(s.run) + 1, total=total)
            short_run = text("keys.run_short", lang).format(done=len(s.run) + 1, total=total)
        return (score + accuracy + revisit + run, score + revisit + short_run,
                score + short_run, "")

    def _show_keys(self) -> None:
        lang = self.session.lang
        if self.summary:
            keys = text("keys.again", lang)
        elif self.answered is None:
            keys = text("keys.pick", lang) + (
                text("keys.check", lang) if self.question and self.question.multi else "")
            if self.timer:
                left = max(0, int(self.timer - (self.clock() - self.started) + 0.999))
                keys += text("keys.left", lang).format(left=left)
        else:
            keys = text("keys.next", lang)
        parts = [self._figures(), (keys,), (f"{GLOSSARY_KEY}: {text('keys.glossary', lang)}", ""),
                 (f"Esc: {text('keys.back', lang)}",)]
        self.query_one("#learn-keys", Static).update(
            fit_line(parts, DRILL_GIVE_WAY, keys_width(self)))


def drill_title(kind: str, lang: str) -> str:
    """The drill's title in `lang` (the English titles are `DRILL_TITLES`)."""
    return text(f"title.{kind}", lang) if lang == "ja" else DRILL_TITLES[kind]


def summary_text(run: list[Answered], tiles: str, lang: str) -> Text:
    """Every question of the run: the prompt and hand, the pick, the answer and why."""
    out = Text()
    right = sum(a.correct for a in run)
    out.append(text("summary.score", lang).format(right=right, asked=len(run)) + "\n\n",
               style="bold")
    for number, answered in enumerate(run, 1):
        q = answered.question
        out.append(f"{number}. {q.prompt}\n", style="bold")
        if q.hand:
            out.append_text(tiles_text(parse_tiles(q.hand), tiles))
            out.append("\n")
        for fact in q.facts:
            out.append(fact + "\n", style="dim")
        picked = ", ".join(q.labels(answered.picked)) or "-"
        mark = text("screen.right", lang) if answered.correct else text("summary.wrong", lang)
        out.append(text("summary.yours", lang).format(picked=picked) + f" {mark}\n",
                   style="green" if answered.correct else "red")
        out.append(text("summary.answer", lang).format(right=", ".join(q.labels(q.answer)))
                   + "\n")
        out.append("\n".join(q.explanation) + "\n\n")
    out.rstrip()
    return out
