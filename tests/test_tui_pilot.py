"""The table played by keystrokes (Textual Pilot): whole hands against the AI, every
binding, illegal keys, random keys, determinism, resume after a stop.

Situations come from scripted walls (`engine.scripted.scripted_game`): the human is
seat 0 and the first dealer; the opponents are tsumogiri bots (they never call and
discard what they draw), so the script decides exactly what is discarded when.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual import events

from ai.baseline import TsumogiriPlayer
from engine.actions import Ankan, Chi, Discard, Pass, Pon, Ron, ShowTenpai, Tsumo
from engine.events import Called, DoraRevealed, HandEnded, KanDeclared, Won
from engine.scripted import scripted_game
from engine.table_host import TableHost, hosted_game
from rules.tiles import parse_tile
from tui.app import MahjongApp
from tui.screens.table import TableScreen

# Opponents that hold nothing useful: far from tenpai, no pairs the scripts rely on.
BOTS = ("258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z")

SCENARIOS: dict[str, tuple[str, str]] = {
    # name: (the human's 13 tiles, the draws in order: human, seat 1, 2, 3, human, ...)
    "chi": ("789m3567p11s678s9s", "1z2z3z4p7z"),  # seat 3 discards 4p: chi 3p5p or 5p6p
    "chi3": ("789m2356p11s678s9s", "1z2z3z4p7z"),  # 4p: chi 2p3p, 3p5p or 5p6p
    "riichi": ("123m456m789p1122s", "5z2z3z6z7z"),  # 5z keeps tenpai (1s/2s)
    "kan": ("1111m456p789s233z", "9p2z1z6z7z"),  # four 1m: ankan, kan dora
    "furiten": ("123m456m789p2345s", "5s1z2z4z7z"),  # tsumo on 5s declined: furiten
    "tsumo": ("123m456m789p2345s", "5s1z2z4z7z"),
    "ron": ("234m456m678p2345s", "1z5s2z4z7z"),  # seat 1 discards 5s: ron (tanyao)
    "pon": ("123m456m789p11s66z", "1z6z2z4z7z"),  # seat 1 discards 6z: pon
}


def scenario_app(name: str, tmp_path: Path, size_note: str = "", **kwargs) -> MahjongApp:
    human, draws = SCENARIOS[name]
    game = scripted_game("wrc", [human, *BOTS], draws)
    bots = [TsumogiriPlayer(seat) for seat in (1, 2, 3)]
    return MahjongApp(
        host=TableHost(game), opponents=bots, delay=0, tiles="text", data_dir=tmp_path, **kwargs
    )


def game_app(tmp_path: Path, ruleset: str = "wrc", seed: int = 7, ai: str = "greedy",
             **kwargs) -> MahjongApp:
    return MahjongApp(ruleset_id=ruleset, ai=ai, seed=seed, tiles="text", delay=0,
                      data_dir=tmp_path, **kwargs)


def table_of(app: MahjongApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


async def settle(pilot, timeout: float = 20.0) -> TableScreen | None:
    """Wait until the human is asked, or another screen (a result) is on top."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        screen = app.screen
        if isinstance(screen, TableScreen):
            if screen.decision is not None and not screen._render_pending:
                await pilot._wait_for_screen()
                return screen
        elif app.screen_stack and any(isinstance(s, TableScreen) for s in app.screen_stack):
            await pilot._wait_for_screen()
            return None
        await asyncio.sleep(0.002)
    raise TimeoutError(f"nothing to decide after {timeout}s (top: {type(app.screen).__name__})")


async def press(pilot, *keys: str) -> TableScreen | None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)
    return await settle(pilot)


def legal_types(table: TableScreen) -> set[type]:
    return {type(a) for a in table.decision.legal} if table.decision else set()


def screen_text(app: MahjongApp) -> str:
    return "\n".join(
        "".join(segment.text for segment in strip)
        for strip in app.screen._compositor.render_strips()
    )


async def play_by_keys(pilot, table: TableScreen, until) -> int:
    """Play sensibly by keys (win when possible, pass calls, discard the hint's tile)
    until `until()`; dismiss result screens with Enter. Returns the keys pressed."""
    app = pilot.app
    keys = 0
    for _ in range(2000):
        if until():
            return keys
        screen = await settle(pilot)
        if screen is None:
            await pilot.press("enter")
            keys += 1
            continue
        kinds = legal_types(screen)
        if Tsumo in kinds:
            key = ["t"]
        elif Ron in kinds:
            key = ["o"]
        elif ShowTenpai in kinds:
            key = ["t"]
        elif Pass in kinds:
            key = ["n"]
        else:
            key = ["i", "enter"]
        for k in key:
            await pilot.press(k)
            keys += 1
        assert app.is_running
    raise AssertionError("the game did not get there")


# ---------------------------------------------------------------- a whole hand


async def test_a_complete_hand_by_keystrokes_against_the_ai(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert table is not None
        start = len(hosted_game(table.app.table_host).events)
        hand_over = lambda: any(  # noqa: E731
            isinstance(e, HandEnded) for e in hosted_game(table.app.table_host).events[start:]
        )
        keys = await play_by_keys(pilot, table, hand_over)
        assert keys > 5
        # The result screen of the hand is up; Enter closes it and the next hand starts.
        if not isinstance(app.screen, TableScreen):
            await pilot.press("enter")
        table = await settle(pilot)
        assert table is not None and table.hands_started == 2
        log = table.query_one("#log").data.lines
        assert any("East 2" in line or "honba" in line for line in log)


# ---------------------------------------------------------------- every binding


async def test_cursor_keys_move_and_enter_discards_the_tile_under_the_cursor(tmp_path):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        tiles = table.hand_tiles()
        assert table.cursor == len(tiles) - 1  # on the drawn tile
        await pilot.press("left")
        assert table.cursor == len(tiles) - 2
        await pilot.press("h")
        assert table.cursor == len(tiles) - 3
        await pilot.press("l", "right")
        assert table.cursor == len(tiles) - 1
        await pilot.press("home")
        assert table.cursor == 0
        await pilot.press("end")
        assert table.cursor == len(tiles) - 1
        await pilot.press("right")  # wraps
        assert table.cursor == 0
        await pilot.press("end")
        drawn = tiles[-1]
        await press(pilot, "enter")
        assert hosted_game(table.app.table_host).actions[0] == Discard(0, drawn)


async def test_space_discards_too(tmp_path):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        await pilot.press("home")
        first = table.hand_tiles()[0]
        await press(pilot, "space")
        assert hosted_game(table.app.table_host).actions[0] == Discard(0, first)


async def test_chi_with_two_options_asks_for_a_number_and_kuikae_blocks_a_discard(tmp_path):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await press(pilot, "enter")  # tsumogiri 1z; seat 3 then discards 4p
        assert Chi in legal_types(table)
        prompt = table.board.ui.prompt
        assert any(
            text.startswith("Chi") and "4p: [3p 5p] | [5p 6p]" in text
            for _, text in prompt.options
        )
        await pilot.press("c")
        assert table.mode == "choose" and len(table.choices) == 2
        assert "1-2" in table.status
        await pilot.press("9")
        assert "no option 9" in table.status.lower() or "9" in table.status
        table = await press(pilot, "2")
        called = [e for e in hosted_game(table.app.table_host).events if isinstance(e, Called)]
        assert called and called[-1].seat == 0
        assert sorted(str(t) for t in called[-1].meld.tiles) == ["4p", "5p", "6p"]
        # Kuikae: 4p and 7p may not be discarded now; 7p is in the hand and disabled.
        tiles = table.hand_tiles()
        seven = tiles.index(parse_tile("7p"))
        assert seven in table.board.ui.disabled
        before = len(hosted_game(table.app.table_host).actions)
        table.cursor = seven
        await pilot.press("enter")
        assert len(hosted_game(table.app.table_host).actions) == before
        assert "kuikae" in table.status.lower()


async def test_riichi_picks_among_the_tenpai_discards_then_declares(tmp_path):
    app = scenario_app("riichi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        await pilot.press("home")
        await pilot.press("r")
        assert table.mode == "riichi"
        # Only 5z keeps tenpai: the cursor jumped there, everything else is disabled.
        assert table._cursor_tile() == parse_tile("5z")
        disabled = table.board.ui.disabled
        assert len(disabled) == len(table.hand_tiles()) - 1
        await pilot.press("escape")
        assert table.mode == "" and table.decision is not None  # Esc backs out, no pass
        await pilot.press("r")
        table = await press(pilot, "enter")
        riichi = Discard(0, parse_tile("5z"), riichi=True)
        assert hosted_game(table.app.table_host).actions[0] == riichi
        assert table.view.seats[0].riichi
        assert table.view.seats[0].river[0].sideways


async def test_kan_declares_an_ankan_and_reveals_a_kan_dora(tmp_path):
    app = scenario_app("kan", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert Ankan in legal_types(table)
        table = await press(pilot, "k")
        assert any(isinstance(e, KanDeclared) for e in hosted_game(table.app.table_host).events)
        hosted = hosted_game(table.app.table_host)
        kan_dora = [e for e in hosted.events if isinstance(e, DoraRevealed) and e.kan]
        assert kan_dora and len(table.view.wall.dora_indicators) == 2
        assert table.view.seats[0].melds[0].kind.value == "ankan"


async def test_tsumo_wins_and_the_result_screen_closes_with_enter(tmp_path):
    app = scenario_app("tsumo", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        options = " ".join(text for _, text in table.board.ui.prompt.options)
        # The dealer's first draw completes the hand: tenhou, and the prompt says so.
        assert "Tsumo ツモ 5s: tenhou 天和 = yakuman 役満 16,000 all" in options
        await press(pilot, "t")
        won = [e for e in hosted_game(table.app.table_host).events if isinstance(e, Won)]
        assert won and won[0].winner == 0 and won[0].from_seat is None
        assert [y["id"] for y in won[0].result["yaku"]] == ["tenhou"]
        assert not isinstance(app.screen, TableScreen)  # the hand result is up
        await press(pilot, "enter")
        assert table.hands_started == 2


async def test_ron_wins_on_a_discard(tmp_path):
    app = scenario_app("ron", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await press(pilot, "enter")
        assert Ron in legal_types(table)
        options = " ".join(text for _, text in table.board.ui.prompt.options)
        assert "Ron ロン 5s: tanyao 断幺九 = 2,000" in options
        await press(pilot, "o")
        won = [e for e in hosted_game(table.app.table_host).events if isinstance(e, Won)]
        assert won and won[0].winner == 0 and won[0].from_seat == 1


async def test_pon_calls_and_pass_declines(tmp_path):
    app = scenario_app("pon", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await press(pilot, "enter")
        assert Pon in legal_types(table)
        table = await press(pilot, "p")
        called = [e for e in hosted_game(table.app.table_host).events if isinstance(e, Called)]
        assert called and called[0].meld.kind.value == "pon" and called[0].from_seat == 1
    app = scenario_app("pon", tmp_path / "again")
    async with app.run_test(size=(120, 40)) as pilot:
        table = await press(pilot, "enter")
        assert Pon in legal_types(table)
        await press(pilot, "n")
        assert Pass(0) in hosted_game(table.app.table_host).actions
        assert not any(isinstance(e, Called) for e in hosted_game(table.app.table_host).events)


async def test_hint_aids_help_and_rules_keys(tmp_path):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        await pilot.press("i")
        assert table.hint.startswith("Hint:")
        assert table.query_one("#aids").data.aids.hint == table.hint
        assert table.query_one("#aids").data.enabled
        await pilot.press("a")
        assert not table.query_one("#aids").data.enabled
        await pilot.press("a")
        assert table.query_one("#aids").data.enabled
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        assert app.screen is table
        await pilot.press("g")
        assert type(app.screen).__name__ == "RulesReferenceScreen"
        await pilot.press("escape")
        assert app.screen is table
        await pilot.press("G")  # the glossary, for the terms the aids and hint use
        assert type(app.screen).__name__ == "GlossaryScreen"
        assert app.screen.lang == table.lang
        await pilot.press("escape")
        assert app.screen is table
        assert hosted_game(table.app.table_host).actions == []  # none of these touched the game


async def test_q_quits(tmp_path):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


# ---------------------------------------------------------------- illegal keys


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("p", "no call is possible now"),
        ("c", "no call is possible now"),
        ("o", "no discard to ron now"),
        ("t", "your hand is not complete"),
        ("r", "riichi needs a closed tenpai hand"),
        ("k", "no kan is possible now"),
        ("n", "nothing to pass now"),
        ("3", "not possible now"),
    ],
)
async def test_an_illegal_key_says_why_and_changes_nothing(tmp_path, key, why):
    app = scenario_app("chi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        hosted = hosted_game(table.app.table_host)
        before = (list(hosted.actions), len(hosted.events))
        await pilot.press(key)
        await pilot.pause()
        hosted = hosted_game(table.app.table_host)
        assert (list(hosted.actions), len(hosted.events)) == before
        assert why in table.status.lower()
        assert why in screen_text(app).lower()


async def test_keys_while_others_play_say_it_is_not_your_turn(tmp_path):
    app = scenario_app("riichi", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        table.decision = None  # as between two questions
        await pilot.press("enter")
        assert "not your turn" in table.status.lower()
        assert hosted_game(table.app.table_host).actions == []


# ---------------------------------------------------------------- random keys

CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t"}


async def quick_press(pilot, key: str) -> None:
    """Deliver one key as the terminal would and wait until the screen has handled it
    (Pilot's `press` also waits for the CPU to go idle, ~70 ms a key)."""
    character = CHARACTERS.get(key, key if len(key) == 1 else None)
    pilot.app.post_message(events.Key(key, character))
    await pilot._wait_for_screen()


RANDOM_KEYS = [
    "left", "right", "h", "l", "home", "end", "enter", "space", "t", "r", "c", "p", "k",
    "o", "n", "escape", "i", "a", "1", "2", "3", "9", "x", "up", "down", "tab",
]


async def _random_keys_on_one_game(tmp_path: Path, seed: int, rng: random.Random,
                                   budget: int) -> int:
    """Press up to `budget` random keys on a new game; return how many were pressed."""
    app = game_app(tmp_path, seed=seed)
    pressed = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        while pressed < budget:
            await quick_press(pilot, rng.choice(RANDOM_KEYS))
            pressed += 1
            if not app.is_running:  # the game may well end first (Enter closes the last panel)
                assert hosted_game(table.app.table_host).is_over
                break
        assert app.return_code in (None, 0)
        assert len(hosted_game(table.app.table_host).actions) > 20
        worker_errors = [w for w in app.workers if w.error is not None]
        assert not worker_errors
        # Everything applied was what the engine offered at that moment (replayable).
        from engine.storage.game_log import log_lines, replay

        hosted = hosted_game(table.app.table_host)
        assert replay(list(log_lines(hosted))).events == hosted.events
    return pressed


async def _random_keys(tmp_path: Path, keys: int) -> None:
    """`keys` random keys over seeded games, one after another (from seed 11). The
    engine raises on an illegal action (and the driver on an illegal decision), so a
    run without an exception means every applied action was legal."""
    rng = random.Random(20261122)
    pressed, seed = 0, 11
    while pressed < keys:
        pressed += await _random_keys_on_one_game(tmp_path / str(seed), seed, rng, keys - pressed)
        seed += 1
    assert pressed == keys


async def test_two_thousand_random_keys_never_crash_nor_break_a_rule(tmp_path):
    """A game ends after about 1,600 random keys: 2,000 play one whole game and the
    start of the next (the default run's share of the 5,000 below)."""
    await _random_keys(tmp_path, 2000)


@pytest.mark.slow
async def test_five_thousand_random_keys_never_crash_nor_break_a_rule(tmp_path):
    """The same over 5,000 keys: several seeded games."""
    await _random_keys(tmp_path, 5000)


# ---------------------------------------------------------------- determinism and resume


async def _run_keys(tmp_path: Path, keys: list[str]) -> str:
    app = game_app(tmp_path, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for key in keys:
            await press(pilot, key)
        return screen_text(app)


async def test_same_seed_and_keys_give_the_same_screen(tmp_path):
    keys = ["i", "enter", "left", "enter", "home", "enter", "i"]
    first = await _run_keys(tmp_path / "a", keys)
    second = await _run_keys(tmp_path / "b", keys)
    assert first == second


async def test_resume_after_an_abrupt_stop_restores_the_identical_state(tmp_path):
    app = game_app(tmp_path, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        for _ in range(4):
            table = await press(pilot, "i", "enter") or table
            if table.decision and Pass in legal_types(table):
                table = await press(pilot, "n") or table
        events = list(hosted_game(app.table_host).events)
        model_hand = list(table_of(app).hand_tiles())
    # A new run with the same data directory offers the save on the launch screen.
    again = MahjongApp(delay=0, data_dir=tmp_path, seed=99)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "press r to resume" in screen_text(again)
        table = await press(pilot, "r")
        assert hosted_game(table.app.table_host).events == events
        assert table.hand_tiles() == model_hand


async def test_the_nine_terminals_key_calls_the_hand_off_in_the_table(tmp_path):
    """y on the first draw of an uninterrupted go-around (tenhou's 九種九牌): the engine's
    NineTerminals is applied and the hand ends as that abortive draw."""
    from engine.actions import NineTerminals
    from engine.events import ExhaustiveDraw

    hands = ["19m19p19s1234z467m", "2m4m7m9m1p3p6p8p2s4s7s9s2z",
             "1m3m6m8m2p4p7p9p1s3s6s8s3z", "2m4m7m9m1p3p6p8p2s4s7s9s4z"]
    game = scripted_game("tenhou", hands, "7z", rules={"red_fives": 0})
    bots = [TsumogiriPlayer(seat) for seat in (1, 2, 3)]
    app = MahjongApp(host=TableHost(game),
                     opponents=bots, delay=0, tiles="text", data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert NineTerminals(0) in table.view.legal
        await press(pilot, "y")
        events = hosted_game(table.app.table_host).events
        [draw] = [e for e in events if isinstance(e, ExhaustiveDraw)]
        assert (draw.kind, draw.seat) == ("nine_terminals", 0)
