"""The table for three players (issue 25, RULESETS.md §9): the kita key, the empty
seat's side, the seats' winds, a three-player game played by keys to its results."""

from __future__ import annotations

import pytest
from test_tui_geometry import _wall_gaps, board_size
from test_tui_pilot import game_app, legal_types, settle

from engine.actions import Discard, Kita, Pass, Ron, ShowTenpai, Tsumo
from engine.availability import KINDS, action_kind
from engine.events import HandEnded, KitaDeclared
from engine.game import Start
from engine.scripted import do, scripted_game, t
from engine.seat_view import build_seat_view
from engine.table_host import hosted_game
from tui.input import TableInput
from tui.layout import board_layout
from tui.screens.table import TableScreen
from tui.widgets.board import canvas, paint_board
from tui.widgets.empty_seat import PANEL, empty_side

# Seat 0 (dealer) draws 9m: a North to set aside; seat 1 holds a North and calls
# nothing; seat 2 is idle (tests/test_sanma_engine.py's position).
DEALER = "123p456p789s11m9m4z"
NORTH_WAIT = "555z666z123s789s4z"
IDLE = "567s111p222p1z2z3z7z"


def _game(hands=(DEALER, NORTH_WAIT, IDLE), draws="9m", **kw):
    return scripted_game("tenhou3", [*hands, ""], draws, **kw)


def test_a_three_player_view_gives_the_winds_east_south_west():
    """With seat 1 dealing, seat 0 is West (three winds go round), never North."""
    game = _game(start=Start(hand_number=1))
    winds = [info.wind for info in build_seat_view(game, 0).seats]
    assert winds == [29, 27, 28, 30]  # the empty seat 3 keeps North


def test_kita_is_a_kind_of_action_with_the_engines_reason():
    game = _game()
    view = build_seat_view(game, 0)
    assert Kita(0) in view.legal and action_kind(Kita(0)) == "kita"
    why = {u.kind: u.key for u in view.unavailable}
    assert "kita" not in why and why["chi"] == "chi_not_in_ruleset"
    do(game, Kita(0))
    do(game, Discard(0, t("9m")))
    do(game, Pass(1)) if Pass(1) in game.legal_actions(1) else None
    seat1 = build_seat_view(game, 1)
    # Seat 1's North: set aside only on its own turn after a draw.
    assert {u.kind: u.key for u in seat1.unavailable}.get("kita") in (
        None, "not_your_turn", "claim_open", "waiting_for_claims")
    seat2 = build_seat_view(game, 2)
    assert {u.kind: u.key for u in seat2.unavailable}["kita"] in (
        "no_north", "not_your_turn", "claim_open", "waiting_for_claims")


def test_no_north_is_the_reason_on_ones_turn_without_one():
    game = _game(hands=("123p456p789s11m9m1z", NORTH_WAIT, IDLE))
    why = {u.kind: u.key for u in build_seat_view(game, 0).unavailable}
    assert why["kita"] == "no_north"


def test_a_four_player_view_has_no_kita_kind():
    game = scripted_game("wrc", ["123p456p789s11m9m4z", NORTH_WAIT, IDLE, "2223334445556m"],
                         "9m")
    kinds = {u.kind for u in build_seat_view(game, 0).unavailable} | {
        action_kind(a) for a in build_seat_view(game, 0).legal}
    assert "kita" not in kinds and kinds <= set(KINDS) | {"discard_tile"}


def test_the_kita_key_answers_kita_or_says_why():
    game = _game()
    view = build_seat_view(game, 0)
    keys = TableInput()
    keys.ask(view.legal, view.unavailable)
    assert keys.press("kita").action == Kita(0)
    assert keys.press("chi").reason.key == "chi_not_in_ruleset"
    game = _game(hands=("123p456p789s11m9m1z", NORTH_WAIT, IDLE))
    view = build_seat_view(game, 0)
    keys.ask(view.legal, view.unavailable)
    reason = keys.press("kita").reason
    assert reason is not None and reason.key == "no_north"


SIZES = ((80, 24), (120, 40), (200, 60))


@pytest.mark.parametrize("lang", ("en", "ja"))
@pytest.mark.parametrize("face", ("text", "kanji"))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("seat", (0, 1, 2))
def test_the_empty_side_is_a_panel_that_fits(seat, size, face, lang):
    """From each seat the empty seat is on another side (left, top, right): its side is
    the panel, every region's lines fit it, nothing overlaps, no wall glyph touches
    text, and no badge names the empty seat."""
    game = _game()
    do(game, Kita(0))
    view = build_seat_view(game, seat)
    rel = empty_side(view)
    assert rel == (3 - seat) % 4
    lay = board_layout(*board_size(*size), face)
    painted = paint_board(view, lay, lang=lang)
    regions = painted.layout.regions
    assert PANEL in regions and not any(name.endswith(f"-{rel}") for name in regions)
    for name, lines in painted.parts.items():
        rect = regions[name]
        assert len(lines) <= rect.h, name
        assert all(line.cell_len <= rect.w for line in lines), name
    names = list(regions.items())
    for i, (a, ra) in enumerate(names):
        for b, rb in names[i + 1:]:
            assert not ra.overlaps(rb), (a, b)
    assert _wall_gaps(canvas(painted)) == []
    panel = " ".join(line.plain for line in painted.parts[PANEL])
    assert ("kita 1" if lang == "en" else "北1") in panel
    text = "\n".join(line.plain for line in canvas(painted))
    assert ("kita" if lang == "en" else "抜き") in text.replace(panel, "")  # by seat 0's melds
    assert "North 0" not in text and "北 0" not in text


def test_a_four_player_board_has_no_panel():
    game = scripted_game("wrc", ["123p456p789s11m9m4z", NORTH_WAIT, IDLE, "2223334445556m"],
                         "9m")
    view = build_seat_view(game, 0)
    assert empty_side(view) is None
    assert PANEL not in paint_board(view, board_layout(120, 35, "text")).layout.regions


async def test_a_three_player_game_by_keys_with_a_kita_to_a_result(tmp_path):
    """tenhou3 at launch: three seats, the kita key (x) sets a North aside when legal,
    and the hand plays to its result screen."""
    app = game_app(tmp_path, "tenhou3", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert table is not None
        game = hosted_game(table.app.table_host)
        assert game.ruleset.players == 3
        kitas = 0
        for _ in range(600):
            if any(isinstance(e, HandEnded) for e in game.events):
                break
            screen = await settle(pilot)
            if screen is None:
                break
            kinds = legal_types(screen)
            if Kita in kinds:
                before = sum(isinstance(e, KitaDeclared) for e in game.events)
                await pilot.press("x")
                await settle(pilot)
                assert sum(isinstance(e, KitaDeclared) for e in game.events) == before + 1
                kitas += 1
                continue
            key = ("t" if Tsumo in kinds or ShowTenpai in kinds else "o" if Ron in kinds
                   else "n" if Pass in kinds else "enter")
            await pilot.press(key)
        assert kitas >= 1
        await settle(pilot)
        for _ in range(200):
            if any(isinstance(e, HandEnded) for e in game.events):
                break
            await pilot.press("n" if Pass in legal_types(app.screen) else "enter")
            await settle(pilot)
        assert not isinstance(app.screen, TableScreen)  # the hand's result is up
