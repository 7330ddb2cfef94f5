"""ai.review: the human's decisions the hard AI would have made otherwise, and the
Timeline that rebuilds a logged game at any action (shared with the replay viewer)."""

from __future__ import annotations

import asyncio
import random

import pytest

from ai import GreedyPlayer
from ai.review import action_words, review, review_log, same_action
from ai.suggest import suggest
from engine.actions import Discard
from engine.driver import play_game
from engine.events import event_to_dict
from engine.game import Game
from engine.scripted import advance, scripted_game, t
from engine.storage.game_log import write_log
from engine.timeline import Timeline
from rules.ruleset import load_preset

# Seat 0 (the human, the first dealer) is tenpai on 1s/2s after discarding the
# 5z it draws; the opponents hold nothing useful and discard what they draw.
TENPAI = "123m456m789p1122s"
BOTS = ("258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z")


def _scripted(first: Discard) -> Game:
    """The human discards `first` from the tenpai hand + 5z, then plays the hard AI's
    own suggestion at the next turn; the other seats are on autopilot."""
    game = scripted_game("wrc", [TENPAI, *BOTS], "5z2z3z6z7z")
    game.apply(first)
    advance(game, lambda g: 0 in g.pending_seats() and g.hand.phase == "turn")
    view, legal = game.view(0), game.legal_actions(0)
    action, _ = suggest(view, legal)
    game.apply(action)
    return game


@pytest.fixture(scope="module")
def played() -> Game:
    game = Game.new(load_preset("wrc"), 21, shuffle_seats=True)
    asyncio.run(play_game(game, [GreedyPlayer(s, 21) for s in range(4)]))
    return game


def test_a_discard_that_breaks_tenpai_is_listed_with_its_shanten_difference():
    game = _scripted(Discard(0, t("1m")))
    result = review(game)
    assert result.seat == 0 and result.decisions == 2
    [item] = result.items
    assert item.step == 0 and item.played == Discard(0, t("1m"))
    assert isinstance(item.suggested, Discard) and item.suggested.tile == t("5z")
    assert (item.played_shanten, item.suggested_shanten) == (1, 0)
    assert item.verdict == "shanten"
    assert item.where() == "East 1, turn 1"
    assert item.hand_text() == "123456m789p1122s + 5z"
    assert "1-shanten" in item.summary() and "tenpai" in item.summary()
    assert item.reasons  # the AI's own explanation comes along


def test_a_decision_that_matches_the_hard_ai_is_not_listed():
    view_game = scripted_game("wrc", [TENPAI, *BOTS], "5z2z3z6z7z")
    best, _ = suggest(view_game.view(0), view_game.legal_actions(0))
    assert isinstance(best, Discard) and best.tile == t("5z")
    game = _scripted(best)  # riichi: the next turn is forced, not a decision
    result = review(game)
    assert result.decisions == 1 and len(result) == 0
    assert "0 of 1" in result.headline()


class Follower:
    """Plays exactly what the hint API suggests (a fresh hard player each time)."""

    def __init__(self, seat: int):
        self.seat = seat

    async def decide(self, view, legal):
        return suggest(view, legal)[0] if len(legal) > 1 else legal[0]


def test_a_whole_game_played_as_suggested_has_nothing_to_review():
    game = Game.new(load_preset("wrc"), 4)
    players = [Follower(0), *(GreedyPlayer(s, 4) for s in (1, 2, 3))]
    asyncio.run(play_game(game, players))
    result = review(game, 0)
    assert result.decisions > 50 and len(result) == 0


def test_breaking_a_pair_costs_ukeire_or_shanten_and_says_so():
    # 1122s: discarding 1s (a pair into a lone tile) instead of the drawn 5z.
    game = _scripted(Discard(0, t("1s")))
    [item] = review(game).notable
    assert item.played_shanten is not None and item.suggested_shanten is not None
    assert (item.played_shanten, item.played_ukeire) != (
        item.suggested_shanten,
        item.suggested_ukeire,
    )
    assert item.verdict in ("shanten", "ukeire")
    assert "vs" in item.difference()


def test_review_of_a_log_equals_the_review_of_the_game(tmp_path):
    game = _scripted(Discard(0, t("1m")))
    path = tmp_path / "game.jsonl"
    write_log(game, path)
    assert review_log(path) == review(game)


def test_every_listed_item_is_a_real_difference_of_the_reviewed_seat(played):
    result = review(played)
    human = played.seating.index(0)
    assert result.seat == human
    assert 0 < len(result) <= result.decisions
    steps = [i.step for i in result]
    assert steps == sorted(steps)
    timeline = Timeline.of(played)
    for item in result:
        action = played.actions[item.step]
        assert action == item.played and action.seat == human
        assert not same_action(item.played, item.suggested)
        view, legal = timeline.decision(item.step)
        assert item.suggested in legal and item.hand == view.hand
        if isinstance(item.played, Discard) and isinstance(item.suggested, Discard):
            assert item.played_shanten is not None and item.suggested_ukeire is not None
        assert item.verdict in ("shanten", "ukeire", "danger", "judgment", "equal")
    assert all(i.verdict != "equal" for i in result.notable)


def test_review_of_another_seat(played):
    other = (played.seating.index(0) + 1) % 4
    result = review(played, other)
    assert result.seat == other and all(i.seat == other for i in result)


def test_timeline_rebuilds_the_game_at_any_action_in_any_order(played):
    timeline = Timeline.of(played)
    n = len(played.actions)
    order = [n, 0, n // 2, 3, n - 1, n // 3, n // 3 + 1, 1]
    order += random.Random(5).sample(range(n + 1), 12)
    for k in order:
        game = timeline.game_at(k)
        assert len(game.actions) == k
        end = timeline.event_end(k)
        assert [event_to_dict(e) for e in game.events] == [
            event_to_dict(e) for e in played.events[:end]
        ]
    assert timeline.game_at(n).is_over
    with pytest.raises(IndexError):
        timeline.game_at(n + 1)


def test_action_words():
    assert action_words(Discard(0, t("0p"))) == "discard 0p"
    assert action_words(Discard(0, t("9s"), riichi=True)) == "riichi with 9s"
    assert action_words(Discard(0, t("5z"))) == "discard Haku"


# ---------------------------------------------------------------- the review screen's words


def test_the_review_screen_says_in_english_what_ai_review_says():
    """tui/screens/review.py words items from tui/words.py: the English is ai.review's."""
    from tui.screens.review import (
        action_words as screen_action_words,
    )
    from tui.screens.review import (
        efficiency_text,
        hand_words,
        headline,
        review_title,
        where_text,
    )

    result = review(_scripted(Discard(0, t("1m"))))
    [item] = result.items
    assert headline(result) == result.headline()
    assert where_text(item) == item.where() == "East 1, turn 1"
    assert hand_words(item) == item.hand_text()
    assert screen_action_words(item.played, item.offered) == item.played_text()
    assert screen_action_words(item.suggested, item.offered) == item.suggested_text()
    assert efficiency_text(1, 12) == "1-shanten, ukeire 12"
    assert efficiency_text(0, 5) == "tenpai, ukeire 5"
    assert review_title(0, True) == "Review of your decisions (seat 0, East at the start)"
    assert review_title(2, False) == "Review of West's decisions (seat 2, West at the start)"


def test_the_review_screen_speaks_japanese_with_lang_ja():
    from rich.console import Console

    from tui.screens.review import (
        action_words as screen_action_words,
    )
    from tui.screens.review import (
        efficiency_text,
        headline,
        item_detail,
        item_line,
        review_title,
        short_difference,
        where_text,
    )

    result = review(_scripted(Discard(0, t("1m"))))
    [item] = result.items
    assert headline(result, "ja") == "上級: 2回の選択のうち1回が異なる"
    assert where_text(item, "ja") == "東1局 1巡目"
    assert screen_action_words(item.played, item.offered, "ja") == "打 1m"
    assert screen_action_words(Discard(0, t("5z")), None, "ja") == "打 白"
    assert screen_action_words(Discard(0, t("9s"), riichi=True), None, "ja") == "リーチ 打 9s"
    assert efficiency_text(1, 12, "ja") == "1向聴、受け入れ 12枚"
    assert efficiency_text(0, 5, "ja") == "聴牌、受け入れ 5枚"
    assert review_title(1, False, "ja") == "南家の選択の検討 (席 1、開始時の南家)"
    assert short_difference(item, "ja").startswith("向聴 1→0, 受け入れ ")
    console = Console(width=120, record=True)
    console.print(item_line(item, "ja"))
    console.print(item_detail(item, "text", "ja"))
    text = console.export_text()
    assert "[向聴]" in text and "実際:" in text and "上級AI:" in text
    assert "Played" not in text and "shanten" not in text.split("\n")[0]
