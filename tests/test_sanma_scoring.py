"""Three-player scoring (RULESETS.md §9, issue 25): the 108-tile set's dora wrap, kita
as dora, tsumo loss and north-bisection, the honba with three, and `score` refusing
what a three-player table cannot have. One scenario test per rule, named after it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rules.request import answer
from rules.ruleset import load_preset, resolve
from rules.tiles import dora_skipping

T3 = load_preset("tenhou3")
# A closed non-dealer riichi hand, a haku pair waited on alone: ron 50 fu 1 han, tsumo
# 40 fu 2 han; no dora of its own but what an indicator or a kita makes.
HAND = {"concealed": "999m234p678p456s5z", "win": "5z", "seat_wind": "S", "riichi": True}


def _ask(ruleset, **fields):
    return answer({**HAND, **fields}, ruleset)


def test_dora_wrap_1m_indicator_makes_9m_the_dora():
    assert dora_skipping(0, T3.removed_kinds) == 8
    three = _ask(T3, dora_indicators="1m")
    four = _ask(load_preset("tenhou"), dora_indicators="1m")
    assert three["dora"]["dora"] == 3  # 999m
    assert four["dora"]["dora"] == 0  # four players: a 1m indicator makes 2m the dora


def test_dora_wrap_9m_indicator_makes_1m_the_dora():
    assert dora_skipping(8, T3.removed_kinds) == 0
    hand = {**HAND, "concealed": "111m234p678p456s5z"}
    assert answer({**hand, "dora_indicators": "9m"}, T3)["dora"]["dora"] == 3


def test_kita_counts_as_dora():
    plain = _ask(T3)
    kita = _ask(T3, kita=2)
    assert kita["dora"]["dora"] == plain["dora"]["dora"] + 2
    assert kita["han"] == plain["han"] + 2


def test_kita_is_a_north_under_a_west_indicator():
    # A West indicator makes North the dora: each set-aside North counts twice.
    assert _ask(T3, kita=1, dora_indicators="3z")["dora"]["dora"] == 2
    ura = _ask(T3, kita=1, ura_indicators="3z", dora_indicators="1p")
    assert ura["dora"]["ura"] == 1


def test_north_kept_in_the_hand_is_an_off_wind():
    hand = {"concealed": "999m234p678p11s44z", "win": "4z", "seat_wind": "S",
            "round_wind": "E"}
    got = answer(hand, T3)
    assert not got["ok"] and got["error"] == "no_yaku"


def test_tsumo_loss_non_dealer_pays_two_seats_only():
    # 40 fu 4 han (riichi, tsumo, 2 kita): a mangan, 4,000 from the dealer and 2,000
    # from the other non-dealer; the missing North's 2,000 is not paid.
    got = _ask(T3, tsumo=True, kita=2)
    assert got["han"] == 4 and got["fu"] == 40
    p = got["points"]
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (4000, 2000, 6000)
    four = _ask(load_preset("tenhou"), tsumo=True, dora_indicators="7z")
    assert four["points"]["total"] == 8000


def test_tsumo_loss_dealer_pays_two_seats_only():
    got = _ask(T3, tsumo=True, kita=2, seat_wind="E")
    p = got["points"]
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (None, 4000, 8000)


def test_north_bisection_splits_the_missing_share():
    r = resolve("mahjongsoul3", ["tsumo_loss=north_bisection"])
    p = _ask(r, tsumo=True, kita=2)["points"]
    # the North's 2,000 halved: dealer 4,000 + 1,000, non-dealer 2,000 + 1,000
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (5000, 3000, 8000)
    d = _ask(r, tsumo=True, kita=2, seat_wind="E")["points"]
    assert (d["tsumo_non_dealer"], d["total"]) == (6000, 12000)


def test_honba_is_200_with_three_players():
    # [R] Tenhou three-player records: a ron at 1 honba pays 11,600 + 200; a tsumo
    # at 1 honba takes 100 from each of the two payers.
    assert _ask(T3, honba=1)["points"]["honba"] == 200
    assert _ask(T3, honba=2, tsumo=True)["points"]["honba"] == 400
    assert _ask(load_preset("tenhou"), honba=1)["points"]["honba"] == 300


def test_score_refuses_removed_tiles_north_seat_and_kita_without_kita():
    assert "2345678m" in answer({**HAND, "concealed": "234m234p678p456s5z"}, T3)["message"]
    assert "North seat" in _ask(T3, seat_wind="N")["message"]
    assert "no kita" in _ask(load_preset("tenhou"), kita=1)["message"]
    assert "only 4" in _ask(T3, kita=5)["message"]


def test_score_command_takes_the_three_player_ruleset():
    line = json.dumps({**HAND, "tsumo": True, "kita": 2})
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "score", "--ruleset", "tenhou3"],
        input=line + "\n", capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["points"]["total"] == 6000


def test_the_analyser_reads_the_three_player_tile_set():
    from rules.analysis import AnalysisError, analyse

    with pytest.raises(AnalysisError, match="2345678m"):
        analyse("234m123p456p789s1z", T3)
    three = analyse("19m123p456p789s1z1m", T3)
    four = analyse("19m123p456p789s1z1m", load_preset("tenhou"))
    # 7m and 8m would make 789m with the 9m: none exist with three players
    assert three.options[0].accepted_count < four.options[0].accepted_count
    assert dict(three.options[0].accepted).get(6, 0) == 0


def test_the_analyser_never_proposes_a_2m_8m_tile():
    # Hands holding 1m and 9m: four players would want 2m/3m beside the 1m and 7m/8m
    # beside the 9m; a three-player ruleset has none to draw (RULESETS.md §9).
    from rules.analysis import analyse

    removed = T3.removed_kinds
    hands = ["19m123p456p789s1z1m9m", "119m99m2345p678s11z", "1199m19p19s123457z"]
    hands += ["11m99m123p456p78s5z6z"]
    for hand in hands:
        for kinds in _proposed(analyse(hand, T3)):
            assert not kinds & removed, (hand, sorted(kinds & removed))
    four = _proposed(analyse(hands[0], load_preset("tenhou")))
    assert any(kinds & removed for kinds in four)  # the same hand with four players


def _proposed(analysis):
    """Every kind an analysis puts forward: accepted, improving and waits, per option."""
    return [
        {k for k, _ in o.accepted} | {k for k, _ in o.improving} | {w.kind for w in o.waits}
        for o in analysis.options
    ]


def test_the_analyse_command_proposes_no_2m_8m_tile_with_three_players():
    out = subprocess.run(
        [sys.executable, "-m", "tui.cli", "analyse", "19m123p456p789s1z1m9m",
         "--ruleset", "tenhou3", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    named = {t for d in data["discards"] for t in (*d["accepted"], *d["improving"])}
    assert named and not named & {f"{n}m" for n in range(2, 9)}


def test_rinshan_kaihou_on_a_kitas_replacement_tile():
    # a North set aside draws a replacement tile: a tsumo on it is rinshan kaihou where
    # `kita_rinshan` says so (both three-player presets), with no kan among the melds
    got = _ask(T3, tsumo=True, kita=1, rinshan=True)
    assert got["ok"] and "rinshan" in {y["id"] for y in got["yaku"]}
    assert "kan" in _ask(T3, tsumo=True, rinshan=True)["message"]  # no kan, no kita
    off = _ask(resolve("tenhou3", ["kita_rinshan=false"]), tsumo=True, kita=1, rinshan=True)
    assert not off["ok"] and "kita_rinshan" in off["message"]
