"""Snapshots of the launch and table screens at fixed seeds and terminal sizes.

Plain sync tests (pytest-textual-snapshot): `run_before` waits until the human is
asked (the engine runs in a worker) and plays the scripted keys; `press` adds the
last keys. Regenerate with `pytest tests/test_tui_snapshots.py --snapshot-update`
and look at the SVGs before committing them.
"""

from __future__ import annotations

import pytest
from test_tui_pilot import game_app, press, scenario_app, settle

from engine.actions import Ankan, Chi, Discard, Pon
from engine.scripted import t
from tui.app import MahjongApp
from tui.testing import Position, position_app
from tui.testing import keys as press_keys

ROOMY = (120, 40)
COMPACT = (80, 24)


def keys(*sequence: str):
    """A `run_before` that waits for the first question, then plays `sequence`,
    waiting for the engine after each key."""

    async def run(pilot) -> None:
        await settle(pilot)
        for key in sequence:
            await press(pilot, key)

    return run


def test_launch_screen(snap_compare, tmp_path):
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0)
    assert snap_compare(app, terminal_size=ROOMY)


def test_table_at_hand_start_wrc(snap_compare, tmp_path):
    assert snap_compare(game_app(tmp_path, "wrc"), terminal_size=ROOMY, run_before=keys())


def test_table_at_hand_start_jpml(snap_compare, tmp_path):
    assert snap_compare(game_app(tmp_path, "jpml"), terminal_size=ROOMY, run_before=keys())


def test_table_at_hand_start_renmei_classic(snap_compare, tmp_path):
    app = game_app(tmp_path, "renmei_classic")
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys())


def test_table_in_japanese_with_the_hint(snap_compare, tmp_path):
    """--lang ja: terms Japanese first, the event log, aids and the AI's reasons in Japanese."""
    app = game_app(tmp_path, "wrc", lang="ja")
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys("i"))


def test_table_compact_80x24(snap_compare, tmp_path):
    assert snap_compare(game_app(tmp_path, "wrc"), terminal_size=COMPACT, run_before=keys())


def test_chi_prompt_with_two_options(snap_compare, tmp_path):
    app = scenario_app("chi", tmp_path)
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys("enter"), press=["c"])


def test_chi_prompt_with_three_options_fits_80x24(snap_compare, tmp_path):
    app = scenario_app("chi3", tmp_path)
    assert snap_compare(app, terminal_size=COMPACT, run_before=keys("enter"), press=["c"])


def test_riichi_declared_turned_tile(snap_compare, tmp_path):
    app = scenario_app("riichi", tmp_path)
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys("r", "enter"))


def test_kan_with_kan_dora_revealed(snap_compare, tmp_path):
    app = scenario_app("kan", tmp_path)
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys("k"))


def test_hint_shown(snap_compare, tmp_path):
    assert snap_compare(game_app(tmp_path, "wrc"), terminal_size=ROOMY, run_before=keys("i"))


def test_furiten_warning(snap_compare, tmp_path):
    app = scenario_app("furiten", tmp_path)
    assert snap_compare(app, terminal_size=ROOMY, run_before=keys("enter"))


def test_terminal_too_small(snap_compare, tmp_path):
    app = game_app(tmp_path, "wrc")
    assert snap_compare(app, terminal_size=(60, 20))


MID_HAND = ("i", "enter") * 6  # six turns played by the hint: rivers, a few calls maybe


def test_table_mid_hand_160x50(snap_compare, tmp_path):
    """160x50: the square wall, rivers of six around it, the log and aids beside it."""
    app = game_app(tmp_path, "wrc")
    assert snap_compare(app, terminal_size=(160, 50), run_before=keys(*MID_HAND))


def test_table_mid_hand_200x60_kanji_ja(snap_compare, tmp_path):
    """200x60 with kanji faces in Japanese: the table centred, framed tiles in the hand."""
    app = MahjongApp(ruleset_id="wrc", ai="greedy", seed=7, tiles="kanji", lang="ja",
                     delay=0, data_dir=tmp_path)
    assert snap_compare(app, terminal_size=(200, 60), run_before=keys(*MID_HAND))


# Mid-hand, every seat with a meld (your pon, shimocha's pon, toimen's chi, kamicha's
# ankan with its kan dora) and kamicha in riichi: the table read at a glance (#19).
MELDS_EVERYWHERE = Position(
    hands=("123m456p5789s116z", "258m1347p369s266z", "258m24p369s23477z", "8888p1z234m567m11s"),
    draws="9m3s9s9p1p4z7m8m3z6m1s5m9m7p8s1m4m3z7s6p1s3p",
    rinshan="4s",
    moves=(
        Discard(0, t("6z")), Pon(1, (t("6z"), t("6z"))), Discard(1, t("3p")),
        Chi(2, (t("2p"), t("4p"))), Discard(2, t("7z")), Ankan(3, t("8p").kind),
        Discard(3, t("1z")), Pon(0, (t("1z"), t("1z"))), Discard(0, t("9m")),
        Discard(3, t("1p"), riichi=True), Discard(0, t("4z")), Discard(0, t("6m")),
        Discard(0, t("7p")), Discard(0, t("3z")),
    ),
)


@pytest.mark.parametrize("size", ((80, 24), (120, 40), (200, 60)), ids=str)
def test_table_with_melds_on_every_seat_and_a_riichi(snap_compare, tmp_path, size):
    app = position_app(MELDS_EVERYWHERE, data_dir=tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=press_keys())
