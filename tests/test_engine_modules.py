"""The engine's rule modules as plain functions (issue #13): no mixins, no `Game` in
their signatures, string states as Literals, and each function checked on its own."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path
from typing import get_args

import pytest

from engine import claims, ending, kans, turns, wins
from engine.actions import Discard, Ron
from engine.game import Game
from engine.player_view_of_game import player_view
from engine.scripted import do, scripted_game, t
from engine.settlement import REASONS, Payment
from engine.state import ClaimSource, Phase, Round, SeatState, TurnKind
from rules.ruleset import load_preset
from rules.tiles import parse_tiles

ROOT = Path(__file__).resolve().parent.parent
RULE_MODULES = (claims, ending, kans, turns, wins)
WRC = load_preset("wrc")

# East 1: seat 0 deals; seat 1 waits on 3p-6p with pinfu.
TENPAI_1 = "123m456m789m45p11s"
HANDS = ["1236m9m1p2p5s8s1z2z3z4z", TENPAI_1, "2468m1357p1357s1z", "2468m2468p2468s5z"]


def test_game_has_no_rule_mixins():
    assert Game.__mro__ == (Game, object)


@pytest.mark.parametrize("module", RULE_MODULES, ids=lambda m: m.__name__)
def test_rule_modules_never_see_the_game(module):
    """They read the hand state, the ruleset and a `Round`, never the `Game` object."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module not in ("game", "engine.game"), f"{module.__name__} imports Game"
        if isinstance(node, ast.Name):
            assert node.id != "Game", f"{module.__name__} names Game"
        if isinstance(node, ast.ClassDef):  # small values only, never a mixin
            decorators = [ast.unparse(d) for d in node.decorator_list]
            assert any(d.startswith("dataclass") for d in decorators), node.name


def test_string_states_keep_their_old_values():
    """Literals: logs, JSON and comparisons elsewhere still see the plain strings."""
    assert get_args(Phase) == ("turn", "claim", "declare", "over")
    assert get_args(TurnKind) == ("draw", "rinshan", "call")
    assert get_args(ClaimSource) == ("discard", "kakan", "ankan", "kita")
    game = scripted_game("wrc", HANDS, "9p")
    assert game.hand.phase == "turn" and game.hand.turn_kind == "draw"
    view = player_view(game, 0)
    assert json.dumps({"phase": view.phase}) == '{"phase": "turn"}'
    assert f"{view.phase}" == "turn"


def test_round_counts_winds_from_the_dealer():
    rnd = Round(round_wind=1, dealer=2, honba=0, sticks=0)
    assert [rnd.seat_wind(s) for s in range(4)] == [29, 30, 27, 28]
    assert rnd.wind_kind() == 28  # South round


def test_update_waits_caches_shanten_and_waits():
    s = SeatState(parse_tiles(TENPAI_1))
    turns.update_waits(s, chiitoitsu=True)
    assert s.shanten == 0 and s.waits == (11, 14) and s.wait_set == {11, 14}
    s = SeatState(parse_tiles("1357m1357p1357s1z"))
    turns.update_waits(s, chiitoitsu=True)
    assert s.shanten > 0 and s.waits == () and not s.wait_set


def test_formal_tenpai_and_own_waits():
    """`tenpai_own_waits = noten`: holding all four of the only wait is not tenpai."""
    s = SeatState(parse_tiles("1111m234p567p789s5z"))
    noten = WRC.with_overrides({"tenpai_own_waits": "noten"})
    tenpai = WRC.with_overrides({"tenpai_own_waits": "none"})
    assert not turns.formal_tenpai(noten, s, [0])
    assert turns.formal_tenpai(tenpai, s, [0])
    assert turns.formal_tenpai(noten, s, [0, 31])


def test_draw_returns_the_event_and_puts_the_seat_on_turn():
    game = scripted_game("wrc", HANDS, "9p7z")
    do(game, Discard(0, t("9p")))
    h = game.hand
    assert h.turn == 1 and h.seats[1].drawn == t("7z")
    remaining = h.wall.remaining
    h.seats[1].remove(t("7z"))  # put the seat back to 13 tiles to draw again by hand
    event = turns.draw(h, 1, rinshan=False)
    assert event.seat == 1 and event.remaining == remaining - 1
    assert h.phase == "turn" and h.turn_kind == "draw" and h.claim is None


def test_accept_riichi_only_with_a_pending_declaration():
    s = SeatState(parse_tiles(TENPAI_1))
    assert not claims.accept_riichi(WRC, s) and not s.riichi
    s.riichi_pending = True
    assert claims.accept_riichi(WRC, s)
    assert s.riichi and not s.riichi_pending and s.ippatsu == WRC.ippatsu
    s = SeatState(parse_tiles(TENPAI_1))
    s.riichi_pending = True
    no_ippatsu = load_preset("jpml")
    assert not no_ippatsu.ippatsu
    assert claims.accept_riichi(no_ippatsu, s) and not s.ippatsu


def test_passed_win_is_temporary_or_kind_furiten_by_ruleset():
    s = SeatState(parse_tiles(TENPAI_1))
    claims.passed(WRC.with_overrides({"furiten_temporary": "until_next_take"}), s, 11)
    assert s.temp_furiten and not s.temp_kinds
    s = SeatState(parse_tiles(TENPAI_1))
    same_tile = WRC.with_overrides({"furiten_temporary": "same_tile_until_next_discard"})
    claims.passed(same_tile, s, 11)
    assert not s.temp_furiten and s.temp_kinds == {11} and not s.riichi_furiten


def test_discard_opens_a_window_only_for_those_who_can_use_it():
    game = scripted_game("wrc", HANDS, "3p")
    h, rnd = game.hand, game.counters
    event = turns.discard(WRC, h, 0, t("3p"), riichi=False)
    assert event.tile == t("3p") and event.tsumogiri and not event.houtei
    claim = claims.open_discard_claims(WRC, h, rnd, 0, event.tile, houtei=False)
    assert claim.source == "discard" and claim.shape_seats == (1,)
    assert Ron(1) in claim.options[1] and h.phase == "claim"
    assert 1 in h.wins  # the offered win is scored once and kept


def test_declaration_order_puts_riichi_first():
    game = scripted_game("wrc", HANDS, "9p")
    h = game.hand
    h.seats[2].riichi = True
    assert ending.declaration_order(h, dealer=1) == [2, 1, 3, 0]
    assert ending.declaration_order(h, dealer=0) == [2, 0, 1, 3]


def test_settle_draw_pays_noten_and_keeps_a_tenpai_dealer():
    game = scripted_game("wrc", HANDS, "9p")
    h = game.hand
    h.declared = {0: True, 1: False, 2: False, 3: False}
    event, deltas, renchan = ending.settle_draw(WRC, h, dealer=0)
    assert deltas == [3000, -1000, -1000, -1000] and renchan
    assert event.tenpai == (True, False, False, False)
    h.declared = {0: False, 1: True, 2: True, 3: False}
    _, deltas, renchan = ending.settle_draw(WRC, h, dealer=0)
    assert deltas == [-1500, 1500, 1500, -1500] and not renchan


@pytest.mark.parametrize(
    ("rnd", "reason", "renchan", "time_up", "want"),
    [
        # A non-dealer win: honba back to 0, the deal moves on.
        (Round(0, 0, 2, 0), "win", False, False, ending.NextHand(0, 0, 1, False)),
        # Dealer repeat: same hand, one more honba.
        (Round(0, 2, 1, 0), "win", True, False, ending.NextHand(2, 0, 2, False)),
        # An exhaustive draw without renchan: honba +1 and the deal moves on.
        (Round(0, 1, 0, 0), "draw", False, False, ending.NextHand(1, 0, 2, False)),
        # East 4 → South 1.
        (Round(0, 3, 0, 0), "win", False, False, ending.NextHand(0, 1, 0, False)),
        # South 4 of a hanchan without renchan: the end.
        (Round(1, 3, 0, 0), "win", False, False, ending.NextHand(0, 1, 3, True)),
        # The dealer repeats in South 4: the game goes on (no agari-yame parameter here).
        (Round(1, 3, 0, 0), "win", True, False, ending.NextHand(1, 1, 3, False)),
        # The time limit ends it at once.
        (Round(0, 0, 0, 0), "win", False, True, ending.NextHand(0, 0, 0, True)),
    ],
)
def test_next_hand(rnd, reason, renchan, time_up, want):
    assert WRC.honba_counter == "standard" and WRC.game_length == "hanchan"
    assert ending.next_hand(WRC, rnd, reason, renchan, time_up) == want


def test_next_hand_without_honba_and_in_a_four_wind_game():
    classic = load_preset("renmei_classic")
    assert classic.honba_counter != "standard" and classic.game_length != "hanchan"
    got = ending.next_hand(classic, Round(1, 3, 3, 0), "draw", False, False)
    assert got == ending.NextHand(0, 2, 0, False)  # West round follows South


def test_payment_reasons_are_one_literal():
    assert {"hand", "honba", "sticks", "pao", "noten", "chombo"} == REASONS
    with pytest.raises(ValueError, match="unknown payment reason"):
        Payment(0, 1, 100, "gift")  # type: ignore[arg-type]


def test_ci_checks_types_and_dead_code_over_the_strict_list():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".venv/bin/mypy" in ci and ".venv/bin/vulture" in ci


    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["strict"] is True
    for module in RULE_MODULES:
        assert str(Path(module.__file__).relative_to(ROOT)) in mypy["files"]
    assert "engine/game.py" in mypy["files"]
