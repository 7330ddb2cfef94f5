"""Issue 20, case 1: a renhou win keeps the situation it was scored in.

The engine scored a renhou (人和, a ron before one's own first draw) with the flag
set, but the `Won`'s facts were worked out again from the events without it: a
renhou with no other yaku did not score again (a crash in the sim, and on every
resume of a save of that hand), and one with tanyao completed to 1,300 while
8,000 was paid. Here the win's facts, its typed score and what was paid agree,
live, from a resumed save, and through the driver.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from ai import LEVELS
from engine.actions import Discard, Ron
from engine.driver import play_game
from engine.events import Won
from engine.scripted import do, of_type, scripted_game, t
from engine.storage.game_log import log_lines
from engine.storage.save_file import read_save
from engine.win_facts import SITUATION, facts_of, win_facts, win_input
from rules.hand import Win
from rules.scoring import ScoreResult, score

DEALER = "1z1z1z2z2z2z3z3z3z4z4z4z9m"  # a dealer who only discards
OTHERS = [
    "1m1m5m6m7m8m9m9p9p7z7z7z6z",
    "1s1s2s2s9s9s1p1p2p2p3p3p6z",
]
# Seat 1's hands: waiting on 2p (kanchan, no other yaku) or on 5p (tanyao).
ALONE = "123m456m789p99s13p"
TANYAO = "234m4556p345678s"


def _renhou(hand: str, tile: str, preset: str = "wrc"):
    """Seat 1 rons the dealer's first discard `tile`; the game and the `Won`."""
    game = scripted_game(preset, [DEALER, hand, *OTHERS], draws=tile)
    do(game, Discard(0, t(tile)))
    assert Ron(1) in game.legal_actions(1)
    events = do(game, Ron(1))
    [won] = of_type(events, Won)
    return game, won


def _paid(won: Won) -> int:
    """The hand's value the winner was paid (no honba, no sticks)."""
    hand = ("hand", "pao")
    return sum(p.amount for p in won.payments if p.payee == won.winner and p.reason in hand)


def _check(game, won: Won, paid: int) -> None:
    assert won.facts is not None and won.score is not None
    assert won.facts.renhou
    assert won.score.points.total == paid == _paid(won)
    again = score(win_input(won, won.facts), game.ruleset)
    assert isinstance(again, ScoreResult)
    assert again.points.total == paid
    assert win_facts(game.events, won, game.ruleset) == won.facts


@pytest.mark.parametrize(("hand", "tile"), [(ALONE, "2p"), (TANYAO, "5p")])
def test_a_renhou_win_keeps_its_situation_and_totals_what_was_paid(hand, tile):
    game, won = _renhou(hand, tile)
    _check(game, won, 8000)
    assert [w for w in game.events if isinstance(w, Won)] == [won]


@pytest.mark.parametrize(("hand", "tile"), [(ALONE, "2p"), (TANYAO, "5p")])
def test_a_resumed_save_of_a_renhou_hand_plays_on_with_the_paid_total(hand, tile):
    """A save written after the win is replayed, and the driver plays the game on."""
    game, _ = _renhou(hand, tile)
    record = read_save("\n".join(log_lines(game)) + "\n")
    resumed = record.game
    players = [LEVELS["easy"](s, 1) for s in range(4)]
    asyncio.run(play_game(resumed, players, yield_every=0, concurrent=False))
    won = next(e for e in resumed.events if isinstance(e, Won))
    _check(resumed, won, 8000)


def test_every_situational_flag_of_the_scorer_is_kept_in_the_facts():
    """`WinFacts` holds each field of `Win` but the tiles, so none is lost on the way."""
    tiles = {"concealed", "win_tile", "melds", "notes"}
    assert set(SITUATION) == {f for f in Win.__dataclass_fields__ if f not in tiles}
    win = Win(concealed=(), win_tile=t("1m"), renhou=True)
    assert facts_of(win).renhou


def test_the_seed_that_crashed_plays_clean():
    """`sim --ruleset wrc --games 1 --seed 6220` had `"errors": 1` (a renhou alone)."""
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", "--ruleset", "wrc", "--games", "1",
         "--seed", "6220"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr
    assert '"errors": 0' in out.stdout and out.stderr == ""


def test_the_other_presets_see_the_renhou_too():
    """The result screen's comparison with the other presets asks them with the
    renhou flag set, so a preset with renhou does not call the hand "no yaku"."""
    from tui.result_text import hand_context, win_request

    game, won = _renhou(ALONE, "2p")
    request = win_request(won, hand_context(won, game))
    assert request["renhou"] is True
