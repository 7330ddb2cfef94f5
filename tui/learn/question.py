"""One drill question: what is shown, the choices, the right answer and why.

Every answer is computed when the question is made, by the project's own rules
code (`rules.analysis`, `rules.waits`, the scorer, `ai.danger`); the screen only
compares the learner's pick with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .claims import Claim

KEYS = "123456789abcdefghijklmnopqrstuvwxyz"  # one key per choice, in order


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer the learner can pick: `key` to press, `value` compared, `label` shown."""

    key: str
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Question:
    """A drill question. `multi`: pick every right choice (waits, yaku); otherwise one,
    any of `answer` (ties are all right)."""

    kind: str
    key: str  # "waits:17": the kind and the seed that makes it again
    prompt: str
    hand: str  # mpsz, "" when there is no hand to show
    facts: tuple[str, ...]  # context lines: winds, dora, the river, the payment asked
    choices: tuple[Choice, ...]
    answer: frozenset[str]
    multi: bool
    explanation: tuple[str, ...]
    request: dict[str, Any] | None = None  # the win asked about (a `score` request), if any
    situation: dict[str, Any] | None = None  # the all-last points, seats and goal, if any
    claims: tuple[Claim, ...] = ()  # what `explanation` says about the position, as data

    def check(self, picked: set[str] | frozenset[str]) -> bool:
        """Whether the picked values are right: the exact set when `multi`, else one of
        the answers."""
        if self.multi:
            return frozenset(picked) == self.answer
        return len(picked) == 1 and next(iter(picked)) in self.answer

    def labels(self, values: frozenset[str] | set[str]) -> list[str]:
        """The labels of `values`, in choice order."""
        return [c.label for c in self.choices if c.value in values]


def choices(pairs: list[tuple[str, str]]) -> tuple[Choice, ...]:
    """Choices from (value, label) pairs, keyed 1-9 then a-z."""
    if len(pairs) > len(KEYS):
        raise ValueError(f"{len(pairs)} choices: at most {len(KEYS)}")
    return tuple(Choice(KEYS[i], value, label) for i, (value, label) in enumerate(pairs))
