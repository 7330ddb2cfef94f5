"""A run of one drill: which question comes next, the answers kept, missed ones again.

Pure (no Textual): the screen asks `next_question()`, shows it, and hands the
learner's pick to `answer()`. New questions come from consecutive seeds; a
question answered wrong comes back, every `REVISIT`-th question, until it is
answered right (within the run, and across runs through `DrillLog.missed`).

Two variations: `source` gives the questions' keys instead of seeds (the
player's own mistakes, `tui.learn.mistakes`): they are asked in order and the
run ends after the last; `at_end` makes a run of that many questions whose
answers are shown only at the end (`run` keeps each question, the pick and
whether it was right, for the summary). A key whose question cannot be made any
more (its game file gone) is skipped, with a note in `notes`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from engine.storage.history.drills import DrillLog, DrillLogError
from rules.ruleset import Ruleset

from .drills import make_question, parse_key
from .mistakes import MistakeGone, is_mistake_key, mistake_question
from .question import Question

REVISIT = 3  # every third question is a missed one, when there is one


@dataclass(frozen=True, slots=True)
class Answered:
    """One question of a run with the learner's pick: what the summary shows."""

    question: Question
    picked: frozenset[str]
    correct: bool


@dataclass(slots=True)
class DrillSession:
    """The questions of one drill kind under one ruleset."""

    kind: str
    ruleset: Ruleset
    seed: int
    lang: str = "en"
    log: DrillLog | None = None
    asked: int = 0
    right: int = 0
    seconds: float = 0.0
    problem: str | None = None  # why the results are not being kept, said once
    missed: deque[str] = field(default_factory=deque)
    current: Question | None = None
    source: tuple[str, ...] = ()  # the questions' keys, in order, instead of seeds
    data_dir: Path | None = None  # where the kept games of mistake keys are
    at_end: int | None = None  # questions in a run whose answers wait for its end
    run: list[Answered] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # keys skipped, and why
    _next_source: int = 0

    def __post_init__(self) -> None:
        if self.log is not None and not self.source:
            try:
                self.missed.extend(self.log.missed(self.kind))
            except DrillLogError as error:
                self._lost(error)
            else:  # a damaged history was moved aside on the way in: said once
                self.problem = self.log.problem

    def _lost(self, error: DrillLogError) -> None:
        self.problem = f"Results are not kept: {error}"
        self.log = None

    @property
    def finished(self) -> bool:
        """Whether the run is over: `at_end` questions answered, or the source used up."""
        if self.at_end is not None and len(self.run) >= self.at_end:
            return True
        return bool(self.source) and self._next_source >= len(self.source)

    def new_run(self) -> None:
        """Start another run (the source from its first question again)."""
        self.run.clear()
        self._next_source = 0

    def next_question(self) -> Question | None:
        """A missed question every `REVISIT`-th time if one is waiting, else a new one;
        None when the run is over."""
        while not self.finished:
            key = self._next_key()
            try:
                self.current = self.make(key)
            except MistakeGone as gone:
                self.notes.append(str(gone))
                continue
            return self.current
        return None

    def _next_key(self) -> str:
        if self.source:
            self._next_source += 1
            return self.source[self._next_source - 1]
        # a question missed in this run waits for the next one when its answer is not
        # shown yet (at_end): asked again unseen, it would teach nothing
        in_run = {a.question.key for a in self.run} if self.at_end is not None else set()
        waiting = [key for key in self.missed if key not in in_run]
        if waiting and self.asked % REVISIT == REVISIT - 1:
            self.missed.remove(waiting[0])
            return waiting[0]
        self.seed += 1
        return f"{self.kind}:{self.seed - 1}"

    def make(self, key: str) -> Question:
        """The question of `key`: a seed of this drill, or a mistake of a kept game."""
        if is_mistake_key(key):
            if self.data_dir is None:
                raise MistakeGone(f"{key}: no data directory to find its game in")
            return mistake_question(key, self.data_dir, self.lang)
        _, seed = parse_key(key)
        return make_question(self.kind, seed, self.ruleset, self.lang)

    def answer(self, picked: set[str] | frozenset[str], seconds: float) -> bool:
        """Check and keep the answer to the current question; a wrong one comes back."""
        question = self.current
        if question is None:
            raise RuntimeError("no question asked")
        correct = question.check(picked)
        self.run.append(Answered(question, frozenset(picked), correct))
        self.asked += 1
        self.right += correct
        self.seconds += seconds
        if not correct and question.key not in self.missed and not self.source:
            self.missed.append(question.key)
        if correct and question.key in self.missed:
            self.missed.remove(question.key)
        if self.log is not None:
            try:
                self.log.record(self.kind, question.key, correct=correct, seconds=seconds)
            except DrillLogError as error:
                self._lost(error)
        return correct

    @property
    def accuracy(self) -> float:
        return self.right / self.asked if self.asked else 0.0
