"""The lesson engine: a lesson is a list of steps; each step is a scripted moment
(a hand, what is on the table), a short explanation, a goal, and a check of what
the learner does, computed by the rules code, with feedback when it is not right.

    run = LessonRun(COURSE[1])
    question = run.question()          # what to show: a `Question`, as the drills
    verdict = run.answer({"9m"})       # Verdict(right=True, text="...")
    run.next()                         # only after a right answer (a wrong one: retry)

Step kinds:

- `Discard`: pick the discard; right are the discards that leave the lowest
  shanten (`rules.shanten`), and among them, if `widest`, the most accepted tiles
  (copies not in the hand of the kinds whose draw lowers the shanten). Short
  hands count the missing sets as already made (`sets_done`), so a four-tile
  hand is one set and a pair away from a win.
- `Waits`: pick every winning tile (`rules.waits`).
- `Act`: choose between actions at one moment: win or not (the scorer says
  whether the hand wins and with what yaku; `rules.waits.discard_furiten` says
  whether a ron is furiten), riichi or not (riichi is right when no wait wins
  without it), call or not (`call_right`).
- `Pick`: any other question whose answer a function of the rules code gives
  (which groups are sets, the payment of a result, the safest tile).

Pure: no Textual. The scripts themselves are in `tui.learn.course`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.analysis import shanten_state
from rules.request import answer
from rules.ruleset import Ruleset
from rules.shanten import shanten
from rules.tiles import KIND_COUNT, kind_to_str, parse_kinds, to_counts
from rules.waits import discard_furiten, waits

from ..words import check_lang, yaku_name
from .drills import tile_label
from .question import Question, choices

__all__ = ["Act", "Discard", "Lesson", "LessonRun", "Pick", "Step", "Verdict", "Waits"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the learner is told after an answer."""

    right: bool
    text: str


@dataclass(frozen=True, slots=True)
class Step:
    """What every step shows: the explanation of the moment and the goal."""

    say: str  # the explanation, shown before the learner acts
    goal: str  # what to do now, one line
    hand: str = ""  # mpsz: the hand as it is now (the drawn tile last, if any)
    facts: tuple[str, ...] = ()  # what else is on the table, one line each
    after: str = ""  # said once the step is done right

    def question(self, ruleset: Ruleset, key: str) -> Question:
        raise NotImplementedError

    def judge(self, picked: frozenset[str], ruleset: Ruleset) -> Verdict:
        raise NotImplementedError

    def _question(self, key: str, pairs: list[tuple[str, str]], right: frozenset[str],
                  multi: bool = False) -> Question:
        return Question(kind="lesson", key=key, prompt=self.goal, hand=self.hand,
                        facts=self.facts, choices=choices(pairs), answer=right, multi=multi,
                        explanation=(self.after,) if self.after else ())


def _counts(hand: str) -> list[int]:
    return to_counts(parse_kinds(hand))


@dataclass(frozen=True, slots=True)
class Discard(Step):
    """Pick the discard that keeps the hand closest to a win."""

    sets_done: int = 0  # sets counted as already made (short hands, calls)
    widest: bool = False  # among equal shanten, only the most accepted tiles is right

    def ranking(self, ruleset: Ruleset) -> dict[int, tuple[int, int]]:
        """Each kind held: (shanten after discarding it, minus its accepted count)."""
        counts = _counts(self.hand)
        out: dict[int, tuple[int, int]] = {}
        for kind in range(KIND_COUNT):
            if not counts[kind]:
                continue
            counts[kind] -= 1
            after = shanten(counts, self.sets_done, chiitoitsu=False, kokushi=False)
            accepted = _accepted(counts, self.sets_done) if self.widest else 0
            counts[kind] += 1
            out[kind] = (after, -accepted)
        return out

    def right(self, ruleset: Ruleset) -> frozenset[str]:
        ranking = self.ranking(ruleset)
        best = min(ranking.values())
        return frozenset(kind_to_str(k) for k, v in ranking.items() if v == best)

    def question(self, ruleset: Ruleset, key: str) -> Question:
        kinds = sorted(set(parse_kinds(self.hand)))
        return self._question(key, [(kind_to_str(k), tile_label(k)) for k in kinds],
                              self.right(ruleset))

    def judge(self, picked: frozenset[str], ruleset: Ruleset) -> Verdict:
        ranking = self.ranking(ruleset)
        right = self.right(ruleset)
        (value,) = picked
        kind = parse_kinds(value)[0]
        mine = ranking[kind]
        best_kind = parse_kinds(sorted(right)[0])[0]
        best = ranking[best_kind]
        if value in right:
            return Verdict(True, self.after or f"Right: the hand is {shanten_state(mine[0])}.")
        if mine[0] > best[0]:
            return Verdict(False, f"Discarding {value} leaves the hand {shanten_state(mine[0])};"
                           f" discarding {kind_to_str(best_kind)} leaves it "
                           f"{shanten_state(best[0])}. Keep the tiles that work together.")
        return Verdict(False, f"{value} keeps the hand {shanten_state(mine[0])}, but with "
                       f"{-mine[1]} tiles that advance it against {-best[1]} after discarding "
                       f"{kind_to_str(best_kind)}. Keep the wider shape.")


def _accepted(counts: list[int], sets_done: int) -> int:
    """Copies (4 less those held) of the kinds whose draw lowers the shanten."""
    now = shanten(counts, sets_done, chiitoitsu=False, kokushi=False)
    total = 0
    for kind in range(KIND_COUNT):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if shanten(counts, sets_done, chiitoitsu=False, kokushi=False) < now:
            total += 4 - counts[kind] + 1
        counts[kind] -= 1
    return total


@dataclass(frozen=True, slots=True)
class Waits(Step):
    """Pick every tile the (tenpai) hand wins on; the choices are one suit's nine."""

    sets_done: int = 0
    suit: str = "m"

    def waits(self) -> tuple[int, ...]:
        return waits(_counts(self.hand), self.sets_done, chiitoitsu=self.sets_done == 0)

    def question(self, ruleset: Ruleset, key: str) -> Question:
        pairs = [(f"{n}{self.suit}", f"{n}{self.suit}") for n in range(1, 10)]
        right = frozenset(kind_to_str(k) for k in self.waits())
        return self._question(key, pairs, right, multi=True)

    def judge(self, picked: frozenset[str], ruleset: Ruleset) -> Verdict:
        right = frozenset(kind_to_str(k) for k in self.waits())
        if picked == right:
            return Verdict(True, self.after or f"Right: it wins on {' '.join(sorted(right))}.")
        missing = len(right - picked)
        extra = sorted(picked - right)
        parts = []
        if missing:
            parts.append(f"{missing} more tile{'s' * (missing > 1)} win{'s' * (missing == 1)} "
                         "too")
        if extra:
            parts.append(f"{' '.join(extra)} would not complete it")
        text = "; ".join(parts)
        return Verdict(False, text[0].upper() + text[1:] + ". Try each tile: does the hand "
                       "then split into sets and a pair?")


WIN, NO_WIN = "win", "pass"


@dataclass(frozen=True, slots=True)
class Act(Step):
    """Choose an action. `request` is the `score` request of the win on offer (for
    `decide="win"`) or of the hand's wins without riichi (`decide="riichi"`)."""

    decide: str = "win"  # win | riichi | call
    options: tuple[tuple[str, str], ...] = ()  # (value, label); values: win/pass, riichi/dama,
    request: dict[str, Any] = field(default_factory=dict)
    own_discards: str = ""  # for furiten: the learner's river
    call_right: Callable[[Ruleset], bool] | None = None  # decide="call": is calling right
    why_call: str = ""  # the reason given for the call decision, either way

    def verdict_facts(self, ruleset: Ruleset) -> tuple[str, str]:
        """(the right value, why), from the rules code."""
        if self.decide == "win":
            result = answer(self.request, ruleset)
            furiten = False
            if self.own_discards and not self.request.get("tsumo"):
                hand = _counts(self.request["concealed"])
                sets = len(self.request.get("melds", []))
                furiten = discard_furiten(waits(hand, sets), parse_kinds(self.own_discards))
            if furiten:
                return NO_WIN, ("Furiten: one of your waits is in your own river, so you may "
                                "not ron on any of them. Only tsumo wins now.")
            if result.get("ok"):
                yaku = ", ".join(yaku_name(y["id"]) for y in result["yaku"])
                return WIN, f"A win: {yaku} - {result['han']} han {result['fu']} fu."
            return NO_WIN, f"No win here: {result.get('message', result.get('error'))}."
        if self.decide == "riichi":
            wins = [answer({**self.request, "win": kind_to_str(k)}, ruleset)
                    for k in waits(_counts(self.request["concealed"]), 0)]
            if any(w.get("ok") for w in wins):
                return "dama", "The hand already has a yaku on a wait: it can win without riichi."
            return "riichi", ("No wait gives a yaku without riichi: declare riichi, and riichi "
                              "itself is the yaku.")
        assert self.call_right is not None
        return ("call" if self.call_right(ruleset) else NO_WIN), self.why_call

    def question(self, ruleset: Ruleset, key: str) -> Question:
        right, _ = self.verdict_facts(ruleset)
        return self._question(key, list(self.options), frozenset({right}))

    def judge(self, picked: frozenset[str], ruleset: Ruleset) -> Verdict:
        right, why = self.verdict_facts(ruleset)
        if picked == {right}:
            return Verdict(True, f"{why} {self.after}".strip())
        return Verdict(False, why)


@dataclass(frozen=True, slots=True)
class Pick(Step):
    """A question with choices; `right` gives the right values from the rules code and
    `explain` the feedback for a pick."""

    options: tuple[tuple[str, str], ...] = ()
    right: Callable[[Ruleset], frozenset[str]] | None = None
    explain: Callable[[frozenset[str], Ruleset], str] | None = None
    multi: bool = False

    def answers(self, ruleset: Ruleset) -> frozenset[str]:
        assert self.right is not None
        return self.right(ruleset)

    def question(self, ruleset: Ruleset, key: str) -> Question:
        return self._question(key, list(self.options), self.answers(ruleset), self.multi)

    def judge(self, picked: frozenset[str], ruleset: Ruleset) -> Verdict:
        right = self.answers(ruleset)
        ok = picked == right if self.multi else (len(picked) == 1 and picked <= right)
        text = self.explain(picked, ruleset) if self.explain is not None else ""
        return Verdict(ok, (f"{text} {self.after}".strip() if ok else text)
                       or ("Right." if ok else "Not quite: try again."))


@dataclass(frozen=True, slots=True)
class Lesson:
    """A titled list of steps, played in order."""

    id: str
    title: str
    steps: tuple[Step, ...]
    ruleset: str = "wrc"  # the preset whose rules the lesson's checks use


class LessonRun:
    """One play of a lesson: the step reached, retries, and whether it is done."""

    def __init__(self, lesson: Lesson, ruleset: Ruleset, start: int = 0,
                 lang: str = "en") -> None:
        self.lesson = lesson
        self.ruleset = ruleset
        self.lang = check_lang(lang)
        self.index = min(max(0, start), len(lesson.steps) - 1)
        self.passed = False  # the current step answered right
        self.tries = 0  # wrong answers at the current step
        self.done = False

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    def question(self) -> Question:
        return self.step.question(self.ruleset, f"{self.lesson.id}:{self.index}")

    def answer(self, picked: set[str] | frozenset[str]) -> Verdict:
        if self.passed:
            raise RuntimeError("the step is already done: go on with next()")
        verdict = self.step.judge(frozenset(picked), self.ruleset)
        if verdict.right:
            self.passed = True
        else:
            self.tries += 1
        return verdict

    def next(self) -> bool:
        """Go to the next step (False, and the lesson done, after the last one)."""
        if not self.passed:
            raise RuntimeError("answer the step right first")
        if self.index + 1 >= len(self.lesson.steps):
            self.done = True
            return False
        self.index += 1
        self.passed = False
        self.tries = 0
        return True


def played_hand(hand: str, discard: str) -> str:
    """`hand` less one `discard` (mpsz), sorted: what the next step of a script holds."""
    kinds = parse_kinds(hand)
    kinds.remove(parse_kinds(discard)[0])
    return "".join(kind_to_str(k) for k in sorted(kinds))
