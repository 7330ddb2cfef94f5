"""Lesson 10, three-player (sanma) under `tenhou3`: each answer follows the rules
code and the three-player ruleset, not a number written into the script. The same
steps under a four-player preset (or with kita turned off) give other answers,
which shows the ruleset decides them."""

from __future__ import annotations

import pytest

from rules.request import answer
from rules.ruleset import load_preset
from tui.learn.claims import Claim, check
from tui.learn.course import COURSE, LESSON_10
from tui.learn.lessons import Act, Discard, Pick

SANMA = load_preset("tenhou3")
WRC = load_preset("wrc")


def _step(kind: type, index: int = 0):
    return [s for s in LESSON_10.steps if isinstance(s, kind)][index]


def test_the_sanma_lesson_is_the_tenth_and_plays_tenhou3():
    assert COURSE[9] is LESSON_10 and LESSON_10.ruleset == "tenhou3"
    assert SANMA.players == 3 and 4 <= len(LESSON_10.steps) <= 6


def test_a_1m_indicator_makes_9m_the_dora_only_without_2m_8m():
    step = _step(Pick, 0)
    assert step.answers(SANMA) == {"9m"}
    assert step.answers(WRC) == {"2m"}
    assert check(Claim("dora", tiles="1m9m"), SANMA) is None
    assert check(Claim("dora", tiles="9m1m"), SANMA) is None
    assert check(Claim("dora", tiles="1m2m"), SANMA) is not None  # the four-player answer
    assert check(Claim("dora", tiles="1m2m"), WRC) is None


def test_the_lone_north_is_set_aside_where_the_ruleset_has_kita():
    step = _step(Pick, 1)
    assert step.answers(SANMA) == {"kita"}
    assert step.answers(SANMA.with_overrides({"kita": False})) == {"discard"}


def test_a_north_triplet_is_no_yaku_at_three_players():
    request = {"concealed": "444z123p456p789s1s", "win": "1s", "seat_wind": "S",
               "round_wind": "E"}
    assert answer(request, SANMA).get("error") == "no_yaku"


def test_the_discard_counts_accepted_tiles_without_2m_8m():
    """A lone 1m takes 2m and 3m at four players, so 2p or 8p goes; at three it takes
    only 1m, so it goes (the old count, four copies of every kind, kept it)."""
    step = _step(Discard)
    assert step.right(SANMA) == {"1m"}
    assert step.right(WRC) == {"2p", "8p"}
    claim = Claim("best_discard", hand=step.hand, expected="1m")
    assert check(claim, SANMA) is None and check(claim, WRC) is not None


def test_a_non_dealer_mangan_tsumo_is_6000_under_tsumo_loss():
    step = _step(Pick, 2)
    assert step.answers(SANMA) == {"6000"}
    verdict = step.judge(frozenset({"8000"}), SANMA)
    assert not verdict.right and "4000" in verdict.text and "2000" in verdict.text
    assert "6000" in step.judge(frozenset({"6000"}), SANMA, "ja").text


@pytest.mark.parametrize(("preset", "right"), [("tenhou3", "pass"), ("wrc", "call")])
def test_chi_is_refused_by_the_ruleset(preset, right):
    step = _step(Act)
    assert step.decide == "call"
    assert step.question(load_preset(preset), "k").answer == {right}
