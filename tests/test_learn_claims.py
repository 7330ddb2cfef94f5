"""Every claim a lesson step or a drill explanation makes about a position is checked
by the rules code (`tui.learn.claims`), in both languages (issue 19, "Taught wrong")."""

from __future__ import annotations

import pytest

from rules.ruleset import PRESET_IDS, load_preset
from tui.learn.claims import Claim, check, claim_tiles
from tui.learn.course import COURSE, LESSON_4, LESSON_9
from tui.learn.drills import make_question
from tui.learn.lessons import Act, Discard, Lesson, Pick, Step, Waits, said

LANGS = ("en", "ja")
DRILL_KINDS = ("discard", "waits", "fu", "points", "yaku", "defence", "alllast")


def _step_texts(step: Step, lesson: Lesson, lang: str) -> str:
    """Everything the learner can read at a step: the explanation, goal, facts, the
    choices, the text after it and the feedback for every choice."""
    ruleset = load_preset(lesson.ruleset)
    question = step.question(ruleset, "k", lang)
    parts = [step.say.text(lang), step.goal.text(lang), said(step.after, lang),
             *question.facts, *(c.label for c in question.choices)]
    if isinstance(step, Waits):
        picks = [question.answer] + [frozenset({c.value}) for c in question.choices]
    elif isinstance(step, Pick) and step.multi:
        picks = [question.answer, frozenset()]
    else:
        picks = [frozenset({c.value}) for c in question.choices]
    parts += [step.judge(p, ruleset, lang).text for p in picks]
    if isinstance(step, Act) and step.why_call is not None:
        parts.append(step.why_call.text(lang))
    return "\n".join(parts)


STEPS = [(lesson, i, step) for lesson in COURSE for i, step in enumerate(lesson.steps)]


@pytest.mark.parametrize(("lesson", "index", "step"), STEPS,
                         ids=[f"{lesson.id}-{i}" for lesson, i, _ in STEPS])
def test_every_lesson_claim_holds(lesson: Lesson, index: int, step: Step) -> None:
    ruleset = load_preset(lesson.ruleset)
    claims = step.claims + step.verdict_claims(ruleset)
    assert claims, f"{lesson.id} step {index} says things about a position with no claim"
    for claim in claims:
        assert check(claim, ruleset) is None, (lesson.id, index, claim, check(claim, ruleset))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("lesson", "index", "step"), STEPS,
                         ids=[f"{lesson.id}-{i}" for lesson, i, _ in STEPS])
def test_lesson_claims_name_tiles_the_text_shows(lesson: Lesson, index: int, step: Step,
                                                  lang: str) -> None:
    """A claim is about the sentence it stands for: the tiles it names are in the
    step's text in either language."""
    text = _step_texts(step, lesson, lang)
    for claim in step.claims:
        for tile in claim_tiles(claim):
            assert tile in text, (lesson.id, index, lang, tile, claim.kind)


def test_discard_steps_claim_their_answer() -> None:
    """A discard step whose text names the best discard claims it, and the step's own
    ranking agrees with the rules code's."""
    for lesson in COURSE:
        ruleset = load_preset(lesson.ruleset)
        for step in lesson.steps:
            if isinstance(step, Discard):
                best = [c for c in step.claims if c.kind == "best_discard"]
                assert best, lesson.id
                assert step.right(ruleset) == {t for c in best for t in claim_tiles(c)}


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("kind", DRILL_KINDS)
def test_every_drill_claim_holds(kind: str, preset: str) -> None:
    ruleset = load_preset(preset)
    for seed in range(8):
        for lang in LANGS:
            question = make_question(kind, seed, ruleset, lang)
            assert question.claims, (kind, seed, lang)
            shown = "\n".join([*question.explanation, *(c.label for c in question.choices)])
            for claim in question.claims:
                assert check(claim, ruleset) is None, (kind, seed, lang, claim,
                                                       check(claim, ruleset))
                if claim.kind in ("waits", "suji", "genbutsu", "reading"):
                    for tile in claim_tiles(claim):
                        assert tile in shown, (kind, seed, tile)


# --- the claims catch the errors the old texts made -----------------------------------------


def test_old_lesson_9_sentence_is_caught() -> None:
    """The old "1s is suji of 4s (and only a 2-3s shape waits on it)": the 2-3s wait
    is the one the 4s discard rules out; only tanki and shanpon can still hit 1s."""
    ruleset = load_preset("wrc")
    old = Claim("ron_shapes", tiles="1s", river="4m9p4s2z", expected=("ryanmen",))
    assert check(old, ruleset) is not None
    new = Claim("ron_shapes", tiles="1s", river="4m9p4s2z", expected=("shanpon", "tanki"))
    assert check(new, ruleset) is None
    step = LESSON_9.steps[1]
    assert "only a 2-3s shape waits" not in said(step.after, "en")
    assert any(c.kind == "ron_shapes" for c in step.claims)


def test_suji_claim_rejects_a_tile_that_is_not_suji() -> None:
    ruleset = load_preset("wrc")
    assert check(Claim("suji", tiles="1s", river="4s"), ruleset) is None
    assert check(Claim("suji", tiles="2s", river="4s"), ruleset) is not None
    assert check(Claim("suji", tiles="4s", river="1s"), ruleset) is not None  # 56s


def test_old_lesson_4_sentence_is_caught() -> None:
    """The old "No wait gives a yaku without riichi": a tsumo gives menzen tsumo, as
    the lesson's own third step shows."""
    ruleset = load_preset("wrc")
    step = LESSON_4.steps[0]
    assert isinstance(step, Act)
    hand = step.request["concealed"]
    winds = {"seat_wind": "S", "round_wind": "E"}
    old = Claim("yaku_without_riichi", hand=hand, request={"how": "tsumo", **winds},
                expected=False)
    assert check(old, ruleset) is not None
    for lang in LANGS:
        verdict = step.judge(frozenset({"riichi"}), ruleset, lang)
        assert verdict.right
        assert ("tsumo" in verdict.text) if lang == "en" else ("ツモ" in verdict.text)
    assert "No wait gives a yaku without riichi:" not in step.judge(
        frozenset({"riichi"}), ruleset).text
    kinds = {(c.request["how"], c.expected) for c in step.verdict_claims(ruleset)}
    assert kinds == {("ron", False), ("tsumo", True)}


def _pinfu_tsumo_question(lang: str):  # type: ignore[no-untyped-def]
    ruleset = load_preset("wrc")
    for seed in range(300):
        question = make_question("fu", seed, ruleset, lang)
        assert question.request is not None
        if question.request.get("tsumo") and any(
                c.kind == "has_yaku" and c.expected == "pinfu" for c in question.claims):
            return question
    raise AssertionError("no pinfu tsumo among 300 fu questions")


@pytest.mark.parametrize("lang", LANGS)
def test_fu_drill_says_why_pinfu_tsumo_has_no_tsumo_fu(lang: str) -> None:
    from rules.request import answer

    ruleset = load_preset("wrc")
    found = 0
    for seed in range(200):
        question = make_question("fu", seed, ruleset, lang)
        request = question.request
        assert request is not None
        result = answer(request, ruleset)
        if request.get("tsumo") and "pinfu" in {y["id"] for y in result["yaku"]}:
            found += 1
            shown = "\n".join(question.explanation)
            assert ("2 fu a tsumo" in shown) if lang == "en" else ("ツモの2符" in shown), shown
    assert found


@pytest.mark.parametrize("lang", LANGS)
def test_yaku_drill_says_what_each_wrong_pick_lacks(lang: str) -> None:
    ruleset = load_preset("wrc")
    for seed in range(30):
        question = make_question("yaku", seed, ruleset, lang)
        lines = question.explanation
        for choice in question.choices:
            if choice.value in question.answer:
                continue
            assert any(line.strip().startswith(choice.label) for line in lines), (
                seed, choice.label, lines)
            assert Claim("lacks_yaku", request=question.request or {},
                         expected=choice.value) in question.claims


def test_a_false_claim_is_reported() -> None:
    ruleset = load_preset("wrc")
    assert check(Claim("waits", hand="4599m", sets_done=3, expected="3m"), ruleset)
    assert check(Claim("has_yaku", request={"concealed": "123m456p789s23s55m", "win": "4s",
                                            "seat_wind": "S", "round_wind": "E"},
                       expected="tanyao"), ruleset)
    with pytest.raises(ValueError):
        check(Claim("nonsense"), ruleset)
