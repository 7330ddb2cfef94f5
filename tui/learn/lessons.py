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
  (copies not in the hand of the kinds whose draw lowers the shanten, in the
  ruleset's tile set: three-player has no 2m-8m to draw). Short
  hands count the missing sets as already made (`sets_done`), so a four-tile
  hand is one set and a pair away from a win.
- `Waits`: pick every winning tile (`rules.waits`).
- `Act`: choose between actions at one moment: win or not (the scorer says
  whether the hand wins and with what yaku; `rules.waits.discard_furiten` says
  whether a ron is furiten), riichi or not (riichi is right when no ron on any
  wait wins without it; the feedback also says whether a tsumo would), call or
  not (`call_right`).
- `Pick`: any other question whose answer a function of the rules code gives
  (which groups are sets, the payment of a result, the safest tile).

Every text a learner reads is a `Say`, the same sentence in English and Japanese;
the parts the rules code computes (tiles, shanten, yaku, han and fu) are filled in
by the same code in either language (`LessonRun(..., lang="ja")`). What a
step's written text says about its position (waits, suji, yaku, fu...) is also
given as data, `Step.claims` (and `Step.verdict_claims` for the feedback worked
out when it is judged), which the tests check with the rules code
(`tui.learn.claims`).

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

from ..words import check_lang, first_name, tile_word, yaku_name
from .claims import Claim
from .question import Question, choices

__all__ = ["Act", "Discard", "Lesson", "LessonRun", "Pick", "Say", "Step", "Verdict", "Waits"]


@dataclass(frozen=True, slots=True)
class Say:
    """One text of a lesson in both languages. `{fields}` are filled by `text`, with
    values the rules code computed (the same values in both languages)."""

    en: str
    ja: str

    def text(self, lang: str = "en", **fields: object) -> str:
        chosen = self.ja if check_lang(lang) == "ja" else self.en
        return chosen.format(**fields) if fields else chosen


Label = str | Say  # a label that reads the same in both languages (tile notation) is a str


def said(value: Label | None, lang: str) -> str:
    """A label or text in `lang` ("" for None)."""
    if value is None:
        return ""
    return value if isinstance(value, str) else value.text(lang)


def tile_label(kind: int, lang: str = "en") -> str:
    """A choice's label: '5p' in both languages; an honour named, 'East (1z)', '東 (1z)'."""
    if kind < 27:
        return kind_to_str(kind)
    return f"{tile_word(kind).part(lang)} ({kind_to_str(kind)})"


def state_text(value: int, lang: str = "en") -> str:
    """The shanten in words: 'tenpai', '2-shanten', 'complete'; 聴牌, 2向聴, 和了形."""
    if check_lang(lang) != "ja":
        return shanten_state(value)
    return "和了形" if value < 0 else "聴牌" if value == 0 else f"{value}向聴"


def yaku_text(yaku_id: str, lang: str = "en") -> str:
    """A yaku's name: both names in English ('pinfu 平和'), the Japanese alone in ja."""
    return yaku_name(yaku_id) if check_lang(lang) != "ja" else first_name(f"yaku.{yaku_id}", "ja")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the learner is told after an answer."""

    right: bool
    text: str


@dataclass(frozen=True, slots=True)
class Step:
    """What every step shows: the explanation of the moment and the goal."""

    say: Say  # the explanation, shown before the learner acts
    goal: Say  # what to do now, one line
    hand: str = ""  # mpsz: the hand as it is now (the drawn tile last, if any)
    facts: tuple[Label, ...] = ()  # what else is on the table, one line each
    after: Say | None = None  # said once the step is done right
    claims: tuple[Claim, ...] = ()  # what its texts say about the position, checked by tests

    def verdict_claims(self, ruleset: Ruleset) -> tuple[Claim, ...]:
        """What the feedback worked out when the step is judged says about the position
        (beyond `claims`): for the tests, as `claims`."""
        return ()

    def question(self, ruleset: Ruleset, key: str, lang: str = "en") -> Question:
        raise NotImplementedError

    def judge(self, picked: frozenset[str], ruleset: Ruleset, lang: str = "en") -> Verdict:
        raise NotImplementedError

    def _question(self, key: str, pairs: list[tuple[str, Label]], right: frozenset[str],
                  lang: str, multi: bool = False) -> Question:
        after = said(self.after, lang)
        return Question(kind="lesson", key=key, prompt=self.goal.text(lang), hand=self.hand,
                        facts=tuple(said(f, lang) for f in self.facts),
                        choices=choices([(v, said(label, lang)) for v, label in pairs]),
                        answer=right, multi=multi, explanation=(after,) if after else ())


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
            accepted = (_accepted(counts, self.sets_done, ruleset.removed_kinds)
                        if self.widest else 0)
            counts[kind] += 1
            out[kind] = (after, -accepted)
        return out

    def right(self, ruleset: Ruleset) -> frozenset[str]:
        ranking = self.ranking(ruleset)
        best = min(ranking.values())
        return frozenset(kind_to_str(k) for k, v in ranking.items() if v == best)

    def question(self, ruleset: Ruleset, key: str, lang: str = "en") -> Question:
        kinds = sorted(set(parse_kinds(self.hand)))
        return self._question(key, [(kind_to_str(k), tile_label(k, lang)) for k in kinds],
                              self.right(ruleset), lang)

    def judge(self, picked: frozenset[str], ruleset: Ruleset, lang: str = "en") -> Verdict:
        ranking = self.ranking(ruleset)
        right = self.right(ruleset)
        (value,) = picked
        kind = parse_kinds(value)[0]
        mine = ranking[kind]
        best_kind = parse_kinds(sorted(right)[0])[0]
        best = ranking[best_kind]
        if value in right:
            return Verdict(True, said(self.after, lang)
                           or _RIGHT_STATE.text(lang, state=state_text(mine[0], lang)))
        fields = {"value": value, "best": kind_to_str(best_kind),
                  "mine": state_text(mine[0], lang), "other": state_text(best[0], lang),
                  "n": -mine[1], "m": -best[1]}
        if mine[0] > best[0]:
            return Verdict(False, _WORSE.text(lang, **fields))
        return Verdict(False, _NARROWER.text(lang, **fields))


_RIGHT_STATE = Say("Right: the hand is {state}.", "正解: {state}です。")
_WORSE = Say("Discarding {value} leaves the hand {mine}; discarding {best} leaves it {other}. "
             "Keep the tiles that work together.",
             "{value}を切ると{mine}、{best}を切れば{other}です。連携する牌を残しましょう。")
_NARROWER = Say("{value} keeps the hand {mine}, but with {n} tiles that advance it against {m} "
                "after discarding {best}. Keep the wider shape.",
                "{value}切りも{mine}ですが、受け入れは{n}枚、{best}切りなら{m}枚です。"
                "広い形を残しましょう。")


def _accepted(counts: list[int], sets_done: int, removed: frozenset[int] = frozenset()) -> int:
    """Copies (4 less those held) of the kinds whose draw lowers the shanten; none of
    the kinds the ruleset's tile set leaves out (three-player: 2m-8m)."""
    now = shanten(counts, sets_done, chiitoitsu=False, kokushi=False)
    total = 0
    for kind in range(KIND_COUNT):
        if counts[kind] >= 4 or kind in removed:
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

    def question(self, ruleset: Ruleset, key: str, lang: str = "en") -> Question:
        pairs: list[tuple[str, Label]] = [(f"{n}{self.suit}", f"{n}{self.suit}")
                                          for n in range(1, 10)]
        right = frozenset(kind_to_str(k) for k in self.waits())
        return self._question(key, pairs, right, lang, multi=True)

    def judge(self, picked: frozenset[str], ruleset: Ruleset, lang: str = "en") -> Verdict:
        right = frozenset(kind_to_str(k) for k in self.waits())
        if picked == right:
            return Verdict(True, said(self.after, lang)
                           or _WINS_ON.text(lang, tiles=" ".join(sorted(right))))
        missing = len(right - picked)
        extra = sorted(picked - right)
        parts = []
        if missing:
            parts.append((_MORE_WIN if missing > 1 else _ONE_MORE_WINS).text(lang, n=missing))
        if extra:
            parts.append(_NOT_COMPLETE.text(lang, tiles=" ".join(extra)))
        text = _JOIN.text(lang).join(parts)
        return Verdict(False, text[0].upper() + text[1:] + _TRY_EACH.text(lang))


_WINS_ON = Say("Right: it wins on {tiles}.", "正解: 待ちは {tiles} です。")
_MORE_WIN = Say("{n} more tiles win too", "和了牌はあと{n}種あります")
_ONE_MORE_WINS = Say("{n} more tile wins too", "和了牌はあと{n}種あります")
_NOT_COMPLETE = Say("{tiles} would not complete it", "{tiles} では和了形になりません")
_JOIN = Say("; ", "。")
_TRY_EACH = Say(". Try each tile: does the hand then split into sets and a pair?",
                "。一枚ずつ試しましょう: その牌を加えると面子と雀頭に分けられますか?")


WIN, NO_WIN = "win", "pass"


@dataclass(frozen=True, slots=True)
class Act(Step):
    """Choose an action. `request` is the `score` request of the win on offer (for
    `decide="win"`) or of the hand's wins without riichi (`decide="riichi"`)."""

    decide: str = "win"  # win | riichi | call
    options: tuple[tuple[str, Label], ...] = ()  # (value, label); values: win/pass, riichi/dama,
    request: dict[str, Any] = field(default_factory=dict)
    own_discards: str = ""  # for furiten: the learner's river
    call_right: Callable[[Ruleset], bool] | None = None  # decide="call": is calling right
    why_call: Say | None = None  # the reason given for the call decision, either way

    def verdict_facts(self, ruleset: Ruleset, lang: str = "en") -> tuple[str, str]:
        """(the right value, why), from the rules code."""
        if self.decide == "win":
            result = answer(self.request, ruleset)
            furiten = False
            if self.own_discards and not self.request.get("tsumo"):
                hand = _counts(self.request["concealed"])
                sets = len(self.request.get("melds", []))
                furiten = discard_furiten(waits(hand, sets), parse_kinds(self.own_discards))
            if furiten:
                return NO_WIN, _FURITEN.text(lang)
            if result.get("ok"):
                sep = "、" if check_lang(lang) == "ja" else ", "
                yaku = sep.join(yaku_text(y["id"], lang) for y in result["yaku"])
                return WIN, _A_WIN.text(lang, yaku=yaku, han=result["han"], fu=result["fu"])
            error = result.get("error", "")
            if check_lang(lang) == "ja":
                return NO_WIN, _NO_WIN_JA.get(error, _NO_WIN_JA[""])
            return NO_WIN, f"No win here: {result.get('message', error)}."
        if self.decide == "riichi":
            ron, tsumo = self._wins_without_riichi(ruleset)
            if ron:
                return "dama", _DAMA.text(lang)
            return "riichi", (_RIICHI_TSUMO if tsumo else _RIICHI).text(lang)
        assert self.call_right is not None
        return ("call" if self.call_right(ruleset) else NO_WIN), said(self.why_call, lang)

    def _wins_without_riichi(self, ruleset: Ruleset) -> tuple[bool, bool]:
        """(some ron wins with a yaku, some tsumo does), with no riichi declared."""
        hand = self.request["concealed"]
        found = []
        for tsumo in (False, True):
            found.append(any(
                answer({**self.request, "win": kind_to_str(k), "tsumo": tsumo,
                        "riichi": False}, ruleset).get("ok")
                for k in waits(_counts(hand), 0)))
        return found[0], found[1]

    def verdict_claims(self, ruleset: Ruleset) -> tuple[Claim, ...]:
        if self.decide != "riichi":
            return ()
        ron, tsumo = self._wins_without_riichi(ruleset)
        winds: dict[str, Any] = {k: self.request[k] for k in ("seat_wind", "round_wind")
                                 if k in self.request}
        hand = self.request["concealed"]
        claims = [Claim("yaku_without_riichi", hand=hand, request={"how": "ron", **winds},
                        expected=ron)]
        if not ron:  # the text says what a tsumo would do
            claims.append(Claim("yaku_without_riichi", hand=hand,
                                request={"how": "tsumo", **winds}, expected=tsumo))
        return tuple(claims)

    def question(self, ruleset: Ruleset, key: str, lang: str = "en") -> Question:
        right, _ = self.verdict_facts(ruleset, lang)
        return self._question(key, list(self.options), frozenset({right}), lang)

    def judge(self, picked: frozenset[str], ruleset: Ruleset, lang: str = "en") -> Verdict:
        right, why = self.verdict_facts(ruleset, lang)
        if picked == {right}:
            return Verdict(True, _both(why, said(self.after, lang), lang))
        return Verdict(False, why)


def _both(first: str, second: str, lang: str) -> str:
    """Two sentences as one text (no space between Japanese sentences)."""
    return (first + second if check_lang(lang) == "ja" else f"{first} {second}").strip()


_FURITEN = Say("Furiten: one of your waits is in your own river, so you may not ron on any of "
               "them. Only tsumo wins now.",
               "フリテン: 待ちの一つが自分の河にあるので、どの待ちでもロンできません。"
               "和了れるのはツモだけです。")
_A_WIN = Say("A win: {yaku} - {han} han {fu} fu.", "和了: {yaku} - {han}翻{fu}符。")
_NO_WIN_JA = {
    "no_yaku": "和了れません: 形は完成していますが役がありません (役なし。"
               "ドラは役ではありません)。",
    "": "和了れません: 和了の形ではありません。",
}
_DAMA = Say("The hand already has a yaku on a wait: it can win without riichi.",
            "この手は待ちによってはリーチなしでも役があります: ダマで和了れます。")
_RIICHI = Say("No wait gives a yaku without riichi, by ron or by tsumo: declare riichi, and "
              "riichi itself is the yaku.",
              "リーチなしでは、ロンでもツモでもどの待ちにも役がありません: 立直を宣言すれば、"
              "立直そのものが役です。")
_RIICHI_TSUMO = Say("Without riichi, a ron on any wait has no yaku: only a tsumo would win "
                    "(menzen tsumo), and a ron is how most hands win. Declare riichi: riichi "
                    "itself is then the yaku for a ron too.",
                    "リーチなしでは、どの待ちでもロンには役がありません (役があるのはツモの"
                    "門前清自摸和だけ)。立直を宣言すれば、立直そのものが役になり、ロンでも"
                    "和了れます。")


@dataclass(frozen=True, slots=True)
class Pick(Step):
    """A question with choices; `right` gives the right values from the rules code and
    `explain` the feedback for a pick."""

    options: tuple[tuple[str, Label], ...] = ()
    right: Callable[[Ruleset], frozenset[str]] | None = None
    explain: Callable[[frozenset[str], Ruleset, str], str] | None = None  # (picked, r, lang)
    multi: bool = False

    def answers(self, ruleset: Ruleset) -> frozenset[str]:
        assert self.right is not None
        return self.right(ruleset)

    def question(self, ruleset: Ruleset, key: str, lang: str = "en") -> Question:
        return self._question(key, list(self.options), self.answers(ruleset), lang, self.multi)

    def judge(self, picked: frozenset[str], ruleset: Ruleset, lang: str = "en") -> Verdict:
        right = self.answers(ruleset)
        ok = picked == right if self.multi else (len(picked) == 1 and picked <= right)
        text = self.explain(picked, ruleset, lang) if self.explain is not None else ""
        return Verdict(ok, (_both(text, said(self.after, lang), lang) if ok else text)
                       or (_RIGHT if ok else _NOT_QUITE).text(lang))


_RIGHT = Say("Right.", "正解。")
_NOT_QUITE = Say("Not quite: try again.", "惜しい: もう一度。")


@dataclass(frozen=True, slots=True)
class Lesson:
    """A titled list of steps, played in order."""

    id: str
    title: Say
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
        return self.step.question(self.ruleset, f"{self.lesson.id}:{self.index}", self.lang)

    def answer(self, picked: set[str] | frozenset[str]) -> Verdict:
        if self.passed:
            raise RuntimeError("the step is already done: go on with next()")
        verdict = self.step.judge(frozenset(picked), self.ruleset, self.lang)
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
