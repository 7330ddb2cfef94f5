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
    # Seed 12 seats you West with a North in the deal (tables seat three, engine.table_host).
    app = game_app(tmp_path, "tenhou3", seed=12)
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


@pytest.fixture(scope="module")
def three_player_log(tmp_path_factory):
    import asyncio

    from ai import LEVELS
    from engine.driver import play_game
    from engine.game import Game
    from engine.storage.game_log import write_log
    from rules.ruleset import load_preset

    game = Game(load_preset("tenhou3"), 3, shuffle_seats=True)
    players = [LEVELS["normal"](s, 3) for s in range(4)]
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    path = tmp_path_factory.mktemp("sanma") / "tenhou3.jsonl"
    write_log(game, path)
    return path


async def test_the_replay_viewer_shows_a_three_player_game(three_player_log):
    """The viewer seats three: the empty side is the panel, 1-3 pick a seat (4 says the
    seat is empty and moves nothing), Tab goes round the three, End reaches the end."""
    from engine.storage.game_log import replay
    from engine.timeline import Timeline
    from tui.replay_app import ReplayApp

    app = ReplayApp(Timeline.of(replay(three_player_log)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = screen.view_seat
        await pilot.press("4")
        await pilot.pause()
        assert screen.view_seat == before
        assert "empty" in screen.status
        seen = set()
        for _ in range(4):
            await pilot.press("tab")
            await pilot.pause()
            seen.add(screen.view_seat)
        assert seen == {0, 1, 2}
        await pilot.press("end")
        await pilot.pause()
        lines = "\n".join(line.plain for line in screen.board.lines())
        assert "Kita and dora shown" in lines
        keys = " ".join(h.key for h in screen.query_one("#keys").data.keys)
        assert "1-3" in keys and "1-4" not in keys


# ---------------------------------------------------------------- snapshots


def _kita_position():
    from tui.testing import Position

    return Position(hands=(DEALER, NORTH_WAIT, IDLE, ""), draws="9m", moves=(Kita(0),),
                    rinshan="3p", ruleset="tenhou3")


def _after_the_deal():
    from tui.testing import wait_for_turn

    async def run(pilot) -> None:
        await wait_for_turn(pilot)

    return run


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_three_player_table_with_a_kita_snapshot(snap_compare, tmp_path, size):
    """You (East, dealer) set a North aside: it lies by your melds' place, the panel of
    the empty side (left) counts it, the key line offers x kita and no chi."""
    from tui.testing import position_app

    app = position_app(_kita_position(), data_dir=tmp_path)
    assert snap_compare(app, terminal_size=size, run_before=_after_the_deal())


def _kita_tsumo_game():
    """The dealer sets a North aside and wins on the replacement tile; seat 1 had 1,000
    points and busts, so the game ends too (three rows, uma for three)."""
    from engine.events import Won
    from engine.scripted import of_type

    game = _game(rinshan="1m", start=Start(scores=(35000, 1000, 69000, 0)))
    do(game, Kita(0))
    (won,) = of_type(do(game, Tsumo(0)), Won)
    return game, won


class _ScreenApp:
    @staticmethod
    def of(make):
        from textual.app import App

        class ScreenApp(App):
            def on_mount(self) -> None:
                self.push_screen(make())

        return ScreenApp()


def test_three_player_hand_result_snapshot(snap_compare):
    from tui.result_text import hand_context
    from tui.screens.hand_result import HandResultScreen

    def make():
        game, won = _kita_tsumo_game()
        return HandResultScreen(won, hand_context(won, game))

    assert snap_compare(_ScreenApp.of(make), terminal_size=(120, 40))


def test_three_player_game_end_snapshot(snap_compare):
    from engine.events import GameEnded
    from engine.scripted import of_type
    from engine.timeline import Timeline
    from tui.screens.game_end import GameEndScreen, game_ending

    def make():
        game, _ = _kita_tsumo_game()
        (ended,) = of_type(game.events, GameEnded)
        return GameEndScreen(ended, game_ending(game.events, game.ruleset, Timeline.of(game)))

    assert snap_compare(_ScreenApp.of(make), terminal_size=(120, 40))


def test_the_three_player_results_read_right():
    """The hand result's words: kita on its own line, the tsumo loss said, three score
    rows; the game end's three rows and uma for three places."""
    from engine.events import GameEnded
    from engine.scripted import of_type
    from tui import result_text as X

    game, won = _kita_tsumo_game()
    ctx = X.hand_context(won, game)
    rows = {row.label: row for row in X.yaku_rows(won, ctx)}
    kita = rows[X.say("kita_dora")]
    assert kita.value.startswith("1 han") and [t.kind for t in kita.tiles] == [30]
    dora = int(rows[X.say("dora")].value.split()[0])
    assert dora + 1 == won.result["dora"]["dora"]
    assert "Tsumo loss" in X.tsumo_loss_line(won, ctx)
    assert len(X.score_rows(ctx)) == 3
    assert [p.payer for p in won.payments] == [1, 2]
    (ended,) = of_type(game.events, GameEnded)
    assert len(X.final_rows(ended, game.ruleset)) == 3
    uma = next(n for n in X.final_notes(ended, game.ruleset) if "Uma" in n)
    assert uma.count("/") == 2


async def test_the_kita_key_sets_a_north_aside_and_a_wrong_key_says_why(tmp_path):
    """x sets the North aside (the panel counts it); x again, with no North left, and c
    (no chi for three) each say why in the status line and change nothing."""
    from tui.testing import Position, position_app, wait_for_turn

    # Nobody waits on the North (a ron on it ends the hand: see the report on the fold).
    position = Position(hands=(DEALER, "567s111p222p1z2z3z7z", "567p111s222s1z2z3z6z", ""),
                        draws="9m", rinshan="3p", ruleset="tenhou3")
    app = position_app(position, data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_turn(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and Kita in legal_types(table)
        game = hosted_game(app.table_host)
        await pilot.press("x")
        await wait_for_turn(pilot)
        assert [e.seat for e in game.events if isinstance(e, KitaDeclared)] == [0]
        assert "kita 1" in " ".join(line.plain for line in table.board.lines())
        moves = len(game.events)
        await pilot.press("x")
        await pilot.pause()
        assert "North" in table.status and len(game.events) == moves
        await pilot.press("c")
        await pilot.pause()
        assert "No chi" in table.status and len(game.events) == moves


def test_a_three_player_house_rule_without_kita_counts_only_dora():
    """`--ruleset jpml --rule players=3 --rule tsumo_loss=loss`: three seats, chi kept, no
    kita: the panel counts the dora shown, no kita."""
    from tui.widgets.empty_seat import panel_lines

    game = scripted_game("jpml", [DEALER.replace("4z", "5z"), "555z666z123s789s1z",
                                  IDLE, ""], "9m", rules={"players": 3, "tsumo_loss": "loss"})
    view = build_seat_view(game, 0)
    assert empty_side(view) == 3
    lay = paint_board(view, board_layout(120, 35, "text")).layout
    text = " ".join(line.plain for line in panel_lines(view, lay.regions[PANEL], "en"))
    assert text.startswith("Dora shown") and "kita" not in text and "No chi" not in text


async def test_a_ron_on_your_kita_ends_the_hand_without_a_crash(tmp_path):
    """You set a North aside and seat 1, waiting on the North alone, rons it: the hand's
    result is shown (today the host's fold of the closing events raises)."""
    from tui.testing import Position, position_app, wait_for_turn

    # The tsumogiri bots win whenever they can: seat 1 rons the North.
    position = Position(hands=(DEALER, NORTH_WAIT, IDLE, ""), draws="9m", rinshan="3p",
                        ruleset="tenhou3")
    app = position_app(position, data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_turn(pilot)
        await pilot.press("x")
        await wait_for_turn(pilot)
        assert not isinstance(app.screen, TableScreen)  # the hand's result is up


def test_the_hint_words_a_suggested_kita():
    """The AI suggests kita where it pays: the hint words it (it raised KeyError)."""
    from ai.suggest import describe_action

    reason = describe_action(Kita(0))
    assert reason.key == "suggest_kita" and "kita" in reason


async def test_the_hint_key_works_on_a_three_player_table(tmp_path):
    """i on the turn where the AI would set the North aside shows the hint, no crash."""
    from tui.testing import Position, position_app, wait_for_turn

    position = Position(hands=(DEALER, "567s111p222p1z2z3z7z", "567p111s222s1z2z3z6z", ""),
                        draws="9m", rinshan="3p", ruleset="tenhou3")
    app = position_app(position, data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_turn(pilot)
        table = app.screen
        await pilot.press("i")
        await pilot.pause()
        assert app.is_running and table.hint


def test_a_kita_is_worded_in_the_prompt_and_the_review():
    """The kita action has words of its own (it fell back to its repr)."""
    from tui.screens.review import action_words
    from tui.table_text import action_text

    game = _game()
    view = game.view(0)
    assert "kita" in action_text(Kita(0), view).lower()
    assert "Kita(" not in action_text(Kita(0), view, "ja")
    assert action_words(Kita(0), None) == "kita: set the North aside as a dora"
    assert action_words(Kita(0), None, "ja") == "北抜き"
