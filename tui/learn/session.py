"""A run of one drill: which question comes next, the answers kept, missed ones again.

Pure (no Textual): the screen asks `next_question()`, shows it, and hands the
learner's pick to `answer()`. New questions come from consecutive seeds; a
question answered wrong comes back, every `REVISIT`-th question, until it is
answered right (within the run, and across runs through `DrillLog.missed`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.history.drills import DrillLog, DrillLogError
from rules.ruleset import Ruleset

from .drills import make_question, parse_key
from .question import Question

REVISIT = 3  # every third question is a missed one, when there is one


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

    def __post_init__(self) -> None:
        if self.log is not None:
            try:
                self.missed.extend(self.log.missed(self.kind))
            except DrillLogError as error:
                self._lost(error)

    def _lost(self, error: DrillLogError) -> None:
        self.problem = f"Results are not kept: {error}"
        self.log = None

    def next_question(self) -> Question:
        """A missed question every `REVISIT`-th time if one is waiting, else a new one."""
        key = None
        if self.missed and self.asked % REVISIT == REVISIT - 1:
            key = self.missed.popleft()
        if key is not None:
            _, seed = parse_key(key)
        else:
            seed = self.seed
            self.seed += 1
        self.current = make_question(self.kind, seed, self.ruleset, self.lang)
        return self.current

    def answer(self, picked: set[str] | frozenset[str], seconds: float) -> bool:
        """Check and keep the answer to the current question; a wrong one comes back."""
        question = self.current
        if question is None:
            raise RuntimeError("no question asked")
        correct = question.check(picked)
        self.asked += 1
        self.right += correct
        self.seconds += seconds
        if not correct and question.key not in self.missed:
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
