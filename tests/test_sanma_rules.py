"""The three-player presets and parameters (RULESETS.md §9, issue 25): `tenhou3` and
`mahjongsoul3` as data, every new key validated like the others."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rules.ruleset import (
    ALL_PRESET_IDS,
    SANMA_PRESET_IDS,
    RulesetError,
    load_preset,
    resolve,
)


def test_four_player_presets_keep_four_players_and_the_full_set():
    for preset in ALL_PRESET_IDS:
        r = load_preset(preset)
        assert (r.players, r.removed_tiles, r.chi, r.kita, r.tsumo_loss) == (
            4, "", True, False, "none"
        )


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_three_players_108_tiles_no_chi_kita(preset):
    r = load_preset(preset)
    assert r.players == 3 and list(r.seats) == [0, 1, 2]
    assert sorted(r.removed_kinds) == [1, 2, 3, 4, 5, 6, 7]  # 2m-8m
    assert 4 * (34 - len(r.removed_kinds)) == 108
    assert r.chi is False
    assert r.kita == "nukidora"
    assert r.kita_rinshan is True
    assert r.starting_points == 35000
    assert r.red_fives == 2  # 5p and 5s: there is no 5m
    assert not r.abort_suufon and not r.abort_suucha_riichi
    assert r.abort_kyuushu and r.abort_suukaikan


def test_tenhou3_points_as_the_records_show():
    r = load_preset("tenhou3")
    assert (r.return_points, r.oka, r.uma) == (40000, 15, (20, 0, -20, 0))
    assert r.tsumo_loss == "loss"
    assert r.multiple_ron == "double_ron"
    assert r.result_rounding == "none"
    assert r.bust == "below_zero" and r.extension == "west_sudden_death"
    assert r.kita_ron_ippatsu is False


def test_mahjongsoul3_points_and_north_bisection_option():
    r = load_preset("mahjongsoul3")
    assert (r.return_points, r.oka, r.uma) == (35000, 0, (15, 0, -15, 0))
    assert r.extension_target == 40000
    assert r.kita_ron_ippatsu is True
    assert resolve("mahjongsoul3", ["tsumo_loss=north_bisection"]).tsumo_loss == (
        "north_bisection"
    )


@pytest.mark.parametrize(
    "preset, override, words",
    [
        ("tenhou3", "players=5", "use 3 or 4"),
        ("tenhou3", 'removed_tiles="2x"', "not mpsz"),
        ("tenhou3", 'removed_tiles="22m"', "each kind once"),
        ("tenhou3", "kita=true", "nukidora"),
        ("tenhou3", "tsumo_loss=half", "north_bisection"),
        ("tenhou3", "chi=3", "true or false"),
        ("tenhou3", 'removed_tiles="2345678m4z"', "North tiles"),
        ("tenhou3", "red_fives=3", "removed kind"),
        ("tenhou3", "uma=[20, 0, -10, -10]", "no fourth place"),
        ("tenhou3", 'removed_tiles="123456789m123456789p1234s"', "too few"),
        ("wrc", 'kita="nukidora"', "three-player"),
        ("wrc", "tsumo_loss=loss", "three-player"),
    ],
)
def test_bad_three_player_values_are_refused(preset, override, words):
    with pytest.raises(RulesetError, match=words) as info:
        resolve(preset, [override])
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("override", ["players=5", "kita=north", "tsumo_loss=half"])
def test_bad_override_is_one_line_and_exit_2(override):
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", "--ruleset", "tenhou3", "--games", "1",
         "--rule", override],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_the_rules_reference_words_the_three_player_rows(preset):
    from tui import result_text as X

    rows = [row for _, group in X.parameter_groups(load_preset(preset)) for row in group]
    labels = {label.split(" ")[0] for label, _ in rows}
    assert {"players", "kita", "tsumo"} <= labels
    assert all(value and "_" not in value for _, value in rows)
    sanma = {X.parameter_label(key, "en") for key in X.THREE_PLAYER_KEYS}
    assert sanma <= {label for label, _ in rows}
    four = [row for _, group in X.parameter_groups(load_preset("tenhou")) for row in group]
    assert not sanma & {label for label, _ in four}


@pytest.mark.parametrize(
    "args",
    [["--ruleset", "tenhou3"], ["--ruleset", "mahjongsoul3"],
     ["--ruleset", "jpml", "--rule", "players=3", "--rule", 'tsumo_loss="loss"']],
)
def test_the_table_seats_three_players(args, monkeypatch, tmp_path):
    """`mahjong-tui --ruleset tenhou3` (or `--rule players=3`) starts the game: the app
    is built with the three-player ruleset and run, exit 0 (the refusal is gone)."""
    from tui import cli
    from tui.app import MahjongApp

    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    ran = []
    monkeypatch.setattr(MahjongApp, "run", lambda self: ran.append(self.config))
    assert cli.main(args) == 0
    (config,) = ran
    assert config.build_ruleset().players == 3


@pytest.mark.parametrize(
    "args",
    [["--ruleset", "tenhou3", "--rule", "players=5"],
     ["--ruleset", "tenhou3", "--rule", "tsumo_loss=half"],
     ["--ruleset", "tenhou33"]],
)
def test_a_bad_three_player_value_is_one_line_and_exit_2(args):
    out = subprocess.run([sys.executable, "-m", "tui.cli", *args],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert ("players" in out.stderr or "tsumo_loss" in out.stderr
            or "tenhou33" in out.stderr)
