"""The table: the game being played, and every key the human player uses.

The engine runs `play_game` in ONE exclusive worker on the app's loop. The
worker only posts messages: each event (`Happened`) and each question to the
human (`Asked`, from `HumanPlayer.decide`). The screen keeps a display model
built from the events (as a log replayer would), hands frozen data to the dumb
widgets, and turns keys into one of the legal actions, which resolves the
human's future. A key that cannot act now is greyed out in the footer
(`check_action`) and, when pressed, says why in the status line; it never
changes the game.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.driver import play_game
from engine.events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    KanDeclared,
    RiichiAccepted,
    Won,
)
from engine.game import Game
from engine.view import PlayerView
from engine.wall import DEAL_END, LIVE_END, Break
from rules.hand import Meld, MeldKind
from rules.tiles import Tile, dora_from_indicator

from ..describe import (
    Aids,
    action_text,
    choice_texts,
    event_text,
    learning_aids,
    message,
    options_text,
    reason_text,
    relative,
    seat_label,
    tile_label,
    tiles_label,
    why_not,
)
from ..human import Decision, HumanPlayer
from ..keys import BINDINGS_TABLE, footer_label, textual_bindings
from ..settings import GameConfig
from ..tiles import tile_text, tile_width
from ..widgets import (
    WIDGETS_CSS_PATH,
    DoraData,
    DoraPanel,
    HandTiles,
    MeldsData,
    MeldsView,
    River,
    RiverData,
    RiverTile,
    TileRow,
    melds_text,
)
from ..widgets.aids import AidsData, AidsPanel
from ..widgets.center import CenterData, CenterInfo, SeatScore
from ..widgets.event_log import KEEP as LOG_KEEP
from ..widgets.event_log import EventLog, LogData
from ..widgets.prompt import KeyBar, KeyBarData, KeyHint, PromptBar, PromptData
from ..widgets.wall import BOTTOM, LEFT, RIGHT, TOP, WallSide, WallStrips, build_wall
from ..words import seat_name, wind_name
from . import TABLE_CSS_PATH

COMPACT_WIDTH = 120  # below this width (or COMPACT_HEIGHT rows) the compact layout is used
COMPACT_HEIGHT = 36


# ---------------------------------------------------------------- the display model


@dataclass(slots=True)
class RiverEntry:
    tile: Tile
    tsumogiri: bool
    turned: bool
    called: bool = False


@dataclass(slots=True)
class TableModel:
    """What the table shows, rebuilt from the event stream as seen from `human`."""

    human: int
    discard_rows: int = 6
    round_wind: int = 0
    hand_number: int = 0
    dealer: int = 0
    honba: int = 0
    sticks: int = 0
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hand: list[Tile] = field(default_factory=list)  # the human's concealed tiles, drawn excluded
    drawn: Tile | None = None
    sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    melds: list[list[Meld]] = field(default_factory=lambda: [[], [], [], []])
    rivers: list[list[RiverEntry]] = field(default_factory=lambda: [[], [], [], []])
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    turn_next: list[bool] = field(default_factory=lambda: [False] * 4)
    tiles_left: int = 70
    indicators: list[Tile] = field(default_factory=list)
    ura: tuple[Tile, ...] = ()
    rinshan_taken: int = 0
    brk: Break = field(default_factory=lambda: Break(0, 0))
    dice: tuple[tuple[int, int], ...] = ()
    turn: int = 0
    last: tuple[int, int] | None = None
    hands_started: int = 0
    over: bool = False

    def apply(self, event: Event) -> None:
        if isinstance(event, HandStarted):
            self.round_wind, self.hand_number = event.round_wind, event.hand_number
            self.dealer, self.honba, self.sticks = event.dealer, event.honba, event.sticks
            self.scores = list(event.scores)
            self.hand, self.drawn = [], None
            self.sizes = [13] * 4
            self.melds = [[], [], [], []]
            self.rivers = [[], [], [], []]
            self.riichi = [False] * 4
            self.turn_next = [False] * 4
            self.tiles_left = LIVE_END - DEAL_END - 1
            self.indicators, self.ura, self.rinshan_taken = [], (), 0
            self.brk = Break(event.break_side, event.break_stacks)
            self.dice = event.dice
            self.turn, self.last = event.dealer, None
            self.hands_started += 1
        elif isinstance(event, Dealt):
            self.hand = sorted(event.hands[self.human], key=_key)
        elif isinstance(event, DoraRevealed):
            self.indicators.append(event.indicator)
        elif isinstance(event, Drew):
            self.sizes[event.seat] += 1
            self.tiles_left = event.remaining
            self.turn = event.seat
            if event.rinshan:
                self.rinshan_taken += 1
            if event.seat == self.human:
                self._settle_drawn()
                self.drawn = event.tile
        elif isinstance(event, Discarded):
            seat = event.seat
            self.sizes[seat] -= 1
            if seat == self.human:
                self._remove(event.tile)
            turned = event.riichi or self.turn_next[seat]
            self.turn_next[seat] = False
            self.rivers[seat].append(RiverEntry(event.tile, event.tsumogiri, turned))
            self.last = (seat, len(self.rivers[seat]) - 1)
            self.turn = seat
        elif isinstance(event, RiichiAccepted):
            self.riichi[event.seat] = True
            self.sticks = event.sticks
            self.scores[event.seat] = event.score
        elif isinstance(event, Called):
            meld = event.meld
            river = self.rivers[event.from_seat]
            if river:
                river[-1].called = True
                if river[-1].turned:  # 000 第32条ニ: the next discard is turned instead
                    river[-1].turned = False
                    self.turn_next[event.from_seat] = True
            own = list(meld.tiles)
            if meld.called is not None:
                own.remove(meld.called)
            self.sizes[event.seat] -= len(own)
            if event.seat == self.human:
                self._settle_drawn()
                for t in own:
                    self._remove(t)
            self.melds[event.seat].append(meld)
            self.turn = event.seat
        elif isinstance(event, KanDeclared):
            meld = event.meld
            melds = self.melds[event.seat]
            if meld.kind is MeldKind.ANKAN:
                taken = list(meld.tiles)
                melds.append(meld)
            else:
                index = next(
                    (
                        i
                        for i, m in enumerate(melds)
                        if m.kind is MeldKind.PON and m.base_kind == meld.base_kind
                    ),
                    None,
                )
                old = melds[index] if index is not None else None
                rest = list(meld.tiles)
                for t in old.tiles if old else ():
                    rest.remove(t)
                taken = rest[:1]
                if index is not None:
                    melds[index] = meld
                else:  # pragma: no cover - the engine only allows kakan on a pon
                    melds.append(meld)
            self.sizes[event.seat] -= len(taken)
            if event.seat == self.human:
                self._settle_drawn()
                for t in taken:
                    self._remove(t)
        elif isinstance(event, Won):
            self.ura = event.ura_indicators
        elif isinstance(event, HandEnded):
            self.scores = list(event.scores)
            self.sticks = event.sticks
            self.honba = event.honba
        elif isinstance(event, GameEnded):
            self.over = True
            self.scores = list(event.scores)

    def _settle_drawn(self) -> None:
        if self.drawn is not None:
            self.hand.append(self.drawn)
            self.hand.sort(key=_key)
            self.drawn = None

    def _remove(self, tile: Tile) -> None:
        if self.drawn == tile:
            self.drawn = None
            return
        self.hand.remove(tile)
        self._settle_drawn()

    # -- derived -------------------------------------------------------------------
    def display_tiles(self) -> list[Tile]:
        return [*self.hand, *([self.drawn] if self.drawn is not None else [])]

    def kans(self) -> int:
        return sum(1 for melds in self.melds for m in melds if m.is_quad)

    def wind(self, seat: int) -> int:
        return (seat - self.dealer) % 4


def _key(tile: Tile) -> tuple[int, bool]:
    return (tile.kind, tile.red)


# ---------------------------------------------------------------- fixed-size widgets
# The table's widgets have sizes fixed by table.tcss, so a change of what they show
# repaints them without a layout pass over the whole screen (one per event otherwise).


class FixedRiver(River):
    data: reactive[RiverData] = reactive(River.DEFAULT_DATA, layout=False)


class FixedRow(TileRow):
    data: reactive[HandTiles] = reactive(TileRow.DEFAULT_DATA, layout=False)


class FixedMelds(MeldsView):
    data: reactive[MeldsData] = reactive(MeldsView.DEFAULT_DATA, layout=False)


class FixedDora(DoraPanel):
    data: reactive[DoraData] = reactive(DoraPanel.DEFAULT_DATA, layout=False)


class Tag(Static):
    """A line of text whose size the stylesheet fixes; updating it never reflows."""

    def show(self, content: Text | str) -> None:
        if content != getattr(self, "_shown", None):
            self._shown = content
            self.update(content, layout=False)


# ---------------------------------------------------------------- the screen

GAME_KEYS = ("discard", "tsumo", "riichi", "chi", "pon", "kan", "ron", "pass", "choose")


class TableScreen(Screen[None]):
    """One game at the table, from the first deal to the final results."""

    CSS_PATH: ClassVar = [WIDGETS_CSS_PATH, TABLE_CSS_PATH]
    BINDINGS: ClassVar = textual_bindings("en")

    class Happened(Message):
        """The engine reported an event."""

        def __init__(self, event: Event) -> None:
            super().__init__()
            self.event = event

    class Asked(Message):
        """The engine asks the human player to decide."""

        def __init__(self, decision: Decision) -> None:
            super().__init__()
            self.decision = decision

    def __init__(
        self,
        config: GameConfig,
        *,
        game: Game | None = None,
        opponents: Sequence[Any] | None = None,
        on_game_over: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.lang = config.lang
        self.tile_style = config.tiles
        self.game = game if game is not None else self._new_game(config)
        self.human_seat = self.game.seating.index(0)
        self.human = HumanPlayer(self._on_ask)
        self.opponents = list(opponents) if opponents is not None else None
        self.model = TableModel(self.human_seat, self.game.ruleset.discard_rows)
        self.decision: Decision | None = None
        self.cursor = 0
        self.mode: str = ""  # "" | "riichi" | "choose"
        self.choices: list[Action] = []
        self.choice_title = ""
        self.aids_on = config.aids
        self.hint = ""
        self.status = ""
        self.actions_applied = 0
        self.on_game_over = on_game_over
        self._last_view: PlayerView | None = None
        self._replay_left = len(self.game.events)  # events already played (a resumed game)
        self._render_pending = False
        self._paint_now = False
        self._aids_key: tuple | None = None
        self._log_lines: list[str] = []  # event lines not shown yet
        self.river_row = self.game.ruleset.discard_rows

    @staticmethod
    def _new_game(config: GameConfig) -> Game:
        # A real clock: a ruleset with a time limit (gifu) ends when it runs out.
        return Game.new(
            config.build_ruleset(), config.seed, shuffle_seats=True, clock=time.monotonic
        )

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        kw: dict[str, Any] = {"tile_style": self.tile_style, "lang": self.lang}
        with Horizontal(id="main"):
            with Vertical(id="board"):
                with Horizontal(id="top-row", classes="seat-row"):
                    yield Tag(id="tag-2", classes="tag")
                    yield FixedRow(id="backs-2", classes="backs", **kw)
                    yield FixedMelds(id="melds-2", classes="top-melds", **kw)
                yield FixedRiver(id="river-2", classes="river", **kw)
                with Horizontal(id="middle"):
                    with Vertical(id="side-3", classes="side"):
                        yield Tag(id="tag-3", classes="tag")
                        yield Tag(id="backs-3", classes="side-backs")
                        yield FixedRiver(id="river-3", classes="river", **kw)
                        yield Tag(id="melds-3", classes="side-melds")
                    with Container(id="ring"):
                        yield WallSide(TOP, id="wall-top", **kw)
                        yield WallSide(LEFT, id="wall-left", **kw)
                        with Vertical(id="centre"):
                            yield CenterInfo(id="center-info", **kw)
                            yield FixedDora(id="dora", **kw)
                            yield WallStrips(id="wall-strips", **kw)
                        yield WallSide(RIGHT, id="wall-right", **kw)
                        yield WallSide(BOTTOM, id="wall-bottom", **kw)
                    with Vertical(id="side-1", classes="side"):
                        yield Tag(id="tag-1", classes="tag")
                        yield Tag(id="backs-1", classes="side-backs")
                        yield FixedRiver(id="river-1", classes="river", **kw)
                        yield Tag(id="melds-1", classes="side-melds")
                yield FixedRiver(id="river-0", classes="river", **kw)
                yield FixedMelds(id="melds-0", **kw)
                with Horizontal(id="hand-row"):
                    yield Tag(id="tag-0", classes="tag")
                    yield FixedRow(id="hand", **kw)
                yield PromptBar(id="prompt", **kw)
                yield AidsPanel(id="aids-line", **kw)
                yield Tag(id="status")
            with Vertical(id="sidebar"):
                yield EventLog(id="log", **kw)
                yield AidsPanel(id="aids", **kw)
        yield KeyBar(id="keys", **kw)

    def on_mount(self) -> None:
        self._apply_size()
        self.run_worker(self._play(), exclusive=True, group="engine", name="engine")

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size()

    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _apply_size(self) -> None:
        width, height = self.app.size
        cell = tile_width(self.tile_style) + 1  # a tile and its gap (a river mark cell)
        # Wide faces (kanji) need more room before the side bar fits beside the table.
        roomy_width = COMPACT_WIDTH + 2 * 6 * (cell - 3)
        compact = width < roomy_width or height < COMPACT_HEIGHT
        # Sizes that depend on the tile faces: rivers of six, the top hand of backs.
        side = (width - (0 if compact else 34) - (28 if compact else 38)) // 2 - 2
        river_row = max(3, min(self.game.ruleset.discard_rows, (side - 3) // cell))
        layout = (compact, river_row, cell)
        if layout == getattr(self, "_layout", None):
            return
        self._layout = layout
        self.set_class(compact, "-compact")
        self.set_class(not compact, "-roomy")
        self.river_row = river_row
        for river in self.query(FixedRiver):
            river.styles.width = river_row * cell + 3
        self.query_one("#backs-2", FixedRow).styles.width = 14 * cell
        if self.model.hands_started:
            self._render_all()

    # -- the engine worker ------------------------------------------------------------
    def _players(self) -> list[Any]:
        if self.opponents is not None:
            return [self.human, *self.opponents]
        from ai import DEFAULT_LEVEL, LEVELS

        factory = LEVELS.get(self.config.ai) or LEVELS[DEFAULT_LEVEL]
        players: list[Any] = [self.human]
        for lineup in (1, 2, 3):
            seat = self.game.seating.index(lineup)
            players.append(factory(seat, self.config.seed + lineup))
        return players

    async def _play(self) -> None:
        saver = getattr(self.app, "save_game", None)
        if saver is not None:
            saver(self.game)
        await play_game(self.game, self._players(), [self.observe], after_apply=self._after_apply)

    def _after_apply(self, game: Game, action: Action, new_events: list[Event]) -> None:
        self.actions_applied += 1
        saver = getattr(self.app, "save_after_apply", None)
        if saver is not None:
            saver(game, action, new_events)

    async def observe(self, event: Event, game: Game) -> None:
        """The observer hook (runs in the engine worker): post, pace AI moves, wait on results."""
        self.post_message(self.Happened(event))
        if self._replay_left > 0:  # catching up with a resumed game: no pauses, no panels
            self._replay_left -= 1
            return
        if isinstance(event, Won | ExhaustiveDraw):
            await self._show_result(event, game)
        elif isinstance(event, GameEnded):
            await self._show_game_end(event, game)
        elif (
            self.config.delay > 0
            and isinstance(event, Drew | Called | KanDeclared)
            and event.seat != self.human_seat
        ):
            # An AI "thinks" between its draw (or call) and its move: what happened
            # before, your own discard included, is on screen at once and alone.
            await asyncio.sleep(self.config.delay)

    async def _show_result(self, event: Won | ExhaustiveDraw, game: Game) -> None:
        from .hand_result import HandResultScreen  # screens shown later load then: start-up

        screen = HandResultScreen(event, game, self.lang, self.tile_style, names=self.seat_names())
        await self.app.push_screen(screen, wait_for_dismiss=True)

    async def _show_game_end(self, event: GameEnded, game: Game) -> None:
        from .game_end import GameEndScreen

        screen = GameEndScreen(
            event, game, self.lang, tile_style=self.tile_style, names=self.seat_names()
        )
        saver = getattr(self.app, "save_game", None)
        if saver is not None:
            saver(game)  # a finished game clears the save
        await self.app.push_screen(screen, wait_for_dismiss=True)
        if self.on_game_over is not None:
            self.on_game_over()

    def seat_names(self) -> tuple[str, ...]:
        """"You" for the human, the relative seat for the others ("kamicha", ...)."""
        return tuple(
            seat_label(seat, self.human_seat, 0, self.lang)
            if seat == self.human_seat
            else seat_name(relative(seat, self.human_seat), self.lang).split(" ")[0]
            for seat in range(4)
        )

    def _on_ask(self, decision: Decision) -> None:
        self.post_message(self.Asked(decision))

    # -- messages from the worker -------------------------------------------------------
    def on_table_screen_happened(self, message: Happened) -> None:
        event = message.event
        model = self.model
        before = model.hands_started
        model.apply(event)
        if model.hands_started != before:
            self.mode, self.choices, self.hint = "", [], ""
        if isinstance(event, Won | ExhaustiveDraw | GameEnded | HandStarted):
            self._paint_now = True
        line = event_text(event, self.human_seat, model.dealer, self.lang)
        if line:
            self._log_lines.append(line)
        if isinstance(event, Drew) and event.seat == self.human_seat:
            self.cursor = len(model.display_tiles()) - 1
        if isinstance(event, Discarded) and event.seat == self.human_seat:
            self._idle_aids()
        self._schedule_render()

    def _schedule_render(self) -> None:
        """Render once after a burst of events (the queue's order keeps it after them).

        With no pause between AI moves (`delay` 0) nobody could see the states in
        between, so the table is painted when the human is asked or a hand ends."""
        if self.config.delay <= 0 and not self._paint_now:
            return
        self._paint_now = False
        if not self._render_pending:
            self._render_pending = True
            self.call_later(self._flush_render)

    def _flush_render(self) -> None:
        self._render_pending = False
        self._render_table()
        flush = getattr(self.app, "flush_save", None)
        if flush is not None:  # save in the same burst of work as the repaint
            flush()

    def on_table_screen_asked(self, message: Asked) -> None:
        decision = message.decision
        if decision.future.done():
            return
        flush = getattr(self.app, "flush_save", None)
        if flush is not None:  # the engine waits for the human: a quiet moment to save
            flush()
        self.decision = decision
        self._last_view = decision.view
        self.mode, self.choices = "", []
        self.hint = ""
        self.status = self._default_status()
        tiles = self.model.display_tiles()
        if tiles:
            self.cursor = min(self.cursor, len(tiles) - 1)
        self._render_all()

    def _idle_aids(self) -> None:
        """After the human's own discard: the aids for the 13-tile hand, from the live game
        (only while it is still the same hand the table shows)."""
        game = self.game
        if game.is_over or game.hands_played + 1 != self.model.hands_started:
            return
        try:
            self._last_view = game.view(self.human_seat)
        except Exception:  # pragma: no cover - defensive: aids never break the game
            return

    # -- answering ----------------------------------------------------------------------
    def _answer(self, action: Action) -> None:
        decision = self.decision
        if decision is None or not decision.answer(action):
            self.say(message("not_your_turn", self.lang))
            return
        self.decision = None
        self.mode, self.choices, self.hint = "", [], ""
        self.status = ""
        # No repaint here: the engine answers at once with the events this action
        # caused, and the table is painted once for all of them.

    def say(self, text: str) -> None:
        self.status = text
        self._render_status()

    def _legal(self) -> list[Action]:
        return self.decision.legal if self.decision is not None else []

    def _of(self, *types: type) -> list[Action]:
        return [a for a in self._legal() if isinstance(a, types)]

    def _cursor_tile(self) -> Tile | None:
        tiles = self.model.display_tiles()
        if not tiles:
            return None
        return tiles[max(0, min(self.cursor, len(tiles) - 1))]

    def _discard_for(self, tile: Tile, riichi: bool) -> Discard | None:
        for action in self._of(Discard):
            if action.tile == tile and action.riichi == riichi:
                return action
        return None

    # -- check_action: what can run now (the footer greys out the rest) --------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in GAME_KEYS:
            return True
        if action == "choose":
            return True if self.mode == "choose" else None
        if action == "discard":
            return True if self._of(Discard) else None
        if action == "tsumo":
            return True if self._of(Tsumo, ShowTenpai) else None
        if action == "riichi":
            return True if any(a.riichi for a in self._of(Discard)) else None
        if action == "chi":
            return True if self._of(Chi) else None
        if action == "pon":
            return True if self._of(Pon) else None
        if action == "kan":
            return True if self._of(Ankan, Kakan, Daiminkan) else None
        if action == "ron":
            return True if self._of(Ron) else None
        if action == "pass":
            return True if (self._of(Pass) or self.mode) else None
        return True

    def on_key(self, event: events.Key) -> None:
        """A greyed-out game key says why it does nothing (and does nothing)."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            name = binding.action.split("(")[0]
            if name in GAME_KEYS and self.check_action(name, ()) is None:
                event.stop()
                event.prevent_default()
                self.explain(name)
                return

    def explain(self, name: str) -> None:
        view = self.decision.view if self.decision is not None else None
        if self.model.over:
            self.say(message("game_over", self.lang))
            return
        if name == "choose":
            self.say(message("not_enabled", self.lang))
            return
        key = {"kan": "kan", "discard": "discard"}.get(name, name)
        self.say(why_not(key, view, self._legal(), self.lang))

    # -- actions ------------------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        tiles = self.model.display_tiles()
        if not tiles:
            return
        self.cursor = (self.cursor + step) % len(tiles)
        self.hint = ""
        self._render_hand_and_aids()

    def action_cursor_to(self, index: int) -> None:
        tiles = self.model.display_tiles()
        if tiles:
            self.cursor = index % len(tiles)
            self._render_hand_and_aids()

    def action_discard(self) -> None:
        tile = self._cursor_tile()
        if tile is None:
            return
        if self.mode == "choose":
            self.say(
                message("choose_call", self.lang, what=self.choice_title, count=len(self.choices))
            )
            return
        riichi = self.mode == "riichi"
        action = self._discard_for(tile, riichi)
        if action is None:
            if riichi:
                self.say(message("riichi_pick_listed", self.lang, tiles=self._riichi_tiles()))
                return
            view = self.decision.view if self.decision else None
            if view is not None and view.riichi[view.seat]:
                self.say(message("riichi_locked", self.lang))
            elif view is not None and tile.kind in view.kuikae:
                self.say(message("kuikae", self.lang))
            else:
                self.say(message("cannot_discard", self.lang))
            return
        self._answer(action)

    def _riichi_tiles(self) -> str:
        kinds = sorted({a.tile.kind for a in self._of(Discard) if a.riichi})
        return tiles_label(kinds, self.lang)

    def action_tsumo(self) -> None:
        options = self._of(Tsumo, ShowTenpai)
        if options:
            self._answer(options[0])

    def action_riichi(self) -> None:
        if self.mode == "riichi":
            self.mode = ""
            self.status = self._default_status()
            self._render_all()
            return
        riichi = [a for a in self._of(Discard) if a.riichi]
        if not riichi:
            return
        self.mode = "riichi"
        tiles = self.model.display_tiles()
        allowed = {a.tile for a in riichi}
        current = self._cursor_tile()
        if current not in allowed:
            self.cursor = next(i for i, t in enumerate(tiles) if t in allowed)
        self.status = message("riichi_choose", self.lang, tiles=self._riichi_tiles())
        self._render_all()

    def _call(self, options: list[Action], title: str) -> None:
        if len(options) == 1:
            self._answer(options[0])
            return
        self.mode = "choose"
        self.choices = options
        self.choice_title = title
        self.status = message("choose_call", self.lang, what=title, count=len(options))
        self._render_all()

    def action_chi(self) -> None:
        options = self._of(Chi)
        if options:
            self._call(options, "Chi")

    def action_pon(self) -> None:
        options = self._of(Pon)
        if options:
            self._call(options, "Pon")

    def action_kan(self) -> None:
        options = self._of(Ankan, Kakan, Daiminkan)
        if options:
            self._call(options, "Kan")

    def action_ron(self) -> None:
        options = self._of(Ron)
        if options:
            self._answer(options[0])

    def action_pass(self) -> None:
        if self.mode:
            self.mode, self.choices = "", []
            self.status = self._default_status()
            self._render_all()
            return
        options = self._of(Pass)
        if options:
            self._answer(options[0])

    def action_choose(self, number: int) -> None:
        if self.mode != "choose":
            return
        if not 1 <= number <= len(self.choices):
            self.say(message("no_such_option", self.lang, number=number))
            return
        self._answer(self.choices[number - 1])

    def action_hint(self) -> None:
        decision = self.decision
        if decision is None:
            self.say(message("no_hint", self.lang))
            return
        action, reasons = suggest(decision.view, decision.legal, self.lang)
        if action is None:
            self.say(message("no_hint", self.lang))
            return
        words = action_text(action, decision.view, self.lang)
        self.hint = message("hint", self.lang, action=words)
        if reasons:
            self.hint += "\n" + reasons
        if isinstance(action, Discard):
            tiles = self.model.display_tiles()
            # Point at the copy the AI means (the drawn one last, so prefer it for tsumogiri).
            matches = [i for i, t in enumerate(tiles) if t == action.tile]
            if matches:
                self.cursor = matches[-1]
        self.status = self.hint.split("\n")[0]
        self._render_all()

    def action_aids(self) -> None:
        self.aids_on = not self.aids_on
        self.status = message("aids_on" if self.aids_on else "aids_off", self.lang)
        self._render_all()
        saver = getattr(self.app, "remember", None)
        if saver is not None:
            saver(aids=self.aids_on)

    def action_rules(self) -> None:
        from .rules_reference import RulesReferenceScreen

        self.app.push_screen(RulesReferenceScreen(self.game.ruleset, self.lang))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.lang))

    # -- status ---------------------------------------------------------------------------
    def _default_status(self) -> str:
        decision = self.decision
        lang = self.lang
        if self.model.over:
            return message("game_over", lang)
        if decision is None:
            return message("waiting_for_others", lang)
        view = decision.view
        if view.phase == "declare":
            return message("declare_tenpai", lang)
        if view.phase == "claim" and view.offered is not None:
            return message("you_may_call", lang, tile=tile_label(view.offered, lang))
        return message("your_turn", lang)

    # -- rendering --------------------------------------------------------------------------
    def _render_all(self) -> None:
        if not self.is_mounted:
            return
        self._render_table()

    def _render_table(self) -> None:
        if not self.is_mounted:
            return
        if self._log_lines:
            log = self.query_one("#log", EventLog)
            log.update_data(LogData((*log.data.lines, *self._log_lines)[-LOG_KEEP:]))
            self._log_lines = []
        model = self.model
        human = self.human_seat
        lang, style = self.lang, self.tile_style
        compact = self.compact
        for rel in range(4):
            seat = (human + rel) % 4
            river = self.query_one(f"#river-{rel}", FixedRiver)
            last = model.last
            tiles = tuple(
                RiverTile(
                    e.tile, e.tsumogiri, e.turned, e.called, last == (seat, i) and not e.called
                )
                for i, e in enumerate(model.rivers[seat])
            )
            river.update_data(RiverData(tiles, self.river_row, 3 if compact else 4))
            self.query_one(f"#tag-{rel}", Tag).show(self._tag(seat, rel))
            if rel == 2:
                self.query_one("#backs-2", FixedRow).update_data(
                    HandTiles((None,) * model.sizes[seat])
                )
                self.query_one("#melds-2", FixedMelds).update_data(
                    MeldsData(tuple(model.melds[seat]))
                )
            elif rel in (1, 3):
                self.query_one(f"#backs-{rel}", Tag).show(_backs(model.sizes[seat], style))
                melds = model.melds[seat]
                self.query_one(f"#melds-{rel}", Tag).show(
                    Text("\n").join(melds_text([m], style) for m in melds) if melds else ""
                )
        self.query_one("#melds-0", FixedMelds).update_data(MeldsData(tuple(model.melds[human])))
        # The wall and the centre.
        labels = tuple(
            wind_name(model.wind((human + rel) % 4), lang).split(" ")[1 if lang == "en" else 0]
            for rel in range(4)
        )
        wall = build_wall(
            model.brk,
            human,
            drawn=LIVE_END - model.kans() - model.tiles_left,
            kans=model.kans(),
            rinshan_taken=model.rinshan_taken,
            indicators=tuple(model.indicators),
            labels=labels,
        )
        for widget in self.query(WallSide):
            widget.show_wall(wall)
        self.query_one("#wall-strips", WallStrips).update_data(wall)
        seats = tuple(
            SeatScore(
                model.wind((human + rel) % 4),
                model.scores[(human + rel) % 4],
                model.riichi[(human + rel) % 4],
                model.turn == (human + rel) % 4,
            )
            for rel in range(4)
        )
        dice = ""
        if model.dice:
            throw = " + ".join(f"{a}+{b}" for a, b in model.dice)
            owner = seat_label(model.brk.side, human, model.dealer, lang)
            dice = message("centre_dice", self.lang, throw=throw, owner=owner)
        self.query_one("#center-info", CenterInfo).update_data(
            CenterData(
                model.round_wind,
                model.hand_number,
                model.honba,
                model.sticks,
                model.tiles_left,
                dice,
                seats,
                compact,
                self.game.ruleset.honba_counter != "none",
                self.game.ruleset.riichi,
                self._minutes_left(),
            )
        )
        dora = self.query_one("#dora", FixedDora)
        slots = 1 + (4 if self.game.ruleset.kan_dora else 0) if self.game.ruleset.dora else 0
        if compact:
            slots = len(model.indicators)
        dora.update_data(DoraData(tuple(model.indicators), slots, model.ura, vertical=not compact))
        dora.display = bool(self.game.ruleset.dora)
        self._render_hand_and_aids()

    def _minutes_left(self) -> int | None:
        """Whole minutes of a time limit left (gifu's 50), None without a limit."""
        limit = self.game.ruleset.time_limit_minutes
        if not limit:
            return None
        return max(0, math.ceil(limit - self.game.played_seconds() / 60))

    def _tag(self, seat: int, rel: int) -> Text:
        model = self.model
        lang = self.lang
        wind = wind_name(model.wind(seat), lang)
        if rel in (1, 3) and not self.compact:  # narrow side columns: one language
            wind = wind.split(" ")[0]
        text = Text(no_wrap=True, end="")
        if model.turn == seat:
            text.append("> ", style="bold reverse")
        text.append(wind, style="bold")
        text.append(f" {seat_name(relative(seat, self.human_seat), lang).split(' ')[0]}")
        if self.compact or rel == 0:
            text.append(f" {model.scores[seat]:,}")
        if model.riichi[seat]:
            text.append(" riichi", style="bold red")
        return text

    def _render_hand_and_aids(self) -> None:
        if not self.is_mounted:
            return
        model = self.model
        tiles = model.display_tiles()
        if tiles:
            self.cursor = max(0, min(self.cursor, len(tiles) - 1))
        disabled: set[int] = set()
        decision = self.decision
        if decision is not None and self._of(Discard):
            allowed = {a.tile for a in self._of(Discard) if a.riichi == (self.mode == "riichi")}
            disabled = {i for i, t in enumerate(tiles) if t not in allowed}
        dora_kinds = frozenset(dora_from_indicator(t.kind) for t in model.indicators)
        self.query_one("#hand", FixedRow).update_data(
            HandTiles(
                tuple(tiles),
                model.drawn is not None,
                self.cursor if tiles and (decision is None or self._of(Discard)) else None,
                frozenset(disabled),
                dora_kinds,
            )
        )
        self.query_one("#hand", FixedRow).set_class(self.mode == "riichi", "-riichi-mode")
        self._render_prompt()
        self._render_aids()
        self._render_status()
        self._render_keys()

    def _render_keys(self) -> None:
        hints = []
        # Help first: the footer may be cut on a narrow terminal, the help never is.
        ordered = sorted(BINDINGS_TABLE, key=lambda b: b.action != "help")
        for b in ordered:
            if not b.show:
                continue
            name = b.action.split("(")[0]
            enabled = self.check_action(name, ()) is True
            label = footer_label(b.description, self.lang)
            hints.append(KeyHint(b.key_display or b.display(), label, enabled))
        self.query_one("#keys", KeyBar).update_data(KeyBarData(tuple(hints)))

    def _render_prompt(self) -> None:
        decision = self.decision
        lang = self.lang
        prompt = self.query_one("#prompt", PromptBar)
        if decision is None:
            prompt.update_data(PromptData())
            return
        view = decision.view
        if self.mode == "choose":
            title, texts = choice_texts(self.choices, view, lang)
            options = tuple((str(i + 1), text) for i, text in enumerate(texts))
            back = ("Esc", message("prompt_back", lang))
            prompt.update_data(PromptData(f"{title or self.choice_title}:", (*options, back), True))
            return
        if self.mode == "riichi":
            prompt.update_data(
                PromptData(
                    message("prompt_riichi_with", lang, tiles=self._riichi_tiles()),
                    (
                        ("⏎", message("prompt_declare", lang)),
                        ("Esc", message("prompt_cancel", lang)),
                    ),
                    True,
                )
            )
            return
        options: list[tuple[str, str]] = []
        for key, types in (
            ("t", (Tsumo,)),
            ("o", (Ron,)),
            ("t", (ShowTenpai,)),
            ("p", (Pon,)),
            ("k", (Ankan, Kakan, Daiminkan)),
            ("c", (Chi,)),
        ):
            group = self._of(*types)
            if not group:
                continue
            # Several options share the key: it opens a numbered choice (the status says so).
            options.append((key, " | ".join(options_text(group, view, lang))))
        if any(a.riichi for a in self._of(Discard)):
            options.append(("r", message("prompt_riichi", lang, tiles=self._riichi_tiles())))
        if self._of(Pass):
            silent = view.phase == "declare"
            options.append(("n", message("prompt_silent" if silent else "prompt_pass", lang)))
        title = ""
        if view.phase == "claim" and view.offered is not None and view.last_discard is not None:
            who = seat_label(view.last_discard[0], self.human_seat, view.dealer, lang)
            title = message("prompt_discarded", lang, who=who, tile=tile_label(view.offered, lang))
            if view.last_discard[1] != view.offered:
                title = message("prompt_kan_tile", lang, tile=tile_label(view.offered, lang))
        elif view.phase == "turn":
            title = message("prompt_discard", lang) if self._of(Discard) else ""
        urgent = bool(self._of(Tsumo, Ron, Pon, Chi, Daiminkan, ShowTenpai))
        prompt.update_data(PromptData(title, tuple(options), urgent))

    def _render_aids(self) -> None:
        view = self.decision.view if self.decision is not None else self._last_view
        key = (id(view), self._cursor_tile(), self.mode, self.aids_on, self.hint,
               self.decision is not None)
        if key == self._aids_key:
            return
        self._aids_key = key
        aids = Aids()
        if self.aids_on and view is not None:
            legal = self._legal() if self.decision is not None else []
            cursor = self._cursor_tile() if self.decision is not None else None
            try:
                aids = learning_aids(view, legal, cursor, self.lang)
            except ValueError:
                aids = Aids()
            if self.hint:
                aids = Aids(
                    aids.shanten,
                    aids.cursor,
                    aids.waits_title,
                    aids.waits,
                    aids.furiten,
                    aids.riichi,
                    self.hint,
                )
        self.query_one("#aids", AidsPanel).update_data(AidsData(aids, self.aids_on, False))
        self.query_one("#aids-line", AidsPanel).update_data(AidsData(aids, self.aids_on, True))

    def _render_status(self) -> None:
        if not self.is_mounted:
            return
        text = self.status or self._default_status()
        self.query_one("#status", Tag).show(Text(text, no_wrap=True, overflow="ellipsis"))


def _backs(count: int, style: str) -> Text:
    """An opponent's concealed tiles as backs, in two rows of up to seven."""
    first = min(count, 7)
    rows = [first, count - first]
    lines = [Text(" ", end="").join(tile_text(None, style) for _ in range(n)) for n in rows if n]
    return Text("\n", end="").join(lines)


def suggest(view: PlayerView, legal: list[Action], lang: str) -> tuple[Action | None, str]:
    """The `hard` AI's suggestion (`ai.suggest`) and its reasons, one per line, in `lang`."""
    from ai import suggest as ai_suggest

    action, reasons = ai_suggest(view, legal)
    # reasons[0] repeats the action, which the hint line names
    return action, "\n".join(reason_text(r, lang, view.seat) for r in reasons[1:])
